package fpuzzles_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// ExampleDecode reads a 4x4 thermometer puzzle pasted as f-puzzles JSON and
// solves it.
func ExampleDecode() {
	p, err := fpuzzles.Decode(`{"size":4,"title":"Warm-up","grid":[
		[{},{},{},{}],[{"value":3,"given":true},{},{},{}],[{},{},{},{"value":1,"given":true}],[{"value":2,"given":true},{},{},{}]],
		"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}],
		"cage":[{"cells":["R4C1"],"value":"a note"}]}`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range p.Variants {
		fmt.Println(p.Title+":", v.Name())
	}
	m, err := rules.Build(p.Grid, p.Variants...)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := rules.Decode(p.Grid.Shape, res.Solutions[0])
	fmt.Println(res.Status, g.Line())
	// Output:
	// Warm-up: thermo
	// unique 1234341243212143
}

// ExampleURL writes a puzzle as links that open it on f-puzzles and on
// SudokuPad.
func ExampleURL() {
	g, _ := sudoku.Parse("1...........4...", sudoku.ParseOptions{})
	p := &fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.AntiKing{}}}
	js, _ := fpuzzles.Encode(p)
	fmt.Println(js)
	f, s, err := fpuzzles.URL(p)
	fmt.Println(len(f) > 30, len(s) > 30, err)
	back, _ := fpuzzles.Decode(s)
	fmt.Println(back.Grid.Line(), back.Variants[0].Name())
	// Output:
	// {"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{"value":4,"given":true},{},{},{}]],"antiking":true}
	// true true <nil>
	// 1...........4... antiking
}
