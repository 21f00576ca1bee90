package sudoku

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// full36 returns a solved 36x36 grid (6x6 boxes) in alphabet a.
func full36(a Alphabet) Grid {
	s := Shape{6, 6}
	g := Grid{Shape: s, Cells: make([]int, s.Cells()), Alphabet: a}
	for r := 0; r < 36; r++ {
		for c := 0; c < 36; c++ {
			g.Set(r, c, (6*(r%6)+r/6+c)%36+1)
		}
	}
	return g
}

// TestNoValuePrintsBlank checks that every value of a grid prints as
// itself in line and grid format, whatever the alphabet: 36x36 grids read
// with an alphabet that stops below 36 are written in numbers.
func TestNoValuePrintsBlank(t *testing.T) {
	tests := []struct {
		name    string
		alpha   Alphabet
		numbers bool
	}{
		{"digits stop at Z = 35", Digits, true},
		{"letters stop at Z = 26", Letters, true},
		{"hex names 36", Hex, false},
		{"numbers", Numbers, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := full36(tt.alpha)
			g.Cells[1] = 0 // one blank
			require.NoError(t, g.Validate())
			assert.Equal(t, tt.numbers, g.InNumbers())
			line := g.Line()
			if tt.numbers {
				fields := strings.Fields(line)
				require.Len(t, fields, 36*36)
				for i, f := range fields {
					assert.Equal(t, strconv.Itoa(g.Cells[i]), f, "cell %d", i)
				}
				assert.Contains(t, g.Pretty(), "36")
			} else {
				assert.Equal(t, 1, strings.Count(line, "."), "only the blank prints as '.'")
			}
			// Both formats read back to the same grid, with or without
			// the grid's own alphabet.
			for format, out := range map[string]string{"line": line, "grid": g.Pretty()} {
				h, err := Parse(out, ParseOptions{Alphabet: &g.Alphabet})
				require.NoError(t, err, format)
				assert.Equal(t, g, h, format)
				h, err = Parse(out, ParseOptions{})
				require.NoError(t, err, format)
				assert.Equal(t, g.Cells, h.Cells, format)
				assert.Equal(t, g.Shape, h.Shape, format)
			}
		})
	}
}

// TestParse36 reads 36x36 puzzles as symbols and as tokens.
func TestParse36(t *testing.T) {
	hex := full36(Hex)
	g, err := Parse(hex.Line(), ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, hex, g, "0-9A-Z names 1..36")

	// A 36x36 puzzle without '0' reads as 1-9A-Z, which cannot write 36:
	// its solution is written in numbers.
	digits := full36(Digits)
	for i, v := range digits.Cells {
		if v == 36 {
			digits.Cells[i] = 0
		}
	}
	g, err = Parse(full36Symbols(digits), ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, Digits, g.Alphabet)
	g.Cells = full36(Digits).Cells
	assert.Contains(t, " "+g.Line()+" ", " 36 ")
	assert.NotContains(t, g.Line(), ".")

	tokens := full36(Numbers)
	g, err = Parse(tokens.Tokens(), ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, tokens, g)
	g, err = Parse(tokens.Line(), ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, tokens, g)
}

// full36Symbols writes a 36x36 grid without value 36 in 1-9A-Z symbols.
func full36Symbols(g Grid) string {
	b := make([]byte, len(g.Cells))
	for i, v := range g.Cells {
		b[i] = Digits.Symbol(v)
	}
	return string(b)
}

func TestSymbolPanicsOnValuesWithoutSymbol(t *testing.T) {
	assert.Equal(t, byte('.'), Digits.Symbol(0))
	assert.Equal(t, byte('Z'), Digits.Symbol(35))
	assert.Equal(t, byte('Z'), Hex.Symbol(36))
	for _, tt := range []struct {
		a Alphabet
		v int
	}{{Digits, 36}, {Letters, 27}, {Hex, 37}, {Numbers, 10}, {Digits, -1}} {
		assert.Panics(t, func() { tt.a.Symbol(tt.v) }, "%v %d", tt.a, tt.v)
	}
	// A grid holding a value its alphabet has no symbol for (an invalid
	// grid) still prints every value, in numbers.
	g := NewGrid(Shape{2, 2})
	g.Cells[0] = 40
	assert.True(t, strings.HasPrefix(g.Line(), "40 0 0"), g.Line())
	assert.NotPanics(t, func() { _ = g.Pretty() })
}
