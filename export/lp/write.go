package lp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// lineWidth is where Write wraps a line: the next term goes on a
// continuation line once a line is this long.
const lineWidth = 78

// Write writes m to w as a 0/1 integer program in CPLEX LP format (see the
// package documentation for the variables and constraints), each comment
// first as a "\" line. A rule of a kind the writer does not know gives an
// error wrapping [model.ErrUnsupported] that names the rule.
func Write(w io.Writer, m *model.Model, comments ...string) error {
	return WriteExcluding(w, m, nil, comments...)
}

// WriteExcluding writes m's program as Write does, with one more
// constraint per solution of cut, named N<n> (n from 1), that excludes
// that assignment and no other: the variables it chooses, one per cell,
// add up to at most Cells-1 (a no-good). An outside solver run again on
// the program finds another solution, or proves there is none: that is
// how a uniqueness proof asks it for a second one.
func WriteExcluding(w io.Writer, m *model.Model, cut []model.Solution, comments ...string) error {
	if m == nil {
		return fmt.Errorf("lp: nil model")
	}
	for n, sol := range cut {
		if err := model.CheckAssignment(m, sol); err != nil {
			return fmt.Errorf("lp: solution %d to exclude: %w", n+1, err)
		}
	}
	e := &writer{w: bufio.NewWriter(w), m: m, names: NamesOf(m), cut: cut}
	for _, c := range comments {
		for _, line := range strings.Split(c, "\n") {
			e.printf("\\ %s\n", line)
		}
	}
	e.printf("\\ variables: %s (1-based); y_RULE_TOTAL and t_RULE_TUPLE are auxiliary\n", e.names.Pattern())
	e.printf("Minimize\n obj: 0 %s\nSubject To\n", e.names.Name(0))
	if err := e.program(); err != nil {
		return err
	}
	e.printf("Binaries\n")
	e.col = 0
	for c := range m.NumCands() {
		e.word(e.names.Name(model.Cand(c)))
	}
	for _, name := range e.aux {
		e.word(name)
	}
	e.printf("\nEnd\n")
	if e.err != nil {
		return e.err
	}
	return e.w.Flush()
}

// A term is coef times a variable.
type term struct {
	coef int64
	name string
}

// writer holds the state of one Write.
type writer struct {
	w      *bufio.Writer
	m      *model.Model
	names  Names
	cut    []model.Solution // assignments to exclude
	aux    []string         // auxiliary variables, in order of creation
	col    int              // length of the current line
	at     map[string]int   // merge's index of the terms of one row
	merged []term           // merge's output, reused
	err    error
}

func (e *writer) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// word writes s after a space, wrapping the line when it is full.
func (e *writer) word(s string) {
	if e.col > 0 && e.col+1+len(s) > lineWidth {
		e.printf("\n")
		e.col = 0
	}
	e.printf(" %s", s)
	e.col += 1 + len(s)
}

// row writes the constraint name: terms op rhs. It adds up the terms of a
// variable named more than once (a condition candidate that the rule also
// weighs) and skips zero terms; a constraint left with none keeps its
// first term with coefficient 0.
func (e *writer) row(name string, terms []term, op string, rhs int64) {
	terms = e.merge(terms)
	e.printf(" %s:", name)
	e.col = len(name) + 2
	first := true
	for _, t := range terms {
		if t.coef == 0 {
			continue
		}
		e.word(termText(t, first))
		first = false
	}
	if first {
		e.word("0 " + terms[0].name)
	}
	e.word(op + " " + strconv.FormatInt(rhs, 10))
	e.printf("\n")
	e.col = 0
}

// merge returns terms with the coefficients of each variable added up
// into its first term, in a buffer of the writer: terms is left as it was.
func (e *writer) merge(terms []term) []term {
	if e.at == nil {
		e.at = map[string]int{}
	}
	clear(e.at)
	out := e.merged[:0]
	defer func() { e.merged = out }()
	for _, t := range terms {
		if j, ok := e.at[t.name]; ok {
			out[j].coef += t.coef
			continue
		}
		e.at[t.name] = len(out)
		out = append(out, t)
	}
	return out
}

// termText renders t, with its sign as an operator unless first.
func termText(t term, first bool) string {
	sign, a := "+ ", t.coef
	if a < 0 {
		sign, a = "- ", -a
	}
	if first {
		sign = ""
		if t.coef < 0 {
			sign = "-"
		}
	}
	if a == 1 {
		return sign + t.name
	}
	return sign + strconv.FormatInt(a, 10) + " " + t.name
}

// ones returns a term of coefficient coef for each candidate of cs.
func (e *writer) ones(dst []term, cs []model.Cand, coef int64) []term {
	for _, c := range cs {
		dst = append(dst, term{coef, e.names.Name(c)})
	}
	return dst
}

// program writes the constraints.
func (e *writer) program() error {
	m := e.m
	vals := m.Values()
	buf := make([]term, 0, vals)
	for k := range m.Cells() {
		buf = buf[:0]
		for v := 1; v <= vals; v++ {
			buf = append(buf, term{1, e.names.Name(m.Cand(k, v))})
		}
		e.row(e.names.Cell(k), buf, "=", 1)
	}
	for i, r := range m.Rules() {
		name := ruleName(i, r.Label)
		switch r.Kind {
		case model.ExactlyOne:
			e.row(name, e.ones(buf[:0], r.Cands, 1), "=", 1)
		case model.AtMostOne:
			e.row(name, e.ones(buf[:0], r.Cands, 1), "<=", 1)
		case model.Sum:
			e.sum(i, name, r)
		case model.Table:
			e.table(i, name, r)
		default:
			return fmt.Errorf("lp: %s: %w", m.RuleName(i), model.ErrUnsupported)
		}
	}
	for n, c := range m.Fixed() {
		e.row(fmt.Sprintf("G%d", n+1), []term{{1, e.names.Name(c)}}, "=", 1)
	}
	for n, c := range m.Excluded() {
		e.row(fmt.Sprintf("E%d", n+1), []term{{1, e.names.Name(c)}}, "=", 0)
	}
	for n, sol := range e.cut {
		e.row(fmt.Sprintf("N%d", n+1), e.ones(buf[:0], sol, 1), "<=", int64(len(sol)-1))
	}
	return nil
}

// sum writes Sum rule i: S - T = 0, where S is the weighted sum of its
// candidates and T its total or the sum of total*y over its selectors.
// Under a condition of k candidates adding up to C, it writes instead
// S - T <= hi*(k - C) and S - T >= -lo*(k - C), hi and lo the largest
// S - T and T - S can be (at least 0).
func (e *writer) sum(i int, name string, r model.Rule) {
	m, p := e.m, r.Payload
	vals := m.Values()
	terms := make([]term, 0, len(r.Cands)+len(p.Totals)+len(p.When))
	for k, c := range r.Cands {
		terms = append(terms, term{int64(p.Weights[k]), e.names.Name(c)})
	}
	// The range of S over all assignments: per cell, its least and
	// greatest weight (an unlisted value weighs 0).
	w := m.CellWeights(r)
	var smin, smax int64
	for k := range p.Cells {
		lo, hi := int64(w[k*vals]), int64(w[k*vals])
		for _, x := range w[k*vals : (k+1)*vals] {
			lo, hi = min(lo, int64(x)), max(hi, int64(x))
		}
		smin, smax = smin+lo, smax+hi
	}
	tmin, tmax := int64(p.Totals[0]), int64(p.Totals[len(p.Totals)-1])
	var t0 int64
	if len(p.Totals) == 1 {
		t0 = tmin
	} else {
		sel := make([]term, len(p.Totals))
		for t, total := range p.Totals {
			y := fmt.Sprintf("y_%d_%d", i+1, t+1)
			e.aux = append(e.aux, y)
			sel[t] = term{1, y}
			terms = append(terms, term{-int64(total), y})
		}
		e.row(name+"_total", sel, "=", 1)
	}
	k := int64(len(p.When))
	if k == 0 {
		e.row(name, terms, "=", t0)
	} else {
		hi := max(0, smax-tmin) // S - T <= hi*(k - C)
		lo := max(0, tmax-smin) // T - S <= lo*(k - C)
		n := len(terms)
		e.row(name+"_le", e.ones(terms, p.When, hi), "<=", hi*k+t0)
		e.row(name+"_ge", e.ones(terms[:n], p.When, -lo), ">=", -lo*k+t0)
	}
	if !p.Distinct || len(p.Cells) < 2 {
		return
	}
	bigM := int64(len(p.Cells) - 1)
	buf := make([]term, 0, len(p.Cells)+len(p.When))
	for v := 1; v <= vals; v++ {
		buf = buf[:0]
		for _, cell := range p.Cells {
			buf = append(buf, term{1, e.names.Name(m.Cand(int(cell), v))})
		}
		buf = e.ones(buf, p.When, bigM)
		e.row(fmt.Sprintf("%s_d%d", name, v), buf, "<=", 1+bigM*k)
	}
}

// table writes Table rule i: one binary per tuple, exactly one chosen,
// and every cell's candidates tied to the tuples giving them.
func (e *writer) table(i int, name string, r model.Rule) {
	m, p := e.m, r.Payload
	n := len(p.Cells)
	count := len(p.Tuples) / n
	sel := make([]term, count)
	for t := range count {
		name := fmt.Sprintf("t_%d_%d", i+1, t+1)
		e.aux = append(e.aux, name)
		sel[t] = term{1, name}
	}
	e.row(name+"_tuple", sel, "=", 1)
	k := int64(len(p.When))
	buf := make([]term, 0, count+1+len(p.When))
	for pos, cell := range p.Cells {
		for v := 1; v <= m.Values(); v++ {
			buf = append(buf[:0], term{1, e.names.Name(m.Cand(int(cell), v))})
			for t := range count {
				if int(p.Tuples[t*n+pos]) == v {
					buf = append(buf, term{-1, sel[t].name})
				}
			}
			row := fmt.Sprintf("%s_c%d_%d", name, pos+1, v)
			switch {
			case k == 0:
				e.row(row, buf, "=", 0)
			case len(buf) > 1: // x >= the tuples giving v, when the condition holds
				e.row(row, e.ones(buf, p.When, -1), ">=", -k)
			}
		}
	}
}

// ruleName returns the constraint name of rule i: R<i+1>, then its label
// with every run of other characters than letters and digits made one
// underscore, at most 40 of them.
func ruleName(i int, label string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "R%d", i+1)
	under := true
	for _, ch := range label {
		ok := ch < 128 && (ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9')
		if !ok {
			under = true
			continue
		}
		if under {
			sb.WriteByte('_')
			under = false
		}
		sb.WriteRune(ch)
		if sb.Len() >= 40 {
			break
		}
	}
	return sb.String()
}
