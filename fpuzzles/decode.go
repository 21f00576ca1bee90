package fpuzzles

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// cosmetic keys carry no rule: drawings, colours, solver settings and
// metadata that sudokit does not use. Decode reads no rule from them and
// names every one that is not empty: drawings in Puzzle.Drawings, the others
// in Puzzle.Unused (a setter may still have written a rule into metadata or
// a success message).
var cosmetic = map[string]bool{
	"cage": true, "text": true, "line": true, "circle": true, "rectangle": true,
	"disabledlogic": true, "truecandidatesoptions": true, "highlightConflicts": true,
	"highlightconflicts": true, "successmessage": true, "metadata": true,
	// Fog of war hides givens while solving; it does not change the solution.
	"fogofwar": true, "foglight": true, "triggereffect": true,
}

// unsupported keys are constraints f-puzzles (or its common add-ons) knows
// and sudokit has no variant for. A puzzle using one fails to decode unless
// Options.IgnoreUnsupported is set.
var unsupported = map[string]bool{
	"clock": true, "sumdot": true, "doublearrow": true, "nabner": true,
	"skyscraper": true, "numberedroom": true, "indexer": true, "parity": true,
	"dutchwhispers": true, "germanwhispers": true, "entropy": true, "x-sum": true,
	"sumline": true, "productline": true, "modular": true,
	// Keys of the common f-puzzles add-ons.
	"slowthermometer": true,
}

// drawings are the cosmetic keys setters also use to draw rules the
// puzzle's rules text explains (an inequality sign as text, a cage without
// a sum): Decode reads them as no rule and names them in Puzzle.Drawings.
var drawings = map[string]bool{"cage": true, "text": true, "line": true, "circle": true, "rectangle": true}

// A decoder turns the members of an f-puzzles document into a Puzzle: it
// reads the grid, the metadata and the solution itself, and every
// constraint through the codecs of the variant families.
type decoder struct {
	opts  Options
	raw   map[string]json.RawMessage
	n     int
	shape sudoku.Shape
	p     *Puzzle

	regionOf []int           // region per cell, nil when the boxes stand
	owned    map[string]bool // negative names some codec reads
	negative []string        // the owned names "negative" lists

	dropped []string // unsupported constraints present
	unknown []string // unknown keys present

	cellUnused map[string]*unusedCells // what grid cells carry that Decode does not read, by name
	entries    unusedCells             // cells with a value that is not a given, unread
}

// unusedCells counts the cells of the grid that carry something Decode
// does not read, and names the first.
type unusedCells struct {
	count int
	first string // the first cell's ref
}

func (u *unusedCells) add(ref string) {
	if u.count == 0 {
		u.first = ref
	}
	u.count++
}

// where names the cells: the one cell, or how many.
func (u *unusedCells) where() string {
	if u.count == 1 {
		return u.first
	}
	return fmt.Sprintf("%d cells", u.count)
}

// cellKeys are the members of a grid cell that Decode reads (encoding/json
// matches them in any case, so they are compared so too).
var cellKeys = []string{"value", "given", "region", "givenPencilMarks"}

// ownKeys are the members the decoder reads itself, besides size and grid.
var ownKeys = map[string]func(d *decoder, key string, raw json.RawMessage) error{
	"title":    func(d *decoder, key string, raw json.RawMessage) error { return d.str(key, raw, &d.p.Title) },
	"author":   func(d *decoder, key string, raw json.RawMessage) error { return d.str(key, raw, &d.p.Author) },
	"ruleset":  func(d *decoder, key string, raw json.RawMessage) error { return d.str(key, raw, &d.p.Rules) },
	"solution": (*decoder).solution,
	"negative": (*decoder).negatives,
}

func (o Options) decodeJSON(data []byte) (*Puzzle, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmtErr("bad JSON: %v", err)
	}
	d := &decoder{opts: o, raw: raw, p: &Puzzle{}}
	if err := d.grid(); err != nil {
		return nil, err
	}
	fams := variants.Families()
	if err := d.members(fams); err != nil {
		return nil, err
	}
	r := fpdoc.NewReader(d.shape, raw, d.negative, d.regionOf)
	for _, f := range fams {
		if f.Codec == nil {
			continue
		}
		vs, err := f.Codec.Decode(r)
		if err != nil {
			return nil, err
		}
		d.p.Variants = append(d.p.Variants, vs...)
	}
	if len(d.dropped)+len(d.unknown) > 0 {
		if !o.IgnoreUnsupported {
			return nil, &UnsupportedError{Keys: d.dropped, Unknown: d.unknown}
		}
		d.p.Dropped = append(append([]string(nil), d.dropped...), d.unknown...)
		sort.Strings(d.p.Dropped)
	}
	// Building the rules checks every variant against the shape now, so
	// that a decoded puzzle always builds.
	if _, err := rules.New(d.shape, d.p.Variants...); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSyntax, err)
	}
	return d.p, nil
}

// members reads the decoder's own members and sorts the others: keys a
// family's codec reads (left to the codecs), cosmetic keys, unsupported
// constraints and unknown keys. Keys are visited in sorted order.
func (d *decoder) members(fams []variants.Family) error {
	codecKeys := map[string]bool{}
	d.owned = map[string]bool{}
	for _, f := range fams {
		if f.Codec == nil {
			continue
		}
		for _, k := range f.Codec.Keys {
			codecKeys[k] = true
		}
		for _, name := range f.Codec.Negatives {
			d.owned[name] = true
		}
	}
	keys := make([]string, 0, len(d.raw))
	for k := range d.raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch {
		case k == "cage" && digitalRootCages(d.raw[k]):
			d.dropped = append(d.dropped, "cage (digital root totals)")
		case drawings[k]:
			if !fpdoc.IsEmpty(d.raw[k]) {
				d.p.Drawings = append(d.p.Drawings, k)
			}
		case cosmetic[k]:
			if !fpdoc.IsEmpty(d.raw[k]) {
				d.p.Unused = append(d.p.Unused, k)
			}
		case k == "size" || k == "grid" || codecKeys[k]:
		case ownKeys[k] != nil:
			if err := ownKeys[k](d, k, d.raw[k]); err != nil {
				return err
			}
		case unsupported[k]:
			if !fpdoc.IsEmpty(d.raw[k]) {
				d.dropped = append(d.dropped, k)
			}
		default:
			if !fpdoc.IsEmpty(d.raw[k]) {
				d.unknown = append(d.unknown, k)
			}
		}
	}
	sort.Strings(d.dropped)
	sort.Strings(d.unknown)
	return nil
}

// digitalRootCages reports whether a "cage" list holds a cage whose value
// is a digital root ("DR5"): the reference solver reads such a cage as a
// killer cage whose total has that digital root (5, 14, 23 …), a
// constraint sudokit has no variant for, where any other "cage" is a
// drawing.
func digitalRootCages(raw json.RawMessage) bool {
	var cages []struct {
		Value fpdoc.Text `json:"value"`
	}
	if json.Unmarshal(raw, &cages) != nil {
		return false
	}
	for _, c := range cages {
		v := strings.TrimSpace(string(c.Value))
		if len(v) > 2 && strings.EqualFold(v[:2], "DR") && strings.Trim(v[2:], "0123456789") == "" {
			return true
		}
	}
	return false
}

// grid reads "size" and "grid": the shape, the givens and the regions.
func (d *decoder) grid() error {
	sizeRaw, ok := d.raw["size"]
	if !ok {
		return fmtErr(`no "size"`)
	}
	if err := json.Unmarshal(sizeRaw, &d.n); err != nil {
		return fmtErr("size %s is not a whole number", short(sizeRaw))
	}
	s, err := docShape(d.n)
	if err != nil {
		return fmt.Errorf("%w: size %d: %w", ErrUnsupported, d.n, err)
	}
	d.shape = s
	n := d.n
	var rows [][]json.RawMessage
	if err := json.Unmarshal(d.raw["grid"], &rows); err != nil || len(rows) != n {
		return fmtErr(`"grid" is not a list of %d rows of %d cells`, n, n)
	}
	d.p.Grid = sudoku.NewGrid(s)
	regionOf := make([]int, n*n)
	explicit := false
	for r, row := range rows {
		if len(row) != n {
			return fmtErr("grid row %d has %d cells, want %d", r+1, len(row), n)
		}
		for c, rawCell := range row {
			region, err := d.cell(sudoku.Cell{Row: r, Col: c}, rawCell)
			if err != nil {
				return err
			}
			regionOf[r*n+c] = s.Box(r, c)
			if region >= 0 {
				regionOf[r*n+c], explicit = region, true
			}
		}
	}
	d.nameUnusedCells()
	if explicit {
		// f-puzzles writes "region" only on cells moved out of their
		// box: the others keep the default box number.
		for i, id := range regionOf {
			if id != s.Box(i/n, i%n) {
				d.regionOf = regionOf
				break
			}
		}
	}
	return nil
}

// docShape returns the shape of an f-puzzles grid of side n: the usual one
// (sudoku.ShapeOf), or, for a side with no box shape (5, 7, 11 …), boxes
// that are whole rows, which is how f-puzzles lays out such a grid. A
// puzzle of that side is then a jigsaw when its cells name regions, and a
// Latin square otherwise.
func docShape(n int) (sudoku.Shape, error) {
	s, err := sudoku.ShapeOf(n)
	if err != nil && n >= 4 && n <= sudoku.MaxN {
		return sudoku.NewShape(1, n)
	}
	return s, err
}

// cell reads one cell of the grid: its value, a given (or an entry, with
// Options.IncludeEntries), goes into the puzzle's grid; it returns the
// region the cell names, or -1 when it names none.
func (d *decoder) cell(at sudoku.Cell, raw json.RawMessage) (int, error) {
	n, ref := d.n, fpdoc.Ref(at)
	var cell cellDoc
	if err := json.Unmarshal(raw, &cell); err != nil {
		return 0, fmtErr("%s", fpdoc.JSONError("grid cell "+ref, err))
	}
	d.unusedMembers(ref, raw, cell)
	if cell.Value != "" && (cell.Given || d.opts.IncludeEntries) {
		v, err := strconv.Atoi(string(cell.Value))
		if err != nil || v < 1 || v > n {
			return 0, fmtErr("grid cell %s: value %q is not a digit 1..%d", ref, cell.Value, n)
		}
		d.p.Grid.Set(at.Row, at.Col, v)
	}
	if err := d.pencilMarks(at, cell); err != nil {
		return 0, err
	}
	if len(cell.Region) == 0 {
		return -1, nil
	}
	if string(cell.Region) == "null" {
		return 0, fmt.Errorf("%w: grid cell %s belongs to no region (\"region\": null), which sudokit cannot solve", ErrUnsupported, ref)
	}
	var id int
	if err := json.Unmarshal(cell.Region, &id); err != nil || id < 0 || id >= n {
		return 0, fmtErr("grid cell %s: region %s is not a region number 0..%d", ref, short(cell.Region), n-1)
	}
	return id, nil
}

// pencilMarks reads a cell's "givenPencilMarks": the values a cell without
// a given may hold. On a cell with a given the reference solver places the
// given and reads no marks; Decode does the same and names the marks in
// Puzzle.Unused.
func (d *decoder) pencilMarks(at sudoku.Cell, cell cellDoc) error {
	if len(cell.GivenPencilMarks) == 0 {
		return nil
	}
	ref := fpdoc.Ref(at)
	var set uint64
	for _, raw := range cell.GivenPencilMarks {
		var v int
		if err := json.Unmarshal(raw, &v); err != nil || v < 1 || v > d.n {
			return fmtErr("grid cell %s: pencil mark %s is not a digit 1..%d", ref, short(raw), d.n)
		}
		set |= 1 << (v - 1)
	}
	if d.p.Grid.At(at.Row, at.Col) != 0 {
		d.unusedCell("givenPencilMarks on givens", ref)
		return nil
	}
	d.p.Grid.SetMarks(at.Row, at.Col, set)
	return nil
}

// unusedMembers counts what a grid cell carries that Decode does not read:
// members other than cellKeys (a solver's centre and corner marks,
// colours), and a value without "given": true unless
// Options.IncludeEntries reads it.
func (d *decoder) unusedMembers(ref string, raw json.RawMessage, cell cellDoc) {
	if cell.Value != "" && !cell.Given && !d.opts.IncludeEntries {
		d.entries.add(ref)
	}
	if fpdoc.IsEmpty(raw) {
		return
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(raw, &members) != nil {
		return // cannot happen: cellDoc read raw as an object
	}
	for k, v := range members {
		if !fpdoc.IsEmpty(v) && !slices.ContainsFunc(cellKeys, func(key string) bool { return strings.EqualFold(k, key) }) {
			d.unusedCell(k, ref)
		}
	}
}

// unusedCell notes that grid cell ref carries what (a member's name), which
// Decode does not read; Puzzle.Unused names each what once, with its cells.
func (d *decoder) unusedCell(what, ref string) {
	if d.cellUnused == nil {
		d.cellUnused = map[string]*unusedCells{}
	}
	if d.cellUnused[what] == nil {
		d.cellUnused[what] = &unusedCells{}
	}
	d.cellUnused[what].add(ref)
}

// nameUnusedCells names in Puzzle.Unused, once each, what the grid's cells
// carry that Decode did not read: the entries, then the other members by
// name, each with its cell or its number of cells.
func (d *decoder) nameUnusedCells() {
	switch {
	case d.entries.count == 1:
		d.p.Unused = append(d.p.Unused, "an entry in "+d.entries.first+" (not a given)")
	case d.entries.count > 1:
		d.p.Unused = append(d.p.Unused, "entries in "+d.entries.where()+" (not givens)")
	}
	keys := make([]string, 0, len(d.cellUnused))
	for k := range d.cellUnused {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		d.p.Unused = append(d.p.Unused, fmt.Sprintf("%s (%s)", k, d.cellUnused[k].where()))
	}
}

func (d *decoder) str(key string, raw json.RawMessage, dst *string) error {
	var t fpdoc.Text
	if err := json.Unmarshal(raw, &t); err != nil {
		return fmtErr("%s is not a string", key)
	}
	*dst = string(t)
	return nil
}

// negatives reads "negative": the constraints whose absence also says
// something (no X means the pair does not sum to 10). A name no family's
// codec reads is an unsupported constraint.
func (d *decoder) negatives(key string, raw json.RawMessage) error {
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return fmtErr("negative is not a list of names")
	}
	for _, name := range list {
		if d.owned[name] {
			d.negative = append(d.negative, name)
		} else {
			d.dropped = append(d.dropped, "negative "+name)
		}
	}
	return nil
}

// solution reads the author's solution: a list of N*N digits, or a string
// of them (comma-separated or not). Blank entries (0, null, ".") are cells
// the author left out.
func (d *decoder) solution(key string, raw json.RawMessage) error {
	n := d.n
	var items []fpdoc.Text
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if strings.Contains(s, ",") {
			for _, it := range strings.Split(s, ",") {
				items = append(items, fpdoc.Text(strings.TrimSpace(it)))
			}
		} else {
			for _, r := range s {
				items = append(items, fpdoc.Text(string(r)))
			}
		}
	} else if err := json.Unmarshal(raw, &items); err != nil {
		return fmtErr("solution is neither a list nor a string")
	}
	if len(items) == 0 {
		return nil
	}
	if len(items) != n*n {
		return fmtErr("solution has %d cells, want %d", len(items), n*n)
	}
	g := sudoku.NewGrid(d.shape)
	filled := 0
	for i, it := range items {
		if it == "" || it == "." || it == "0" || it == "?" {
			continue
		}
		v, err := strconv.Atoi(string(it))
		if err != nil || v < 1 || v > n {
			return fmtErr("solution cell %s: %q is not a digit 1..%d", fpdoc.Ref(sudoku.Cell{Row: i / n, Col: i % n}), it, n)
		}
		g.Cells[i] = v
		filled++
	}
	if filled > 0 {
		d.p.Solution = &g
	}
	return nil
}
