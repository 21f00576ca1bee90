package model

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
)

// A Cand is one candidate: a (cell, value) pair, numbered densely from 0 as
// cell*Values + value - 1.
type Cand int32

// A Kind says how a Rule constrains its candidates.
type Kind uint8

const (
	// ExactlyOne: exactly one of the rule's candidates is chosen (a house
	// holding a digit once: a row, a column, a box, a diagonal).
	ExactlyOne Kind = iota
	// AtMostOne: at most one of the rule's candidates is chosen (two cells
	// that must not share a digit, a cage without repeats).
	AtMostOne
	numKinds
)

var kindNames = [...]string{ExactlyOne: "exactly-one", AtMostOne: "at-most-one"}

// String returns the kind's name, as used in error messages and dumps.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// A Rule constrains a group of candidates. Cands is a sub-slice of an arena
// owned by the model: it must not be modified.
type Rule struct {
	Kind  Kind
	Cands []Cand
}

// rules is the part of a model that puzzles of one shape share: cells,
// values and rules. Models derived with WithGivens point to the same rules.
type rules struct {
	id     uint64
	cells  int
	values int
	list   []Rule
	names  func(cell int) string // cell names for messages; nil: "c<cell>"
}

var nextID atomic.Uint64

// A Model is an immutable constraint model: Cells cells, each taking exactly
// one value from 1..Values, a list of rules, and the fixed and excluded
// candidates of one puzzle (its givens). Build one with a Builder; nothing
// changes a Model afterwards, so backends may cache data per model.
type Model struct {
	r        *rules
	fixed    []Cand
	excluded []Cand
}

// Cells returns the number of cells.
func (m *Model) Cells() int { return m.r.cells }

// Values returns the number of values each cell can take.
func (m *Model) Values() int { return m.r.values }

// NumCands returns the number of candidates, Cells*Values.
func (m *Model) NumCands() int { return m.r.cells * m.r.values }

// Rules returns the model's rules. The slice and its rules must not be modified.
func (m *Model) Rules() []Rule { return m.r.list }

// Fixed returns the candidates that must be chosen (the givens), in the order
// they were added. The slice must not be modified.
func (m *Model) Fixed() []Cand { return m.fixed }

// Excluded returns the candidates that must not be chosen. The slice must not
// be modified.
func (m *Model) Excluded() []Cand { return m.excluded }

// RulesID identifies the model's cells, values and rules: models derived from
// one another with WithGivens share it, so a backend can build a structure
// once per RulesID and reuse it for every puzzle of that shape. Separately
// built models have different IDs even when their rules are equal.
func (m *Model) RulesID() uint64 { return m.r.id }

// Cand returns the candidate for (cell, value), value counted from 1.
func (m *Model) Cand(cell, value int) Cand { return Cand(cell*m.r.values + value - 1) }

// CellOf returns the cell of candidate c.
func (m *Model) CellOf(c Cand) int { return int(c) / m.r.values }

// ValueOf returns the value of candidate c, counted from 1.
func (m *Model) ValueOf(c Cand) int { return int(c)%m.r.values + 1 }

// CandName returns "c<cell>#<value>", the name dumps and errors use for c.
func (m *Model) CandName(c Cand) string {
	return fmt.Sprintf("c%d#%d", m.CellOf(c), m.ValueOf(c))
}

// CellName returns the name messages use for a cell: the one the builder
// was given (sudoku names cells "r1c2"), or "c<cell>".
func (m *Model) CellName(cell int) string {
	if m.r.names != nil && cell >= 0 && cell < m.r.cells {
		return m.r.names(cell)
	}
	return fmt.Sprintf("c%d", cell)
}

// Describe returns the name messages use for candidate c: its cell's name
// and its value, as "r1c2=5".
func (m *Model) Describe(c Cand) string {
	return fmt.Sprintf("%s=%d", m.CellName(m.CellOf(c)), m.ValueOf(c))
}

// WithGivens returns a model with m's cells, values and rules (and the same
// RulesID) whose fixed and excluded candidates are exactly the ones given.
// Contradictory givens are allowed: they make the model unsatisfiable, which
// is an answer, not an error.
func (m *Model) WithGivens(fixed, excluded []Cand) (*Model, error) {
	n := m.NumCands()
	for _, list := range [][]Cand{fixed, excluded} {
		for _, c := range list {
			if c < 0 || int(c) >= n {
				return nil, fmt.Errorf("%w: candidate %d not in 0..%d", ErrRange, c, n-1)
			}
		}
	}
	return &Model{
		r:        m.r,
		fixed:    append([]Cand(nil), fixed...),
		excluded: append([]Cand(nil), excluded...),
	}, nil
}

// String returns a compact, deterministic dump of the model, one rule per
// line, for tests and debugging:
//
//	model cells=4 values=2
//	one{c0#1 c1#1}
//	fixed{c0#2}
func (m *Model) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "model cells=%d values=%d\n", m.r.cells, m.r.values)
	list := func(name string, cs []Cand) {
		sb.WriteString(name)
		sb.WriteByte('{')
		for i, c := range cs {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(m.CandName(c))
		}
		sb.WriteString("}\n")
	}
	for _, r := range m.r.list {
		switch r.Kind {
		case ExactlyOne:
			list("one", r.Cands)
		case AtMostOne:
			list("amo", r.Cands)
		default:
			list(r.Kind.String(), r.Cands)
		}
	}
	if len(m.fixed) > 0 {
		list("fixed", m.fixed)
	}
	if len(m.excluded) > 0 {
		list("excluded", m.excluded)
	}
	return sb.String()
}

// Errors a Builder reports, wrapped with details.
var (
	ErrSize  = errors.New("model: bad size")
	ErrRange = errors.New("model: candidate out of range")
	ErrRule  = errors.New("model: bad rule")
)

// MaxCands bounds Cells*Values so that every candidate fits an int32 with
// room for backend numbering.
const MaxCands = 1 << 24

// A Builder collects cells, rules and givens and freezes them into a Model.
// It keeps the first error; later calls do nothing, and Build reports it.
type Builder struct {
	cells, values int
	arena         []Cand
	spans         []span
	fixed         []Cand
	excluded      []Cand
	seen          []uint32 // per candidate: the rule number+1 that last listed it
	names         func(cell int) string
	err           error
}

type span struct {
	kind       Kind
	start, end int
}

// NewBuilder returns a Builder for cells cells, each taking one value from
// 1..values.
func NewBuilder(cells, values int) *Builder {
	b := &Builder{cells: cells, values: values}
	if cells <= 0 || values <= 0 || cells > MaxCands/values {
		b.err = fmt.Errorf("%w: %d cells x %d values (at most %d candidates)", ErrSize, cells, values, MaxCands)
		return b
	}
	b.seen = make([]uint32, cells*values)
	return b
}

// NameCells sets how messages name cells (Model.CellName): names must
// return a short name for every cell, as "r1c2", and be safe for
// concurrent use.
func (b *Builder) NameCells(names func(cell int) string) { b.names = names }

// Err returns the first error the builder met, or nil.
func (b *Builder) Err() error { return b.err }

// Cand returns the candidate for (cell, value), value counted from 1. An out
// of range cell or value records an error and returns -1.
func (b *Builder) Cand(cell, value int) Cand {
	if cell < 0 || cell >= b.cells || value < 1 || value > b.values {
		b.fail(fmt.Errorf("%w: cell %d value %d (cells 0..%d, values 1..%d)", ErrRange, cell, value, b.cells-1, b.values))
		return -1
	}
	return Cand(cell*b.values + value - 1)
}

func (b *Builder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

func (b *Builder) check(c Cand) bool {
	if c < 0 || int(c) >= b.cells*b.values {
		b.fail(fmt.Errorf("%w: candidate %d", ErrRange, c))
		return false
	}
	return true
}

// Add adds a rule of the given kind over cands. The rule must name at least
// one candidate, each at most once. Add copies cands.
func (b *Builder) Add(kind Kind, cands ...Cand) {
	if b.err != nil {
		return
	}
	if kind >= numKinds {
		b.fail(fmt.Errorf("%w: unknown kind %v", ErrRule, kind))
		return
	}
	if len(cands) == 0 {
		b.fail(fmt.Errorf("%w: %v rule with no candidates", ErrRule, kind))
		return
	}
	mark := uint32(len(b.spans) + 1)
	for _, c := range cands {
		if !b.check(c) {
			return
		}
		if b.seen[c] == mark {
			b.fail(fmt.Errorf("%w: %v rule lists candidate %d twice", ErrRule, kind, c))
			return
		}
		b.seen[c] = mark
	}
	start := len(b.arena)
	b.arena = append(b.arena, cands...)
	b.spans = append(b.spans, span{kind, start, len(b.arena)})
}

// Fix requires candidate c to be chosen (a given).
func (b *Builder) Fix(c Cand) {
	if b.err == nil && b.check(c) {
		b.fixed = append(b.fixed, c)
	}
}

// Exclude forbids candidate c.
func (b *Builder) Exclude(c Cand) {
	if b.err == nil && b.check(c) {
		b.excluded = append(b.excluded, c)
	}
}

// Build freezes the collected cells, rules and givens into a Model, or
// returns the first error met.
func (b *Builder) Build() (*Model, error) {
	if b.err != nil {
		return nil, b.err
	}
	arena := append([]Cand(nil), b.arena...)
	list := make([]Rule, len(b.spans))
	for i, s := range b.spans {
		list[i] = Rule{Kind: s.kind, Cands: arena[s.start:s.end:s.end]}
	}
	r := &rules{id: nextID.Add(1), cells: b.cells, values: b.values, list: list, names: b.names}
	return &Model{
		r:        r,
		fixed:    append([]Cand(nil), b.fixed...),
		excluded: append([]Cand(nil), b.excluded...),
	}, nil
}
