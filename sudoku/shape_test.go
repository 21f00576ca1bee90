package sudoku

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

func TestShapeOf(t *testing.T) {
	tests := []struct {
		n    int
		want Shape
		err  bool
	}{
		{4, Shape{2, 2}, false},
		{6, Shape{2, 3}, false},
		{8, Shape{2, 4}, false},
		{9, Shape{3, 3}, false},
		{12, Shape{3, 4}, false},
		{16, Shape{4, 4}, false},
		{25, Shape{5, 5}, false},
		{36, Shape{6, 6}, false},
		{7, Shape{}, true},
		{3, Shape{}, true},
		{37, Shape{}, true},
	}
	for _, tt := range tests {
		s, err := ShapeOf(tt.n)
		if tt.err {
			assert.ErrorIs(t, err, ErrShape, "side %d", tt.n)
			continue
		}
		require.NoError(t, err, "side %d", tt.n)
		assert.Equal(t, tt.want, s)
		assert.Equal(t, tt.n, s.N())
	}
}

func TestDefaultAlphabet(t *testing.T) {
	// Every value of every supported side must be writable by the default
	// alphabet, and read back to itself.
	for n := 2; n <= MaxN; n++ {
		a := DefaultAlphabet(n)
		require.GreaterOrEqual(t, a.MaxValue(), n, "side %d", n)
		for v := 1; v <= n; v++ {
			got, ok := a.Value(a.Symbol(v))
			require.True(t, ok)
			require.Equal(t, v, got)
		}
	}
	assert.Equal(t, Digits, DefaultAlphabet(25))
	assert.Equal(t, Hex, DefaultAlphabet(36))
}

// diagonal is a test variant: both main diagonals are houses.
type diagonal struct{}

func (diagonal) Name() string { return "diagonal" }

func (diagonal) Apply(b *Builder) error {
	n := b.Shape().N()
	var d1, d2 []Cell
	for i := 0; i < n; i++ {
		d1 = append(d1, Cell{i, i})
		d2 = append(d2, Cell{i, n - 1 - i})
	}
	b.House(d1)
	b.House(d2)
	return nil
}

// houses returns every row, column and box of shape s, and the two
// diagonals when diag is set.
func houses(s Shape, diag bool) [][]Cell {
	n := s.N()
	var hs [][]Cell
	for i := 0; i < n; i++ {
		var row, col, box []Cell
		for j := 0; j < n; j++ {
			row = append(row, Cell{i, j})
			col = append(col, Cell{j, i})
			r0, c0 := i/s.BoxRows*s.BoxRows, i%s.BoxRows*s.BoxCols
			box = append(box, Cell{r0 + j/s.BoxCols, c0 + j%s.BoxCols})
		}
		hs = append(hs, row, col, box)
	}
	if diag {
		var d1, d2 []Cell
		for i := 0; i < n; i++ {
			d1 = append(d1, Cell{i, i})
			d2 = append(d2, Cell{i, n - 1 - i})
		}
		hs = append(hs, d1, d2)
	}
	return hs
}

// TestCorpus checks every solution in testdata: it is a complete valid grid
// (checked directly and by model.Check on the built model), it agrees with
// its puzzle's givens, and the puzzle has the shape its file names.
func TestCorpus(t *testing.T) {
	tests := []struct {
		file  string
		shape Shape
		alpha Alphabet
		diag  bool
	}{
		{"shapes/4x4", Shape{2, 2}, Digits, false},
		{"shapes/6x6", Shape{2, 3}, Digits, false},
		{"shapes/9x9", Shape{3, 3}, Digits, false},
		{"shapes/12x12", Shape{3, 4}, Digits, false},
		{"shapes/16x16", Shape{4, 4}, Digits, false},
		{"shapes/16x16.hex", Shape{4, 4}, Hex, false},
		{"shapes/25x25", Shape{5, 5}, Digits, false},
		{"diagonal/9x9", Shape{3, 3}, Digits, true},
	}
	for _, tt := range tests {
		puzzles := readLines(t, tt.file+".txt")
		solutions := readLines(t, tt.file+".solutions.txt")
		require.Len(t, solutions, len(puzzles), tt.file)
		require.GreaterOrEqual(t, len(puzzles), 1, tt.file)
		for i := range puzzles {
			t.Run(fmt.Sprintf("%s/%d", tt.file, i+1), func(t *testing.T) {
				p, err := Parse(puzzles[i], ParseOptions{})
				require.NoError(t, err)
				s, err := Parse(solutions[i], ParseOptions{})
				require.NoError(t, err)
				assert.Equal(t, tt.shape, p.Shape)
				assert.Equal(t, tt.alpha, p.Alphabet)
				assert.Equal(t, tt.alpha, s.Alphabet)
				n := tt.shape.N()
				require.Equal(t, n*n, s.Givens(), "solution is complete")
				for j, v := range p.Cells {
					if v != 0 {
						require.Equal(t, v, s.Cells[j], "given at %v", Cell{j / n, j % n})
					}
				}
				for _, h := range houses(tt.shape, tt.diag) {
					seen := make([]bool, n+1)
					for _, c := range h {
						v := s.At(c.Row, c.Col)
						require.False(t, seen[v], "value %d twice in house %v", v, h)
						seen[v] = true
					}
				}

				var vs []Variant
				if tt.diag {
					vs = append(vs, diagonal{})
				}
				m, err := Build(p, vs...)
				require.NoError(t, err)
				sol := make(model.Solution, n*n)
				for cell, v := range s.Cells {
					sol[cell] = model.Cand(cell*n + v - 1)
				}
				require.NoError(t, model.Check(m, sol))

				if tt.diag {
					// A solution of the plain sudoku that breaks a
					// diagonal must fail the diagonal model: swap two
					// rows of a band, which keeps rows, columns and boxes.
					w := s.Clone()
					for c := 0; c < n; c++ {
						a, b := w.At(0, c), w.At(1, c)
						w.Set(0, c, b)
						w.Set(1, c, a)
					}
					for cell, v := range w.Cells {
						sol[cell] = model.Cand(cell*n + v - 1)
					}
					plain, err := Build(NewGrid(tt.shape))
					require.NoError(t, err)
					require.NoError(t, model.Check(plain, sol))
					withDiag, err := Build(NewGrid(tt.shape), diagonal{})
					require.NoError(t, err)
					assert.Error(t, model.Check(withDiag, sol))
				}
			})
		}
	}
}
