package sudoku_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/sudoku"
)

// sukakuOf writes a line puzzle as a sukaku line by hand: a given keeps its
// value alone, a blank every value.
func sukakuOf(line string) string {
	var sb strings.Builder
	for _, ch := range line {
		for v := '1'; v <= '9'; v++ {
			if ch == '.' || ch == v {
				sb.WriteRune(v)
			} else {
				sb.WriteByte('0')
			}
		}
	}
	return sb.String()
}

const puzzle9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func TestSukakuLine(t *testing.T) {
	line := sukakuOf(puzzle9)
	require.Len(t, line, 729)
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, 9, g.Shape.N(), "729 symbols are a 9x9 sukaku, not a 27x27 grid")
	assert.Equal(t, 0, g.Givens(), "a sukaku line gives marks, not values")
	assert.Equal(t, uint64(1<<3), g.MarksAt(0, 0), "r1c1 may only hold 4")
	assert.Equal(t, uint64(0), g.MarksAt(0, 1), "a cell with every value is free")

	back, err := sudoku.Parse(g.SukakuLine(), sudoku.ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, g.Marks, back.Marks)
	assert.Equal(t, strings.ReplaceAll(line, "0", "."), g.SukakuLine())

	// A comment after the line is allowed, as for line puzzles.
	_, err = sudoku.Parse(line+"  # from the forum", sudoku.ParseOptions{})
	require.NoError(t, err)
}

func TestSukakuErrors(t *testing.T) {
	empty := strings.Repeat(".", 9) + strings.Repeat("123456789", 80)
	_, err := sudoku.Parse(empty, sudoku.ParseOptions{})
	require.Error(t, err)
	assert.ErrorContains(t, err, "r1c1 has no candidate")

	// 729 symbols out of place are not a sukaku line: they are read as
	// a 27x27 grid and refused for their values.
	shifted := "2" + strings.Repeat("123456789", 80) + "12345678"
	g, err := sudoku.Parse(shifted, sudoku.ParseOptions{})
	if err == nil {
		assert.Nil(t, g.Marks)
		assert.Equal(t, 27, g.Shape.N())
	}
}

const marks4 = `1   2   | 34 34
34  34  | 12 12
--------+------
2   1   | 34 34
34  34  | 12 12
`

func TestMarksGrid(t *testing.T) {
	g, err := sudoku.Parse(marks4, sudoku.ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, sudoku.Shape{BoxRows: 2, BoxCols: 2}, g.Shape)
	assert.Equal(t, 1, g.At(0, 0), "a group of one digit is a given")
	assert.Equal(t, uint64(0b1100), g.MarksAt(0, 2))
	assert.Equal(t, uint64(0b0011), g.MarksAt(3, 3))
	assert.Equal(t, 4, g.Givens())

	back, err := sudoku.Parse(g.MarksGrid(), sudoku.ParseOptions{})
	require.NoError(t, err, g.MarksGrid())
	assert.Equal(t, g.Cells, back.Cells)
	assert.Equal(t, g.Marks, back.Marks)

	// In a stream: a candidate grid between two sukaku lines.
	line := sukakuOf(puzzle9)
	ps := sudoku.ParseAll(line+"\n\n"+marks4+"\n"+line+"\n", sudoku.ParseOptions{})
	require.Len(t, ps, 3)
	for _, p := range ps {
		require.NoError(t, p.Err)
		assert.True(t, p.Grid.HasMarks())
	}
	assert.Equal(t, 4, ps[1].Grid.Shape.N())
}

func TestMarksValidate(t *testing.T) {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	g.SetMarks(0, 0, 0)
	assert.Nil(t, g.Marks, "freeing a cell allocates nothing")
	g.SetMarks(0, 0, 1<<4)
	assert.ErrorContains(t, g.Validate(), "pencil mark above 4")
	g.Marks = g.Marks[:3]
	assert.ErrorIs(t, g.Validate(), sudoku.ErrShape)

	h := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	h.SetMarks(1, 1, 0b11)
	c := h.Clone()
	c.SetMarks(1, 1, 0b1)
	assert.Equal(t, uint64(0b11), h.MarksAt(1, 1), "Clone copies the marks")
}

// TestSukakuLineAlphabet: a sukaku line is written in Digits whatever the
// grid was read with (it is read back with them), and a grid of side 36,
// which Digits cannot write, has none, and no panic.
func TestSukakuLineAlphabet(t *testing.T) {
	s16, err := sudoku.ShapeOf(16)
	require.NoError(t, err)
	g := sudoku.NewGrid(s16)
	g.Alphabet = sudoku.Letters
	g.SetMarks(0, 0, 1<<15|1)
	back, err := sudoku.Parse(g.SukakuLine(), sudoku.ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, g.Marks, back.Marks)

	s36, err := sudoku.ShapeOf(36)
	require.NoError(t, err)
	h := sudoku.NewGrid(s36)
	h.SetMarks(0, 0, 1<<35)
	assert.Empty(t, h.SukakuLine())
}
