package sudokit_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// Example_library solves a diagonal sudoku through the library: parse,
// build the model, solve with two backends, referee the answer and decode
// it back into digits.
func Example_library() {
	g, err := sudoku.Parse("73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5", sudoku.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := rules.Build(g, variants.Diagonal{}) // candidates and rules
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []model.Solver{dlx.New(), sat.New()} {
		res, err := s.Solve(context.Background(), m, model.Options{Limit: 2}) // Limit 2 proves uniqueness
		if err != nil {
			fmt.Println(err)
			return
		}
		if res.Status != model.Unique { // none, multiple, or unknown when stopped early
			fmt.Println(res.Status, res.Stop)
			return
		}
		if err := model.Check(m, res.Solutions[0]); err != nil { // the referee
			fmt.Println(err)
			return
		}
		solution, err := rules.Decode(g.Shape, res.Solutions[0]) // candidates back to digits
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.Status, solution.Line())
	}
	// Output:
	// unique 739521864812764593564398712921845637657139248348276159276453981485917326193682475
	// unique 739521864812764593564398712921845637657139248348276159276453981485917326193682475
}

// Example_count counts every solution of a puzzle without keeping any, and
// tells an exact count from one a limit or a stop cut short.
func Example_count() {
	g, err := sudoku.Parse("73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5", sudoku.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := rules.Build(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 0, Keep: model.KeepNone})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Count, res.Exact, len(res.Solutions))

	res, err = dlx.New().Solve(context.Background(), m, model.Options{Limit: 0, Keep: model.KeepNone, Nodes: 1000})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Stop, res.Exact)
	// Output:
	// 499035 true 0
	// multiple node limit false
}
