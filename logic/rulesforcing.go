package logic

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// A Propagator propagates every rule of a model from its givens, with no
// search: it returns the values each cell keeps (bit v-1 for value v), or
// false when the rules cannot all hold. backends/prop's Solver is one.
type Propagator interface {
	Propagate(ctx context.Context, m *model.Model) (values []uint64, ok bool, err error)
}

// The forcing over every rule reads, on a puzzle with Sum or Table rules,
// what Options.Propagator deduces from an assumption: every rule
// propagated (houses, pairs, sums by their digit sets and reachable
// totals, tables by support), where the techniques' own branches follow
// singles only. The steps name the assumptions and what they lead to, not
// a chain.

// rulesNishio finds the candidates whose placement leaves the rules no
// way to hold: each is false, and one step removes them all.
func rulesNishio(s *state) (Step, bool) {
	if s.assume == nil {
		return Step{}, false
	}
	e := elims{s: s}
	var names []string
	for cell, m := range s.cand {
		if s.val[cell] != 0 || m&(m-1) == 0 {
			continue
		}
		for x := m; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x) + 1
			if _, ok, known := s.assume(nil, s.candOf(cell, v)); known && !ok {
				e.add(cell, v)
				names = append(names, fmt.Sprintf("%s=%d", s.geo.cellNames[cell], v))
			}
		}
	}
	if e.empty() {
		return Step{}, false
	}
	return Step{Technique: RulesNishio,
		Reason:       fmt.Sprintf("placed, each of %s leaves the rules (cages and sums too) no way to hold, by their deductions alone", shortList(names, len(names))),
		Eliminations: e.list()}, true
}

// rulesForcing finds a cell, then a value of a rule, whose every
// candidate (place) leads, by the propagation of every rule, to the same
// placement or elimination, which therefore holds.
func rulesForcing(s *state) (Step, bool) {
	if s.assume == nil {
		return Step{}, false
	}
	union := make([]uint64, len(s.cand))
	try := func(cands []model.Cand, what string) (Step, bool) {
		clear(union)
		for _, c := range cands {
			vals, ok, known := s.assume(nil, c)
			if !known {
				return Step{}, false // a branch not followed can conclude nothing
			}
			if !ok {
				continue // false: rulesNishio says so
			}
			for i, m := range vals {
				union[i] |= m
			}
		}
		st, ok := s.forced(RulesForcing, branching{cands, what}, union)
		if ok {
			st.Reason = strings.Replace(st.Reason, "leads by singles to", "leads, by the propagation of every rule, to", 1)
		}
		return st, ok
	}
	var open []model.Cand
	for cell, m := range s.cand {
		if s.val[cell] != 0 || bits.OnesCount64(m) < 2 {
			continue
		}
		open = open[:0]
		for x := m; x != 0; x &= x - 1 {
			open = append(open, s.candOf(cell, bits.TrailingZeros64(x)+1))
		}
		if st, ok := try(open, "each value of "+s.geo.cellNames[cell]); ok {
			return st, true
		}
	}
	var st Step
	found := false
	s.regions(func(b branching) bool {
		st, found = try(b.cands, b.what)
		return !found
	})
	return st, found
}

// shortList joins the first maxSingles of names, and says how many more
// of total there are.
func shortList(names []string, total int) string {
	shown := names[:min(len(names), maxSingles)]
	out := strings.Join(shown, ", ")
	if more := total - len(shown); more > 0 {
		out += fmt.Sprintf(" and %d more", more)
	}
	return out
}

// propagation returns the test the forcing over every rule runs on an
// assumption in s: the values each cell keeps when propagator, from s's
// position (or, when base is not nil, from the candidates base leaves the
// open cells of s) with candidates cs placed, has propagated every rule of
// m, or false when the rules cannot all hold; known is false when the
// propagator could not answer (ctx ended, the model failed to build), and
// then nothing may be concluded. It returns nil when m has no Sum or Table
// rule (the forcing chains over singles then do the work) or there is no
// propagator.
func propagation(ctx context.Context, m *model.Model, s *state, propagator Propagator) func(base []uint64, cs ...model.Cand) (vals []uint64, ok, known bool) {
	if propagator == nil || len(s.geo.sums) == 0 && len(s.geo.tables) == 0 {
		return nil
	}
	var fixed, excluded []model.Cand
	return func(base []uint64, cs ...model.Cand) ([]uint64, bool, bool) {
		if base == nil {
			base = s.cand
		}
		fixed, excluded = fixed[:0], excluded[:0]
		for cell, v := range s.val {
			if v != 0 {
				fixed = append(fixed, s.candOf(cell, v))
				continue
			}
			for x := s.geo.all() &^ base[cell]; x != 0; x &= x - 1 {
				excluded = append(excluded, s.candOf(cell, bits.TrailingZeros64(x)+1))
			}
		}
		fixed = append(fixed, cs...)
		pm, err := m.WithGivens(fixed, excluded)
		if err != nil {
			return nil, false, false
		}
		vals, ok, err := propagator.Propagate(ctx, pm)
		return vals, ok, err == nil
	}
}
