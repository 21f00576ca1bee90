package variants_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
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

// TestQuadrupleRepeatsInFpuzzles: f-puzzles' reference solver reads a
// digit listed twice as once, so a document's clue 1, 1, 2 holds with a
// single 1; the Quadruple type keeps "twice" (a published puzzle needs it),
// and such a clue has no f-puzzles form.
func TestQuadrupleRepeatsInFpuzzles(t *testing.T) {
	//	1 2 3 4
	//	3 4 1 2
	//	2 1 4 3
	//	4 3 2 1
	// The block at r1c1 holds 1, 2, 3, 4; the block at r2c2 holds 4, 1, 1, 4.
	g := grid{4, []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	const empty4 = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],`
	for _, tc := range []struct {
		name, corner, values string
		want                 []int
		accepts              bool
	}{
		{"1 twice, one 1", "r1c1", `[1,1,2]`, []int{1, 2}, true},
		{"3 and 4 twice, one of each", "r1c1", `[4,3,3,4]`, []int{4, 3}, true},
		{"1 twice, two 1s", "r2c2", `[1,1,4]`, []int{1, 4}, true},
		{"2 twice, no 2", "r2c2", `[2,2]`, []int{2}, false},
	} {
		c := cell(tc.corner)
		var refs []string
		for _, d := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
			refs = append(refs, fmt.Sprintf(`"R%dC%d"`, c.Row+d[0]+1, c.Col+d[1]+1))
		}
		p, err := fpuzzles.Decode(empty4 + `"quadruple":[{"cells":[` + strings.Join(refs, ",") + `],"values":` + tc.values + `}]}`)
		require.NoError(t, err, tc.name)
		want := variants.Quadruple{Clues: []variants.QuadrupleClue{{Corner: c, Digits: tc.want}}}
		require.Equal(t, []rules.Variant{want}, p.Variants, tc.name)
		assert.Equal(t, tc.accepts, accepts(t, g, p.Variants[0]), tc.name)
	}
	assert.False(t, accepts(t, g, variants.Quadruple{Clues: []variants.QuadrupleClue{{Corner: cell("r1c1"), Digits: []int{1, 1}}}}),
		"the type: listed twice, twice")
	twice := &fpuzzles.Puzzle{Grid: sudoku.NewGrid(shape(t, 4)), Variants: []rules.Variant{
		variants.Quadruple{Clues: []variants.QuadrupleClue{{Corner: cell("r1c1"), Digits: []int{3, 1, 3}}}}}}
	_, err := fpuzzles.Encode(twice)
	assert.ErrorContains(t, err, "digit 3 listed twice")
}
