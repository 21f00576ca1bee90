package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

var lkDirs = map[string][2]int{"UL": {-1, -1}, "UR": {-1, 1}, "DL": {1, -1}, "DR": {1, 1}}

// satisfiesLittleKiller reads the rule: walking from the clue in its
// direction, the grid's digits add up to the total.
func satisfiesLittleKiller(g grid, lk variants.LittleKiller) bool {
	for _, c := range lk.Clues {
		d := lkDirs[c.Direction]
		sum := 0
		for p := (sudoku.Cell{Row: c.Outside.Row + d[0], Col: c.Outside.Col + d[1]}); g.in(p); p = (sudoku.Cell{Row: p.Row + d[0], Col: p.Col + d[1]}) {
			sum += g.at(p)
		}
		if c.Total != 0 && sum != c.Total {
			return false
		}
	}
	return true
}

// randomLKClue returns a clue on any side of the grid pointing into it.
func randomLKClue(rng *rand.Rand, n int) variants.LittleKillerClue {
	k := rng.IntN(n)
	switch rng.IntN(4) {
	case 0:
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: -1, Col: k}, Direction: []string{"DL", "DR"}[rng.IntN(2)]}
	case 1:
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: n, Col: k}, Direction: []string{"UL", "UR"}[rng.IntN(2)]}
	case 2:
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: k, Col: -1}, Direction: []string{"UR", "DR"}[rng.IntN(2)]}
	}
	return variants.LittleKillerClue{Outside: sudoku.Cell{Row: k, Col: n}, Direction: []string{"UL", "DL"}[rng.IntN(2)]}
}

func makeLittleKiller(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var lk variants.LittleKiller
	for len(lk.Clues) < 1+rng.IntN(4) {
		c := randomLKClue(rng, g.n)
		cs, err := c.Cells(g.n)
		if err != nil {
			continue // a corner clue pointing out of the grid
		}
		for _, p := range cs {
			c.Total += g.at(p)
		}
		lk.Clues = append(lk.Clues, c)
	}
	if !valid {
		lk.Clues[rng.IntN(len(lk.Clues))].Total++
	}
	return lk
}

func init() {
	propCases = append(propCases, propCase{"littlekiller", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeLittleKiller(rng, randomSolved(rng, n), true).(variants.LittleKiller)
		return v, func(g grid) bool { return satisfiesLittleKiller(g, v) }
	}, []int{4, 6}})
}

func TestLittleKillerModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, makeLittleKiller)
}

func TestLittleKillerCells(t *testing.T) {
	for _, tc := range []struct {
		clue variants.LittleKillerClue
		want string
	}{
		{variants.LittleKillerClue{Outside: cell("r0c0"), Direction: "DR"}, "r1c1 r2c2 r3c3 r4c4"},
		{variants.LittleKillerClue{Outside: cell("r0c4"), Direction: "DL"}, "r1c3 r2c2 r3c1"},
		{variants.LittleKillerClue{Outside: cell("r5c2"), Direction: "UR"}, "r4c3 r3c4"},
		{variants.LittleKillerClue{Outside: cell("r2c5"), Direction: "UL"}, "r1c4"},
	} {
		got, err := tc.clue.Cells(4)
		require.NoError(t, err, tc.clue)
		assert.Equal(t, cells(tc.want), got, tc.clue)
	}
}

func TestLittleKillerInvalid(t *testing.T) {
	lk := func(out string, dir string) variants.LittleKiller {
		return variants.LittleKiller{Clues: []variants.LittleKillerClue{{Outside: cell(out), Direction: dir, Total: 5}}}
	}
	checkInvalid(t, []invalidCase{
		{"inside", 4, lk("r1c1", "DR"), "not a cell just outside"},
		{"far", 4, lk("r0c7", "DL"), "not a cell just outside"},
		{"away", 4, lk("r0c1", "UR"), "points away"},
		{"corner away", 4, lk("r0c5", "DR"), "points away"},
		{"direction", 4, lk("r0c1", "D"), "direction"},
		{"negative", 4, variants.LittleKiller{Clues: []variants.LittleKillerClue{{Outside: cell("r0c0"), Direction: "DR", Total: -1}}}, "negative"},
	})
}
