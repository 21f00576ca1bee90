package prop_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// zeroLittleKillers is a published "zero solution" test (the fastest
// public variant solver's, iss-169 of the published variant set): eight
// little killers of 49 on an empty 9x9 grid, which no grid satisfies.
// Four lie along parallel diagonals one way and four the other.
func zeroLittleKillers(t *testing.T) *model.Model {
	t.Helper()
	clue := func(row, col int, dir string) variants.LittleKillerClue {
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: row, Col: col}, Direction: dir, Total: 49}
	}
	lk := variants.LittleKiller{Clues: []variants.LittleKillerClue{
		clue(-1, 9, "DL"), clue(-1, 8, "DL"), clue(9, 0, "UR"), clue(9, 1, "UR"),
		clue(7, 9, "UL"), clue(-1, -1, "DR"), clue(0, -1, "DR"), clue(1, -1, "DR"),
	}}
	m, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), lk)
	require.NoError(t, err)
	return m
}

// TestMergedSumsNone: read together, the four little killers of each
// direction (32 and 31 cells, 196 each) prove the zero-solution test has
// no solution well within 300,000 nodes; read apart, they do not.
func TestMergedSumsNone(t *testing.T) {
	if testing.Short() {
		t.Skip("about 400,000 search nodes")
	}
	m := zeroLittleKillers(t)
	assert.Equal(t, 2, prop.MergedSums(m))
	opts := model.Options{Limit: 2, Nodes: 300_000}
	res, err := prop.New().Solve(context.Background(), m, opts)
	require.NoError(t, err)
	assert.Equal(t, model.Unsat, res.Status)
	assert.True(t, res.Exact)
	apart, err := prop.WithoutMerge().Solve(context.Background(), m, opts)
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, apart.Status, "without merged sums")
}

// TestMergedSumsAgree: on random 4x4 grids with disjoint sums, some of
// distinct values (cages, which stay out of the merged sums), whose totals
// lie near the top of their range (so that some are merged), prop counts
// what exact cover counts, with merged sums and without, and every
// solution passes the referee.
func TestMergedSumsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	blank := solvertest.Blank(t, 2, 2)
	merged := 0
	for trial := range 150 {
		m := solvertest.Extend(t, blank, func(b *model.Builder) {
			perm := rng.Perm(16)
			for len(perm) >= 2 && rng.IntN(5) > 0 {
				n := min(len(perm), 2+rng.IntN(3))
				cells := perm[:n]
				perm = perm[n:]
				ones := make([]int, n)
				for i := range ones {
					ones[i] = 1
				}
				distinct := rng.IntN(3) == 0
				most := 4 * n
				if distinct {
					most = n * (9 - n) / 2 // the n greatest of 1..4
				}
				total := most - rng.IntN(n+1) // within n of the most
				b.Linear("line", cells, ones, []int{total}, distinct)
			}
		})
		if prop.MergedSums(m) > 0 {
			merged++
		}
		want, err := dlxCount(m)
		require.NoError(t, err)
		for _, s := range []*prop.Solver{prop.New(), prop.WithoutMerge()} {
			res, err := s.Solve(context.Background(), m, model.Options{})
			require.NoError(t, err)
			require.Equal(t, want, res.Count, "trial %d", trial)
			for _, sol := range res.Solutions {
				require.NoError(t, model.Check(m, sol))
			}
		}
	}
	assert.Greater(t, merged, 20, "trials with merged sums")
}

// TestMergedSumsNoHouses: a model of two plain sums and no house at all
// (nothing to group their cells by) is read without merging anything, and
// counted as exact cover counts it.
func TestMergedSumsNoHouses(t *testing.T) {
	b := model.NewBuilder(4, 3)
	b.Linear("a", []int{0, 1}, []int{1, 1}, []int{6}, false)
	b.Linear("b", []int{2, 3}, []int{1, 1}, []int{5}, false)
	m, err := b.Build()
	require.NoError(t, err)
	assert.Zero(t, prop.MergedSums(m))
	res, err := prop.New().Solve(context.Background(), m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Count) // 3+3, and 2+3 or 3+2
}

// TestMergeWeighs: mergeSums weighs a family's cells with its own grouping
// (grouper, cheap enough for thousands of families); it must find the
// bounds that the groups the search reads (sumGroups) give, on random cell
// sets of a 9x9 grid with diagonals and of a 6x6 grid.
func TestMergeWeighs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 29))
	x9, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), variants.Diagonal{})
	require.NoError(t, err)
	x6, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 3}))
	require.NoError(t, err)
	for trial := range 300 {
		m := x9
		if trial%3 == 0 {
			m = x6
		}
		n := 2 + rng.IntN(min(63, m.Cells()-2))
		var cells []int32
		for _, c := range rng.Perm(m.Cells())[:n] {
			cells = append(cells, int32(c))
		}
		total := n + rng.IntN(n*(m.Values()-1)+1)
		slack, spread, wantSlack, wantSpread := prop.MergeWeighs(m, cells, total)
		require.Equal(t, wantSpread, spread, "trial %d", trial)
		require.Equal(t, wantSlack, slack, "trial %d", trial)
	}
}

// TestMergedSumsLong: a plain sum longer than a merged sum may be (70 of
// a 9x9 grid's cells, beside a two-cell sum) takes no part in merging; its
// table is built (weighing it once panicked) and the model solved, each
// solution passing the referee.
func TestMergedSumsLong(t *testing.T) {
	blank := solvertest.Blank(t, 3, 3)
	m := solvertest.Extend(t, blank, func(b *model.Builder) {
		long := make([]int, 70)
		ones := make([]int, 70)
		for i := range long {
			long[i], ones[i] = i, 1
		}
		// Rows 1 to 7 and the first 7 cells of row 8: 7*45 plus 1..7.
		b.Linear("long", long, ones, []int{7*45 + 28}, false)
		b.Linear("pair", []int{72, 73}, []int{1, 1}, []int{17}, false) // r9c1 + r9c2: 8 and 9
	})
	assert.Zero(t, prop.MergedSums(m))
	res, err := prop.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Multiple, res.Status)
	require.Len(t, res.Solutions, 2)
	for _, sol := range res.Solutions {
		require.NoError(t, model.Check(m, sol))
	}
}
