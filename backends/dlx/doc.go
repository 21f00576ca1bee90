// Package dlx solves models as exact-cover problems with Knuth's Dancing
// Links (Algorithm X; TAOCP Volume 4B, Section 7.2.2.1, "Dancing links", and
// his programs DLX1 and DLX2).
//
// # Exact cover
//
// A problem has primary items, which every solution covers exactly once,
// secondary items, covered at most once, and options, each a set of items.
// A solution is a set of options that covers every primary item once and no
// secondary item twice. [Lower] maps a [model.Model] to such a [Matrix]:
//
//   - a primary item per cell (the cell takes exactly one value), items
//     0..Cells-1 in cell order;
//   - a primary item per [model.ExactlyOne] rule, in rule order;
//   - a secondary item per [model.AtMostOne] rule, in rule order;
//   - an option per candidate, in candidate order, listing its cell's item
//     first and then the item of every rule naming it.
//
// Which candidate an option chooses is not implied by its number: the
// lowering records it in an [OptionMap] ([LowerMap]), and the solver and the
// exporter decode options and apply givens through it, so that a later
// lowering can give a candidate several options (one per combination of a
// table rule, or per color of a dlx2 option) or none.
//
// Any other rule kind is refused with an error naming it. Only lower.go,
// solver.go and export.go know about models; matrix.go and search.go know
// items, options and integers.
//
// # Node layout
//
// The layout is dlx1's: no pointers, only int32 indices into flat arrays.
// Items live in llink, rlink and length. Item 0 is the root of the circular
// list of primary items 1..np; the secondary items np+1..np+ns form a second
// circle rooted at np+ns+1, so covering treats both kinds alike but the
// choice of the next item never sees a secondary one. length[i] counts the
// options still listing item i. (The API numbers items and options from 0;
// item k of the API is item k+1 inside.)
//
// Nodes live in top, ulink and dlink. Nodes 1..np+ns are the item headers,
// heading each item's vertical circular list of nodes (ulink up, dlink down).
// After the headers comes a spacer, then each option's nodes in a row, each
// option followed by a spacer. For an option node, top is its item. For a
// spacer, top <= 0: the spacer after option o has top -(o+1) (the first
// spacer has 0); its ulink is the first node of the option before it and its
// dlink the last node of the option after it, so a walk right or left
// through an option wraps around at the spacers without row links. An
// option's number is found by walking left to its spacer. The arrays are
// sized exactly when the matrix is built and never grow. The innermost loops
// (cover, uncover and the choice of an item) read and write them through
// unchecked pointers: every index there is a link stored in the matrix, in
// range by construction, and the bounds checks were measurable.
//
// # Naming
//
// Following Knuth: i and j are items, p and q nodes, o an option, l the
// level of the search, choice[l] the node chosen at level l, x a Matrix.
// To hide an option is to unlink its nodes, all but one, from their items'
// lists; to cover item i is to hide every option listing i and then unlink i
// from its circle; uncover and unhide undo these exactly in reverse.
//
// # Search
//
// [Matrix.Search] is Algorithm X, steps X1–X8, written as one loop over
// labels with a preallocated choice stack instead of recursion. At X3 it
// branches on the primary item with the fewest live options (minimum
// remaining values), taking the leftmost on ties and stopping the scan as
// soon as an item with at most one option turns up: an item with one option
// is a forced move (a naked or hidden single in sudoku terms), an item with
// none a dead end. The search counts Nodes (entries to X2) and Updates (link
// updates made by covering) as Knuth does, allocates nothing, and hands each
// solution to a callback in a reused buffer.
//
// A search stops at a solution limit, at a node budget, when its visitor
// says so, or when its context is done; the context is polled only every
// 4096 nodes. Stopping early takes an abort path that uncovers every level
// from the top down, so the matrix is always left as the search found it.
//
// # Givens on a reused matrix
//
// A matrix is built once per rule set and reused for every puzzle. Before a
// search, [Matrix.Remove] unlinks the options of excluded candidates and
// [Matrix.Commit] chooses the options of fixed candidates (the givens),
// covering their items. A commit first checks that none of its items is
// already covered by an earlier commit: two givens in one cell, or one digit
// given twice in a house, make the problem unsatisfiable at once, with no
// search. After the search [Matrix.Reset] undoes the commits and removals in
// exact reverse order, which restores every link.
//
// [Solver] keeps a small cache of matrices per [model.Model.RulesID], takes
// one for each Solve and returns it afterwards, so that concurrent calls
// never share a matrix. [WriteKnuth] writes a model with its givens applied
// in Knuth's DLX1 input format, for checking with outside solvers.
package dlx
