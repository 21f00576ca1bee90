package anneal

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// state is one search: the model lowered to flat tables, and the current
// assignment with its cost. The candidates' pair rules are
// pairs[pairOff[c]:pairOff[c+1]]; the n-ary rules touching cell k (through
// a candidate or a condition) are nary[naryOff[k]:naryOff[k+1]].
type state struct {
	m       *model.Model
	values  int
	val     []int32 // per cell: its value, from 1
	given   []int32 // per cell: its given value, 0 if none
	houses  [][]int
	movable [][]int32 // per house with two free cells or more: its free cells
	free    int       // free cells in all

	pairOff, pairs []int32
	exact          []bool  // per rule: an ExactlyOne rule
	count          []int32 // per pair rule: its chosen candidates
	naryOff, nary  []int32
	broken         []bool   // per n-ary rule: it does not hold
	seen           []uint32 // per rule: the swap that last evaluated it
	stamp          uint32
	excluded       []bool // per candidate
	legal          []bool // per candidate: not excluded, and no given shares a pair rule with it
	fixedMiss      int    // givens that contradict another given of their cell
	cost           int
}

func newState(m *model.Model) (*state, error) {
	hs := houses(m)
	if hs == nil {
		return nil, fmt.Errorf("anneal: no groups of %d cells partition the %d cells into houses: %w", m.Values(), m.Cells(), model.ErrUnsupported)
	}
	n, rules := m.NumCands(), m.Rules()
	st := &state{m: m, values: m.Values(), val: make([]int32, m.Cells()), given: make([]int32, m.Cells()),
		houses: hs, exact: make([]bool, len(rules)), count: make([]int32, len(rules)),
		broken: make([]bool, len(rules)), seen: make([]uint32, len(rules)), excluded: make([]bool, n)}
	for _, c := range m.Fixed() {
		k, v := m.CellOf(c), int32(m.ValueOf(c))
		switch st.given[k] {
		case 0:
			st.given[k] = v
		case v:
		default:
			st.fixedMiss++
		}
	}
	for _, c := range m.Excluded() {
		st.excluded[c] = true
	}
	// Pair rules per candidate, n-ary rules per cell, as offsets.
	pairN := make([]int32, n+1)
	naryN := make([]int32, m.Cells()+1)
	var cellsOf func(r model.Rule, f func(k int))
	cellsOf = func(r model.Rule, f func(k int)) {
		last := -1
		for _, c := range r.Cands {
			if k := m.CellOf(c); k != last {
				f(k)
				last = k
			}
		}
		for _, c := range r.Payload.When {
			f(m.CellOf(c))
		}
	}
	mark := make([]int, m.Cells())
	for i := range mark {
		mark[i] = -1
	}
	for i, r := range rules {
		switch r.Kind {
		case model.ExactlyOne, model.AtMostOne:
			st.exact[i] = r.Kind == model.ExactlyOne
			for _, c := range r.Cands {
				pairN[c+1]++
			}
		case model.Sum, model.Table:
			cellsOf(r, func(k int) {
				if mark[k] != i {
					mark[k] = i
					naryN[k+1]++
				}
			})
		default:
			return nil, fmt.Errorf("anneal: %s: %w", m.RuleName(i), model.ErrUnsupported)
		}
	}
	for c := range n {
		pairN[c+1] += pairN[c]
	}
	for k := range m.Cells() {
		naryN[k+1] += naryN[k]
	}
	st.pairOff, st.naryOff = pairN, naryN
	st.pairs, st.nary = make([]int32, pairN[n]), make([]int32, naryN[m.Cells()])
	pos, npos := slices.Clone(pairN[:n]), slices.Clone(naryN[:m.Cells()])
	for i := range mark {
		mark[i] = -1
	}
	for i, r := range rules {
		if r.Kind == model.ExactlyOne || r.Kind == model.AtMostOne {
			for _, c := range r.Cands {
				st.pairs[pos[c]] = int32(i)
				pos[c]++
			}
			continue
		}
		cellsOf(r, func(k int) {
			if mark[k] != i {
				mark[k] = i
				st.nary[npos[k]] = int32(i)
				npos[k]++
			}
		})
	}
	st.legal = make([]bool, n)
	for c := range st.legal {
		st.legal[c] = !st.excluded[c]
	}
	for _, f := range m.Fixed() {
		for _, r := range st.pairs[st.pairOff[f]:st.pairOff[f+1]] {
			for _, c := range rules[r].Cands {
				if m.CellOf(c) != m.CellOf(f) {
					st.legal[c] = false
				}
			}
		}
	}
	for _, h := range hs {
		var free []int32
		for _, k := range h {
			if st.given[k] == 0 {
				free = append(free, int32(k))
			}
		}
		st.free += len(free)
		if len(free) >= 2 {
			st.movable = append(st.movable, free)
		}
	}
	return st, nil
}

// fill gives every house the values its givens leave missing, in random
// order (a house whose givens repeat a value gets random values for the
// cells left over), and computes the cost from scratch.
func (st *state) fill(rng *rand.Rand) {
	missing := make([]int32, 0, st.values)
	has := make([]bool, st.values+1)
	for _, h := range st.houses {
		clear(has)
		for _, k := range h {
			st.val[k] = st.given[k]
			has[st.given[k]] = true
		}
		missing = missing[:0]
		for v := 1; v <= st.values; v++ {
			if !has[v] {
				missing = append(missing, int32(v))
			}
		}
		// Each free cell, in random order, takes a random missing value
		// that is legal for it, or any missing value if none is.
		order := rng.Perm(len(h))
		for _, i := range order {
			k := h[i]
			if st.val[k] != 0 {
				continue
			}
			if len(missing) == 0 {
				st.val[k] = int32(1 + rng.IntN(st.values))
				continue
			}
			j := rng.IntN(len(missing))
			for try := range len(missing) {
				at := (j + try) % len(missing)
				if st.legal[st.m.Cand(k, int(missing[at]))] {
					j = at
					break
				}
			}
			st.val[k] = missing[j]
			missing[j] = missing[len(missing)-1]
			missing = missing[:len(missing)-1]
		}
	}
	st.recount()
}

// recount computes the counts, the broken rules and the cost from the
// assignment.
func (st *state) recount() {
	clear(st.count)
	st.cost = st.fixedMiss
	for k, v := range st.val {
		c := st.m.Cand(k, int(v))
		for _, r := range st.pairs[st.pairOff[c]:st.pairOff[c+1]] {
			st.count[r]++
		}
		if st.excluded[c] {
			st.cost++
		}
	}
	for i, r := range st.m.Rules() {
		switch r.Kind {
		case model.ExactlyOne, model.AtMostOne:
			st.cost += st.pairCost(i, st.count[i])
		default:
			st.broken[i] = !st.holds(r)
			if st.broken[i] {
				st.cost++
			}
		}
	}
}

// pairCost is the cost of pair rule r with k chosen candidates.
func (st *state) pairCost(r int, k int32) int {
	switch {
	case k > 1:
		return int(k - 1)
	case k == 0 && st.exact[r]:
		return 1
	}
	return 0
}

// swap exchanges the values of cells a and b, updates the cost and returns
// its change.
func (st *state) swap(a, b int32) int {
	va, vb := st.val[a], st.val[b]
	if va == vb {
		return 0
	}
	before := st.cost
	st.toggle(st.m.Cand(int(a), int(va)), -1)
	st.toggle(st.m.Cand(int(b), int(vb)), -1)
	st.val[a], st.val[b] = vb, va
	st.toggle(st.m.Cand(int(a), int(vb)), 1)
	st.toggle(st.m.Cand(int(b), int(va)), 1)
	st.stamp++
	if st.stamp == 0 { // wrapped: forget every mark
		clear(st.seen)
		st.stamp = 1
	}
	rules := st.m.Rules()
	for _, k := range [2]int32{a, b} {
		for _, r := range st.nary[st.naryOff[k]:st.naryOff[k+1]] {
			if st.seen[r] == st.stamp {
				continue
			}
			st.seen[r] = st.stamp
			broken := !st.holds(rules[r])
			if broken != st.broken[r] {
				st.broken[r] = broken
				if broken {
					st.cost++
				} else {
					st.cost--
				}
			}
		}
	}
	return st.cost - before
}

// toggle adds d (1: chosen, -1: no longer chosen) to the count of every
// pair rule naming c, and updates the cost.
func (st *state) toggle(c model.Cand, d int32) {
	for _, r := range st.pairs[st.pairOff[c]:st.pairOff[c+1]] {
		old := st.pairCost(int(r), st.count[r])
		st.count[r] += d
		st.cost += st.pairCost(int(r), st.count[r]) - old
	}
	if st.excluded[c] {
		st.cost += int(d)
	}
}

// chosen reports whether the assignment chooses c.
func (st *state) chosen(c model.Cand) bool {
	return st.val[int(c)/st.values] == int32(int(c)%st.values+1)
}

// holds reports whether n-ary rule r holds under the assignment.
func (st *state) holds(r model.Rule) bool {
	p := r.Payload
	for _, c := range p.When {
		if !st.chosen(c) {
			return true
		}
	}
	switch r.Kind {
	case model.Sum:
		total := int32(0)
		for i, c := range r.Cands {
			if st.chosen(c) {
				total += p.Weights[i]
			}
		}
		if _, ok := slices.BinarySearch(p.Totals, total); !ok {
			return false
		}
		if p.Distinct {
			for i, a := range p.Cells {
				for _, b := range p.Cells[i+1:] {
					if st.val[a] == st.val[b] {
						return false
					}
				}
			}
		}
		return true
	case model.Table:
		n := len(p.Cells)
	tuples:
		for t := 0; t < len(p.Tuples); t += n {
			for i, k := range p.Cells {
				if st.val[k] != p.Tuples[t+i] {
					continue tuples
				}
			}
			return true
		}
		return false
	}
	panic(fmt.Sprintf("anneal: holds called on a %v rule", r.Kind))
}

// solution returns the assignment as a model solution.
func (st *state) solution() model.Solution {
	sol := make(model.Solution, len(st.val))
	for k, v := range st.val {
		sol[k] = st.m.Cand(k, int(v))
	}
	return sol
}
