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
		Name:    "littlekiller",
		Summary: "a clue outside the grid gives the sum of the digits along its diagonal (digits may repeat)",
		Order:   210,
		Codec: &Codec{
			Keys:   []string{"littlekillersum"},
			Types:  []rules.Variant{LittleKiller{}},
			Decode: decodeLittleKiller,
			Encode: encodeLittleKiller,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var lk LittleKiller
			for i := 1 + rng.IntN(3); i > 0; i-- {
				c := randomClue(rng, n)
				cells, _ := c.Cells(n)
				c.Total = sumOf(sol, n, cells)
				lk.Clues = append(lk.Clues, c)
			}
			return lk
		},
	})
}

// The directions of a little killer clue, as f-puzzles names them: the
// diagonal runs from the clue up-left, up-right, down-left or down-right.
var lkSteps = map[string][2]int{"UL": {-1, -1}, "UR": {-1, 1}, "DL": {1, -1}, "DR": {1, 1}}

// randomClue returns a clue on the top or left edge pointing into the grid.
func randomClue(rng *rand.Rand, n int) LittleKillerClue {
	k := rng.IntN(n - 1)
	if rng.IntN(2) == 0 {
		return LittleKillerClue{Outside: sudoku.Cell{Row: -1, Col: k}, Direction: "DR"}
	}
	return LittleKillerClue{Outside: sudoku.Cell{Row: k, Col: -1}, Direction: "DR"}
}

// LittleKiller is little killer sudoku: each clue outside the grid gives
// the sum of the digits on the diagonal it points along. Digits on a
// diagonal may repeat.
type LittleKiller struct {
	Clues []LittleKillerClue
}

// A LittleKillerClue sits in Outside, a cell just outside the grid (row
// or column -1 or N), and points along Direction ("UL", "UR", "DL" or
// "DR"): its diagonal is every grid cell from Outside one step on in that
// direction up to the edge. Total is the diagonal's sum, 0 for a clue
// without one (drawn only).
type LittleKillerClue struct {
	Outside   sudoku.Cell
	Direction string
	Total     int
}

// Cells returns the clue's diagonal in a grid of side n, from the cell next
// to the clue, or an error when the clue is not just outside the grid or
// points away from it.
func (c LittleKillerClue) Cells(n int) ([]sudoku.Cell, error) {
	d, ok := lkSteps[c.Direction]
	if !ok {
		return nil, invalid("little killer at %v: direction %q, want UL, UR, DL or DR", c.Outside, c.Direction)
	}
	o := c.Outside
	if inside(o, n) || o.Row < -1 || o.Row > n || o.Col < -1 || o.Col > n {
		return nil, invalid("little killer at %v: not a cell just outside the %dx%d grid", o, n, n)
	}
	var out []sudoku.Cell
	for p := (sudoku.Cell{Row: o.Row + d[0], Col: o.Col + d[1]}); inside(p, n); p = (sudoku.Cell{Row: p.Row + d[0], Col: p.Col + d[1]}) {
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, invalid("little killer at %v: direction %s points away from the grid", o, c.Direction)
	}
	return out, nil
}

// Name returns "littlekiller".
func (LittleKiller) Name() string { return "littlekiller" }

// Apply adds one Sum rule with coefficients 1 per clue with a total, over
// its diagonal, with no distinct flag: digits on a diagonal may repeat.
func (lk LittleKiller) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, c := range lk.Clues {
		cells, err := c.Cells(n)
		if err != nil {
			return err
		}
		if c.Total < 0 {
			return invalid("little killer at %v: total %d is negative", c.Outside, c.Total)
		}
		if c.Total > 0 {
			b.Sum(fmt.Sprintf("little killer %d", i+1), cells, ones(len(cells)), []int{c.Total}, false)
		}
	}
	return nil
}

// decodeLittleKiller reads "littlekillersum": the clue's "cell" (outside
// the grid, R0.. to R{N+1}), "direction" and "value"; "cells", when given,
// must be the diagonal those describe. A clue with no cell is read from
// its first listed cell and direction.
func decodeLittleKiller(r *fpdoc.Reader) ([]rules.Variant, error) {
	var lk LittleKiller
	n := r.N()
	err := r.Parts("littlekillersum", func(at string, p fpdoc.Part) error {
		dir := strings.ToUpper(strings.TrimSpace(p.Direction))
		d, ok := lkSteps[dir]
		if !ok {
			return fpdoc.Errorf("%s: direction %q, want UL, UR, DL or DR", at, p.Direction)
		}
		listed, err := r.Cells(at+".cells", p.Cells)
		if err != nil {
			return err
		}
		var out sudoku.Cell
		switch {
		case p.Cell != "":
			if out, ok = parseOutsideRef(p.Cell, n); !ok {
				return fpdoc.Errorf("%s: bad clue cell %q (want R{row}C{col}, 0..%d)", at, p.Cell, n+1)
			}
		case len(listed) > 0:
			out = sudoku.Cell{Row: listed[0].Row - d[0], Col: listed[0].Col - d[1]}
		default:
			return fpdoc.Errorf("%s: no clue cell and no cells", at)
		}
		total, err := partTotal(at, p.Value)
		if err != nil {
			return err
		}
		c := LittleKillerClue{Outside: out, Direction: dir, Total: total}
		cells, err := c.Cells(n)
		if err != nil {
			return fpdoc.Errorf("%s: %v", at, err)
		}
		if len(listed) > 0 && !slices.Equal(listed, cells) {
			return fpdoc.Errorf("%s: cells %v are not the diagonal %s from %s (%v)", at, listed, dir, p.Cell, cells)
		}
		lk.Clues = append(lk.Clues, c)
		return nil
	})
	if err != nil || len(lk.Clues) == 0 {
		return nil, err
	}
	return []rules.Variant{lk}, nil
}

func encodeLittleKiller(w *fpdoc.Writer, vs []rules.Variant) error {
	n := w.Shape().N()
	for _, v := range vs {
		for _, c := range v.(LittleKiller).Clues {
			cells, err := c.Cells(n)
			if err != nil {
				return err
			}
			w.Add("littlekillersum", fpdoc.Part{Cell: outsideRef(c.Outside), Cells: fpdoc.Refs(cells),
				Direction: c.Direction, Value: fpdoc.Text(totalText(c.Total))})
		}
	}
	return nil
}

// parseOutsideRef reads "R{row}C{col}" with row and column 0..n+1, so that
// it can name a cell just outside a grid of side n.
func parseOutsideRef(s string, n int) (sudoku.Cell, bool) {
	rest, ok := strings.CutPrefix(strings.ToUpper(strings.TrimSpace(s)), "R")
	if !ok {
		return sudoku.Cell{}, false
	}
	rs, cs, ok := strings.Cut(rest, "C")
	if !ok {
		return sudoku.Cell{}, false
	}
	row, err1 := strconv.Atoi(rs)
	col, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || row < 0 || row > n+1 || col < 0 || col > n+1 {
		return sudoku.Cell{}, false
	}
	return sudoku.Cell{Row: row - 1, Col: col - 1}, true
}

// outsideRef writes a cell that may lie outside the grid ("R0C3").
func outsideRef(c sudoku.Cell) string {
	return "R" + strconv.Itoa(c.Row+1) + "C" + strconv.Itoa(c.Col+1)
}
