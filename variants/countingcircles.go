package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "countingcircles",
		Summary: "a digit in a circle appears in exactly that many circles",
		Order:   240,
		// f-puzzles has no key for counting circles: setters draw plain
		// circles and state the rule in words, so the family has no codec.
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			// Circle d of the cells that hold digit d in a valid grid: d
			// appears in d circles and every other digit in none.
			var cc CountingCircles
			d := 1 + rng.IntN(n)
			for i, v := range sol {
				if v == d && len(cc.Cells) < d {
					cc.Cells = append(cc.Cells, sudoku.Cell{Row: i / n, Col: i % n})
				}
			}
			return cc
		},
	})
}

// CountingCircles is counting circles sudoku: a digit d placed in a circle
// appears in exactly d of the circles (so each digit fills either none of
// them or exactly its own value of them).
type CountingCircles struct {
	Cells []sudoku.Cell
}

// Name returns "countingcircles".
func (CountingCircles) Name() string { return "countingcircles" }

// Apply adds, per digit d, a Sum rule of weight 1 on the d candidates of
// the circles with totals 0 and d.
func (cc CountingCircles) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	if len(cc.Cells) == 0 {
		return invalid("counting circles: no circles")
	}
	if err := checkCells("counting circles", cc.Cells, n); err != nil {
		return err
	}
	for d := 1; d <= n; d++ {
		totals := []int{0}
		if d <= len(cc.Cells) {
			totals = append(totals, d)
		}
		addCount(b, fmt.Sprintf("counting circles digit %d", d), cc.Cells, d, totals)
	}
	return nil
}
