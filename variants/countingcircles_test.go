package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesCountingCircles reads the rule: a digit in a circle appears in
// exactly that many circles.
func satisfiesCountingCircles(g grid, cc variants.CountingCircles) bool {
	count := map[int]int{}
	for _, c := range cc.Cells {
		count[g.at(c)]++
	}
	for d, k := range count {
		if k != d {
			return false
		}
	}
	return true
}

// makeCountingCircles circles, for a few digits d, d of the cells holding
// d; broken, one circle more on a digit already circled.
func makeCountingCircles(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var cc variants.CountingCircles
	byDigit := map[int][]sudoku.Cell{}
	for _, i := range rng.Perm(g.n * g.n) {
		byDigit[g.v[i]] = append(byDigit[g.v[i]], sudoku.Cell{Row: i / g.n, Col: i % g.n})
	}
	ds := rng.Perm(g.n)[:1+rng.IntN(3)]
	for _, d := range ds {
		cc.Cells = append(cc.Cells, byDigit[d+1][:d+1]...)
	}
	if !valid {
		d := ds[0] + 1
		if d == g.n {
			return nil
		}
		cc.Cells = append(cc.Cells, byDigit[d][d])
	}
	return cc
}

func init() {
	propCases = append(propCases, propCase{"countingcircles", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeCountingCircles(rng, randomSolved(rng, n), true).(variants.CountingCircles)
		return v, func(g grid) bool { return satisfiesCountingCircles(g, v) }
	}, []int{4, 6}})
}

func TestCountingCirclesModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, makeCountingCircles)
}

func TestCountingCirclesInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"none", 4, variants.CountingCircles{}, "no circles"},
		{"twice", 4, variants.CountingCircles{Cells: cells("r1c1 r1c1")}, "listed twice"},
		{"off grid", 4, variants.CountingCircles{Cells: cells("r5c1")}, "outside"},
	})
}
