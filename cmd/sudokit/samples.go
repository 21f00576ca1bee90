package main

import (
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// A sample is a built-in puzzle that compare runs when given no input, so
// that a fresh checkout shows both backends at work.
type sample struct {
	name, variants, puzzle string
}

// samples: a generated easy puzzle and a 17-clue one (easy for both
// backends), three hard ones, a diagonal puzzle, and small and
// large grids. All have exactly one solution.
var samples = []sample{
	{"easy (qqwing)", "", "......31..1...35.778......994....1.2............92..75......934.2419.75...8......"},
	{"17 clues (sudoku17 #1)", "", ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."},
	{"top95 #1", "", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"},
	{"Easter Monster", "", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"},
	{"hardest.txt #1", "", "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."},
	{"diagonal", "diagonal", "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"},
	{"4x4", "", "1.3....4..4....1"},
	{"6x6 (2x3 boxes)", "", "....626...4..........123.3......2..6"},
	{"16x16", "", "............F.B5B...34..FE..6....E4.B..2.3...C81.....D.7.512.3..39..AE.C.64......1.D.6.8...G2..47A5.F9.....1..C..6.....4A......3..1..8.D...A........1..G..6...5..5..E...8G7.1...D8F..7.3.....A6.1.9.....3F.....G.B...F8......72.5...7...9..6.B.DA...D2E17.B..8.6"},
}

// sampleItems returns the samples as items, each with its rule sets.
func sampleItems() []puzzle.Item {
	items := make([]puzzle.Item, len(samples))
	for i, s := range samples {
		g, err := sudoku.Parse(s.puzzle, sudoku.ParseOptions{})
		own, verr := variants.ParseList(s.variants)
		if err == nil {
			err = verr
		}
		items[i] = puzzle.Item{Source: "sample", Line: i + 1, Text: s.name, Grid: g, Own: own, Err: err}
	}
	return items
}
