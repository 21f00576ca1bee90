package fpuzzles_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// sums4 is a 4x4 grid and its solution, which every constraint of the
// round-trip cases below holds:
//
//	1 2 3 4
//	3 4 1 2
//	2 1 4 3
//	4 3 2 1
const sums4 = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
	`"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]`

func cells(refs ...[2]int) []sudoku.Cell {
	out := make([]sudoku.Cell, len(refs))
	for i, r := range refs {
		out[i] = cell(r[0], r[1])
	}
	return out
}

// TestSumsRoundTrip decodes a document with each family's f-puzzles keys
// into the expected variant, checks the document's solution against the
// model, solves it on SAT, then encodes it and decodes the result again to
// the same puzzle.
func TestSumsRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name, members string
		want          rules.Variant
	}{
		{"killer", `"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R3C3","R4C4"]},{"cells":["R2C1","R3C1","R3C2"],"value":6}]`,
			variants.Killer{Cages: []variants.Cage{
				{Cells: cells([2]int{1, 1}, [2]int{1, 2}), Total: 3},
				{Cells: cells([2]int{3, 3}, [2]int{4, 4})},
				{Cells: cells([2]int{2, 1}, [2]int{3, 1}, [2]int{3, 2}), Total: 6},
			}}},
		{"little killer", `"littlekillersum":[{"cell":"R0C1","cells":["R1C2","R2C3","R3C4"],"direction":"DR","value":"6"},` +
			`{"cell":"R5C2","direction":"UR","value":"5"},{"cell":"R0C5","direction":"DL","value":"10"},{"cell":"R2C0","direction":"UR","value":""}]`,
			variants.LittleKiller{Clues: []variants.LittleKillerClue{
				{Outside: sudoku.Cell{Row: -1, Col: 0}, Direction: "DR", Total: 6},
				{Outside: sudoku.Cell{Row: 4, Col: 1}, Direction: "UR", Total: 5},
				{Outside: sudoku.Cell{Row: -1, Col: 4}, Direction: "DL", Total: 10},
				{Outside: sudoku.Cell{Row: 1, Col: -1}, Direction: "UR"},
			}}},
		{"arrow", `"arrow":[{"cells":["R2C2"],"lines":[["R2C2","R2C1","R1C1"],["R2C2","R3C3"]]}]`,
			variants.Arrow{Arrows: []variants.ArrowClue{{Circle: cells([2]int{2, 2}),
				Shafts: [][]sudoku.Cell{cells([2]int{2, 1}, [2]int{1, 1}), cells([2]int{3, 3})}}}}},
		{"quadruple", `"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,4]},{"cells":["R4C4","R3C3","R3C4","R4C3"],"values":[1,2,3,4]}]`,
			variants.Quadruple{Clues: []variants.QuadrupleClue{
				{Corner: cell(1, 1), Digits: []int{1, 4}}, {Corner: cell(3, 3), Digits: []int{1, 2, 3, 4}},
			}}},
		{"clone", `"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R2C3","R2C4"]}]`,
			variants.Clone{Clones: []variants.ClonePair{{Cells: cells([2]int{1, 1}, [2]int{1, 2}), Copies: cells([2]int{2, 3}, [2]int{2, 4})}}}},
		{"minmax", `"minimum":[{"cell":"R2C3"}],"maximum":[{"cell":"R2C2"}]`,
			variants.MinMax{Minimum: cells([2]int{2, 3}), Maximum: cells([2]int{2, 2})}},
		{"indexer", `"rowindexer":[{"cells":["R2C1"]}],"columnindexer":[{"cells":["R2C3","R1C2"]}],"boxindexer":[{"cells":["R3C3"]}]`,
			variants.Indexer{Row: cells([2]int{2, 1}), Column: cells([2]int{2, 3}, [2]int{1, 2}), Box: cells([2]int{3, 3})}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := fpuzzles.Decode(sums4 + "," + tc.members + "}")
			require.NoError(t, err)
			require.Equal(t, []rules.Variant{tc.want}, p.Variants)
			require.NotNil(t, p.Solution)

			m, err := rules.Build(p.Grid, p.Variants...)
			require.NoError(t, err)
			sol := make(model.Solution, len(p.Solution.Cells))
			for i, v := range p.Solution.Cells {
				sol[i] = model.Cand(i*4 + v - 1)
			}
			require.NoError(t, model.Check(m, sol), "the document's solution")
			res, err := sat.New().Solve(context.Background(), m, model.Options{Limit: 1})
			require.NoError(t, err)
			require.Equal(t, model.Sat, res.Status)
			require.NoError(t, model.Check(m, res.Solutions[0]))

			js, err := fpuzzles.Encode(p)
			require.NoError(t, err)
			back, err := fpuzzles.Decode(js)
			require.NoError(t, err, js)
			assert.Equal(t, p.Variants, back.Variants, js)
			assert.Equal(t, p.Solution, back.Solution)
		})
	}
}

// TestSumsDecodeMeaning pins the readings the families' keys need beyond
// their cells: a pill's digits in the order the document lists them (as
// the reference solver reads them), even against reading order, the
// circle dropped from an arrow's line, a little killer's "cells" checked
// against its clue.
func TestSumsDecodeMeaning(t *testing.T) {
	const empty9 = `{"size":9,"grid":[` +
		`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
		`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
		`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]]`
	p, err := fpuzzles.Decode(empty9 + `,"arrow":[{"cells":["R1C3","R1C2"],"lines":[["R1C2","R1C1","R2C1","R3C1"]]}]}`)
	require.NoError(t, err)
	assert.Equal(t, []rules.Variant{variants.Arrow{Arrows: []variants.ArrowClue{{
		Circle: cells([2]int{1, 3}, [2]int{1, 2}),
		Shafts: [][]sudoku.Cell{cells([2]int{1, 1}, [2]int{2, 1}, [2]int{3, 1})},
	}}}}, p.Variants, "R1C3 is the pill's tens digit")

	for _, tc := range []struct{ name, members, want string }{
		{"cells off the diagonal", `"littlekillersum":[{"cell":"R0C1","cells":["R1C2","R2C2"],"direction":"DR","value":"3"}]`, "not the diagonal"},
		{"bad direction", `"littlekillersum":[{"cell":"R0C1","direction":"D","value":"3"}]`, "direction"},
		{"clue inside", `"littlekillersum":[{"cell":"R1C1","direction":"DR","value":"3"}]`, "just outside"},
		{"clue far", `"littlekillersum":[{"cell":"R0C12","direction":"DL","value":"3"}]`, "bad clue cell"},
		{"arrow all circle", `"arrow":[{"cells":["R1C1"],"lines":[["R1C1"]]}]`, "no cell outside the circle"},
		{"quadruple not a block", `"quadruple":[{"cells":["R1C1","R1C2","R2C1","R3C2"],"values":[1]}]`, "not a 2x2 block"},
		{"quadruple three cells", `"quadruple":[{"cells":["R1C1","R1C2","R2C1"],"values":[1]}]`, "want the 4 cells"},
		{"clone lengths", `"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R5C5"]}]`, "2 cells and 1 cloneCells"},
		{"cage total", `"killercage":[{"cells":["R1C1","R1C2"],"value":"x"}]`, "not a whole number"},
		{"indexer value", `"rowindexer":[{"cells":["R1C1"],"value":"3"}]`, "value"},
	} {
		_, err := fpuzzles.Decode(empty9 + "," + tc.members + "}")
		require.Error(t, err, tc.name)
		assert.ErrorContains(t, err, tc.want, tc.name)
	}
}

// TestSumsPillOrderRoundTrip: a pill listed against reading order keeps
// its order through a document: "cells" lists its digits most significant
// first, which is how the reference solver reads them back.
func TestSumsPillOrderRoundTrip(t *testing.T) {
	p := &fpuzzles.Puzzle{Grid: grid(t, 9), Variants: []rules.Variant{variants.Arrow{Arrows: []variants.ArrowClue{{
		Circle: cells([2]int{1, 3}, [2]int{1, 2}), Shafts: [][]sudoku.Cell{cells([2]int{2, 1})},
	}}}}}
	js, err := fpuzzles.Encode(p)
	require.NoError(t, err)
	assert.Contains(t, js, `"cells":["R1C3","R1C2"]`)
	back, err := fpuzzles.Decode(js)
	require.NoError(t, err, js)
	assert.Equal(t, p.Variants, back.Variants, js)
}
