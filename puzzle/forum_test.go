package puzzle_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/puzzle"
)

// Forum killer lines and SudokuPad's own links are told apart from text
// puzzles by their first line, as f-puzzles data is, and --in killer
// forces the killer reading.
func TestReaderForumAndSudokuPad(t *testing.T) {
	short := "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
	long := "3x3::k:" + strings.Repeat("1:", 81)
	r := &puzzle.Reader{Stdin: strings.NewReader("# killers\n" + short + "\n" + long + "\n" + short[:80] + "\n")}
	items, err := readAll(r)
	require.NoError(t, err)
	require.Len(t, items, 3)
	assert.NoError(t, items[0].Err)
	require.Len(t, items[0].Own, 1)
	assert.Equal(t, "killer", items[0].Own[0].Name())
	assert.NoError(t, items[1].Err)
	assert.Empty(t, items[1].Own, "no cell is in a cage")
	assert.ErrorContains(t, items[2].Err, "80 characters")
	assert.Equal(t, "stdin:4", items[2].Where())

	items, err = readAll(&puzzle.Reader{Format: puzzle.Killer}, top95first)
	require.NoError(t, err)
	assert.ErrorContains(t, items[0].Err, "malformed killer line")

	link, err := os.ReadFile("../testdata/parity-fish.txt")
	require.NoError(t, err)
	items, err = readAll(&puzzle.Reader{}, string(link))
	require.NoError(t, err)
	assert.ErrorContains(t, items[0].Err, "21 overlays")
	var warned []string
	r = &puzzle.Reader{IgnoreUnsupported: true, Warn: func(f string, a ...any) { warned = append(warned, f) }}
	items, err = readAll(r, string(link))
	require.NoError(t, err)
	require.NoError(t, items[0].Err)
	assert.Equal(t, "Parity Fish", items[0].Title)
	assert.NotNil(t, items[0].Stored)
	assert.Len(t, warned, 3, "the unused metadata, and each of the 2 dropped parts")
}

// Library lines keep their rating and technique in the item and its
// record.
func TestReaderLibrary(t *testing.T) {
	r := &puzzle.Reader{Stdin: strings.NewReader(top95first + " ED=9.4/9.4/9.1 Nishio\n" + top95first + " nonsense\n")}
	items, err := readAll(r)
	require.NoError(t, err)
	require.Len(t, items, 2)
	require.NoError(t, items[0].Err)
	assert.Equal(t, top95first, items[0].Grid.Line())
	assert.Equal(t, "9.4/9.4/9.1", items[0].Rating)
	assert.Equal(t, "Nishio", items[0].Technique)
	rec := puzzle.NewRecord(items[0], nil)
	assert.Equal(t, "9.4/9.4/9.1", rec.LibraryRating)
	assert.Equal(t, "Nishio", rec.LibraryTechnique)
	require.NoError(t, items[1].Err, "an unrated line reads as in a text file")
	assert.Empty(t, items[1].Rating)

	hodoku := ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:"
	items, err = readAll(&puzzle.Reader{}, hodoku)
	require.NoError(t, err)
	require.NoError(t, items[0].Err)
	assert.Equal(t, "Full House (0000); digits 1; places 182", items[0].Technique)
}
