package logic

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// rulesNishio finds, on a puzzle with Sum or Table rules, the candidates
// whose placement leaves the rules with no solution by propagation alone:
// Options.Propagator, given the position with the candidate placed and a
// budget of one search node, proves the contradiction without guessing
// (backends/prop propagates every rule: houses, pairs, sums by their digit
// sets and reachable totals, tables by support). Each is false; one step
// removes them all. It is nishio over every rule rather than over
// singles, and the step can name the assumption, not the chain.
func rulesNishio(s *state) (Step, bool) {
	if s.prove == nil {
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
			if s.prove(s.candOf(cell, v)) {
				e.add(cell, v)
				names = append(names, fmt.Sprintf("%s=%d", s.geo.cellNames[cell], v))
			}
		}
	}
	if e.empty() {
		return Step{}, false
	}
	shown := names
	if len(shown) > maxSingles {
		shown = append(shown[:maxSingles:maxSingles], fmt.Sprintf("%d more", len(names)-maxSingles))
	}
	return Step{Technique: RulesNishio,
		Reason:       fmt.Sprintf("placed, each of %s leaves every rule (cages and sums too) with no way to hold, by their deductions alone", strings.Join(shown, ", ")),
		Eliminations: e.list()}, true
}

// prover returns the test rulesNishio runs for a candidate of s: whether
// propagator, from s's position with the candidate placed, proves within
// one search node that m has no solution. It returns nil when m has no
// Sum or Table rule (the forcing chains over singles then do the work) or
// there is no propagator.
func prover(ctx context.Context, m *model.Model, s *state, propagator model.Solver) func(model.Cand) bool {
	if propagator == nil || len(s.geo.sums) == 0 && len(s.geo.tables) == 0 {
		return nil
	}
	var fixed, excluded []model.Cand
	return func(c model.Cand) bool {
		fixed, excluded = fixed[:0], excluded[:0]
		for cell, v := range s.val {
			if v != 0 {
				fixed = append(fixed, s.candOf(cell, v))
				continue
			}
			for x := s.allValues() &^ s.cand[cell]; x != 0; x &= x - 1 {
				excluded = append(excluded, s.candOf(cell, bits.TrailingZeros64(x)+1))
			}
		}
		fixed = append(fixed, c)
		pm, err := m.WithGivens(fixed, excluded)
		if err != nil {
			return false
		}
		res, err := propagator.Solve(ctx, pm, model.Options{Limit: 1, Nodes: 1})
		return err == nil && res.Status == model.Unsat
	}
}

// allValues is the set of every value of a cell.
func (s *state) allValues() uint64 {
	if s.n == 64 {
		return ^uint64(0)
	}
	return uint64(1)<<s.n - 1
}
