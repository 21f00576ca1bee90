package variants

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
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

// Some variants read the grid's regions: disjoint groups, box indexers and
// region sum lines. f-puzzles gives them the document's regions, a
// jigsaw's when the grid has one; each such variant carries them as a
// RegionOf field (nil: the standard boxes), which its codec fills from the
// document and checks against the document it writes.

// regionsOf returns the N regions of a grid of shape s, each in reading
// order: those regionOf gives (row-major, numbered 0..N-1, N cells each),
// or the standard boxes when regionOf is nil. what names the variant in
// errors.
func regionsOf(s sudoku.Shape, regionOf []int, what string) ([][]sudoku.Cell, error) {
	n := s.N()
	out := make([][]sudoku.Cell, n)
	if regionOf == nil {
		for b := range out {
			out[b] = s.BoxCells(b)
		}
		return out, nil
	}
	if len(regionOf) != n*n {
		return nil, invalid("%s: %d regions given for %d cells", what, len(regionOf), n*n)
	}
	for i, id := range regionOf {
		c := sudoku.Cell{Row: i / n, Col: i % n}
		if id < 0 || id >= n {
			return nil, invalid("%s: %v is in region %d, regions are 0..%d", what, c, id, n-1)
		}
		out[id] = append(out[id], c)
	}
	for id, reg := range out {
		if len(reg) != n {
			return nil, invalid("%s: region %d has %d cells, want %d", what, id, len(reg), n)
		}
	}
	return out, nil
}

// documentRegions returns the regions of the document r reads, for a
// variant's RegionOf: a copy of r.RegionOf(), nil for the standard boxes.
func documentRegions(r *fpdoc.Reader) []int {
	if ro := r.RegionOf(); ro != nil {
		return slices.Clone(ro)
	}
	return nil
}

// checkDocumentRegions registers a check (fpdoc.Writer.Check) that the
// grid w writes has the regions regionOf gives (nil: the boxes of w's
// shape). f-puzzles reads a variant's regions off the grid, so a variant
// whose regions are not the grid's has no f-puzzles form: disjoint groups
// over the standard boxes beside a jigsaw would read back as groups over
// the jigsaw's regions, another puzzle. what names the variant.
func checkDocumentRegions(w *fpdoc.Writer, regionOf []int, what string) {
	w.Check(func() error {
		s := w.Shape()
		boxes, _ := regionsOf(s, nil, what)
		grid := w.Regions() // the regions the document's grid gets
		if grid == nil {
			grid = boxes
		}
		mine := regionOf
		if mine == nil {
			mine = regionIDs(s.N(), boxes)
		}
		switch {
		case samePartition(mine, regionIDs(s.N(), grid)):
			return nil
		case regionOf == nil:
			return fmt.Errorf("%s follow the standard boxes, and f-puzzles would read them with the grid's jigsaw regions", what)
		}
		return fmt.Errorf("%s follow other regions than the grid's, which f-puzzles would read them with", what)
	})
}

// regionIDs returns the region of each cell (row-major) of a grid of side
// n that regions cover, numbered by place in regions (cells outside the
// grid are left out).
func regionIDs(n int, regions [][]sudoku.Cell) []int {
	ids := make([]int, n*n)
	for id, reg := range regions {
		for _, c := range reg {
			if inside(c, n) {
				ids[c.Row*n+c.Col] = id
			}
		}
	}
	return ids
}

// samePartition reports whether a and b (a region id per cell) group the
// cells alike, whatever the ids.
func samePartition(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	ab, ba := map[int]int{}, map[int]int{}
	for i := range a {
		if x, ok := ab[a[i]]; ok && x != b[i] {
			return false
		}
		if y, ok := ba[b[i]]; ok && y != a[i] {
			return false
		}
		ab[a[i]], ba[b[i]] = b[i], a[i]
	}
	return true
}

// FollowJigsaw returns vs with the regions of the Jigsaw among them given
// to the variants that read the grid's regions and have none of their own
// (DisjointGroups, an Indexer with box indexers, RegionSum), so that they
// follow the jigsaw as an f-puzzles document of the same rules reads them.
// A front end that adds named variants ("disjoint") to a puzzle with a
// jigsaw layout calls it; without it they keep the standard boxes, and
// have no f-puzzles form. vs is not modified; without a Jigsaw, or with
// two, it is returned as is.
func FollowJigsaw(vs []rules.Variant) []rules.Variant {
	var j *Jigsaw
	for _, v := range vs {
		if jv, ok := v.(Jigsaw); ok {
			if j != nil {
				return vs // Apply refuses two jigsaws
			}
			j = &jv
		}
	}
	if j == nil {
		return vs
	}
	n := len(j.Regions)
	for _, reg := range j.Regions {
		for _, c := range reg {
			if !inside(c, n) {
				return vs // Apply refuses it
			}
		}
	}
	regionOf := regionIDs(n, j.Regions)
	out := slices.Clone(vs)
	for i, v := range out {
		switch v := v.(type) {
		case DisjointGroups:
			if v.RegionOf == nil {
				v.RegionOf = regionOf
				out[i] = v
			}
		case Indexer:
			if v.RegionOf == nil && len(v.Box) > 0 {
				v.RegionOf = regionOf
				out[i] = v
			}
		case RegionSum:
			if v.RegionOf == nil {
				v.RegionOf = regionOf
				out[i] = v
			}
		}
	}
	return out
}

// layoutSymbols name the regions of a layout Layout writes: region i is
// layoutSymbols[i] (0 to 8 on 9x9, as in the layouts of testdata).
const layoutSymbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// Layout writes j as ParseJigsawLayout reads it: N lines of N region
// symbols, each ending in a newline. Above 9x9 the symbols are separated by
// spaces, so that a row of 16 symbols is not read as a 4x4 puzzle line. A
// cell no region holds is written '?', which the parser refuses.
func (j Jigsaw) Layout() string {
	n := len(j.Regions)
	rows := make([][]byte, n)
	for r := range rows {
		rows[r] = bytes.Repeat([]byte{'?'}, n)
	}
	for id, reg := range j.Regions {
		for _, c := range reg {
			if inside(c, n) && id < len(layoutSymbols) {
				rows[c.Row][c.Col] = layoutSymbols[id]
			}
		}
	}
	var sb strings.Builder
	for _, row := range rows {
		for c, sym := range row {
			if c > 0 && n > 9 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(sym)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// SameRegions reports whether j and o divide the grid into the same
// regions, whatever their order.
func (j Jigsaw) SameRegions(o Jigsaw) bool {
	n := len(j.Regions)
	return len(o.Regions) == n && samePartition(regionIDs(n, j.Regions), regionIDs(n, o.Regions))
}
