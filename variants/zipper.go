package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "zipper",
		Summary: "cells the same distance from the centre of a zipper line add up to the same total: the centre digit on a line of odd length",
		Order:   350,
		Codec: lineCodec("zipperline",
			func(lines [][]sudoku.Cell) Zipper { return Zipper{Lines: lines} },
			func(v Zipper) [][]sudoku.Cell { return v.Lines }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			return Zipper{Lines: fuzzLines(rng, sol, n, 1+rng.IntN(2), 3+rng.IntN(3), zipperHolds)}
		},
	})
}

// Zipper is zipper lines: the two cells the same distance from the centre
// of a line (the first and last, the second and second to last, ...) add up
// to the same total on the whole line. On a line of odd length that total is
// the digit in its centre cell.
type Zipper struct {
	Lines [][]sudoku.Cell
}

// Name returns "zipper".
func (Zipper) Name() string { return "zipper" }

// Apply adds one Sum rule with total 0 per pair of mirrored cells: the pair
// minus the centre cell on a line of odd length, the pair minus the outer
// pair on a line of even length.
func (z Zipper) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, line := range z.Lines {
		if err := checkLine("zipper", i, line, n, n*n); err != nil {
			return err
		}
	}
	for i, line := range z.Lines {
		label := fmt.Sprintf("zipper line %d", i+1)
		l := len(line)
		if l%2 == 1 {
			centre := line[l/2]
			for k := 0; k < l/2; k++ {
				b.Sum(label, []sudoku.Cell{line[k], line[l-1-k], centre}, []int{1, 1, -1}, []int{0}, false)
			}
			continue
		}
		for k := 1; k < l/2; k++ {
			b.Sum(label, []sudoku.Cell{line[0], line[l-1], line[k], line[l-1-k]}, []int{1, 1, -1, -1}, []int{0}, false)
		}
	}
	return nil
}

// zipperHolds reports whether a line's digits keep the zipper rule.
func zipperHolds(vals []int) bool {
	l := len(vals)
	want := vals[0] + vals[l-1]
	if l%2 == 1 {
		want = vals[l/2]
	}
	for k := 0; k < l/2; k++ {
		if vals[k]+vals[l-1-k] != want {
			return false
		}
	}
	return true
}
