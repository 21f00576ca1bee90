package sat

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// dataDir holds the shared puzzle sets, relative to this package.
const dataDir = "../../../shared/data"

// readPuzzles returns up to max puzzle lines (all when max <= 0) of a shared
// data file, or skips the test when it is absent.
func readPuzzles(tb testing.TB, name string, max int) []string {
	tb.Helper()
	return fixture.Data(tb, name, max)
}

// models parses puzzle lines into models; those of one shape share a
// RulesID.
func models(tb testing.TB, lines []string) []*model.Model {
	tb.Helper()
	out := make([]*model.Model, len(lines))
	for i, line := range lines {
		out[i] = solvertest.Puzzle(tb, line)
	}
	return out
}

// patternGrid returns the full grid value(r,c) = (bc*(r%br) + r/br + c) % N + 1
// for boxes br x bc: a valid sudoku solution.
func patternGrid(s sudoku.Shape) sudoku.Grid {
	g := sudoku.NewGrid(s)
	n, br, bc := s.N(), s.BoxRows, s.BoxCols
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			g.Set(r, c, (bc*(r%br)+r/br+c)%n+1)
		}
	}
	return g
}

// randomPuzzles returns count puzzles of shape s made from a shuffled pattern
// grid (digits relabelled, rows and columns permuted within bands and
// stacks) with a fraction blank of the cells cleared at random, all under one
// Rules.
func randomPuzzles(tb testing.TB, s sudoku.Shape, count int, blank float64, seed uint64) (*rules.Set, []*model.Model) {
	tb.Helper()
	rs, err := rules.New(s)
	require.NoError(tb, err)
	rnd := rand.New(rand.NewPCG(seed, 1))
	full := patternGrid(s)
	fm, err := rs.Model(full)
	require.NoError(tb, err)
	require.NoError(tb, model.Check(fm, fixedSolution(fm)), "pattern grid must be valid")
	n, br, bc := s.N(), s.BoxRows, s.BoxCols
	out := make([]*model.Model, count)
	for i := range out {
		relabel := rnd.Perm(n)
		rows := permWithin(rnd, n, br)
		cols := permWithin(rnd, n, bc)
		g := sudoku.NewGrid(s)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if rnd.Float64() >= blank {
					g.Set(r, c, relabel[full.At(rows[r], cols[c])-1]+1)
				}
			}
		}
		out[i], err = rs.Model(g)
		require.NoError(tb, err)
	}
	return rs, out
}

// permWithin returns a permutation of 0..n-1 that shuffles the groups of
// size k (bands or stacks) and the lines within each group: it maps a valid
// grid's rows (or columns) to another valid grid's.
func permWithin(rnd *rand.Rand, n, k int) []int {
	groups := rnd.Perm(n / k)
	out := make([]int, 0, n)
	for _, gi := range groups {
		for _, j := range rnd.Perm(k) {
			out = append(out, gi*k+j)
		}
	}
	return out
}

// fixedSolution returns the solution made of a full grid model's givens.
func fixedSolution(m *model.Model) model.Solution {
	sol := make(model.Solution, m.Cells())
	for _, c := range m.Fixed() {
		sol[m.CellOf(c)] = c
	}
	return sol
}
