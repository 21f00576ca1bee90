package logic_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// houseTechniques returns cage combinations, house combinations and the
// techniques more adds.
func houseTechniques(t *testing.T, more string) logic.TechniqueSet {
	use, err := logic.ParseTechniques("none,+cage combinations,+house combinations,"+more, 0)
	require.NoError(t, err)
	return use
}

// TestHouseCombinations: in row 1, cage 1 (6: {1,5} or {2,4}) and cage 2
// (5: {1,4} or {2,3}) need no digit alone, but {2,4} leaves cage 2 no
// combination, so the row takes {1,5} and {2,3} and its other cells the
// rest; without cage 2 the row rules nothing out.
func TestHouseCombinations(t *testing.T) {
	use := houseTechniques(t, "+full house,+naked single,+hidden single")
	for _, tc := range []struct {
		name  string
		cages []variants.Cage
		want  string // the first house combinations step, "" for none
	}{
		{"killer pair", []variants.Cage{{Cells: cells("r1c1 r1c2"), Total: 6}, {Cells: cells("r1c3 r1c4"), Total: 5}},
			"house combinations: row 1: cage 1 r1c1 r1c2 = 6 {1,5}, cage 2 r1c3 r1c4 = 5 {2,3} and derived, row 1 " +
				"r1c5 r1c6 r1c7 r1c8 r1c9 = 34 {4,6,7,8,9} take different digits => r1c1 -2,4, r1c2 -2,4, r1c3 -1,4, r1c4 -1,4, " +
				"r1c5 -1,2,3,5, r1c6 -1,2,3,5, r1c7 -1,2,3,5, r1c8 -1,2,3,5, r1c9 -1,2,3,5"},
		{"one cage", []variants.Cage{{Cells: cells("r1c1 r1c2"), Total: 6}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, ok := firstOf(t, variantModel(t, "", variants.Killer{Cages: tc.cages}), logic.Options{Techniques: use},
				logic.HouseCombination)
			if tc.want == "" {
				assert.False(t, ok, "a house combinations step with one cage: %v", st)
				return
			}
			require.True(t, ok, "no house combinations step")
			assert.Equal(t, tc.want, st.String())
			assert.Equal(t, []string{"row 1"}, st.Houses)
		})
	}
}

// TestHouseCombinationsRest: givens keep 1 and 9 of row 1 out of r1c4 to
// r1c9, so the row's other cells can take only one of them (in r1c3):
// cage 1 (10) must hold the other, and of its combinations only {1,9}
// does, though it needs neither digit alone.
func TestHouseCombinationsRest(t *testing.T) {
	use := houseTechniques(t, "")
	line := []byte(strings.Repeat(".", 81))
	for cell, v := range map[string]byte{"r2c4": '1', "r3c5": '9', "r2c7": '9', "r3c8": '1'} {
		rc := cellsOf(cell)[0]
		line[(rc[0]-1)*9+rc[1]-1] = v
	}
	m := variantModel(t, string(line), variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r1c2"), Total: 10}}})
	p, err := logic.Explain(context.Background(), m, logic.Options{Techniques: use})
	require.NoError(t, err)
	require.Len(t, p.Steps, 2)
	assert.Equal(t, "cage combinations: cage 1 r1c1 r1c2 = 10: {4,6} {3,7} {2,8} {1,9} => r1c1 -5, r1c2 -5", p.Steps[0].String())
	assert.Equal(t, "house combinations: row 1: cage 1 r1c1 r1c2 = 10 {1,9} and the rest r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 "+
		"{2,3,4,5,6,7,8} take different digits => r1c1 -2,3,4,6,7,8, r1c2 -2,3,4,6,7,8, r1c3 -1,9", p.Steps[1].String())
	assert.Equal(t, logic.Intermediate, logic.HouseCombination.Level())
}

// TestHouseCombinationsProperty replays paths of singles, cage
// combinations and house combinations on random killers whose cages of
// two or three cells lie in rows, built around a known solution: no step
// removes the solution's value or places another.
func TestHouseCombinationsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	use := houseTechniques(t, "+full house,+naked single,+hidden single")
	n := 30
	if testing.Short() {
		n = 8
	}
	steps := 0
	for range n {
		sol := randomSolution(t, rng)
		var cages []variants.Cage
		for r := range 9 {
			for c := 0; c < 9; {
				k := 2 + rng.IntN(2)
				if c+k > 9 || rng.IntN(3) == 0 {
					c++
					continue
				}
				cage := variants.Cage{}
				for x := c; x < c+k; x++ {
					cage.Cells = append(cage.Cells, sudoku.Cell{Row: r, Col: x})
					cage.Total += sol[r*9+x]
				}
				cages = append(cages, cage)
				c += k
			}
		}
		line := []byte(strings.Repeat(".", 81))
		for _, c := range rng.Perm(81)[:rng.IntN(12)] {
			line[c] = byte('0' + sol[c])
		}
		m := variantModel(t, string(line), variants.Killer{Cages: cages})
		p, err := logic.Explain(context.Background(), m, logic.Options{Techniques: use})
		require.NoError(t, err)
		checkPath(t, m, p, sol)
		steps += p.Counts()[logic.HouseCombination]
	}
	assert.Positive(t, steps, "house combinations never fires")
	t.Logf("%d house combinations steps", steps)
}
