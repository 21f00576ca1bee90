package generate_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
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

// Example_killer makes a cages-only killer: no givens, cages of two cells
// or more, written as an f-puzzles link by the CLI.
func Example_killer() {
	g, err := generate.New(generate.Options{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 2}, Solver: prop.New(), Killer: true, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Puzzle(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	k := p.Variants[0].(variants.Killer)
	smallest := len(k.Cages[0].Cells)
	for _, c := range k.Cages {
		smallest = min(smallest, len(c.Cells))
	}
	fmt.Println(p.Givens, smallest >= 2, p.Solution.Line())
	// Output: 0 true 3124241313424231
}
