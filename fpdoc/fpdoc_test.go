package fpdoc_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/sudoku"
)

var s4 = sudoku.Shape{BoxRows: 2, BoxCols: 2}

func TestRefs(t *testing.T) {
	c := sudoku.Cell{Row: 11, Col: 0}
	assert.Equal(t, "R12C1", fpdoc.Ref(c))
	got, ok := fpdoc.ParseRef("R12C1", 16)
	assert.True(t, ok)
	assert.Equal(t, c, got)
	for _, bad := range []string{"R12C1 ", "r1c1", "R0C1", "R1C17", "R1", "RC1", "R1234C1"} {
		_, ok := fpdoc.ParseRef(bad, 16)
		assert.False(t, ok, bad)
	}
}

func TestReader(t *testing.T) {
	members := map[string]json.RawMessage{
		"on":    json.RawMessage(`true`),
		"null":  json.RawMessage(`null`),
		"bad":   json.RawMessage(`"yes"`),
		"lines": json.RawMessage(`[{"lines":[["R1C1","R2C2"],["R1C1","R1C2"]],"value":3}]`),
		"pairs": json.RawMessage(`[{"cells":["R1C1"]}]`),
	}
	r := fpdoc.NewReader(s4, members, []string{"xv"}, nil)
	for key, want := range map[string]bool{"on": true, "null": false, "absent": false} {
		on, err := r.Flag(key)
		require.NoError(t, err, key)
		assert.Equal(t, want, on, key)
	}
	_, err := r.Flag("bad")
	assert.ErrorIs(t, err, fpdoc.ErrSyntax)
	assert.True(t, r.Negative("xv"))
	assert.False(t, r.Negative("ratio"))

	var lines [][]sudoku.Cell
	require.NoError(t, r.Parts("lines", func(at string, p fpdoc.Part) error {
		assert.Equal(t, "lines[0]", at)
		assert.Equal(t, fpdoc.Text("3"), p.Value, "a number reads as text")
		ls, err := r.Lines(at, p)
		lines = append(lines, ls...)
		return err
	}))
	assert.Equal(t, [][]sudoku.Cell{{{Row: 0, Col: 0}, {Row: 1, Col: 1}}, {{Row: 0, Col: 0}, {Row: 0, Col: 1}}}, lines)
	err = r.Parts("pairs", func(at string, p fpdoc.Part) error {
		_, err := r.Pair(at, p)
		return err
	})
	assert.ErrorIs(t, err, fpdoc.ErrSyntax)
	assert.ErrorContains(t, err, "pairs[0]: 1 cells, want 2")
	require.NoError(t, r.Parts("absent", func(string, fpdoc.Part) error { panic("no parts") }))
}

func TestWriter(t *testing.T) {
	w := fpdoc.NewWriter(s4)
	w.SetFlag("antiknight")
	w.Add("xv", fpdoc.PairPart(sudoku.Cell{}, sudoku.Cell{Col: 1}, "X"))
	w.AddNegative("xv")
	assert.True(t, w.Flag("antiknight"))
	assert.Equal(t, []fpdoc.Part{{Cells: []string{"R1C1", "R1C2"}, Value: "X"}}, w.List("xv"))
	assert.Equal(t, []string{"xv"}, w.Negative())
	require.NoError(t, w.SetRegions([][]sudoku.Cell{{}}))
	assert.Error(t, w.SetRegions([][]sudoku.Cell{{}}), "one set of regions")
	b, err := json.Marshal(fpdoc.LinePart([]sudoku.Cell{{}, {Row: 1}}, ""))
	require.NoError(t, err)
	assert.Equal(t, `{"lines":[["R1C1","R2C1"]]}`, string(b))
}
