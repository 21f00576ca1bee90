package variants_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// backends are the solvers every variant test runs on.
var backends = []struct {
	name string
	new  func() model.Solver
}{
	{"dlx", func() model.Solver { return dlx.New() }},
	{"sat", func() model.Solver { return sat.New() }},
}

// cell reads "r3c10" (counted from 1).
func cell(s string) sudoku.Cell {
	var r, c int
	if n, err := fmt.Sscanf(strings.ToLower(s), "r%dc%d", &r, &c); err != nil || n != 2 {
		panic("bad cell " + s)
	}
	return sudoku.Cell{Row: r - 1, Col: c - 1}
}

// cells reads a space-separated list of cells: "r1c1 r1c2".
func cells(s string) []sudoku.Cell {
	var out []sudoku.Cell
	for _, f := range strings.Fields(s) {
		out = append(out, cell(f))
	}
	return out
}

// lines reads lines separated by '|': "r1c1 r1c2 | r5c5 r5c6".
func lines(s string) [][]sudoku.Cell {
	var out [][]sudoku.Cell
	for _, l := range strings.Split(s, "|") {
		out = append(out, cells(l))
	}
	return out
}

// pairs reads "r1c1-r1c2 r2c1-r3c1".
func pairs(s string) [][2]sudoku.Cell {
	var out [][2]sudoku.Cell
	for _, f := range strings.Fields(s) {
		a, b, ok := strings.Cut(f, "-")
		if !ok {
			panic("bad pair " + f)
		}
		out = append(out, [2]sudoku.Cell{cell(a), cell(b)})
	}
	return out
}

// givens returns an empty grid of side n with the givens "r1c2=4 r3c3=16".
func givens(n int, s string) sudoku.Grid {
	shape, err := sudoku.ShapeOf(n)
	if err != nil {
		panic(err)
	}
	g := sudoku.NewGrid(shape)
	for _, f := range strings.Fields(s) {
		at, v, ok := strings.Cut(f, "=")
		if !ok {
			panic("bad given " + f)
		}
		var d int
		if _, err := fmt.Sscan(v, &d); err != nil {
			panic("bad given " + f)
		}
		c := cell(at)
		g.Set(c.Row, c.Col, d)
	}
	return g
}

// solve builds g under vs and proves it unique with Limit 2; it returns the
// result and the model.
func solve(t testing.TB, s model.Solver, g sudoku.Grid, vs ...rules.Variant) (model.Result, *model.Model) {
	t.Helper()
	return solveWithin(t, s, 0, g, vs...)
}

// solveWithin is solve with a node budget (0: none).
func solveWithin(t testing.TB, s model.Solver, nodes int64, g sudoku.Grid, vs ...rules.Variant) (model.Result, *model.Model) {
	t.Helper()
	m, err := rules.Build(g, vs...)
	require.NoError(t, err)
	res, err := s.Solve(context.Background(), m, model.Options{Limit: 2, Nodes: nodes})
	require.NoError(t, err)
	return res, m
}
