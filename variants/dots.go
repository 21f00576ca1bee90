package variants

import (
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// OddEven marks cells that hold an odd digit (Odd) or an even one (Even).
// It lowers to excluded candidates only.
type OddEven struct {
	Odd, Even []sudoku.Cell
}

// Name returns "odd-even".
func (OddEven) Name() string { return "odd-even" }

// Apply excludes the even candidates of odd cells and the odd candidates of
// even cells. A cell marked both odd and even is an error.
func (o OddEven) Apply(b *rules.Builder) error {
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
func (x XV) Apply(b *rules.Builder) error {
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
// digits that differ by its value (1 unless given), a black dot joins
// digits one of which is its value (2 unless given) times the other.
//
// White and Black list the dots of the default values; WhiteDots and
// BlackDots list dots that may carry another value (Dot.Value 0 is the
// default, so Dot{A, B, 0} in WhiteDots is the pair {A, B} in White). A pair
// may carry a white and a black dot (1 and 2 satisfy both defaults), but
// not two dots of one colour, whichever lists they come from.
//
// The negative constraint (f-puzzles' "negative" list) concerns only the
// default relations: with NegativeWhite, orthogonally adjacent digits with
// no dot between them are not consecutive; with NegativeBlack, neither is
// double the other. Negative means both. A pair carrying any dot, of either
// colour and any value, is exempt: its dot says what it holds. Valued dots
// add no negative rule of their own (a white dot "3" somewhere does not
// forbid a difference of 3 elsewhere).
type Kropki struct {
	White, Black         [][2]sudoku.Cell
	WhiteDots, BlackDots []Dot
	// Negative is NegativeWhite and NegativeBlack together.
	Negative                     bool
	NegativeWhite, NegativeBlack bool
}

// A Dot is a kropki dot with a value between two orthogonally adjacent
// cells. Value 0 means the default: 1 on a white dot, 2 on a black one.
type Dot struct {
	A, B  sudoku.Cell
	Value int
}

// Name returns "kropki".
func (Kropki) Name() string { return "kropki" }

func consecutive(x, y int) bool { return abs(x-y) == 1 }
func double(x, y int) bool      { return x == 2*y || y == 2*x }

// dotKind is one colour of kropki dot: its default value and the relation
// a value k asks of two digits.
type dotKind struct {
	name     string // "white dot"
	def      int    // the value of a dot without one
	relation string // for messages: "differ by", "have ratio"
	holds    func(x, y, k int) bool
}

var (
	whiteDot = dotKind{"white dot", 1, "differ by", func(x, y, k int) bool { return abs(x-y) == k }}
	blackDot = dotKind{"black dot", 2, "have ratio", func(x, y, k int) bool { return x == k*y || y == k*x }}
)

// dots merges the plain pairs and the valued dots of one colour, every
// value resolved (0 becomes the default), after checking them: cells inside
// the grid and adjacent, no pair twice, a value some two digits satisfy.
func (kind dotKind) dots(pairs [][2]sudoku.Cell, valued []Dot, n int) ([]Dot, error) {
	all := make([]Dot, 0, len(pairs)+len(valued))
	for _, p := range pairs {
		all = append(all, Dot{A: p[0], B: p[1], Value: kind.def})
	}
	for _, d := range valued {
		if d.Value == 0 {
			d.Value = kind.def
		}
		all = append(all, d)
	}
	ps := make([][2]sudoku.Cell, len(all))
	for i, d := range all {
		ps[i] = [2]sudoku.Cell{d.A, d.B}
	}
	if err := checkPairs(kind.name, ps, n); err != nil {
		return nil, err
	}
	for _, d := range all {
		if d.Value < 0 {
			return nil, invalid("%s %v-%v: value %d is negative", kind.name, d.A, d.B, d.Value)
		}
		k := d.Value
		if !anyPair(n, func(x, y int) bool { return kind.holds(x, y, k) }) {
			return nil, invalid("%s %v-%v: no two digits of 1..%d %s %d", kind.name, d.A, d.B, n, kind.relation, k)
		}
	}
	return all, nil
}

// Apply checks the dots and adds the "not both" rules of the digit pairs
// each dot (and, with a negative constraint, each pair without one) rules
// out. A dot outside the grid, between cells that are not orthogonally
// adjacent, listed twice in one colour, or with a value no two digits of
// the grid satisfy (a white dot 9 on a 9x9 grid, a black dot 1) is an error.
func (k Kropki) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	white, err := whiteDot.dots(k.White, k.WhiteDots, n)
	if err != nil {
		return err
	}
	black, err := blackDot.dots(k.Black, k.BlackDots, n)
	if err != nil {
		return err
	}
	dotted := map[[2]sudoku.Cell]bool{}
	for _, set := range []struct {
		kind dotKind
		dots []Dot
	}{{whiteDot, white}, {blackDot, black}} {
		holds := set.kind.holds
		for _, d := range set.dots {
			dotted[key(d.A, d.B)] = true
			v := d.Value
			forbid(b, d.A, d.B, func(x, y int) bool { return !holds(x, y, v) })
		}
	}
	negW, negB := k.Negative || k.NegativeWhite, k.Negative || k.NegativeBlack
	if negW || negB {
		orthogonalPairs(n, func(p, q sudoku.Cell) {
			if !dotted[key(p, q)] {
				forbid(b, p, q, func(x, y int) bool { return negW && consecutive(x, y) || negB && double(x, y) })
			}
		})
	}
	return nil
}
