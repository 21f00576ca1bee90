package sudoku

import "fmt"

// A Grid is a sudoku grid of a given shape: Cells[r*N+c] holds the value of
// cell (r, c), 1..N, or 0 when the cell is blank. Alphabet records how the
// grid's values are written, so that output can use the same symbols as the
// input.
//
// Marks, when not nil, are pencil-mark givens (a sukaku line, f-puzzles'
// "givenPencilMarks"): Marks[r*N+c], when not 0, is the set of values cell
// (r, c) may hold, bit v-1 for value v; 0 leaves the cell free. A value in
// Cells must be one of its cell's marks, or the puzzle has no solution.
type Grid struct {
	Shape    Shape
	Cells    []int
	Alphabet Alphabet
	Marks    []uint64
}

// MarksAt returns the pencil marks of cell (row, col): the values it may
// hold as a bit set (bit v-1 for value v), 0 when it has none.
func (g Grid) MarksAt(row, col int) uint64 {
	if g.Marks == nil {
		return 0
	}
	return g.Marks[row*g.Shape.N()+col]
}

// SetMarks restricts cell (row, col) to the values of set (bit v-1 for
// value v; 0 frees it again), allocating Marks on first use.
func (g *Grid) SetMarks(row, col int, set uint64) {
	if g.Marks == nil {
		if set == 0 {
			return
		}
		g.Marks = make([]uint64, len(g.Cells))
	}
	g.Marks[row*g.Shape.N()+col] = set
}

// HasMarks reports whether some cell of g is restricted by pencil marks.
func (g Grid) HasMarks() bool {
	for _, m := range g.Marks {
		if m != 0 {
			return true
		}
	}
	return false
}

// AllValues returns the set of every value of a grid of side n: bits 0 to
// n-1.
func AllValues(n int) uint64 { return 1<<n - 1 }

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
	if g.Marks != nil && len(g.Marks) != n*n {
		return fmt.Errorf("%w: pencil marks for %d cells in a %dx%d grid", ErrShape, len(g.Marks), n, n)
	}
	for i, m := range g.Marks {
		if m&^AllValues(n) != 0 {
			return fmt.Errorf("sudoku: %v has a pencil mark above %d", Cell{i / n, i % n}, n)
		}
	}
	return nil
}

// Clone returns a deep copy of g.
func (g Grid) Clone() Grid {
	g.Cells = append([]int(nil), g.Cells...)
	if g.Marks != nil {
		g.Marks = append([]uint64(nil), g.Marks...)
	}
	return g
}
