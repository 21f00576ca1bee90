package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// nestedBudget bounds the propagations one search of nested nishio over
// every rule runs (about 75 µs each on a 9x9 killer): past it the
// technique reports nothing, and the path goes on as when it is stuck.
const nestedBudget = 40000

// A nestBranch is the branch of one candidate c: what the propagation of
// every rule leaves each cell with c placed, less the candidates found to
// fail beside c (failed), how many candidates that leaves, and, once the
// branch has ended in a contradiction, why.
type nestBranch struct {
	c      model.Cand
	vals   []uint64
	left   int
	failed []model.Cand
	why    string
}

// A nesting is the scratch of one search of nested nishio over every
// rule: the branch of every open candidate, the index of each candidate's
// branch (noBranch for none, falseBranch for a candidate found false), and
// the propagations left to run.
type nesting struct {
	s        *state
	branches []nestBranch
	index    []int32
	budget   int
}

// The index of a candidate with no branch: in a placed cell, or the one
// value of a cell, or false.
const (
	noBranch    = -1
	falseBranch = -2
)

// rulesNestedNishio is nishio over every rule nested one level: a
// candidate c is placed and every rule propagated; then, in that branch,
// every candidate d left whose placement beside c leaves the rules no way
// to hold goes, and the branch is propagated again, until nothing more
// goes (singleton arc consistency within the assumption). When the branch
// ends with a cell left no value, or with the rules unable to hold, c is
// false.
//
// A d goes without a propagation when it is false (its own propagation
// fails, or its branch did), or when its branch and c's leave some cell
// no value in common (c and d each force that cell into values the other
// rules out). The search first reads every branch so, round after round
// (a branch keeps what it lost, which the others then read), then runs
// the propagations, most constrained branch first (the fewest candidates
// left by c's propagation), until a false candidate turns up, then as
// many propagations again for more, all within nestedBudget.
func rulesNestedNishio(s *state) (Step, bool) {
	if s.assume == nil {
		return Step{}, false
	}
	n := nesting{s: s, index: make([]int32, len(s.cand)*s.n), budget: nestedBudget}
	for i := range n.index {
		n.index[i] = noBranch
	}
	for cell, m := range s.cand {
		if s.val[cell] != 0 || m&(m-1) == 0 {
			continue
		}
		for x := m; x != 0; x &= x - 1 {
			c := s.candOf(cell, bits.TrailingZeros64(x)+1)
			vals, ok, known := s.assume(nil, c)
			n.budget--
			if !known {
				return Step{}, false
			}
			if !ok {
				n.index[c] = falseBranch // nishio over every rule removes it
				continue
			}
			left := 0
			for _, v := range vals {
				left += bits.OnesCount64(v)
			}
			n.branches = append(n.branches, nestBranch{c: c, vals: vals, left: left})
		}
	}
	slices.SortStableFunc(n.branches, func(a, b nestBranch) int { return a.left - b.left })
	for i, b := range n.branches {
		n.index[b.c] = int32(i)
	}
	var found []int
	for _, deep := range []bool{false, true} {
		for again := true; again && n.budget > 0; {
			again = false
			for i := range n.branches {
				if n.index[n.branches[i].c] == falseBranch {
					continue
				}
				changed, dead, known := n.follow(i, deep)
				if !known {
					return Step{}, false
				}
				if dead {
					n.index[n.branches[i].c] = falseBranch
					found = append(found, i)
					if deep && len(found) == 1 {
						n.budget = min(n.budget, nestedBudget-n.budget) // as many again
					}
				}
				again = again || changed || dead
				if n.budget <= 0 {
					break
				}
			}
			again = again && !deep // one round of propagations
		}
		if len(found) > 0 || n.budget <= 0 {
			break
		}
	}
	if len(found) == 0 {
		return Step{}, false
	}
	return s.nestedStep(n.branches, found), true
}

// follow runs the branch n.branches[i] to a fixpoint: each candidate d of
// an open cell goes when it is false or its branch leaves a cell no value
// in common with this one or, when deep, when placing d beside the
// branch's candidate leaves the rules no way to hold; after a loss the
// branch is propagated again. It reports whether the branch lost
// something, whether it ended in a contradiction, and known false when
// the propagator could not answer. When the budget runs out the branch is
// left alive.
func (n *nesting) follow(i int, deep bool) (changed, dead, known bool) {
	s := n.s
	b := &n.branches[i]
	vals := b.vals
	var ds []model.Cand
	for lost := true; lost; {
		lost = false
		for cell, m := range vals {
			for x := m; m&(m-1) != 0 && x != 0; x &= x - 1 {
				d := s.candOf(cell, bits.TrailingZeros64(x)+1)
				if j := n.index[d]; j == falseBranch || j >= 0 && clash(vals, n.branches[j].vals) {
					vals[cell] &^= x & -x
					b.failed, lost = append(b.failed, d), true
				}
			}
			if vals[cell] == 0 {
				b.why = s.geo.cellNames[cell] + " has no value left"
				return true, true, true
			}
		}
		if !lost && deep {
			ds = ds[:0]
			for cell, m := range vals {
				for x := m; m&(m-1) != 0 && x != 0; x &= x - 1 {
					ds = append(ds, s.candOf(cell, bits.TrailingZeros64(x)+1))
				}
			}
			for _, d := range ds {
				if n.budget <= 0 {
					return changed, false, true
				}
				n.budget--
				_, ok, known := s.assume(vals, b.c, d)
				if !known {
					return changed, false, false
				}
				if !ok {
					cell := s.cellOf(d)
					vals[cell] &^= 1 << (s.valueOf(d) - 1)
					b.failed, lost = append(b.failed, d), true
					if vals[cell] == 0 {
						b.why = s.geo.cellNames[cell] + " has no value left"
						return true, true, true
					}
				}
			}
		}
		if !lost {
			break
		}
		changed = true
		n.budget--
		next, ok, known := s.assume(vals, b.c)
		if !known {
			return changed, false, false
		}
		if !ok {
			b.why = "the rules cannot all hold"
			return true, true, true
		}
		copy(vals, next)
	}
	return changed, false, true
}

// clash reports whether two branches leave some cell no value in common.
func clash(a, b []uint64) bool {
	for i, m := range a {
		if m&b[i] == 0 {
			return true
		}
	}
	return false
}

// nestedStep is the step removing the candidates of the branches found
// false, told in full for the first.
func (s *state) nestedStep(branches []nestBranch, found []int) Step {
	name := func(c model.Cand) string {
		return fmt.Sprintf("%s=%d", s.geo.cellNames[s.cellOf(c)], s.valueOf(c))
	}
	first := &branches[found[0]]
	names := make([]string, len(first.failed))
	for i, d := range first.failed {
		names[i] = name(d)
	}
	e := elims{s: s}
	var others []string
	for _, i := range found {
		e.addCand(branches[i].c)
		if i != found[0] {
			others = append(others, name(branches[i].c))
		}
	}
	reason := fmt.Sprintf("with %s placed, each of %s in turn leaves the rules (cages and sums too) no way to hold, by their deductions alone; without them %s",
		name(first.c), shortList(names, len(names)), first.why)
	if len(others) > 0 {
		reason += "; so too with " + shortList(others, len(others))
	}
	cell := s.cellOf(first.c)
	return Step{Technique: RulesNestedNishio, Reason: reason, Cells: []string{s.geo.cellNames[cell]},
		Digits: []int{s.valueOf(first.c)}, Length: len(first.failed), Eliminations: e.list()}
}
