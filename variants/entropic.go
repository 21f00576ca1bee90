package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "entropic",
		Summary: "every three consecutive cells of an entropic line hold one low (1-3), one middle (4-6) and one high (7-9) digit",
		Order:   360,
		Codec: lineCodec("entropicline",
			func(lines [][]sudoku.Cell) Entropic { return Entropic{Lines: lines} },
			func(v Entropic) [][]sudoku.Cell { return v.Lines }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			return Entropic{Lines: fuzzLines(rng, sol, n, 1+rng.IntN(2), 3+rng.IntN(3), func(vals []int) bool {
				return classesDiffer(vals, func(v int) int { return EntropyClass(v, n) })
			})}
		},
	})
}

// Entropic is entropic lines: any three consecutive cells of a line hold a
// low, a middle and a high digit, one of each (see [EntropyClass]).
type Entropic struct {
	Lines [][]sudoku.Cell
}

// Name returns "entropic".
func (Entropic) Name() string { return "entropic" }

// EntropyClass returns 0, 1 or 2 for a low, middle or high digit v of a grid
// of side n: 1-3, 4-6 and 7-9 on 9x9. On other sides the low and high sets
// are equal in size and the middle set takes what is left over or short by
// one: 1-2, 3-4, 5-6 on 6x6; 1, 2-3, 4 on 4x4; 1-3, 4-5, 6-8 on 8x8.
func EntropyClass(v, n int) int {
	lowHigh := n / 3
	if n%3 == 2 {
		lowHigh++
	}
	switch {
	case v <= lowHigh:
		return 0
	case v > n-lowHigh:
		return 2
	}
	return 1
}

// Apply forbids digits of one class in any two cells one or two steps
// apart along a line: then every three consecutive cells hold three classes.
func (e Entropic) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	return applyClassLines(b, "entropic", e.Lines, func(v int) int { return EntropyClass(v, n) })
}

// applyClassLines validates lines and forbids equal classes in cells one or
// two steps apart along each.
func applyClassLines(b *rules.Builder, kind string, lines [][]sudoku.Cell, class func(v int) int) error {
	n := b.Shape().N()
	for i, line := range lines {
		if err := checkLine(kind, i, line, n, n*n); err != nil {
			return err
		}
	}
	for i, line := range lines {
		label := fmt.Sprintf("%s line %d", kind, i+1)
		for k := range line {
			for d := 1; d <= 2 && k+d < len(line); d++ {
				forbid(b, label, line[k], line[k+d], func(x, y int) bool { return class(x) == class(y) })
			}
		}
	}
	return nil
}

// classesDiffer reports whether any three consecutive values have three
// different classes.
func classesDiffer(vals []int, class func(v int) int) bool {
	for k := range vals {
		for d := 1; d <= 2 && k+d < len(vals); d++ {
			if class(vals[k]) == class(vals[k+d]) {
				return false
			}
		}
	}
	return true
}
