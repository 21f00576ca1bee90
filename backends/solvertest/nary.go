package solvertest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/model"
)

// naryExtras are 4x4 rule sets built from the n-ary kinds, each added to the
// Latin square with boxes (cells numbered row by row, 0..15).
var naryExtras = []struct {
	name string
	add  func(b *model.Builder)
}{
	{"killer cage", func(b *model.Builder) { b.Linear("cage", []int{0, 1, 4}, []int{1, 1, 1}, []int{7}, true) }},
	{"sum with repeats", func(b *model.Builder) {
		b.Linear("little killer", []int{3, 6, 9, 12}, []int{1, 1, 1, 1}, []int{9}, false)
	}},
	{"arrow", func(b *model.Builder) { b.Linear("arrow", []int{5, 6, 10}, []int{-1, 1, 1}, []int{0}, false) }},
	{"two-digit circle", func(b *model.Builder) {
		b.Linear("pill", []int{0, 1, 4, 8, 12, 13}, []int{-10, -1, 1, 1, 1, 1}, []int{0}, false)
	}},
	{"several totals", func(b *model.Builder) { b.Linear("odd pair", []int{2, 7}, []int{1, 1}, []int{3, 5, 7}, false) }},
	{"count of a digit", func(b *model.Builder) {
		cands := []model.Cand{b.Cand(0, 1), b.Cand(5, 1), b.Cand(10, 1), b.Cand(15, 1)}
		b.AddRule(model.Rule{Kind: model.Sum, Cands: cands, Label: "ones on the diagonal",
			Payload: model.Payload{Weights: []int32{1, 1, 1, 1}, Totals: []int32{0, 2}}})
	}},
	{"conditional sum", func(b *model.Builder) {
		b.Linear("x-sum", []int{0, 1}, []int{1, 1}, []int{5}, true, b.Cand(0, 2))
		b.Linear("x-sum", []int{0, 1, 2}, []int{1, 1, 1}, []int{6}, true, b.Cand(0, 3))
	}},
	{"sandwich", func(b *model.Builder) {
		b.Linear("sandwich", []int{5}, []int{1}, []int{2}, true, b.Cand(4, 1), b.Cand(6, 4))
		b.Linear("sandwich", []int{5}, []int{1}, []int{2}, true, b.Cand(4, 4), b.Cand(6, 1))
	}},
	{"between line", func(b *model.Builder) {
		var tuples [][]int
		for x := 1; x <= 4; x++ {
			for y := 1; y <= 4; y++ {
				for z := 1; z <= 4; z++ {
					if x < z && z < y || y < z && z < x {
						tuples = append(tuples, []int{x, y, z})
					}
				}
			}
		}
		b.AddTable("between", []int{12, 15, 13}, tuples)
	}},
	{"conditional table", func(b *model.Builder) {
		b.AddTable("clone", []int{0, 10}, [][]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}}, b.Cand(15, 4))
	}},
	{"sum and table", func(b *model.Builder) {
		b.Linear("cage", []int{2, 3}, []int{1, 1}, []int{4, 6}, true)
		b.AddTable("pair", []int{8, 9}, [][]int{{1, 2}, {2, 1}, {3, 4}})
	}},
}

// naryLatin returns the 4x4 Latin square with boxes and the rules add
// adds (a case of naryExtras, named name).
func naryLatin(tb testing.TB, name string, add func(b *model.Builder)) *model.Model {
	tb.Helper()
	b := latin(2, 2)
	add(b)
	m, err := b.Build()
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return m
}

// testNary solves 4x4 models with Sum and Table rules under random givens
// and compares every count with the enumeration.
func testNary(t *testing.T, s model.Solver) {
	rng := rand.New(rand.NewPCG(10, 7))
	for _, x := range naryExtras {
		base := naryLatin(t, x.name, x.add)
		found := false
		for j := range 4 {
			var fixed, excluded []model.Cand
			for range j {
				fixed = append(fixed, model.Cand(rng.IntN(base.NumCands())))
				excluded = append(excluded, model.Cand(rng.IntN(base.NumCands())))
			}
			m, err := base.WithGivens(fixed, excluded)
			if err != nil {
				t.Fatal(err)
			}
			total := Count(m, 0)
			found = found || total > 0
			name := fmt.Sprintf("%s givens %d", x.name, j)
			solve(t, s, name, m, model.Options{}, total)
			solve(t, s, name, m, model.Options{Limit: 1}, total)
			solve(t, s, name, m, model.Options{Limit: 2}, total)
		}
		if !found {
			t.Errorf("%s: no case has a solution: the case tests nothing", x.name)
		}
	}
}
