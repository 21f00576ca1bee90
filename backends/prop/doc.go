// Package prop solves models by candidate propagation and search: the
// cells' candidates are bitsets, naked and hidden singles and locked
// candidates run to a fixpoint, and a depth-first search guesses the cell
// with the fewest values left, saving and restoring the candidate state
// on an explicit stack.
//
// # State layout
//
// A cell's live values are one uint64 mask (bit v-1 for value v), so a
// model may have at most [MaxValues] values per cell (36x36 grids fit);
// the state of a search is the masks of every cell (81 words for a 9x9)
// and the number of cells not placed yet.
//
// Per rule set ([model.Model.RulesID]) a solver builds once a read-only
// table, cached in a [model.Cache], flat slices throughout:
//
//   - the peers of every candidate (the candidates of other cells it shares
//     an ExactlyOne or AtMostOne rule with, read from package model/graph),
//     each named as cell<<6 | value-1, so that placing a value clears one
//     bit in each peer's cell with a shift and a mask;
//   - the houses: the ExactlyOne rules grouped by cell set, where each rule
//     names one value over distinct cells (a row, a column, a box, a
//     diagonal, a jigsaw region); a house is its cells and the mask of the
//     values it holds once each;
//   - the other ExactlyOne rules, as member lists;
//   - the intersections of two houses on two cells or more (a box and a
//     row, a box and a column, a diagonal and a box), for locked
//     candidates;
//   - the n-ary rules: a Sum's weight per cell and value, its totals, a
//     Table's tuples.
//
// # Propagation
//
// propagate runs, in this order, until nothing changes:
//
//  1. Place the queued cells (cells whose mask has just become one value):
//     clear the value from every peer; a peer left with no value is a
//     contradiction, a peer left with one is queued.
//  2. Hidden singles, house by house with bit arithmetic: OR-ing the masks
//     gives the values seen once and twice; a value of the house seen
//     nowhere is a contradiction, a value seen once in a cell with other
//     values is placed there. Other ExactlyOne rules are counted member
//     by member. Back to 1 when something was queued.
//  3. Locked candidates (pointing and claiming): for two houses A and B
//     that intersect, a value both hold that A keeps inside the
//     intersection leaves B's other cells, and the other way round.
//  4. The n-ary rules whose conditions (Payload.When) are all placed: a Sum
//     by bounds (the least and the most its cells can add up to with a
//     value must bracket an allowed total, or the value goes; a Distinct
//     sum also clears a placed value from its other cells), a Table by
//     support (a value no live tuple holds goes). A rule with a condition
//     ruled out holds vacuously; one with a condition still open waits: at
//     a leaf every condition is decided, so every rule is checked there.
//
// A leaf is a state where every cell is placed after a full fixpoint, which
// checks every rule: the solutions need no separate test, though the tests
// pass every one to [model.Check].
//
// # Search
//
// The root node propagates the givens (a contradiction there answers none
// without a search). Each node that propagation leaves open branches on the
// open cell with the fewest values (the first with two, as soon as one is
// found): it pushes a level (the masks, the cell, its values not tried
// yet) on the stack and tries the lowest value; on a contradiction or a
// solution the search restores the masks of the deepest level with a value
// left and tries the next. Stats.Nodes counts the root and every branch
// tried, Stats.Guesses the branch points: a puzzle propagation alone solves
// takes one node and no guess. The node budget is checked before each
// branch, the context polled every 4,096 nodes.
//
// # What allocates
//
// A table, once per rule set; per table, pooled work states (a sync.Pool)
// whose mask, queue and scratch buffers are sized at creation and whose
// stack grows, a level at a time, to the deepest search it has seen. After
// that warm-up a search allocates only the solutions it keeps (and the
// slice holding them).
//
// # Limits
//
// Locked candidates pay on 17-clue puzzles (fewer guesses at little cost)
// and roughly break even on the hardest ones; they are on by default. The
// cell-mask layout is general (any house, any AtMostOne pair, any n-ary
// rule), not the value-major, band-oriented layout the fastest 9x9
// solvers use. Random 25x25 grids with many solutions can send the
// depth-first search into a large unsatisfiable subtree (a heavy tail):
// some of testdata/25x25-42.txt take longer than a second.
//
// # Naming
//
// m a model, t a table, w a work state, cell a cell index, v a value
// counted from 0 (a bit number), b a one-bit mask, a ref a candidate as
// cell<<6 | v.
package prop
