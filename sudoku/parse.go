package sudoku

import (
	"errors"
	"fmt"
	"strings"
)

// ErrParse is wrapped by every parse error.
var ErrParse = errors.New("sudoku: parse")

// ParseOptions control Parse. The zero value infers everything.
type ParseOptions struct {
	// Shape forces the grid shape; the zero Shape infers it from the size.
	Shape Shape
	// Alphabet forces the symbols; nil infers them.
	Alphabet *Alphabet
}

// Parse reads one puzzle in line format: N*N symbols, '.' or '0' for blanks,
// optionally followed by whitespace and a comment.
func Parse(text string, opt ParseOptions) (Grid, error) {
	line := strings.TrimSpace(text)
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		line = line[:i]
	}
	if line == "" {
		return Grid{}, fmt.Errorf("%w: empty input", ErrParse)
	}
	n := 0
	for n*n < len(line) {
		n++
	}
	s := opt.Shape
	if s == (Shape{}) {
		if n*n != len(line) {
			return Grid{}, fmt.Errorf("%w: %d symbols is not a square grid", ErrParse, len(line))
		}
		var err error
		if s, err = ShapeOf(n); err != nil {
			return Grid{}, fmt.Errorf("%w: %w", ErrParse, err)
		}
	}
	if len(line) != s.Cells() {
		return Grid{}, fmt.Errorf("%w: %d symbols, a %v grid has %d", ErrParse, len(line), s, s.Cells())
	}
	a := Digits
	if opt.Alphabet != nil {
		a = *opt.Alphabet
	}
	g := Grid{Shape: s, Cells: make([]int, s.Cells()), Alphabet: a}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		if ch == '.' || (ch == '0' && a != Hex) {
			continue
		}
		v, ok := a.Value(ch)
		if !ok || v > s.N() {
			return Grid{}, fmt.Errorf("%w: unknown symbol %q at position %d", ErrParse, ch, i+1)
		}
		g.Cells[i] = v
	}
	return g, nil
}
