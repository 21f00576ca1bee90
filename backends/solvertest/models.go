package solvertest

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// shapeRules memoizes the standard rules of each shape, so that the models
// of one shape share a RulesID, as they do in the CLI.
var shapeRules sync.Map // sudoku.Shape -> *rules.Set

// Rules returns the standard rules of shape s, the same *rules.Set for
// every call in one process.
func Rules(tb testing.TB, s sudoku.Shape) *rules.Set {
	tb.Helper()
	if v, ok := shapeRules.Load(s); ok {
		return v.(*rules.Set)
	}
	rs, err := rules.New(s)
	if err != nil {
		tb.Fatalf("rules for %v: %v", s, err)
	}
	v, _ := shapeRules.LoadOrStore(s, rs)
	return v.(*rules.Set)
}

// Puzzle parses one puzzle (a line or a grid block) and returns its model
// under the standard rules of its shape.
func Puzzle(tb testing.TB, text string) *model.Model {
	tb.Helper()
	g, err := sudoku.Parse(text, sudoku.ParseOptions{})
	if err != nil {
		tb.Fatalf("parse %q: %v", text, err)
	}
	m, err := Rules(tb, g.Shape).Model(g)
	if err != nil {
		tb.Fatalf("model of %q: %v", text, err)
	}
	return m
}

// Blank returns the model of an empty grid with boxes of boxRows x boxCols
// under the standard rules.
func Blank(tb testing.TB, boxRows, boxCols int) *model.Model {
	tb.Helper()
	s, err := sudoku.NewShape(boxRows, boxCols)
	if err != nil {
		tb.Fatal(err)
	}
	return Rules(tb, s).Base()
}

// Keys renders solutions as sorted strings, for comparing sets.
func Keys(sols []model.Solution) []string {
	keys := make([]string, len(sols))
	for i, s := range sols {
		keys[i] = fmt.Sprint([]model.Cand(s))
	}
	slices.Sort(keys)
	return keys
}

// CheckResult reports, through tb.Errorf, every solution of res that the
// referee rejects for m, solutions returned twice, and more solutions than
// res.Count.
func CheckResult(tb testing.TB, m *model.Model, res model.Result) {
	tb.Helper()
	if len(res.Solutions) > res.Count {
		tb.Errorf("%d solutions kept, count %d", len(res.Solutions), res.Count)
	}
	seen := make(map[string]bool, len(res.Solutions))
	for i, sol := range res.Solutions {
		if err := model.Check(m, sol); err != nil {
			tb.Errorf("solution %d: %v", i, err)
		}
		k := fmt.Sprint([]model.Cand(sol))
		if seen[k] {
			tb.Errorf("solution %d returned twice", i)
		}
		seen[k] = true
	}
}

// latin returns a builder for an n x n sudoku with boxes br x bc, built
// directly on model.Builder (rows, columns and boxes as labelled houses),
// so that variant tests can add rules of their own.
func latin(br, bc int) *model.Builder {
	n := br * bc
	b := model.NewBuilder(n*n, n)
	cells := make([]int, n)
	for r := range n {
		for c := range n {
			cells[c] = r*n + c
		}
		b.House(fmt.Sprintf("row %d", r+1), cells)
	}
	for c := range n {
		for r := range n {
			cells[r] = r*n + c
		}
		b.House(fmt.Sprintf("column %d", c+1), cells)
	}
	for k := range n {
		r0, c0 := k/br*br, k%br*bc
		i := 0
		for r := r0; r < r0+br; r++ {
			for c := c0; c < c0+bc; c++ {
				cells[i] = r*n + c
				i++
			}
		}
		b.House(fmt.Sprintf("box %d", k+1), cells)
	}
	return b
}

// Count returns the number of solutions of m, up to limit (all when limit
// <= 0), by plain enumeration: cells in order, values ascending, pruning a
// value that gives an ExactlyOne or AtMostOne rule two chosen candidates,
// and the referee at every leaf (which alone judges the n-ary rules). It shares no code with any backend and is meant for small models.
func Count(m *model.Model, limit int) int {
	n, values := m.NumCands(), m.Values()
	ruleOf := make([][]int, n) // the ExactlyOne and AtMostOne rules naming each candidate
	for k, r := range m.Rules() {
		if r.Kind != model.ExactlyOne && r.Kind != model.AtMostOne {
			continue // checked at the leaves only
		}
		for _, c := range r.Cands {
			ruleOf[c] = append(ruleOf[c], k)
		}
	}
	banned := make([]bool, n)
	for _, c := range m.Excluded() {
		banned[c] = true
	}
	only := make([]model.Cand, m.Cells()) // a fixed candidate per cell, -1 if none
	for i := range only {
		only[i] = -1
	}
	for _, c := range m.Fixed() {
		cell := m.CellOf(c)
		if only[cell] >= 0 && only[cell] != c {
			return 0
		}
		only[cell] = c
	}
	chosen := make([]int, len(m.Rules())) // chosen candidates per rule
	sol := make(model.Solution, m.Cells())
	count := 0
	var walk func(cell int) bool // reports whether the limit is reached
	walk = func(cell int) bool {
		if cell == len(sol) {
			if model.Check(m, sol) == nil {
				count++
			}
			return limit > 0 && count >= limit
		}
	next:
		for v := 1; v <= values; v++ {
			c := m.Cand(cell, v)
			if banned[c] || (only[cell] >= 0 && only[cell] != c) {
				continue
			}
			for _, k := range ruleOf[c] {
				if chosen[k] > 0 {
					continue next
				}
			}
			for _, k := range ruleOf[c] {
				chosen[k]++
			}
			sol[cell] = c
			stop := walk(cell + 1)
			for _, k := range ruleOf[c] {
				chosen[k]--
			}
			if stop {
				return true
			}
		}
		return false
	}
	walk(0)
	return count
}
