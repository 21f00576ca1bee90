package sudoku_test

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

func ExampleParse() {
	g, err := sudoku.Parse("1.3.....4...2...  a 4x4 puzzle", sudoku.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Shape, g.Givens(), g.Line())

	_, err = sudoku.Parse("1.3.....4...2..?", sudoku.ParseOptions{})
	fmt.Println(err)
	// Output:
	// 2x2 4 1.3.....4...2...
	// sudoku: parse: line 1, column 16: unknown symbol '?' at r4c4
}

func ExampleParse_hex() {
	// A '0' among '.' blanks is a value: this 16x16 grid is written 0-9A-F.
	line := "0.3.F" + strings.Repeat(".", 251)
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Alphabet, g.At(0, 0), g.At(0, 2), g.At(0, 4))
	// Output:
	// 0-9A-Z 1 4 16
}

func ExampleGrid_Pretty() {
	g, err := sudoku.Parse("1......2......3......4......5......6", sudoku.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(g.Pretty())
	// Output:
	// 1 . . | . . .
	// . 2 . | . . .
	// ------+------
	// . . 3 | . . .
	// . . . | 4 . .
	// ------+------
	// . . . | . 5 .
	// . . . | . . 6
}

func ExampleScanner() {
	input := `# one puzzle per line, or one per grid block
1.3.....4...2...
1.3.....4...2..
[Puzzle]
12|34
34|12
-----
21|43
43|21
`
	sc := sudoku.NewScanner(strings.NewReader(input), sudoku.ParseOptions{})
	for sc.Scan() {
		p := sc.Puzzle()
		if p.Err != nil {
			fmt.Println(p.Err)
			continue
		}
		fmt.Println(p.Line, p.Grid.Line())
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 2 1.3.....4...2...
	// sudoku: parse: line 3: 15 symbols: not a square grid (want 16, 36, 81, 144, 256 or 625, or N*N for another side N)
	// 5 1234341221434321
}
