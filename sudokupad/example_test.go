package sudokupad_test

import (
	"fmt"

	"github.com/sudokit/sudokit/sudokupad"
)

// A killer cage in SudokuPad's zipped form: unquoted short member names
// ("ce" cells, "re" regions, "ca" cages, "v" value) and single quotes.
func ExampleOptions_DecodeJSON() {
	p, err := sudokupad.Options{}.DecodeJSON(`{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],` +
		`re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],` +
		`ca:[{v:'title: Tiny killer'},{ce:[[0,1],[0,2]],v:5}]}`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Title, p.Grid, p.Variants[0].Name())
	// Output: Tiny killer 1............... killer
}
