// Package dlx solves models as exact-cover problems with Knuth's Dancing
// Links (Algorithm X, and Algorithm C for colored secondary items; TAOCP
// Volume 4B, Section 7.2.2.1, "Dancing links", and his programs DLX1 and
// DLX2).
//
// # Exact cover
//
// A problem has primary items, which every solution covers exactly once,
// secondary items, covered at most once, and options, each a set of items.
// A solution is a set of options that covers every primary item once and no
// secondary item twice. With colors (Knuth's Algorithm C, his program
// DLX2) an option may give a secondary item a color, a positive number:
// options that give an item one color may share it, and an uncolored use
// of an item excludes every other. [NewMatrix] builds a plain matrix and
// [NewColoredMatrix] one with colors. [Lower] maps a [model.Model] to a
// [Matrix]:
//
//   - a primary item per cell (the cell takes exactly one value), items
//     0..Cells-1 in cell order;
//   - a primary item per [model.ExactlyOne], [model.Sum] and [model.Table]
//     rule, in rule order (a Sum lowered as a chain has one per cell of
//     its chain, T_1..T_n, the first being the rule's);
//   - a secondary item per [model.AtMostOne] rule, in rule order, then the
//     secondary items of the Sum and Table rules, rule by rule;
//   - an option per candidate, in candidate order, listing its cell's item
//     first and then, rule by rule, the items of every rule naming it (for
//     a Sum or a Table, naming its cell), colored as below;
//   - then the options of the Sum and Table rules, which choose no
//     candidate.
//
// Which candidate an option chooses is not implied by its number: the
// lowering records it in an [OptionMap] ([LowerMap]), -1 for a rule's own
// options, and the solver and the exporter decode options and apply givens
// through it. Every candidate has exactly one option, so a given commits
// that option.
//
// # Sum and Table rules
//
// An n-ary rule R gets a primary item, which exactly one of R's own options
// covers, and a secondary item R.k per cell k of its scope and of its When
// candidates. Every candidate (k, v) lists R.k colored by v's class in R:
// for a Sum, values of equal weight in k share a class; for a Table the
// value is the class. On a cell holding a When candidate w the color also
// says whether (k, v) is w: color 1 + class + classes*[v is w]. R's options
// then say which combinations of classes R allows; the candidates whose
// color no chosen option of R uses are ruled out, and only while R applies.
//
//   - Condition fails: a rule with When candidates w_1..w_m has, for each
//     j, options that list w_1..w_{j-1} "is" and w_j's cell "is not" (one
//     per class the cell can take without w_j). Its body options list every
//     When cell "is". A rule with two When candidates in one cell never
//     applies and is left out.
//   - Sum, weight tuples (at most 2,000 of them, else a chain below): one
//     option per tuple of classes, one class per scope cell, whose weights
//     add up to an allowed total. A dynamic program over partial sums
//     counts the tuples first (the count bounds the work and prunes the
//     enumeration to tuples that succeed). A cell
//     whose values all weigh alike needs no item. Distinct values: an
//     uncolored secondary item per value d, listed by every (k, d) of the
//     scope, unless a house already keeps the cells apart or the rule is
//     conditional; tuples that repeat a value are left out whenever each
//     class is one value, and a conditional distinct sum no house keeps
//     apart takes the values as its classes so that they are.
//   - Sum, digit sets: a distinct sum weighing value*c on every cell (killer
//     cages, sandwiches' middles), unconditional or kept distinct by a house,
//     has a secondary item R#d per value d. Every (k, d) lists R#d colored
//     "used"; R has one option per set S of as many digits as cells whose
//     total times c is allowed, listing R#d "unused" for every d outside S.
//     Without a house, R#d is uncolored instead, which also keeps the cells
//     distinct. The lowering takes digit sets whenever they apply: on
//     BenchmarkDLXKiller (Wikipedia's killer, no givens) they search 2,524
//     nodes in about 2 ms where weight tuples search 7,015 nodes in about
//     8 ms, and tuples for two-cell cages with digit sets for the rest
//     searched 21,243 nodes in about 20 ms.
//   - Sum, chained partial sums: a sum with more than 2,000 weight tuples
//     (counted by the dynamic program, before any is listed) is lowered
//     without them. Its tuple cells c_1..c_n, in Payload.Cells order, keep
//     their colored items R.k (X_i), and the rule gets a primary item T_i
//     per cell (T_1 is R's item) and a secondary item P_i per boundary
//     between c_i and c_{i+1}, colored by the partial sum there: 1 + its
//     rank among the live partial sums, those that some prefix reaches and
//     from which the rest can still reach an allowed total (the forward
//     and backward passes of the count). Each live sum s before c_i and
//     class k of c_i with s + weight(k) live after it make one transition
//     option: T_i, X_i colored k, P_{i-1} colored s (none before c_1) and
//     P_i colored s + weight(k) (none after c_n, whose sums are allowed
//     totals); a P_i with one live sum is left out. Choosing cell c_i's
//     candidate purifies X_i, so exactly one transition per cell agrees
//     with the grid, and the P items make consecutive transitions agree on
//     the partial sum. A condition is lowered as for tuples: the T_1
//     transitions carry the When cells "is", and the condition-fails
//     options cover T_2..T_n too. Distinct values: the values' uncolored
//     items above (the chain itself allows repeats), or a house; a
//     conditional distinct sum that no house keeps apart has neither and
//     is not chained (it is refused when its tuples are too many). The
//     2,000 is measured: on the 99 published variant puzzles DLX decides
//     (../shared/data/variants), tuples up to 200,000 searched 15.42
//     million nodes in 18.1 s of CPU and tuples up to 2,000 15.45 million
//     in 17.6 s; tuples only up to 200 or 1 cost up to four times the
//     nodes on some puzzles (dcl-006, 74,000 nodes to 284,000; iss-077). On
//     23 puzzles with large little killers, region sum lines and arrows,
//     each searched to 3 million nodes, the bound of 200,000 took 464 s
//     (one puzzle 333 s: million-node matrices), 20,000 took 103 s and
//     2,000 took 71 s; a chain's matrix is smaller, and its nodes cheaper.
//     A chained sum of 34 cells (iss-154's 2-digit pill over a 33-cell
//     shaft) has about 16,000 transitions where it had more than 10^18
//     tuples.
//   - Table: one option per distinct tuple that agrees with the When
//     candidates on cells they share, each cell's item colored with its
//     value. A value at no tuple's position k has a color no option uses.
//
// A rule with more than 200,000 options (tuples of a Table or of a Sum
// that cannot be chained), a chain with more than 1,000,000 transitions
// (iss-072's 3-digit pill over a 79-cell shaft has 215,813), a Sum with
// more than 2^20 partial sums kept, or a matrix past 5,000,000 nodes, is
// an error naming the rule and its size, found before anything large is
// built. Any other rule kind is refused with an error naming it. A rule the
// others imply (model.Payload.Implied: the derived sums of the rule of 45,
// a renban line's runs) is left out, as the export says, when its cells
// may repeat a digit or it has more than 2,000 options: exact cover would
// list a tuple per combination for little (Wikipedia's killer: 0.85 s with
// its innie-outie sums lowered, 0.06 s without). Only
// lower.go, nary.go, solver.go and export.go know about models;
// matrix.go and search.go know items, options, colors and integers.
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
// lists (with colors, all but those of color -1, which stay in their
// purified items); to cover item i is to hide every option listing i and
// then unlink i from its circle; to purify a secondary item i to color c is
// to mark -1 the nodes of i of color c and hide the options of every other
// node of i; uncover, unhide and unpurify undo these exactly in reverse.
// To commit a node is to cover its item when it is uncolored, purify it
// when it has a color, and nothing when it reads -1.
//
// # Search
//
// [Matrix.Search] is Algorithm X, steps X1–X8, written as one loop over
// labels with a preallocated choice stack instead of recursion. At X3 it
// branches on the primary item with the fewest live options (minimum
// remaining values), taking the leftmost on ties and stopping the scan as
// soon as an item with at most one option turns up: an item with one option
// is a forced move (a naked or hidden single in sudoku terms), an item with
// none a dead end. On a colored matrix it is Algorithm C: trying an option
// commits its other nodes instead of covering their items, and trying the
// next one uncommits them. The colored loops run only when the matrix has
// a color; a plain matrix keeps Algorithm X's loops, behind one branch per
// node of the chosen option. The search counts Nodes (entries to X2) and Updates (link
// updates made by covering) as Knuth does, allocates nothing, and hands each
// solution to a callback in a reused buffer.
//
// A search stops at a solution limit, at a node budget, when its visitor
// says so, or when its context is done; the context is polled only every
// 4096 nodes. Stopping early takes an abort path that uncovers every level
// from the top down, so the matrix is always left as the search found it.
//
// [Matrix.SearchTrace] also reports every step to a callback, for a
// replay of the search: an option tried at level l (with the number of
// live options its item had when X3 chose it), the option withdrawn at
// X6, a solution, an item with no option left (a dead end). The callback
// is tested at X2, X3, X5 and X6, never inside cover and uncover, so a
// search without one runs as fast as before and still allocates nothing:
// in 20 alternating runs of fixed length, with and without the hook, the
// median ratio of CPU times was 0.99 on BenchmarkDLXSearch and 1.01 on
// BenchmarkDLXKiller/auto, inside the ±5% the shared machine allows.
// Tracing itself, with a callback that counts the steps
// (BenchmarkDLXSearchTrace, about 7,150 steps per hardest puzzle), costs
// no more than that noise either. [Solver] turns the steps
// into [model.Event]s for [model.Options.Trace], naming each option's
// candidate through the option map (model.NoCand for an option of a Sum
// or Table rule).
//
// # Givens on a reused matrix
//
// A matrix is built once per rule set and reused for every puzzle. Before a
// search, [Matrix.Remove] unlinks the options of excluded candidates and
// [Matrix.Commit] chooses the options of fixed candidates (the givens),
// committing their nodes: covering uncolored items and purifying colored
// ones. A commit first checks that none of its items is already covered by
// an earlier commit or purified to another color: two givens in one cell,
// one digit given twice in a house, or two givens a table forbids together,
// make the problem unsatisfiable at once, with no search. Each item records
// the commit that covered or purified it, so that Reset undoes exactly
// that. After the search [Matrix.Reset] undoes the commits and removals in
// exact reverse order, which restores every link.
//
// [Solver] keeps a small cache of matrices per [model.Model.RulesID], takes
// one for each Solve and returns it afterwards, so that concurrent calls
// never share a matrix. [WriteKnuth] writes a model with its givens applied
// in Knuth's DLX1 input format, or DLX2's (item:color) when the lowering
// uses colors, for checking with outside solvers.
package dlx
