// Package logic solves puzzles the way people do: it applies human
// techniques, easiest first, records every deduction as a [Step], and grades
// a puzzle by the hardest technique its path needs.
//
// # Techniques
//
// In the order they are tried (and restarted from after every step): full
// house, naked single, hidden single, cage combinations, sum bounds, table
// support, pair rule, locked candidates (pointing, claiming), cage locked
// digit, innies-outies, house combinations, naked pair, hidden pair, naked triple, hidden
// triple, X-wing, finned X-wing, XY-wing, XYZ-wing, empty rectangle, naked
// quad, hidden quad, WXYZ-wing,
// swordfish, finned swordfish, VWXYZ-wing, aligned pair exclusion,
// UVWXYZ-wing, W-wing, jellyfish, finned jellyfish, simple
// colouring, Sue de Coq, X-cycle, X-chain, XY-cycle, XY-chain,
// continuous nice loop, AIC, ALS-XZ, ALS-XY-wing, grouped AIC,
// TUVWXYZ-wing, aligned triplet exclusion,
// combination forcing, then the forcing chains: nishio, region forcing
// chains, cell forcing chains, on puzzles with sums nishio, forcing and
// nested nishio over every rule, then dynamic forcing chains, dynamic
// forcing chains (+), nested forcing chains and nested forcing chains
// (+). Locked
// candidates look at every box (pointing) before every row and column
// (claiming).
//
// The techniques read the model, not a picture of a grid, so most of them
// work on every size and every variant:
//
//   - naked single, hidden single, locked candidates, XY-wing, XYZ-wing,
//     W-wing, simple colouring, X-chain and XY-chain use only the model's
//     ExactlyOne rules and the "at most one" pairs of model/graph (a
//     diagonal, an anti-knight move, a killer cage's no-repeat rule): they
//     apply to every variant and size. Outside rows, columns and boxes,
//     locked candidates is reported as such rather than as pointing or
//     claiming;
//   - the chains read two kinds of link. A strong link (if one end is
//     false the other is true) is a conjugate pair, an ExactlyOne rule with
//     exactly two open candidates of one value, or for XY-chains the two
//     candidates of a cell with two; a weak link (if one end is true the
//     other is false) is any pair of peers in the candidate graph. Simple
//     colouring colours the conjugate pairs of one value in turn (colour
//     wrap: a colour that sees itself is false; colour trap: a candidate
//     that sees both colours is false), the X-chain alternates strong and
//     weak links of one value, the XY-chain joins cells with two
//     candidates, the AIC mixes both kinds of strong link with any two
//     candidates that see each other or share a cell as weak links, and
//     also finds discontinuous loops (a candidate taken true comes back
//     false). The chain searches are breadth first and report the
//     shortest chain that eliminates something;
//   - the cycles (cycles.go) are continuous loops of the same links: of one
//     value (X-cycle), through cells with two candidates (XY-cycle), or
//     mixed (continuous nice loop). A loop holds both ways round, so of
//     the two ends of each weak link one is true, and what sees both ends
//     (outside the loop's cells) is false. Each kind is tried before the
//     chains of its links, which make each of its eliminations with a
//     longer chain, and only up to a few nodes (16, 12 and 8);
//   - the grouped AIC (grouped.go) is the AIC with groups for nodes too:
//     the candidates of one value where a box crosses a row or a column,
//     true when the value is in one of them. A group links strongly, in a
//     house, to what holds the value's other places there (a candidate
//     or another group) and weakly to the candidates and groups whose
//     cells all see its own. It runs after the almost locked sets, on
//     houses named "box …", "row …" and "column …", on grids of at most 9
//     digits;
//   - full house and the naked and hidden subsets use the model's house
//     groups ([model.Group]: rows, columns, boxes, jigsaw regions,
//     diagonals); naked subsets also use partial regions whose values
//     differ, hidden subsets only houses holding every value;
//   - the fish (X-wing, swordfish, jellyfish) need houses named "row …" and
//     "column …", which every grid built by package rules has; their
//     finned and sashimi forms also need boxes (houses named "box …");
//   - the empty rectangle (empty.go) reads plain grids (rows, columns and
//     boxes, no other rule): a digit whose candidates in a box lie in one
//     row and one column of it, and a conjugate pair of the digit in a
//     column (row) with one end on that row (column), rule the digit out
//     where the pair's other row (column) crosses the box's column (row).
//     Sudoku Explainer has no such step; its rating here is 4.6, between
//     the XYZ-wing and the unique rectangles, as HoDoKu ranks it;
//   - the almost locked sets (als.go) and Sue de Coq (suedecoq.go) use the
//     model's houses, so they work on every size and on jigsaw regions and
//     diagonals, and read "sees" from the candidate graph. An almost
//     locked set (ALS) is n open cells of a house holding n+1 digits (a
//     cell with two is one); two disjoint ALSs have a restricted common
//     digit x when every x of one sees every x of the other. ALS-XZ: one
//     of the two then lacks x and holds all its other digits, so a digit z
//     both hold leaves the cells that see every z of both; with two
//     restricted common digits (doubly linked) each set holds all its
//     digits but one of the two, which rules out more. ALS-XY-wing: a
//     pivot ALS C with a restricted common digit x with A and another, y,
//     with B: a digit z of A and B, neither x nor y, leaves the cells that
//     see every z of A and B. Of the steps, the one with the fewest cells
//     is taken. The search reads ALSs of up to 8 cells and up to 4,000 of
//     them in a position (more on large grids are not seen). Sue de Coq:
//     cells C two houses share, holding at least two digits more than
//     they number, with cells D of the first house only and E of the
//     second only (up to 4 each), D's and E's digits apart and the three
//     sets holding as many digits as cells: the digits not in E leave the
//     first house's other cells, those not in D the second's. Sudoku
//     Explainer has none of them: they rate 7.0 (Sue de Coq, as its
//     bidirectional cycles), 7.1 (ALS-XZ) and 7.2 (ALS-XY-wing), as its
//     forcing chains, which make the same deductions; they come where
//     HoDoKu puts them, Sue de Coq before the X-chain, the ALS
//     techniques after the AIC. On top95 they take 8 puzzles from master
//     to extreme (27 need the forcing chains, 35 did without them);
//   - SukakuExplainer's wings and Sudoku Explainer's aligned exclusions
//     (bigwings.go, aligned.go) read plain 9x9 grids (rows, columns and
//     boxes, no other rule) only, as those programs define them. A wing of
//     n cells (the WXYZ-wing for 4, VWXYZ 5, UVWXYZ 6, TUVWXYZ 7) is an ALS
//     of n-1 cells of a house with n digits and a cell outside holding two
//     of them, x and z, that sees every cell of the set holding x: z then
//     leaves the cells that see that cell and every z of the set; when z
//     is restricted too, the n cells hold their digits once each, which
//     rules out more. They rate 5.5 or 5.6 (WXYZ), 6.2 to 6.4 (VWXYZ, by
//     the most digits a cell of the set holds), 6.6 and 7.5, as
//     SukakuExplainer rates them, and come in its order of difficulty,
//     WXYZ after the hidden quad, the VWXYZ- and UVWXYZ-wings before the
//     W-wing (a forcing chain for Sudoku Explainer), TUVWXYZ after the
//     ALS-XY-wing. The aligned pair (triplet) exclusion tries every
//     combination of values of two (three) cells with at least two
//     common peers holding two (up to three) digits: a combination that
//     repeats a digit in a house, or takes every digit of such a peer,
//     is out, and a value no combination left gives is removed (6.2 and
//     7.5, Sudoku Explainer's ratings).
//
// With [Options].AssumeUnique, the unique rectangles (types 1 to 6 and
// hidden rectangles, one technique, kind by kind in that order, a corner
// may lack one of the two digits) and BUG+1 run too, after the XYZ-wing
// and the hidden quad: they assume the puzzle has exactly one solution (a
// pattern whose digits could swap cannot be), so they are off by default
// and run only on grids of rows, columns and boxes (uniqueness.go).
//
// The forcing chains (forcing.go) are the last resort before a guess: each
// assumes something on a scratch copy of the position and places the
// naked and hidden singles that follow, one after another on the changed
// position (Sudoku Explainer's dynamic chaining). A candidate whose
// placement ends in a contradiction is false (nishio); a placement or
// elimination that every place of a value in a rule (region forcing
// chains), or every candidate of a cell (cell forcing chains), leads to
// holds. Of each kind the step whose longest branch places the fewest
// singles is taken. On a puzzle with Sum or Table rules, with
// [Options].Propagator (backends/prop, which the CLI and the server pass),
// nishio and forcing over every rule come last: a candidate goes when
// placing it leaves the propagation of every rule, sums included, with no
// solution, and what every candidate of a cell (every place of a value in
// a rule) leads to by that propagation holds (rulesforcing.go); the steps
// name the assumptions, not a chain. Last, nested nishio over every rule
// (rulesnested.go) places a candidate c, propagates every rule, then
// removes from that branch each candidate d whose placement beside c
// leaves the rules no way to hold, propagating again after each loss,
// until the branch ends in a contradiction (c is false) or loses nothing
// more: singleton arc consistency within the assumption, which needs no
// cell placed. A d goes for free when it is false, or when its own
// branch and c's leave a cell no common value; the propagations (about
// 75 µs each on a 9x9 killer) run most constrained branch first, at most
// 40,000 a search. It takes the published killers of testdata/killers
// needing a guess from 19 of 35 to 3 (master, weight 700, rated 9.5 as
// Sudoku Explainer's nested forcing chains). On top95 and top1465 they leave 0 and 3 puzzles
// needing a guess (49 and 114 of them needed one without).
//
// Where those are stuck, the dynamic and nested forcing chains (nets.go)
// follow an assumption further, as Sudoku Explainer escalates: dynamic
// forcing chains (8.5 on its scale) assume each open candidate true and,
// in a cell with three or more, false, and follow singles; dynamic
// forcing chains (+) (9.0) also apply locked candidates, naked and hidden
// pairs and X-wings in each branch whenever the singles stop; nested
// forcing chains (9.5) also remove, in the branch, each candidate whose
// placement leads there by singles to a contradiction, and nested forcing
// chains (+) (10.0) each one whose placement leads to one by the (+)
// branches. From the branches followed once each, a step takes a
// contradiction (the candidate is false, or, assumed false, true), what a
// candidate true and false both lead to, or what every candidate of a
// cell or every place of a value in a rule leads to, whichever needs the
// least work; its Length counts the singles, removals and inner chains of
// all its branches, as Sudoku Explainer counts a net's complexity, and
// its rating adds to the base as for the other chains. The branches reuse
// scratch positions (no allocation per branch), a search stops when its
// context ends (it then finds nothing), its work is bounded (maxFollows:
// past it, the branches still to follow stop short and conclude less,
// never wrongly), and the nested depths skip models with Sum or Table
// rules and grids beyond 9x9's size (their branches' ends would take
// too much memory). All four are Master: on the first 200 puzzles of the
// hardest set (Sudoku Explainer 11 and more, which needed a guess each
// without them) they leave none needing a guess, for about 1.5 s of
// processor time a puzzle; top95 never reaches them, top1465 only on the
// 3 puzzles that needed a guess (BENCHMARKS.md, "Grades").
//
// # Sums and tables
//
// The Sum and Table rules are read by kind, whatever variant made them (a
// killer cage, an arrow, a little killer, a count, a thermometer as a
// table, or a user's own rule), and every step names the rule's label:
//
//   - cage combinations reads a Sum whose cells differ and weigh each value
//     alike (a killer cage): the digit sets of its open cells that reach a
//     total, each placeable (every cell one of its candidates, all
//     different) and holding the digits a house can put only in the cage's
//     cells; a cell keeps the values it takes in one such placement, so
//     digits outside every combination go, and a cell left one value is
//     placed ("cage 3 r1c1 r2c1 = 3: {1,2}");
//   - sum bounds reads the other Sums (repeats allowed, weights of either
//     sign: arrows, little killers, pills, counts): a cell keeps the values
//     with which some choice of the other cells' candidates reaches an
//     allowed total, found by trying the choices (two cells that see each
//     other never take one value) up to a bound, beyond it by dynamic
//     programming over the reachable partial sums;
//   - table support keeps a cell's values that some allowed tuple gives
//     it with the other cells' values among their candidates;
//   - cage locked digit: a digit every combination of a cage needs goes
//     from the cells that see every place it has in the cage ("cage must
//     contain 9, which lies only in r3c1 r3c2 (row 3 and box 1)");
//   - innies-outies is the above on the sums [model.Builder.DeriveSums]
//     adds (the rule of 45: innies, outies, their differences), which every
//     model built by package rules carries, labelled "derived, …";
//   - house combinations reads the killer-style sums inside a house (its
//     cages, and the derived sums of its innies) together with its other
//     open cells: the sums' combinations must share no digit and leave
//     the other cells digits they can take one each (each a candidate of
//     its cell, all different), so a combination that fits with no choice
//     of the others goes, and so does a value no fitting choice gives a
//     cell ("row 1: cage 1 r1c1 r1c2 = 6 {1,5}, cage 2 r1c3 r1c4 = 5
//     {2,3} and the rest r1c5 … {4,6,7,8,9} take different digits"; the
//     killer pairs and the required digits of a house; housecombos.go);
//   - combination forcing follows each combination of a cage with at most
//     12 left (its cells restricted to its digits), or each value of a
//     cell with two or three candidates in another sum (an arrow's
//     circle), with singles and the sum and table techniques: what no
//     branch leaves alive goes.
//
// A conditional rule (Payload.When) is read only once its conditions are
// placed. The cells of a Sum whose cells differ see each other: the
// other techniques (singles, locked candidates, subsets, wings, chains)
// read them as peers too. The "at most one" pairs of other variants
// (kropki dots, XV, thermometer steps, whispers, renban, palindromes,
// clones, min/max cells) reach the other techniques as peers of the
// candidate graph, and pair rule reads them by their labels: a value of a
// cell goes when none of its partner's candidates goes with it under the
// rule between them ("black dot r1c1 r1c2: r1c2 holds {1,3,4,6,8}, and
// none of them goes with 1 in r1c1"; Easy, weight 10). On the three
// kropki puzzles of variants/testdata/fpuzzles, 193 pair rule steps took
// the place of most of the 330 nishio steps and 108 AICs their paths had
// (141 nishio and 12 AICs are left).
//
// The sum techniques come right after singles because killer solvers use
// them all the time: cage combinations, sum bounds and table support are
// Easy (weights 8, 10 and 10: a killer that needs only them and singles is
// easy), cage locked digit is Intermediate like pointing (25),
// innies-outies Intermediate (40), as the rule of 45 asks a solver to
// add up houses, and house combinations Intermediate (45); combination forcing, a what-if over a cage, is Extreme
// (300).
//
// # Paths and grades
//
// [Explain] returns a [Path]. Where the techniques are stuck and
// [Options].Solver proves the puzzle unique, the path places the solution's
// value in an open cell with the fewest candidates (a Guess step) and goes
// on. The [Level] is qqwing's: simple (naked singles), easy (hidden
// singles), intermediate (locked candidates, pairs), expert (triples,
// quads, X-wing, XY-, XYZ- and WXYZ-wing), then extreme (swordfish,
// jellyfish, VWXYZ- to TUVWXYZ-wings, aligned pair and triplet
// exclusions, W-wing, simple colouring, Sue de Coq, X- and XY-cycles and
// chains, continuous nice loops, AICs, ALS-XZ, ALS-XY-wings, grouped
// AICs), master (the forcing chains, dynamic and nested ones
// included) and search (guesses needed). Variant puzzles get the same
// levels: easy also holds cage combinations, sum bounds and table support,
// intermediate cage locked digits, innies-outies and house combinations,
// extreme combination forcing. The score adds up the techniques' weights along the path,
// variant steps included.
//
// # Rating
//
// [Path].Rating places the path on Sudoku Explainer's scale, the one the
// forums publish ratings in: ER (the hardest step), EP (the hardest up to
// the first placement) and ED (the first step). Each step's rating is its
// technique's published Sudoku Explainer difficulty (1.2 for a hidden
// single in a box, 2.6 for pointing, 4.2 for an XY-wing …; techniques
// Sudoku Explainer lacks take the rating of the one that makes the same
// deduction there), plus, for chains, 0.1 for each ceiling of the
// length scale 4, 6, 8, 12, 16, 24 … the chain exceeds (see
// [Step.Rating]). sudokit's path is not Sudoku Explainer's, so the
// rating approximates the published one: it replays the path (seRating in
// solve.go) with the singles in Sudoku Explainer's order and its direct
// techniques, and where the path takes a step that would be the hardest
// so far, it first looks for one Sudoku Explainer would take first: of a
// technique the path tries later but Sudoku Explainer rates lower, or,
// for a chain, a shorter cycle or forcing chain searched as Sudoku
// Explainer searches them (seForcing in cycles.go).
//
// # Speed
//
// Grading as sudokit grade does (DLX settles uniqueness and supplies the
// guesses) takes a median 1.8 ms per puzzle on top95 and 0.20 ms on 1,000
// qqwing puzzles, on 2 shared cores (BenchmarkGradeMedian). The
// techniques, easiest first, restart after every step; most of the time
// goes to the early ones, which run most often.
//
// On killers the sum techniques remember, per sum, the candidates they
// last read it with and skip a sum whose cells have not changed; most of
// the time goes to combination forcing, which follows up to 12
// combinations of each cage with singles and the sum techniques: a
// published killer of testdata/killers takes about 1 s, without a
// solver, on 2 busy cores (BenchmarkGradeKillers).
//
// [Rate] gives the same level without the path: it places singles to a
// fixpoint with bit sets and a queue (singles lead to the same position in
// any order), runs the other techniques easiest first only where singles
// stop, and stops at a level bound, reusing its memory from call to call.
// A generator asks it whether the techniques up to a level solve a puzzle
// (which also proves the puzzle unique), and grades only what it keeps.
//
// # Naming
//
// s is the position (a *state: a 64-bit candidate set per cell and the
// values placed), geo what is read once per rule set, c a cell or a
// candidate, v a value from 1, h a house, o an ExactlyOne rule, ch the
// chain searches' scratch memory, whose nodes are a candidate and a truth
// value (2*c+1: c is true).
//
// # Pencil marks
//
// [Candidates] returns a position's pencil marks ([Marks]), optionally
// after placing every single; [ParseMarks] reads marks in the form
// [Marks.String] writes, "5 2379 1478 …", as candidates to exclude, so
// that [Next] and [Hint] continue from a solver's own marks.
//
// [Hint] is the first step of the path [Explain] would walk with the same
// Options (techniques, propagator), at the cost of one step: the sudokit
// command's hint and the server's /api/hint both answer through it.
package logic
