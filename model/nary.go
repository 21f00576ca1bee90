package model

import (
	"fmt"
	"slices"
	"strings"
)

// MaxTableValues bounds the numbers one Table rule may hold (tuples times
// cells): a larger table is refused with an error naming the rule and its
// size, rather than lowered into something no backend can hold.
const MaxTableValues = 1 << 22

// paySpan locates a rule's payload in the builder's arenas: its weights,
// totals, cells and tuples in ints, its conditions in whens.
type paySpan struct {
	weights, totals, cells, tuples [2]int
	when                           [2]int
	distinct, implied              bool
}

func sub[T any](a []T, r [2]int) []T {
	if r[0] == r[1] {
		return nil
	}
	return a[r[0]:r[1]:r[1]]
}

func (p paySpan) payload(ints []int32, whens []Cand) Payload {
	return Payload{
		Weights: sub(ints, p.weights), Totals: sub(ints, p.totals), Distinct: p.distinct, Implied: p.implied,
		Cells: sub(ints, p.cells), Tuples: sub(ints, p.tuples), When: sub(whens, p.when),
	}
}

// storePayload copies r's payload into the arenas (a Sum's cells derived
// from its candidates) and returns where it lies.
func (b *Builder) storePayload(r Rule) paySpan {
	p := r.Payload
	put := func(v []int32) [2]int {
		at := len(b.ints)
		b.ints = append(b.ints, v...)
		return [2]int{at, len(b.ints)}
	}
	var s paySpan
	s.weights, s.totals, s.distinct, s.implied = put(p.Weights), put(p.Totals), p.Distinct, p.Implied
	cells := p.Cells
	if r.Kind == Sum {
		cells = sumCells(r.Cands, b.values)
	}
	s.cells, s.tuples = put(cells), put(p.Tuples)
	at := len(b.whens)
	b.whens = append(b.whens, p.When...)
	s.when = [2]int{at, len(b.whens)}
	return s
}

// sumCells returns the cells of cands in order of first appearance.
func sumCells(cands []Cand, values int) []int32 {
	var cells []int32
	for _, c := range cands {
		cell := int32(int(c) / values)
		if !slices.Contains(cells, cell) {
			cells = append(cells, cell)
		}
	}
	return cells
}

// tableCands returns every candidate of cells, or nil (and records an
// error) when a cell is out of range.
func (b *Builder) tableCands(cells []int32) []Cand {
	cands := make([]Cand, 0, len(cells)*b.values)
	for _, cell := range cells {
		for v := 1; v <= b.values; v++ {
			c := b.Cand(int(cell), v)
			if c < 0 {
				return nil
			}
			cands = append(cands, c)
		}
	}
	return cands
}

// checkPayload reports what is wrong with r's payload for its kind.
func (b *Builder) checkPayload(r Rule) error {
	p := r.Payload
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %v rule%s: %s", ErrRule, r.Kind, labelSuffix(r.Label), fmt.Sprintf(format, args...))
	}
	switch r.Kind {
	case ExactlyOne, AtMostOne:
		if !p.IsZero() {
			return fmt.Errorf("%w: %v rule%s takes no payload", ErrRule, r.Kind, labelSuffix(r.Label))
		}
		return nil
	case Sum:
		switch {
		case len(p.Weights) != len(r.Cands):
			return bad("%d weights for %d candidates", len(p.Weights), len(r.Cands))
		case len(p.Totals) == 0:
			return bad("no total")
		case len(p.Cells) > 0 || len(p.Tuples) > 0:
			return bad("a sum takes no cells or tuples")
		}
		for i := 1; i < len(p.Totals); i++ {
			if p.Totals[i] <= p.Totals[i-1] {
				return bad("totals %v not ascending and distinct", p.Totals)
			}
		}
	case Table:
		if len(p.Weights) > 0 || len(p.Totals) > 0 || p.Distinct {
			return bad("a table takes no weights, totals or distinct")
		}
	}
	mark := make(map[Cand]bool, len(p.When))
	for _, c := range p.When {
		if c < 0 || int(c) >= b.cells*b.values || mark[c] {
			return bad("condition candidate %d out of range or listed twice", c)
		}
		mark[c] = true
	}
	return nil
}

// checkTable reports what is wrong with a table's cells and tuples.
func (b *Builder) checkTable(p Payload) error {
	n := len(p.Cells)
	if n == 0 {
		return fmt.Errorf("no cells")
	}
	seen := make(map[int32]bool, n)
	for _, cell := range p.Cells {
		if seen[cell] {
			return fmt.Errorf("cell %d listed twice", cell)
		}
		seen[cell] = true
	}
	switch {
	case len(p.Tuples) == 0:
		return fmt.Errorf("no tuples: nothing is allowed")
	case len(p.Tuples)%n != 0:
		return fmt.Errorf("%d values do not make tuples of %d", len(p.Tuples), n)
	case len(p.Tuples) > MaxTableValues:
		return fmt.Errorf("%d tuples of %d cells: more than %d values", len(p.Tuples)/n, n, MaxTableValues)
	}
	for _, v := range p.Tuples {
		if v < 1 || int(v) > b.values {
			return fmt.Errorf("value %d not in 1..%d", v, b.values)
		}
	}
	return nil
}

// Linear adds a [Sum] rule over whole cells: coefs[i] times the value of
// cells[i], added up, is one of totals. With distinct the cells also take
// different values; with when, the rule holds only when every one of those
// candidates is chosen. It returns the rule's index, or -1 when the builder
// has an error. Cells must be distinct; totals are sorted and deduplicated.
func (b *Builder) Linear(label string, cells, coefs, totals []int, distinct bool, when ...Cand) int {
	if b.err != nil {
		return -1
	}
	if len(coefs) != len(cells) {
		b.fail(fmt.Errorf("%w: sum rule%s: %d coefficients for %d cells", ErrRule, labelSuffix(label), len(coefs), len(cells)))
		return -1
	}
	cands := make([]Cand, 0, len(cells)*b.values)
	weights := make([]int32, 0, len(cells)*b.values)
	for i, cell := range cells {
		for v := 1; v <= b.values; v++ {
			cands = append(cands, b.Cand(cell, v))
			weights = append(weights, int32(coefs[i]*v))
		}
	}
	ts := make([]int32, len(totals))
	for i, t := range totals {
		ts[i] = int32(t)
	}
	slices.Sort(ts)
	ts = slices.Compact(ts)
	return b.AddRule(Rule{Kind: Sum, Cands: cands, Label: label,
		Payload: Payload{Weights: weights, Totals: ts, Distinct: distinct, When: when}})
}

// AddTable adds a [Table] rule: the values of cells, in order, form one of
// tuples (each len(cells) values). With when, the rule holds only when every
// one of those candidates is chosen. It returns the rule's index, or -1 when
// the builder has an error.
func (b *Builder) AddTable(label string, cells []int, tuples [][]int, when ...Cand) int {
	if b.err != nil {
		return -1
	}
	cs := make([]int32, len(cells))
	for i, c := range cells {
		cs[i] = int32(c)
	}
	flat := make([]int32, 0, len(tuples)*len(cells))
	for _, t := range tuples {
		if len(t) != len(cells) {
			b.fail(fmt.Errorf("%w: table rule%s: a tuple of %d values for %d cells", ErrRule, labelSuffix(label), len(t), len(cells)))
			return -1
		}
		for _, v := range t {
			flat = append(flat, int32(v))
		}
	}
	return b.AddRule(Rule{Kind: Table, Label: label, Payload: Payload{Cells: cs, Tuples: flat, When: when}})
}

// CellWeights returns the weights of a Sum rule r of m per cell and value:
// w[i*Values+v-1] is the weight of value v in r's i-th cell
// (r.Payload.Cells[i]), 0 for a candidate r does not list.
func (m *Model) CellWeights(r Rule) []int32 {
	vals := m.Values()
	w := make([]int32, len(r.Payload.Cells)*vals)
	for k, c := range r.Cands {
		i := slices.Index(r.Payload.Cells, int32(m.CellOf(c)))
		w[i*vals+m.ValueOf(c)-1] = r.Payload.Weights[k]
	}
	return w
}

// checkNary checks a Sum or Table rule i against the chosen candidates.
func checkNary(m *Model, i int, r Rule, sol Solution, chosen []bool) error {
	p := r.Payload
	for _, c := range p.When {
		if !chosen[c] {
			return nil
		}
	}
	switch r.Kind {
	case Sum:
		total := int32(0)
		for k, c := range r.Cands {
			if chosen[c] {
				total += p.Weights[k]
			}
		}
		if _, ok := slices.BinarySearch(p.Totals, total); !ok {
			return fail(i, "%s adds up to %d, not %s: %s", m.RuleName(i), total, listInts(p.Totals, " or "), listCands(m, r.Cands, chosen))
		}
		if p.Distinct {
			for a, ca := range p.Cells {
				for _, cb := range p.Cells[a+1:] {
					if m.ValueOf(sol[ca]) == m.ValueOf(sol[cb]) {
						return fail(i, "%s repeats a value: %s and %s", m.RuleName(i), m.Describe(sol[ca]), m.Describe(sol[cb]))
					}
				}
			}
		}
	case Table:
		n := len(p.Cells)
		for t := 0; t < len(p.Tuples); t += n {
			ok := true
			for k, cell := range p.Cells {
				if int32(m.ValueOf(sol[cell])) != p.Tuples[t+k] {
					ok = false
					break
				}
			}
			if ok {
				return nil
			}
		}
		names := make([]string, n)
		for k, cell := range p.Cells {
			names[k] = m.Describe(sol[cell])
		}
		return fail(i, "%s does not allow %s", m.RuleName(i), strings.Join(names, " "))
	}
	return nil
}

// listInts joins vs with sep, at most eight of them.
func listInts(vs []int32, sep string) string {
	var parts []string
	for k, v := range vs {
		if k == 8 {
			parts = append(parts, fmt.Sprintf("%d more", len(vs)-k))
			break
		}
		parts = append(parts, fmt.Sprint(v))
	}
	return strings.Join(parts, sep)
}

// labelTag returns "[label]" for the dump, or "" for no label.
func (m *Model) labelTag(label string) string {
	if label == "" {
		return ""
	}
	return "[" + label + "]"
}

// payloadString returns the dump's text for a payload, "" for none.
func (m *Model) payloadString(p Payload) string {
	var sb strings.Builder
	if len(p.Weights) > 0 {
		fmt.Fprintf(&sb, " weights=%v", p.Weights)
	}
	if len(p.Totals) > 0 {
		fmt.Fprintf(&sb, " totals=%v", p.Totals)
	}
	if p.Distinct {
		sb.WriteString(" distinct")
	}
	if len(p.Tuples) > 0 {
		fmt.Fprintf(&sb, " cells=%v tuples=%v", p.Cells, p.Tuples)
	}
	if len(p.When) > 0 {
		sb.WriteString(" when{")
		for k, c := range p.When {
			if k > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(m.CandName(c))
		}
		sb.WriteByte('}')
	}
	return sb.String()
}
