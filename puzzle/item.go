package puzzle

import (
	"fmt"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// An Item is one puzzle read from an input, or the error reading it.
type Item struct {
	Index  int    // 0-based position among all puzzles read
	Source string // "stdin", a file name, "arg 2" or "sample"
	Line   int    // line in the source where the puzzle starts (1-based)
	Text   string // the puzzle as read (or, for a sample, its name)
	Grid   sudoku.Grid
	Block  bool // the puzzle was a block of rows rather than one line
	// Own are the rule sets that came with the puzzle (an f-puzzles file,
	// a jigsaw layout, a sample's variants); they add to the caller's.
	Own []rules.Variant
	// Stored is the solution an f-puzzles file gives, if any.
	Stored *sudoku.Grid
	// Title, Author and Rules are an f-puzzles file's metadata (Rules its
	// "ruleset" text), which convert writes back.
	Title, Author, Rules string
	// Rating and Technique are what a library line says of the puzzle:
	// Sudoku Explainer's rating "ER/EP/ED" and the technique that follows
	// it, or the HoDoKu technique the line tests (see forum.Entry).
	Rating, Technique string
	// Mixed lists the lines of a text puzzle that write blanks with more
	// than one symbol.
	Mixed []sudoku.MixedBlank
	Err   error
}

// Where names the item's place for messages: "puzzles.txt:12", or the
// argument alone for a file that could not be read.
func (it Item) Where() string {
	if it.Line == 0 {
		return it.Source // a file that could not be read
	}
	return fmt.Sprintf("%s:%d", it.Source, it.Line)
}
