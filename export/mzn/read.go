package mzn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// ErrFormat is wrapped by the errors of Read for text that is not the
// output of a model Write wrote.
var ErrFormat = errors.New("mzn: unexpected minizinc output")

// An Answer is what minizinc printed: Sat with the solutions it found,
// Unsat when it proved there is none, Unknown when it stopped without
// either; Complete when the search ran to its end (a line of ten equals
// signs: with every solution asked for, Solutions are all there are).
type Answer struct {
	Status    model.Status
	Solutions []model.Solution
	Complete  bool
}

// Read reads minizinc's output for a model of m that Write wrote: the
// values of each solution, a line of ten dashes after each, and the status
// lines. Blank lines and comment lines ("%") are skipped; a solution with
// the wrong number of values, a value out of range or a word that is not
// a number is an error wrapping ErrFormat, and so is =====ERROR===== or
// output with no solution and no status line.
func Read(r io.Reader, m *model.Model) (Answer, error) {
	var a Answer
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	var vals []int
	verdict, line := false, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "" || strings.HasPrefix(text, "%"):
		case text == "----------":
			sol, err := solution(m, vals)
			if err != nil {
				return a, fmt.Errorf("%w: line %d: %v", ErrFormat, line, err)
			}
			a.Solutions = append(a.Solutions, sol)
			vals = vals[:0]
		case text == "==========":
			a.Complete, verdict = true, true
		case text == "=====UNSATISFIABLE=====":
			a.Complete, verdict = true, true
		case text == "=====UNKNOWN=====":
			verdict = true
		case strings.HasPrefix(text, "====="):
			return a, fmt.Errorf("%w: line %d: %s", ErrFormat, line, text)
		default:
			for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == '[' || r == ']' || r == ' ' || r == '\t' }) {
				v, err := strconv.Atoi(f)
				if err != nil {
					return a, fmt.Errorf("%w: line %d: %q is not a value", ErrFormat, line, f)
				}
				vals = append(vals, v)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return a, err
	}
	if len(vals) > 0 {
		return a, fmt.Errorf("%w: %d values after the last solution", ErrFormat, len(vals))
	}
	switch {
	case len(a.Solutions) > 0:
		a.Status = model.Sat
	case a.Complete:
		a.Status = model.Unsat
	case !verdict:
		return a, fmt.Errorf("%w: no solution and no status line", ErrFormat)
	}
	return a, nil
}

// solution turns the values of every cell into a solution of m.
func solution(m *model.Model, vals []int) (model.Solution, error) {
	if len(vals) != m.Cells() {
		return nil, fmt.Errorf("a solution of %d values for %d cells", len(vals), m.Cells())
	}
	sol := make(model.Solution, len(vals))
	for k, v := range vals {
		if v < 1 || v > m.Values() {
			return nil, fmt.Errorf("value %d of cell %s not in 1..%d", v, m.CellName(k), m.Values())
		}
		sol[k] = m.Cand(k, v)
	}
	return sol, nil
}
