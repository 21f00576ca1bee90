package variants_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesMinMax reads the rule as the f-puzzles reference solver does: a
// minimum cell is below each orthogonal neighbour that is not a minimum
// cell itself, a maximum cell above each that is not a maximum cell.
func satisfiesMinMax(g grid, m variants.MinMax) bool {
	in := func(set []sudoku.Cell, c sudoku.Cell) bool { return slices.Contains(set, c) }
	near := func(c sudoku.Cell, set []sudoku.Cell, ok func(a, b int) bool) bool {
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			q := sudoku.Cell{Row: c.Row + d[0], Col: c.Col + d[1]}
			if g.in(q) && !in(set, q) && !ok(g.at(c), g.at(q)) {
				return false
			}
		}
		return true
	}
	for _, c := range m.Minimum {
		if !near(c, m.Minimum, func(a, b int) bool { return a < b }) {
			return false
		}
	}
	for _, c := range m.Maximum {
		if !near(c, m.Maximum, func(a, b int) bool { return a > b }) {
			return false
		}
	}
	return true
}

// makeMinMax marks cells of g in random order, each as a minimum or a
// maximum when g still satisfies the marks with it, so marked cells often
// stand side by side (broken: a cell whose mark g does not satisfy).
func makeMinMax(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var m variants.MinMax
	for _, i := range rng.Perm(g.n * g.n) {
		c := sudoku.Cell{Row: i / g.n, Col: i % g.n}
		lo, hi := m, m
		lo.Minimum = append(slices.Clone(m.Minimum), c)
		hi.Maximum = append(slices.Clone(m.Maximum), c)
		okLo, okHi := satisfiesMinMax(g, lo), satisfiesMinMax(g, hi)
		switch {
		case !valid && !okLo && !okHi:
			return lo
		case valid && okLo && rng.IntN(2) == 0:
			m = lo
		case valid && okHi && rng.IntN(2) == 0:
			m = hi
		}
	}
	if !valid {
		return nil
	}
	return m
}

// sideBySide reports whether two cells of one set are orthogonal
// neighbours.
func sideBySide(set []sudoku.Cell) bool {
	for _, p := range set {
		for _, q := range set {
			if absInt(p.Row-q.Row)+absInt(p.Col-q.Col) == 1 {
				return true
			}
		}
	}
	return false
}

// TestMinMaxAreas: marks read off a solved grid under the reference's
// reading, with marked cells side by side, never make the grid's puzzle
// unsolvable: the grid itself is accepted, and with its givens taken away
// every backend still finds a solution the checker accepts.
func TestMinMaxAreas(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 3))
	adjacent := 0
	for trial := 0; trial < 30; trial++ {
		n := []int{4, 6, 9}[trial%3]
		g := randomSolved(rng, n)
		m := makeMinMax(rng, g, true).(variants.MinMax)
		if sideBySide(m.Minimum) || sideBySide(m.Maximum) {
			adjacent++
		}
		require.True(t, accepts(t, g, m), "model refuses %+v on its own grid %v", m, g.v)
		empty := sudoku.NewGrid(shape(t, n))
		for _, be := range backends {
			res, _ := solve(t, be.new(), empty, m)
			require.NotEqual(t, model.Unsat, res.Status, "%s: %+v", be.name, m)
			require.NotEmpty(t, res.Solutions, "%s: %+v", be.name, m)
			for _, sol := range res.Solutions {
				dg, err := rules.Decode(empty.Shape, sol)
				require.NoError(t, err)
				require.True(t, satisfiesMinMax(grid{n, dg.Cells}, m), "%s: %+v breaks the rule", be.name, m)
			}
		}
	}
	require.Greater(t, adjacent, 10, "too few puzzles with marked cells side by side")
}

// TestMinMaxNeighbours: a maximum cell is compared with a neighbouring
// minimum cell, not with a neighbouring maximum cell.
func TestMinMaxNeighbours(t *testing.T) {
	for _, tc := range []struct {
		name     string
		m        variants.MinMax
		givens   string
		solvable bool
	}{
		{"two maxima", variants.MinMax{Maximum: cells("r1c1 r1c2")}, "r1c1=3 r1c2=4", true},
		{"two minima", variants.MinMax{Minimum: cells("r1c1 r1c2")}, "r1c1=2 r1c2=1", true},
		{"maximum below a neighbour", variants.MinMax{Maximum: cells("r1c1 r1c2")}, "r1c1=3 r2c1=4", false},
		{"maximum beside a minimum", variants.MinMax{Maximum: cells("r1c1"), Minimum: cells("r1c2")}, "r1c1=1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, be := range backends {
				res, _ := solve(t, be.new(), givens(4, tc.givens), tc.m)
				assert.Equal(t, tc.solvable, res.Status != model.Unsat, "%s: %v", be.name, res.Status)
			}
		})
	}
}

func init() {
	propCases = append(propCases, propCase{"minmax", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeMinMax(rng, randomSolved(rng, n), true).(variants.MinMax)
		return v, func(g grid) bool { return satisfiesMinMax(g, v) }
	}, []int{4, 6}})
}

func TestMinMaxModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, makeMinMax)
}

func TestMinMaxInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"both", 4, variants.MinMax{Minimum: cells("r1c1"), Maximum: cells("r1c1")}, "both minimum and maximum"},
		{"twice", 4, variants.MinMax{Maximum: cells("r2c2 r2c2")}, "listed twice"},
		{"off grid", 4, variants.MinMax{Minimum: cells("r5c5")}, "outside"},
	})
}
