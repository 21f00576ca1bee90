package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "between",
		Summary: "every digit on a between line lies strictly between the digits of its two ends",
		Order:   320,
		Codec: lineCodec("betweenline",
			func(lines [][]sudoku.Cell) Between { return Between{Lines: lines} },
			func(v Between) [][]sudoku.Cell { return v.Lines }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			return Between{Lines: fuzzLines(rng, sol, n, 1+rng.IntN(2), 2+rng.IntN(3), betweenHolds)}
		},
	})
}

// Between is between lines: every cell of a line other than its two ends
// (drawn as circles) holds a digit strictly between the digits of the ends,
// in either order. A line of two cells says nothing.
type Between struct {
	Lines [][]sudoku.Cell
}

// Name returns "between".
func (Between) Name() string { return "between" }

// Apply adds, for each middle cell m of a line with ends e1 and e2, a Table
// rule over (e1, e2, m) listing every triple with m strictly between e1 and
// e2.
func (bt Between) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, line := range bt.Lines {
		if err := checkLine("between", i, line, n, n*n); err != nil {
			return err
		}
	}
	var tuples [][]int
	for lo := 1; lo <= n; lo++ {
		for hi := lo + 2; hi <= n; hi++ {
			for m := lo + 1; m < hi; m++ {
				tuples = append(tuples, []int{lo, hi, m}, []int{hi, lo, m})
			}
		}
	}
	for i, line := range bt.Lines {
		e1, e2 := line[0], line[len(line)-1]
		for _, m := range line[1 : len(line)-1] {
			b.Table(fmt.Sprintf("between line %d", i+1), []sudoku.Cell{e1, e2, m}, tuples)
		}
	}
	return nil
}

// betweenHolds reports whether a line's digits keep the between rule.
func betweenHolds(vals []int) bool {
	lo, hi := min(vals[0], vals[len(vals)-1]), max(vals[0], vals[len(vals)-1])
	for _, v := range vals[1 : len(vals)-1] {
		if v <= lo || v >= hi {
			return false
		}
	}
	return true
}
