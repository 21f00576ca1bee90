package crosscheck_test

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// variantMakers build one random instance of each variant family for a
// shape; the fuzz target picks a subset by bit mask. A maker may return a
// variant the shape refuses (windoku on oblong boxes): the target then
// builds without it.
var variantMakers = []func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant{
	func(sudoku.Shape, *rand.Rand) sudoku.Variant { return variants.Diagonal{} },
	func(sudoku.Shape, *rand.Rand) sudoku.Variant { return variants.AntiKnight{} },
	func(sudoku.Shape, *rand.Rand) sudoku.Variant { return variants.AntiKing{} },
	func(sudoku.Shape, *rand.Rand) sudoku.Variant { return variants.NonConsecutive{} },
	func(sudoku.Shape, *rand.Rand) sudoku.Variant { return variants.Windoku{} },
	func(sudoku.Shape, *rand.Rand) sudoku.Variant { return variants.DisjointGroups{} },
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		return variants.OddEven{Odd: randomCells(s, rng, 2), Even: randomCells(s, rng, 2)}
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		x := variants.XV{X: randomPairs(s, rng, 2), Negative: rng.IntN(2) == 0}
		if s.N() >= 5 {
			x.V = randomPairs(s, rng, 1)
		}
		return x
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		return variants.Kropki{White: randomPairs(s, rng, 2), Black: randomPairs(s, rng, 1), Negative: rng.IntN(2) == 0}
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		return variants.Thermo{Lines: [][]sudoku.Cell{randomLine(s, rng, 3)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		return variants.Whispers{Lines: [][]sudoku.Cell{randomLine(s, rng, 3)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		return variants.Palindrome{Lines: [][]sudoku.Cell{randomLine(s, rng, 4)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		return variants.Renban{Lines: [][]sudoku.Cell{randomLine(s, rng, 3)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
		return variants.ExtraRegions{Regions: [][]sudoku.Cell{randomCells(s, rng, s.N()-1)}}
	},
	func(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
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

// randomPairs returns k pairs of orthogonally adjacent cells, possibly
// overlapping each other.
func randomPairs(s sudoku.Shape, rng *rand.Rand, k int) [][2]sudoku.Cell {
	n := s.N()
	out := make([][2]sudoku.Cell, 0, k)
	seen := map[[2]sudoku.Cell]bool{}
	for len(out) < k {
		a := sudoku.Cell{Row: rng.IntN(n), Col: rng.IntN(n - 1)}
		b := sudoku.Cell{Row: a.Row, Col: a.Col + 1}
		if rng.IntN(2) == 0 {
			a, b = sudoku.Cell{Row: a.Col, Col: a.Row}, sudoku.Cell{Row: b.Col, Col: b.Row}
		}
		if !seen[[2]sudoku.Cell{a, b}] {
			seen[[2]sudoku.Cell{a, b}] = true
			out = append(out, [2]sudoku.Cell{a, b})
		}
	}
	return out
}

// randomLine returns a walk of up to k king-adjacent cells that never
// revisits a cell (shorter when it gets stuck, at least 2 cells).
func randomLine(s sudoku.Shape, rng *rand.Rand, k int) []sudoku.Cell {
	n := s.N()
	for {
		line := []sudoku.Cell{{Row: rng.IntN(n), Col: rng.IntN(n)}}
		used := map[sudoku.Cell]bool{line[0]: true}
		for len(line) < k {
			last := line[len(line)-1]
			var next []sudoku.Cell
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					c := sudoku.Cell{Row: last.Row + dr, Col: last.Col + dc}
					if c.Row >= 0 && c.Row < n && c.Col >= 0 && c.Col < n && !used[c] {
						next = append(next, c)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			c := next[rng.IntN(len(next))]
			used[c] = true
			line = append(line, c)
		}
		if len(line) >= 2 {
			return line
		}
	}
}

// bandJigsaw returns irregular regions: each band of boxes with two
// neighbouring cells of adjacent boxes swapped between their regions, so
// the regions differ from the boxes but still partition the grid.
func bandJigsaw(s sudoku.Shape, rng *rand.Rand) sudoku.Variant {
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
