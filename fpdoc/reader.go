package fpdoc

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/sudokit/sudokit/sudoku"
)

// A Reader gives the codecs the members of one f-puzzles document: raw
// JSON per key, read on demand, with the grid's shape, the names listed
// under "negative" and the regions the grid's cells carry.
type Reader struct {
	shape    sudoku.Shape
	members  map[string]json.RawMessage
	negative map[string]bool
	regionOf []int
}

// NewReader returns a Reader over the members of a document for a grid of
// shape s. negative holds the names listed under "negative"; regionOf, the
// region of each cell (row-major), or nil when the grid keeps its boxes.
func NewReader(s sudoku.Shape, members map[string]json.RawMessage, negative []string, regionOf []int) *Reader {
	r := &Reader{shape: s, members: members, negative: map[string]bool{}, regionOf: regionOf}
	for _, name := range negative {
		r.negative[name] = true
	}
	return r
}

// Shape returns the grid's shape.
func (r *Reader) Shape() sudoku.Shape { return r.shape }

// N returns the grid's side.
func (r *Reader) N() int { return r.shape.N() }

// Negative reports whether "negative" lists name ("xv", "ratio").
func (r *Reader) Negative(name string) bool { return r.negative[name] }

// RegionOf returns the region of each cell, row-major, or nil when the
// grid's cells keep the default boxes. The slice must not be modified.
func (r *Reader) RegionOf() []int { return r.regionOf }

// Flag reads a true-or-false member; an absent or null one is false.
func (r *Reader) Flag(key string) (bool, error) {
	raw, ok := r.members[key]
	if !ok || string(raw) == "null" {
		return false, nil
	}
	var on bool
	if err := json.Unmarshal(raw, &on); err != nil {
		return false, Errorf("%s is not true or false", key)
	}
	return on, nil
}

// Parts reads a constraint list and calls f on each element with its place
// ("thermometer[2]") for messages. An absent or null member is an empty
// list.
func (r *Reader) Parts(key string, f func(at string, p Part) error) error {
	raw, ok := r.members[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return Errorf("%s", JSONError(key, &json.UnmarshalTypeError{Value: jsonKind(raw), Type: reflect.TypeOf([]Part(nil))}))
	}
	for i, elem := range list {
		at := fmt.Sprintf("%s[%d]", key, i)
		var p Part
		if err := json.Unmarshal(elem, &p); err != nil {
			return Errorf("%s", JSONError(at, err))
		}
		if err := f(at, p); err != nil {
			return err
		}
	}
	return nil
}

// Cells reads a list of cell references; at names the list in messages.
func (r *Reader) Cells(at string, refs []string) ([]sudoku.Cell, error) {
	n := r.N()
	cells := make([]sudoku.Cell, len(refs))
	for i, s := range refs {
		c, ok := ParseRef(s, n)
		if !ok {
			return nil, Errorf("%s: bad cell %q (want R{row}C{col}, 1..%d)", at, s, n)
		}
		cells[i] = c
	}
	return cells, nil
}

// Cell reads the single cell of a mark ("odd": [{"cell": "R1C1"}]).
func (r *Reader) Cell(at string, p Part) (sudoku.Cell, error) {
	cells, err := r.Cells(at+".cell", []string{p.Cell})
	if err != nil {
		return sudoku.Cell{}, err
	}
	return cells[0], nil
}

// Pair reads the two cells of a dot or an X/V mark.
func (r *Reader) Pair(at string, p Part) ([2]sudoku.Cell, error) {
	if len(p.Cells) != 2 {
		return [2]sudoku.Cell{}, Errorf("%s: %d cells, want 2", at, len(p.Cells))
	}
	cells, err := r.Cells(at+".cells", p.Cells)
	if err != nil {
		return [2]sudoku.Cell{}, err
	}
	return [2]sudoku.Cell{cells[0], cells[1]}, nil
}

// Lines reads the lines of one constraint object (several thermometers
// may share a bulb, so an object holds one or more).
func (r *Reader) Lines(at string, p Part) ([][]sudoku.Cell, error) {
	if len(p.Lines) == 0 {
		return nil, Errorf("%s: no lines", at)
	}
	out := make([][]sudoku.Cell, 0, len(p.Lines))
	for i, l := range p.Lines {
		cells, err := r.Cells(fmt.Sprintf("%s.lines[%d]", at, i), l)
		if err != nil {
			return nil, err
		}
		out = append(out, cells)
	}
	return out, nil
}
