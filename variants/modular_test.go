package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// modularOK reads the rule on one line: any run of three consecutive cells
// (or the whole line, if shorter) holds digits with different remainders
// modulo 3.
func modularOK(g grid, line []sudoku.Cell) bool {
	return windowsDiffer(lineValues(g, line), func(v int) int { return v % 3 })
}

func satisfiesModular(g grid, v variants.Modular) bool {
	for _, l := range v.Lines {
		if !modularOK(g, l) {
			return false
		}
	}
	return true
}

func makeModular(rng *rand.Rand, g grid, valid bool) rules.Variant {
	return makeLines(rng, g, valid, 2, 6, modularOK, func(ls [][]sudoku.Cell) rules.Variant { return variants.Modular{Lines: ls} })
}

func init() {
	propCases = append(propCases, propCase{"modular", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeModular(rng, randomSolved(rng, n), true).(variants.Modular)
		return v, func(g grid) bool { return satisfiesModular(g, v) }
	}, []int{4, 6}})
}

func TestModularModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeModular, func(g grid, v rules.Variant) bool {
		return satisfiesModular(g, v.(variants.Modular))
	})
}

func TestModularInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"gap", 9, variants.Modular{Lines: lines("r1c1 r1c3")}, "does not touch"},
	})
}
