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
const nestedBudget = 12000

// A nestBranch is the branch of one candidate: what the propagation of
// every rule leaves each cell with c placed, and how many candidates
// that is.
type nestBranch struct {
	c    model.Cand
	vals []uint64
	left int
}

// A nesting is the scratch of one search of nested nishio over every
// rule: the branch of every open candidate, the index of each candidate's
// branch (noBranch for none, falseBranch for a candidate whose own
// propagation fails), and the propagations left to run.
type nesting struct {
	s        *state
	branches []nestBranch
	index    []int32
	budget   int
}

// A nestFinding is a candidate found false, with the candidates its
// branch lost before it failed and why it failed.
type nestFinding struct {
	c      model.Cand
	failed []model.Cand
	why    string
}

// The index of a candidate with no branch: in a placed cell, or the one
// value of a cell, or false by its own propagation.
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
// A d goes without a propagation when its own propagation fails, or when
// its own branch and c's leave some cell no value in common (c and d each force that cell into values the
// other rules out); the search first reads every branch so, then runs the
// propagations, most constrained branch first (the fewest candidates
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
			n.branches = append(n.branches, nestBranch{c, vals, left})
		}
	}
	slices.SortStableFunc(n.branches, func(a, b nestBranch) int { return a.left - b.left })
	for i, b := range n.branches {
		n.index[b.c] = int32(i)
	}
	var found []nestFinding
	for _, deep := range []bool{false, true} {
		for i := range n.branches {
			f, dead, known := n.follow(i, deep)
			if !known {
				return Step{}, false
			}
			if dead {
				found = append(found, f)
				if deep && len(found) == 1 {
					n.budget = min(n.budget, nestedBudget-n.budget) // as many again
				}
			}
			if n.budget <= 0 {
				break
			}
		}
		if len(found) > 0 || n.budget <= 0 {
			break
		}
	}
	if len(found) == 0 {
		return Step{}, false
	}
	return s.nestedStep(found), true
}

// follow runs the branch of n.branches[i] to a fixpoint: each candidate d
// of an open cell goes when d's branch leaves a cell no value in common
// with it or, when deep, when placing d beside the branch's candidate
// leaves the rules no way to hold; after a loss the branch is propagated
// again. It returns dead when the branch ends in a contradiction, and
// known false when the propagator could not answer. When the budget runs
// out the branch is left alive.
func (n *nesting) follow(i int, deep bool) (f nestFinding, dead, known bool) {
	s := n.s
	f.c = n.branches[i].c
	vals := slices.Clone(n.branches[i].vals)
	var ds []model.Cand
	for changed := true; changed; {
		changed = false
		for cell, m := range vals {
			for x := m; m&(m-1) != 0 && x != 0; x &= x - 1 {
				d := s.candOf(cell, bits.TrailingZeros64(x)+1)
				if j := n.index[d]; j == falseBranch || j >= 0 && clash(vals, n.branches[j].vals) {
					vals[cell] &^= x & -x
					f.failed, changed = append(f.failed, d), true
				}
			}
			if vals[cell] == 0 {
				f.why = s.geo.cellNames[cell] + " has no value left"
				return f, true, true
			}
		}
		if !changed && deep {
			ds = ds[:0]
			for cell, m := range vals {
				for x := m; m&(m-1) != 0 && x != 0; x &= x - 1 {
					ds = append(ds, s.candOf(cell, bits.TrailingZeros64(x)+1))
				}
			}
			for _, d := range ds {
				if n.budget <= 0 {
					return f, false, true
				}
				n.budget--
				_, ok, known := s.assume(vals, f.c, d)
				if !known {
					return f, false, false
				}
				if !ok {
					cell := s.cellOf(d)
					vals[cell] &^= 1 << (s.valueOf(d) - 1)
					f.failed, changed = append(f.failed, d), true
					if vals[cell] == 0 {
						f.why = s.geo.cellNames[cell] + " has no value left"
						return f, true, true
					}
				}
			}
		}
		if !changed {
			break
		}
		n.budget--
		next, ok, known := s.assume(vals, f.c)
		if !known {
			return f, false, false
		}
		if !ok {
			f.why = "the rules cannot all hold"
			return f, true, true
		}
		vals = next
	}
	return f, false, true
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

// nestedStep is the step removing the candidates found false, told in
// full for the first.
func (s *state) nestedStep(found []nestFinding) Step {
	name := func(c model.Cand) string {
		return fmt.Sprintf("%s=%d", s.geo.cellNames[s.cellOf(c)], s.valueOf(c))
	}
	first := found[0]
	names := make([]string, len(first.failed))
	for i, d := range first.failed {
		names[i] = name(d)
	}
	e := elims{s: s}
	var others []string
	for _, f := range found {
		e.addCand(f.c)
		if f.c != first.c {
			others = append(others, name(f.c))
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
