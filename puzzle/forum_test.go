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

	link, err := os.ReadFile("../sudokupad/testdata/parity-fish.txt")
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
