// Package rules turns a sudoku grid and its rule sets into a constraint
// model: the standard rows, columns and boxes, and every Variant's rules,
// lowered through a Builder to the model's rule kinds, so that no backend
// needs to know about sudoku.
//
// A Set holds the rules of one shape and rule set without givens; build it
// once with New and derive each puzzle's model with Set.Model, so that
// backends reuse what they built for the rule set. Build does both for one
// puzzle. Decode turns a model's solution back into a grid, and Redundant
// finds the givens a unique puzzle does not need.
//
// Cell (r, c) of an N x N grid is cell r*N + c of the model, and the
// candidate for value v in it is (r*N + c)*N + v - 1, so a model's
// candidates, a DIMACS variable (candidate + 1) and a grid position map onto
// each other directly. Cells are named "r1c2" in the model's messages.
package rules
