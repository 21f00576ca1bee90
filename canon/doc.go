// Package canon computes minlex canonical forms of sudoku grids: one
// representative of all the grids that are the same puzzle up to the
// symmetries of the grid and a relabelling of the values, so that two
// puzzles are the same exactly when their forms are equal.
//
// # The convention
//
// The symmetries of an N x N grid with R x C boxes are the permutations of
// its bands (N/R bands of R rows), of the rows within each band, of its
// stacks (N/C stacks of C columns), of the columns within each stack, and
// the transposition when the boxes are square (R = C). For 9x9 these are
// 6^8 * 2 = 3,359,232 transformations; rotations and reflections are among
// them. A grid with 2x3 boxes has no transposition (it would make 3x2
// boxes, another shape), so 2x3 and 3x2 grids are canonicalised apart.
//
// For each transformation, the grid is read row by row as a string of N*N
// values with blanks as 0, and the values are relabelled in order of first
// appearance (the first value read becomes 1, the next new one 2, ...).
// The canonical (minlex) form is the smallest of these strings. This is
// the "smallest number, empty cells 0" choice of the sudoku forums, used
// for puzzles and full grids alike: a full grid's form starts with
// 123456789, and a puzzle's starts with as many blanks as its givens
// allow. It needs no solution, so invalid and multi-solution puzzles have
// forms too. It is not the other convention that places a puzzle by the
// minlex form of its solution.
//
// # The search
//
// A Form searches the group as a tree and prunes it with the best string
// found so far, rows first and cells within rows:
//
//   - The first row of the form has as many leading blanks as the best row
//     of the grid allows: only rows (of either orientation) whose stacks'
//     given counts, in increasing order, are the smallest can come first.
//   - With the first row and the order of the rest of its band chosen, the
//     columns are chosen one at a time, stack by stack; each choice writes
//     one cell of the first row, compared at once with the best.
//   - While columns are chosen, the rest of the first row is bounded by
//     the smallest it can still become, and the second row's placed cells
//     are compared too, a value with no label yet counting as the smallest
//     label it may still get. When the rest of the first row is all givens
//     (as in every full grid), that bound is greedy: each value's column
//     takes, in order, the first position it can still get, the smallest
//     sequence any order of the remaining columns can give. In full grids
//     this cuts the 1,296 column orders to a handful.
//   - When the second row needs the next label for its first undecided
//     cell, only the column holding that value is tried next.
//   - Rows (columns) equal to another of their band (stack), and bands
//     (stacks) equal to another, are twins: swapping them changes
//     nothing, so only the first free one of each set is tried. Blank
//     rows and columns make most of them, and the empty grid is searched
//     in about 2,000 choices.
//   - The other bands and their rows are then chosen row by row, each row
//     compared with the best as it is written.
//   - The likely best is tried first: the stacks and columns blank in the
//     top band's first rows, and the lower rows smallest as they would be
//     written. The first grid reached is then close to the form, and the
//     rest is cut early; once a lower row is above the best, the rows
//     after it in that order are too, and are skipped.
//
// A branch stops as soon as its string is above the best; it continues
// while equal, since it may still fall below. Labels are undone on the
// way back, and all buffers are the Form's fixed arrays, so the search
// allocates nothing. Its work is bounded by the group (a few times
// 3,359,232 choices for 9x9); in practice a 9x9 grid takes about 1,900
// choices and a puzzle about 900 to 1,500 (BENCHMARKS.md).
//
// # Sizes and variants
//
// Grids up to 9x9 of every box shape are canonicalised (4x4, 2x3, 3x2,
// 2x4, 4x2, 9x9, and boxes of one row). Larger grids are refused with
// ErrShape: 16x16 has about 1.3e14 transformations, and this search has
// no bound on them worth promising.
//
// The form is for classic rules only. Variant rules keep only part of the
// group or none of it: diagonal (X) sudoku keeps the transformations that
// map the diagonals to themselves (a subgroup: transposition, the
// reversal of rows and columns together, some band and row swaps); windoku,
// anti-knight and consecutive-type rules keep other subgroups; a jigsaw's
// regions, a killer's cages and lines and dots are placed in the grid and
// would need the layout canonicalised with the givens (a graph
// canonisation, not this search). The command line refuses puzzles with
// any rule, naming it, rather than give a form that ignores it.
//
// # Naming
//
// In the code, n is the side, r and c the box rows and columns, a band is
// a chute of r rows and a stack one of c columns; output row i and output
// column j come from source row rowOf[i] and source column colOf[j];
// lab maps a source value to its label; d is the depth of a choice in the
// tree and lt the depth at which the current branch fell below the best
// (-1 while it is equal).
package canon
