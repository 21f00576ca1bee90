package request

import (
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// Output formats of puzzles and solutions (--format).
const (
	Line   = "line"   // N*N symbols on one line
	Grid   = "grid"   // a block of N rows with box separators
	Tokens = "tokens" // a block of N rows of numbers, 0 for blanks
	JSON   = "json"   // one JSON record per line
	// TokenLine is N*N numbers on one line: the output of a puzzle given
	// as numbers on one line. No flag names it.
	TokenLine = "token-line"
)

// OutFormat returns the output format for an item: format when set, or
// the input's own: grid blocks print as grids, lines as lines, and
// puzzles given as numbers (tokens) print as numbers, a block as a block
// and a line as a line.
func OutFormat(format string, it puzzle.Item) string {
	switch {
	case format != "":
		return format
	case it.Grid.Alphabet == sudoku.Numbers && it.Block:
		return Tokens
	case it.Grid.Alphabet == sudoku.Numbers:
		return TokenLine
	case it.Block:
		return Grid
	}
	return Line
}

// Render writes a grid in the given format, each line ending in a newline.
// line and grid write symbols: a grid read from numbers uses the default
// alphabet of its size; one whose alphabet cannot name every value (a
// 36x36 grid read with 1-9A-Z) is written in numbers all the same.
func Render(g sudoku.Grid, format string) string {
	switch format {
	case Tokens:
		return g.Tokens()
	case TokenLine:
		g.Alphabet = sudoku.Numbers
		return g.Line() + "\n"
	}
	if g.Alphabet == sudoku.Numbers {
		g.Alphabet = sudoku.DefaultAlphabet(g.Shape.N())
	}
	if format == Grid {
		return g.Pretty()
	}
	return g.Line() + "\n"
}

// solutionText renders a result's first solution in the given format.
func solutionText(it puzzle.Item, res model.Result, format string) string {
	if format == Line && it.Grid.Alphabet != sudoku.Numbers {
		var buf [128]byte // a 9x9 line and its newline, without allocating the grid
		return string(append(puzzle.AppendSolutionLine(buf[:0], it, res.Solutions[0]), '\n'))
	}
	return Render(puzzle.Solution(it, res.Solutions[0]), format)
}

// statusText is the word printed for an answer without a solution.
func statusText(res model.Result, format string) string {
	w := res.Status.String()
	if format == Grid {
		return w + "\n\n"
	}
	return w + "\n"
}
