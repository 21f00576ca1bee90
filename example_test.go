package sudokit_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// Example_library solves a diagonal sudoku through the library: parse,
// build the model, solve with two backends, referee the answer.
func Example_library() {
	g, err := sudoku.Parse("73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5", sudoku.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := sudoku.Build(g, variants.Diagonal{}) // candidates and rules
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
		solution, _ := sudoku.Decode(g.Shape, res.Solutions[0])
		fmt.Println(res.Status, solution.Line(), model.Check(m, res.Solutions[0]) == nil)
	}
	// Output:
	// unique 739521864812764593564398712921845637657139248348276159276453981485917326193682475 true
	// unique 739521864812764593564398712921845637657139248348276159276453981485917326193682475 true
}
