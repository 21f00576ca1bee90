package lp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// ErrFormat is wrapped by the errors of ReadGlpsol and ReadCBC for text
// that is not the solver output they read.
var ErrFormat = errors.New("lp: unexpected solver output")

// An Answer is what an outside MIP solver reported: Sat when it found a
// feasible (for this program, any) solution, Unsat when it proved there is
// none, Unknown when it stopped without either; and the values of the
// variables it listed, by name (CBC lists only the nonzero ones).
type Answer struct {
	Status model.Status
	Values map[string]float64
}

// Solution decodes a's variables into a solution of m: in each cell the one
// candidate whose variable is 1. It fails when a is not Sat, or when a cell
// has no candidate at 1 or more than one.
func (a Answer) Solution(m *model.Model) (model.Solution, error) {
	if a.Status != model.Sat {
		return nil, fmt.Errorf("lp: the solver's answer is %v, not a solution", a.Status)
	}
	ns := NamesOf(m)
	sol := make(model.Solution, m.Cells())
	for k := range sol {
		sol[k] = -1
	}
	for name, x := range a.Values {
		c, ok := ns.Cand(name)
		if !ok || x < 0.5 {
			continue
		}
		k := m.CellOf(c)
		if sol[k] >= 0 {
			return nil, fmt.Errorf("lp: %s and %s are both 1", ns.Name(sol[k]), name)
		}
		sol[k] = c
	}
	for k, c := range sol {
		if c < 0 {
			return nil, fmt.Errorf("lp: no variable of cell %s is 1", m.CellName(k))
		}
	}
	return sol, nil
}

// ReadGlpsol reads the report glpsol writes with -o (--output) for a MIP:
// its "Status:" line (INTEGER OPTIMAL or INTEGER NON-OPTIMAL: Sat; INTEGER
// EMPTY: Unsat; anything else: Unknown) and its table of columns, where a
// name too long for its field sits alone on a line and its values on the
// next.
func ReadGlpsol(r io.Reader) (Answer, error) {
	a := Answer{Values: map[string]float64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	status, columns := false, false
	var pending []string // a record whose values are on the next line
	for sc.Scan() {
		line++
		text := sc.Text()
		fields := strings.Fields(text)
		switch {
		case !status:
			if rest, ok := strings.CutPrefix(strings.TrimSpace(text), "Status:"); ok {
				status = true
				switch strings.Join(strings.Fields(rest), " ") {
				case "INTEGER OPTIMAL", "INTEGER NON-OPTIMAL":
					a.Status = model.Sat
				case "INTEGER EMPTY":
					a.Status = model.Unsat
				default:
					a.Status = model.Unknown
				}
			}
		case !columns:
			columns = len(fields) >= 3 && fields[0] == "No." && fields[1] == "Column" && fields[2] == "name"
		case len(fields) == 0:
			if len(pending) > 0 {
				return a, fmt.Errorf("%w: line %d: column %s has no values", ErrFormat, line, pending[1])
			}
			if len(a.Values) > 0 {
				return a, nil
			}
		case strings.Trim(fields[0], "-") == "":
			// the rule under the header
		case len(pending) > 0:
			if err := glpsolColumn(a.Values, append(pending, fields...)); err != nil {
				return a, fmt.Errorf("%w: line %d: %v", ErrFormat, line, err)
			}
			pending = nil
		case len(fields) == 2:
			pending = fields
		default:
			if err := glpsolColumn(a.Values, fields); err != nil {
				return a, fmt.Errorf("%w: line %d: %v", ErrFormat, line, err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return a, err
	}
	if !status {
		return a, fmt.Errorf("%w: no \"Status:\" line (not a glpsol -o report?)", ErrFormat)
	}
	if !columns && a.Status == model.Sat {
		return a, fmt.Errorf("%w: no column table", ErrFormat)
	}
	return a, nil
}

// glpsolColumn reads one record of glpsol's column table: number, name,
// an optional "*" (an integer column), then the activity.
func glpsolColumn(values map[string]float64, fields []string) error {
	if _, err := strconv.Atoi(fields[0]); err != nil || len(fields) < 3 {
		return fmt.Errorf("not a column record: %q", strings.Join(fields, " "))
	}
	at := 2
	if fields[at] == "*" {
		at++
	}
	if at >= len(fields) {
		return fmt.Errorf("column %s has no activity", fields[1])
	}
	x, err := strconv.ParseFloat(fields[at], 64)
	if err != nil {
		return fmt.Errorf("column %s: activity %q", fields[1], fields[at])
	}
	values[fields[1]] = x
	return nil
}

// ReadCBC reads the solution file CBC writes with "solu": a first line
// giving the outcome ("Optimal - objective value 0": Sat; one containing
// "infeasible": Unsat; anything else, as "Stopped on time": Unknown, with
// the values of the best solution if it lists any), then one line per
// nonzero column: its index, its name, its value and its reduced cost,
// "**" in front of a value that breaks a bound.
func ReadCBC(r io.Reader) (Answer, error) {
	a := Answer{Values: map[string]float64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return a, err
		}
		return a, fmt.Errorf("%w: empty CBC solution file", ErrFormat)
	}
	head := strings.TrimSpace(sc.Text())
	switch {
	case strings.HasPrefix(head, "Optimal"):
		a.Status = model.Sat
	case strings.Contains(strings.ToLower(head), "infeasible"):
		a.Status = model.Unsat
	case head == "":
		return a, fmt.Errorf("%w: line 1: no outcome", ErrFormat)
	default:
		a.Status = model.Unknown
	}
	line := 1
	for sc.Scan() {
		line++
		fields := strings.Fields(strings.ReplaceAll(sc.Text(), "**", " "))
		if len(fields) == 0 {
			continue
		}
		if len(fields) < 3 {
			return a, fmt.Errorf("%w: line %d: %q", ErrFormat, line, sc.Text())
		}
		if _, err := strconv.Atoi(fields[0]); err != nil {
			return a, fmt.Errorf("%w: line %d: index %q", ErrFormat, line, fields[0])
		}
		x, err := strconv.ParseFloat(fields[2], 64)
		if err != nil {
			return a, fmt.Errorf("%w: line %d: value %q", ErrFormat, line, fields[2])
		}
		a.Values[fields[1]] = x
	}
	return a, sc.Err()
}
