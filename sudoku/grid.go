package sudoku

import "fmt"

// A Grid is a sudoku grid of a given shape: Cells[r*N+c] holds the value of
// cell (r, c), 1..N, or 0 when the cell is blank. Alphabet records how the
// grid's values are written, so that output can use the same symbols as the
// input.
type Grid struct {
	Shape    Shape
	Cells    []int
	Alphabet Alphabet
}

// NewGrid returns an empty grid of shape s written with s's default alphabet.
func NewGrid(s Shape) Grid {
	return Grid{Shape: s, Cells: make([]int, s.Cells()), Alphabet: DefaultAlphabet(s.N())}
}

// At returns the value of cell (row, col), 0 when blank.
func (g Grid) At(row, col int) int { return g.Cells[row*g.Shape.N()+col] }

// Set sets cell (row, col) to v (0 clears it).
func (g Grid) Set(row, col, v int) { g.Cells[row*g.Shape.N()+col] = v }

// Givens returns the number of filled cells.
func (g Grid) Givens() int {
	n := 0
	for _, v := range g.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// Validate reports a grid whose cell count or values do not fit its shape.
// It does not look for repeated digits: those make a puzzle unsolvable, which
// solving reports as "no solution".
func (g Grid) Validate() error {
	n := g.Shape.N()
	if n < 2 || n > MaxN {
		return fmt.Errorf("%w: side %d", ErrShape, n)
	}
	if len(g.Cells) != n*n {
		return fmt.Errorf("%w: %d cells for a %dx%d grid", ErrShape, len(g.Cells), n, n)
	}
	for i, v := range g.Cells {
		if v < 0 || v > n {
			return fmt.Errorf("sudoku: %v holds %d, outside 0..%d", Cell{i / n, i % n}, v, n)
		}
	}
	return nil
}

// Clone returns a deep copy of g.
func (g Grid) Clone() Grid {
	g.Cells = append([]int(nil), g.Cells...)
	return g
}
