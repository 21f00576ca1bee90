package fpdoc

import (
	"errors"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// A Writer collects the members a puzzle's variants encode to: flags
// ("antiknight": true), constraint lists, names for "negative" and the
// regions of a jigsaw. The codecs write into it; package fpuzzles writes
// the document, members in f-puzzles' order.
type Writer struct {
	shape    sudoku.Shape
	flags    map[string]bool
	lists    map[string][]Part
	negative []string
	regions  [][]sudoku.Cell
	checks   []func() error
}

// NewWriter returns an empty Writer for a grid of shape s.
func NewWriter(s sudoku.Shape) *Writer {
	return &Writer{shape: s, flags: map[string]bool{}, lists: map[string][]Part{}}
}

// Shape returns the grid's shape.
func (w *Writer) Shape() sudoku.Shape { return w.shape }

// SetFlag sets the flag key to true.
func (w *Writer) SetFlag(key string) { w.flags[key] = true }

// Flag reports whether the flag key is set.
func (w *Writer) Flag(key string) bool { return w.flags[key] }

// Add appends parts to the constraint list key.
func (w *Writer) Add(key string, parts ...Part) { w.lists[key] = append(w.lists[key], parts...) }

// List returns the constraint list key. The slice must not be modified;
// SetList replaces it.
func (w *Writer) List(key string) []Part { return w.lists[key] }

// SetList replaces the constraint list key.
func (w *Writer) SetList(key string, parts []Part) { w.lists[key] = parts }

// AddNegative appends names to "negative".
func (w *Writer) AddNegative(names ...string) { w.negative = append(w.negative, names...) }

// Negative returns the names of "negative", in the order they were added.
func (w *Writer) Negative() []string { return slices.Clone(w.negative) }

// SetRegions gives the grid's cells these regions (a jigsaw); each region
// gets the number of its place. A second call is an error.
func (w *Writer) SetRegions(regions [][]sudoku.Cell) error {
	if w.regions != nil {
		return errors.New("two sets of grid regions")
	}
	w.regions = regions
	return nil
}

// Check registers a check to run when every codec has written (Finish): a
// codec whose variant leans on members another family writes (the
// non-consecutive exemptions on kropki dots) refuses there a variant the
// document would not carry whole.
func (w *Writer) Check(f func() error) { w.checks = append(w.checks, f) }

// Finish runs the checks Check registered, in order, and returns the first
// error.
func (w *Writer) Finish() error {
	for _, f := range w.checks {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// Regions returns the regions SetRegions gave, or nil.
func (w *Writer) Regions() [][]sudoku.Cell { return w.regions }

// PairPart returns the constraint object of a mark between cells a and b.
func PairPart(a, b sudoku.Cell, value string) Part {
	return Part{Cells: Refs([]sudoku.Cell{a, b}), Value: Text(value)}
}

// LinePart returns the constraint object of one line.
func LinePart(line []sudoku.Cell, value string) Part {
	return Part{Lines: [][]string{Refs(line)}, Value: Text(value)}
}
