package model

import (
	"context"
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
	// Sum: the weights of the chosen candidates among the rule's Cands add
	// up to one of Payload.Totals (a candidate the rule does not list weighs
	// 0). A killer cage weighs each candidate by its value; an arrow weighs
	// its circle's candidates negatively; a count of digits weighs the
	// counted candidates 1. Payload.Cells is the rule's cells, in the order
	// their candidates first appear; with Payload.Distinct they also take
	// pairwise different values.
	Sum
	// Table: the values of Payload.Cells, in order, form one of the tuples
	// of Payload.Tuples (allowed combinations, len(Cells) values each). The
	// rule's Cands are every candidate of its cells.
	Table
	numKinds
)

var kindNames = [...]string{ExactlyOne: "exactly-one", AtMostOne: "at-most-one", Sum: "sum", Table: "table"}

// String returns the kind's name, as used in error messages and dumps.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// A Rule constrains a group of candidates. Cands, and the slices of the
// Payload, are sub-slices of arenas owned by the model: they must not be
// modified.
type Rule struct {
	Kind  Kind
	Cands []Cand
	// Label says where the rule came from, as "row 3", "box 5" or
	// "thermo 1", for messages, dumps and exports; it may be empty.
	Label string
	// Payload is the data an n-ary kind needs beyond its candidates
	// (weights and totals, a table of allowed combinations). ExactlyOne and
	// AtMostOne rules carry none: their Payload is the zero value.
	Payload Payload
}

// A Payload is what an n-ary rule (a [Sum] or a [Table]) carries besides
// its candidates. Every slice is a sub-slice of an arena owned by the model:
// do not modify it. ExactlyOne and AtMostOne rules carry the zero Payload.
type Payload struct {
	// Weights holds a Sum's weight of each candidate, parallel to Cands.
	Weights []int32
	// Totals holds the totals a Sum allows, ascending and distinct.
	Totals []int32
	// Distinct asks a Sum's cells to take pairwise different values.
	Distinct bool
	// Cells holds a Table's cells in tuple order, distinct; for a Sum the
	// Builder fills it with the cells of Cands in order of first appearance.
	Cells []int32
	// Tuples holds a Table's allowed combinations, len(Cells) values each,
	// one combination after another.
	Tuples []int32
	// When makes the rule conditional: it must hold only when every one of
	// these candidates is chosen (a sandwich's crusts, an X-sum's length).
	// Empty: the rule always holds.
	When []Cand
	// Implied marks a rule that the others imply (the sums of
	// [Builder.DeriveSums]): it removes no solution, so a backend may
	// leave it out, as DLX does with one too large to lower.
	Implied bool
}

// IsZero reports whether p is the empty payload.
func (p Payload) IsZero() bool {
	return len(p.Weights) == 0 && len(p.Totals) == 0 && !p.Distinct && len(p.Cells) == 0 &&
		len(p.Tuples) == 0 && len(p.When) == 0 && !p.Implied
}

// A Group names the rules that together form one house over a set of cells
// (a row, a column, a box, a jigsaw region), so that readers who think in
// houses — human techniques, an alldifferent export — can find them. In a
// sudoku house Rules are the house's ExactlyOne rules, one per value. Cells
// and Rules are sub-slices of arenas owned by the model: they must not be
// modified.
type Group struct {
	Name  string
	Cells []int // the house's cells
	Rules []int // indices into Model.Rules; every candidate of these rules lies in Cells
}

// rules is the part of a model that puzzles of one shape share: cells,
// values and rules. Models derived with WithGivens point to the same rules.
type rules struct {
	id     uint64
	cells  int
	values int
	list   []Rule
	groups []Group
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

// Groups returns the model's house groups, in the order they were added.
// The slice and its groups must not be modified.
func (m *Model) Groups() []Group { return m.r.groups }

// RuleName returns the name messages use for rule i: "rule 3 (exactly-one)",
// or with its label, "rule 3 (exactly-one, row 3)".
func (m *Model) RuleName(i int) string {
	if i < 0 || i >= len(m.r.list) {
		return fmt.Sprintf("rule %d", i)
	}
	r := m.r.list[i]
	if r.Label == "" {
		return fmt.Sprintf("rule %d (%v)", i, r.Kind)
	}
	return fmt.Sprintf("rule %d (%v, %s)", i, r.Kind, r.Label)
}

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
// line, then one line per group, for tests and debugging. A rule's label
// follows its kind in brackets, and a payload follows its candidates:
//
//	model cells=4 values=2
//	one{c0#1 c1#1}
//	one[row 2]{c2#1 c3#1}
//	group[row 2]{c2 c3 | 1}
//	fixed{c0#2}
func (m *Model) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "model cells=%d values=%d\n", m.r.cells, m.r.values)
	list := func(name string, cs []Cand, tail string) {
		sb.WriteString(name)
		sb.WriteByte('{')
		for i, c := range cs {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(m.CandName(c))
		}
		sb.WriteString("}" + tail + "\n")
	}
	for _, r := range m.r.list {
		name := r.Kind.String()
		switch r.Kind {
		case ExactlyOne:
			name = "one"
		case AtMostOne:
			name = "amo"
		}
		if r.Kind == Table {
			list(name+m.labelTag(r.Label), nil, m.payloadString(r.Payload))
			continue
		}
		name += m.labelTag(r.Label)
		list(name, r.Cands, m.payloadString(r.Payload))
	}
	for _, g := range m.r.groups {
		fmt.Fprintf(&sb, "group[%s]{", g.Name)
		for i, cell := range g.Cells {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "c%d", cell)
		}
		sb.WriteString(" |")
		for _, k := range g.Rules {
			fmt.Fprintf(&sb, " %d", k)
		}
		sb.WriteString("}\n")
	}
	if len(m.fixed) > 0 {
		list("fixed", m.fixed, "")
	}
	if len(m.excluded) > 0 {
		list("excluded", m.excluded, "")
	}
	return sb.String()
}

// Errors a Builder reports, wrapped with details.
var (
	ErrSize  = errors.New("model: bad size")
	ErrRange = errors.New("model: candidate out of range")
	ErrRule  = errors.New("model: bad rule")
	// ErrTooLarge is wrapped when the rules outgrow the bound set with
	// Builder.Limit.
	ErrTooLarge = errors.New("model: too large")
)

// ErrUnsupported is wrapped by the error a backend returns when it cannot
// lower a model's rule: a kind it does not know, or a rule too large for
// its representation. The message names the backend and the rule. Callers
// that have another backend (auto, the cross-checker) may turn to it.
var ErrUnsupported = errors.New("rule not supported by this backend")

// MaxCands bounds Cells*Values so that every candidate fits an int32 with
// room for backend numbering.
const MaxCands = 1 << 24

// A Builder collects cells, rules and givens and freezes them into a Model.
// It keeps the first error; later calls do nothing, and Build reports it.
type Builder struct {
	cells, values int
	arena         []Cand
	spans         []span
	ints          []int32 // arena of payload numbers
	whens         []Cand  // arena of payload conditions
	groupCells    []int   // arena of group cells
	groupRules    []int   // arena of group rules
	groups        []groupSpan
	fixed         []Cand
	excluded      []Cand
	seen          []uint32 // per candidate: the rule number+1 that last listed it
	names         func(cell int) string
	err           error
	ctx           context.Context // see Limit; nil: none
	maxMembers    int
}

// Limit bounds what the builder may take: once ctx ends it keeps ctx's
// error (polled every 256 rules and while DeriveSums works), and once its
// rules hold more than maxMembers candidates and payload numbers (0: no
// bound) it keeps an error wrapping ErrTooLarge. Either is checked before
// a rule is stored, so a builder given many rules to add stops doing work
// at the first of them it refuses.
func (b *Builder) Limit(ctx context.Context, maxMembers int) {
	b.ctx, b.maxMembers = ctx, maxMembers
}

// stopped records and reports whether b's context has ended.
func (b *Builder) stopped() bool {
	if b.err != nil {
		return true
	}
	if b.ctx != nil {
		if err := b.ctx.Err(); err != nil {
			b.fail(err)
			return true
		}
	}
	return false
}

type span struct {
	kind       Kind
	start, end int
	label      string
	pay        paySpan
}

type groupSpan struct {
	name         string
	cstart, cend int // cells: groupCells[cstart:cend]
	rstart, rend int // rules: groupRules[rstart:rend]
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

// Add adds a rule of the given kind over cands, with no label and no
// payload. The rule must name at least one candidate, each at most once.
// Add copies cands.
func (b *Builder) Add(kind Kind, cands ...Cand) {
	b.AddRule(Rule{Kind: kind, Cands: cands})
}

// AddRule adds r and returns its index in Model.Rules, or -1 when the
// builder has an error (then the rule is not added). An ExactlyOne or
// AtMostOne rule must name at least one candidate, each at most once, and
// take no payload; a Sum or a Table must satisfy what its kind documents
// (see [Payload]). A Table's Cands and a Sum's Payload.Cells are filled by
// the builder and must be empty. AddRule copies r's slices.
func (b *Builder) AddRule(r Rule) int {
	if b.err != nil || len(b.spans)&255 == 0 && b.stopped() {
		return -1
	}
	if m := b.maxMembers; m > 0 {
		if n := len(b.arena) + len(b.ints) + len(b.whens) + len(r.Cands) + len(r.Payload.Weights) + len(r.Payload.Tuples); n > m {
			b.fail(fmt.Errorf("%w: rule %d%s would bring the rules to %d candidates and numbers, above the limit %d", ErrTooLarge, len(b.spans)+1, labelSuffix(r.Label), n, m))
			return -1
		}
	}
	if r.Kind >= numKinds {
		b.fail(fmt.Errorf("%w: unknown kind %v", ErrRule, r.Kind))
		return -1
	}
	if r.Kind == Table {
		if len(r.Cands) > 0 {
			b.fail(fmt.Errorf("%w: table rule%s lists candidates: a table names cells", ErrRule, labelSuffix(r.Label)))
			return -1
		}
		if err := b.checkTable(r.Payload); err != nil {
			b.fail(fmt.Errorf("%w: table rule%s: %v", ErrRule, labelSuffix(r.Label), err))
			return -1
		}
		r.Cands = b.tableCands(r.Payload.Cells)
	}
	if len(r.Cands) == 0 {
		b.fail(fmt.Errorf("%w: %v rule%s with no candidates", ErrRule, r.Kind, labelSuffix(r.Label)))
		return -1
	}
	mark := uint32(len(b.spans) + 1)
	for _, c := range r.Cands {
		if !b.check(c) {
			return -1
		}
		if b.seen[c] == mark {
			b.fail(fmt.Errorf("%w: %v rule%s lists candidate %d twice", ErrRule, r.Kind, labelSuffix(r.Label), c))
			return -1
		}
		b.seen[c] = mark
	}
	if err := b.checkPayload(r); err != nil {
		b.fail(err)
		return -1
	}
	start := len(b.arena)
	b.arena = append(b.arena, r.Cands...)
	b.spans = append(b.spans, span{kind: r.Kind, start: start, end: len(b.arena), label: r.Label, pay: b.storePayload(r)})
	return len(b.spans) - 1
}

// labelSuffix returns ` "label"` for error messages, or "" for no label.
func labelSuffix(label string) string {
	if label == "" {
		return ""
	}
	return fmt.Sprintf(" %q", label)
}

// NumRules returns the number of rules added so far: the index the next
// rule gets.
func (b *Builder) NumRules() int { return len(b.spans) }

// Group records that rules (indices returned by AddRule, or counted with
// NumRules) together form one house over cells, named name ("row 3"), and
// returns the group's index in Model.Groups, or -1 when the builder has an
// error. The cells must be distinct and in range; each rule must be an
// ExactlyOne or AtMostOne rule already added whose candidates all lie in
// cells. Group copies cells and rules.
func (b *Builder) Group(name string, cells []int, rules ...int) int {
	if b.err != nil {
		return -1
	}
	if len(cells) == 0 {
		b.fail(fmt.Errorf("%w: group %q has no cells", ErrRule, name))
		return -1
	}
	in := make(map[int]bool, len(cells))
	for _, cell := range cells {
		if cell < 0 || cell >= b.cells || in[cell] {
			b.fail(fmt.Errorf("%w: group %q: cell %d out of range or listed twice", ErrRule, name, cell))
			return -1
		}
		in[cell] = true
	}
	for _, k := range rules {
		if k < 0 || k >= len(b.spans) {
			b.fail(fmt.Errorf("%w: group %q: no rule %d", ErrRule, name, k))
			return -1
		}
		s := b.spans[k]
		if s.kind != ExactlyOne && s.kind != AtMostOne {
			b.fail(fmt.Errorf("%w: group %q: rule %d is %v", ErrRule, name, k, s.kind))
			return -1
		}
		for _, c := range b.arena[s.start:s.end] {
			if !in[int(c)/b.values] {
				b.fail(fmt.Errorf("%w: group %q: rule %d names candidate %d outside the group's cells", ErrRule, name, k, c))
				return -1
			}
		}
	}
	g := groupSpan{name: name, cstart: len(b.groupCells), rstart: len(b.groupRules)}
	b.groupCells = append(b.groupCells, cells...)
	b.groupRules = append(b.groupRules, rules...)
	g.cend, g.rend = len(b.groupCells), len(b.groupRules)
	b.groups = append(b.groups, g)
	return len(b.groups) - 1
}

// House adds a sudoku house over cells named name: one ExactlyOne rule per
// value over the cells' candidates of that value, each labelled name, and
// the group of those rules. It returns the group's index, or -1 when the
// builder has an error.
func (b *Builder) House(name string, cells []int) int {
	if b.err != nil {
		return -1
	}
	first := len(b.spans)
	cands := make([]Cand, len(cells))
	for v := 1; v <= b.values; v++ {
		for i, cell := range cells {
			cands[i] = b.Cand(cell, v)
		}
		if b.AddRule(Rule{Kind: ExactlyOne, Cands: cands, Label: name}) < 0 {
			return -1
		}
	}
	rules := make([]int, b.values)
	for i := range rules {
		rules[i] = first + i
	}
	return b.Group(name, cells, rules...)
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
	ints := append([]int32(nil), b.ints...)
	whens := append([]Cand(nil), b.whens...)
	list := make([]Rule, len(b.spans))
	for i, s := range b.spans {
		list[i] = Rule{Kind: s.kind, Cands: arena[s.start:s.end:s.end], Label: s.label, Payload: s.pay.payload(ints, whens)}
	}
	var groups []Group
	if len(b.groups) > 0 {
		cells := append([]int(nil), b.groupCells...)
		rs := append([]int(nil), b.groupRules...)
		groups = make([]Group, len(b.groups))
		for i, g := range b.groups {
			groups[i] = Group{Name: g.name, Cells: cells[g.cstart:g.cend:g.cend], Rules: rs[g.rstart:g.rend:g.rend]}
		}
	}
	r := &rules{id: nextID.Add(1), cells: b.cells, values: b.values, list: list, groups: groups, names: b.names}
	return &Model{
		r:        r,
		fixed:    append([]Cand(nil), b.fixed...),
		excluded: append([]Cand(nil), b.excluded...),
	}, nil
}
