package sudoku

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPretty(t *testing.T) {
	g4, err := Parse(p4, ParseOptions{})
	require.NoError(t, err)
	g6 := NewGrid(Shape{3, 2})
	g6.Set(0, 0, 6)
	g6.Set(5, 5, 1)
	hex := NewGrid(Shape{2, 2})
	hex.Alphabet = Hex
	hex.Set(0, 0, 1)
	hex.Set(1, 1, 4)
	tests := []struct {
		name string
		g    Grid
		want string
	}{
		{"4x4", g4, "" +
			"1 . | 3 .\n" +
			". . | . .\n" +
			"----+----\n" +
			"4 . | . .\n" +
			"2 . | . .\n"},
		{"6x6 3x2", g6, "" +
			"6 . | . . | . .\n" +
			". . | . . | . .\n" +
			". . | . . | . .\n" +
			"----+-----+----\n" +
			". . | . . | . .\n" +
			". . | . . | . .\n" +
			". . | . . | . 1\n"},
		{"hex", hex, "" +
			"0 . | . .\n" +
			". 3 | . .\n" +
			"----+----\n" +
			". . | . .\n" +
			". . | . .\n"},
		{"zero grid", Grid{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.g.Pretty())
		})
	}
}

func TestPretty9x9(t *testing.T) {
	g, err := Parse(p9, ParseOptions{})
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(g.Pretty(), "\n"), "\n")
	require.Len(t, lines, 11)
	assert.Equal(t, "6 . 9 | . 2 5 | . . .", lines[0])
	assert.Equal(t, "------+-------+------", lines[3])
	assert.Equal(t, lines[3], lines[7])
	assert.Equal(t, "4 5 3 | . . . | . . 9", lines[10])
}

func TestTokens(t *testing.T) {
	g4, err := Parse(p4, ParseOptions{})
	require.NoError(t, err)
	g16 := NewGrid(Shape{4, 4})
	g16.Cells[0], g16.Cells[1], g16.Cells[255] = 16, 9, 1
	tests := []struct {
		name  string
		g     Grid
		first string // first line
		lines int
	}{
		{"4x4", g4, "1 0 3 0", 4},
		{"16x16 aligned", g16, "16  9  0  0  0  0  0  0  0  0  0  0  0  0  0  0", 16},
		{"zero grid", Grid{}, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := tt.g.Tokens()
			if tt.lines == 0 {
				assert.Empty(t, out)
				return
			}
			assert.True(t, strings.HasSuffix(out, "\n"))
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			assert.Len(t, lines, tt.lines)
			assert.Equal(t, tt.first, lines[0])
		})
	}
	assert.True(t, strings.HasSuffix(g16.Tokens(), " 0  0  1\n"))
}

func TestStringIsLine(t *testing.T) {
	g, err := Parse(p9, ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, p9, g.String())
	assert.Equal(t, g.Line(), g.String())
}

// TestRoundTrip writes every corpus puzzle and solution in each output
// format and reads it back, with and without options.
func TestRoundTrip(t *testing.T) {
	var grids []Grid
	for _, name := range []string{"4x4", "6x6", "9x9", "12x12", "16x16", "16x16.hex", "25x25"} {
		for _, kind := range []string{".txt", ".solutions.txt"} {
			for _, l := range readLines(t, "shapes/"+name+kind) {
				g, err := Parse(l, ParseOptions{})
				require.NoError(t, err, "%s: %s", name, l)
				grids = append(grids, g)
			}
		}
	}
	// Shapes the corpus lacks: 3x2, 2x4, 4x2, 6x6 boxes (36x36, hex),
	// letters, and an empty grid.
	for _, s := range []Shape{{3, 2}, {2, 4}, {4, 2}, {4, 3}, {6, 6}} {
		g := NewGrid(s)
		n := s.N()
		for r := 0; r < n; r++ {
			g.Set(r, (r*s.BoxCols+r/s.BoxRows)%n, r+1)
		}
		grids = append(grids, g)
	}
	letters := NewGrid(Shape{4, 4})
	letters.Alphabet = Letters
	letters.Cells[0], letters.Cells[17] = 16, 1
	grids = append(grids, letters, NewGrid(Shape{3, 3}))

	for _, g := range grids {
		name := g.Shape.String() + " " + g.Alphabet.String() + " " + g.Line()[:min(len(g.Line()), 20)]
		t.Run(name, func(t *testing.T) {
			require.NoError(t, g.Validate())
			forced := ParseOptions{Shape: g.Shape, Alphabet: &g.Alphabet}
			for format, out := range map[string]string{"line": g.Line(), "pretty": g.Pretty()} {
				h, err := Parse(out, forced)
				require.NoError(t, err, format)
				assert.Equal(t, g, h, format)
			}
			h, err := Parse(g.Tokens(), ParseOptions{Shape: g.Shape})
			require.NoError(t, err, "tokens")
			assert.Equal(t, g.Cells, h.Cells, "tokens")

			// Pretty shows the boxes, so the shape needs no option.
			h, err = Parse(g.Pretty(), ParseOptions{Alphabet: &g.Alphabet})
			require.NoError(t, err, "pretty")
			assert.Equal(t, g, h, "pretty")
		})
	}
}

// TestRoundTripAuto reads the corpus back with no options at all: the
// alphabet and shape must be found from the text.
func TestRoundTripAuto(t *testing.T) {
	for _, name := range []string{"4x4", "6x6", "9x9", "12x12", "16x16", "16x16.hex", "25x25"} {
		for _, l := range readLines(t, "shapes/"+name+".txt") {
			g, err := Parse(l, ParseOptions{})
			require.NoError(t, err)
			for format, out := range map[string]string{"line": g.Line(), "pretty": g.Pretty()} {
				h, err := Parse(out, ParseOptions{})
				require.NoError(t, err, "%s %s", name, format)
				assert.Equal(t, g, h, "%s %s", name, format)
			}
			if g.Alphabet == Digits {
				h, err := Parse(g.Tokens(), ParseOptions{})
				require.NoError(t, err, "%s tokens", name)
				assert.Equal(t, g.Shape, h.Shape, "%s tokens", name)
				assert.Equal(t, g.Cells, h.Cells, "%s tokens", name)
				if g.Shape.N() >= 10 {
					// Tokens read back as tokens, in numbers.
					assert.Equal(t, Numbers, h.Alphabet, "%s tokens", name)
				}
			}
		}
	}
}

func TestFormatShortCells(t *testing.T) {
	// A grid whose Cells do not fit its shape is broken, but printing it
	// must not panic: missing cells print as blanks.
	g := Grid{Shape: Shape{2, 2}, Cells: []int{1, 2}}
	assert.Equal(t, "1 2 | . .\n", strings.SplitAfter(g.Pretty(), "\n")[0])
	assert.Equal(t, "1 2 0 0\n", strings.SplitAfter(g.Tokens(), "\n")[0])
	assert.Equal(t, "12", g.Line())
}
