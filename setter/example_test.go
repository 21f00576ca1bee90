package setter_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// The true candidates of a 4x4 puzzle with two givens: r1c2 can hold only
// 2 or 3 in a solution.
func ExampleTrueCandidates() {
	g, _ := sudoku.Parse("1............4..", sudoku.ParseOptions{})
	m, _ := rules.Build(g)
	tc, _ := setter.TrueCandidates(context.Background(), m, dlx.New(), 0)
	yes, unknown := tc.Digits(1)
	fmt.Println(yes, unknown, tc.Undecided())
	// Output: [2 3] [] 0
}

// A 4x4 killer with one given short of unique: the givens that would make
// it unique.
func ExampleSuggest() {
	cage := func(total int, cells ...sudoku.Cell) variants.Cage { return variants.Cage{Cells: cells, Total: total} }
	k := variants.Killer{Cages: []variants.Cage{
		cage(4, c(1, 1), c(2, 1)), cage(5, c(1, 2), c(1, 3)), cage(5, c(2, 2), c(3, 2)),
	}}
	g, _ := sudoku.Parse("...4............", sudoku.ParseOptions{})
	rs, _ := rules.New(g.Shape, k)
	s, _ := setter.Suggest(context.Background(), rs, g, dlx.New(), setter.SuggestOptions{Max: 3})
	fmt.Println(s.Status, s.Sample, s.Exact)
	for _, a := range s.Additions {
		fmt.Println(a, a.Status)
	}
	// Output:
	// multiple 3 true
	// r2c3=2 unique
	// r2c4=1 unique
	// r3c1=4 unique
}

// A unique 4x4 killer: which cages could go.
func ExampleRedundant() {
	g, _ := sudoku.Parse("...4............", sudoku.ParseOptions{})
	rs, _ := rules.New(g.Shape, killer4)
	r, _ := setter.Redundant(context.Background(), rs, g, dlx.New(), 0)
	fmt.Println("givens:", r.Givens)
	for _, p := range r.Parts {
		fmt.Println(p.Name)
	}
	// Output:
	// givens: [r1c4]
	// killer cage 1 (r1c1 r2c1 = 4)
	// killer cage 3 (r2c2 r3c2 = 5)
	// killer cage 4 (r3c3 r4c3 = 6)
	// killer cage 5 (r2c4 r3c4 = 5)
}

// Knuth's estimate of the 288 solutions of the empty 4x4 grid.
func ExampleEstimateCount() {
	g, _ := sudoku.Parse("................", sudoku.ParseOptions{})
	m, _ := rules.Build(g)
	e, _ := setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: 1000, Seed: 1})
	fmt.Printf("%.0f ± %.0f from %d probes\n", e.Mean, e.StdErr, e.Probes)
	// Output: 288 ± 3 from 1000 probes
}
