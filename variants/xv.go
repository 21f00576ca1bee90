package variants

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "xv",
		Summary: "cells joined by X sum to 10, by V to 5 (with the negative constraint, no others do)",
		Order:   90,
		Codec: &Codec{
			Keys:      []string{"xv"},
			Negatives: []string{"xv"},
			Types:     []rules.Variant{XV{}},
			Decode:    decodeXV,
			Encode:    encodeXV,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			x := XV{X: sudoku.RandomPairs(rng, s.N(), 2, map[[2]sudoku.Cell]bool{}), Negative: rng.IntN(2) == 0}
			if s.N() >= 5 {
				x.V = sudoku.RandomPairs(rng, s.N(), 1, map[[2]sudoku.Cell]bool{})
			}
			return x
		},
	})
}

// decodeXV reads the "xv" marks and the negative constraint "xv".
func decodeXV(r *fpdoc.Reader) ([]rules.Variant, error) {
	x := XV{Negative: r.Negative("xv")}
	err := r.Parts("xv", func(at string, p fpdoc.Part) error {
		pair, err := r.Pair(at, p)
		if err != nil {
			return err
		}
		switch strings.ToUpper(string(p.Value)) {
		case "X":
			x.X = append(x.X, pair)
		case "V":
			x.V = append(x.V, pair)
		default:
			return fpdoc.Errorf("%s: value %q, want \"X\" or \"V\"", at, p.Value)
		}
		return nil
	})
	if err != nil || len(x.X)+len(x.V) == 0 && !x.Negative {
		return nil, err
	}
	return []rules.Variant{x}, nil
}

func encodeXV(w *fpdoc.Writer, vs []rules.Variant) error {
	if len(vs) > 1 {
		return fmt.Errorf("f-puzzles holds one set of XV marks, not two xv variants")
	}
	x := vs[0].(XV)
	for _, p := range x.X {
		w.Add("xv", fpdoc.PairPart(p[0], p[1], "X"))
	}
	for _, p := range x.V {
		w.Add("xv", fpdoc.PairPart(p[0], p[1], "V"))
	}
	if x.Negative {
		w.AddNegative("xv")
	}
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
			forbid(b, m.name, p[0], p[1], func(a, c int) bool { return a+c != sum })
		}
	}
	if x.Negative {
		orthogonalPairs(n, func(p, q sudoku.Cell) {
			if !marked[key(p, q)] {
				forbid(b, "XV (no mark)", p, q, func(a, c int) bool { return a+c == 5 || a+c == 10 })
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
