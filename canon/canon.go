package canon

import (
	"errors"
	"fmt"

	"github.com/sudokit/sudokit/sudoku"
)

// MaxN is the largest grid side canonicalised: 9. Beyond it the symmetry
// group (about 1.3e14 transformations for 16x16) is too large to search
// with the same guarantees on time, so New refuses those shapes.
const MaxN = 9

// maxCells is the number of cells of the largest grid canonicalised.
const maxCells = MaxN * MaxN

// ErrShape reports a grid shape this package does not canonicalise.
var ErrShape = errors.New("canon: shape not canonicalised")

// ErrInput reports cells that are not a grid of the Form's shape: the wrong
// number of cells, or a value outside 0..N.
var ErrInput = errors.New("canon: bad input")

// A Form computes the minlex canonical forms of grids of one shape. It
// reuses its buffers from call to call, so Canon allocates nothing; a Form
// is not safe for concurrent use (use one per goroutine).
type Form struct {
	shape   sudoku.Shape
	n, r, c int // side, box rows, box columns
	orients int // 2 when the boxes are square (transposition), else 1

	// The input and what is known of it before the search.
	g           [2][maxCells]uint8       // the input, and its transpose
	pattern     [2][MaxN][MaxN]uint8     // orientation, row -> its stacks' given counts, increasing
	minPattern  [MaxN]uint8              // the smallest pattern: the rows that may come first
	blanks      [2][MaxN]uint8           // orientation, row -> blanks
	distinct    [2][MaxN]bool            // orientation, row -> its givens are distinct values
	stackGivens [2][MaxN][MaxN]uint8     // orientation, row, stack -> givens
	colOfValue  [2][MaxN][MaxN + 1]uint8 // orientation, row, value -> its column, or none
	rowTwin     [2][MaxN]uint8           // the first row of the band equal to this one
	colTwin     [2][MaxN]uint8           // the first column of the stack equal to this one
	bandTwin    [2][MaxN]uint8           // the first band equal to this one
	stackTwin   [2][MaxN]uint8           // the first stack equal to this one

	// The branch being searched.
	t          int              // its orientation
	src        *[maxCells]uint8 // g[t]
	out        [maxCells]uint8  // its grid so far
	rowOf      [MaxN]uint8      // output row -> source row
	colOf      [MaxN]uint8      // output column -> source column
	stackOf    [MaxN]uint8      // output stack -> source stack
	usedRow    uint16           // source rows placed
	usedCol    uint16           // source columns placed
	usedBand   uint16           // source bands placed
	usedStack  uint16           // source stacks placed
	lab        [MaxN + 1]uint8  // source value -> label, 0 unlabelled
	next       uint8            // the next label to give
	undo       [MaxN]uint8      // values labelled, in order
	nundo      int
	lt         int         // depth at which the branch fell below best; -1 while equal
	blanksLeft int         // blanks of the first row not placed yet
	k2         [MaxN]uint8 // at output column j: second-row cells found exact and equal
	need       [MaxN]uint8 // at output column j: the source column output column j+1 must take, or none

	// The order the search tries things in.
	colOrder   [MaxN][MaxN]uint8       // stack -> its columns
	stackOrder [MaxN]uint8             // the stacks
	candRow    [MaxN][MaxN]uint8       // output row -> the source rows to try, smallest first
	candKey    [MaxN][MaxN][MaxN]uint8 // output row -> the rows those would write

	// The best grid so far.
	best     [maxCells]uint8
	seqFrom  uint8 // best[seqFrom..n-1] rise by one (labels given in order)
	zeroFrom uint8 // best[zeroFrom..n-1] are blanks

	nodes int64 // choices tried by the last Canon
}

// New returns a Form for grids of shape s. Shapes larger than MaxN are
// refused with ErrShape.
func New(s sudoku.Shape) (*Form, error) {
	n := s.N()
	if n > MaxN || s.BoxRows < 1 || s.BoxCols < 1 || n < 2 {
		return nil, fmt.Errorf("%w: %v boxes (%dx%d grid): canonical forms are computed up to %dx%d", ErrShape, s, n, n, MaxN, MaxN)
	}
	f := &Form{shape: s, n: n, r: s.BoxRows, c: s.BoxCols, orients: 1}
	if s.BoxRows == s.BoxCols {
		f.orients = 2
	}
	return f, nil
}

// Nodes returns the number of choices (a column, a row) the last Canon
// tried: a measure of its work, at most a few times Symmetries.
func (f *Form) Nodes() int64 { return f.nodes }

// Shape returns the shape of the grids f canonicalises.
func (f *Form) Shape() sudoku.Shape { return f.shape }

// Symmetries returns the number of transformations of the grid that f
// searches (without the relabelling of values): bands, rows within
// bands, stacks, columns within stacks, and transposition when the boxes
// are square. It is 3,359,232 (2*6^8) for 9x9.
func Symmetries(s sudoku.Shape) int64 {
	n := s.N()
	bands, stacks := n/s.BoxRows, n/s.BoxCols
	k := fact(bands) * pow(fact(s.BoxRows), bands) * fact(stacks) * pow(fact(s.BoxCols), stacks)
	if s.BoxRows == s.BoxCols {
		k *= 2
	}
	return k
}

func fact(n int) int64 {
	k := int64(1)
	for i := 2; i <= n; i++ {
		k *= int64(i)
	}
	return k
}

func pow(b int64, e int) int64 {
	k := int64(1)
	for range e {
		k *= b
	}
	return k
}

// Canon writes into dst the minlex canonical form of cells, a grid of f's
// shape in row-major order (N*N values, 0 for a blank, 1..N for a given),
// and returns dst (grown to N*N cells). The canonical form is the smallest
// grid, read row by row as a string with blanks as 0, among all grids
// obtained from cells by a symmetry of the shape followed by relabelling
// the values in order of first appearance. cells may be a filled grid or
// a puzzle, and need not be valid: the form is defined for any givens.
func (f *Form) Canon(dst, cells []int) ([]int, error) {
	if err := f.load(cells); err != nil {
		return dst, err
	}
	f.search()
	for i := range f.n * f.n {
		dst = append(dst, int(f.best[i]))
	}
	return dst, nil
}

// load checks cells and stores them and their transpose.
func (f *Form) load(cells []int) error {
	n := f.n
	if len(cells) != n*n {
		return fmt.Errorf("%w: %d cells for a %dx%d grid (want %d)", ErrInput, len(cells), n, n, n*n)
	}
	for i, v := range cells {
		if v < 0 || v > n {
			return fmt.Errorf("%w: value %d at %v (want 0..%d)", ErrInput, v, sudoku.Cell{Row: i / n, Col: i % n}, n)
		}
		f.g[0][i] = uint8(v)
		f.g[1][i%n*n+i/n] = uint8(v)
	}
	return nil
}

// Of returns the canonical form of g: a grid of g's shape and alphabet.
// Pencil marks are refused: the form covers givens only.
func Of(g sudoku.Grid) (sudoku.Grid, error) {
	if g.HasMarks() {
		return sudoku.Grid{}, fmt.Errorf("%w: pencil marks are not canonicalised", ErrInput)
	}
	f, err := New(g.Shape)
	if err != nil {
		return sudoku.Grid{}, err
	}
	cells, err := f.Canon(make([]int, 0, len(g.Cells)), g.Cells)
	if err != nil {
		return sudoku.Grid{}, err
	}
	return sudoku.Grid{Shape: g.Shape, Cells: cells, Alphabet: g.Alphabet}, nil
}
