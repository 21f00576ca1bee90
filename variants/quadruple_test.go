package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesQuadruple reads the rule: each listed digit appears in the 2x2
// block at least as often as it is listed.
func satisfiesQuadruple(g grid, q variants.Quadruple) bool {
	for _, c := range q.Clues {
		block := []sudoku.Cell{c.Corner, {Row: c.Corner.Row, Col: c.Corner.Col + 1},
			{Row: c.Corner.Row + 1, Col: c.Corner.Col}, {Row: c.Corner.Row + 1, Col: c.Corner.Col + 1}}
		need := map[int]int{}
		for _, d := range c.Digits {
			need[d]++
		}
		for d, k := range need {
			have := 0
			for _, x := range block {
				if g.at(x) == d {
					have++
				}
			}
			if have < k {
				return false
			}
		}
	}
	return true
}

func makeQuadruple(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var q variants.Quadruple
	for i := 1 + rng.IntN(4); i > 0; i-- {
		c := variants.QuadrupleClue{Corner: sudoku.Cell{Row: rng.IntN(g.n - 1), Col: rng.IntN(g.n - 1)}}
		block := []sudoku.Cell{c.Corner, {Row: c.Corner.Row, Col: c.Corner.Col + 1},
			{Row: c.Corner.Row + 1, Col: c.Corner.Col}, {Row: c.Corner.Row + 1, Col: c.Corner.Col + 1}}
		for _, k := range rng.Perm(4)[:1+rng.IntN(4)] {
			c.Digits = append(c.Digits, g.at(block[k]))
		}
		q.Clues = append(q.Clues, c)
	}
	if !valid {
		// The corner's digit listed once more than the block holds it.
		c := &q.Clues[rng.IntN(len(q.Clues))]
		d, have := g.at(c.Corner), 0
		for _, x := range []sudoku.Cell{c.Corner, {Row: c.Corner.Row, Col: c.Corner.Col + 1},
			{Row: c.Corner.Row + 1, Col: c.Corner.Col}, {Row: c.Corner.Row + 1, Col: c.Corner.Col + 1}} {
			if g.at(x) == d {
				have++
			}
		}
		c.Digits = nil
		for k := 0; k <= have; k++ {
			c.Digits = append(c.Digits, d)
		}
	}
	return q
}

func init() {
	propCases = append(propCases, propCase{"quadruple", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeQuadruple(rng, randomSolved(rng, n), true).(variants.Quadruple)
		return v, func(g grid) bool { return satisfiesQuadruple(g, v) }
	}, []int{4, 6}})
}

func TestQuadrupleModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, makeQuadruple)
}

func TestQuadrupleInvalid(t *testing.T) {
	q := func(corner string, ds ...int) variants.Quadruple {
		return variants.Quadruple{Clues: []variants.QuadrupleClue{{Corner: cell(corner), Digits: ds}}}
	}
	checkInvalid(t, []invalidCase{
		{"edge", 4, q("r4c1", 1), "does not fit"},
		{"no digits", 4, q("r1c1"), "0 digits"},
		{"five digits", 4, q("r1c1", 1, 2, 3, 4, 1), "5 digits"},
		{"digit", 4, q("r1c1", 5), "digit 5"},
	})
}
