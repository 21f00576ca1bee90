package dlx_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
)

// TestChainExamples checks chained partial sums against weight tuples and
// brute force on small hand-made sums (6 cells, values 1..4): both
// lowerings find the same solutions, and the chain is the one lowered.
func TestChainExamples(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(b *model.Builder)
	}{
		{"arrow", func(b *model.Builder) { b.Linear("a", []int{0, 1, 2}, []int{-1, 1, 1}, []int{0}, false) }},
		{"pill", func(b *model.Builder) {
			b.Linear("p", []int{0, 1, 2, 3, 4, 5}, []int{-10, -1, 1, 1, 1, 1}, []int{0}, false)
		}},
		{"pill inside its shaft", func(b *model.Builder) {
			b.Linear("p", []int{0, 1, 2, 3, 4, 5}, []int{-10, 0, 1, 1, 1, 1}, []int{0}, false)
		}},
		{"several totals", func(b *model.Builder) { b.Linear("s", []int{0, 2, 4, 5}, []int{1, 2, 1, 3}, []int{5, 9, 14}, false) }},
		{"negative totals", func(b *model.Builder) { b.Linear("n", []int{1, 3, 5}, []int{-2, 1, -1}, []int{-6, -3}, false) }},
		{"one cell", func(b *model.Builder) { b.Linear("o", []int{3}, []int{2}, []int{4, 6}, false) }},
		{"no total fits", func(b *model.Builder) { b.Linear("x", []int{0, 1}, []int{1, 1}, []int{99}, false) }},
		{"distinct outside a house", func(b *model.Builder) { b.Linear("d", []int{0, 1, 2, 3}, []int{1, 1, 1, 1}, []int{10}, true) }},
		{"distinct pill", func(b *model.Builder) { b.Linear("d", []int{0, 1, 2}, []int{-2, 1, 1}, []int{0}, true) }},
		{"distinct in a house", func(b *model.Builder) {
			b.House("h", []int{0, 1, 2, 3})
			b.Linear("d", []int{0, 1, 2}, []int{1, 1, 2}, []int{9, 10}, true)
		}},
		{"conditional", func(b *model.Builder) {
			b.Linear("c", []int{1, 2, 3}, []int{1, 1, 1}, []int{6}, false, b.Cand(0, 2))
		}},
		{"condition in the scope", func(b *model.Builder) {
			b.Linear("c", []int{0, 1, 2}, []int{1, 1, 1}, []int{7}, false, b.Cand(0, 3), b.Cand(4, 1))
		}},
		{"conditional distinct in a house", func(b *model.Builder) {
			b.House("h", []int{1, 2, 3, 4})
			b.Linear("c", []int{1, 2, 3}, []int{1, 1, 1}, []int{7}, true, b.Cand(0, 4))
		}},
		{"weights by candidate", func(b *model.Builder) {
			b.AddRule(model.Rule{Kind: model.Sum, Label: "count",
				Cands:   []model.Cand{b.Cand(0, 1), b.Cand(1, 1), b.Cand(1, 3), b.Cand(4, 2), b.Cand(5, 4)},
				Payload: model.Payload{Weights: []int32{1, 1, 2, 1, -1}, Totals: []int32{1, 2}}})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := model.NewBuilder(6, 4)
			tc.build(b)
			base, err := b.Build()
			require.NoError(t, err)
			for _, g := range [][]model.Cand{nil, {base.Cand(1, 2)}, {base.Cand(0, 3), base.Cand(5, 1)}} {
				m, err := base.WithGivens(g, nil)
				require.NoError(t, err)
				want := bruteSolutions(m)
				assert.Equal(t, want, matrixSolutions(t, m, dlx.SumTuples), "tuples, givens %v", g)
				assert.Equal(t, want, matrixSolutions(t, m, dlx.SumChains), "chains, givens %v", g)
			}
			var buf bytes.Buffer
			require.NoError(t, dlx.WriteKnuthWith(&buf, base, dlx.SumChains))
			if strings.Contains(buf.String(), "| rule 0 ") { // the rule has options
				assert.Contains(t, buf.String(), ": chained sums\n")
			}
		})
	}
}

// TestChainDistinct checks that a chained distinct sum that no house keeps
// apart stays distinct: the chain alone allows repeats, so the values'
// items must exclude them.
func TestChainDistinct(t *testing.T) {
	b := model.NewBuilder(4, 4)
	b.Linear("cage", []int{0, 1, 2, 3}, []int{1, 1, 1, 1}, []int{10}, true)
	m, err := b.Build()
	require.NoError(t, err)
	got := matrixSolutions(t, m, dlx.SumChains)
	assert.Len(t, got, 24, "the permutations of 1234")
	assert.Equal(t, bruteSolutions(m), got)
	for _, sums := range []int{dlx.SumChains, dlx.SumTuples} {
		var buf bytes.Buffer
		require.NoError(t, dlx.WriteKnuthWith(&buf, m, sums))
		assert.NotContains(t, buf.String(), "digit sets", "lowering %d", sums)
	}
}

// TestChainChosenBySize checks the package's rule: a sum with few tuples
// is lowered by tuples, one with many by a chain, and both solve alike.
func TestChainChosenBySize(t *testing.T) {
	for _, tc := range []struct {
		cells int
		want  string
	}{
		{3, "weight tuples"}, // 9^3 tuples at most
		{9, "chained sums"},  // a little killer's 9 cells: millions of tuples
	} {
		b := model.NewBuilder(9, 9)
		cells, ones := make([]int, tc.cells), make([]int, tc.cells)
		for i := range cells {
			cells[i], ones[i] = i, 1
		}
		b.Linear("diagonal", cells, ones, []int{tc.cells * 4}, false)
		m, err := b.Build()
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, dlx.WriteKnuth(&buf, m))
		assert.Contains(t, buf.String(), ": "+tc.want+"\n", "%d cells", tc.cells)
	}
}

// TestChainGolden pins the DLX2 export of nary4 with its sums chained,
// and checks that the exported problem has as many solutions as the
// solver (which lowers by tuples and digit sets) finds.
func TestChainGolden(t *testing.T) {
	m := nary4(t, []model.Cand{0}, []model.Cand{5})
	var buf bytes.Buffer
	require.NoError(t, dlx.WriteKnuthWith(&buf, m, dlx.SumChains))
	assert.Contains(t, buf.String(), "chained sums")
	path := filepath.Join("testdata", "chain4.golden")
	if *update {
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), buf.String())

	for _, g := range []struct{ fixed, excluded []model.Cand }{
		{nil, nil},
		{[]model.Cand{0}, []model.Cand{5}},
		{[]model.Cand{4*12 + 1}, nil}, // the x-sum's condition given
		{[]model.Cand{4*12 + 0}, nil}, // and failing
	} {
		m := nary4(t, g.fixed, g.excluded)
		buf.Reset()
		require.NoError(t, dlx.WriteKnuthWith(&buf, m, dlx.SumChains))
		x, _ := readDLX2(t, buf.String())
		out := x.Search(context.Background(), dlx.Limits{}, func([]int32) bool { return true })
		res, err := new(dlx.Solver).Solve(context.Background(), m, model.Options{})
		require.NoError(t, err)
		assert.Equal(t, res.Count, out.Count, "givens %v", g)
	}
}

// TestChainPublished lowers iss-154 (sigh/Interactive-Sudoku-Solver's
// collection: a 2-digit pill over a 33-cell arrow shaft, with anti-king),
// whose sum has more than 10^18 tuples, and searches it a little: any
// solution found passes the referee.
func TestChainPublished(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("testdata", "iss-154.json"))
	require.NoError(t, err)
	p, err := fpuzzles.Decode(string(text))
	require.NoError(t, err)
	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	x, err := dlx.Lower(m)
	require.NoError(t, err)
	assert.Greater(t, x.Options(), m.NumCands(), "the sum has options")
	var buf bytes.Buffer
	require.NoError(t, dlx.WriteKnuth(&buf, m))
	assert.Contains(t, buf.String(), "(sum, arrow 1 shaft 1): chained sums\n")

	res, err := new(dlx.Solver).Solve(context.Background(), m, model.Options{Limit: 2, Nodes: 20_000})
	require.NoError(t, err)
	assert.True(t, slices.Contains([]model.Status{model.Unknown, model.Unique, model.Multiple}, res.Status), res.Status)
	for _, sol := range res.Solutions {
		assert.NoError(t, model.Check(m, sol))
	}
}
