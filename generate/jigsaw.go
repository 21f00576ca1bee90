package generate

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// RandomJigsaw returns a random layout of N connected regions of N cells
// for shape s: starting from the boxes, it swaps the regions of random
// pairs of cells on the edges between two regions, keeping each swap that
// leaves both regions connected.
func RandomJigsaw(rng *rand.Rand, s sudoku.Shape) variants.Jigsaw {
	n := s.N()
	region := make([]int, n*n)
	for cell := range region {
		region[cell] = s.Box(cell/n, cell%n)
	}
	seen := make([]bool, n*n)
	stack := make([]int, 0, n)
	for range 20 * n * n {
		// a, on the edge of its region A, goes to the region B of its
		// neighbour x; a cell b of B that touches A goes to A.
		a := rng.IntN(n * n)
		x, ok := neighbour(rng, n, a)
		if !ok || region[a] == region[x] {
			continue
		}
		b := -1
		for range 4 * n {
			y := rng.IntN(n * n)
			if y == x || region[y] != region[x] {
				continue
			}
			z, ok := neighbour(rng, n, y)
			if ok && z != a && region[z] == region[a] {
				b = y
				break
			}
		}
		if b < 0 {
			continue
		}
		region[a], region[b] = region[b], region[a]
		if !connected(region, n, a, seen, stack) || !connected(region, n, b, seen, stack) {
			region[a], region[b] = region[b], region[a]
		}
	}
	j, err := variants.NewJigsaw(region)
	if err != nil {
		panic("generate: a swapped box layout is not a jigsaw: " + err.Error())
	}
	return j
}

// neighbour returns a random orthogonal neighbour of cell in an n x n grid.
func neighbour(rng *rand.Rand, n, cell int) (int, bool) {
	r, c := cell/n, cell%n
	switch rng.IntN(4) {
	case 0:
		r--
	case 1:
		r++
	case 2:
		c--
	default:
		c++
	}
	if r < 0 || r >= n || c < 0 || c >= n {
		return 0, false
	}
	return r*n + c, true
}

// connected reports whether the region of cell is connected, walking
// orthogonal steps from cell.
func connected(region []int, n, cell int, seen []bool, stack []int) bool {
	id := region[cell]
	clear(seen)
	stack = append(stack[:0], cell)
	seen[cell] = true
	reached := 0
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		r, c := x/n, x%n
		for _, y := range [4]int{x - n, x + n, x - 1, x + 1} {
			switch {
			case y == x-n && r == 0, y == x+n && r == n-1, y == x-1 && c == 0, y == x+1 && c == n-1:
				continue
			}
			if region[y] == id && !seen[y] {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	return reached == n
}
