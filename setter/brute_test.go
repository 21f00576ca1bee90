package setter_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// The referee of these tests: every 4x4 grid whose rows, columns and boxes
// hold 1..4 once, written out by brute force, and model.Check to say which
// of them a puzzle's model (givens and variants) accepts.

var shape4 = sudoku.Shape{BoxRows: 2, BoxCols: 2}

// allGrids4 returns the 288 complete 4x4 sudoku grids, row by row.
func allGrids4() [][]int {
	var perms [][]int
	for _, p := range permutations([]int{1, 2, 3, 4}) {
		perms = append(perms, p)
	}
	var out [][]int
	rows := make([][]int, 4)
	var place func(r int)
	place = func(r int) {
		if r == 4 {
			if validGrid4(rows) {
				out = append(out, slices.Concat(rows...))
			}
			return
		}
		for _, p := range perms {
			rows[r] = p
			place(r + 1)
		}
	}
	place(0)
	return out
}

// permutations returns every order of xs.
func permutations(xs []int) [][]int {
	if len(xs) <= 1 {
		return [][]int{slices.Clone(xs)}
	}
	var out [][]int
	for i := range xs {
		rest := slices.Concat(xs[:i], xs[i+1:])
		for _, p := range permutations(rest) {
			out = append(out, append([]int{xs[i]}, p...))
		}
	}
	return out
}

// validGrid4 checks the columns and boxes of four rows that are each a
// permutation.
func validGrid4(rows [][]int) bool {
	for c := range 4 {
		seen := map[int]bool{}
		for r := range 4 {
			seen[rows[r][c]] = true
		}
		if len(seen) != 4 {
			return false
		}
	}
	for b := range 4 {
		seen := map[int]bool{}
		for r := range 2 {
			for c := range 2 {
				seen[rows[b/2*2+r][b%2*2+c]] = true
			}
		}
		if len(seen) != 4 {
			return false
		}
	}
	return true
}

// solutionsOf returns the grids of all that m accepts.
func solutionsOf(t *testing.T, m *model.Model, all [][]int) [][]int {
	t.Helper()
	var out [][]int
	for _, g := range all {
		sol := make(model.Solution, len(g))
		for i, v := range g {
			sol[i] = m.Cand(i, v)
		}
		if model.Check(m, sol) == nil {
			out = append(out, g)
		}
	}
	return out
}

// bruteModel builds puzzle under shape4 and vs.
func bruteModel(t *testing.T, puzzle string, vs ...rules.Variant) (*rules.Set, sudoku.Grid, *model.Model) {
	t.Helper()
	g, err := sudoku.Parse(puzzle, sudoku.ParseOptions{Shape: shape4})
	require.NoError(t, err)
	rs, err := rules.New(shape4, vs...)
	require.NoError(t, err)
	m, err := rs.Model(g)
	require.NoError(t, err)
	return rs, g, m
}

// solvers are the backends every setter answer is checked with.
var solvers = []struct {
	name string
	s    model.Solver
}{{"dlx", dlx.New()}, {"prop", prop.New()}, {"sat", sat.New()}}

func TestAllGrids4(t *testing.T) {
	all := allGrids4()
	require.Len(t, all, 288, "the number of 4x4 sudoku grids")
	_, _, m := bruteModel(t, "................")
	require.Len(t, solutionsOf(t, m, all), 288, "the empty puzzle accepts every grid")
}
