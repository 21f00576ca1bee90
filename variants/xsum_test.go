package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// xSumOf returns the sum of the first vals[0] values.
func xSumOf(vals []int) int {
	sum := 0
	for _, x := range vals[:vals[0]] {
		sum += x
	}
	return sum
}

// satisfiesXSum reads the rule: the first X digits from each clue add up
// to its total, X the first of them.
func satisfiesXSum(g grid, v variants.XSum) bool {
	for _, c := range v.Clues {
		if xSumOf(lineValues(g, clueHouse(g.n, c.Outside))) != c.Total {
			return false
		}
	}
	return true
}

func makeXSum(rng *rand.Rand, g grid, valid bool) rules.Variant {
	return variants.XSum{Clues: makeEdgeClues(rng, g, valid, xSumOf)}
}

func init() {
	propCases = append(propCases, propCase{"xsum", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeXSum(rng, randomSolved(rng, n), true).(variants.XSum)
		return v, func(g grid) bool { return satisfiesXSum(g, v) }
	}, []int{4, 6}})
}

func TestXSumModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeXSum, func(g grid, v rules.Variant) bool {
		return satisfiesXSum(g, v.(variants.XSum))
	})
}

func TestXSumInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"zero", 9, variants.XSum{Clues: []variants.EdgeClue{{Outside: sudoku.Cell{Row: -1, Col: 0}}}}, "want 1 or more"},
		{"corner", 6, variants.XSum{Clues: []variants.EdgeClue{{Outside: sudoku.Cell{Row: 6, Col: 6}, Total: 5}}}, "not a cell just outside"},
	})
}
