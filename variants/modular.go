package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "modular",
		Summary: "every three consecutive cells of a modular line hold digits with different remainders when divided by 3",
		Order:   370,
		Codec: lineCodec("modularline",
			func(lines [][]sudoku.Cell) Modular { return Modular{Lines: lines} },
			func(v Modular) [][]sudoku.Cell { return v.Lines }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			return Modular{Lines: fuzzLines(rng, sol, n, 1+rng.IntN(2), 3+rng.IntN(3), func(vals []int) bool {
				return classesDiffer(vals, mod3)
			})}
		},
	})
}

// Modular is modular lines: any three consecutive cells of a line hold
// digits with three different remainders modulo 3 (one of 1, 4, 7, one of
// 2, 5, 8 and one of 3, 6, 9 on 9x9).
type Modular struct {
	Lines [][]sudoku.Cell
}

// Name returns "modular".
func (Modular) Name() string { return "modular" }

// Apply forbids digits with equal remainders in any two cells one or two
// steps apart along a line.
func (m Modular) Apply(b *rules.Builder) error {
	return applyClassLines(b, "modular", m.Lines, mod3)
}

func mod3(v int) int { return v % 3 }
