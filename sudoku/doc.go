// Package sudoku owns sudoku grids of every box shape (4x4 to 36x36): the
// Shape of a grid, its cells, houses and the Grid of givens, the Alphabet
// of symbols, and the text formats people exchange puzzles in (Parse,
// Scanner, Line, Pretty). It knows nothing of constraint models: package
// rules turns a grid and its rule sets into a model.
//
// Rows, columns and values are counted from 0, 0 and 1; cell (r, c) of an
// N x N grid is cell r*N + c, which is also its cell in a model built by
// package rules.
package sudoku
