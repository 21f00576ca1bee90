package mzn

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// lineWidth is where Write wraps a line: the next word goes on a
// continuation line once a line is this long.
const lineWidth = 78

// Write writes m to w as a MiniZinc model (see the package documentation),
// each comment first as a "%" line. A rule of a kind the writer does not
// know gives an error wrapping [model.ErrUnsupported] that names the rule.
func Write(w io.Writer, m *model.Model, comments ...string) error {
	return WriteExcluding(w, m, nil, comments...)
}

// WriteExcluding writes m's model as Write does, with one more constraint
// per solution of cut that excludes that assignment and no other: not
// every cell takes the value it gives. Run again, a solver finds another
// solution or proves there is none.
func WriteExcluding(w io.Writer, m *model.Model, cut []model.Solution, comments ...string) error {
	if m == nil {
		return fmt.Errorf("mzn: nil model")
	}
	for n, sol := range cut {
		if err := model.CheckAssignment(m, sol); err != nil {
			return fmt.Errorf("mzn: solution %d to exclude: %w", n+1, err)
		}
	}
	n := m.Values()
	e := &writer{m: m, grid: m.Cells() == n*n}
	if err := e.program(cut); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		for _, line := range strings.Split(c, "\n") {
			fmt.Fprintf(bw, "%% %s\n", line)
		}
	}
	if e.grid {
		fmt.Fprintf(bw, "%% variables: x[ROW,COL], the value of each cell (all from 1)\n")
	} else {
		fmt.Fprintf(bw, "%% variables: x[CELL], the value of each cell (all from 1)\n")
	}
	for _, lib := range []struct {
		used bool
		file string
	}{{e.alldiff, "alldifferent.mzn"}, {e.table, "table.mzn"}} {
		if lib.used {
			fmt.Fprintf(bw, "include %q;\n", lib.file)
		}
	}
	if e.grid {
		fmt.Fprintf(bw, "array[1..%d, 1..%d] of var 1..%d: x;\n", n, n, n)
	} else {
		fmt.Fprintf(bw, "array[1..%d] of var 1..%d: x;\n", m.Cells(), n)
	}
	bw.WriteString(e.body.String())
	bw.WriteString("solve satisfy;\n")
	if e.grid {
		fmt.Fprintf(bw, "output [show(x[r, c]) ++ if c == %d then \"\\n\" else \" \" endif | r in 1..%d, c in 1..%d];\n", n, n, n)
	} else {
		bw.WriteString("output [show(x), \"\\n\"];\n")
	}
	return bw.Flush()
}

// writer holds the state of one Write: the constraints, written to body
// before the header, which includes the library files they use.
type writer struct {
	m              *model.Model
	grid           bool
	body           strings.Builder
	label          string // the label of the last comment written
	alldiff, table bool   // library files used
}

// cell returns the variable of cell k.
func (e *writer) cell(k int) string {
	if e.grid {
		n := e.m.Values()
		return fmt.Sprintf("x[%d,%d]", k/n+1, k%n+1)
	}
	return fmt.Sprintf("x[%d]", k+1)
}

// is returns the constraint "candidate c is chosen".
func (e *writer) is(c model.Cand) string {
	return e.cell(e.m.CellOf(c)) + " = " + strconv.Itoa(e.m.ValueOf(c))
}

// cells returns the array of the variables of cells.
func (e *writer) cells(cells []int32) string {
	parts := make([]string, len(cells))
	for i, k := range cells {
		parts[i] = e.cell(int(k))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// constraint writes "constraint text;", wrapped, after a comment naming
// label when it differs from the last one written.
func (e *writer) constraint(label, text string) {
	if label != e.label && label != "" {
		fmt.Fprintf(&e.body, "%% %s\n", strings.ReplaceAll(label, "\n", " "))
	}
	e.label = label
	col := 0
	for i, word := range strings.Fields("constraint " + text + ";") {
		switch {
		case i == 0:
		case col+1+len(word) > lineWidth:
			e.body.WriteString("\n  ")
			col = 2
		default:
			e.body.WriteByte(' ')
			col++
		}
		e.body.WriteString(word)
		col += len(word)
	}
	e.body.WriteByte('\n')
}

// program writes the constraints of m and of cut into body.
func (e *writer) program(cut []model.Solution) error {
	m := e.m
	rules := m.Rules()
	done := e.houses()
	for i, r := range rules {
		if done[i] {
			continue
		}
		var text string
		switch r.Kind {
		case model.ExactlyOne, model.AtMostOne:
			text = e.pick(r)
		case model.Sum:
			text = e.sum(r)
		case model.Table:
			text = e.tableOf(r)
		default:
			return fmt.Errorf("mzn: %s: %w", m.RuleName(i), model.ErrUnsupported)
		}
		if text == "" {
			continue
		}
		if len(r.Payload.When) > 0 {
			text = "(" + e.all(r.Payload.When) + ") -> (" + text + ")"
		}
		e.constraint(r.Label, text)
	}
	for _, c := range m.Fixed() {
		e.constraint("givens", e.is(c))
	}
	for _, c := range m.Excluded() {
		e.constraint("excluded", strings.Replace(e.is(c), " = ", " != ", 1))
	}
	for n, sol := range cut {
		parts := make([]string, len(sol))
		for k, c := range sol {
			parts[k] = strings.Replace(e.is(c), " = ", " != ", 1)
		}
		e.constraint(fmt.Sprintf("excluded solution %d", n+1), strings.Join(parts, ` \/ `))
	}
	return nil
}

// houses writes an alldifferent for every group that is a whole house and
// returns which rules those stand for.
func (e *writer) houses() []bool {
	m := e.m
	n := m.Values()
	rules := m.Rules()
	done := make([]bool, len(rules))
	for _, g := range m.Groups() {
		if len(g.Cells) != n || len(g.Rules) != n {
			continue
		}
		in := make(map[int]bool, n)
		for _, k := range g.Cells {
			in[k] = true
		}
		values := make([]bool, n+1)
		whole := len(in) == n
		for _, i := range g.Rules {
			r := rules[i]
			if !whole || r.Kind != model.ExactlyOne || len(r.Cands) != n || !r.Payload.IsZero() {
				whole = false
				break
			}
			v := m.ValueOf(r.Cands[0])
			seen := make(map[int]bool, n)
			for _, c := range r.Cands {
				k := m.CellOf(c)
				if m.ValueOf(c) != v || !in[k] || seen[k] {
					whole = false
				}
				seen[k] = true
			}
			if values[v] {
				whole = false
			}
			values[v] = true
		}
		if !whole {
			continue
		}
		cells := make([]int32, n)
		for i, k := range g.Cells {
			cells[i] = int32(k)
		}
		e.alldiff = true
		e.constraint(g.Name, "alldifferent("+e.cells(cells)+")")
		for _, i := range g.Rules {
			done[i] = true
		}
	}
	return done
}

// all returns the conjunction "every candidate of cs is chosen".
func (e *writer) all(cs []model.Cand) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = e.is(c)
	}
	return strings.Join(parts, ` /\ `)
}

// pick returns an ExactlyOne or AtMostOne rule as a constraint on the
// number of its candidates chosen, "" for one that constrains nothing.
func (e *writer) pick(r model.Rule) string {
	exactly := r.Kind == model.ExactlyOne
	switch {
	case len(r.Cands) == 0 && exactly:
		return "false"
	case len(r.Cands) <= 1 && !exactly:
		return ""
	case len(r.Cands) == 1:
		return e.is(r.Cands[0])
	case len(r.Cands) == 2 && !exactly:
		return `not (` + e.all(r.Cands) + `)`
	}
	parts := make([]string, len(r.Cands))
	for i, c := range r.Cands {
		parts[i] = e.is(c)
	}
	op := " <= 1"
	if exactly {
		op = " = 1"
	}
	return "sum([" + strings.Join(parts, ", ") + "])" + op
}

// sum returns a Sum rule as a linear constraint: each cell's term a*x+b
// when its weights are linear in the value, an array indexed by its value
// otherwise.
func (e *writer) sum(r model.Rule) string {
	m, p := e.m, r.Payload
	n := m.Values()
	w := m.CellWeights(r)
	var terms []string
	for i, k := range p.Cells {
		if t := term(w[i*n:(i+1)*n], e.cell(int(k))); t != "" {
			terms = append(terms, t)
		}
	}
	s := "0"
	if len(terms) > 0 {
		s = strings.ReplaceAll(strings.Join(terms, " + "), "+ -", "- ")
	}
	totals := make([]string, len(p.Totals))
	for i, t := range p.Totals {
		totals[i] = strconv.Itoa(int(t))
	}
	if len(totals) == 1 {
		s += " = " + totals[0]
	} else {
		s += " in {" + strings.Join(totals, ", ") + "}"
	}
	if p.Distinct && len(p.Cells) > 1 {
		e.alldiff = true
		s += ` /\ alldifferent(` + e.cells(p.Cells) + ")"
	}
	return s
}

// term returns the weight of variable x whose values 1.. weigh ws, as an
// expression, or "" when every weight is 0.
func term(ws []int32, x string) string {
	a := int32(0)
	if len(ws) > 1 {
		a = ws[1] - ws[0]
	}
	b := ws[0] - a
	linear := true
	for v, wv := range ws {
		if wv != a*int32(v+1)+b {
			linear = false
			break
		}
	}
	if !linear {
		parts := make([]string, len(ws))
		for i, wv := range ws {
			parts[i] = strconv.Itoa(int(wv))
		}
		return "[" + strings.Join(parts, ", ") + "][" + x + "]"
	}
	var s string
	switch a {
	case 0:
	case 1:
		s = x
	case -1:
		s = "-" + x
	default:
		s = strconv.Itoa(int(a)) + "*" + x
	}
	switch {
	case b == 0:
	case s == "":
		s = strconv.Itoa(int(b))
	case b > 0:
		s += " + " + strconv.Itoa(int(b))
	default:
		s += " - " + strconv.Itoa(int(-b))
	}
	return s
}

// tableOf returns a Table rule as a table constraint.
func (e *writer) tableOf(r model.Rule) string {
	p := r.Payload
	e.table = true
	width := len(p.Cells)
	var sb strings.Builder
	sb.WriteString("table(" + e.cells(p.Cells) + ", [|")
	for t := 0; t < len(p.Tuples); t += width {
		if t > 0 {
			sb.WriteString(" |")
		}
		for j, v := range p.Tuples[t : t+width] {
			if j > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(" " + strconv.Itoa(int(v)))
		}
	}
	sb.WriteString(" |])")
	return sb.String()
}
