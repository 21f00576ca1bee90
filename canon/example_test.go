package canon_test

import (
	"fmt"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

// The canonical form of a puzzle and of the same puzzle turned upside
// down with its values renamed are one string.
func ExampleOf() {
	a, _ := sudoku.Parse("3.9...4..2..7.9....87......75..6.23.6..9.4..8.28.5..41......59....1.6..7..6...1.4", sudoku.ParseOptions{})
	b, _ := sudoku.Parse("6.9...4..3..4.9....15......96..5.28.2..6.1..4.78.4..53......32....1.3..8..6...1.7", sudoku.ParseOptions{})
	ca, _ := canon.Of(a)
	cb, _ := canon.Of(b)
	fmt.Println(ca.Line())
	fmt.Println(cb.Line())
	// Output:
	// .......12.....34.5.25...6......37..8...5.9....78.2.....53.1.8..8..4.629.9..37..61
	// .......12.....34.5.25...6......37..8...5.9....78.2.....53.1.8..8..4.629.9..37..61
}

// A Form reuses its buffers: canonicalise many grids of one shape with
// one Form per goroutine. Every full grid's form starts with its values
// in order.
func ExampleForm_Canon() {
	f, _ := canon.New(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	form, _ := f.Canon(nil, []int{
		3, 4, 1, 2,
		1, 2, 3, 4,
		4, 3, 2, 1,
		2, 1, 4, 3,
	})
	fmt.Println(form)
	// Output:
	// [1 2 3 4 3 4 1 2 2 1 4 3 4 3 2 1]
}

func ExampleSymmetries() {
	fmt.Println(canon.Symmetries(sudoku.Shape{BoxRows: 3, BoxCols: 3}))
	fmt.Println(canon.Symmetries(sudoku.Shape{BoxRows: 2, BoxCols: 3}))
	// Output:
	// 3359232
	// 3456
}
