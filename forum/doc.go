// Package forum reads and writes the plain-text puzzle formats of the
// sudoku forums and of the solvers built around them, one puzzle a line:
//
//   - the 81-character killer line of the enjoysudoku.com forum ("killer
//     cages you can snarf"), which sigh's Interactive Sudoku Solver calls
//     its short killer format: each cell is its cage's total (0-9, A=10 …
//     Z=35, a=36 … j=45) when it heads the cage, or an arrow to the next
//     cell of its cage (< > ^ v, ` up-left, ' up-right, , down-left, .
//     down-right);
//   - SudoCue's killer line, the long format: "3x3:" then "d" for a
//     killer-X (both diagonals) or nothing, ":k:", then 81 numbers
//     total*256 + cage number (a number below 256 is a cell in no cage),
//     each followed by ':';
//   - library lines of HoDoKu and Sudoku Explainer: a puzzle followed by
//     its rating and techniques (see ParseLibrary).
//
// Killer lines carry 9x9 killers with no givens; ParseKiller reads both
// forms and EncodeKiller writes them. The package owns no rule: the cages
// are variants.Killer, the diagonals variants.Diagonal.
package forum
