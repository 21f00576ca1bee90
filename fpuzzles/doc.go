// Package fpuzzles reads and writes puzzles in the f-puzzles JSON format,
// the interchange format of variant sudoku, whether pasted as JSON, as an
// f-puzzles link or as a SudokuPad link that carries f-puzzles data.
//
// Decode unwraps the container (URL, SudokuPad prefix, lz-string base64),
// reads the JSON and maps each constraint onto a [sudoku.Variant] from
// package variants. It never drops a rule silently: a constraint sudokit
// cannot solve, or a key it does not know, is an error listing every such
// key, while purely cosmetic keys (colours, drawn lines, text) are ignored.
// Encode and URL go the other way.
//
// Naming: doc is the JSON document, ref an "R{row}C{col}" cell reference
// (counted from 1), key a top-level JSON member such as "thermometer".
package fpuzzles
