package variants

import (
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Entry{
		Name:    "antiknight",
		Aliases: []string{"anti-knight"},
		Summary: "cells a chess knight's move apart never hold the same digit",
		New:     func() rules.Variant { return AntiKnight{} },
	})
	mustRegister(Entry{
		Name:    "antiking",
		Aliases: []string{"anti-king"},
		Summary: "cells a chess king's move apart (touching diagonally) never hold the same digit",
		New:     func() rules.Variant { return AntiKing{} },
	})
	mustRegister(Entry{
		Name:    "nonconsecutive",
		Aliases: []string{"non-consecutive"},
		Summary: "orthogonally adjacent cells never hold consecutive digits",
		New:     func() rules.Variant { return NonConsecutive{} },
	})
	mustRegister(Entry{
		Name:    "windoku",
		Aliases: []string{"hyper"},
		Summary: "extra box-sized windows, one cell in from the edges, hold every digit once",
		New:     func() rules.Variant { return Windoku{} },
	})
	mustRegister(Entry{
		Name:    "disjoint",
		Aliases: []string{"disjointgroups", "disjoint-groups"},
		Summary: "cells at the same position in every box hold every digit once",
		New:     func() rules.Variant { return DisjointGroups{} },
	})
}

var (
	knightMoves = [][2]int{{1, 2}, {1, -2}, {2, 1}, {2, -1}}
	kingMoves   = [][2]int{{1, 1}, {1, -1}} // orthogonal neighbours share a row or column
)

// AntiKnight forbids the same digit in two cells a chess knight's move apart.
// It applies to every grid shape.
type AntiKnight struct{}

// Name returns "antiknight".
func (AntiKnight) Name() string { return "antiknight" }

// Apply adds one "not both" rule per digit and pair of cells a knight's
// move apart.
func (AntiKnight) Apply(b *rules.Builder) error {
	sameDigitApart(b, knightMoves)
	return nil
}

// AntiKing forbids the same digit in two cells a chess king's move apart.
// Orthogonal neighbours already share a row or column, so only diagonal
// neighbours get rules. It applies to every grid shape.
type AntiKing struct{}

// Name returns "antiking".
func (AntiKing) Name() string { return "antiking" }

// Apply adds one "not both" rule per digit and pair of diagonal neighbours.
func (AntiKing) Apply(b *rules.Builder) error {
	sameDigitApart(b, kingMoves)
	return nil
}

// NonConsecutive forbids digits that differ by 1 in orthogonally adjacent
// cells. It applies to every grid shape.
type NonConsecutive struct{}

// Name returns "nonconsecutive".
func (NonConsecutive) Name() string { return "nonconsecutive" }

// Apply adds, for every pair of orthogonal neighbours, the "not both" rules
// of the consecutive digit pairs.
func (NonConsecutive) Apply(b *rules.Builder) error {
	orthogonalPairs(b.Shape().N(), func(p, q sudoku.Cell) {
		forbid(b, p, q, func(x, y int) bool { return abs(x-y) == 1 })
	})
	return nil
}

// Windoku (hyper sudoku) adds extra houses, the windows: on a 9x9 grid the
// four 3x3 blocks with top-left cells r2c2, r2c6, r6c2 and r6c6. The rule
// generalises to every grid of square k x k boxes: (k-1)^2 windows of k x k
// cells, one cell in from the edges and one cell apart (one centre window
// on 4x4, nine on 16x16). Grids with oblong boxes are refused: windows of
// box shape do not tile them this way.
type Windoku struct{}

// Name returns "windoku".
func (Windoku) Name() string { return "windoku" }

// Apply adds each window as a house.
func (Windoku) Apply(b *rules.Builder) error {
	s := b.Shape()
	k := s.BoxRows
	if s.BoxCols != k {
		return invalid("windoku needs square boxes, not %v", s)
	}
	for _, w := range windows(k) {
		b.House(w)
	}
	return nil
}

// windows returns the cells of the windoku windows for k x k boxes.
func windows(k int) [][]sudoku.Cell {
	var out [][]sudoku.Cell
	for i := 0; i < k-1; i++ {
		for j := 0; j < k-1; j++ {
			top, left := 1+i*(k+1), 1+j*(k+1)
			w := make([]sudoku.Cell, 0, k*k)
			for r := 0; r < k; r++ {
				for c := 0; c < k; c++ {
					w = append(w, sudoku.Cell{Row: top + r, Col: left + c})
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// DisjointGroups adds a house for each position within a box: the cells at
// that position in every box hold every digit once. It applies to every grid
// shape (the groups follow the standard boxes, whatever a jigsaw does).
type DisjointGroups struct{}

// Name returns "disjoint".
func (DisjointGroups) Name() string { return "disjoint" }

// Apply adds the N groups as houses.
func (DisjointGroups) Apply(b *rules.Builder) error {
	s := b.Shape()
	n := s.N()
	group := make([]sudoku.Cell, 0, n)
	for pos := 0; pos < n; pos++ {
		dr, dc := pos/s.BoxCols, pos%s.BoxCols
		group = group[:0]
		for br := 0; br < n; br += s.BoxRows {
			for bc := 0; bc < n; bc += s.BoxCols {
				group = append(group, sudoku.Cell{Row: br + dr, Col: bc + dc})
			}
		}
		b.House(group)
	}
	return nil
}
