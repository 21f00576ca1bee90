package logic

import (
	"fmt"
	"math/bits"

	"slices"
	"strings"
)

// maxBranches bounds the combinations combination forcing follows, and
// forceSteps the steps it takes in each.
const (
	maxBranches = 12
	forceSteps  = 200
)

// combinationForcing takes a killer-style sum with a few surviving
// combinations and follows each (its open cells restricted to the
// combination's digits) with singles and the sum and table techniques: a
// candidate that no combination leaves alive goes. A combination that
// ends in a contradiction simply leaves nothing alive.
func combinationForcing(s *state) (Step, bool) {
	for i := range s.geo.sums {
		r := &s.geo.sums[i]
		if r.implied || !r.uniform || !s.applies(r.when) || !s.combos(r) {
			continue
		}
		combos := slices.Clone(s.sc.combos)
		if len(combos) < 2 || len(combos) > maxBranches {
			continue
		}
		open := slices.Clone(s.sc.open)
		e, dead := s.force(open, combos)
		if e.empty() {
			continue
		}
		reason := fmt.Sprintf("%s %s takes %s; followed with singles and the sum techniques, none leaves the values removed",
			r.label, s.formula(r), combosList(combos))
		if len(dead) > 0 {
			reason += "; " + strings.Join(dead, ", ") + " ends in a contradiction"
		}
		return Step{Technique: CombinationForcing, Reason: reason, Houses: []string{r.label}, Cells: s.names(open),
			Digits: values(orAll(combos)), Eliminations: e.list()}, true
	}
	return s.sumCellForcing()
}

// sumCellForcing takes, in a sum other than a killer-style one, an open
// cell with two or three candidates (an arrow's circle, say) and follows
// each value: what none leaves alive goes.
func (s *state) sumCellForcing() (Step, bool) {
	for i := range s.geo.sums {
		r := &s.geo.sums[i]
		if r.implied || r.uniform || !s.applies(r.when) {
			continue
		}
		for _, c := range r.cells {
			m := s.cand[c]
			if k := bits.OnesCount64(m); s.val[c] != 0 || k < 2 || k > 3 {
				continue
			}
			var branches []uint64
			for b := m; b != 0; b &= b - 1 {
				branches = append(branches, b&-b)
			}
			e, dead := s.force([]int{c}, branches)
			if e.empty() {
				continue
			}
			name := s.geo.cellNames[c]
			reason := fmt.Sprintf("%s %s: %s is %s; followed with singles and the sum techniques, none leaves the values removed",
				r.label, s.formula(r), name, joinInts(values(m), " or "))
			if len(dead) > 0 {
				reason += "; " + strings.Join(dead, ", ") + " ends in a contradiction"
			}
			return Step{Technique: CombinationForcing, Reason: reason, Houses: []string{r.label}, Cells: []string{name},
				Digits: values(m), Eliminations: e.list()}, true
		}
	}
	return Step{}, false
}

// force follows each branch (cells restricted to one of the value sets)
// and returns what none of them leaves alive, and the branches that end
// in a contradiction, with why. When every branch does, the puzzle has no
// solution and nothing is returned.
func (s *state) force(cells []int, branches []uint64) (elims, []string) {
	alive := make([]uint64, len(s.cand))
	var dead []string
	for _, m := range branches {
		b := s.clone()
		for _, c := range cells {
			b.cand[c] &= m
		}
		if why := b.propagate(); why != "" {
			dead = append(dead, fmt.Sprintf("{%s} (%s)", joinInts(values(m), ","), why))
			continue
		}
		for c, cm := range b.cand {
			alive[c] |= cm
		}
	}
	e := elims{s: s}
	if len(dead) == len(branches) {
		return e, nil
	}
	for c, cm := range s.cand {
		if s.val[c] == 0 {
			for _, v := range values(cm &^ alive[c]) {
				e.add(c, v)
			}
		}
	}
	return e, dead
}

// combosList writes value sets as "{1,9} {2,8}".
func combosList(sets []uint64) string {
	parts := make([]string, len(sets))
	for i, m := range sets {
		parts[i] = "{" + joinInts(values(m), ",") + "}"
	}
	return strings.Join(parts, " ")
}

// propagate applies singles and branchFinders, at most forceSteps steps,
// and returns what is contradictory at the end, or "" when nothing is.
func (s *state) propagate() string {
	s.queue = s.queue[:0]
	s.queueSingles()
	for range forceSteps {
		if why := s.broken(); why != "" {
			return why
		}
		if s.nakedSingles(); s.left == 0 {
			break
		}
		if s.hiddenSingles() {
			continue
		}
		st, ok := s.branchStep()
		if !ok {
			break
		}
		s.apply(&st)
		s.queueSingles()
	}
	if why := s.broken(); why != "" {
		return why
	}
	return s.violated()
}

// branchFinders are the techniques a forcing branch follows, after
// singles: the sum and table ones, cheap where a position changes little.
var branchFinders = []finder{combinations, bounds, tableSupport, cageLocked, inniesOuties}

func (s *state) branchStep() (Step, bool) {
	for _, f := range branchFinders {
		if st, ok := f(s); ok {
			return st, true
		}
	}
	return Step{}, false
}

// violated names a sum or a table whose cells are all placed with values
// it does not allow, or "".
func (s *state) violated() string {
	for i := range s.geo.sums {
		r := &s.geo.sums[i]
		if s.applies(r.when) && !s.sumHolds(r) {
			return r.label + " is broken"
		}
	}
	for i := range s.geo.tables {
		r := &s.geo.tables[i]
		if s.applies(r.when) && !s.tableHolds(r) {
			return r.label + " is broken"
		}
	}
	return ""
}

// sumHolds reports whether r holds or has an open cell.
func (s *state) sumHolds(r *sum) bool {
	total, seen := int32(0), uint64(0)
	for i, c := range r.cells {
		v := s.val[c]
		if v == 0 {
			return true
		}
		if r.distinct && seen>>(v-1)&1 != 0 {
			return false
		}
		seen |= 1 << (v - 1)
		total += r.w[i*s.n+v-1]
	}
	return slices.Contains(r.totals, total)
}

// tableHolds reports whether r holds or has an open cell.
func (s *state) tableHolds(r *table) bool {
	for _, c := range r.cells {
		if s.val[c] == 0 {
			return true
		}
	}
	k := len(r.cells)
	for t := 0; t+k <= len(r.tuples); t += k {
		if s.fits(r.cells, r.tuples[t:t+k]) {
			return true
		}
	}
	return false
}
