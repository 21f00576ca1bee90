package variants

import "github.com/sudokit/sudokit/sudoku"

// OddEven marks cells that hold an odd digit (Odd) or an even one (Even).
// It lowers to excluded candidates only.
type OddEven struct {
	Odd, Even []sudoku.Cell
}

// Name returns "odd-even".
func (OddEven) Name() string { return "odd-even" }

// Apply excludes the even candidates of odd cells and the odd candidates of
// even cells. A cell marked both odd and even is an error.
func (o OddEven) Apply(b *sudoku.Builder) error {
	n := b.Shape().N()
	if err := checkCells("odd cells", o.Odd, n); err != nil {
		return err
	}
	if err := checkCells("even cells", o.Even, n); err != nil {
		return err
	}
	for _, c := range o.Even {
		for _, d := range o.Odd {
			if c == d {
				return invalid("odd-even: %v is marked both odd and even", c)
			}
		}
	}
	exclude := func(cells []sudoku.Cell, oddValues bool) { // drop the odd or the even values
		for _, c := range cells {
			for v := 1; v <= n; v++ {
				if (v%2 == 1) == oddValues {
					b.Model().Exclude(b.Cand(c, v))
				}
			}
		}
	}
	exclude(o.Odd, false) // odd cells lose their even candidates
	exclude(o.Even, true)
	return nil
}

// XV marks orthogonally adjacent pairs whose digits sum to 10 (X) or 5 (V).
// With Negative, every orthogonally adjacent pair without a mark sums to
// neither 5 nor 10 (f-puzzles' negative constraint "xv").
type XV struct {
	X, V     [][2]sudoku.Cell
	Negative bool
}

// Name returns "xv".
func (XV) Name() string { return "xv" }

// Apply checks the marks and adds the "not both" rules of the digit pairs
// each mark (and, with Negative, each unmarked pair) rules out. A mark no two
// distinct digits of the grid can satisfy (X on a 4x4 grid) is an error.
func (x XV) Apply(b *sudoku.Builder) error {
	n := b.Shape().N()
	if err := checkPairs("X", x.X, n); err != nil {
		return err
	}
	if err := checkPairs("V", x.V, n); err != nil {
		return err
	}
	marked := map[[2]sudoku.Cell]bool{}
	for _, m := range []struct {
		name  string
		sum   int
		pairs [][2]sudoku.Cell
	}{{"X", 10, x.X}, {"V", 5, x.V}} {
		sum := m.sum
		if len(m.pairs) > 0 && !anyPair(n, func(a, c int) bool { return a+c == sum }) {
			return invalid("%s %v-%v: no two digits of 1..%d sum to %d", m.name, m.pairs[0][0], m.pairs[0][1], n, sum)
		}
		for _, p := range m.pairs {
			k := key(p[0], p[1])
			if marked[k] {
				return invalid("%v-%v is marked both X and V", p[0], p[1])
			}
			marked[k] = true
			forbid(b, p[0], p[1], func(a, c int) bool { return a+c != sum })
		}
	}
	if x.Negative {
		orthogonalPairs(n, func(p, q sudoku.Cell) {
			if !marked[key(p, q)] {
				forbid(b, p, q, func(a, c int) bool { return a+c == 5 || a+c == 10 })
			}
		})
	}
	return nil
}

// anyPair reports whether two distinct digits of 1..n satisfy ok.
func anyPair(n int, ok func(x, y int) bool) bool {
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if x != y && ok(x, y) {
				return true
			}
		}
	}
	return false
}

// Kropki marks orthogonally adjacent pairs with dots: a white dot joins
// consecutive digits, a black dot joins digits one of which is double the
// other. With Negative, pairs without a dot are neither consecutive nor in a
// ratio of 2 (f-puzzles' negative constraint on "difference" and "ratio").
// A pair may carry both dots (then it holds 1 and 2).
type Kropki struct {
	White, Black [][2]sudoku.Cell
	Negative     bool
}

// Name returns "kropki".
func (Kropki) Name() string { return "kropki" }

func consecutive(x, y int) bool { return abs(x-y) == 1 }
func double(x, y int) bool      { return x == 2*y || y == 2*x }

// Apply checks the dots and adds the "not both" rules of the digit pairs
// each dot (and, with Negative, each pair without one) rules out.
func (k Kropki) Apply(b *sudoku.Builder) error {
	n := b.Shape().N()
	if err := checkPairs("white dot", k.White, n); err != nil {
		return err
	}
	if err := checkPairs("black dot", k.Black, n); err != nil {
		return err
	}
	dotted := map[[2]sudoku.Cell]bool{}
	for _, p := range k.White {
		dotted[key(p[0], p[1])] = true
		forbid(b, p[0], p[1], func(x, y int) bool { return !consecutive(x, y) })
	}
	for _, p := range k.Black {
		dotted[key(p[0], p[1])] = true
		forbid(b, p[0], p[1], func(x, y int) bool { return !double(x, y) })
	}
	if k.Negative {
		orthogonalPairs(n, func(p, q sudoku.Cell) {
			if !dotted[key(p, q)] {
				forbid(b, p, q, func(x, y int) bool { return consecutive(x, y) || double(x, y) })
			}
		})
	}
	return nil
}
