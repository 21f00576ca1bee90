// Package fpuzzles reads and writes puzzles in the f-puzzles JSON format,
// the interchange format of variant sudoku, whether pasted as JSON, as an
// f-puzzles link or as a SudokuPad link that carries f-puzzles data.
//
// Decode unwraps the container (URL, SudokuPad prefix, lz-string base64),
// reads the JSON (size, grid, metadata and the author's solution here) and
// hands the document, as an fpdoc.Reader, to the codec of every variant
// family that package variants registers (see variants.Families): each
// reads the members it owns and returns its [rules.Variant]s. There is no
// per-constraint code here. Decode never drops a rule silently: a
// constraint sudokit cannot solve, a "negative" name no codec owns or a key
// it does not know is an error listing every such key, and what it reads
// as no rule is named for front ends to warn about: drawings (cages without
// totals, lines, text) in Puzzle.Drawings; metadata, solver settings, the
// members of grid cells it does not read (a solver's marks, colours) and
// values that are not givens in Puzzle.Unused. Encode and URL go
// the other way: each variant goes to its family's codec
// (variants.FamilyOf), which writes into an fpdoc.Writer, and Encode writes
// the members in f-puzzles' order.
//
// Sizes: Decode reads grids of side 4 to 36. Sides with a box shape get it
// (see sudoku.ShapeOf: 4, 6, 8, 9, 10, 12, …, 36); the primes get boxes that
// are whole rows, as f-puzzles draws them, so a 7x7 grid with a region on
// every cell is a jigsaw. f-puzzles itself makes grids of side 1 to
// 16; larger ones come from its large-grid add-on or other tools, and
// SudokuPad opens every size. Encode writes every size Decode reads, so a
// link to a grid above 16x16 opens in SudokuPad, and in f-puzzles only with
// that add-on.
//
// Naming: doc is the JSON document, ref an "R{row}C{col}" cell reference
// (counted from 1), key a top-level JSON member such as "thermometer".
package fpuzzles
