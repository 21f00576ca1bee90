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
		Name:    "quadruple",
		Summary: "the digits on a circle at a 2x2 crossing appear in its four cells (a digit listed twice, twice)",
		Order:   230,
		Codec: &Codec{
			Keys:   []string{"quadruple"},
			Types:  []rules.Variant{Quadruple{}},
			Decode: decodeQuadruple,
			Encode: encodeQuadruple,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var q Quadruple
			for i := 1 + rng.IntN(3); i > 0; i-- {
				c := QuadrupleClue{Corner: sudoku.Cell{Row: rng.IntN(n - 1), Col: rng.IntN(n - 1)}}
				// Distinct digits: f-puzzles cannot say "twice" (encodeQuadruple).
				for _, k := range rng.Perm(4)[:1+rng.IntN(4)] {
					at := c.cells()[k]
					if d := sol[at.Row*n+at.Col]; !slices.Contains(c.Digits, d) {
						c.Digits = append(c.Digits, d)
					}
				}
				q.Clues = append(q.Clues, c)
			}
			return q
		},
	})
}

// Quadruple is quadruple sudoku: each clue lists up to four digits that
// must appear in the 2x2 block of cells around it; a digit listed k times
// appears at least k times, as the usual rule text, SudokuVariantSolverJS
// and puzzles published with a repeated digit read it. The block may hold
// other digits too. An f-puzzles document reads otherwise (see
// decodeQuadruple): there a digit listed twice need appear only once.
type Quadruple struct {
	Clues []QuadrupleClue
}

// A QuadrupleClue names its 2x2 block by the block's top-left cell, Corner,
// and lists Digits (with repeats, at most 4).
type QuadrupleClue struct {
	Corner sudoku.Cell
	Digits []int
}

// cells returns the clue's block in reading order.
func (c QuadrupleClue) cells() []sudoku.Cell {
	r, k := c.Corner.Row, c.Corner.Col
	return []sudoku.Cell{{Row: r, Col: k}, {Row: r, Col: k + 1}, {Row: r + 1, Col: k}, {Row: r + 1, Col: k + 1}}
}

// Name returns "quadruple".
func (Quadruple) Name() string { return "quadruple" }

// Apply adds, per clue and listed digit d (listed k times), a Sum rule of
// weight 1 on the d candidates of the four cells with totals k to 4.
func (q Quadruple) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, c := range q.Clues {
		what := fmt.Sprintf("quadruple %d at %v", i+1, c.Corner)
		if c.Corner.Row < 0 || c.Corner.Col < 0 || c.Corner.Row+1 >= n || c.Corner.Col+1 >= n {
			return invalid("%s: the 2x2 block does not fit the %dx%d grid", what, n, n)
		}
		if len(c.Digits) == 0 || len(c.Digits) > 4 {
			return invalid("%s: %d digits, want 1 to 4", what, len(c.Digits))
		}
		for _, d := range c.Digits {
			if d < 1 || d > n {
				return invalid("%s: digit %d not in 1..%d", what, d, n)
			}
		}
	}
	for i, c := range q.Clues {
		counts := map[int]int{}
		for _, d := range c.Digits {
			counts[d]++
		}
		ds := make([]int, 0, len(counts))
		for d := range counts {
			ds = append(ds, d)
		}
		slices.Sort(ds)
		for _, d := range ds {
			var totals []int
			for t := counts[d]; t <= 4; t++ {
				totals = append(totals, t)
			}
			addCount(b, fmt.Sprintf("quadruple %d digit %d", i+1, d), c.cells(), d, totals)
		}
	}
	return nil
}

// decodeQuadruple reads "quadruple": four "cells" forming a 2x2 block and
// their "values". A value listed twice is kept once: the f-puzzles
// reference solver asks only that each listed digit appear, so a clue
// 1, 1 holds with a single 1, and reading it as "two 1s" could answer
// "no solution" for a puzzle the reference solves.
func decodeQuadruple(r *fpdoc.Reader) ([]rules.Variant, error) {
	var q Quadruple
	err := r.Parts("quadruple", func(at string, p fpdoc.Part) error {
		cells, err := r.Cells(at+".cells", p.Cells)
		if err != nil {
			return err
		}
		if len(cells) != 4 {
			return fpdoc.Errorf("%s: %d cells, want the 4 cells of a 2x2 block", at, len(cells))
		}
		corner := cells[0]
		for _, c := range cells {
			corner.Row, corner.Col = min(corner.Row, c.Row), min(corner.Col, c.Col)
		}
		c := QuadrupleClue{Corner: corner}
		for _, d := range p.Values {
			if !slices.Contains(c.Digits, d) {
				c.Digits = append(c.Digits, d)
			}
		}
		block := c.cells()
		for _, x := range cells {
			if !slices.Contains(block, x) {
				return fpdoc.Errorf("%s: cells %v are not a 2x2 block", at, p.Cells)
			}
		}
		if len(p.Values) == 0 {
			return fpdoc.Errorf("%s: no values", at)
		}
		q.Clues = append(q.Clues, c)
		return nil
	})
	if err != nil || len(q.Clues) == 0 {
		return nil, err
	}
	return []rules.Variant{q}, nil
}

// encodeQuadruple writes one object per clue. A clue listing a digit
// twice has no f-puzzles form: the reference solver would read the digit
// once (see decodeQuadruple), which is another puzzle.
func encodeQuadruple(w *fpdoc.Writer, vs []rules.Variant) error {
	for _, v := range vs {
		for _, c := range v.(Quadruple).Clues {
			for k, d := range c.Digits {
				if slices.Contains(c.Digits[:k], d) {
					return fmt.Errorf("quadruple at %v: digit %d listed twice, which f-puzzles reads as once", c.Corner, d)
				}
			}
			w.Add("quadruple", fpdoc.Part{Cells: fpdoc.Refs(c.cells()), Values: slices.Clone(c.Digits)})
		}
	}
	return nil
}
