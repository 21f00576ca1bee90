package variants

import (
	"errors"
	"fmt"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// ErrInvalid is wrapped by every error a variant's Apply or constructor
// returns for input that does not describe a valid rule set: a cell outside
// the grid, a line of cells that do not touch, a region of the wrong size, a
// shape the rule means nothing on.
var ErrInvalid = errors.New("variants: invalid")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}

// inside reports whether c lies in a grid of side n.
func inside(c sudoku.Cell, n int) bool {
	return c.Row >= 0 && c.Row < n && c.Col >= 0 && c.Col < n
}

// orthogonal reports whether a and b share a side.
func orthogonal(a, b sudoku.Cell) bool {
	return abs(a.Row-b.Row)+abs(a.Col-b.Col) == 1
}

// touching reports whether a and b are a king's move apart (share a side or
// a corner).
func touching(a, b sudoku.Cell) bool {
	return a != b && abs(a.Row-b.Row) <= 1 && abs(a.Col-b.Col) <= 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkCells reports the first cell of cells outside a grid of side n, or a
// cell listed twice. what names the list in the message ("region 2").
func checkCells(what string, cells []sudoku.Cell, n int) error {
	for i, c := range cells {
		if !inside(c, n) {
			return invalid("%s: %v is outside the %dx%d grid", what, c, n, n)
		}
		for _, d := range cells[:i] {
			if d == c {
				return invalid("%s: %v is listed twice", what, c)
			}
		}
	}
	return nil
}

// checkLine validates a line: at least two cells, at most max, all inside
// the grid, none repeated, each touching the previous one (king's move).
func checkLine(kind string, i int, line []sudoku.Cell, n, max int) error {
	what := fmt.Sprintf("%s line %d", kind, i+1)
	if len(line) < 2 {
		return invalid("%s: %d cells, a line needs at least 2", what, len(line))
	}
	if err := checkCells(what, line, n); err != nil {
		return err
	}
	if len(line) > max {
		return invalid("%s: %d cells from %v, at most %d fit", what, len(line), line[0], max)
	}
	for k := 1; k < len(line); k++ {
		if !touching(line[k-1], line[k]) {
			return invalid("%s: %v does not touch %v", what, line[k], line[k-1])
		}
	}
	return nil
}

// checkPairs validates marked pairs (dots, X and V): both cells inside the
// grid, orthogonally adjacent, and no pair marked twice in one list.
func checkPairs(kind string, pairs [][2]sudoku.Cell, n int) error {
	seen := map[[2]sudoku.Cell]bool{}
	for _, p := range pairs {
		for _, c := range p {
			if !inside(c, n) {
				return invalid("%s %v-%v: %v is outside the %dx%d grid", kind, p[0], p[1], c, n, n)
			}
		}
		if !orthogonal(p[0], p[1]) {
			return invalid("%s %v-%v: %v is not orthogonally adjacent to %v", kind, p[0], p[1], p[1], p[0])
		}
		k := key(p[0], p[1])
		if seen[k] {
			return invalid("%s %v-%v: pair marked twice", kind, p[0], p[1])
		}
		seen[k] = true
	}
	return nil
}

// key orders a pair of cells so that a pair and its reverse are one key.
func key(a, b sudoku.Cell) [2]sudoku.Cell {
	if b.Row < a.Row || b.Row == a.Row && b.Col < a.Col {
		a, b = b, a
	}
	return [2]sudoku.Cell{a, b}
}

// forbid adds the rule that cells p and q never hold values x and y together
// when bad(x, y) holds: one AtMostOne rule over the candidates (p, x) and
// (q, y) per forbidden pair, labelled label (the clue it comes from, as
// "thermo 2" or "white dot", which the logic's steps name). This "not both" pair is the only rule most
// variants need: a thermometer forbids y <= x on consecutive cells, a white
// kropki dot forbids |x-y| != 1, an anti-knight pair forbids x == y.
//
// A pair (x, x) in two cells that share a row or a column is already
// forbidden by that house, so forbid skips it. (Cells sharing a box are not
// skipped: a jigsaw variant may have dropped the boxes.) A value of p that
// no value of q allows, or the reverse, is excluded outright instead of
// being left for the search to discover. p and q must differ.
func forbid(b *rules.Builder, label string, p, q sudoku.Cell, bad func(x, y int) bool) {
	n := b.Shape().N()
	sameHouse := p.Row == q.Row || p.Col == q.Col
	var okP, okQ [sudoku.MaxN + 1]bool // a value with some partner left
	mb := b.Model()
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if x == y && sameHouse {
				continue
			}
			if bad(x, y) {
				mb.AddRule(model.Rule{Kind: model.AtMostOne, Cands: []model.Cand{b.Cand(p, x), b.Cand(q, y)}, Label: label})
			} else {
				okP[x], okQ[y] = true, true
			}
		}
	}
	for v := 1; v <= n; v++ {
		if !okP[v] {
			mb.Exclude(b.Cand(p, v))
		}
		if !okQ[v] {
			mb.Exclude(b.Cand(q, v))
		}
	}
}

// sameDigitApart forbids equal digits in every pair of cells (r, c),
// (r+dr, c+dc) for the given offsets, skipping pairs in one row or column.
// Each unordered pair is visited once: offsets must list one of (d, -d).
func sameDigitApart(b *rules.Builder, offsets [][2]int) {
	n := b.Shape().N()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := sudoku.Cell{Row: r, Col: c}
			for _, d := range offsets {
				q := sudoku.Cell{Row: r + d[0], Col: c + d[1]}
				if !inside(q, n) || q.Row == r || q.Col == c {
					continue
				}
				b.Distinct(p, q)
			}
		}
	}
}

// orthogonalPairs calls f for every pair of orthogonally adjacent cells,
// each pair once, left or upper cell first.
func orthogonalPairs(n int, f func(p, q sudoku.Cell)) {
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := sudoku.Cell{Row: r, Col: c}
			if c+1 < n {
				f(p, sudoku.Cell{Row: r, Col: c + 1})
			}
			if r+1 < n {
				f(p, sudoku.Cell{Row: r + 1, Col: c})
			}
		}
	}
}
