package fpuzzles_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/sudoku"
)

// empty4 is an empty 4x4 f-puzzles document; more members go in its tail.
func empty4(tail string) string {
	return `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]` + tail + `}`
}

// TestErrorsSpeakJSON checks that malformed input is described in terms of
// the JSON the user wrote: its path, the kind wanted and the kind found,
// never a Go type, and that JSON other than an object is not taken for a
// short id.
func TestErrorsSpeakJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{"null", "null", "the input is a JSON null, not f-puzzles data"},
		{"true", " true ", "the input is a JSON true"},
		{"list", "[1, 2]", "the input is a JSON list"},
		{"string", `"R1C1"`, "the input is a JSON string"},
		{"constraint list is a number", empty4(`,"thermometer":3`), `"thermometer": want a list of objects, got a number`},
		{"constraint list is an object", empty4(`,"odd":{"cell":"R1C1"}`), `"odd": want a list of objects, got an object`},
		{"element is a string", empty4(`,"renban":["R1C1"]`), `"renban[0]": want an object, got a string`},
		{"lines is a number", empty4(`,"thermometer":[{"lines":3}]`), `"thermometer[0].lines": want a list of lists of strings, got a number`},
		{"cells is a string", empty4(`,"xv":[{"cells":"R1C1","value":"X"}]`), `"xv[0].cells": want a list of strings, got a string`},
		{"cell is a number", empty4(`,"even":[{"cell":5}]`), `"even[0].cell": want a string, got a number`},
		{"value is an object", empty4(`,"whispers":[{"lines":[["R1C1","R1C2"]],"value":{}}]`), `"whispers[0].value": want a string or a number, got an object`},
		{"grid value is a list", `{"size":4,"grid":[[{"value":[1]},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `"grid cell R1C1.value": want a string or a number, got a list`},
		{"given is a number", `{"size":4,"grid":[[{"given":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, `"grid cell R1C1.given": want true or false, got a number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := fpuzzles.Decode(tc.in)
			require.Error(t, err)
			assert.Nil(t, p)
			assert.ErrorIs(t, err, fpuzzles.ErrSyntax)
			assert.ErrorContains(t, err, tc.want)
			for _, leak := range []string{"Go value", "Go struct", "fpuzzles.", "[]string", "json:"} {
				assert.NotContains(t, strings.TrimPrefix(err.Error(), "fpuzzles: "), leak)
			}
			assert.NotContains(t, err.Error(), "short id")
		})
	}
	// A real short id still is one.
	_, err := fpuzzles.Decode("psxczr0jpr")
	assert.ErrorIs(t, err, fpuzzles.ErrNetwork)
}

func TestByteOrderMark(t *testing.T) {
	p, err := fpuzzles.Decode("\ufeff" + empty4(`,"antiknight":true`))
	require.NoError(t, err)
	assert.Equal(t, 4, p.Grid.Shape.N())
	assert.True(t, fpuzzles.Looks("\ufeff"+empty4("")))
}

// TestSizes checks the sizes Decode documents: 4..36, the primes with rows
// as boxes.
func TestSizes(t *testing.T) {
	grid := func(n int) string {
		row := "[" + strings.TrimSuffix(strings.Repeat("{},", n), ",") + "]"
		return `{"size":` + strconv.Itoa(n) + `,"grid":[` + strings.TrimSuffix(strings.Repeat(row+",", n), ",") + `]}`
	}
	for _, n := range []int{4, 5, 6, 7, 8, 9, 10, 12, 13, 16, 25, 36} {
		p, err := fpuzzles.Decode(grid(n))
		require.NoError(t, err, "size %d", n)
		assert.Equal(t, n, p.Grid.Shape.N())
		// and back: Encode writes every size Decode reads.
		js, err := fpuzzles.Encode(p)
		require.NoError(t, err, "size %d", n)
		q, err := fpuzzles.Decode(js)
		require.NoError(t, err, "size %d", n)
		assert.Equal(t, p.Grid.Shape, q.Grid.Shape)
	}
	for _, n := range []int{1, 2, 3, 37, 49} {
		_, err := fpuzzles.Decode(grid(n))
		assert.ErrorIs(t, err, fpuzzles.ErrUnsupported, "size %d", n)
		assert.ErrorIs(t, err, sudoku.ErrShape, "size %d", n)
	}
}
