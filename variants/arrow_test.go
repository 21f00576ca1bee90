package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesArrow reads the rule: the circle's digits, read as a decimal
// number first cell first, equal the sum of each shaft's digits.
func satisfiesArrow(g grid, a variants.Arrow) bool {
	for _, ar := range a.Arrows {
		num := 0
		for _, c := range ar.Circle {
			num = num*10 + g.at(c)
		}
		for _, sh := range ar.Shafts {
			sum := 0
			for _, c := range sh {
				sum += g.at(c)
			}
			if sum != num {
				return false
			}
		}
	}
	return true
}

// makeArrow reads arrows off g: a circle on a random cell, a shaft of
// cells next to it (king's moves) whose digits add up to the circle's; on
// 9x9 grids now and then a two-cell pill whose number a long shaft reaches.
func makeArrow(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var a variants.Arrow
	for tries := 0; len(a.Arrows) < 1+rng.IntN(3) && tries < 200; tries++ {
		circle := []sudoku.Cell{{Row: rng.IntN(g.n), Col: rng.IntN(g.n)}}
		if g.n == 9 && rng.IntN(3) == 0 && circle[0].Col+1 < g.n {
			circle = append(circle, sudoku.Cell{Row: circle[0].Row, Col: circle[0].Col + 1})
		}
		num := 0
		for _, c := range circle {
			num = num*10 + g.at(c)
		}
		var shaft []sudoku.Cell
		used := map[sudoku.Cell]bool{circle[0]: true}
		if len(circle) > 1 {
			used[circle[1]] = true
		}
		at, sum := circle[len(circle)-1], 0
		for steps := 0; sum < num && steps < 40; steps++ {
			q := sudoku.Cell{Row: at.Row + rng.IntN(3) - 1, Col: at.Col + rng.IntN(3) - 1}
			if !g.in(q) || used[q] || sum+g.at(q) > num {
				continue
			}
			shaft, used[q], sum, at = append(shaft, q), true, sum+g.at(q), q
		}
		if sum == num && len(shaft) > 0 {
			a.Arrows = append(a.Arrows, variants.ArrowClue{Circle: circle, Shafts: [][]sudoku.Cell{shaft}})
		}
	}
	if len(a.Arrows) == 0 {
		c, d := sudoku.Cell{Row: 0, Col: 0}, sudoku.Cell{Row: 0, Col: 1}
		if g.at(c) < g.at(d) {
			c, d = d, c
		}
		// A two-cell shaft: c = d + e for the cell e below d, when it fits.
		a.Arrows = append(a.Arrows, variants.ArrowClue{Circle: []sudoku.Cell{c}, Shafts: [][]sudoku.Cell{{d}}})
		if !valid {
			return a
		}
		return variants.Arrow{}
	}
	if !valid {
		ar := &a.Arrows[rng.IntN(len(a.Arrows))]
		ar.Shafts = append(ar.Shafts, ar.Shafts[0][:len(ar.Shafts[0])-1])
		if len(ar.Shafts[1]) == 0 {
			return nil
		}
	}
	return a
}

func init() {
	propCases = append(propCases, propCase{"arrow", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeArrow(rng, randomSolved(rng, n), true).(variants.Arrow)
		if len(v.Arrows) == 0 {
			v = variants.Arrow{Arrows: []variants.ArrowClue{{Circle: cells("r1c1"), Shafts: [][]sudoku.Cell{cells("r2c2")}}}}
		}
		return v, func(g grid) bool { return satisfiesArrow(g, v) }
	}, []int{4, 6}})
}

func TestArrowModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, func(rng *rand.Rand, g grid, valid bool) rules.Variant {
		v := makeArrow(rng, g, valid)
		if a, ok := v.(variants.Arrow); ok && len(a.Arrows) == 0 {
			// No arrow fitted: a trivially true one.
			return variants.Arrow{Arrows: []variants.ArrowClue{{Circle: cells("r1c1"), Shafts: [][]sudoku.Cell{{}}}}}
		}
		return v
	})
}

// TestArrowPillWeights: a pill's first cell weighs -10 per unit, its
// second -1, the shaft +1; total 0.
func TestArrowPillWeights(t *testing.T) {
	s, _ := sudoku.ShapeOf(9)
	m, err := rules.Build(sudoku.NewGrid(s), variants.Arrow{Arrows: []variants.ArrowClue{
		{Circle: cells("r1c1 r1c2"), Shafts: [][]sudoku.Cell{cells("r2c3 r3c4")}},
	}})
	require.NoError(t, err)
	var sum *model.Rule
	for _, r := range m.Rules() {
		if r.Kind == model.Sum {
			sum = &r
		}
	}
	require.NotNil(t, sum)
	assert.Equal(t, []int32{0}, sum.Payload.Totals)
	assert.Equal(t, []int32{11, 21, 0, 1}, sum.Payload.Cells)
	w := m.CellWeights(*sum)
	assert.Equal(t, int32(9), w[0*9+8])   // r2c3 = 9
	assert.Equal(t, int32(-90), w[2*9+8]) // r1c1 = 9: 90
	assert.Equal(t, int32(-9), w[3*9+8])  // r1c2 = 9
}

func TestArrowInvalid(t *testing.T) {
	arrow := func(circle string, shafts ...string) variants.Arrow {
		c := variants.ArrowClue{Circle: cells(circle)}
		for _, s := range shafts {
			c.Shafts = append(c.Shafts, cells(s))
		}
		return variants.Arrow{Arrows: []variants.ArrowClue{c}}
	}
	checkInvalid(t, []invalidCase{
		{"no circle", 9, arrow("", "r1c1"), "circle of 0 cells"},
		{"long pill", 9, arrow("r1c1 r1c2 r1c3 r1c4", "r2c1"), "circle of 4 cells"},
		{"no shaft", 9, arrow("r1c1"), "no shaft"},
		{"empty shaft", 9, arrow("r1c1", ""), "no cells"},
		{"crossing", 9, arrow("r1c1", "r2c2 r3c3 r2c2"), "listed twice"},
		{"through circle", 9, arrow("r1c1 r1c2", "r2c1 r1c2"), "in the arrow's circle"},
		{"pill on 16x16", 16, arrow("r1c1 r1c2", "r2c1"), "decimal"},
		{"off grid", 4, arrow("r1c1", "r2c5"), "outside"},
	})
}
