package model_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

// sol makes a solution from one value per cell.
func sol(m *model.Model, values ...int) model.Solution {
	s := make(model.Solution, len(values))
	for cell, v := range values {
		s[cell] = m.Cand(cell, v)
	}
	return s
}

func TestSumDumpAndCells(t *testing.T) {
	b := model.NewBuilder(3, 3)
	k := b.Linear("arrow 1", []int{2, 0}, []int{-1, 1}, []int{0}, false, b.Cand(1, 3))
	require.Equal(t, 0, k)
	b.AddTable("between 1", []int{0, 1}, [][]int{{1, 2}, {2, 3}})
	m, err := b.Build()
	require.NoError(t, err)
	r := m.Rules()[0]
	assert.Equal(t, model.Sum, r.Kind)
	assert.Equal(t, []int32{2, 0}, r.Payload.Cells, "cells in order of first appearance")
	assert.Equal(t, []int32{-1, -2, -3, 1, 2, 3}, r.Payload.Weights)
	assert.Equal(t, []int32{-1, -2, -3, 1, 2, 3}, m.CellWeights(r))
	assert.Equal(t, "rule 0 (sum, arrow 1)", m.RuleName(0))
	assert.Equal(t, "model cells=3 values=3\n"+
		"sum[arrow 1]{c2#1 c2#2 c2#3 c0#1 c0#2 c0#3} weights=[-1 -2 -3 1 2 3] totals=[0] when{c1#3}\n"+
		"table[between 1]{} cells=[0 1] tuples=[1 2 2 3]\n", m.String())
	tab := m.Rules()[1]
	assert.Len(t, tab.Cands, 6, "a table reads every candidate of its cells")
}

func TestCellWeightsOfPartialSum(t *testing.T) {
	// A count: how many of cells 0..2 hold a 2.
	b := model.NewBuilder(3, 3)
	b.AddRule(model.Rule{Kind: model.Sum, Cands: []model.Cand{b.Cand(0, 2), b.Cand(1, 2), b.Cand(2, 2)},
		Payload: model.Payload{Weights: []int32{1, 1, 1}, Totals: []int32{0, 2}}})
	m, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, []int32{0, 1, 0, 0, 1, 0, 0, 1, 0}, m.CellWeights(m.Rules()[0]))
	assert.NoError(t, model.Check(m, sol(m, 2, 1, 2)))
	assert.NoError(t, model.Check(m, sol(m, 1, 1, 3)))
	assert.ErrorContains(t, model.Check(m, sol(m, 2, 1, 1)), "adds up to 1, not 0 or 2")
}

func TestCheckNary(t *testing.T) {
	// Cells 0,1,2 sum to 6 with no repeats; when cell 3 is 1, cells 0 and 3
	// form (1,1) or (3,1).
	b := model.NewBuilder(4, 3)
	b.Linear("cage", []int{0, 1, 2}, []int{1, 1, 1}, []int{6}, true)
	b.AddTable("pair", []int{0, 3}, [][]int{{1, 1}, {3, 1}}, b.Cand(3, 1))
	m, err := b.Build()
	require.NoError(t, err)
	for _, tc := range []struct {
		values []int
		want   string
	}{
		{[]int{1, 2, 3, 1}, ""},
		{[]int{2, 1, 3, 3}, ""}, // the table's condition fails: it does not apply
		{[]int{2, 2, 2, 2}, "repeats a value: c0=2 and c1=2"},
		{[]int{1, 2, 2, 1}, "adds up to 5, not 6: c0=1 c1=2 c2=2"},
		{[]int{2, 1, 3, 1}, "rule 1 (table, pair) does not allow c0=2 c3=1"},
	} {
		t.Run(fmt.Sprint(tc.values), func(t *testing.T) {
			err := model.Check(m, sol(m, tc.values...))
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, model.ErrCheck)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestNaryErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(b *model.Builder)
		want  string
	}{
		{"sum without total", func(b *model.Builder) { b.Linear("s", []int{0, 1}, []int{1, 1}, nil, false) }, `sum rule "s": no total`},
		{"sum weights", func(b *model.Builder) {
			b.AddRule(model.Rule{Kind: model.Sum, Cands: []model.Cand{0, 1}, Payload: model.Payload{Weights: []int32{1}, Totals: []int32{1}}})
		}, "1 weights for 2 candidates"},
		{"sum totals order", func(b *model.Builder) {
			b.AddRule(model.Rule{Kind: model.Sum, Cands: []model.Cand{0}, Payload: model.Payload{Weights: []int32{1}, Totals: []int32{3, 1}}})
		}, "not ascending"},
		{"sum coefficients", func(b *model.Builder) { b.Linear("s", []int{0, 1}, []int{1}, []int{3}, false) }, "1 coefficients for 2 cells"},
		{"sum cell twice", func(b *model.Builder) { b.Linear("s", []int{0, 0}, []int{1, 1}, []int{3}, false) }, "twice"},
		{"sum with tuples", func(b *model.Builder) {
			b.AddRule(model.Rule{Kind: model.Sum, Cands: []model.Cand{0}, Payload: model.Payload{Weights: []int32{1}, Totals: []int32{1}, Tuples: []int32{1}}})
		}, "a sum takes no cells or tuples"},
		{"table without tuples", func(b *model.Builder) { b.AddTable("t", []int{0, 1}, nil) }, "no tuples"},
		{"table short tuple", func(b *model.Builder) { b.AddTable("t", []int{0, 1}, [][]int{{1}}) }, "a tuple of 1 values for 2 cells"},
		{"table value", func(b *model.Builder) { b.AddTable("t", []int{0, 1}, [][]int{{1, 4}}) }, "value 4 not in 1..2"},
		{"table cell twice", func(b *model.Builder) { b.AddTable("t", []int{0, 0}, [][]int{{1, 2}}) }, "cell 0 listed twice"},
		{"table cell range", func(b *model.Builder) { b.AddTable("t", []int{0, 9}, [][]int{{1, 2}}) }, "cell 9 value 1"},
		{"table with cands", func(b *model.Builder) {
			b.AddRule(model.Rule{Kind: model.Table, Cands: []model.Cand{0}, Payload: model.Payload{Cells: []int32{0}, Tuples: []int32{1}}})
		}, "a table names cells"},
		{"table with weights", func(b *model.Builder) {
			b.AddRule(model.Rule{Kind: model.Table, Payload: model.Payload{Cells: []int32{0}, Tuples: []int32{1}, Totals: []int32{1}}})
		}, "a table takes no weights"},
		{"condition range", func(b *model.Builder) { b.AddTable("t", []int{0}, [][]int{{1}}, 99) }, "condition candidate 99"},
		{"condition twice", func(b *model.Builder) { b.AddTable("t", []int{0}, [][]int{{1}}, 2, 2) }, "listed twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := model.NewBuilder(4, 2)
			tc.build(b)
			_, err := b.Build()
			require.Error(t, err)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestTableTooLarge(t *testing.T) {
	b := model.NewBuilder(2, 2)
	b.AddRule(model.Rule{Kind: model.Table, Label: "huge", Payload: model.Payload{
		Cells: []int32{0, 1}, Tuples: make([]int32, model.MaxTableValues+2)}})
	_, err := b.Build()
	require.ErrorIs(t, err, model.ErrRule)
	assert.ErrorContains(t, err, `table rule "huge": 2097153 tuples of 2 cells: more than 4194304 values`)
}

// A killer cage: three cells summing to 6 without repeats, referee'd.
func ExampleBuilder_Linear() {
	b := model.NewBuilder(3, 3)
	b.Linear("cage 1", []int{0, 1, 2}, []int{1, 1, 1}, []int{6}, true)
	m, _ := b.Build()
	fmt.Println(model.Check(m, model.Solution{m.Cand(0, 1), m.Cand(1, 2), m.Cand(2, 3)}))
	fmt.Println(model.Check(m, model.Solution{m.Cand(0, 2), m.Cand(1, 2), m.Cand(2, 2)}))
	// Output:
	// <nil>
	// model: check failed: rule 0 (sum, cage 1) repeats a value: c0=2 and c1=2
}
