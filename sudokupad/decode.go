package sudokupad

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/sudoku"
)

// Errors Decode reports, wrapped with details: they are fpuzzles' errors,
// so that a front end tells bad data from unsupported rules and from short
// links the same way for both formats.
var (
	ErrSyntax      = fpuzzles.ErrSyntax
	ErrUnsupported = fpuzzles.ErrUnsupported
	ErrNetwork     = fpuzzles.ErrNetwork
)

// An UnsupportedError names every part of a puzzle that sudokit cannot read
// as a rule, with the puzzle's rules text, which says what they mean. It
// matches ErrUnsupported with errors.Is.
type UnsupportedError struct {
	Parts []string // "21 overlays", "cage without a total in r1c1", … sorted
	Rules string   // the puzzle's rules text, "" when it has none
}

// Error names the parts and quotes the rules.
func (e *UnsupportedError) Error() string {
	msg := "sudokupad: the puzzle has parts sudokit cannot read as rules without guessing: " + strings.Join(e.Parts, ", ")
	if e.Rules != "" {
		msg += "; its rules say: " + quote(e.Rules)
	} else {
		msg += "; the puzzle states no rules"
	}
	return msg
}

// Is reports whether target is ErrUnsupported.
func (e *UnsupportedError) Is(target error) bool { return target == ErrUnsupported }

// quote writes rules text on one line, in quotes, shortened past 600
// characters.
func quote(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " / ")), " ")
	if r := []rune(s); len(r) > 600 {
		s = string(r[:600]) + "…"
	}
	return "“" + s + "”"
}

// Options change how Decode reads a puzzle. The zero value is strict.
type Options struct {
	// IgnoreUnsupported drops the parts sudokit cannot read as rules
	// instead of failing; Puzzle.Dropped names them.
	IgnoreUnsupported bool
}

// Looks reports whether text holds SudokuPad's native data: a SudokuPad
// link or id with the "scl" or "ctc" prefix, or a SudokuPad short id
// (which Decode refuses with ErrNetwork).
func Looks(text string) bool {
	_, ok, _ := fpuzzles.SudokuPadNative(text)
	return ok
}

// Decode reads a SudokuPad puzzle with the strict default Options.
func Decode(text string) (*fpuzzles.Puzzle, error) { return Options{}.Decode(text) }

// Decode reads a SudokuPad puzzle: a link (https://sudokupad.app/scl…,
// sudokupad.app/?puzzleid=ctc…, app.crackingthecryptic.com/sudoku/ctc…) or
// its data with the prefix. See the package documentation for what it
// reads. The puzzle comes out as an fpuzzles.Puzzle, whose variants are in
// the families' order.
func (o Options) Decode(text string) (*fpuzzles.Puzzle, error) {
	data, ok, err := fpuzzles.SudokuPadNative(text)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: not SudokuPad's native data (a link or id with the \"scl\" or \"ctc\" prefix)", ErrSyntax)
	}
	return o.DecodeJSON(data)
}

// DecodeJSON reads the decompressed puzzle text: SudokuPad's JSON or its
// zipped form.
func (o Options) DecodeJSON(text string) (*fpuzzles.Puzzle, error) {
	js, err := unzip(strings.TrimSpace(text))
	if err != nil {
		return nil, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(js, &raw); err != nil {
		return nil, fmt.Errorf("%w: the puzzle data is not a JSON object", ErrSyntax)
	}
	t := &translator{raw: raw, fp: map[string]any{}, meta: map[string]string{}}
	if err := t.translate(); err != nil {
		return nil, err
	}
	if len(t.dropped) > 0 && !o.IgnoreUnsupported {
		sort.Strings(t.dropped)
		return nil, &UnsupportedError{Parts: t.dropped, Rules: t.meta["rules"]}
	}
	doc, err := json.Marshal(t.fp)
	if err != nil {
		return nil, err
	}
	p, err := fpuzzles.Decode(string(doc))
	if err != nil {
		return nil, err
	}
	sort.Strings(t.dropped)
	sort.Strings(t.unused)
	p.Dropped, p.Unused = t.dropped, append(p.Unused, t.unused...)
	return p, nil
}

// A translator turns a SudokuPad document into the f-puzzles document of
// the same puzzle, naming what it cannot carry.
type translator struct {
	raw     map[string]json.RawMessage
	fp      map[string]any    // the f-puzzles document
	meta    map[string]string // title, author, rules, solution …
	n       int
	dropped []string
	unused  []string
}

// drawn are the members SudokuPad draws rules with, named by what one of
// them is.
var drawn = map[string]string{"lines": "line", "arrows": "arrow", "overlays": "overlay", "underlays": "underlay"}

// quiet are members that carry no rule and nothing a user loses.
var quiet = map[string]bool{"id": true, "cellSize": true}

func (t *translator) translate() error {
	if err := t.cells(); err != nil {
		return err
	}
	for _, k := range slices.Sorted(maps.Keys(t.raw)) {
		raw := t.raw[k]
		var err error
		switch {
		case k == "cells" || quiet[k] || fpdoc.IsEmpty(raw):
		case k == "regions":
			err = t.regions(raw)
		case k == "cages":
			err = t.cages(raw)
		case k == "global":
			err = t.global(raw)
		case k == "metadata":
			err = t.metadata(raw)
		case k == "foglight":
			t.unused = append(t.unused, "foglight (fog of war)")
		case drawn[k] != "":
			var list []json.RawMessage
			if json.Unmarshal(raw, &list) != nil {
				return fmt.Errorf("%w: %q is not a list", ErrSyntax, k)
			}
			t.dropped = append(t.dropped, count(len(list), drawn[k]))
		default:
			t.dropped = append(t.dropped, fmt.Sprintf("member %q sudokit does not know", k))
		}
		if err != nil {
			return err
		}
	}
	if _, ok := t.raw["regions"]; !ok {
		return fmt.Errorf("%w: the grid has no regions (no boxes), which sudokit cannot solve", ErrUnsupported)
	}
	t.metaOut()
	return nil
}

// count writes "1 line", "3 lines".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// cells reads the grid: its size and its givens; what else the cells
// carry is named in unused.
func (t *translator) cells() error {
	var rows [][]map[string]json.RawMessage
	if err := json.Unmarshal(t.raw["cells"], &rows); err != nil || len(rows) == 0 {
		return fmt.Errorf("%w: \"cells\" is not a list of rows of cells", ErrSyntax)
	}
	n := len(rows)
	if n > sudoku.MaxN {
		return fmt.Errorf("%w: a grid of %d rows (at most %d)", ErrUnsupported, n, sudoku.MaxN)
	}
	t.n = n
	grid := make([][]map[string]any, n)
	other := map[string]int{}
	for r, row := range rows {
		if len(row) != n {
			return fmt.Errorf("%w: row %d has %d cells in a grid of %d rows: sudokit solves square grids", ErrUnsupported, r+1, len(row), n)
		}
		grid[r] = make([]map[string]any, n)
		for c, cell := range row {
			grid[r][c] = map[string]any{}
			for k, v := range cell {
				if k != "value" {
					if !fpdoc.IsEmpty(v) {
						other[k]++
					}
					continue
				}
				var val fpdoc.Text
				if json.Unmarshal(v, &val) != nil {
					return fmt.Errorf("%w: cell r%dc%d: value %s is not a digit", ErrSyntax, r+1, c+1, clip(string(v)))
				}
				if val == "" {
					continue
				}
				d, err := strconv.Atoi(string(val))
				if err != nil || d < 1 || d > n {
					return fmt.Errorf("%w: cell r%dc%d: value %q is not a digit 1..%d", ErrSyntax, r+1, c+1, clip(string(val)), n)
				}
				grid[r][c]["value"], grid[r][c]["given"] = d, true
			}
		}
	}
	for k, m := range other {
		t.unused = append(t.unused, fmt.Sprintf("cell member %q (%s)", k, count(m, "cell")))
	}
	t.fp["size"], t.fp["grid"] = n, grid
	return nil
}

// regions reads the regions: N regions of N cells that cover the grid.
// A region that is a box keeps the box's number, so that the boxes read
// as no jigsaw.
func (t *translator) regions(raw json.RawMessage) error {
	var regs [][][2]int
	if err := json.Unmarshal(raw, &regs); err != nil {
		return fmt.Errorf("%w: \"regions\" is not a list of lists of [row, column] cells", ErrSyntax)
	}
	n := t.n
	s, err := fpuzzles.GridShape(n)
	if err != nil {
		return fmt.Errorf("%w: a %dx%d grid: %w", ErrUnsupported, n, n, err)
	}
	if len(regs) != n {
		return fmt.Errorf("%w: %d regions on a %dx%d grid (sudokit solves N regions of N cells)", ErrUnsupported, len(regs), n, n)
	}
	of := make([]int, n*n)
	for i := range of {
		of[i] = -1
	}
	ids := make([]int, n)
	taken := make([]bool, n)
	for i, reg := range regs {
		if len(reg) != n {
			return fmt.Errorf("%w: region %d has %d cells, want %d", ErrUnsupported, i+1, len(reg), n)
		}
		ids[i] = -1
		for _, rc := range reg {
			if rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n {
				return fmt.Errorf("%w: region %d: cell %v is outside the grid", ErrSyntax, i+1, rc)
			}
		}
		box := s.Box(reg[0][0], reg[0][1])
		same := !taken[box]
		for _, rc := range reg {
			same = same && s.Box(rc[0], rc[1]) == box
		}
		if same {
			ids[i], taken[box] = box, true
		}
	}
	free := 0
	for i, reg := range regs {
		if ids[i] < 0 {
			for taken[free] {
				free++
			}
			ids[i], taken[free] = free, true
		}
		for _, rc := range reg {
			at := rc[0]*n + rc[1]
			if of[at] >= 0 {
				return fmt.Errorf("%w: cell r%dc%d is in two regions", ErrUnsupported, rc[0]+1, rc[1]+1)
			}
			of[at] = ids[i]
		}
	}
	grid := t.fp["grid"].([][]map[string]any)
	for i, id := range of {
		grid[i/n][i%n]["region"] = id
	}
	return nil
}

// A cageDoc is one of SudokuPad's cages.
type cageDoc struct {
	Cells  [][2]int   `json:"cells"`
	Value  fpdoc.Text `json:"value"`
	Sum    fpdoc.Text `json:"sum"`
	Unique *bool      `json:"unique"`
	Style  string     `json:"style"`
}

// metaValue is a cage value that holds metadata: "title: Killer 1".
var metaValue = regexp.MustCompile(`^([^: ]+):\s*([\s\S]+)`)

// cages reads the cages: metadata, killer cages, extra regions.
func (t *translator) cages(raw json.RawMessage) error {
	var cages []cageDoc
	if err := json.Unmarshal(raw, &cages); err != nil {
		return fmt.Errorf("%w: %s", ErrSyntax, fpdoc.JSONError("cages", err))
	}
	var killer, extra []map[string]any
	for i, c := range cages {
		if len(c.Cells) == 0 {
			if m := metaValue.FindStringSubmatch(string(c.Value)); m != nil {
				t.addMeta(strings.ToLower(m[1]), m[2])
			} else if c.Value != "" {
				t.unused = append(t.unused, fmt.Sprintf("cage %d without cells (%q)", i+1, clip(string(c.Value))))
			}
			continue
		}
		refs := make([]string, len(c.Cells))
		for j, rc := range c.Cells {
			if rc[0] < 0 || rc[0] >= t.n || rc[1] < 0 || rc[1] >= t.n {
				return fmt.Errorf("%w: cage %d: cell %v is outside the grid", ErrSyntax, i+1, rc)
			}
			refs[j] = fpdoc.Ref(sudoku.Cell{Row: rc[0], Col: rc[1]})
		}
		where := fmt.Sprintf("cage %d at %s", i+1, strings.ToLower(refs[0]))
		total := string(c.Value)
		if total == "" {
			total = string(c.Sum)
		}
		_, numErr := strconv.Atoi(total)
		unique := c.Unique == nil || *c.Unique
		switch {
		case c.Style == "extraregion":
			extra = append(extra, map[string]any{"cells": refs})
		case c.Style != "" && c.Style != "killer":
			t.dropped = append(t.dropped, fmt.Sprintf("%s (style %q)", where, c.Style))
		case total != "" && numErr != nil:
			t.dropped = append(t.dropped, fmt.Sprintf("%s with value %q", where, clip(total)))
		case !unique:
			t.dropped = append(t.dropped, where+" whose digits may repeat")
		case total != "":
			killer = append(killer, map[string]any{"cells": refs, "value": total})
		case c.Unique != nil:
			killer = append(killer, map[string]any{"cells": refs})
		default:
			t.dropped = append(t.dropped, where+" without a total")
		}
	}
	if len(killer) > 0 {
		t.fp["killercage"] = killer
	}
	if len(extra) > 0 {
		t.fp["extraregion"] = extra
	}
	return nil
}

// globals are the global rules SudokuPad names that sudokit solves, by
// their f-puzzles member.
var globals = map[string]string{"antiknight": "antiknight", "antiking": "antiking", "nonconsecutive": "nonconsecutive"}

func (t *translator) global(raw json.RawMessage) error {
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		return fmt.Errorf("%w: \"global\" is not a list of rule names", ErrSyntax)
	}
	for _, name := range names {
		if key, ok := globals[strings.ToLower(name)]; ok {
			t.fp[key] = true
		} else {
			t.dropped = append(t.dropped, fmt.Sprintf("global rule %q", name))
		}
	}
	return nil
}

// metadata reads the "metadata" member.
func (t *translator) metadata(raw json.RawMessage) error {
	var meta map[string]json.RawMessage
	if err := json.Unmarshal(raw, &meta); err != nil {
		return fmt.Errorf("%w: \"metadata\" is not an object", ErrSyntax)
	}
	for k, v := range meta {
		var list []fpdoc.Text
		var one fpdoc.Text
		switch {
		case json.Unmarshal(v, &one) == nil:
			t.addMeta(strings.ToLower(k), string(one))
		case json.Unmarshal(v, &list) == nil:
			for _, s := range list {
				t.addMeta(strings.ToLower(k), string(s))
			}
		default:
			t.unused = append(t.unused, fmt.Sprintf("metadata %q", k))
		}
	}
	return nil
}

// addMeta records one metadata entry; a key given twice keeps both
// values, one a line.
func (t *translator) addMeta(key, value string) {
	if value == "" || value == "false" {
		return
	}
	if old, ok := t.meta[key]; ok {
		value = old + "\n" + value
	}
	t.meta[key] = value
}

// metaOut writes the metadata into the f-puzzles document, and names what
// it cannot use.
func (t *translator) metaOut() {
	for _, k := range slices.Sorted(maps.Keys(t.meta)) {
		v := t.meta[k]
		switch k {
		case "title", "author":
			t.fp[k] = v
		case "rules":
			t.fp["ruleset"] = v
		case "solution":
			if len([]rune(v)) == t.n*t.n && strings.Trim(v, "0123456789?.") == "" {
				t.fp["solution"] = v
			} else {
				t.unused = append(t.unused, "metadata \"solution\" (not N*N digits)")
			}
		case "antiknight", "antiking":
			if v == "true" {
				t.fp[k] = true
			}
		case "bgimage":
			t.dropped = append(t.dropped, "a background image (metadata \"bgimage\"), which may draw rules")
		default:
			t.unused = append(t.unused, fmt.Sprintf("metadata %q", k))
		}
	}
}
