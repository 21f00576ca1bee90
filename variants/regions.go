package variants

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Jigsaw replaces the boxes with irregular regions: Regions lists N regions
// of N cells each that together cover the grid once. Regions need not be
// connected (some published layouts are not).
type Jigsaw struct {
	Regions [][]sudoku.Cell
}

// NewJigsaw returns the jigsaw whose region of cell i (row-major, i = r*N+c)
// is regionOf[i]. regionOf must have N*N entries for a side N of 2..36,
// numbered 0..N-1, each N times.
func NewJigsaw(regionOf []int) (Jigsaw, error) {
	n := 0
	for n*n < len(regionOf) {
		n++
	}
	if n*n != len(regionOf) || n < 2 || n > sudoku.MaxN {
		return Jigsaw{}, invalid("jigsaw: %d cells is not a square grid of side 2..%d", len(regionOf), sudoku.MaxN)
	}
	regions := make([][]sudoku.Cell, n)
	for i, id := range regionOf {
		c := sudoku.Cell{Row: i / n, Col: i % n}
		if id < 0 || id >= n {
			return Jigsaw{}, invalid("jigsaw: %v is in region %d, regions are 0..%d", c, id, n-1)
		}
		if len(regions[id]) == n {
			return Jigsaw{}, invalid("jigsaw: %v is the %dth cell of region %d, a region has %d", c, n+1, id, n)
		}
		regions[id] = append(regions[id], c)
	}
	// Every region has at most n cells and there are n*n cells: all have n.
	return Jigsaw{Regions: regions}, nil
}

// ParseJigsawLayout reads a jigsaw layout for a grid of side n: n lines of n
// region symbols, one symbol per cell, any n distinct letters or digits each
// used n times ("AAABBBCCC" ...). Spaces and tabs between symbols, blank lines
// and lines starting with '#' are ignored. Errors name the line and column
// (counted from 1, columns in symbols of the row).
func ParseJigsawLayout(text string, n int) (Jigsaw, error) {
	if n < 2 || n > sudoku.MaxN {
		return Jigsaw{}, invalid("jigsaw layout: side %d (supported: 2..%d)", n, sudoku.MaxN)
	}
	ids := map[rune]int{}
	var symbols []rune
	regionOf := make([]int, 0, n*n)
	first := map[rune][2]int{} // where a symbol first occurs
	row := 0
	for num, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if row == n {
			return Jigsaw{}, invalid("jigsaw layout line %d: more than %d rows", num+1, n)
		}
		col := 0
		for _, r := range line {
			if r == ' ' || r == '\t' {
				continue
			}
			col++
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return Jigsaw{}, invalid("jigsaw layout line %d, column %d: %q is not a letter or digit", num+1, col, r)
			}
			if col > n {
				return Jigsaw{}, invalid("jigsaw layout line %d, column %d: more than %d cells in the row", num+1, col, n)
			}
			id, ok := ids[r]
			if !ok {
				if len(symbols) == n {
					return Jigsaw{}, invalid("jigsaw layout line %d, column %d: %q is region symbol number %d, a %dx%d grid has %d regions", num+1, col, r, n+1, n, n, n)
				}
				id = len(symbols)
				ids[r] = id
				symbols = append(symbols, r)
				first[r] = [2]int{num + 1, col}
			}
			regionOf = append(regionOf, id)
		}
		if col < n {
			return Jigsaw{}, invalid("jigsaw layout line %d: %d cells, want %d", num+1, col, n)
		}
		row++
	}
	if row < n {
		return Jigsaw{}, invalid("jigsaw layout: %d rows, want %d", row, n)
	}
	count := make([]int, len(symbols))
	for _, id := range regionOf {
		count[id]++
	}
	for id, k := range count {
		if k != n {
			at := first[symbols[id]]
			return Jigsaw{}, invalid("jigsaw layout line %d, column %d: region %q has %d cells, want %d", at[0], at[1], symbols[id], k, n)
		}
	}
	return NewJigsaw(regionOf)
}

// Name returns "jigsaw".
func (Jigsaw) Name() string { return "jigsaw" }

// Apply checks that the regions partition the grid into N regions of N
// cells, drops the standard boxes and adds each region as a house.
func (j Jigsaw) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	if len(j.Regions) != n {
		return invalid("jigsaw: %d regions for a %dx%d grid, want %d", len(j.Regions), n, n, n)
	}
	owner := make([]int, n*n)
	for i, reg := range j.Regions {
		what := fmt.Sprintf("jigsaw region %d", i+1)
		if err := checkCells(what, reg, n); err != nil {
			return err
		}
		if len(reg) != n {
			return invalid("%s: %d cells from %v, want %d", what, len(reg), firstCell(reg), n)
		}
		for _, c := range reg {
			if o := owner[c.Row*n+c.Col]; o != 0 {
				return invalid("%s: %v is already in region %d", what, c, o)
			}
			owner[c.Row*n+c.Col] = i + 1
		}
	}
	// n regions of n distinct cells, none shared: they cover the grid.
	b.ReplaceBoxes()
	for _, reg := range j.Regions {
		b.House(reg)
	}
	return nil
}

func firstCell(cells []sudoku.Cell) any {
	if len(cells) == 0 {
		return "no cell"
	}
	return cells[0]
}

// ExtraRegions adds houses to the standard ones: a region of N cells holds
// every digit once, a smaller one holds no digit twice. Regions may overlap
// each other and the standard houses.
type ExtraRegions struct {
	Regions [][]sudoku.Cell
}

// Name returns "extra-regions".
func (ExtraRegions) Name() string { return "extra-regions" }

// Apply checks each region (1..N cells inside the grid, none repeated) and
// adds it with House.
func (e ExtraRegions) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, reg := range e.Regions {
		what := fmt.Sprintf("extra region %d", i+1)
		if len(reg) == 0 || len(reg) > n {
			return invalid("%s: %d cells from %v, want 1..%d", what, len(reg), firstCell(reg), n)
		}
		if err := checkCells(what, reg, n); err != nil {
			return err
		}
	}
	for _, reg := range e.Regions {
		b.House(reg)
	}
	return nil
}
