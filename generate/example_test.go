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

// Example_thermos draws thermometers for a 6x6 puzzle from its solution:
// the digits increase from each bulb, and the thermometers stand in for
// most givens (without them, the givens have several solutions).
func Example_thermos() {
	g, err := generate.New(generate.Options{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}, Solver: prop.New(), Clues: generate.Thermos, Seed: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := g.Puzzle(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Grid.Line(), p.WithoutClues)
	for _, line := range p.Variants[0].(variants.Thermo).Lines {
		var digits []int
		for _, c := range line {
			digits = append(digits, p.Solution.At(c.Row, c.Col))
		}
		fmt.Println(line, digits)
	}
	// Output:
	// .....4..2.....4........2....3....... multiple
	// [r1c6 r1c5 r2c6] [4 5 6]
	// [r6c6 r6c5 r5c5 r6c4 r5c4] [1 2 3 4 6]
	// [r1c4 r2c4 r3c5] [2 3 6]
	// [r5c3 r6c3 r6c2 r6c1] [1 3 5 6]
	// [r1c2 r2c2 r1c3] [3 4 6]
}
