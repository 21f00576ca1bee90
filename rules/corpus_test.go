package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// readLines returns the whitespace-separated fields of a file of the
// sudoku package's test corpus.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "sudoku", "testdata", name))
	require.NoError(t, err)
	return strings.Fields(string(b))
}

// diagonal is a test variant: both main diagonals are houses.
type diagonal struct{}

func (diagonal) Name() string { return "diagonal" }

func (diagonal) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	var d1, d2 []sudoku.Cell
	for i := 0; i < n; i++ {
		d1 = append(d1, sudoku.Cell{Row: i, Col: i})
		d2 = append(d2, sudoku.Cell{Row: i, Col: n - 1 - i})
	}
	b.House("main diagonal", d1)
	b.House("anti-diagonal", d2)
	return nil
}

// houses returns every row, column and box of shape s, and the two
// diagonals when diag is set.
func houses(s sudoku.Shape, diag bool) [][]sudoku.Cell {
	n := s.N()
	var hs [][]sudoku.Cell
	for i := 0; i < n; i++ {
		var row, col, box []sudoku.Cell
		for j := 0; j < n; j++ {
			row = append(row, sudoku.Cell{Row: i, Col: j})
			col = append(col, sudoku.Cell{Row: j, Col: i})
			r0, c0 := i/s.BoxRows*s.BoxRows, i%s.BoxRows*s.BoxCols
			box = append(box, sudoku.Cell{Row: r0 + j/s.BoxCols, Col: c0 + j%s.BoxCols})
		}
		hs = append(hs, row, col, box)
	}
	if diag {
		var d1, d2 []sudoku.Cell
		for i := 0; i < n; i++ {
			d1 = append(d1, sudoku.Cell{Row: i, Col: i})
			d2 = append(d2, sudoku.Cell{Row: i, Col: n - 1 - i})
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
		shape sudoku.Shape
		alpha sudoku.Alphabet
		diag  bool
	}{
		{"shapes/4x4", sudoku.Shape{BoxRows: 2, BoxCols: 2}, sudoku.Digits, false},
		{"shapes/6x6", sudoku.Shape{BoxRows: 2, BoxCols: 3}, sudoku.Digits, false},
		{"shapes/9x9", sudoku.Shape{BoxRows: 3, BoxCols: 3}, sudoku.Digits, false},
		{"shapes/12x12", sudoku.Shape{BoxRows: 3, BoxCols: 4}, sudoku.Digits, false},
		{"shapes/16x16", sudoku.Shape{BoxRows: 4, BoxCols: 4}, sudoku.Digits, false},
		{"shapes/16x16.hex", sudoku.Shape{BoxRows: 4, BoxCols: 4}, sudoku.Hex, false},
		{"shapes/25x25", sudoku.Shape{BoxRows: 5, BoxCols: 5}, sudoku.Digits, false},
		{"diagonal/9x9", sudoku.Shape{BoxRows: 3, BoxCols: 3}, sudoku.Digits, true},
	}
	for _, tt := range tests {
		puzzles := readLines(t, tt.file+".txt")
		solutions := readLines(t, tt.file+".solutions.txt")
		require.Len(t, solutions, len(puzzles), tt.file)
		require.GreaterOrEqual(t, len(puzzles), 1, tt.file)
		for i := range puzzles {
			t.Run(fmt.Sprintf("%s/%d", tt.file, i+1), func(t *testing.T) {
				p, err := sudoku.Parse(puzzles[i], sudoku.ParseOptions{})
				require.NoError(t, err)
				s, err := sudoku.Parse(solutions[i], sudoku.ParseOptions{})
				require.NoError(t, err)
				assert.Equal(t, tt.shape, p.Shape)
				assert.Equal(t, tt.alpha, p.Alphabet)
				assert.Equal(t, tt.alpha, s.Alphabet)
				n := tt.shape.N()
				require.Equal(t, n*n, s.Givens(), "solution is complete")
				for j, v := range p.Cells {
					if v != 0 {
						require.Equal(t, v, s.Cells[j], "given at %v", sudoku.Cell{Row: j / n, Col: j % n})
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

				var vs []rules.Variant
				if tt.diag {
					vs = append(vs, diagonal{})
				}
				m, err := rules.Build(p, vs...)
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
					plain, err := rules.Build(sudoku.NewGrid(tt.shape))
					require.NoError(t, err)
					require.NoError(t, model.Check(plain, sol))
					withDiag, err := rules.Build(sudoku.NewGrid(tt.shape), diagonal{})
					require.NoError(t, err)
					assert.Error(t, model.Check(withDiag, sol))
				}
			})
		}
	}
}
