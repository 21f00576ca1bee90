package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "palindrome",
		Summary: "palindrome lines read the same from either end",
		Order:   120,
		Codec: lineCodec("palindrome",
			func(lines [][]sudoku.Cell) Palindrome { return Palindrome{Lines: lines} },
			func(v Palindrome) [][]sudoku.Cell { return v.Lines }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			return Palindrome{Lines: [][]sudoku.Cell{sudoku.RandomLine(rng, s.N(), 4)}}
		},
	})
}

// Palindrome lines read the same from either end: the k-th cell from one end
// holds the digit of the k-th cell from the other.
type Palindrome struct {
	Lines [][]sudoku.Cell
}

// Name returns "palindrome".
func (Palindrome) Name() string { return "palindrome" }

// Apply forbids every pair of different digits in each pair of mirrored
// cells.
func (p Palindrome) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, line := range p.Lines {
		if err := checkLine("palindrome", i, line, n, n*n); err != nil {
			return err
		}
	}
	for i, line := range p.Lines {
		label := fmt.Sprintf("palindrome %d", i+1)
		for k := 0; k < len(line)/2; k++ {
			forbid(b, label, line[k], line[len(line)-1-k], func(x, y int) bool { return x != y })
		}
	}
	return nil
}
