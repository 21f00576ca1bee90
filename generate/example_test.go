package generate_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

// Example generates a puzzle with a seed: the same seed gives it again.
func Example() {
	g, err := generate.New(generate.Options{Shape: sudoku.Shape{BoxRows: 3, BoxCols: 3}, Solver: prop.New(), Symmetry: generate.Rotate180, Minimal: true, Seed: 2024})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Puzzle(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Givens == p.Grid.Givens(), p.Minimal, p.Symmetry)
	// Output: true true rotate180
}
