// Package anneal searches a model by simulated annealing: a stochastic,
// incomplete solver that can find a solution but can never prove that
// there is none, or only one.
//
// # The search
//
// The cells are split into houses that partition them: the model's groups
// named "box …" when they do, otherwise other groups (jigsaw regions, then
// rows) chosen greedily. Each house is filled with the values its givens
// leave missing, in random order, so every house holds each value once from
// the start; a move swaps the values of two non-given cells of one house,
// which keeps that true. A value is legal in a cell when it is not excluded
// and no given shares a pair rule with it: the fill gives each cell a legal
// value where one is left, and a move is drawn up to 16 times until it
// puts both values where they are legal (a filter that, on the first ten
// top95 puzzles, took the puzzles solved within 20 million moves from 3 to
// 8). The cost of an assignment is the number of
// violations of the other rules: for an [model.ExactlyOne] rule |k-1| and
// for an [model.AtMostOne] rule max(0, k-1), k its chosen candidates (so a
// row holding a digit twice costs 2); 1 for each [model.Sum] or
// [model.Table] rule that does not hold; 1 for each excluded candidate
// chosen and each given not chosen. A solution is an assignment of cost 0.
//
// A move that does not raise the cost is taken; one that raises it by d is
// taken with probability exp(-d/T) (Metropolis). T starts at the standard
// deviation of the cost change of a few hundred random moves and is
// multiplied by 0.99 after each chain of moves (the square of the number of
// free cells, at least 100). After 40 chains without a new best cost the
// search restarts: a fresh random fill, and T back at its start.
//
// # Honesty
//
// Solve answers [model.Sat] with one solution that [model.Check] accepts,
// or [model.Unknown] with the Stop that ended it: Options.Nodes moves
// (Solver.Moves, or DefaultMoves, when Nodes is 0), the context's deadline
// or its cancellation. It never answers Unsat, Unique or Multiple, whatever
// Options.Limit asks: one solution says nothing of others. Stats.Nodes
// counts the moves tried.
//
// The search is a pure function of the model, the options and Solver.Seed:
// the same call answers alike, move for move.
//
// # Naming
//
// m is the model, c a candidate, k a cell, v a value, h a house, r a rule
// index; "pair rules" are the ExactlyOne and AtMostOne rules, "n-ary
// rules" the Sum and Table rules.
package anneal
