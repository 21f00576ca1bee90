package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "xsum",
		Summary: "a clue outside the grid gives the sum of the first X digits from it, X being the first digit",
		Order:   310,
		Codec: edgeCodec("xsum",
			func(cs []EdgeClue) XSum { return XSum{Clues: cs} },
			func(v XSum) []EdgeClue { return v.Clues }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var v XSum
			for i := 1 + rng.IntN(3); i > 0; i-- {
				c := randomEdgeClue(rng, n)
				cells, _ := c.Cells(n)
				x := sol[cells[0].Row*n+cells[0].Col]
				for _, p := range cells[:x] {
					c.Total += sol[p.Row*n+p.Col]
				}
				v.Clues = append(v.Clues, c)
			}
			return v
		},
	})
}

// XSum is X-sums sudoku: each clue outside the grid gives the sum of the
// first X digits of its row or column, counted from the clue, where X is
// the digit in the cell next to the clue (that cell included).
type XSum struct {
	Clues []EdgeClue
}

// Name returns "xsum".
func (XSum) Name() string { return "xsum" }

// Apply lowers each clue over the digit x of the first cell: when the
// first cell holds x, a conditional Sum rule makes the first x cells add
// up to the total. A digit x for which no x different digits starting with
// x reach the total is excluded from the first cell instead.
func (x XSum) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for _, c := range x.Clues {
		if _, err := c.Cells(n); err != nil {
			return fmt.Errorf("x-sum %w", err)
		}
		if c.Total < 1 {
			return invalid("x-sum clue at %v: total %d, want 1 or more", c.Outside, c.Total)
		}
	}
	mb := b.Model()
	for ci, c := range x.Clues {
		cells, _ := c.Cells(n)
		for k := 1; k <= n; k++ {
			first := b.Cand(cells[0], k)
			// The other k-1 cells hold k-1 different digits other than k.
			lo, hi := k, k
			for d, m := 1, 0; m < k-1; d++ {
				if d != k {
					lo, m = lo+d, m+1
				}
			}
			for d, m := n, 0; m < k-1; d-- {
				if d != k {
					hi, m = hi+d, m+1
				}
			}
			switch {
			case c.Total < lo || c.Total > hi:
				mb.Exclude(first)
			case k > 1:
				b.Sum(fmt.Sprintf("x-sum %d", ci+1), cells[:k], edgeOnes(k), []int{c.Total}, true, first)
			}
		}
	}
	return nil
}
