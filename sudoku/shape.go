package sudoku

import (
	"errors"
	"fmt"
)

// MaxN is the largest grid side supported: 36 (6x6 boxes).
const MaxN = 36

// ErrShape reports an unsupported or ambiguous grid shape.
var ErrShape = errors.New("sudoku: bad shape")

// A Shape is the box shape of a grid: boxes of BoxRows rows by BoxCols
// columns, in a grid of side N = BoxRows*BoxCols.
type Shape struct {
	BoxRows, BoxCols int
}

// NewShape returns the shape with boxes of boxRows x boxCols cells.
func NewShape(boxRows, boxCols int) (Shape, error) {
	s := Shape{boxRows, boxCols}
	if boxRows < 1 || boxCols < 1 || boxRows*boxCols < 2 || boxRows*boxCols > MaxN {
		return Shape{}, fmt.Errorf("%w: %dx%d boxes (grid side must be 2..%d)", ErrShape, boxRows, boxCols, MaxN)
	}
	return s, nil
}

// ShapeOf returns the usual shape for a grid of side n: square boxes when n
// is a square (4, 9, 16, 25, 36), otherwise boxes wider than tall with the
// most rows that divide n (6 → 2x3, 8 → 2x4, 12 → 3x4). This is the rule
// f-puzzles and SudokuPad use. Sides with no such box (primes) are refused.
func ShapeOf(n int) (Shape, error) {
	if n < 4 || n > MaxN {
		return Shape{}, fmt.Errorf("%w: side %d (supported: 4..%d)", ErrShape, n, MaxN)
	}
	h := 1
	for h*h <= n {
		h++
	}
	h--
	for n%h != 0 {
		h--
	}
	if h == 1 {
		return Shape{}, fmt.Errorf("%w: side %d has no box shape", ErrShape, n)
	}
	return Shape{BoxRows: h, BoxCols: n / h}, nil
}

// ParseShape reads "RxC" (box rows x box columns, e.g. "2x3") or a grid side
// ("9", "16") and returns the shape.
func ParseShape(s string) (Shape, error) {
	var r, c int
	if n, err := fmt.Sscanf(s, "%dx%d", &r, &c); err == nil && n == 2 && fmt.Sprintf("%dx%d", r, c) == s {
		return NewShape(r, c)
	}
	var n int
	if k, err := fmt.Sscanf(s, "%d", &n); err == nil && k == 1 && fmt.Sprint(n) == s {
		return ShapeOf(n)
	}
	return Shape{}, fmt.Errorf("%w: %q (want a side such as 9 or box rows x columns such as 2x3)", ErrShape, s)
}

// N returns the side of the grid (and the number of values).
func (s Shape) N() int { return s.BoxRows * s.BoxCols }

// Cells returns the number of cells, N*N.
func (s Shape) Cells() int { return s.N() * s.N() }

// Box returns the box number of cell (row, col), boxes numbered row-major.
func (s Shape) Box(row, col int) int {
	return row/s.BoxRows*(s.N()/s.BoxCols) + col/s.BoxCols
}

// BoxCells returns the cells of box number box (numbered row-major, as Box
// numbers them), in row-major order.
func (s Shape) BoxCells(box int) []Cell {
	n := s.N()
	r0, c0 := box/s.BoxRows*s.BoxRows, box%s.BoxRows*s.BoxCols
	cells := make([]Cell, n)
	for i := range cells {
		cells[i] = Cell{Row: r0 + i/s.BoxCols, Col: c0 + i%s.BoxCols}
	}
	return cells
}

// String returns "RxC", the box shape.
func (s Shape) String() string { return fmt.Sprintf("%dx%d", s.BoxRows, s.BoxCols) }

// A Cell is a grid position, row and column counted from 0.
type Cell struct {
	Row, Col int
}

// String returns "r<row>c<col>", counted from 1 as players do.
func (c Cell) String() string { return fmt.Sprintf("r%dc%d", c.Row+1, c.Col+1) }
