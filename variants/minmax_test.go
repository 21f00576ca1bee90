package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesMinMax reads the rule: a minimum cell is below each orthogonal
// neighbour, a maximum above.
func satisfiesMinMax(g grid, m variants.MinMax) bool {
	near := func(c sudoku.Cell, ok func(a, b int) bool) bool {
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			q := sudoku.Cell{Row: c.Row + d[0], Col: c.Col + d[1]}
			if g.in(q) && !ok(g.at(c), g.at(q)) {
				return false
			}
		}
		return true
	}
	for _, c := range m.Minimum {
		if !near(c, func(a, b int) bool { return a < b }) {
			return false
		}
	}
	for _, c := range m.Maximum {
		if !near(c, func(a, b int) bool { return a > b }) {
			return false
		}
	}
	return true
}

// makeMinMax marks the local minima and maxima of g among some random
// cells (broken: a cell that is neither, marked as one).
func makeMinMax(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var m variants.MinMax
	for _, i := range rng.Perm(g.n * g.n) {
		c := sudoku.Cell{Row: i / g.n, Col: i % g.n}
		lo := satisfiesMinMax(g, variants.MinMax{Minimum: []sudoku.Cell{c}})
		hi := satisfiesMinMax(g, variants.MinMax{Maximum: []sudoku.Cell{c}})
		switch {
		case !valid && !lo && !hi:
			return variants.MinMax{Minimum: []sudoku.Cell{c}}
		case valid && lo && rng.IntN(2) == 0:
			m.Minimum = append(m.Minimum, c)
		case valid && hi && rng.IntN(2) == 0:
			m.Maximum = append(m.Maximum, c)
		}
	}
	if !valid {
		return nil
	}
	return m
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
