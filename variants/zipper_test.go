package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// zipperOK reads the rule on one line: each pair of cells the same
// distance from the centre adds up to the same total, which on a line of
// odd length is the centre's digit.
func zipperOK(g grid, line []sudoku.Cell) bool {
	vals := lineValues(g, line)
	l := len(vals)
	total := vals[0] + vals[l-1]
	if l%2 == 1 && vals[l/2] != total {
		return false
	}
	for i, j := 0, l-1; i < j; i, j = i+1, j-1 {
		if vals[i]+vals[j] != total {
			return false
		}
	}
	return true
}

func satisfiesZipper(g grid, v variants.Zipper) bool {
	for _, l := range v.Lines {
		if !zipperOK(g, l) {
			return false
		}
	}
	return true
}

func makeZipper(rng *rand.Rand, g grid, valid bool) rules.Variant {
	return makeLines(rng, g, valid, 3, 6, zipperOK, func(ls [][]sudoku.Cell) rules.Variant { return variants.Zipper{Lines: ls} })
}

func init() {
	propCases = append(propCases, propCase{"zipper", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeZipper(rng, randomSolved(rng, n), true).(variants.Zipper)
		return v, func(g grid) bool { return satisfiesZipper(g, v) }
	}, []int{4, 6}})
}

func TestZipperModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeZipper, func(g grid, v rules.Variant) bool {
		return satisfiesZipper(g, v.(variants.Zipper))
	})
}

func TestZipperInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"one cell", 9, variants.Zipper{Lines: lines("r1c1")}, "at least 2"},
		{"repeat", 9, variants.Zipper{Lines: lines("r1c1 r1c2 r1c1")}, "listed twice"},
	})
}
