package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// regionSumOK reads the rule on one line: cut where it passes from one
// region (region(c)) into another, its pieces all add up to the same sum.
func regionSumOK(g grid, line []sudoku.Cell, region func(c sudoku.Cell) int) bool {
	var sums []int
	for k, c := range line {
		if k == 0 || region(c) != region(line[k-1]) {
			sums = append(sums, 0)
		}
		sums[len(sums)-1] += g.at(c)
	}
	for _, s := range sums {
		if s != sums[0] {
			return false
		}
	}
	return true
}

// boxOf returns the standard box of c on a grid of side n (2x2, 2x3 or 3x3
// boxes), numbered by its top-left cell.
func boxOf(n int) func(c sudoku.Cell) int {
	box := map[int][2]int{4: {2, 2}, 6: {2, 3}, 9: {3, 3}}[n]
	return func(c sudoku.Cell) int { return c.Row/box[0]*n + c.Col/box[1]*box[1] }
}

func satisfiesRegionSum(g grid, v variants.RegionSum) bool {
	region := boxOf(g.n)
	if v.RegionOf != nil {
		region = func(c sudoku.Cell) int { return v.RegionOf[c.Row*g.n+c.Col] }
	}
	for _, l := range v.Lines {
		if !regionSumOK(g, l, region) {
			return false
		}
	}
	return true
}

func makeRegionSum(rng *rand.Rand, g grid, valid bool) rules.Variant {
	box := boxOf(g.n)
	return makeLines(rng, g, valid, 3, 7, func(g grid, l []sudoku.Cell) bool { return regionSumOK(g, l, box) },
		func(ls [][]sudoku.Cell) rules.Variant { return variants.RegionSum{Lines: ls} })
}

func init() {
	propCases = append(propCases, propCase{"regionsum", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeRegionSum(rng, randomSolved(rng, n), true).(variants.RegionSum)
		return v, func(g grid) bool { return satisfiesRegionSum(g, v) }
	}, []int{4, 6}})
}

func TestRegionSumModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeRegionSum, func(g grid, v rules.Variant) bool {
		return satisfiesRegionSum(g, v.(variants.RegionSum))
	})
}

// TestRegionSumRegions: with RegionOf the line is cut by those regions,
// not by the boxes. Rows as regions: a line down a column of a 4x4 grid
// then makes four one-cell segments, which all differ.
func TestRegionSumRegions(t *testing.T) {
	rows := make([]int, 16)
	for i := range rows {
		rows[i] = i / 4
	}
	g := randomSolved(rand.New(rand.NewPCG(1, 1)), 4)
	down := lines("r1c1 r2c1 r3c1 r4c1")
	along := lines("r1c1 r1c2 r1c3 r1c4")
	require.False(t, accepts(t, g, variants.RegionSum{Lines: down, RegionOf: rows}))
	require.True(t, accepts(t, g, variants.RegionSum{Lines: along, RegionOf: rows}), "one region: nothing to compare")
	require.Equal(t, regionSumOK(g, along[0], boxOf(4)), accepts(t, g, variants.RegionSum{Lines: along}))
}

func TestRegionSumInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"regions", 4, variants.RegionSum{Lines: lines("r1c1 r1c2"), RegionOf: []int{0, 1}}, "2 regions given for 16 cells"},
		{"gap", 9, variants.RegionSum{Lines: lines("r1c1 r3c1")}, "does not touch"},
	})
}
