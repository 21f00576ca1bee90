package variants

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "arrow",
		Summary: "the digits along an arrow add up to the number in its circle (a pill of several cells reads as a number)",
		Order:   220,
		Codec: &Codec{
			Keys:   []string{"arrow"},
			Types:  []rules.Variant{Arrow{}},
			Decode: decodeArrow,
			Encode: encodeArrow,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var a Arrow
			for i := 1 + rng.IntN(2); i > 0; i-- {
				line := sudoku.RandomLine(rng, n, 2+rng.IntN(3))
				circle, shaft := line[:1], line[1:]
				// The shortest prefix of the shaft that adds up to the
				// circle's digit, if any.
				k := 1
				for k < len(shaft) && sumOf(sol, n, shaft[:k]) < sumOf(sol, n, circle) {
					k++
				}
				if sumOf(sol, n, shaft[:k]) != sumOf(sol, n, circle) {
					continue
				}
				shaft = shaft[:k]
				a.Arrows = append(a.Arrows, ArrowClue{Circle: circle, Shafts: [][]sudoku.Cell{shaft}})
			}
			return a
		},
	})
}

// maxPill bounds the cells of a circle: a pill of more would read a number
// beyond any sum of a shaft.
const maxPill = 3

// Arrow is arrow sudoku: the digits on each shaft of an arrow add up to
// the number in its circle. A circle of one cell holds that number; a
// pill of several cells reads as a decimal number, its cells in the order
// Circle lists them, the first the most significant digit. Digits on a
// shaft may repeat.
type Arrow struct {
	Arrows []ArrowClue
}

// An ArrowClue is a circle (one cell, or a pill of up to 3 cells) with one
// or more shafts, each a list of cells outside the circle whose digits add
// up to the circle's number. Circle's order is the pill's digit order, the
// most significant digit first, whatever the cells' places in the grid:
// a pill listed r1c3, r1c2 reads r1c3's digit, then r1c2's.
type ArrowClue struct {
	Circle []sudoku.Cell
	Shafts [][]sudoku.Cell
}

// Name returns "arrow".
func (Arrow) Name() string { return "arrow" }

// Apply adds one Sum rule per shaft: coefficient 1 on every shaft cell,
// -10^k on the circle cell k places from the pill's last one, total 0. A
// cell listed twice in one shaft (a shaft crossing itself) is refused, as
// is a shaft through its own circle; pills need a grid of side at most 9,
// where digits are decimal digits.
func (a Arrow) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, ar := range a.Arrows {
		what := fmt.Sprintf("arrow %d", i+1)
		if len(ar.Circle) == 0 || len(ar.Circle) > maxPill {
			return invalid("%s: a circle of %d cells, want 1 to %d", what, len(ar.Circle), maxPill)
		}
		if len(ar.Circle) > 1 && n > 9 {
			return invalid("%s: a pill reads decimal digits, and a %dx%d grid has digits beyond 9", what, n, n)
		}
		if err := checkCells(what+" circle", ar.Circle, n); err != nil {
			return err
		}
		if len(ar.Shafts) == 0 {
			return invalid("%s: no shaft", what)
		}
		for j, sh := range ar.Shafts {
			sw := fmt.Sprintf("%s shaft %d", what, j+1)
			if len(sh) == 0 {
				return invalid("%s: no cells", sw)
			}
			if err := checkCells(sw, sh, n); err != nil {
				return err
			}
			for _, c := range sh {
				if slices.Contains(ar.Circle, c) {
					return invalid("%s: %v is in the arrow's circle", sw, c)
				}
			}
		}
	}
	for i, ar := range a.Arrows {
		for j, sh := range ar.Shafts {
			cells := append(slices.Clone(sh), ar.Circle...)
			coefs := ones(len(cells))
			place := 1
			for k := len(cells) - 1; k >= len(sh); k-- {
				coefs[k] = -place
				place *= 10
			}
			b.Sum(fmt.Sprintf("arrow %d shaft %d", i+1, j+1), cells, coefs, []int{0}, false)
		}
	}
	return nil
}

// decodeArrow reads "arrow": each object's "cells" are its circle, its
// "lines" its shafts, each drawn from the circle (the circle's cells are
// dropped from a line). A pill's digits are read in the order "cells"
// lists them, the most significant first, as the f-puzzles reference
// solver reads them: a pill the setter drew from right to left reads from
// right to left.
func decodeArrow(r *fpdoc.Reader) ([]rules.Variant, error) {
	var a Arrow
	err := r.Parts("arrow", func(at string, p fpdoc.Part) error {
		circle, err := r.Cells(at+".cells", p.Cells)
		if err != nil {
			return err
		}
		if len(circle) == 0 {
			return fpdoc.Errorf("%s: an arrow with no circle", at)
		}
		lines, err := r.Lines(at, p)
		if err != nil {
			return err
		}
		ar := ArrowClue{Circle: circle}
		for k, l := range lines {
			var shaft []sudoku.Cell
			for _, c := range l {
				if !slices.Contains(circle, c) {
					shaft = append(shaft, c)
				}
			}
			if len(shaft) == 0 {
				return fpdoc.Errorf("%s.lines[%d]: no cell outside the circle", at, k)
			}
			ar.Shafts = append(ar.Shafts, shaft)
		}
		a.Arrows = append(a.Arrows, ar)
		return nil
	})
	if err != nil || len(a.Arrows) == 0 {
		return nil, err
	}
	return []rules.Variant{a}, nil
}

// encodeArrow writes one object per arrow: the circle as "cells", in its
// digit order, and each shaft as a line from the circle cell that touches
// its first cell (the circle's first when none does).
func encodeArrow(w *fpdoc.Writer, vs []rules.Variant) error {
	for _, v := range vs {
		for _, ar := range v.(Arrow).Arrows {
			p := fpdoc.Part{Cells: fpdoc.Refs(ar.Circle)}
			for _, sh := range ar.Shafts {
				from := ar.Circle[0]
				for _, c := range ar.Circle {
					if len(sh) > 0 && touching(c, sh[0]) {
						from = c
						break
					}
				}
				p.Lines = append(p.Lines, fpdoc.Refs(append([]sudoku.Cell{from}, sh...)))
			}
			w.Add("arrow", p)
		}
	}
	return nil
}
