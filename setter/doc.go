// Package setter answers the questions a puzzle setter asks of a puzzle
// over the common constraint model, so that they hold for every variant
// family: the true candidates of each cell (the digits that appear in at
// least one solution), the single additions that would make a puzzle with
// several solutions unique (a given, or a clue of the puzzle's own kinds),
// the givens and rules (a cage, a dot, a line) a unique puzzle does not
// need, and an estimate of the number of solutions when counting them
// would take too long.
//
// Every answer comes from solves by a [model.Solver] the caller passes in,
// each bounded by a node budget and all sharing one context. When the
// context ends or a budget runs out, what was not decided is reported as
// unknown, never guessed: [Candidates] marks each candidate Possible,
// Impossible or Unknown, and every result carries the [model.Stop] that
// ended it early.
//
// True candidates use the standard trick: one solve per (cell, digit) with
// that digit fixed, skipped when an earlier solution already showed the
// digit possible there, so each solution found marks a candidate in every
// cell at once.
//
// Additions are ranked from a sample of solutions: a given (or a dot) that
// keeps k of the sampled solutions keeps at least k of all of them; when the
// sample holds every solution the counts are exact, and otherwise the best
// ones are checked with a solve to two. Removals rebuild the rules without
// one source constraint at a time (see [Parts]). The estimate is Knuth's
// (1975): random probes down the tree of feasible choices, each the product
// of the branching factors met, whose mean is an unbiased estimate of the
// number of solutions; its standard error and a 95% interval come from the
// spread of the probes.
package setter
