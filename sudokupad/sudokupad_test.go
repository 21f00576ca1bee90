package sudokupad_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/sudokupad"
)

func readFile(tb testing.TB, name string) string {
	tb.Helper()
	b, err := os.ReadFile(name)
	require.NoError(tb, err)
	return strings.TrimSpace(string(b))
}

// The published Parity Fish link: its metadata and solution read, and its
// dots (overlays) and background image, which only its rules explain, are
// refused by name with the rules quoted.
func TestParityFishRefusedByName(t *testing.T) {
	link := readFile(t, "../testdata/parity-fish.txt")
	assert.True(t, sudokupad.Looks(link))
	_, err := sudokupad.Decode(link)
	require.ErrorIs(t, err, sudokupad.ErrUnsupported)
	var ue *sudokupad.UnsupportedError
	require.True(t, errors.As(err, &ue))
	assert.Equal(t, []string{"21 overlays", `a background image (metadata "bgimage"), which may draw rules`}, ue.Parts)
	assert.Contains(t, err.Error(), "Two cells connected by a white dot contain consecutive digits.")
	assert.Contains(t, err.Error(), "red line")

	p, err := sudokupad.Options{IgnoreUnsupported: true}.Decode(link)
	require.NoError(t, err)
	assert.Equal(t, "Parity Fish", p.Title)
	assert.Equal(t, "Marty Sears", p.Author)
	assert.True(t, strings.HasPrefix(p.Rules, "Normal sudoku rules apply"))
	require.NotNil(t, p.Solution)
	assert.Equal(t, "854369172976251834123478956419582367568937421237146598785694213691823745342715689", p.Solution.String())
	assert.Equal(t, ue.Parts, p.Dropped)
	assert.Empty(t, p.Variants, "boxes are no jigsaw")
	assert.Contains(t, p.Unused, `metadata "source"`)
	assert.Contains(t, p.Unused, `metadata "bgimageopacity"`)
}

// Every published killer of testdata/killers (f-puzzles links with their
// titles and published solutions) goes out as a SudokuPad link and reads
// back as the same puzzle.
func TestKillersRoundTrip(t *testing.T) {
	links := strings.Split(readFile(t, "../testdata/killers/killers.links.txt"), "\n")
	n, diagonal := 0, 0
	for _, link := range links {
		if strings.HasPrefix(link, "#") {
			continue
		}
		n++
		p, err := fpuzzles.Decode(link)
		require.NoError(t, err)
		out, err := sudokupad.URL(p)
		if js, _ := fpuzzles.Encode(p); strings.Contains(js, `"diagonal`) {
			diagonal++
			require.Error(t, err, "SudokuPad only draws diagonals")
			assert.Contains(t, err.Error(), "diagonal")
			continue
		}
		require.NoError(t, err, p.Title)
		assert.True(t, strings.HasPrefix(out, "https://sudokupad.app/scl"))
		back, err := sudokupad.Decode(out)
		require.NoError(t, err, p.Title)
		assert.Equal(t, p.Variants, back.Variants, p.Title)
		assert.Equal(t, p.Title, back.Title)
		require.NotNil(t, back.Solution, p.Title)
		assert.Equal(t, p.Solution.String(), back.Solution.String(), p.Title)
		assert.Equal(t, p.Grid.String(), back.Grid.String(), p.Title)
		assert.Empty(t, back.Dropped)
		assert.Empty(t, back.Unused)
	}
	assert.Equal(t, 35, n)
	assert.Less(t, diagonal, 10, "most killers have no diagonal")
}

// Arrow sudokus carry rules SudokuPad only draws: the writer refuses them
// by name and points to the link that carries them.
func TestEncodeRefusesDrawnRules(t *testing.T) {
	p, err := fpuzzles.Decode(readFile(t, "../testdata/arrow.json"))
	require.NoError(t, err)
	_, err = sudokupad.URL(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "[arrow]")
	assert.Contains(t, err.Error(), "--to sudokupad")
}
