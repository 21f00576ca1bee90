// Package prop solves models by candidate propagation and search: the
// cells' candidates are bitsets, naked and hidden singles and locked
// candidates run to a fixpoint, and a depth-first search guesses the cell
// with the fewest values left, saving and restoring the candidate state
// on an explicit stack. Models whose rules are exactly a classic 9x9
// grid's take a specialised path on digit boards (see "The classic
// path"); every other model takes the general path.
//
// # State layout
//
// A cell's live values are one uint64 mask (bit v-1 for value v), so a
// model may have at most [MaxValues] values per cell (36x36 grids fit);
// the state of a search is the masks of every cell (81 words for a 9x9),
// the number of cells not placed yet and, for each killer cage of at most
// 64 value sets, a word of those still possible (see Propagation, step 4).
//
// Per rule set ([model.Model.RulesID]) a solver builds once a read-only
// table, cached in a [model.Cache], flat slices throughout:
//
//   - the peers of every candidate (the candidates of other cells it shares
//     an ExactlyOne or AtMostOne rule with, read from package model/graph,
//     and the same value of the other cells of a distinct Sum without
//     conditions, such as a killer cage across boxes), each named as
//     cell<<6 | value-1, so that placing a value clears one bit in each
//     peer's cell with a shift and a mask;
//   - the houses: the ExactlyOne rules grouped by cell set, where each rule
//     names one value over distinct cells (a row, a column, a box, a
//     diagonal, a jigsaw region); a house is its cells and the mask of the
//     values it holds once each;
//   - the other ExactlyOne rules, as member lists;
//   - the intersections of two houses on two cells or more (a box and a
//     row, a box and a column, a diagonal and a box), for locked
//     candidates;
//   - the n-ary rules: a Sum's weight per cell and value, its totals, a
//     Table's tuples;
//   - on a table of at most 256 cells, per candidate, the cells that hold
//     a peer of the same value, as a bitset (who sees whom, for the
//     values a rule must hold: see Propagation, step 4).
//
// # Propagation
//
// Propagation is incremental: a cell whose mask changes marks its rules
// in two bitsets, one for the hidden singles and one for the locked
// candidates (with one OR each when a table's rules fit a word), and each
// step looks only at the rules marked for it and clears their marks. propagate runs, in
// this order, until nothing changes:
//
//  1. Place the queued cells (cells whose mask has just become one value):
//     clear the value from every peer; a peer left with no value is a
//     contradiction, a peer left with one is queued.
//  2. Hidden singles, for the changed houses only, with bit arithmetic:
//     OR-ing the masks gives the values seen once and twice; a value of
//     the house seen nowhere is a contradiction, a value seen once in a
//     cell with other values is placed there. Other changed ExactlyOne
//     rules are counted member by member. Back to 1 when something was
//     queued.
//  3. Arcs, on a table that has them (see arcs.go): for each cell changed,
//     its neighbours by exclusions beyond "not the same value" (a
//     thermometer step, a kropki dot, whispers, XV, renban,
//     non-consecutive) keep only the values some value of it allows (arc
//     consistency), to a fixpoint. On a table of at most 9 values those
//     values are read from a table per relation and mask (512 entries:
//     the same trees, 3.6% fewer instructions on iss-176). Back to 1
//     when a value went: it may leave a house one place for a value,
//     which step 2 takes (going back only when a cell was queued left
//     such a hidden single pending after 1.4% of iss-178's
//     propagations).
//  4. The n-ary rules with a cell changed since their last pass (each cell
//     lists the rules naming it, in their cells or conditions, as a
//     bitset a change ORs in when the rules fit four words) whose
//     conditions (Payload.When) are all placed. A distinct Sum with
//     conditions clears a placed value from its other cells (without, its
//     cells are peers, so step 1 has done it: on ISS's 14 Mathemagic
//     killers, with the conflict weights below kept per cell, the median
//     proof went from 5.1 s to 4.7 s of CPU and the nodes from 5.30 to
//     5.05 million, the two binaries run side by side). A distinct Sum
//     whose cells weigh values alike (a killer cage, up to 16 values) is
//     read by its value sets, listed once per table: a set stays possible while every cell
//     keeps one of its values, the cells together keep all of them, no
//     two cells keep the same one value of it and no cell is the only one
//     that can take two of its values; a cell keeps the values it can take
//     in a possible set, less those another cell keeps alone there, and
//     only the value of the set that no other cell can take when there is
//     one (on ISS's 14 Mathemagic killers, 3.69 to 2.84 million nodes;
//     iss-307 13.58 to 11.66 billion instructions); a value every possible
//     set holds goes in the one cell that can take it, or leaves every
//     cell that sees all the cells that can (the killer "combination" and
//     "cage in a house" steps): the other cells of a house that holds
//     them all, but also a cell that sees some along a row and the rest
//     in a box, or through an anti-king move (on a table of more than 256
//     cells, the house's cells only). Reading who sees whom rather than
//     houses alone took ISS's 14 Mathemagic killers from 5.05 to 4.58
//     million nodes, their CPU unchanged within the machine's noise (the
//     nodes cost 10-20% more: the removals wake more cages; the median
//     proof 4.8 -> 4.1 s in one run, 3.6 -> 3.8 s in another), the
//     renban puzzles iss-175, iss-176 and iss-177 from 178,696, 1,419,949
//     and 159,778 nodes to 142,185, 1,131,751 and 9,542, and the whole
//     published set under 400,000 nodes each from 213 decided to 214,
//     with 6% less CPU on those both decide. A set is also ruled
//     out when it lacks a value that a house holding cells of the rule
//     can place only in them (the rest of the house cannot take it): the
//     cage and the rest of its house are read together, which halved the
//     nodes on 8 of ISS's Mathemagic killers (iss-305 to iss-312: 5.1
//     million to 2.5 million). A set ruled out stays out below the node
//     (the masks only shrink), so a cage of at most 64 sets keeps those
//     still possible in the search state and visits only them: the same
//     nodes, 7% less CPU on hard killers. The walk over the sets reads the
//     open cells alone (a cell left with one value keeps it in any set
//     that holds it), in arrays on the stack: the same trees, 3.4% fewer
//     instructions on iss-307. Any other Sum whose
//     totals span fewer than 256 values (little killers, arrows, pills,
//     derived house sums) is read by reachable totals: bitsets of the
//     partial sums the cells before and after each cell can make keep the
//     values of a cell that some total still completes (arc consistency
//     on the sum, repeats allowed; one word per bitset when the cells
//     span fewer than 64 totals, else as many as the span needs; a cell
//     left with its least weight shifts nothing and a cell with one value
//     keeps it, so neither costs a pass: iss-169's 128,157 nodes took 20%
//     fewer instructions). A sum of plain values (each cell weighs its
//     value, or minus it: little killers, arrows, the merged sums below)
//     is read by bounds instead whenever they are exact (gapless): when
//     the cells but any one can make every sum between their least and
//     most, which holds when every cell's largest gap between two of its
//     values fits the run of sums its cells without gaps make without the
//     widest of them. On the long merged sums of iss-169 it holds in 98%
//     of the readings: the same trees in 45% fewer instructions. A sum
//     with one total that lies at least
//     every cell's spread of weights away from both ends of what the cells
//     can add up to is left alone: bounds would remove nothing there, and
//     most calls end at that test (a gap only reachable totals would see
//     waits for the leaf). A sum whose cells may repeat a value but whose
//     cells in one house cannot (a little killer's diagonal through a
//     box, an arrow's shaft) groups those cells first: a group of t cells adds up to at least the t least weights of
//     the values its cells hold between them and at most the t greatest,
//     which tightens the rule's bounds, and a value of a grouped cell goes
//     when the rule cannot reach a total with it and the rest of its group
//     at their least (most) distinct values without it. On the published
//     long sums (iss-154 to iss-156, pills over 30-cell shafts) this took
//     prop from undecided after 5 s to 50 ms. With plain values and one
//     total that test has a closed form (plainKeep): the rest of the
//     group at its least without v is its k least values when v is not
//     among them (a threshold on v), and the k+1 least less v when it is
//     (one test for all those values), so a cell takes k steps rather
//     than a look-up per value: the same trees, on the first 30,000
//     nodes 9% fewer instructions on iss-083 and 14% on iss-299. Such a
//     sum (one that does not ask for distinct values and is not implied,
//     two of whose cells see each other) with one total and two or three
//     cells left open is then read exactly: a value of an open cell
//     stays when the other
//     open cells can complete the total with values of their own,
//     different wherever two cells see each other (lastFew). Bounds keep
//     5 in two cells of a box that add up to 10; this removes it. The
//     fastest public variant solver reads its sums so once three cells are
//     left. Over the published set under 400,000 nodes each it took the
//     little killers' proofs down by up to half (iss-300 238,116 ->
//     187,351 nodes, iss-083 103,783 -> 85,524, iss-297 23,802 ->
//     10,896), for 9-11% fewer instructions on iss-083 and iss-300 (see
//     BENCHMARKS.md). Read so, the derived innie-outie sums cut the
//     Mathemagic killers' nodes too, but each node cost a fifth more: no
//     gain overall. The derived innie-outie
//     sums (model.Payload.Implied) are not grouped: on 14 hard killers
//     (the set of model.Builder.DeriveSums) grouping them cut the nodes
//     from 1.11 million to 0.88 million but cost a third more CPU time
//     (27 s against 36 s). Disjoint little killers (sums of plain values
//     that may repeat) sharing houses are also read as one when that
//     leaves their total little room (see mergeSums): four little
//     killers of 49 along parallel diagonals can add up to 198 at most
//     over their 32 cells, grouped by house, and must make 196. On the
//     published set under 400,000 nodes each, 17 puzzles take such
//     merged sums: the "zero solution" little killer test iss-169,
//     undecided after 24 million nodes (300 s) without them, is proved to
//     have none in 128,157 nodes, and 13 of the 14 other puzzles it
//     changes take fewer nodes (iss-295 20,743 -> 3,030, iss-304 10,412
//     -> 2,257), one 123 -> 131. Larger sums
//     fall back to bounds: the
//     least and the most the cells can add up to with a value must
//     bracket a total. A Table is read by support (a value no live tuple
//     holds goes). A rule with a condition ruled out holds vacuously; one
//     with a condition still open waits: at a leaf every condition is
//     decided, so every rule is checked there. A rule is not marked to
//     run again for its own removals (reachable totals and a table's
//     support leave nothing for a second pass, value sets rarely
//     anything), except a sum whose weights span 256 totals or more
//     (read by bounds, or a renban line's runs, whose weights are bits:
//     there the second pass pays, iss-175 145,377 -> 125,865 nodes), and
//     a rule that has just placed all its cells,
//     whose second pass checks their values: the same trees within 1%,
//     6-7% less CPU per node on hard killers (both settings alternating
//     in one process). A sum with groups (a little killer through
//     boxes) ran again too, since its group bounds may move as its cells
//     lose values; without that second pass the proofs take a few more
//     nodes and fewer instructions: iss-083 87,037 -> 89,756 nodes and
//     4.57 -> 4.27 billion instructions, iss-300 187,351 -> 190,916 and
//     10.23 -> 9.04 billion, the "zero solution" little killer iss-169
//     128,157 -> 111,450 and 9.01 -> 6.83 billion; only the small
//     snipe iss-297 doubles (0.73 -> 1.47 billion, 10,856 -> 24,785
//     nodes). Solver.Propagate, which package logic follows assumptions
//     with, keeps that second pass: its fixpoint stays as strong as it
//     was. Back to 1 when something changed.
//  5. Locked candidates (pointing and claiming; for models of at most 9
//     values per cell, see Figures), for the intersections of two houses
//     one of which changed since the last pass: a value both
//     hold that A keeps inside the intersection leaves B's other cells,
//     and the other way round. On a table with n-ary rules, the changed
//     houses also take naked pairs: two cells left with the same two
//     values take them from the house's other cells (on 8 of ISS's
//     Mathemagic killers, 10% fewer nodes), unless its only n-ary rules
//     are implied ones (a renban line's runs, on a table of pairs: see
//     Search), where they cost more than they save: without them the
//     renban and anti-king iss-176 took 514,827 nodes rather than
//     546,041 and 14% less CPU, iss-175 4% more nodes and 15% less CPU
//     (five rounds alternating); four other puzzles of the published
//     set change, all under 12,000 nodes either way. Back to 1 when
//     something changed. They come after the n-ary rules, whose removals the
//     intersections then see together: on ISS's Mathemagic killers
//     iss-305 to iss-308, both orders run alternately puzzle by puzzle,
//     21% less CPU for 4% fewer nodes, and 17% less CPU per node on
//     identical search trees (plain fewest-values branching, 30,000 nodes
//     of each of eight hard killers and little killers).
//
// Step 4 reads who sees whom for a required value's places, which costs
// a pass over the rule's cells and an AND of a bitset per place. Most
// calls find the same places as a call before them on the search path,
// whose removals still hold (57% of them on iss-305), so a memo (memo.go)
// skips those: a record per rule and value of the places the step last
// ran for and the node it ran at, which counts while that node lies on
// the path. The trees stay the same (TestMemoKeepsTree), with 2% less CPU
// over iss-305 to iss-308, iss-083, iss-300, iss-175 and iss-177 (both
// settings alternating in one process, twice). The same pointing along
// seers for a house's values (a value with two or three places left in a
// house leaves every other cell that sees them all: a cage mate, an
// anti-king neighbour) cut the nodes by a further 10-14% over the
// published set but cost more per node than it saved (see BENCHMARKS.md).
//
// A leaf is a state where every cell is placed after a full fixpoint, which
// checks every rule: the solutions need no separate test, though the tests
// pass every one to [model.Check].
//
// # The classic path
//
// A table whose rules are the 27 houses of a 9x9 grid over 9 values,
// cells numbered row by row, with no other rule (an ExactlyOne rule over
// a whole cell, or an AtMostOne rule whose exclusions the houses already
// make, is allowed; an extra house, an extra exclusion or an n-ary rule
// is not) is marked classic, and its searches run on digit boards: digit
// d's board is three 27-bit words, one per band of three rows, bit
// 9*(row%3)+col; the state of a search is the 27 words and the open
// cells, 120 bytes, copied whole at each branch point. A placed cell keeps
// its digit's bit, so every house of a consistent board holds each digit
// at least once. The same fixpoint as the general path's is reached with
// word arithmetic:
//
//   - naked singles: half-adders over the nine boards of a band give the
//     open cells with no digit (a contradiction) and with one, and four
//     words ORing the boards by the bits of their digit's number give
//     such a cell's digit without a loop over the digits;
//   - hidden singles, for the digits whose board changed: chunk arithmetic
//     on two bands side by side in a uint64 and on the third finds the rows
//     and boxes holding the digit once or never, and folding the bands
//     gives the columns;
//   - locked candidates, for the digits whose board changed, when singles
//     stall: a table maps the nine row-in-box segments of a band to the
//     cells left after pointing and claiming inside the band, and group
//     masks on the folded columns do pointing and claiming across bands
//     (a row's segments holding the digit come from a 512-entry table);
//   - the branch cell is the first open cell with two digits (found by a
//     three-level half-adder), else the open cell with the fewest.
//
// The search is the general path's, with the same node and guess counts;
// tests run the two paths against each other and through the
// conformance suite (an unexported option forces the general path).
//
// The hot calls hold no division and no loop over the digits: a
// placement's column comes from a table by bit, a cell's digits are
// gathered by shifts, and the boards are [9][3] words, so that a digit's
// three bands are one bounds check. On the first 1,000 puzzles of the
// forum's hardest (first solution) these took the classic path from 822
// to 612 million instructions, and 5,000 17-clue puzzles from 297 to
// 234 million, the trees unchanged (BENCHMARKS.md, "The classic path").
//
// # Search
//
// The root node propagates the givens (a contradiction there answers none
// without a search). Each node that propagation leaves open branches on the
// open cell with the fewest values (the first with two, as soon as one is
// found) or, on a table with n-ary rules or arcs, the open cell with the fewest
// values per conflict weight (dom/wdeg): one, plus the times propagation
// emptied the cell, plus the times each n-ary rule of the cell failed
// (and, on a table of pairs, twice the times each house of the cell had
// no place left for a value: see below), in this search, so that the
// search goes where the sums bind. Each cell's weight is kept as the
// failures happen (a failing rule adds one to each of its cells), so
// choosing reads one word per cell: 7% less CPU per node on identical
// search trees (iss-305, iss-307, iss-083, iss-300). A
// rule the others imply (an innie-outie sum, a renban line's runs) adds
// five: on iss-305 such sums find 9% of the failures and the cages 80%,
// but their cells span cages and houses. Over the published variants
// under 400,000 nodes each, five rather than one took the nodes of the 214
// puzzles decided either way from 4.86 to 4.32 million (-11%, geometric
// mean ratio 0.95), the Mathemagic killers most; three and five did
// alike, nine worse. Which rule finds a contradiction matters: letting
// the queued placements run before the rest of the n-ary pass, which
// leaves more failures to the placements (23% of them on iss-305, from
// 6%), costs 17% less CPU per node on the same trees without weights,
// but with them takes 1.6 times the nodes.
// On the 35 published killers of testdata/killers, within 3 s each, value sets and
// reachable totals took prop from 24 proved unique (median 75,657 nodes)
// to 31 (6,582 nodes), the conflict weights to 34 (1,774 nodes), and the
// values other cells keep alone in a set to a median of 1,048 nodes; arcs
// took the published "hard renban" and "hard thermo" puzzles iss-175 and
// iss-180 from undecided after 10 s to 1.6 s each.
//
// On a table whose rules are pairs beyond "not the same value" (arcs:
// thermometers, renban, kropki, whispers, non-consecutive…) and houses,
// with no n-ary rule but implied ones (a renban line's runs), a chosen
// cell of three values or more may give way to a value's two places in a
// house, when the heavier of the two outweighs the cell per branch (the
// heavier place's weight over 2 against the cell's over its values): the
// two branches place the value in one and in the other. On the published
// thermometers iss-178 and iss-179 this took prop from undecided after 60
// s (8.4 and 10.5 million nodes) to 479,000 and 401,000 nodes (2.8 and
// 2.3 s), iss-180 from 580,629 nodes to 59,450, the renban puzzles
// iss-175 and iss-176 from 189,385 and 1,626,153 to 178,696 and 1,419,949;
// of the 21 other such puzzles of the set that it changes, all decided
// within 400,000 nodes either way, 9 took fewer nodes and 12 more, all of
// those under 5,000 nodes but iss-165 and iss-177 (12% more each). With sums the cells' weights point
// at the sums, and the same branching took ISS's Mathemagic killers
// iss-305 to iss-308 from 1.27 to 1.98 million nodes: killers branch on
// cells alone. On such a table most contradictions are a house left
// without a place for a value, found by the hidden singles rather than
// by a rule, so such a failure adds two to the weight of each of the
// house's cells: the thermometers iss-178 to iss-180 went from 478,756,
// 401,344 and 59,450 nodes to 78,517, 82,334 and 13,317 (geometric mean
// of the node ratios 0.87 over the 36 puzzles of pairs decided either
// way within 400,000 nodes). With sums the failing cages point better.
//
// On such a table a chosen cell of three values or more that gives way
// to no house pair is branched on two ways, as the fastest public variant
// solver also chooses anew after a failure: its least value, then the
// cell without that value, a node of its own that propagates the removal
// and chooses its cell anew with the weights the first branch left (the
// cell again, or another). On the renban and anti-king iss-176 a proof by
// one search went from 851,375 nodes and 4.4-4.7 s of CPU to 546,041
// nodes and 2.8-3.1 s; the 21 puzzles of pairs of the published set it
// changes, all decided within 400,000 nodes either way, from 322,109 to
// 298,319 nodes (14 fewer, 10 more of those over 100 nodes; geometric
// mean of the node ratios 0.84), none slower by more than the noise. On
// killers the same choice anew (without propagating the removal) took
// iss-310 from 151,274 to 327,381 nodes: their levels keep their cells.
//
// On a table of sums with no killer cage (little killers, arrows: sums
// whose cells need not differ, some of which share a house), a cell of
// four values or more is branched on the same two ways, its greatest
// value first, its cell chosen anew after it (nary.refutes). There the
// conflict weights move as the search fails, and the second branch
// follows them. One search of the little killer snipe iss-299 took 11.2
// million nodes rather than 76.7 million (42 s of CPU; the fastest public
// variant solver takes 53 s); iss-303, which an earlier engine left
// undecided after 162 million nodes, was proved unique in 132 million;
// iss-301 took 49.3 million rather than 47.1 million. The least value
// first, as on pairs, took iss-299 23.0 million nodes, iss-301 47.0
// million and iss-303 143 million, and the published set alike (the
// greatest first: 32 puzzles change, geometric mean of the node ratios
// 1.02). Cells of three values keep a branch per value: with those two
// ways too, iss-299 took 26.0 million nodes (the least first) and the
// smaller little killers more. Over the published set under 400,000 nodes
// each, 34 puzzles change, every status the same, geometric mean of the
// node ratios 0.96: the arrows iss-162 30,887 to 13,277 nodes, the
// "zero solution" little killer iss-169 111,450 to 89,697, iss-300
// 190,916 to 206,473, iss-036 55,211 to 80,387. Killers keep a branch per
// value: there two ways took 12 of ISS's 14 Mathemagic killers 6-35%
// more nodes, the other two 4-9% fewer (see BENCHMARKS.md, thirteenth
// round).
//
// A branch pushes a level (the masks, the cell, its values not tried yet,
// or the two places and the value, or the cell and its value) on the
// stack and tries the lowest value (the first place, the value); on a
// contradiction or a
// solution the search restores the masks of the deepest level with a value
// left and tries the next. Stats.Nodes counts the root and every branch
// tried, Stats.Guesses the branch points: a puzzle propagation alone solves
// takes one node and no guess. The node budget is checked before each
// branch, the context polled every 4,096 nodes.
//
// With [model.Options.Trace] set, the search reports its guesses as
// [model.Event]s: each value tried at a branch point is a Try (Options:
// the values its cell had there, or 2 at a branch on a value and then on
// the cell without it, whose second Try names no candidate,
// model.NoCand), each one left an Undo, a contradiction
// a DeadEnd, a complete grid a Solution. The placements propagation makes
// are not events (a replay shows the guesses, not the deductions), nor
// are the givens; Stats.Nodes is the number of Tries plus one, the root.
// A traced search takes the general path even on a classic 9x9 grid: the
// classic path reports no events. Both paths branch alike, so the result
// is the same.
//
// # Teams: one model, several searches
//
// A search of the general path that has not ended after 4,096 nodes is
// joined by helpers, one at each later poll, while the Solver runs fewer
// searches than Solver.Workers (one per core by default) over all its
// calls: a batch that keeps every core busy with puzzles of its own gets
// no helper, and its last, hardest puzzle gets the cores the others left.
// The searches share one tree without sharing a stack. Each keeps its
// own levels, under a mutex that its owner takes twice a node (to push a
// level, and to pop levels and take the next value): uncontended, a
// fraction of a percent of a node. A search whose tree is done takes a
// value not tried yet from another's level nearest the root, the largest
// subtree left, with that level's masks, value sets and live-set slots,
// and searches below it as from a root. The conflict weights are the
// team's: every 256 nodes (and when it takes work) a search adds what its
// own gained to the team's and takes the team's, so the searches choose
// cells as one search meeting all their failures would. Over the 14
// Mathemagic killers and four other hard variants the team's trees then
// add up to what one search's do (3,370,814 nodes against 3,367,352;
// 3,462,291 when each search kept the weights of the one it took work
// from). Solutions are counted and
// kept under the team's mutex, so the limit is exact; the team ends at
// the limit, at the first context stop any search polls, or when every
// search is out of work (a search counts itself idle only once its
// stack is empty, and takes work only while the other still holds its
// level: no tree is left while one is counted idle). Stats add up the
// searches. Which solutions are kept, and in what order, can differ from
// run to run, as they can between auto's raced engines; a search with a
// node budget or a trace runs alone, so that budgets and events stay
// reproducible.
//
// # Progress
//
// Solver.SolveProgress publishes, every 4,096 nodes, the part of the tree
// searched (a Progress): each branch of a level weighs its level's part
// over the level's branches (the values of its cell, or two), and the
// part searched adds up the branches left (Knuth's estimate of a tree
// from one path, which takes the branches of a level for alike: early
// branches are often the larger, so it runs ahead of the truth; the
// renban and anti-king iss-176, searched alone, stands at 0.44 after 3%
// of its nodes and 0.92 after 27%). In a team each search publishes what it has
// searched of the work it took, less the branches others took from its
// levels, which those count; a search out of work adds its whole work,
// less those branches, to the team's; a helper that leaves adds what it
// searched and hands each orphan level its branches' part. The root's
// search publishes the team's sum, which is 1, to rounding, when an
// exhaustive search ends (TestProgress checks it alone, in teams, and
// with helpers leaving). auto's race reads it on models of pairs (see
// auto.PairsPatience).
//
// # What allocates
//
// A table, once per rule set; per table, pooled work states (a sync.Pool)
// whose mask, queue, change bitsets, scratch buffers and, for a classic
// table, 82-level board stack are sized at creation, and whose general
// stack grows, a level at a time, to the deepest search it has seen.
// After that warm-up a search allocates only the solutions it keeps (and
// the slice holding them).
//
// # Hot loops in calls of their own
//
// Go keeps every register caller-saved, and a large function whose loop
// holds more values than there are registers keeps some on the stack: a
// load and a store per pass. The loops that read many cells' masks (a
// house's values for the hidden singles, scanHouse; a cage's houses
// outside it, houseNeed; every lock's intersection, lockInsOf; a cage's
// walk over its value sets, comboScan.sets) are therefore small functions
// of their own, not inlined, whose loops keep their values in registers.
// The locked candidates read each intersection once per pass (again only
// after a lock removes candidates), and the rest of a lock's two houses
// from the intersections of the other locks that cover it (a box and a
// row: two each side), where they read 15 cells per lock before. The
// hot shifts and weight reads are masked to 63, which their ranges never
// pass (a slotted cage has at most 64 sets; a weight's offset from its
// cell's least stays below the 64 totals of reachable1), so that the
// compiler drops its checks. The trees do not change; on the first 30,000
// nodes, iss-305 took 2.68 to 2.23 billion instructions, iss-083 2.11 to
// 1.91 and iss-176 1.57 to 1.37 (see BENCHMARKS.md, sixth round).
//
// # Packed lanes
//
// On a table of at most nine values, rules of a few cells are read from
// their cells' masks packed in one word, ten bits a cell (nine values and
// a spare bit), with word arithmetic rather than a loop and a branch per
// cell. With the spare bits set, one subtracted from every lane clears a
// spare bit only where its lane is empty, and no lane borrows from the
// next; once no lane is empty, x & (x-1) is zero in the lanes of one
// value, and x &^ (x-1) keeps each lane's lowest bit.
//
//   - A cage of at most six open cells walks its value sets so
//     (setsPacked): a set, spread over the lanes by one multiplication and
//     ANDed in, leaves each cell's values of the set; the values of the
//     lanes of one value, folded into one lane, must be as many as those
//     lanes and miss the placed values; a cell that alone can take some
//     of the cage's values keeps only those, lane by lane; what the cells
//     keep is one OR into a word, and the walk stops once that word
//     equals their masks. A cage of at most six cells is read whole so
//     (comboLanes), a lane per cell where the open ones keep theirs: its
//     placed values, the values two of its cells hold (a half adder
//     over the lanes) and its cells alone in holding a value, without a
//     loop over its cells.
//   - A rule of at most six cells gathers the places of a value it must
//     hold (seen) with one multiplication, which moves bit 10i to bit
//     50+i with no two partial products on one bit.
//   - A sum of plain values (an innie-outie sum, an arrow) of at most six
//     cells with no groups reads its bounds (quickBounds): a lane's lowest
//     bit less one has as many bits as its least value less one, and the
//     lane smeared down from its highest bit as many as its greatest
//     value, so two population counts add up a side. Most calls end
//     there, the total lying at least the widest spread of a cell inside
//     the bounds.
//
// Each reads what the reading cell by cell reads (TestLanesKeepTree
// compares the trees, on killers with random givens too), for fewer
// instructions and far fewer mispredicted branches: with a 9-cell
// house's hidden-single scan (scanHouse) and a cage's houses' other
// cells (houseNeed, padded to seven by repeating one) read without loops
// too, iss-307 went from 8.79 to 7.12 billion instructions and, as
// simulated by cachegrind, from 103 to 54 million mispredicted branches
// (see BENCHMARKS.md, eleventh round). The readings of a rule's cells
// pack their masks without a loop, from the cells padded to six by
// repeating the first (naryRule.lanes); the padding lanes are left out.
//
// # Figures
//
// The benchmarks solve the first 1,000 puzzles of each set, one puzzle
// per op, with prop, prop without locked candidates, prop on the general
// path and dlx side by side. On a shared 2-core machine the absolute
// rates swing with the load, so the ratios below are taken within one
// run of go test -run - -bench '(17|Hardest)/(prop|dlx)$' -count 1
// ./backends/prop/ and the median of seven runs is given (five for the
// general path):
//
//	benchmark        prop/dlx  general path/dlx  nodes: prop, dlx
//	Solve17          4.4x      1.9x              2.5, 89
//	Unique17         5.2x      2.3x              3.3, 119
//	SolveHardest     4.2x      1.5x              141, 1722
//	UniqueHardest    4.4x      1.4x              281, 3478
//
// (Solve17 and Unique17: sudoku17; the hardest: the forum's hardest
// puzzles rated 11 and over; Solve finds one solution, Unique stops at
// two.) Since the classic path's hot calls lost their divisions and digit
// loops, prop/dlx stands at 5.5x, 6.5x, 6.0x and 4.9x (median of three
// runs). On the classic path the hardest puzzles spend about half the
// time in hidden singles (their placements included), a quarter in naked
// singles and an eighth in locked candidates; saving and restoring states
// does not show. Locked candidates there make Unique17 a quarter faster,
// UniqueHardest 5% faster and SolveHardest 7% slower; they stay on. On
// the general path they pay on 9x9 grids (a fifth to a third faster on
// Unique17 and UniqueHardest) but make the 16x16 set a quarter slower, so
// they run for models of at most 9 values per cell (the general path
// solves that set at about twice dlx's rate). Saving and restoring the
// general path's masks takes under 1% of its time, so the masks are
// copied whole.
//
// # Limits
//
// The general path's cell-mask layout is general (any house, any
// AtMostOne pair, any n-ary rule) and pays for it: a classic 9x9 with one
// extra rule (a diagonal, an anti-knight exclusion, a cage) leaves the
// classic path altogether and runs at the general path's rate. Random
// 25x25 grids with many solutions can send the depth-first search into a
// large unsatisfiable subtree (a heavy tail): some of
// testdata/25x25-42.txt take longer than a second. A team has at most
// MaxWorkers searches; the classic path searches alone (its puzzles end
// in microseconds).
//
// # Naming
//
// m a model, t a table, w a work state, cell a cell index, v a value
// counted from 0 (a bit number), b a one-bit mask, a ref a candidate as
// cell<<6 | v.
package prop
