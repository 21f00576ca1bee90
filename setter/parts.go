package setter

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// A Part is one source constraint of a puzzle's rules that can be taken
// away on its own: a cage, a dot, a line, a clue outside the grid, or a
// whole variant without parts (anti-knight, a diagonal).
type Part struct {
	// Variant is the index, in the rule set's variants, of the variant the
	// part belongs to.
	Variant int
	// Name names the part as a setter would: "killer cage 3 (r1c1 r1c2 = 10)".
	Name string
	// Cells are the cells the part covers; none for a whole-grid rule.
	Cells []sudoku.Cell
	// Without is the variant without the part, or nil when the part is the
	// whole variant.
	Without rules.Variant
}

// Parts returns the parts of every variant of vs, in order, and the names
// of the variants whose parts cannot be removed one at a time, with why:
// jigsaw regions (removing one leaves no sudoku) and dots or marks under a
// negative constraint (removing one adds a clue). A variant without a list
// of clues (anti-knight, diagonal, disjoint groups), or of a type this
// package does not know, is one part: the whole variant.
func Parts(vs []rules.Variant) (parts []Part, refused []string) {
	for i, v := range vs {
		ps, why := variantParts(v)
		if why != "" {
			refused = append(refused, v.Name()+": "+why)
			continue
		}
		if ps == nil {
			ps = []Part{{Name: v.Name()}}
		}
		for k := range ps {
			ps[k].Variant = i
		}
		parts = append(parts, ps...)
	}
	return parts, refused
}

// listParts makes one part per item of a variant's list: name and cells
// describe an item, rebuild makes the variant from a shorter list.
func listParts[T any](what string, items []T, name func(T) string, cells func(T) []sudoku.Cell, rebuild func([]T) rules.Variant) []Part {
	out := make([]Part, len(items))
	for i, it := range items {
		rest := slices.Concat(items[:i], items[i+1:])
		out[i] = Part{Name: fmt.Sprintf("%s %d (%s)", what, i+1, name(it)), Cells: cells(it), Without: rebuild(rest)}
	}
	return out
}

// cellList names cells, separated by spaces.
func cellList(cells []sudoku.Cell) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = c.String()
	}
	return strings.Join(names, " ")
}

func same[T any](x T) T                        { return x }
func pairCells(p [2]sudoku.Cell) []sudoku.Cell { return p[:] }
func pairName(p [2]sudoku.Cell) string         { return cellList(p[:]) }
func one(c sudoku.Cell) []sudoku.Cell          { return []sudoku.Cell{c} }
func lineName(l []sudoku.Cell) string          { return cellList(l) }

// lines makes the parts of a line family.
func lines(what string, ls [][]sudoku.Cell, rebuild func([][]sudoku.Cell) rules.Variant) []Part {
	return listParts(what, ls, lineName, same[[]sudoku.Cell], rebuild)
}

// variantParts returns v's parts (nil: take it whole) or why its parts
// cannot be removed.
func variantParts(v rules.Variant) ([]Part, string) {
	switch v := v.(type) {
	case variants.Killer:
		return listParts("killer cage", v.Cages, func(c variants.Cage) string {
			if c.Total == 0 {
				return cellList(c.Cells)
			}
			return fmt.Sprintf("%s = %d", cellList(c.Cells), c.Total)
		}, func(c variants.Cage) []sudoku.Cell { return c.Cells },
			func(cs []variants.Cage) rules.Variant { v.Cages = cs; return v }), ""
	case variants.Kropki:
		if v.Negative || v.NegativeWhite || v.NegativeBlack {
			return nil, "a negative constraint makes every missing dot a clue"
		}
		w, b := v, v
		ps := listParts("white dot", v.White, pairName, pairCells, func(p [][2]sudoku.Cell) rules.Variant { w.White = p; return w })
		ps = append(ps, listParts("black dot", v.Black, pairName, pairCells, func(p [][2]sudoku.Cell) rules.Variant { b.Black = p; return b })...)
		wd, bd := v, v
		dotName := func(d variants.Dot) string { return fmt.Sprintf("%v %v = %d", d.A, d.B, d.Value) }
		dotCells := func(d variants.Dot) []sudoku.Cell { return []sudoku.Cell{d.A, d.B} }
		ps = append(ps, listParts("valued white dot", v.WhiteDots, dotName, dotCells, func(d []variants.Dot) rules.Variant { wd.WhiteDots = d; return wd })...)
		return append(ps, listParts("valued black dot", v.BlackDots, dotName, dotCells, func(d []variants.Dot) rules.Variant { bd.BlackDots = d; return bd })...), ""
	case variants.XV:
		if v.Negative {
			return nil, "a negative constraint makes every missing mark a clue"
		}
		x, y := v, v
		ps := listParts("X", v.X, pairName, pairCells, func(p [][2]sudoku.Cell) rules.Variant { x.X = p; return x })
		return append(ps, listParts("V", v.V, pairName, pairCells, func(p [][2]sudoku.Cell) rules.Variant { y.V = p; return y })...), ""
	case variants.Thermo:
		return lines("thermo", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Arrow:
		return listParts("arrow", v.Arrows, func(a variants.ArrowClue) string { return "circle " + cellList(a.Circle) },
			func(a variants.ArrowClue) []sudoku.Cell {
				return slices.Concat(append([][]sudoku.Cell{a.Circle}, a.Shafts...)...)
			},
			func(a []variants.ArrowClue) rules.Variant { v.Arrows = a; return v }), ""
	case variants.LittleKiller:
		return listParts("little killer", v.Clues, func(c variants.LittleKillerClue) string {
			return fmt.Sprintf("%v %s = %d", c.Outside, c.Direction, c.Total)
		}, func(c variants.LittleKillerClue) []sudoku.Cell { return one(c.Outside) },
			func(c []variants.LittleKillerClue) rules.Variant { v.Clues = c; return v }), ""
	case variants.Sandwich:
		return edgeParts("sandwich", v.Clues, func(c []variants.EdgeClue) rules.Variant { v.Clues = c; return v }), ""
	case variants.XSum:
		return edgeParts("x-sum", v.Clues, func(c []variants.EdgeClue) rules.Variant { v.Clues = c; return v }), ""
	case variants.Quadruple:
		return listParts("quadruple", v.Clues, func(c variants.QuadrupleClue) string { return fmt.Sprintf("%v %v", c.Corner, c.Digits) },
			func(c variants.QuadrupleClue) []sudoku.Cell { return one(c.Corner) },
			func(c []variants.QuadrupleClue) rules.Variant { v.Clues = c; return v }), ""
	case variants.Between:
		return lines("between line", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Lockout:
		return lines("lockout line", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Renban:
		return lines("renban", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Whispers:
		return lines("whispers line", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Palindrome:
		return lines("palindrome", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Entropic:
		return lines("entropic line", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Modular:
		return lines("modular line", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Zipper:
		return lines("zipper line", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.RegionSum:
		return lines("region sum line", v.Lines, func(l [][]sudoku.Cell) rules.Variant { v.Lines = l; return v }), ""
	case variants.Clone:
		return listParts("clone", v.Clones, func(c variants.ClonePair) string { return cellList(c.Cells) + " = " + cellList(c.Copies) },
			func(c variants.ClonePair) []sudoku.Cell { return slices.Concat(c.Cells, c.Copies) },
			func(c []variants.ClonePair) rules.Variant { v.Clones = c; return v }), ""
	case variants.ExtraRegions:
		return lines("extra region", v.Regions, func(l [][]sudoku.Cell) rules.Variant { v.Regions = l; return v }), ""
	case variants.OddEven:
		o, e := v, v
		ps := listParts("odd cell", v.Odd, sudoku.Cell.String, one, func(c []sudoku.Cell) rules.Variant { o.Odd = c; return o })
		return append(ps, listParts("even cell", v.Even, sudoku.Cell.String, one, func(c []sudoku.Cell) rules.Variant { e.Even = c; return e })...), ""
	case variants.MinMax:
		lo, hi := v, v
		ps := listParts("minimum", v.Minimum, sudoku.Cell.String, one, func(c []sudoku.Cell) rules.Variant { lo.Minimum = c; return lo })
		return append(ps, listParts("maximum", v.Maximum, sudoku.Cell.String, one, func(c []sudoku.Cell) rules.Variant { hi.Maximum = c; return hi })...), ""
	case variants.Jigsaw:
		return nil, "removing a region leaves no sudoku"
	}
	return nil, ""
}

// edgeParts makes the parts of a family of clues outside the grid.
func edgeParts(what string, cs []variants.EdgeClue, rebuild func([]variants.EdgeClue) rules.Variant) []Part {
	return listParts(what, cs, func(c variants.EdgeClue) string { return fmt.Sprintf("%v = %d", c.Outside, c.Total) },
		func(c variants.EdgeClue) []sudoku.Cell { return one(c.Outside) }, rebuild)
}
