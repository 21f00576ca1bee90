package variants

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "sandwich",
		Summary: "a clue outside the grid gives the sum of the digits between the 1 and the 9 (the smallest and largest digit) of its row or column",
		Order:   300,
		Codec: edgeCodec("sandwichsum",
			func(cs []EdgeClue) Sandwich { return Sandwich{Clues: cs} },
			func(v Sandwich) []EdgeClue { return v.Clues }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var v Sandwich
			for i := 1 + rng.IntN(3); i > 0; i-- {
				c := randomEdgeClue(rng, n)
				cells, _ := c.Cells(n)
				c.Total = sandwichTotal(sol, n, cells)
				v.Clues = append(v.Clues, c)
			}
			return v
		},
	})
}

// Sandwich is sandwich sudoku: each clue outside the grid gives the sum of
// the digits that lie between the 1 and the N (9 on 9x9) of its row or
// column, the "crusts". A total of 0 means the crusts are neighbours.
type Sandwich struct {
	Clues []EdgeClue
}

// An EdgeClue is a number outside the grid that reads its row or column:
// Outside is the cell just past the edge (row -1 or N for a column, column
// -1 or N for a row; not a corner), and Total the clue's number.
type EdgeClue struct {
	Outside sudoku.Cell
	Total   int
}

// Cells returns the row or column the clue reads in a grid of side n, from
// the cell next to the clue, or an error when Outside is not just outside
// an edge of the grid.
func (c EdgeClue) Cells(n int) ([]sudoku.Cell, error) {
	o := c.Outside
	var start sudoku.Cell
	var dr, dc int
	switch {
	case o.Row == -1 && o.Col >= 0 && o.Col < n:
		start, dr = sudoku.Cell{Row: 0, Col: o.Col}, 1
	case o.Row == n && o.Col >= 0 && o.Col < n:
		start, dr = sudoku.Cell{Row: n - 1, Col: o.Col}, -1
	case o.Col == -1 && o.Row >= 0 && o.Row < n:
		start, dc = sudoku.Cell{Row: o.Row, Col: 0}, 1
	case o.Col == n && o.Row >= 0 && o.Row < n:
		start, dc = sudoku.Cell{Row: o.Row, Col: n - 1}, -1
	default:
		return nil, invalid("clue at %v: not a cell just outside an edge of the %dx%d grid", o, n, n)
	}
	out := make([]sudoku.Cell, n)
	for k := range out {
		out[k] = sudoku.Cell{Row: start.Row + k*dr, Col: start.Col + k*dc}
	}
	return out, nil
}

// Name returns "sandwich".
func (Sandwich) Name() string { return "sandwich" }

// Apply lowers each clue of its row or column (cells c0..c{N-1}) over every
// pair of places i < j the crusts may take: when ci holds 1 and cj holds N,
// or the reverse, a conditional Sum rule makes the cells strictly between
// them add up to the total. A pair whose middle cells cannot reach the
// total (neighbours under a total above 0, or too few or too many cells)
// is forbidden outright instead.
func (s Sandwich) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for _, c := range s.Clues {
		if _, err := c.Cells(n); err != nil {
			return fmt.Errorf("sandwich %w", err)
		}
		if c.Total < 0 {
			return invalid("sandwich clue at %v: total %d is negative", c.Outside, c.Total)
		}
	}
	mb := b.Model()
	for ci, c := range s.Clues {
		cells, _ := c.Cells(n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				k := j - i - 1 // cells between the crusts, digits 2..N-1
				lo, hi := (k+3)*k/2, (2*n-k-1)*k/2
				for _, ends := range [][2]int{{1, n}, {n, 1}} {
					p, q := b.Cand(cells[i], ends[0]), b.Cand(cells[j], ends[1])
					if c.Total < lo || c.Total > hi {
						mb.Add(model.AtMostOne, p, q)
						continue
					}
					if k == 0 {
						continue // total 0, and the crusts touch
					}
					b.Sum(fmt.Sprintf("sandwich %d", ci+1), cells[i+1:j], edgeOnes(k), []int{c.Total}, true, p, q)
				}
			}
		}
	}
	return nil
}

// sandwichTotal returns the sum between the 1 and the n of cells in sol.
func sandwichTotal(sol []int, n int, cells []sudoku.Cell) int {
	i, j := -1, -1
	for k, c := range cells {
		if v := sol[c.Row*n+c.Col]; v == 1 || v == n {
			if i < 0 {
				i = k
			} else {
				j = k
			}
		}
	}
	t := 0
	for _, c := range cells[i+1 : j] {
		t += sol[c.Row*n+c.Col]
	}
	return t
}

// edgeOnes returns k coefficients 1.
func edgeOnes(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = 1
	}
	return out
}

// randomEdgeClue returns a clue without a total on a random side.
func randomEdgeClue(rng *rand.Rand, n int) EdgeClue {
	k := rng.IntN(n)
	o := [4]sudoku.Cell{{Row: -1, Col: k}, {Row: n, Col: k}, {Row: k, Col: -1}, {Row: k, Col: n}}
	return EdgeClue{Outside: o[rng.IntN(4)]}
}

// edgeCodec is the codec of a family of clues outside the grid, each a
// "cell" just past an edge (R0C3, R{N+1}C3, R3C0, R3C{N+1}) and a "value",
// the clue's number. All clues of a document make one variant with build;
// clues returns a variant's clues.
func edgeCodec[V rules.Variant](key string, build func([]EdgeClue) V, clues func(V) []EdgeClue) *Codec {
	var zero V
	return &Codec{
		Keys:  []string{key},
		Types: []rules.Variant{zero},
		Decode: func(r *fpdoc.Reader) ([]rules.Variant, error) {
			var all []EdgeClue
			n := r.N()
			err := r.Parts(key, func(at string, p fpdoc.Part) error {
				o, ok := parseOutsideRef(p.Cell, n)
				if !ok {
					return fpdoc.Errorf("%s: bad clue cell %q (want R{row}C{col}, 0..%d)", at, p.Cell, n+1)
				}
				v := strings.TrimSpace(string(p.Value))
				t, err := strconv.Atoi(v)
				if err != nil || t < 0 {
					return fpdoc.Errorf("%s: value %q is not a whole number from 0", at, p.Value)
				}
				c := EdgeClue{Outside: o, Total: t}
				if _, err := c.Cells(n); err != nil {
					return fpdoc.Errorf("%s: %v", at, err)
				}
				all = append(all, c)
				return nil
			})
			if err != nil || len(all) == 0 {
				return nil, err
			}
			return []rules.Variant{build(all)}, nil
		},
		Encode: func(w *fpdoc.Writer, vs []rules.Variant) error {
			n := w.Shape().N()
			for _, v := range vs {
				for _, c := range clues(v.(V)) {
					if _, err := c.Cells(n); err != nil {
						return err
					}
					w.Add(key, fpdoc.Part{Cell: outsideRef(c.Outside), Value: fpdoc.Text(strconv.Itoa(c.Total))})
				}
			}
			return nil
		},
	}
}

// fuzzLines returns up to count random lines of up to length cells that
// keep sol (a filled grid of side n) a solution by ok, trying a few lines
// for each; a line that never fits is returned anyway, so that the rule
// still gets exercised.
func fuzzLines(rng *rand.Rand, sol []int, n, count, length int, ok func(vals []int) bool) [][]sudoku.Cell {
	var out [][]sudoku.Cell
	for ; count > 0; count-- {
		var line []sudoku.Cell
		for try := 0; try < 30; try++ {
			line = sudoku.RandomLine(rng, n, length)
			vals := make([]int, len(line))
			for k, c := range line {
				vals[k] = sol[c.Row*n+c.Col]
			}
			if ok(vals) {
				break
			}
		}
		out = append(out, line)
	}
	return out
}
