package crosscheck_test

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// variantMakers build one random instance of each variant family for a
// shape; the fuzz target picks a subset by bit mask. A maker may return a
// variant the shape refuses (windoku on oblong boxes): the target then
// builds without it.
var variantMakers = []func(s sudoku.Shape, rng *rand.Rand) rules.Variant{
	func(sudoku.Shape, *rand.Rand) rules.Variant { return variants.Diagonal{} },
	func(sudoku.Shape, *rand.Rand) rules.Variant { return variants.AntiKnight{} },
	func(sudoku.Shape, *rand.Rand) rules.Variant { return variants.AntiKing{} },
	func(sudoku.Shape, *rand.Rand) rules.Variant { return variants.NonConsecutive{} },
	func(sudoku.Shape, *rand.Rand) rules.Variant { return variants.Windoku{} },
	func(sudoku.Shape, *rand.Rand) rules.Variant { return variants.DisjointGroups{} },
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return variants.OddEven{Odd: randomCells(s, rng, 2), Even: randomCells(s, rng, 2)}
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		x := variants.XV{X: fixture.RandomPairs(rng, s.N(), 2, map[[2]sudoku.Cell]bool{}), Negative: rng.IntN(2) == 0}
		if s.N() >= 5 {
			x.V = fixture.RandomPairs(rng, s.N(), 1, map[[2]sudoku.Cell]bool{})
		}
		return x
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return variants.Kropki{White: fixture.RandomPairs(rng, s.N(), 2, map[[2]sudoku.Cell]bool{}), Black: fixture.RandomPairs(rng, s.N(), 1, map[[2]sudoku.Cell]bool{}), Negative: rng.IntN(2) == 0}
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return variants.Thermo{Lines: [][]sudoku.Cell{fixture.RandomLine(rng, s.N(), 3)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return variants.Whispers{Lines: [][]sudoku.Cell{fixture.RandomLine(rng, s.N(), 3)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return variants.Palindrome{Lines: [][]sudoku.Cell{fixture.RandomLine(rng, s.N(), 4)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return variants.Renban{Lines: [][]sudoku.Cell{fixture.RandomLine(rng, s.N(), 3)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return variants.ExtraRegions{Regions: [][]sudoku.Cell{randomCells(s, rng, s.N()-1)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
		return bandJigsaw(s, rng)
	},
}

// randomCells returns k distinct random cells.
func randomCells(s sudoku.Shape, rng *rand.Rand, k int) []sudoku.Cell {
	n := s.N()
	out := make([]sudoku.Cell, 0, k)
	for _, i := range rng.Perm(n * n)[:k] {
		out = append(out, sudoku.Cell{Row: i / n, Col: i % n})
	}
	return out
}

// bandJigsaw returns irregular regions: each band of boxes with two
// neighbouring cells of adjacent boxes swapped between their regions, so
// the regions differ from the boxes but still partition the grid.
func bandJigsaw(s sudoku.Shape, rng *rand.Rand) rules.Variant {
	n := s.N()
	region := make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			region[r*n+c] = s.Box(r, c)
		}
	}
	// Swap the cells on both sides of a vertical box border in one row.
	if n/s.BoxCols > 1 {
		r := rng.IntN(n)
		c := s.BoxCols*(1+rng.IntN(n/s.BoxCols-1)) - 1
		region[r*n+c], region[r*n+c+1] = region[r*n+c+1], region[r*n+c]
	}
	j, err := variants.NewJigsaw(region)
	if err != nil {
		panic(err) // a partition by construction
	}
	return j
}
