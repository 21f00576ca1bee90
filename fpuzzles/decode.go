package fpuzzles

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// cosmetic keys carry no rule: drawings, colours, solver settings and
// metadata that sudokit does not use. Decode ignores them.
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
	"killercage": true, "arrow": true, "littlekillersum": true, "sandwichsum": true,
	"clone": true, "betweenline": true, "quadruple": true, "minimum": true, "maximum": true,
	"lockout": true, "regionsumline": true, "clock": true, "sumdot": true, "entropicline": true,
	"modularline": true, "doublearrow": true, "zipperline": true, "nabner": true,
	"skyscraper": true, "xsum": true, "numberedroom": true, "indexer": true, "parity": true,
	"dutchwhispers": true, "germanwhispers": true, "entropy": true, "x-sum": true,
	"sumline": true, "productline": true, "modular": true,
}

// A decoder turns the members of an f-puzzles document into a Puzzle. It
// gathers each constraint's cells first and makes the variants at the end,
// in a fixed order.
type decoder struct {
	opts  Options
	raw   map[string]json.RawMessage
	n     int
	shape sudoku.Shape
	p     *Puzzle

	regionOf           []int // jigsaw: region per cell, nil when the boxes stand
	diagPlus, diagMin  bool
	extra              [][]sudoku.Cell
	antiKnight         bool
	antiKing, nonConse bool
	disjoint           bool
	negative           map[string]bool
	odd, even          []sudoku.Cell
	x, v               [][2]sudoku.Cell
	white, black       [][2]sudoku.Cell // kropki dots of the default values
	whiteDots          []variants.Dot   // and with other values
	blackDots          []variants.Dot
	thermo, palindrome [][]sudoku.Cell
	renban             [][]sudoku.Cell
	whispers           map[int][][]sudoku.Cell // by gap, 0 for the usual one

	dropped []string // unsupported constraints present
	unknown []string // unknown keys present
}

// handlers read the keys sudokit supports, besides size and grid.
var handlers = map[string]func(d *decoder, key string, raw json.RawMessage) error{
	"title":          func(d *decoder, key string, raw json.RawMessage) error { return d.str(key, raw, &d.p.Title) },
	"author":         func(d *decoder, key string, raw json.RawMessage) error { return d.str(key, raw, &d.p.Author) },
	"ruleset":        func(d *decoder, key string, raw json.RawMessage) error { return d.str(key, raw, &d.p.Rules) },
	"solution":       (*decoder).solution,
	"diagonal+":      func(d *decoder, key string, raw json.RawMessage) error { return d.flag(key, raw, &d.diagPlus) },
	"diagonal-":      func(d *decoder, key string, raw json.RawMessage) error { return d.flag(key, raw, &d.diagMin) },
	"antiknight":     func(d *decoder, key string, raw json.RawMessage) error { return d.flag(key, raw, &d.antiKnight) },
	"antiking":       func(d *decoder, key string, raw json.RawMessage) error { return d.flag(key, raw, &d.antiKing) },
	"nonconsecutive": func(d *decoder, key string, raw json.RawMessage) error { return d.flag(key, raw, &d.nonConse) },
	"disjointgroups": func(d *decoder, key string, raw json.RawMessage) error { return d.flag(key, raw, &d.disjoint) },
	"negative":       (*decoder).negatives,
	"extraregion": func(d *decoder, key string, raw json.RawMessage) error {
		return d.parts(key, raw, func(at string, pt part) error {
			cells, err := d.refs(at+".cells", pt.Cells)
			d.extra = append(d.extra, cells)
			return err
		})
	},
	"odd":  func(d *decoder, key string, raw json.RawMessage) error { return d.cells(key, raw, &d.odd) },
	"even": func(d *decoder, key string, raw json.RawMessage) error { return d.cells(key, raw, &d.even) },
	"xv":   (*decoder).xv,
	"difference": func(d *decoder, key string, raw json.RawMessage) error {
		return d.dots(key, raw, 1, &d.white, &d.whiteDots)
	},
	"ratio": func(d *decoder, key string, raw json.RawMessage) error {
		return d.dots(key, raw, 2, &d.black, &d.blackDots)
	},
	"thermometer": func(d *decoder, key string, raw json.RawMessage) error { return d.lines(key, raw, &d.thermo) },
	"palindrome":  func(d *decoder, key string, raw json.RawMessage) error { return d.lines(key, raw, &d.palindrome) },
	"renban":      func(d *decoder, key string, raw json.RawMessage) error { return d.lines(key, raw, &d.renban) },
	"whispers":    (*decoder).whisperLines,
}

func (o Options) decodeJSON(data []byte) (*Puzzle, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmtErr("bad JSON: %v", err)
	}
	d := &decoder{opts: o, raw: raw, p: &Puzzle{}, negative: map[string]bool{}}
	if err := d.grid(); err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch {
		case k == "size" || k == "grid":
		case handlers[k] != nil:
			if err := handlers[k](d, k, raw[k]); err != nil {
				return nil, err
			}
		case cosmetic[k]:
		case unsupported[k]:
			if !isEmpty(raw[k]) {
				d.dropped = append(d.dropped, k)
			}
		default:
			if !isEmpty(raw[k]) {
				d.unknown = append(d.unknown, k)
			}
		}
	}
	if err := d.variants(); err != nil {
		return nil, err
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

// grid reads "size" and "grid": the shape, the givens and the regions.
func (d *decoder) grid() error {
	sizeRaw, ok := d.raw["size"]
	if !ok {
		return fmtErr(`no "size"`)
	}
	if err := json.Unmarshal(sizeRaw, &d.n); err != nil {
		return fmtErr("size %s is not a whole number", short(sizeRaw))
	}
	s, err := sudoku.ShapeOf(d.n)
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
			at := ref(sudoku.Cell{Row: r, Col: c})
			var cell cellDoc
			if err := json.Unmarshal(rawCell, &cell); err != nil {
				return fmtErr("%s", jsonError("grid cell "+at, err))
			}
			if cell.Value != "" && (cell.Given || d.opts.IncludeEntries) {
				v, err := strconv.Atoi(string(cell.Value))
				if err != nil || v < 1 || v > n {
					return fmtErr("grid cell %s: value %q is not a digit 1..%d", at, cell.Value, n)
				}
				d.p.Grid.Set(r, c, v)
			}
			regionOf[r*n+c] = s.Box(r, c)
			if len(cell.Region) == 0 {
				continue
			}
			if string(cell.Region) == "null" {
				return fmt.Errorf("%w: grid cell %s belongs to no region (\"region\": null), which sudokit cannot solve", ErrUnsupported, at)
			}
			var id int
			if err := json.Unmarshal(cell.Region, &id); err != nil || id < 0 || id >= n {
				return fmtErr("grid cell %s: region %s is not a region number 0..%d", at, short(cell.Region), n-1)
			}
			regionOf[r*n+c] = id
			explicit = true
		}
	}
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

func (d *decoder) str(key string, raw json.RawMessage, dst *string) error {
	var t text
	if err := json.Unmarshal(raw, &t); err != nil {
		return fmtErr("%s is not a string", key)
	}
	*dst = string(t)
	return nil
}

func (d *decoder) flag(key string, raw json.RawMessage, dst *bool) error {
	if string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		return fmtErr("%s is not true or false", key)
	}
	return nil
}

// negatives reads "negative": the constraints whose absence also says
// something (no X means the pair does not sum to 10).
func (d *decoder) negatives(key string, raw json.RawMessage) error {
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		return fmtErr("negative is not a list of names")
	}
	for _, name := range list {
		switch name {
		case "xv", "ratio", "difference":
			d.negative[name] = true
		default:
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
	var items []text
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if strings.Contains(s, ",") {
			for _, it := range strings.Split(s, ",") {
				items = append(items, text(strings.TrimSpace(it)))
			}
		} else {
			for _, r := range s {
				items = append(items, text(string(r)))
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
			return fmtErr("solution cell %s: %q is not a digit 1..%d", ref(sudoku.Cell{Row: i / n, Col: i % n}), it, n)
		}
		g.Cells[i] = v
		filled++
	}
	if filled > 0 {
		d.p.Solution = &g
	}
	return nil
}

// parts decodes a constraint list and calls f on each element, with its
// place ("thermometer[2]") for messages.
func (d *decoder) parts(key string, raw json.RawMessage, f func(at string, pt part) error) error {
	if string(raw) == "null" {
		return nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return fmtErr("%s", jsonError(key, &json.UnmarshalTypeError{Value: jsonKind(raw), Type: reflect.TypeOf([]part(nil))}))
	}
	for i, elem := range list {
		at := fmt.Sprintf("%s[%d]", key, i)
		var pt part
		if err := json.Unmarshal(elem, &pt); err != nil {
			return fmtErr("%s", jsonError(at, err))
		}
		if err := f(at, pt); err != nil {
			return err
		}
	}
	return nil
}

// refs reads a list of cell references; at names the list in messages.
func (d *decoder) refs(at string, list []string) ([]sudoku.Cell, error) {
	cells := make([]sudoku.Cell, len(list))
	for i, s := range list {
		c, ok := parseRef(s, d.n)
		if !ok {
			return nil, fmtErr("%s: bad cell %q (want R{row}C{col}, 1..%d)", at, s, d.n)
		}
		cells[i] = c
	}
	return cells, nil
}

// cells reads single-cell marks ("odd": [{"cell": "R1C1"}]).
func (d *decoder) cells(key string, raw json.RawMessage, dst *[]sudoku.Cell) error {
	return d.parts(key, raw, func(at string, pt part) error {
		cells, err := d.refs(at+".cell", []string{pt.Cell})
		if err != nil {
			return err
		}
		*dst = append(*dst, cells[0])
		return nil
	})
}

// pair reads the two cells of a dot or an X/V mark.
func (d *decoder) pair(at string, pt part) ([2]sudoku.Cell, error) {
	if len(pt.Cells) != 2 {
		return [2]sudoku.Cell{}, fmtErr("%s: %d cells, want 2", at, len(pt.Cells))
	}
	cells, err := d.refs(at+".cells", pt.Cells)
	if err != nil {
		return [2]sudoku.Cell{}, err
	}
	return [2]sudoku.Cell{cells[0], cells[1]}, nil
}

func (d *decoder) xv(key string, raw json.RawMessage) error {
	return d.parts(key, raw, func(at string, pt part) error {
		p, err := d.pair(at, pt)
		if err != nil {
			return err
		}
		switch strings.ToUpper(string(pt.Value)) {
		case "X":
			d.x = append(d.x, p)
		case "V":
			d.v = append(d.v, p)
		default:
			return fmtErr("%s: value %q, want \"X\" or \"V\"", at, pt.Value)
		}
		return nil
	})
}

// dots reads kropki dots. A dot without a value, or with the default one
// (std: 1 for "difference", 2 for "ratio"), goes to plain; a dot with
// another value to valued. The variant checks that the value fits the grid.
func (d *decoder) dots(key string, raw json.RawMessage, std int, plain *[][2]sudoku.Cell, valued *[]variants.Dot) error {
	return d.parts(key, raw, func(at string, pt part) error {
		p, err := d.pair(at, pt)
		if err != nil {
			return err
		}
		k := std
		if v := strings.TrimSpace(string(pt.Value)); v != "" {
			k, err = strconv.Atoi(v)
			if err != nil || k < 1 {
				return fmtErr("%s: %s dot value %q is not a whole number from 1", at, key, pt.Value)
			}
		}
		if k == std {
			*plain = append(*plain, p)
		} else {
			*valued = append(*valued, variants.Dot{A: p[0], B: p[1], Value: k})
		}
		return nil
	})
}

// lines reads line constraints: each element holds one or more lines
// (several thermometers may share a bulb). A value on a line (a clue some
// add-ons allow) is refused as unsupported.
func (d *decoder) lines(key string, raw json.RawMessage, dst *[][]sudoku.Cell) error {
	return d.parts(key, raw, func(at string, pt part) error {
		if pt.Value != "" {
			return fmt.Errorf("%w: %s: value %q on a %s line", ErrUnsupported, at, pt.Value, key)
		}
		return d.lineList(at, pt, dst)
	})
}

// whisperLines reads whispers lines. An optional value is the smallest
// difference between neighbours (5 on 9x9, the usual German whispers).
func (d *decoder) whisperLines(key string, raw json.RawMessage) error {
	return d.parts(key, raw, func(at string, pt part) error {
		gap := 0
		if pt.Value != "" {
			g, err := strconv.Atoi(string(pt.Value))
			if err != nil || g < 1 || g >= d.n {
				return fmtErr("%s: value %q is not a difference 1..%d", at, pt.Value, d.n-1)
			}
			if g != (variants.Whispers{}).Gap(d.n) {
				gap = g
			}
		}
		if d.whispers == nil {
			d.whispers = map[int][][]sudoku.Cell{}
		}
		lines := d.whispers[gap]
		err := d.lineList(at, pt, &lines)
		d.whispers[gap] = lines
		return err
	})
}

// lineList appends the lines of one constraint object to dst.
func (d *decoder) lineList(at string, pt part, dst *[][]sudoku.Cell) error {
	if len(pt.Lines) == 0 {
		return fmtErr("%s: no lines", at)
	}
	for i, l := range pt.Lines {
		cells, err := d.refs(fmt.Sprintf("%s.lines[%d]", at, i), l)
		if err != nil {
			return err
		}
		*dst = append(*dst, cells)
	}
	return nil
}
