// Package puzzle is the path every puzzle takes between its text and its
// answer, shared by the command line and any other front end: Reader reads
// puzzles from arguments, files and streams in any supported input (text
// lines and grid blocks, number tokens, jigsaw layouts, f-puzzles and
// SudokuPad data) into Items; Cache builds each Item's model, reusing the
// rules of every shape and rule set it has met; Batch solves a stream of
// Items with several workers, each under its own context, and hands the
// results back in input order (Run is its worker pool, for work that
// builds no model, as canonical forms); Record is the JSON form of one
// answer.
//
// Nothing here chooses a backend: the caller passes the work to do.
package puzzle
