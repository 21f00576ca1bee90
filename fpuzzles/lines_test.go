package fpuzzles_test

import (
	"context"
	"fmt"
	"strings"
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

// linesDoc writes an f-puzzles document of side n with givens
// ("R1C2=9 R3C3=1") and members (JSON object members, comma-separated).
func linesDoc(n int, givens, members string) string {
	vals := map[string]string{}
	for _, f := range strings.Fields(givens) {
		at, v, _ := strings.Cut(f, "=")
		vals[at] = v
	}
	var rows []string
	for r := 1; r <= n; r++ {
		var row []string
		for c := 1; c <= n; c++ {
			if v, ok := vals[fmt.Sprintf("R%dC%d", r, c)]; ok {
				row = append(row, `{"value":`+v+`,"given":true}`)
			} else {
				row = append(row, `{}`)
			}
		}
		rows = append(rows, "["+strings.Join(row, ",")+"]")
	}
	doc := fmt.Sprintf(`{"size":%d,"grid":[%s]`, n, strings.Join(rows, ","))
	if members != "" {
		doc += "," + members
	}
	return doc + "}"
}

// jsonLines writes the member key with one object per line of
// "R1C1 R1C2 | R5C5 R6C6".
func jsonLines(key, s string) string {
	var parts []string
	for _, l := range strings.Split(s, "|") {
		parts = append(parts, `{"lines":[["`+strings.Join(strings.Fields(l), `","`)+`"]]}`)
	}
	return `"` + key + `":[` + strings.Join(parts, ",") + `]`
}

// jsonClues writes the member key with one clue per "R0C3=12".
func jsonClues(key, s string) string {
	var parts []string
	for _, f := range strings.Fields(s) {
		at, v, _ := strings.Cut(f, "=")
		parts = append(parts, `{"cell":"`+at+`","value":"`+v+`"}`)
	}
	return `"` + key + `":[` + strings.Join(parts, ",") + `]`
}

// jsonCages writes "killercage" from "21: R1C1 R1C2 | 3: R4C4 R4C3".
func jsonCages(s string) string {
	var parts []string
	for _, c := range strings.Split(s, "|") {
		t, cs, _ := strings.Cut(c, ":")
		parts = append(parts, `{"cells":["`+strings.Join(strings.Fields(cs), `","`)+`"],"value":"`+strings.TrimSpace(t)+`"}`)
	}
	return `"killercage":[` + strings.Join(parts, ",") + `]`
}

// The published puzzles of variants/testdata/lines.md, written as the
// f-puzzles documents their keys make.
var linesDocs = []struct {
	name, doc string
	family    string // the family whose key the document tests
	solution  string // the published solution
}{
	{"sandwich-ctc", linesDoc(9, "R3C3=1 R5C5=5 R7C7=9", jsonClues("sandwichsum",
		"R0C1=8 R0C2=4 R0C3=17 R0C4=35 R0C5=14 R0C6=13 R0C7=3 R0C8=10 R0C9=25 "+
			"R1C0=4 R2C0=33 R3C0=20 R4C0=17 R5C0=26 R6C0=10 R7C0=16 R8C0=24 R9C0=0")),
		"sandwich", "236941875954378612871625439182439756397856124645217398413562987569783241728194563"},
	{"xsum-ctc", linesDoc(9, "", jsonClues("xsum",
		"R0C2=27 R10C2=27 R0C4=11 R10C4=11 R0C6=21 R0C7=16 R10C7=16 R2C0=8 R2C10=8 R4C0=17 R4C10=17 R6C0=30 R6C10=30 R8C0=28 R8C10=28")),
		"xsum", "856214379341975862792863541417529683985631724623487195274156938539748216168392457"},
	{"between-logic-masters", linesDoc(9, "R1C2=9 R2C1=2 R2C7=1 R4C3=6 R4C5=7 R4C8=5 R5C2=3 R5C8=8 R6C5=5 R6C7=2 R8C3=9 R8C9=8 R9C8=1",
		jsonLines("betweenline", "R9C5 R8C6 R7C7 R6C8 R5C9 | R9C3 R8C4 R7C5 R6C6 R5C7 R4C8 R3C9 | "+
			"R1C9 R2C8 R3C7 R4C6 R5C5 R6C4 R7C3 R8C2 R9C1 | R5C1 R4C2 R3C3 R2C4 R1C5 | R7C1 R6C2 R5C3 R4C4 R3C5 R2C6 R1C7")),
		"between", "697531842258497163314862579846273951532149786971658234125386497469715328783924615"},
	{"lockout-logic-masters", linesDoc(9, "R3C1=2 R3C9=8 R5C4=5 R6C1=3 R9C7=9 R9C2=1",
		jsonLines("lockout", "R1C2 R2C2 R3C2 R4C2 | R4C2 R3C3 R2C3 R1C2 | R2C5 R2C4 R3C4 R3C5 R4C5 R4C4 | "+
			"R4C6 R3C6 R2C6 R1C6 R2C7 R1C8 R2C8 R3C8 R4C8 | R6C3 R6C4 R7C4 R7C3 R8C3 R8C4 | R8C5 R8C6 R8C7 R7C6 R6C7 R6C6 R6C5")),
		"lockout", "563814729489752316271693548627189453148536297395427861934271685752968134816345972"},
	{"regionsum-ctc", linesDoc(9, "", jsonLines("regionsumline",
		"R1C2 R2C2 R3C2 R4C2 R5C2 | R1C3 R2C4 R3C5 | R6C1 R7C1 R8C1 | R7C2 R6C3 R5C4 R4C5 R3C6 R2C7 R1C8 | "+
			"R2C8 R3C7 R4C6 R5C5 R6C4 R7C3 R8C2 | R3C8 R4C7 R5C6 R6C5 R7C4 R8C3 R9C2 | "+
			"R3C9 R4C8 R5C7 R6C6 R7C5 R8C4 R9C3 | R5C9 R6C8 R7C7 R8C6 R9C5")),
		"regionsum", "847925163965137284312468579693854712421376895758219346586743921274591638139682457"},
	{"zipper-logic-masters", linesDoc(9, "", jsonLines("zipperline",
		"R5C1 R5C2 R5C3 | R7C2 R7C1 R8C1 R9C1 R9C2 R9C3 R8C3 | R8C2 R7C3 R6C4 R7C5 R8C6 | "+
			"R8C5 R9C5 R9C6 R9C7 R8C7 R7C7 R7C6 | R4C8 R4C7 R5C7 R6C7 R6C8 R6C9 R5C9 | "+
			"R2C9 R3C9 R3C8 R3C7 R2C7 R1C7 R1C8 | R2C6 R1C6 R1C5 R1C4 R2C4 R3C4 R3C5 | R2C5 R3C6 R4C5")),
		"zipper", "329764518547182396168359742695213487473598621281647935734825169856931274912476853"},
	{"modular-logic-masters", linesDoc(9, "", jsonLines("modularline",
		"R2C5 R2C4 R2C3 R2C2 R3C2 R4C2 R5C2 | R7C1 R8C1 R8C2 R7C2 | R4C3 R5C3 R6C3 R7C3 R8C3 R9C3 R9C2 | "+
			"R6C4 R5C4 R4C4 R4C5 R4C6 R5C6 R6C6 | R5C8 R6C8 R7C8 R8C8 R8C7 R8C6 R8C5 | R3C8 R2C8 R2C9 R3C9 | "+
			"R1C9 R1C8 R1C7 R2C7 R3C7 R4C7 R5C7 R6C7")+","+
		jsonCages("21: R1C1 R1C2 R2C2 R2C1 | 22: R4C1 R5C1 R6C1 | 3: R4C4 R4C3 | 3: R6C3 R6C4 | 10: R6C5 R7C5 R8C5 | "+
			"22: R2C5 R3C5 R4C5 | 7: R4C6 R4C7 | 8: R6C6 R6C7 | 15: R4C9 R5C9 R6C9 | 13: R8C8 R8C9 R9C9 R9C8")),
		"modular", "359427168764891523128356974972183456536974812841265397415632789293718645687549231"},
	{"entropic-logic-masters", linesDoc(9, "", jsonLines("entropicline",
		"R3C1 R4C1 R5C1 R6C1 R7C1 R8C1 | R1C2 R1C3 R1C4 R1C5 R1C6 R1C7 | R2C9 R3C9 R4C9 R5C9 R6C9 | "+
			"R9C8 R9C7 R9C6 R9C5 R9C4 R9C3 R9C2 | R6C8 R5C7 R4C6 R3C5 R2C4 R3C4 R4C4 R5C5 R6C4 R7C4 R8C4")+","+
		jsonCages("9: R1C1 R2C1 | 20: R2C3 R3C3 R3C2 | 12: R1C9 R1C8 | 15: R2C7 R3C7 R3C8 | 20: R7C2 R7C3 R8C3 | "+
			"10: R9C1 R9C2 | 9: R8C9 R9C9 | 18: R7C8 R7C7 R8C7")+","+
		jsonLines("whispers", "R9C1 R8C2 R7C3 | R4C2 R5C3 R6C2 | R1C1 R2C2 R3C3 | R7C7 R8C8 R9C9")+","+
		`"ratio":[{"cells":["R2C6","R3C6"],"value":"3"}]`),
		"entropic", "642751839315986427978342561581493276263175948794268153459617382136824795827539614"},
}

// TestLinesRoundTrip decodes each document, solves it on the SAT backend
// (unique, the published solution), encodes it and decodes the result to
// the same puzzle.
func TestLinesRoundTrip(t *testing.T) {
	for _, tc := range linesDocs {
		t.Run(tc.name, func(t *testing.T) {
			p, err := fpuzzles.Decode(tc.doc)
			require.NoError(t, err)
			var names []string
			for _, v := range p.Variants {
				names = append(names, v.Name())
			}
			require.Contains(t, names, tc.family)

			m, err := rules.Build(p.Grid, p.Variants...)
			require.NoError(t, err)
			res, err := sat.New().Solve(context.Background(), m, model.Options{Limit: 2})
			require.NoError(t, err)
			require.Equal(t, model.Unique, res.Status)
			g, err := rules.Decode(p.Grid.Shape, res.Solutions[0])
			require.NoError(t, err)
			assert.Equal(t, tc.solution, g.Line())

			js, err := fpuzzles.Encode(p)
			require.NoError(t, err)
			back, err := fpuzzles.Decode(js)
			require.NoError(t, err, js)
			samePuzzle(t, p, back, tc.name)
		})
	}
}

// TestLinesDecodeMeaning pins down how the keys read: which house a clue
// outside the grid reads and from which end, and that a line's value and a
// clue without a number are refused.
func TestLinesDecodeMeaning(t *testing.T) {
	p, err := fpuzzles.Decode(linesDoc(4, "", jsonClues("xsum", "R0C2=3 R5C3=4 R1C0=1 R2C5=10")))
	require.NoError(t, err)
	require.Equal(t, []rules.Variant{variants.XSum{Clues: []variants.EdgeClue{
		{Outside: sudoku.Cell{Row: -1, Col: 1}, Total: 3},
		{Outside: sudoku.Cell{Row: 4, Col: 2}, Total: 4},
		{Outside: sudoku.Cell{Row: 0, Col: -1}, Total: 1},
		{Outside: sudoku.Cell{Row: 1, Col: 4}, Total: 10},
	}}}, p.Variants)
	cells, err := variants.EdgeClue{Outside: sudoku.Cell{Row: 1, Col: 4}}.Cells(4)
	require.NoError(t, err)
	assert.Equal(t, []sudoku.Cell{{Row: 1, Col: 3}, {Row: 1, Col: 2}, {Row: 1, Col: 1}, {Row: 1, Col: 0}}, cells, "a clue right of a row reads it leftwards")

	// Rows as regions (a 4x4 jigsaw): the line down column 1 crosses four
	// regions, and the document's regions travel with the lines.
	var rows []string
	for r := 0; r < 4; r++ {
		rows = append(rows, "["+strings.TrimSuffix(strings.Repeat(fmt.Sprintf(`{"region":%d},`, r), 4), ",")+"]")
	}
	p, err = fpuzzles.Decode(`{"size":4,"grid":[` + strings.Join(rows, ",") + `],` + jsonLines("regionsumline", "R1C1 R2C1 R3C1") + `}`)
	require.NoError(t, err)
	var rs variants.RegionSum
	for _, v := range p.Variants {
		if v, ok := v.(variants.RegionSum); ok {
			rs = v
		}
	}
	require.Len(t, rs.RegionOf, 16)
	assert.Equal(t, []int{0, 0, 0, 0, 1, 1, 1, 1}, rs.RegionOf[:8])

	for _, tc := range []struct{ name, doc, want string }{
		{"corner", linesDoc(4, "", jsonClues("sandwichsum", "R0C0=3")), "not a cell just outside"},
		{"inside", linesDoc(4, "", jsonClues("xsum", "R2C2=3")), "not a cell just outside"},
		{"no number", linesDoc(4, "", `"sandwichsum":[{"cell":"R0C1"}]`), "not a whole number"},
		{"line value", linesDoc(4, "", `"betweenline":[{"lines":[["R1C1","R1C2","R1C3"]],"value":"2"}]`), "value"},
	} {
		_, err := fpuzzles.Decode(tc.doc)
		require.Error(t, err, tc.name)
		assert.ErrorContains(t, err, tc.want, tc.name)
	}
}
