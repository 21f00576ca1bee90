package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "diagonal",
		Summary: "a main diagonal, or both, holds every digit once",
		Order:   20,
		Entries: []Entry{{
			Name:    "diagonal",
			Aliases: []string{"x", "sudoku-x"},
			Summary: "both main diagonals hold every digit once",
			New:     func() rules.Variant { return Diagonal{} },
		}, {
			Name:    "diagonal-main",
			Aliases: []string{"main-diagonal"},
			Summary: "the diagonal from the top-left to the bottom-right corner holds every digit once",
			New:     func() rules.Variant { return DiagonalMain{} },
		}, {
			Name:    "diagonal-anti",
			Aliases: []string{"anti-diagonal", "antidiagonal"},
			Summary: "the diagonal from the bottom-left to the top-right corner holds every digit once",
			New:     func() rules.Variant { return DiagonalAnti{} },
		}},
		Codec: &Codec{
			Keys:   []string{"diagonal+", "diagonal-"},
			Types:  []rules.Variant{Diagonal{}, DiagonalMain{}, DiagonalAnti{}},
			Decode: decodeDiagonals,
			Encode: encodeDiagonals,
		},
		Fuzz: func(sudoku.Shape, *rand.Rand) rules.Variant { return Diagonal{} },
	})
}

// decodeDiagonals reads f-puzzles' diagonals: "diagonal-" runs from the
// top-left corner (DiagonalMain), "diagonal+" from the bottom-left one
// (DiagonalAnti); both make Diagonal.
func decodeDiagonals(r *fpdoc.Reader) ([]rules.Variant, error) {
	plus, err := r.Flag("diagonal+")
	if err != nil {
		return nil, err
	}
	minus, err := r.Flag("diagonal-")
	switch {
	case err != nil:
		return nil, err
	case plus && minus:
		return []rules.Variant{Diagonal{}}, nil
	case plus:
		return []rules.Variant{DiagonalAnti{}}, nil
	case minus:
		return []rules.Variant{DiagonalMain{}}, nil
	}
	return nil, nil
}

func encodeDiagonals(w *fpdoc.Writer, vs []rules.Variant) error {
	for _, v := range vs {
		switch v.(type) {
		case Diagonal:
			w.SetFlag("diagonal+")
			w.SetFlag("diagonal-")
		case DiagonalMain:
			w.SetFlag("diagonal-")
		case DiagonalAnti:
			w.SetFlag("diagonal+")
		}
	}
	return nil
}

// Diagonal is sudoku X: each of the two main diagonals holds every digit
// once. It applies to every grid shape. [DiagonalMain] and [DiagonalAnti]
// are its halves.
type Diagonal struct{}

// Name returns "diagonal".
func (Diagonal) Name() string { return "diagonal" }

// Apply adds the two diagonals as houses, the main one first.
func (Diagonal) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	b.House("main diagonal", DiagonalCells(n, false))
	b.House("anti-diagonal", DiagonalCells(n, true))
	return nil
}

// DiagonalMain adds one diagonal only: the main one, from the top-left
// corner to the bottom-right one (r1c1, r2c2, ...), holds every digit once.
// f-puzzles calls it "diagonal-".
type DiagonalMain struct{}

// Name returns "diagonal-main".
func (DiagonalMain) Name() string { return "diagonal-main" }

// Apply adds the main diagonal as a house.
func (DiagonalMain) Apply(b *rules.Builder) error {
	b.House("main diagonal", DiagonalCells(b.Shape().N(), false))
	return nil
}

// DiagonalAnti adds one diagonal only: the anti-diagonal, from the
// bottom-left corner to the top-right one (r1cN, r2cN-1, ...), holds every
// digit once. f-puzzles calls it "diagonal+".
type DiagonalAnti struct{}

// Name returns "diagonal-anti".
func (DiagonalAnti) Name() string { return "diagonal-anti" }

// Apply adds the anti-diagonal as a house.
func (DiagonalAnti) Apply(b *rules.Builder) error {
	b.House("anti-diagonal", DiagonalCells(b.Shape().N(), true))
	return nil
}

// DiagonalCells returns a diagonal of a grid of side n from the top row
// down: r1c1 to rNcN, or with anti r1cN to rNc1.
func DiagonalCells(n int, anti bool) []sudoku.Cell {
	cells := make([]sudoku.Cell, n)
	for i := range cells {
		cells[i] = sudoku.Cell{Row: i, Col: i}
		if anti {
			cells[i].Col = n - 1 - i
		}
	}
	return cells
}
