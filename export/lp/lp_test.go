package lp

import (
	"bytes"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// nary4 is a 4x4 sudoku with one rule of each n-ary form the writer
// lowers differently: a distinct sum, a sum of several totals, a
// conditional sum, a table and a conditional table.
func nary4(t *testing.T) *model.Model {
	return solvertest.Extend(t, solvertest.Blank(t, 2, 2), func(b *model.Builder) {
		b.Linear("cage", []int{0, 1, 4}, []int{1, 1, 1}, []int{7}, true)
		b.Linear("odd pair", []int{2, 7}, []int{1, 1}, []int{3, 5, 7}, false)
		b.Linear("x-sum", []int{8, 9}, []int{1, 1}, []int{5}, true, b.Cand(8, 2))
		b.AddTable("pair", []int{14, 15}, [][]int{{1, 2}, {2, 1}, {3, 4}})
		b.AddTable("clone", []int{10, 13}, [][]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}}, b.Cand(12, 4))
		b.Fix(b.Cand(3, 4))
		b.Exclude(b.Cand(5, 1))
	})
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    func(t *testing.T) *model.Model
	}{
		{"puzzle4", func(t *testing.T) *model.Model { return solvertest.Puzzle(t, "1...........2..3") }},
		{"nary4", nary4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, Write(&buf, tc.m(t), "sudokit test", tc.name))
			fixture.Golden(t, tc.name+".lp.golden", buf.String(), *update)
			for i, line := range strings.Split(buf.String(), "\n") {
				assert.LessOrEqual(t, len(line), lineWidth+20, "line %d: %q", i+1, line)
			}
		})
	}
}

func TestWriteNil(t *testing.T) {
	assert.Error(t, Write(&bytes.Buffer{}, nil))
}

func TestNames(t *testing.T) {
	grid := NamesOf(solvertest.Blank(t, 3, 3))
	flat := NamesOf(solvertest.NaryModel(t, func(b *model.Builder) { b.Add(model.ExactlyOne, b.Cand(0, 1)) }))
	for _, tc := range []struct {
		ns   Names
		c    model.Cand
		name string
		cell string
	}{
		{grid, 0, "x_1_1_1", "C_1_1"},
		{grid, 80*9 + 8, "x_9_9_9", "C_9_9"},
		{grid, 9*9 + 2*9 + 4, "x_2_3_5", "C_2_3"},
		{flat, 0, "x_1_1", "C_1"},
		{flat, 4*4 + 3, "x_5_4", "C_5"},
	} {
		assert.Equal(t, tc.name, tc.ns.Name(tc.c))
		assert.Equal(t, tc.cell, tc.ns.Cell(int(tc.c)/tc.ns.values))
		c, ok := tc.ns.Cand(tc.name)
		assert.True(t, ok, tc.name)
		assert.Equal(t, tc.c, c, tc.name)
	}
	for _, bad := range []string{"", "x", "x_1_1", "x_0_1_1", "x_10_1_1", "x_1_1_10", "x_01_1_1", "y_1_1", "x_1_1_1_1", "x_a_1_1", "x_-1_1_1"} {
		_, ok := grid.Cand(bad)
		assert.False(t, ok, bad)
	}
	for _, bad := range []string{"x_6_1", "x_1_5", "x_1_1_1", "t_1_1"} {
		_, ok := flat.Cand(bad)
		assert.False(t, ok, bad)
	}
	assert.Equal(t, "x_ROW_COL_VALUE", grid.Pattern())
	assert.Equal(t, "x_CELL_VALUE", flat.Pattern())
}

func TestRuleName(t *testing.T) {
	for _, tc := range []struct {
		i     int
		label string
		want  string
	}{
		{0, "", "R1"},
		{11, "row 3", "R12_row_3"},
		{4, "derived, rows 1–3 …", "R5_derived_rows_1_3"},
		{0, "  a--b  ", "R1_a_b"},
		{0, strings.Repeat("z", 60), "R1_" + strings.Repeat("z", 37)},
	} {
		assert.Equal(t, tc.want, ruleName(tc.i, tc.label), "%q", tc.label)
	}
}

// TestWriteExcluding: each solution to exclude adds one no-good row after
// the givens, and nothing else changes; a solution of the wrong shape is
// refused.
func TestWriteExcluding(t *testing.T) {
	m := solvertest.Puzzle(t, "1...........2..3")
	res, err := dlx.New().Solve(t.Context(), m, model.Options{})
	require.NoError(t, err)
	sols := res.Solutions
	require.Len(t, sols, 9)
	var plain, cut bytes.Buffer
	require.NoError(t, Write(&plain, m, "c"))
	require.NoError(t, WriteExcluding(&cut, m, sols[:2], "c"))
	ns := NamesOf(m)
	rows := ""
	for n, sol := range sols[:2] {
		names := make([]string, len(sol))
		for k, c := range sol {
			names[k] = ns.Name(c)
		}
		rows += fmt.Sprintf(" N%d: %s <= 15\n", n+1, strings.Join(names, " + "))
	}
	at := strings.Index(plain.String(), "Binaries\n")
	require.Positive(t, at)
	got := cut.String()
	assert.Equal(t, plain.String()[:at], got[:at])
	assert.Equal(t, plain.String()[at:], got[len(got)-len(plain.String())+at:])
	added := got[at : len(got)-len(plain.String())+at]
	assert.Equal(t, strings.Join(strings.Fields(rows), " "), strings.Join(strings.Fields(added), " "),
		"the no-goods, however the lines wrap")

	assert.ErrorContains(t, WriteExcluding(&cut, m, []model.Solution{sols[0][:3]}), "3 cells assigned, model has 16")
	bad := append(model.Solution(nil), sols[0]...)
	bad[1] = bad[0]
	assert.ErrorContains(t, WriteExcluding(&cut, m, []model.Solution{bad}), "not one of its own")
}

// BenchmarkWrite writes the program of a 9x9 puzzle, as export and the
// outside solvers do once per run.
func BenchmarkWrite(b *testing.B) { solvertest.BenchmarkWriter(b, Write) }
