package backtrack_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// bruteForce returns every solution of m: every assignment of values to
// cells that model.Check accepts. It is for models of a few thousand
// assignments.
func bruteForce(m *model.Model) []model.Solution {
	sol := make(model.Solution, m.Cells())
	var out []model.Solution
	var walk func(cell int)
	walk = func(cell int) {
		if cell == len(sol) {
			if model.Check(m, sol) == nil {
				out = append(out, slices.Clone(sol))
			}
			return
		}
		for v := 1; v <= m.Values(); v++ {
			sol[cell] = m.Cand(cell, v)
			walk(cell + 1)
		}
	}
	walk(0)
	return out
}

// naryCases are small models (5 cells, values 1..4) with Sum and Table
// rules.
var naryCases = []struct {
	name string
	add  func(b *model.Builder)
}{
	{"plain sum", func(b *model.Builder) { b.Linear("sum", []int{0, 1, 2, 3}, []int{1, 1, 1, 1}, []int{7, 9}, false) }},
	{"distinct sum", func(b *model.Builder) { b.Linear("cage", []int{0, 1, 2}, []int{1, 1, 1}, []int{7}, true) }},
	{"conditional sum", func(b *model.Builder) {
		b.Linear("x-sum", []int{1, 2}, []int{1, 1}, []int{5}, false, b.Cand(0, 2))
		b.Linear("sandwich", []int{2, 3}, []int{1, 1}, []int{4}, true, b.Cand(0, 1), b.Cand(4, 4))
	}},
	{"condition after the scope", func(b *model.Builder) {
		b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{3}, true, b.Cand(4, 1))
	}},
	{"arrow", func(b *model.Builder) { b.Linear("arrow", []int{0, 1, 2}, []int{-1, 1, 1}, []int{0}, false) }},
	{"circle last", func(b *model.Builder) { b.Linear("arrow", []int{0, 1, 4}, []int{1, 1, -1}, []int{0}, false) }},
	{"pill", func(b *model.Builder) {
		b.Linear("pill", []int{0, 1, 2, 3, 4}, []int{-10, -1, 4, 4, 4}, []int{0, 1}, false)
	}},
	{"count", func(b *model.Builder) {
		b.AddRule(model.Rule{Kind: model.Sum, Label: "twos", Cands: []model.Cand{b.Cand(0, 2), b.Cand(1, 2), b.Cand(2, 2), b.Cand(3, 2), b.Cand(3, 4)},
			Payload: model.Payload{Weights: []int32{1, 1, 1, 1, -2}, Totals: []int32{-1, 2}}})
	}},
	{"sum with houses", func(b *model.Builder) {
		b.House("row", []int{0, 1, 2, 3})
		b.Linear("cage", []int{0, 1}, []int{1, 1}, []int{3, 7}, true)
		b.Linear("cage", []int{3, 4}, []int{2, 1}, []int{9}, true)
	}},
	{"table", func(b *model.Builder) {
		b.AddTable("between", []int{0, 2, 1}, [][]int{{1, 4, 2}, {1, 4, 3}, {4, 1, 3}, {2, 4, 3}})
	}},
	{"conditional table", func(b *model.Builder) {
		b.AddTable("clone", []int{1, 3}, [][]int{{1, 1}, {2, 2}, {3, 3}}, b.Cand(4, 4))
		b.AddTable("pair", []int{0, 4}, [][]int{{1, 4}, {2, 3}, {3, 3}, {4, 1}}, b.Cand(2, 1), b.Cand(3, 2))
	}},
	{"sum and table", func(b *model.Builder) {
		b.Add(model.AtMostOne, b.Cand(0, 1), b.Cand(1, 1))
		b.Linear("sum", []int{0, 1, 2}, []int{1, 2, 3}, []int{10, 12, 14}, false, b.Cand(4, 2))
		b.AddTable("t", []int{2, 3}, [][]int{{1, 2}, {2, 3}, {3, 4}, {4, 1}})
	}},
	{"impossible sum", func(b *model.Builder) { b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{9}, false) }},
	{"impossible conditional sum", func(b *model.Builder) {
		b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{9}, false, b.Cand(2, 3))
	}},
}

func naryModel(t *testing.T, add func(b *model.Builder)) *model.Model {
	t.Helper()
	b := model.NewBuilder(5, 4)
	add(b)
	m, err := b.Build()
	require.NoError(t, err)
	return m
}

// agree enumerates m with s and requires the brute-force solution set.
func agree(t *testing.T, s *backtrack.Solver, name string, m *model.Model) {
	t.Helper()
	want := solvertest.Keys(bruteForce(m))
	res := solve(t, s, m, model.Options{})
	require.Equal(t, len(want), res.Count, name)
	require.Equal(t, want, solvertest.Keys(res.Solutions), name)
}

func TestNaryAgainstBruteForce(t *testing.T) {
	s := backtrack.New()
	rng := rand.New(rand.NewPCG(3, 5))
	for _, tc := range naryCases {
		base := naryModel(t, tc.add)
		assert.Less(t, len(bruteForce(base)), 1024, "%s removes no assignment", tc.name)
		for j := range 6 {
			var fixed, excluded []model.Cand
			for range j % 3 {
				fixed = append(fixed, model.Cand(rng.IntN(base.NumCands())))
			}
			for range j {
				excluded = append(excluded, model.Cand(rng.IntN(base.NumCands())))
			}
			m, err := base.WithGivens(fixed, excluded)
			require.NoError(t, err)
			agree(t, s, fmt.Sprintf("%s givens %d", tc.name, j), m)
		}
	}
}

// TestRandomNary compares the solver with brute force on random sums
// (weights -3..3, unlisted candidates, distinct, conditions) and tables.
func TestRandomNary(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	s := backtrack.New()
	for i := range 300 {
		b := model.NewBuilder(5, 4)
		cand := func() model.Cand { return b.Cand(rng.IntN(5), 1+rng.IntN(4)) }
		for range 1 + rng.IntN(3) {
			var when []model.Cand
			if rng.IntN(3) == 0 {
				when = append(when, cand())
			}
			cells := rng.Perm(5)[:1+rng.IntN(4)]
			if rng.IntN(3) == 0 {
				var tuples [][]int
				for range 1 + rng.IntN(6) {
					tu := make([]int, len(cells))
					for k := range tu {
						tu[k] = 1 + rng.IntN(4)
					}
					tuples = append(tuples, tu)
				}
				b.AddTable("t", cells, tuples, when...)
				continue
			}
			var cands []model.Cand
			var weights []int32
			for _, cell := range cells {
				for v := 1; v <= 4; v++ {
					if rng.IntN(4) > 0 {
						cands = append(cands, b.Cand(cell, v))
						weights = append(weights, int32(rng.IntN(7)-3))
					}
				}
			}
			if len(cands) == 0 {
				continue
			}
			totals := []int32{int32(rng.IntN(13) - 6)}
			if rng.IntN(2) == 0 {
				totals = append(totals, totals[0]+1+int32(rng.IntN(4)))
			}
			b.AddRule(model.Rule{Kind: model.Sum, Label: "s", Cands: cands,
				Payload: model.Payload{Weights: weights, Totals: totals, Distinct: rng.IntN(3) == 0, When: when}})
		}
		if rng.IntN(2) == 0 {
			b.Fix(cand())
		}
		m, err := b.Build()
		require.NoError(t, err)
		agree(t, s, fmt.Sprintf("model %d\n%v", i, m), m)
	}
}

// TestNaryStops: a node budget and a context stop a search with sums with
// the matching status, and the search is allocation-free after warm-up.
func TestNaryStops(t *testing.T) {
	m := killerPuzzles[1].model(t, false)
	s := backtrack.New()
	res := solve(t, s, m, model.Options{Limit: 2, Nodes: 5000})
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.NodeLimit, res.Stop)
	assert.EqualValues(t, 5000, res.Stats.Nodes)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, model.Canceled, res.Stop)
	// With no givens the killer takes far more than 10ms: the deadline
	// stops the search itself.
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	res, err = s.Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, model.Deadline, res.Stop)
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := s.Solve(context.Background(), m, model.Options{Limit: 1, Nodes: 20000}); err != nil {
			t.Fatal(err)
		}
	})
	assert.LessOrEqual(t, allocs, 3.0, "allocations per search with sums")
}
