package generate

import (
	"fmt"
	"strings"
)

// A Symmetry says which cells lose their givens together: a cell and its
// images under the symmetry form a class, and the generator removes a class
// at a time, so that the givens of every puzzle keep the symmetry. The names
// are qqwing's, plus diagonal.
type Symmetry uint8

const (
	// None removes one cell at a time.
	None Symmetry = iota
	// Rotate90 keeps the givens under quarter turns: (r, c), (c, N-1-r),
	// (N-1-r, N-1-c) and (N-1-c, r) together.
	Rotate90
	// Rotate180 keeps them under half turns: (r, c) with (N-1-r, N-1-c).
	Rotate180
	// Mirror keeps them under a left-right reflection: (r, c) with
	// (r, N-1-c).
	Mirror
	// Flip keeps them under a top-bottom reflection: (r, c) with
	// (N-1-r, c).
	Flip
	// Diagonal keeps them under the reflection in the main diagonal:
	// (r, c) with (c, r).
	Diagonal
	// Random picks, for each puzzle, one of Rotate90, Rotate180, Mirror,
	// Flip and Diagonal.
	Random
)

var symmetryNames = [...]string{"none", "rotate90", "rotate180", "mirror", "flip", "diagonal", "random"}

// String returns the symmetry's name, as ParseSymmetry reads it.
func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", s)
}

// ErrSymmetry is wrapped by the error ParseSymmetry returns for an unknown
// name.
var ErrSymmetry = fmt.Errorf("generate: unknown symmetry")

// ParseSymmetry reads a symmetry's name: none, rotate90, rotate180, mirror,
// flip, diagonal or random (any case; "" is none).
func ParseSymmetry(name string) (Symmetry, error) {
	if name == "" {
		return None, nil
	}
	for i, n := range symmetryNames {
		if strings.EqualFold(name, n) {
			return Symmetry(i), nil
		}
	}
	return None, fmt.Errorf("%w %q (want %s)", ErrSymmetry, name, strings.Join(symmetryNames[:], ", "))
}

// Images returns the cells (row-major, r*n + c) that cell's class holds
// under s in an n x n grid, cell first, each once. Random has no classes of
// its own: it is resolved per puzzle; Images treats it as None.
func (s Symmetry) Images(n, cell int) []int {
	r, c := cell/n, cell%n
	var img []int
	switch s {
	case Rotate90:
		img = []int{c*n + n - 1 - r, (n-1-r)*n + n - 1 - c, (n-1-c)*n + r}
	case Rotate180:
		img = []int{(n-1-r)*n + n - 1 - c}
	case Mirror:
		img = []int{r*n + n - 1 - c}
	case Flip:
		img = []int{(n-1-r)*n + c}
	case Diagonal:
		img = []int{c*n + r}
	}
	out := []int{cell}
	for _, x := range img {
		dup := false
		for _, y := range out {
			dup = dup || x == y
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}

// classes returns the classes of an n x n grid under s, each listed once,
// in the order of their first cell.
func (s Symmetry) classes(n int) [][]int {
	seen := make([]bool, n*n)
	var out [][]int
	for cell := range n * n {
		if seen[cell] {
			continue
		}
		cl := s.Images(n, cell)
		for _, x := range cl {
			seen[x] = true
		}
		out = append(out, cl)
	}
	return out
}
