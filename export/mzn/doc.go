// Package mzn writes a model as a MiniZinc model, so that a constraint
// programming system (MiniZinc with Gecode, Chuffed, OR-Tools) can solve
// it, and reads the solutions that model prints back into model solutions
// for the referee.
//
// # The model
//
// Every cell is an integer variable taking its value: for a sudoku-shaped
// model (Cells = Values², cells row-major) x[ROW,COL], otherwise x[CELL],
// all counted from 1. The candidate (cell, v) is the constraint x[...] = v,
// so "each cell takes exactly one value" needs no constraint. [Write]
// emits, in this order:
//
//   - per group of the model that is a whole house (as many cells as
//     values, and one ExactlyOne rule per value over all of them), one
//     alldifferent of its cells, which stands for those rules;
//   - per other rule, in rule order, with its label in a comment:
//     [model.ExactlyOne] as the number of its candidates chosen equal to
//     1, [model.AtMostOne] as at most 1 (two candidates: not both);
//     [model.Sum] as the sum of its cells' weights, each cell's term
//     a*x+b when its weights are linear in the value and an array indexed
//     by the value otherwise, equal to its total or in the set of its
//     totals; Distinct adds an alldifferent of its cells;
//     [model.Table] as a table constraint over its cells;
//   - a rule with a When condition holds only when every candidate of the
//     condition is chosen: the condition implies it;
//   - givens as x = v, excluded candidates as x != v;
//   - with [WriteExcluding], per assignment to exclude, "not all these
//     cells take these values";
//   - solve satisfy, and an output item that prints the values row by
//     row (Values numbers a line; for other models all on one line).
//
// Only the library files the model uses are included (alldifferent.mzn,
// table.mzn). Lines are wrapped before 80 characters; comments start
// with %.
//
// # Reading answers
//
// [Read] reads what the minizinc command prints for this model: each
// solution's values followed by a line of ten dashes, then a line of ten
// equals signs when the search ran to its end, or one of the status lines
// =====UNSATISFIABLE=====, =====UNKNOWN=====, =====ERROR=====.
//
// # Naming
//
// m is the model, r a rule, i a rule index, k a cell, v a value, c a
// candidate.
package mzn
