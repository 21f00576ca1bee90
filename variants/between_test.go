package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// betweenOK reads the rule on one line: every cell but the ends holds a
// digit strictly between the ends' digits.
func betweenOK(g grid, line []sudoku.Cell) bool {
	a, b := g.at(line[0]), g.at(line[len(line)-1])
	for _, c := range line[1 : len(line)-1] {
		if x := g.at(c); !(a < x && x < b || b < x && x < a) {
			return false
		}
	}
	return true
}

func satisfiesBetween(g grid, v variants.Between) bool {
	for _, l := range v.Lines {
		if !betweenOK(g, l) {
			return false
		}
	}
	return true
}

func makeBetween(rng *rand.Rand, g grid, valid bool) rules.Variant {
	return makeLines(rng, g, valid, 3, 5, betweenOK, func(ls [][]sudoku.Cell) rules.Variant { return variants.Between{Lines: ls} })
}

func init() {
	propCases = append(propCases, propCase{"between", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeBetween(rng, randomSolved(rng, n), true).(variants.Between)
		return v, func(g grid) bool { return satisfiesBetween(g, v) }
	}, []int{4, 6}})
}

func TestBetweenModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeBetween, func(g grid, v rules.Variant) bool {
		return satisfiesBetween(g, v.(variants.Between))
	})
}

func TestBetweenInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"gap", 9, variants.Between{Lines: lines("r1c1 r1c2 r1c4")}, "does not touch"},
		{"outside", 4, variants.Between{Lines: lines("r4c4 r5c5 r4c3")}, "outside"},
	})
}
