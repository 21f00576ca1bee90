package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "renban",
		Summary: "renban lines hold a run of consecutive digits in any order",
		Order:   130,
		Codec: lineCodec("renban",
			func(lines [][]sudoku.Cell) Renban { return Renban{Lines: lines} },
			func(v Renban) [][]sudoku.Cell { return v.Lines }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			return Renban{Lines: [][]sudoku.Cell{sudoku.RandomLine(rng, s.N(), 3)}}
		},
	})
}

// Renban lines hold a set of consecutive digits in any order, no digit
// twice: a line of k cells holds some run m, m+1, ..., m+k-1. A line holds
// at most N cells.
type Renban struct {
	Lines [][]sudoku.Cell
}

// Name returns "renban".
func (Renban) Name() string { return "renban" }

// Apply forbids, for every two cells of a line of k cells, equal digits and
// digits k or more apart: k distinct digits pairwise less than k apart are
// exactly a run of k consecutive digits.
func (r Renban) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, line := range r.Lines {
		if err := checkLine("renban", i, line, n, n); err != nil {
			return err
		}
	}
	for _, line := range r.Lines {
		k := len(line)
		for i := range line {
			for j := i + 1; j < k; j++ {
				forbid(b, line[i], line[j], func(x, y int) bool { return x == y || abs(x-y) >= k })
			}
		}
	}
	return nil
}
