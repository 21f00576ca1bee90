package setter_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// The puzzles of these tests are 4x4, so that all 288 grids can be tried.
// Their solution, where they have one, is
//
//	1 2 | 3 4
//	3 4 | 1 2
//	----+----
//	2 1 | 4 3
//	4 3 | 2 1

func c(r, k int) sudoku.Cell { return sudoku.Cell{Row: r - 1, Col: k - 1} }

var (
	killer4 = variants.Killer{Cages: []variants.Cage{
		{Cells: []sudoku.Cell{c(1, 1), c(2, 1)}, Total: 4},
		{Cells: []sudoku.Cell{c(1, 2), c(1, 3)}, Total: 5},
		{Cells: []sudoku.Cell{c(2, 2), c(3, 2)}, Total: 5},
		{Cells: []sudoku.Cell{c(3, 3), c(4, 3)}, Total: 6},
		{Cells: []sudoku.Cell{c(2, 4), c(3, 4)}, Total: 5},
		{Cells: []sudoku.Cell{c(4, 1), c(4, 2)}, Total: 7},
	}}
	kropki4 = variants.Kropki{
		White: [][2]sudoku.Cell{{c(1, 2), c(1, 3)}, {c(3, 3), c(3, 4)}},
		Black: [][2]sudoku.Cell{{c(2, 3), c(2, 4)}},
	}
	xv4 = variants.XV{V: [][2]sudoku.Cell{{c(1, 1), c(2, 1)}}}
)

// cases are puzzles with their variants, each checked against brute force.
var cases = []struct {
	name   string
	puzzle string
	vs     []rules.Variant
}{
	{"empty", "................", nil},
	{"two givens", "1..........1....", nil},
	{"three givens", "1.......2......1", nil},
	{"no solution", "11..............", nil},
	{"killer", "................", []rules.Variant{killer4}},
	{"killer and a given", "...4............", []rules.Variant{killer4}},
	{"killer, two cages without totals", "................", []rules.Variant{variants.Killer{Cages: []variants.Cage{
		{Cells: []sudoku.Cell{c(1, 1), c(2, 1)}, Total: 4},
		{Cells: []sudoku.Cell{c(1, 2), c(1, 3)}},
		{Cells: []sudoku.Cell{c(3, 3), c(4, 3), c(4, 4)}},
	}}}},
	{"kropki", "1...............", []rules.Variant{kropki4}},
	{"xv and diagonal", "................", []rules.Variant{xv4, variants.Diagonal{}}},
	{"odd-even", "..3.............", []rules.Variant{variants.OddEven{Odd: []sudoku.Cell{c(1, 1), c(4, 4)}, Even: []sudoku.Cell{c(2, 2)}}}},
}

func TestTrueCandidatesBrute(t *testing.T) {
	all := allGrids4()
	for _, tc := range cases {
		_, _, m := bruteModel(t, tc.puzzle, tc.vs...)
		sols := solutionsOf(t, m, all)
		want := make([]setter.Truth, m.NumCands())
		for i := range want {
			want[i] = setter.Impossible
		}
		for _, g := range sols {
			for i, v := range g {
				want[m.Cand(i, v)] = setter.Possible
			}
		}
		for _, sv := range solvers {
			got, err := setter.TrueCandidates(context.Background(), m, sv.s, 0)
			require.NoError(t, err, "%s %s", tc.name, sv.name)
			assert.Equal(t, want, got.Truth, "%s %s: %d solutions", tc.name, sv.name, len(sols))
			assert.Equal(t, model.Done, got.Stop)
			assert.Zero(t, got.Undecided())
			if len(sols) > 0 {
				// One solve per candidate at most, fewer thanks to the
				// solutions found.
				assert.LessOrEqual(t, got.Solves, 1+m.NumCands(), tc.name)
			}
		}
	}
}

func TestTrueCandidatesDigits(t *testing.T) {
	_, _, m := bruteModel(t, "1............4..")
	got, err := setter.TrueCandidates(context.Background(), m, dlx.New(), 0)
	require.NoError(t, err)
	yes, unknown := got.Digits(0)
	assert.Equal(t, []int{1}, yes, "a given is its own only candidate")
	assert.Empty(t, unknown)
	yes, _ = got.Digits(1) // r1c2 sees 1 in its row and 4 in its column
	assert.Equal(t, []int{2, 3}, yes)
}

// TestTrueCandidatesStopped: a cancelled context leaves every candidate a
// given does not decide unknown, and a tiny node budget never makes a
// candidate possible or impossible wrongly.
func TestTrueCandidatesStopped(t *testing.T) {
	all := allGrids4()
	_, _, m := bruteModel(t, "1...............")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := setter.TrueCandidates(ctx, m, dlx.New(), 0)
	require.NoError(t, err)
	assert.Equal(t, model.Canceled, got.Stop)
	assert.Equal(t, m.NumCands()-3, got.Undecided(), "only the given's cell is decided")

	sols := solutionsOf(t, m, all)
	for _, nodes := range []int64{1, 2, 5} {
		got, err = setter.TrueCandidates(context.Background(), m, dlx.New(), nodes)
		require.NoError(t, err)
		for k, tr := range got.Truth {
			in := slices.ContainsFunc(sols, func(g []int) bool { return g[m.CellOf(model.Cand(k))] == m.ValueOf(model.Cand(k)) })
			switch tr {
			case setter.Possible:
				assert.True(t, in, "nodes %d: %s possible", nodes, m.Describe(model.Cand(k)))
			case setter.Impossible:
				assert.False(t, in, "nodes %d: %s impossible", nodes, m.Describe(model.Cand(k)))
			}
		}
	}
	got, err = setter.TrueCandidates(context.Background(), m, dlx.New(), 1)
	require.NoError(t, err)
	assert.Positive(t, got.Undecided(), "one node decides little")
}

func TestTruthString(t *testing.T) {
	assert.Equal(t, "possible", setter.Possible.String())
	assert.Equal(t, "impossible", setter.Impossible.String())
	assert.Equal(t, "unknown", setter.Unknown.String())
	assert.Equal(t, "truth(9)", setter.Truth(9).String())
}
