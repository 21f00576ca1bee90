// Package backtrack solves models by plain cell-by-cell backtracking, the
// brute-force baseline that sudoku write-ups measure cleverer solvers
// against.
//
// # Algorithm
//
// The search is the classic one, with no propagation and no heuristic:
//
//  1. Commit the fixed candidates (the givens). A given whose cell already
//     holds another value, or that an excluded candidate or an earlier given
//     rules out, makes the model unsatisfiable at once, without a search.
//  2. Take the first empty cell in cell index order (reading order for a
//     sudoku) and try its values in ascending order. A value is allowed
//     when no candidate placed so far excludes it and it is not excluded
//     by the model.
//  3. Place the first allowed value and go on with the next empty cell.
//     When a cell has no allowed value left, undo the placement of the
//     previous cell and try its next value (backtrack).
//  4. When every cell holds a value, check the leaf (below) and report a
//     solution; the search then backtracks for further solutions until
//     [model.Options.Limit] is reached or the tree is exhausted.
//
// The search is iterative over an explicit stack of chosen candidates, one
// entry per empty cell, and allocates nothing while it runs except the
// copies of the solutions it keeps.
//
// # Exclusion table
//
// For each rule set ([model.Model.RulesID]) the solver builds once an
// exclusion table, read from the candidate graph of package model/graph
// (which reads ExactlyOne and AtMostOne rules as pairwise exclusions, lists
// the n-ary ones, and refuses any other kind with an error): for every candidate, the candidates of other cells that
// share a [model.ExactlyOne] or [model.AtMostOne] rule with it, stored flat
// (offsets into one int32 array, compressed sparse rows). Candidates of the
// same cell need no entry: a cell holds one value by construction. Placing
// a candidate increments blocked[p] for each candidate p it excludes, and
// undoing the placement decrements them; a candidate may be tried when its
// count is zero. Excluded candidates start with a count of one, so they are
// never allowed. The table has sum(k*(k-1)) entries for rules of k
// candidates, bounded by maxPeers.
//
// # ExactlyOne at the leaf
//
// Blocking enforces "at most one" for every rule, but not the "at least
// one" half of ExactlyOne, which brute force does not propagate. For
// sudoku's houses it holds anyway (N cells with N distinct values), but
// the model is generic, so at each leaf the search checks that every
// ExactlyOne rule has a chosen candidate and discards the leaf otherwise.
// The check costs the total size of the ExactlyOne rules per leaf, and
// leaves are rare next to nodes.
//
// # Sums and tables
//
// The candidate graph reads only the binary rules; the [model.Sum] and
// [model.Table] rules it lists (graph.Graph.Nary) are kept flat per rule set
// with, per cell, the rules that watch it (their scope and the cells of
// their conditions). Placing a candidate updates every sum of its cell: the
// partial total of the placed cells and the least and most the empty cells
// can still add (each cell's smallest and largest weight), and the
// placement is refused when no allowed total lies between them (for sums
// with no condition), or when a distinct sum with no condition already has
// the value. A rule whose last watched empty cell in search order is the
// one placed is checked whole: conditions, total, distinctness or tuple. A
// rule with no empty cell is checked once the givens are placed. All of it
// lives in the pooled work buffers, so the search stays allocation-free.
//
// The bounds are weak for brute force. BenchmarkKiller (go test
// ./backends/backtrack/ -run XXX -bench Killer -benchtime=1x, 2 shared
// cores) on two published 9x9 killers:
//
//	killer        givens        solve (Limit 1)     unique (Limit 2)
//	tarek-hard-1  none          1.8e8 nodes, 23 s   3.3e8 nodes, 38 s
//	hs-zero-3     none          3.0e8 nodes, 48 s   5.2e8 nodes, 105 s
//	tarek-hard-1  first 3 rows  5,632 nodes, 1 ms   6,916 nodes, 0.6 ms
//	hs-zero-3     first 3 rows  185,544 nodes, 12 ms 204,268 nodes, 13 ms
//
// # Statistics and limits
//
// [model.Stats.Nodes] counts placements tried: each value assigned to an
// empty cell is one node, so the figure compares with the search nodes of
// backends/dlx. Givens are not nodes. [model.Options.Nodes] bounds that
// count (the search stops with [model.NodeLimit] rather than place a node
// beyond the budget), and the context is polled every 4096 nodes.
//
// With [model.Options.Trace] set, the search reports its steps as
// [model.Event]s: each placement tried is a Try (and a node), with the
// number of values its cell allows at that point as Options; taking it
// back is an Undo; a cell reached with no value allowed, or a complete
// assignment that leaves an ExactlyOne rule empty, is a DeadEnd; each
// solution a Solution. A placement that a Sum or Table rule refuses is a
// Try followed at once by its Undo. Stats.Nodes is the number of Tries.
//
// # Naming
//
// c and p are candidates ([model.Cand] as int32), p being one that c
// excludes (its peer); d is a depth in the search, an index into the empty
// cells; v is a value counted from 0.
package backtrack
