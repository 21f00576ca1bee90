package variants

import "github.com/sudokit/sudokit/sudoku"

func init() {
	mustRegister(Entry{
		Name:    "diagonal",
		Aliases: []string{"x", "sudoku-x"},
		Summary: "both main diagonals hold every digit once",
		New:     func() sudoku.Variant { return Diagonal{} },
	})
}

// Diagonal is sudoku X: each of the two main diagonals holds every digit
// once. It applies to every grid shape.
type Diagonal struct{}

// Name returns "diagonal".
func (Diagonal) Name() string { return "diagonal" }

// Apply adds the two diagonals as houses.
func (Diagonal) Apply(b *sudoku.Builder) error {
	n := b.Shape().N()
	main := make([]sudoku.Cell, n)
	anti := make([]sudoku.Cell, n)
	for i := 0; i < n; i++ {
		main[i] = sudoku.Cell{Row: i, Col: i}
		anti[i] = sudoku.Cell{Row: i, Col: n - 1 - i}
	}
	b.House(main)
	b.House(anti)
	return nil
}
