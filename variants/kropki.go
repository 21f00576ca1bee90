package variants

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "kropki",
		Summary: "white dots join digits that differ by 1, black dots digits one double the other (values and negative constraints too)",
		Order:   100,
		Codec: &Codec{
			Keys:      []string{"difference", "ratio"},
			Negatives: []string{"difference", "ratio"},
			Types:     []rules.Variant{Kropki{}},
			Decode:    decodeKropki,
			Encode:    encodeKropki,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			return Kropki{White: sudoku.RandomPairs(rng, s.N(), 2, map[[2]sudoku.Cell]bool{}), Black: sudoku.RandomPairs(rng, s.N(), 1, map[[2]sudoku.Cell]bool{}), Negative: rng.IntN(2) == 0}
		},
	})
}

// decodeKropki reads the dots of "difference" (white) and "ratio" (black)
// and their negative constraints. A dot without a value, or with the
// default one, goes to White or Black; a dot with another value to
// WhiteDots or BlackDots. Both negative names set Negative, one of them
// NegativeWhite or NegativeBlack.
func decodeKropki(r *fpdoc.Reader) ([]rules.Variant, error) {
	var k Kropki
	if err := readDots(r, "difference", whiteDot.def, &k.White, &k.WhiteDots); err != nil {
		return nil, err
	}
	if err := readDots(r, "ratio", blackDot.def, &k.Black, &k.BlackDots); err != nil {
		return nil, err
	}
	negW, negB := r.Negative("difference"), r.Negative("ratio")
	if len(k.White)+len(k.Black)+len(k.WhiteDots)+len(k.BlackDots) == 0 && !negW && !negB {
		return nil, nil
	}
	if negW && negB {
		k.Negative = true
	} else {
		k.NegativeWhite, k.NegativeBlack = negW, negB
	}
	return []rules.Variant{k}, nil
}

// readDots reads the dots of key: a dot with the value std (or none) goes
// to plain, one with another value to valued. The variant checks that the
// value fits the grid.
func readDots(r *fpdoc.Reader, key string, std int, plain *[][2]sudoku.Cell, valued *[]Dot) error {
	return r.Parts(key, func(at string, p fpdoc.Part) error {
		pair, err := r.Pair(at, p)
		if err != nil {
			return err
		}
		k := std
		if v := strings.TrimSpace(string(p.Value)); v != "" {
			k, err = strconv.Atoi(v)
			if err != nil || k < 1 {
				return fpdoc.Errorf("%s: %s dot value %q is not a whole number from 1", at, key, p.Value)
			}
		}
		if k == std {
			*plain = append(*plain, pair)
		} else {
			*valued = append(*valued, Dot{A: pair[0], B: pair[1], Value: k})
		}
		return nil
	})
}

func encodeKropki(w *fpdoc.Writer, vs []rules.Variant) error {
	if len(vs) > 1 {
		return fmt.Errorf("f-puzzles holds one set of kropki dots, not two kropki variants")
	}
	k := vs[0].(Kropki)
	writeDots(w, "difference", k.White, k.WhiteDots, whiteDot.def)
	writeDots(w, "ratio", k.Black, k.BlackDots, blackDot.def)
	switch {
	case k.Negative || k.NegativeWhite && k.NegativeBlack:
		w.AddNegative("ratio", "difference")
	case k.NegativeWhite:
		w.AddNegative("difference")
	case k.NegativeBlack:
		w.AddNegative("ratio")
	}
	return nil
}

// writeDots writes plain dots, then valued ones; a dot of the default value
// (or 0, which means it) is written without one.
func writeDots(w *fpdoc.Writer, key string, plain [][2]sudoku.Cell, valued []Dot, std int) {
	for _, p := range plain {
		w.Add(key, fpdoc.PairPart(p[0], p[1], ""))
	}
	for _, d := range valued {
		val := ""
		if d.Value != 0 && d.Value != std {
			val = strconv.Itoa(d.Value)
		}
		w.Add(key, fpdoc.PairPart(d.A, d.B, val))
	}
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
// The negative constraint (f-puzzles' "negative" list) reads as the
// solvers setters run f-puzzles documents through read it: with
// NegativeWhite, orthogonally adjacent digits with no dot between them
// differ by none of the values the white dots carry (not consecutive, when
// every white dot has the default value; nothing when there is no white
// dot), as SudokuVariantSolverJS reads it; with NegativeBlack, neither is
// the other times any value the black dots carry (times 2 only, when every
// black dot has the default value or there is no black dot), as the
// f-puzzles reference solver reads it: a grid whose black dots all carry 3
// says nothing of undotted pairs one double the other. Negative means
// both. A pair carrying any dot, of either colour and any value, is
// exempt: its dot says what it holds.
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
			forbid(b, set.kind.name, d.A, d.B, func(x, y int) bool { return !holds(x, y, v) })
		}
	}
	var negW, negB []int // the values the negative constraints rule out
	if k.Negative || k.NegativeWhite {
		negW = dotValues(white, nil)
	}
	if k.Negative || k.NegativeBlack {
		if negB = dotValues(black, nil); len(negB) == 0 {
			negB = []int{blackDot.def}
		}
	}
	if len(negW)+len(negB) > 0 {
		orthogonalPairs(n, func(p, q sudoku.Cell) {
			if !dotted[key(p, q)] {
				forbid(b, "kropki (no dot)", p, q, func(x, y int) bool {
					return slices.ContainsFunc(negW, func(v int) bool { return whiteDot.holds(x, y, v) }) ||
						slices.ContainsFunc(negB, func(v int) bool { return blackDot.holds(x, y, v) })
				})
			}
		})
	}
	return nil
}

// dotValues returns the distinct values of dots, added to base.
func dotValues(dots []Dot, base []int) []int {
	for _, d := range dots {
		if !slices.Contains(base, d.Value) {
			base = append(base, d.Value)
		}
	}
	return base
}
