package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
)

// bruteSolutions enumerates every assignment of m's cells and keeps those
// model.Check accepts, as sorted keys.
func bruteSolutions(m *model.Model) []string {
	cells, vals := m.Cells(), m.Values()
	sol := make(model.Solution, cells)
	var out []string
	var walk func(i int)
	walk = func(i int) {
		if i == cells {
			if model.Check(m, sol) == nil {
				out = append(out, fmt.Sprint(sol))
			}
			return
		}
		for v := 1; v <= vals; v++ {
			sol[i] = m.Cand(i, v)
			walk(i + 1)
		}
	}
	walk(0)
	slices.Sort(out)
	return out
}

// matrixSolutions lowers m with the given Sum lowering, applies its givens
// as the solver does and returns every solution, decoded, as sorted keys.
func matrixSolutions(t *testing.T, m *model.Model, sums int) []string {
	t.Helper()
	x, om, err := dlx.LowerWith(m, sums)
	require.NoError(t, err)
	snap := x.Snapshot()
	defer func() {
		x.Reset()
		require.NoError(t, x.SameAs(snap))
	}()
	for _, c := range m.Excluded() {
		for _, o := range om.Options(c) {
			if !x.Remove(int(o)) {
				return nil
			}
		}
	}
	for _, c := range m.Fixed() {
		opts := om.Options(c)
		require.Len(t, opts, 1)
		if !x.Commit(int(opts[0])) {
			return nil
		}
	}
	var out []string
	x.Search(context.Background(), dlx.Limits{}, func(opts []int32) bool {
		sol := make(model.Solution, m.Cells())
		for _, c := range m.Fixed() {
			sol[m.CellOf(c)] = c
		}
		for _, o := range opts {
			if c := om.Cand(int(o)); c >= 0 {
				sol[m.CellOf(c)] = c
			}
		}
		out = append(out, fmt.Sprint(sol))
		return true
	})
	slices.Sort(out)
	return out
}

// randomNary builds a small model (up to 5 cells, up to 4 values) with
// random binary rules, Sums (coefficients -2..3, a few totals, distinct or
// not, conditional or not) and Tables, and random givens.
func randomNary(t *testing.T, rng *rand.Rand) *model.Model {
	t.Helper()
	cells, vals := 2+rng.IntN(4), 2+rng.IntN(3)
	b := model.NewBuilder(cells, vals)
	someCells := func(n int) []int {
		return rng.Perm(cells)[:n]
	}
	randCand := func() model.Cand { return b.Cand(rng.IntN(cells), 1+rng.IntN(vals)) }
	for range rng.IntN(3) {
		cs := someCells(2)
		v := 1 + rng.IntN(vals)
		kind := model.AtMostOne
		if rng.IntN(3) == 0 {
			kind = model.ExactlyOne
		}
		b.Add(kind, b.Cand(cs[0], v), b.Cand(cs[1], v))
	}
	for range 1 + rng.IntN(3) {
		var when []model.Cand
		for range rng.IntN(3) {
			c := randCand()
			if !slices.Contains(when, c) {
				when = append(when, c)
			}
		}
		if rng.IntN(2) == 0 {
			n := 1 + rng.IntN(min(cells, 4))
			cs := someCells(n)
			coefs := make([]int, n)
			c := 1 + rng.IntN(2)
			for i := range coefs {
				coefs[i] = c
				if rng.IntN(3) == 0 {
					coefs[i] = rng.IntN(6) - 2
				}
			}
			var totals []int
			for range 1 + rng.IntN(3) {
				totals = append(totals, rng.IntN(4*n*vals)-n*vals)
			}
			b.Linear("sum", cs, coefs, totals, rng.IntN(2) == 0, when...)
		} else if rng.IntN(3) == 0 {
			// A count: some candidates weigh 1.
			var cands []model.Cand
			var weights []int32
			for range 1 + rng.IntN(4) {
				c := randCand()
				if !slices.Contains(cands, c) {
					cands = append(cands, c)
					weights = append(weights, int32(1+rng.IntN(2)))
				}
			}
			b.AddRule(model.Rule{Kind: model.Sum, Cands: cands, Label: "count",
				Payload: model.Payload{Weights: weights, Totals: []int32{int32(rng.IntN(3))}, When: when}})
		} else {
			n := 1 + rng.IntN(min(cells, 3))
			cs := someCells(n)
			var tuples [][]int
			for range 1 + rng.IntN(6) {
				tu := make([]int, n)
				for i := range tu {
					tu[i] = 1 + rng.IntN(vals)
				}
				tuples = append(tuples, tu)
			}
			b.AddTable("table", cs, tuples, when...)
		}
	}
	base, err := b.Build()
	require.NoError(t, err)
	var fixed, excluded []model.Cand
	for range rng.IntN(2) {
		fixed = append(fixed, model.Cand(rng.IntN(base.NumCands())))
	}
	for range rng.IntN(3) {
		excluded = append(excluded, model.Cand(rng.IntN(base.NumCands())))
	}
	m, err := base.WithGivens(fixed, excluded)
	require.NoError(t, err)
	return m
}

// TestNaryAgainstBruteForce is a property test of the n-ary lowering:
// every lowering of random small models with Sums, Tables and conditions
// finds exactly the assignments model.Check accepts.
func TestNaryAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	withSolutions := 0
	for range 600 {
		m := randomNary(t, rng)
		want := bruteSolutions(m)
		if len(want) > 0 {
			withSolutions++
		}
		for _, sums := range []int{dlx.SumAuto, dlx.SumTuples, dlx.SumDigits, dlx.SumChains} {
			got := matrixSolutions(t, m, sums)
			require.Equal(t, want, got, "lowering %d of\n%v", sums, m)
		}
	}
	assert.Greater(t, withSolutions, 100, "too few cases have a solution to test much")
}

// TestNaryExamples checks hand-made models: each lowering finds the
// brute-force solutions, and the count is the one stated.
func TestNaryExamples(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(b *model.Builder)
		count int
	}{
		{"cage 1..3 distinct total 6", func(b *model.Builder) {
			b.Linear("cage", []int{0, 1, 2}, []int{1, 1, 1}, []int{6}, true)
		}, 6 * 3},
		{"sum with repeats", func(b *model.Builder) {
			b.Linear("pair", []int{0, 1}, []int{1, 1}, []int{4}, false)
		}, 3 * 3 * 3},
		{"arrow", func(b *model.Builder) {
			b.Linear("arrow", []int{0, 1, 2}, []int{-1, 1, 1}, []int{0}, false)
		}, 3 * 3},
		{"table", func(b *model.Builder) {
			b.AddTable("t", []int{0, 1}, [][]int{{1, 2}, {2, 1}, {1, 2}})
		}, 2 * 3 * 3},
		{"conditional sum", func(b *model.Builder) {
			b.Linear("x", []int{1, 2}, []int{1, 1}, []int{5}, false, b.Cand(0, 3))
		}, (2*9 + 2) * 3},
		{"condition in the scope", func(b *model.Builder) {
			b.Linear("x", []int{0, 1}, []int{1, 1}, []int{4}, true, b.Cand(0, 1))
		}, (1 + 2*3) * 3 * 3},
		{"never applies", func(b *model.Builder) {
			b.Linear("x", []int{1}, []int{1}, []int{7}, false, b.Cand(0, 1), b.Cand(0, 2))
		}, 3 * 3 * 3 * 3},
		{"no tuple fits", func(b *model.Builder) {
			b.Linear("x", []int{1, 2}, []int{1, 1}, []int{99}, true)
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := model.NewBuilder(4, 3)
			tc.build(b)
			m, err := b.Build()
			require.NoError(t, err)
			want := bruteSolutions(m)
			require.Len(t, want, tc.count)
			for _, sums := range []int{dlx.SumAuto, dlx.SumTuples, dlx.SumDigits, dlx.SumChains} {
				assert.Equal(t, want, matrixSolutions(t, m, sums), "lowering %d", sums)
			}
			res, err := new(dlx.Solver).Solve(context.Background(), m, model.Options{})
			require.NoError(t, err)
			assert.Equal(t, tc.count, res.Count)
		})
	}
}

// TestNaryOptionMap checks that the rule options choose no candidate and
// that every candidate keeps exactly one option.
func TestNaryOptionMap(t *testing.T) {
	b := model.NewBuilder(4, 4)
	b.Linear("cage", []int{0, 1, 2}, []int{1, 1, 1}, []int{7}, true)
	b.AddTable("t", []int{2, 3}, [][]int{{1, 2}, {2, 1}}, b.Cand(0, 4))
	m, err := b.Build()
	require.NoError(t, err)
	x, om, err := dlx.LowerMap(m)
	require.NoError(t, err)
	require.True(t, x.Colored())
	require.Equal(t, x.Options(), om.NumOptions())
	rules := 0
	for o := range om.NumOptions() {
		if om.Cand(o) < 0 {
			rules++
			assert.GreaterOrEqual(t, o, m.NumCands(), "rule options come after the candidates'")
		}
	}
	assert.Greater(t, rules, 0)
	for c := range model.Cand(m.NumCands()) {
		assert.Len(t, om.Options(c), 1)
	}
}

// TestNaryTooLarge checks that a rule with too many combinations is an
// error naming the rule and its size, never a hang.
func TestNaryTooLarge(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(b *model.Builder)
		want  string
	}{
		{"sum", func(b *model.Builder) {
			cells := make([]int, 8)
			coefs := make([]int, 8)
			for i := range cells {
				cells[i], coefs[i] = i, 1
				for range i {
					coefs[i] *= 10
				}
			}
			b.Linear("wide", cells, coefs, []int{10000, 20000, 30000}, false)
		}, "dlx: rule 0 (sum, wide) too large to lower: more than 1048576 partial sums"},
		{"chain", func(b *model.Builder) {
			totals := make([]int, 100_100)
			for i := range totals {
				totals[i] = i
			}
			b.Linear("long", []int{0, 1, 2, 3, 4, 5, 6}, []int{1, 10, 100, 1000, 10000, 1, 1}, totals, false)
		}, "dlx: rule 0 (sum, long) too large to lower: more than 1000000 transitions in its chain of partial sums"},
		{"table", func(b *model.Builder) {
			var tuples [][]int
			for a := 1; a <= 9; a++ {
				for c := 1; c <= 9; c++ {
					for d := 1; d <= 9; d++ {
						for e := 1; e <= 9; e++ {
							for f := 1; f <= 9; f++ {
								for g := 1; g <= 6; g++ {
									tuples = append(tuples, []int{a, c, d, e, f, g})
								}
							}
						}
					}
				}
			}
			b.AddTable("big", []int{0, 1, 2, 3, 4, 5}, tuples)
		}, "dlx: rule 0 (table, big) too large to lower: 354294 combinations (at most 200000)"},
		{"conditional distinct sum with many totals", func(b *model.Builder) {
			cells := make([]int, 9)
			coefs := make([]int, 9)
			for i := range cells {
				cells[i], coefs[i] = i, 1+i%2
			}
			totals := make([]int, 200)
			for i := range totals {
				totals[i] = i
			}
			b.Linear("cells", cells, coefs, totals, true, b.Cand(15, 1))
		}, "dlx: rule 0 (sum, cells) too large to lower: 387420489 combinations (at most 200000; a conditional distinct sum outside a house has no chain)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := model.NewBuilder(16, 9)
			tc.build(b)
			m, err := b.Build()
			require.NoError(t, err)
			_, err = dlx.Lower(m)
			require.ErrorContains(t, err, tc.want)
			_, err = new(dlx.Solver).Solve(context.Background(), m, model.Options{})
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), "dlx: rule 0"), err.Error())
		})
	}
}

// TestImpliedLeftOut checks that a rule the others imply is left out when
// its cells may repeat a value, where the same rule, not marked implied, is
// lowered; and that an implied rule over distinct cells is still lowered.
func TestImpliedLeftOut(t *testing.T) {
	wide := func(implied, distinct bool, cells int) *model.Model {
		b := model.NewBuilder(16, 9)
		var cands []model.Cand
		var weights []int32
		for c := range cells {
			for v := 1; v <= 9; v++ {
				cands = append(cands, b.Cand(c, v))
				weights = append(weights, int32(v))
			}
		}
		b.AddRule(model.Rule{Kind: model.Sum, Cands: cands, Label: "band",
			Payload: model.Payload{Weights: weights, Totals: []int32{int32(5 * cells)}, Distinct: distinct, Implied: implied}})
		m, err := b.Build()
		require.NoError(t, err)
		return m
	}
	lowered := func(m *model.Model) string {
		var sb strings.Builder
		require.NoError(t, dlx.WriteKnuth(&sb, m))
		return sb.String()
	}
	const leftOut = "rule 0 (sum, band): left out: implied by the other rules"
	assert.NotContains(t, lowered(wide(false, false, 7)), leftOut)
	assert.Contains(t, lowered(wide(true, false, 7)), leftOut, "cells that may repeat")
	assert.NotContains(t, lowered(wide(true, true, 7)), leftOut, "four digit sets")

	// Two different cells adding up to 10: eight options, lowered; every
	// solution found keeps the rule.
	m := wide(true, true, 2)
	assert.NotContains(t, lowered(m), leftOut)
	res, err := new(dlx.Solver).Solve(context.Background(), m, model.Options{Limit: 20})
	require.NoError(t, err)
	require.Len(t, res.Solutions, 20)
	for _, sol := range res.Solutions {
		require.NoError(t, model.Check(m, sol))
	}
}
