package solvertest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/model"
)

// BruteForce returns every solution of m: every assignment of values to
// cells that model.Check accepts, in enumeration order. It shares no code
// with any backend and is for models of a few thousand assignments.
func BruteForce(m *model.Model) []model.Solution {
	sol := make(model.Solution, m.Cells())
	var out []model.Solution
	var walk func(cell int)
	walk = func(cell int) {
		if cell == len(sol) {
			if model.Check(m, sol) == nil {
				out = append(out, slices.Clone(sol))
			}
			return
		}
		for v := 1; v <= m.Values(); v++ {
			sol[cell] = m.Cand(cell, v)
			walk(cell + 1)
		}
	}
	walk(0)
	return out
}

// NaryCases are small models (5 cells of values 1..4, no houses unless
// said; build them with NaryModel) with Sum and Table rules, for tests that
// compare a backend with BruteForce.
var NaryCases = []struct {
	Name string
	Add  func(b *model.Builder)
}{
	{"plain sum", func(b *model.Builder) { b.Linear("sum", []int{0, 1, 2, 3}, []int{1, 1, 1, 1}, []int{7, 9}, false) }},
	{"distinct sum", func(b *model.Builder) { b.Linear("cage", []int{0, 1, 2}, []int{1, 1, 1}, []int{7}, true) }},
	{"conditional sum", func(b *model.Builder) {
		b.Linear("x-sum", []int{1, 2}, []int{1, 1}, []int{5}, false, b.Cand(0, 2))
		b.Linear("sandwich", []int{2, 3}, []int{1, 1}, []int{4}, true, b.Cand(0, 1), b.Cand(4, 4))
	}},
	{"condition after the scope", func(b *model.Builder) {
		b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{3}, true, b.Cand(4, 1))
	}},
	{"arrow", func(b *model.Builder) { b.Linear("arrow", []int{0, 1, 2}, []int{-1, 1, 1}, []int{0}, false) }},
	{"circle last", func(b *model.Builder) { b.Linear("arrow", []int{0, 1, 4}, []int{1, 1, -1}, []int{0}, false) }},
	{"pill", func(b *model.Builder) {
		b.Linear("pill", []int{0, 1, 2, 3, 4}, []int{-10, -1, 4, 4, 4}, []int{0, 1}, false)
	}},
	{"count", func(b *model.Builder) {
		b.AddRule(model.Rule{Kind: model.Sum, Label: "twos", Cands: []model.Cand{b.Cand(0, 2), b.Cand(1, 2), b.Cand(2, 2), b.Cand(3, 2), b.Cand(3, 4)},
			Payload: model.Payload{Weights: []int32{1, 1, 1, 1, -2}, Totals: []int32{-1, 2}}})
	}},
	{"sum with houses", func(b *model.Builder) {
		b.House("row", []int{0, 1, 2, 3})
		b.Linear("cage", []int{0, 1}, []int{1, 1}, []int{3, 7}, true)
		b.Linear("cage", []int{3, 4}, []int{2, 1}, []int{9}, true)
	}},
	{"table", func(b *model.Builder) {
		b.AddTable("between", []int{0, 2, 1}, [][]int{{1, 4, 2}, {1, 4, 3}, {4, 1, 3}, {2, 4, 3}})
	}},
	{"conditional table", func(b *model.Builder) {
		b.AddTable("clone", []int{1, 3}, [][]int{{1, 1}, {2, 2}, {3, 3}}, b.Cand(4, 4))
		b.AddTable("pair", []int{0, 4}, [][]int{{1, 4}, {2, 3}, {3, 3}, {4, 1}}, b.Cand(2, 1), b.Cand(3, 2))
	}},
	{"sum and table", func(b *model.Builder) {
		b.Add(model.AtMostOne, b.Cand(0, 1), b.Cand(1, 1))
		b.Linear("sum", []int{0, 1, 2}, []int{1, 2, 3}, []int{10, 12, 14}, false, b.Cand(4, 2))
		b.AddTable("t", []int{2, 3}, [][]int{{1, 2}, {2, 3}, {3, 4}, {4, 1}})
	}},
	{"impossible sum", func(b *model.Builder) { b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{9}, false) }},
	{"impossible conditional sum", func(b *model.Builder) {
		b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{9}, false, b.Cand(2, 3))
	}},
}

// NaryModel builds a case of NaryCases: 5 cells of values 1..4.
func NaryModel(tb testing.TB, add func(b *model.Builder)) *model.Model {
	tb.Helper()
	b := model.NewBuilder(5, 4)
	add(b)
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// RandomNary returns a random small model for comparing a backend with
// BruteForce: 5 cells of values 1..4, one to three Sum or Table rules over
// random cells (random weights, totals, distinct flags and conditions),
// and sometimes a given. It has no houses, so it may have many solutions
// or none.
func RandomNary(tb testing.TB, rng *rand.Rand) *model.Model {
	b := model.NewBuilder(5, 4)
	cand := func() model.Cand { return b.Cand(rng.IntN(5), 1+rng.IntN(4)) }
	for range 1 + rng.IntN(3) {
		var when []model.Cand
		if rng.IntN(3) == 0 {
			when = append(when, cand())
		}
		cells := rng.Perm(5)[:1+rng.IntN(4)]
		slices.Sort(cells)
		if rng.IntN(3) == 0 {
			var tuples [][]int
			for range 1 + rng.IntN(6) {
				tu := make([]int, len(cells))
				for k := range tu {
					tu[k] = 1 + rng.IntN(4)
				}
				tuples = append(tuples, tu)
			}
			b.AddTable("t", cells, tuples, when...)
			continue
		}
		var cands []model.Cand
		var weights []int32
		for _, cell := range cells {
			for v := 1; v <= 4; v++ {
				if rng.IntN(4) > 0 {
					cands = append(cands, b.Cand(cell, v))
					weights = append(weights, int32(rng.IntN(7)-3))
				}
			}
		}
		if len(cands) == 0 {
			continue
		}
		var totals []int32
		for t := int32(-6); t <= 6; t++ {
			if rng.IntN(3) == 0 {
				totals = append(totals, t)
			}
		}
		if len(totals) == 0 {
			totals = []int32{0}
		}
		b.AddRule(model.Rule{Kind: model.Sum, Label: "s", Cands: cands,
			Payload: model.Payload{Weights: weights, Totals: totals, Distinct: rng.IntN(3) == 0, When: when}})
	}
	if rng.IntN(2) == 0 {
		b.Fix(cand())
	}
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}
