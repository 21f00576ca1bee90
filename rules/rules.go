package rules

import (
	"context"
	"fmt"
	"slices"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/sudoku"
)

// A Variant is a rule set that adds constraints to a sudoku model:
// diagonals, anti-knight, extra regions, jigsaw layouts. It adds its rules
// through the Builder's helpers, which lower everything to the model's rule
// kinds, so no backend needs to know about it.
type Variant interface {
	// Name returns the variant's name, as the CLI and JSON output show it.
	Name() string
	// Apply adds the variant's rules for a grid of b.Shape(). It returns an
	// error when the variant does not apply to that shape.
	Apply(b *Builder) error
}

// A Builder adds the rules of one grid shape to a model: the standard rows,
// columns and boxes, and whatever variants ask for. Variants receive it in
// Apply.
type Builder struct {
	shape   sudoku.Shape
	mb      *model.Builder
	noBoxes bool
	buf     []model.Cand
}

// Shape returns the shape of the grid being built.
func (b *Builder) Shape() sudoku.Shape { return b.shape }

// Model returns the underlying model builder, for variants that add rules
// the helpers do not cover.
func (b *Builder) Model() *model.Builder { return b.mb }

// Cand returns the candidate for value v (1..N) in cell.
func (b *Builder) Cand(cell sudoku.Cell, v int) model.Cand {
	n := b.shape.N()
	if cell.Row < 0 || cell.Row >= n || cell.Col < 0 || cell.Col >= n {
		return b.mb.Cand(-1, v) // records a range error
	}
	return b.mb.Cand(cell.Row*n+cell.Col, v)
}

// House adds a region in which every value appears exactly once: N cells
// get one ExactlyOne rule per value. A region with fewer than N cells can
// hold each value at most once: it gets AtMostOne rules (Distinct). The
// rules carry name as their label ("row 1", "window 2"), and the model
// records them as one group, so that messages, exports and human
// techniques can name the house.
func (b *Builder) House(name string, cells []sudoku.Cell) {
	n := b.shape.N()
	ids, ok := b.ids(cells)
	if !ok {
		return
	}
	switch {
	case len(cells) == n:
		b.mb.House(name, ids)
	case len(cells) > n:
		b.mb.AddRule(model.Rule{Kind: model.ExactlyOne, Label: name}) // records an error naming the rule
	default:
		first := b.mb.NumRules()
		b.perValue(model.AtMostOne, name, cells)
		rules := make([]int, 0, n)
		for k := first; k < b.mb.NumRules(); k++ {
			rules = append(rules, k)
		}
		b.mb.Group(name, ids, rules...)
	}
}

// Distinct adds a rule that the cells hold different values (one AtMostOne
// rule per value), as a killer cage or a pair of cells a knight's move apart.
func (b *Builder) Distinct(cells ...sudoku.Cell) {
	b.perValue(model.AtMostOne, "", cells)
}

// Sum adds a rule that coefs[i] times the value of cells[i], added up, is
// one of totals (a killer cage: coefficients 1; an arrow: the circle's
// digits negative). With distinct the cells also take different values;
// with when, the rule holds only when all those candidates are chosen. It
// returns the rule's index in the model, or -1 after an error.
func (b *Builder) Sum(label string, cells []sudoku.Cell, coefs, totals []int, distinct bool, when ...model.Cand) int {
	ids, ok := b.ids(cells)
	if !ok {
		return -1
	}
	return b.mb.Linear(label, ids, coefs, totals, distinct, when...)
}

// Table adds a rule that the values of cells, in order, form one of tuples.
// With when, the rule holds only when all those candidates are chosen. It
// returns the rule's index in the model, or -1 after an error.
func (b *Builder) Table(label string, cells []sudoku.Cell, tuples [][]int, when ...model.Cand) int {
	ids, ok := b.ids(cells)
	if !ok {
		return -1
	}
	return b.mb.AddTable(label, ids, tuples, when...)
}

// ids numbers cells as the model does, recording a range error for a cell
// off the grid.
func (b *Builder) ids(cells []sudoku.Cell) ([]int, bool) {
	n := b.shape.N()
	ids := make([]int, len(cells))
	for i, c := range cells {
		if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
			b.Cand(c, 1) // records a range error
			return nil, false
		}
		ids[i] = c.Row*n + c.Col
	}
	return ids, true
}

// perValue adds a rule of kind per value over cells, labelled label.
func (b *Builder) perValue(kind model.Kind, label string, cells []sudoku.Cell) {
	for v := 1; v <= b.shape.N(); v++ {
		b.buf = b.buf[:0]
		for _, c := range cells {
			b.buf = append(b.buf, b.Cand(c, v))
		}
		b.mb.AddRule(model.Rule{Kind: kind, Cands: b.buf, Label: label})
	}
}

// ReplaceBoxes drops the standard boxes; a jigsaw variant calls it and adds
// its own regions with House.
func (b *Builder) ReplaceBoxes() { b.noBoxes = true }

// Set is the model of one grid shape and rule set without givens: build it
// once and derive a model per puzzle with Model, so backends can reuse what
// they built for the shape.
type Set struct {
	shape sudoku.Shape
	base  *model.Model
}

// New builds the rules of shape s: rows, columns and boxes, then each
// variant in order.
func New(s sudoku.Shape, variants ...Variant) (*Set, error) {
	return NewContext(context.Background(), 0, s, variants...)
}

// NewContext is New giving up with ctx's error once ctx ends, and with an
// error wrapping model.ErrTooLarge once the rules hold more than
// maxMembers candidates and payload numbers (0: no bound); see
// model.Builder.Limit.
func NewContext(ctx context.Context, maxMembers int, s sudoku.Shape, variants ...Variant) (*Set, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if _, err := sudoku.NewShape(s.BoxRows, s.BoxCols); err != nil {
		return nil, err
	}
	n := s.N()
	b := &Builder{shape: s, mb: model.NewBuilder(n*n, n)}
	b.mb.Limit(ctx, maxMembers)
	b.mb.NameCells(func(cell int) string { return sudoku.Cell{Row: cell / n, Col: cell % n}.String() })
	cells := make([]sudoku.Cell, 0, n)
	for r := 0; r < n; r++ {
		cells = cells[:0]
		for c := 0; c < n; c++ {
			cells = append(cells, sudoku.Cell{Row: r, Col: c})
		}
		b.House(fmt.Sprintf("row %d", r+1), cells)
	}
	for c := 0; c < n; c++ {
		cells = cells[:0]
		for r := 0; r < n; r++ {
			cells = append(cells, sudoku.Cell{Row: r, Col: c})
		}
		b.House(fmt.Sprintf("column %d", c+1), cells)
	}
	for _, v := range variants {
		if err := v.Apply(b); err != nil {
			return nil, fmt.Errorf("rules: variant %s: %w", v.Name(), err)
		}
		if err := b.mb.Err(); err != nil {
			return nil, fmt.Errorf("rules: variant %s: %w", v.Name(), err)
		}
	}
	if !b.noBoxes {
		for box := 0; box < n; box++ {
			b.House(fmt.Sprintf("box %d", box+1), s.BoxCells(box))
		}
	}
	b.mb.DeriveSums()
	m, err := b.mb.Build()
	if err != nil {
		return nil, err
	}
	return &Set{shape: s, base: m}, nil
}

// Shape returns the shape the rules are for.
func (rs *Set) Shape() sudoku.Shape { return rs.shape }

// Base returns the model of the rules with no givens.
func (rs *Set) Base() *model.Model { return rs.base }

// Model returns the model of puzzle g under these rules: the base model with
// g's values fixed and the values its pencil marks leave out excluded,
// keeping the candidates variants fixed or excluded (an odd cell, say).
// Repeated digits, or a given its cell's marks leave out, are not an
// error; they make the model unsatisfiable.
func (rs *Set) Model(g sudoku.Grid) (*model.Model, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if g.Shape != rs.shape {
		return nil, fmt.Errorf("%w: a %v grid for %v rules", sudoku.ErrShape, g.Shape, rs.shape)
	}
	n := rs.shape.N()
	// WithGivens copies the givens: gather them on the stack when they fit.
	var small [128]model.Cand
	fixed := small[:0]
	for i, v := range g.Cells {
		if v != 0 {
			fixed = append(fixed, model.Cand(i*n+v-1))
		}
	}
	fixed = append(fixed, rs.base.Fixed()...)
	excluded := rs.base.Excluded()
	if g.HasMarks() {
		excluded = slices.Clone(excluded)
		for i, set := range g.Marks {
			for v := 1; set != 0 && v <= n; v++ {
				if set&(1<<(v-1)) == 0 {
					excluded = append(excluded, model.Cand(i*n+v-1))
				}
			}
		}
	}
	return rs.base.WithGivens(fixed, excluded)
}

// Build returns the model of puzzle g: the standard rules of g's shape, the
// variants' rules and g's givens. To build many puzzles of one shape, make
// the Set once with New and call Set.Model.
func Build(g sudoku.Grid, variants ...Variant) (*model.Model, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	rs, err := New(g.Shape, variants...)
	if err != nil {
		return nil, err
	}
	return rs.Model(g)
}

// Decode turns a solution of a model built for shape s back into a grid.
func Decode(s sudoku.Shape, sol model.Solution) (sudoku.Grid, error) {
	n := s.N()
	if len(sol) != n*n {
		return sudoku.Grid{}, decodeSizeError(s, sol)
	}
	g := sudoku.NewGrid(s)
	if err := DecodeInto(g.Cells, s, sol); err != nil {
		return sudoku.Grid{}, err
	}
	return g, nil
}

// DecodeInto writes the values of a solution of a model built for shape s
// into cells, which must hold N*N of them, as Decode does without
// allocating a grid.
func DecodeInto(cells []int, s sudoku.Shape, sol model.Solution) error {
	n := s.N()
	if len(sol) != n*n {
		return decodeSizeError(s, sol)
	}
	if len(cells) != n*n {
		return fmt.Errorf("%w: %d cells to decode a %v grid into", sudoku.ErrShape, len(cells), s)
	}
	for i, c := range sol {
		if v := int(c) - i*n; v >= 0 && v < n {
			cells[i] = v + 1 // the usual case, without a division
			continue
		}
		if int(c)/n != i {
			return fmt.Errorf("rules: solution assigns candidate %d to cell %d", c, i)
		}
		cells[i] = int(c)%n + 1
	}
	return nil
}

func decodeSizeError(s sudoku.Shape, sol model.Solution) error {
	return fmt.Errorf("%w: a solution of %d cells for a %v grid", sudoku.ErrShape, len(sol), s)
}
