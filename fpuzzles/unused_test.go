package fpuzzles_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
)

// TestUnused: Decode names in Puzzle.Unused every non-empty part of a
// document it reads no rule from and that is no drawing: cosmetic members
// (metadata, solver settings), the members of grid cells it does not read
// (aggregated: one item per member, with its cell or its number of cells)
// and values without "given": true, unless Options.IncludeEntries reads
// them. Empty members and the members it reads are not named.
func TestUnused(t *testing.T) {
	// grid4 is a 4x4 grid whose first row is row1.
	grid4 := func(row1 string) string {
		return `"grid":[[` + row1 + `],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	}
	plainRow := `{"value":1,"given":true},{},{},{"region":1}`
	for _, tc := range []struct {
		name    string
		doc     string
		entries bool
		want    []string
	}{
		{"plain", `{"size":4,` + grid4(plainRow) + `}`, false, nil},
		{"empty cosmetic members", `{"size":4,` + grid4(plainRow) + `,"metadata":{},"highlightConflicts":false,"disabledlogic":[],"successmessage":""}`, false, nil},
		{"empty cell members", `{"size":4,` + grid4(`{"value":1,"given":true,"centerPencilMarks":[],"cornerPencilMarks":[],"highlight":null},{},{},{}`) + `}`, false, nil},
		{"drawings are not unused", `{"size":4,` + grid4(plainRow) + `,"text":[{"cells":["R1C1"],"value":"hi"}]}`, false, nil},
		{"metadata", `{"size":4,` + grid4(plainRow) + `,"metadata":{"rules":"no 1 in a corner"}}`, false, []string{"metadata"}},
		{"settings", `{"size":4,` + grid4(plainRow) + `,"highlightConflicts":true,"disabledlogic":["tuples"],"truecandidatesoptions":["colored"],"successmessage":"Well done","fogofwar":["R1C1"]}`,
			false, []string{"disabledlogic", "fogofwar", "highlightConflicts", "successmessage", "truecandidatesoptions"}},
		{"a solver's marks and colours", `{"size":4,` + grid4(`{"value":1,"given":true,"centerPencilMarks":[2,3]},{"centerPencilMarks":[4],"cornerPencilMarks":[1]},{"c":"#fff","highlight":"#ffffff"},{"candidates":[1,2]}`) + `}`,
			false, []string{"c (R1C3)", "candidates (R1C4)", "centerPencilMarks (2 cells)", "cornerPencilMarks (R1C2)", "highlight (R1C3)"}},
		{"an entry", `{"size":4,` + grid4(`{"value":1,"given":true},{"value":2},{},{}`) + `}`, false, []string{"an entry in R1C2 (not a given)"}},
		{"entries", `{"size":4,` + grid4(`{"value":1,"given":false},{"value":2},{},{"value":"4"}`) + `}`, false, []string{"entries in 3 cells (not givens)"}},
		{"entries read", `{"size":4,` + grid4(`{"value":1,"given":false},{"value":2},{},{"value":"4"}`) + `}`, true, nil},
		{"cells, then members", `{"size":4,` + grid4(`{"value":2,"highlight":"#fff"},{},{},{}`) + `,"metadata":{"a":1}}`, false,
			[]string{"an entry in R1C1 (not a given)", "highlight (R1C1)", "metadata"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := fpuzzles.Options{IncludeEntries: tc.entries}.Decode(tc.doc)
			require.NoError(t, err)
			assert.Equal(t, tc.want, p.Unused)
			assert.Empty(t, p.Dropped)
		})
	}
}

// TestDigitalRootCage: a "cage" whose value is a digital root ("DR5") is a
// constraint to the reference solver, not a drawing: it is refused by name
// (or, with IgnoreUnsupported, dropped with a warning), never read as no
// rule in silence.
func TestDigitalRootCage(t *testing.T) {
	const cells4 = `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	doc := `{"size":4,"grid":` + cells4 + `,"cage":[{"cells":["R1C1","R1C2"],"value":"DR5"}]}`
	_, err := fpuzzles.Decode(doc)
	require.ErrorIs(t, err, fpuzzles.ErrUnsupported)
	assert.ErrorContains(t, err, "cage (digital root totals)")
	p, err := fpuzzles.Options{IgnoreUnsupported: true}.Decode(doc)
	require.NoError(t, err)
	assert.Equal(t, []string{"cage (digital root totals)"}, p.Dropped)

	p, err = fpuzzles.Decode(`{"size":4,"grid":` + cells4 + `,"cage":[{"cells":["R1C1","R1C2"],"value":"5"}]}`)
	require.NoError(t, err)
	assert.Equal(t, []string{"cage"}, p.Drawings, "any other cage is a drawing")
}
