package rules_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// parityCages is an arithmetic rule set of our own: each cage's digits add
// up to an even number. It lowers to one Sum rule per cage whose totals are
// every even number the cage can reach, so no backend needs to know it.
type parityCages [][]sudoku.Cell

func (parityCages) Name() string { return "parity-cages" }

func (p parityCages) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, cage := range p {
		coefs := make([]int, len(cage))
		for k := range coefs {
			coefs[k] = 1
		}
		var evens []int
		for t := len(cage); t <= n*len(cage); t++ {
			if t%2 == 0 {
				evens = append(evens, t)
			}
		}
		b.Sum(fmt.Sprintf("parity cage %d", i+1), cage, coefs, evens, false)
	}
	return b.Model().Err()
}

// productCage is another: the digits of its cells, all different, multiply
// to Product. It lowers to a Table rule listing every such tuple.
type productCage struct {
	Cells   []sudoku.Cell
	Product int
}

func (productCage) Name() string { return "product-cage" }

func (c productCage) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	var tuples [][]int
	var walk func(t []int, prod int)
	walk = func(t []int, prod int) {
		if len(t) == len(c.Cells) {
			if prod == c.Product {
				tuples = append(tuples, append([]int(nil), t...))
			}
			return
		}
		for v := 1; v <= n; v++ {
			fresh := true
			for _, u := range t {
				fresh = fresh && u != v
			}
			if fresh {
				walk(append(t, v), prod*v)
			}
		}
	}
	walk(nil, 1)
	if len(tuples) == 0 {
		return fmt.Errorf("product cage: no %d different digits multiply to %d", len(c.Cells), c.Product)
	}
	b.Table("product cage", c.Cells, tuples)
	return b.Model().Err()
}

// arithmeticPuzzle is a 4x4 grid with two givens, three parity cages and a
// product cage of 12 in the top right.
func arithmeticPuzzle() (sudoku.Grid, []rules.Variant) {
	g, err := sudoku.Parse("1...2...........", sudoku.ParseOptions{})
	if err != nil {
		panic(err)
	}
	at := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r - 1, Col: c - 1} }
	return g, []rules.Variant{
		parityCages{{at(1, 1), at(1, 2)}, {at(2, 3), at(3, 3)}, {at(4, 1), at(4, 2), at(4, 3)}},
		productCage{Cells: []sudoku.Cell{at(1, 4), at(2, 4)}, Product: 12},
	}
}

// Example_arithmeticRules defines two arithmetic rule sets outside the
// variants package, parity cages on the Sum rule kind and a product cage
// on the Table kind, and solves a puzzle that needs both on the DLX and
// the SAT backend.
func Example_arithmeticRules() {
	g, vs := arithmeticPuzzle()
	m, err := rules.Build(g, vs...)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []struct {
		name   string
		solver model.Solver
	}{{"dlx", dlx.New()}, {"sat", sat.New()}} {
		res, err := s.solver.Solve(context.Background(), m, model.Options{Limit: 2})
		if err != nil {
			fmt.Println(err)
			return
		}
		sol, err := rules.Decode(g.Shape, res.Solutions[0])
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s.name, res.Status, sol.Line())
	}
	classic, _ := rules.Build(g)
	res, _ := dlx.New().Solve(context.Background(), classic, model.Options{})
	fmt.Println("without the cages:", len(res.Solutions), "solutions")
	// Output:
	// dlx unique 1324241342313142
	// sat unique 1324241342313142
	// without the cages: 24 solutions
}

// TestArithmeticRulesReject: the referee refuses grids that break a rule
// set, naming the broken rule, and accepts the solution. Each relabelling
// below is still a sudoku, so only the rule set can refuse it.
func TestArithmeticRulesReject(t *testing.T) {
	g, vs := arithmeticPuzzle()
	check := func(v rules.Variant, vals string) error {
		m, err := rules.Build(sudoku.NewGrid(g.Shape), v)
		require.NoError(t, err)
		sol := make(model.Solution, len(vals))
		for i, ch := range vals {
			sol[i] = m.Cand(i, int(ch-'0'))
		}
		return model.Check(m, sol)
	}
	const solution = "1324241342313142"
	for _, v := range vs {
		require.NoError(t, check(v, solution))
	}
	// 1<->4 and 2<->3: the top right multiplies to 1*2.
	require.ErrorContains(t, check(vs[1], "4231314213242413"), "product cage")
	// 3<->4: still 12 in the top right, but the first cage adds up to 1+4.
	require.NoError(t, check(vs[1], "1423231432414132"))
	require.ErrorContains(t, check(vs[0], "1423231432414132"), "parity cage 1")
}

// TestProductCageImpossible: a product no digits reach is an error, not
// an empty table.
func TestProductCageImpossible(t *testing.T) {
	s, err := sudoku.ShapeOf(4)
	require.NoError(t, err)
	_, err = rules.New(s, productCage{Cells: []sudoku.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, Product: 7})
	require.ErrorContains(t, err, "no 2 different digits multiply to 7")
}
