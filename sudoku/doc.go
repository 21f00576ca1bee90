// Package sudoku owns sudoku grids of every box shape (4x4 to 25x25 and
// beyond): the Shape of a grid, the Grid of givens, the text formats people
// exchange puzzles in, and the standard rules built into a [model.Model].
//
// Rows, columns and values are counted from 0, 0 and 1. Cell (r, c) of an
// N x N grid is cell r*N + c of the model, and the candidate for value v in
// it is (r*N + c)*N + v - 1, so a model's candidates, a DIMACS variable
// (candidate + 1) and a grid position map onto each other directly.
//
// Rule sets beyond the standard ones (diagonals, anti-knight, jigsaw
// regions …) implement [Variant] and add their rules through a [Builder];
// package variants holds the named ones.
package sudoku
