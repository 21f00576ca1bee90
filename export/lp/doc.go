// Package lp writes a model as a 0/1 integer program in CPLEX LP format, so
// that an outside MIP solver (GLPK's glpsol, COIN-OR CBC) can solve it, and
// reads those solvers' answers back into model solutions for the referee.
//
// # The program
//
// Every candidate is a binary variable. For a sudoku-shaped model (Cells =
// Values², cells row-major) the variable of row r, column c and value v is
// named x_r_c_v, all three counted from 1; for any other model it is
// x_k_v, the cell k counted from 1. [Write] emits, in this order:
//
//   - an objective of zero (the program is a feasibility problem);
//   - per cell, "the cell takes one value": its candidates add up to 1;
//   - per rule, in rule order, named R<i>_<label> (i from 1):
//     [model.ExactlyOne] as a sum equal to 1, [model.AtMostOne] as a sum at
//     most 1;
//     [model.Sum] as the weighted sum of its candidates equal to its total,
//     or, with several totals, equal to the sum of total*y_i_t over
//     auxiliary binaries y_i_t (t = 1.. the totals in order) of which
//     exactly one is chosen; Distinct adds, per value, "at most one of the
//     cells takes it";
//     [model.Table] as one binary t_i_k per tuple k (from 1), exactly one
//     chosen, and each cell's candidate of value v equal to the sum of the
//     tuples giving that cell v;
//   - a rule with a When condition of k candidates holds only when all k
//     are chosen: its constraints are relaxed by big-M terms in (k - the
//     sum of the condition's candidates), with M the smallest bound that
//     makes the relaxed constraint hold for any assignment;
//   - givens as equalities x = 1 (constraints G<n>), excluded candidates as
//     x = 0 (constraints E<n>), so that contradictory givens make the
//     program infeasible rather than the file wrong;
//   - with [WriteExcluding], a no-good per assignment to exclude
//     (constraints N<n>): its chosen variables add up to at most Cells-1;
//   - every variable in the Binaries section.
//
// Lines are wrapped before 80 characters; comments start with a backslash.
//
// # Reading answers
//
// [ReadGlpsol] reads the report glpsol writes with -o (its "printable"
// solution: a status line and a table of columns by name), [ReadCBC] the
// solution file CBC writes with "solu"; both return a [Answer] of variable
// values by name, and [Answer.Solution] turns it into a [model.Solution]
// (each cell's one candidate at 1) for [model.Check].
//
// # Naming
//
// m is the model, r a rule, i a rule index, c a candidate, k a cell, v a
// value; "row" in this package means an LP constraint only where it says so.
package lp
