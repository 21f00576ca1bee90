package variants

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "jigsaw",
		Summary: "irregular regions replace the boxes",
		Order:   10,
		Codec: &Codec{
			Types:  []rules.Variant{Jigsaw{}},
			Decode: decodeJigsaw,
			Encode: encodeJigsaw,
		},
		Fuzz: bandJigsaw,
	})
}

// decodeJigsaw makes a Jigsaw of the regions the grid's cells carry, if
// they differ from the boxes.
func decodeJigsaw(r *fpdoc.Reader) ([]rules.Variant, error) {
	if r.RegionOf() == nil {
		return nil, nil
	}
	j, err := NewJigsaw(r.RegionOf())
	if err != nil {
		return nil, fpdoc.Errorf("grid regions: %v", err)
	}
	return []rules.Variant{j}, nil
}

// encodeJigsaw gives the grid's cells the regions of the one jigsaw.
func encodeJigsaw(w *fpdoc.Writer, vs []rules.Variant) error {
	if len(vs) > 1 {
		return fmt.Errorf("two jigsaw variants")
	}
	regions, n := vs[0].(Jigsaw).Regions, w.Shape().N()
	if len(regions) != n {
		return fmt.Errorf("jigsaw with %d regions for a %dx%d grid", len(regions), n, n)
	}
	return w.SetRegions(regions)
}

// bandJigsaw returns irregular regions for the fuzz tests: the boxes, with
// two neighbouring cells of adjacent boxes in one row swapped between their
// regions, so the regions differ from the boxes but still partition the
// grid.
func bandJigsaw(s sudoku.Shape, rng *rand.Rand) rules.Variant {
	n := s.N()
	region := make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			region[r*n+c] = s.Box(r, c)
		}
	}
	// Swap the cells on both sides of a vertical box border in one row.
	if n/s.BoxCols > 1 {
		r := rng.IntN(n)
		c := s.BoxCols*(1+rng.IntN(n/s.BoxCols-1)) - 1
		region[r*n+c], region[r*n+c+1] = region[r*n+c+1], region[r*n+c]
	}
	j, err := NewJigsaw(region)
	if err != nil {
		panic(err) // a partition by construction
	}
	return j
}

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
	for i, reg := range j.Regions {
		b.House(fmt.Sprintf("jigsaw region %d", i+1), reg)
	}
	return nil
}

func firstCell(cells []sudoku.Cell) any {
	if len(cells) == 0 {
		return "no cell"
	}
	return cells[0]
}
