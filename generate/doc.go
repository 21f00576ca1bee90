// Package generate makes sudoku puzzles with exactly one solution: it fills
// a random complete grid, then takes givens away in a random order, keeping
// each removal only when a solver proves the puzzle still unique.
//
// A Generator works for one shape and rule set (Options): any shape from
// 4x4 to 25x25 and beyond, any global variants (diagonal, anti-knight …),
// optionally a random jigsaw layout per puzzle. It takes the solver that
// proves uniqueness as a model.Solver, so the caller chooses the backend;
// every puzzle's model is derived from one rules.Set with WithGivens, so
// the solver's per-rule-set structures are built once.
//
// # Steps
//
//  1. A complete grid: random values in the boxes on the diagonal (random
//     cells with variants or a jigsaw), each consistent with the ones
//     before, completed by the solver; a start it cannot complete within a
//     node budget is dropped for another.
//  2. Removal: the cells fall into classes under the Symmetry (a cell and
//     its images); in a random order, each class's givens go when the
//     puzzle stays unique without them. Options.Givens stops the removal at
//     a target.
//  3. Minimality (Options.Minimal): each remaining given is taken away
//     alone, and must leave several solutions. Without symmetry the removal
//     pass already guarantees it (a given that was needed stays needed when
//     others go); the check confirms it. With a symmetry, a puzzle that is
//     not minimal is dropped for a new grid.
//  4. Keeping (Options.Accept, then Options.Grader): a puzzle Accept
//     refuses, or whose grade is not Options.Level, is dropped for a new
//     grid, up to Options.Attempts grids. The command line's --difficulty
//     accepts with logic.Rate, the level without the steps, and grades
//     with the full path only for its JSON records.
//
// Options.Within steers step 2 towards a level: it says whether a puzzle
// is no harder than wanted (a logical solver limited to the level's
// techniques solves it, which proves it unique). With Options.Steer it
// decides every removal in place of the proofs, so that givens go until
// any further removal would need harder techniques: puzzles drawn at
// random end at simple about 1 in 80 times, steered nearly always, and a
// steered 25x25 grid needs no search at all. Without Steer, a puzzle that
// ends too hard goes back by bisection to the last of its removals within
// the level and retries the removals after it, within deciding, which
// halves the grids drawn per expert puzzle.
//
// # Rating bands
//
// Options.Rating keeps classic 9x9 puzzles whose rating on Sudoku
// Explainer's scale (logic.Rating's ER, exactly as sudokit grade gives
// it) lies in a Band, such as 7.0-7.9 or 9.0+. Bands below SeedFrom (8.0)
// are drawn: the removal goes on as usual and a puzzle that ends above
// the band goes back along its removals, as Within does for a level, to
// the last one that logic's techniques of at most the band's top finish
// with no step rated higher; below a naked single's 2.3, which random
// puzzles seldom stay below, the full rating decides every removal (as
// Steer). The puzzle is then rated in full and kept when it is in the
// band, else a new grid is drawn.
//
// Random grids rate 8.0 or more about once in 150 draws and never need a
// guess, so the bands from 8.0 up are searched from seed puzzles: 300 of
// the hardest known (seeds/hardest.txt, each rated 11 or more by Sudoku
// Explainer). An attempt takes one at random, moves it by random
// symmetries of the grid (digits relabelled, rows within bands, bands,
// columns within stacks, stacks, transposition), swaps a given for
// another cell (a given goes; of the cells where a second solution then
// differs, the first that makes the puzzle unique again comes), so that
// the puzzle is a new one, not a seed moved, and then walks: each puzzle
// is rated (logic without a solver: a path that stops needs a guess,
// 11.0), one above the band gets a given of its solution back (still
// unique), one below loses a given (proved unique), or swaps when none
// can go; a walk back to the seed moved swaps again. Ratings from 9.0 come
// from logic's dynamic and nested forcing chains (9.0 to about 11.4), and
// a puzzle the techniques cannot finish rates 11.0 (logic.Guess). Every
// puzzle kept is unique
// (proved by the solver) and rated by logic; Attempts bounds the grids or
// walks.
//
// # Killers
//
// With Options.Killer the puzzle has no givens: from the complete grid,
// every cell starts as a cage of its own (the grid itself, unique) and
// neighbouring cages merge, keeping their digits different and their size
// at most Options.CageSize, while the solver proves the killer unique.
// Cages of one cell first join a neighbour, then random pairs merge until
// none that fits is left. Merges are proved a round at a time, since few
// fail: a failed round is bisected for its longest unique prefix (a finer
// partition has fewer solutions), and the merge after it is marked failed.
// A 9x9 killer takes about 20 proofs; the auto backend (Dancing Links within
// a budget, then SAT) makes one in a median 0.3 s, where DLX alone, without
// givens to start from, can take minutes.
//
// Most removals need no proof. A cell whose value the remaining givens force
// by a naked or hidden single can go at once; a second solution met by an
// earlier proof refuses every later removal that would leave it standing;
// and every second solution the solver reports is kept for that. Without
// symmetry, about half the removal decisions of a 9x9 grid and all of the
// minimality check come from these two shortcuts.
//
// # Clues
//
// With Options.Clues each puzzle carries clues of one kind, drawn at
// random from its complete grid before any given goes: arrows (a circle,
// on grids up to 9x9 now and then a pill of two cells, and a shaft of 1 to
// 4 touching cells adding up to it), little killer totals (a diagonal of
// two cells or more, written outside one end) or thermometers (3 cells or
// more along which the digits increase). Every clue holds in the grid, so
// the removal goes on as usual under the rules and the clues (a rule set
// per attempt, as for a jigsaw), and the clues stand in for givens: a 9x9
// puzzle keeps about 11 givens with 8 arrows or 8 thermometers and 18
// with 4 little killers, where it keeps 24 without. Clues share no cell and
// no diagonal step of a line crosses another's, so that a drawing stays
// readable. A last proof checks that the givens without the clues have
// several solutions, so that the clues matter (Puzzle.WithoutClues).
//
// # Reproducibility
//
// Puzzle i of a run depends only on Options and i: its random source is
// seeded with PuzzleSeed(Options.Seed, i), so Generate gives the same
// puzzles in the same order with any number of workers. Solvers are
// deterministic under node budgets; only a stop by time could change a
// puzzle.
//
// # Front ends
//
// A [Request] holds what a user asks for in words (size, rules, symmetry,
// difficulty) and numbers; [Request.Options] reads it, [DefaultBackend]
// names the prover when the user names none, and [NewRecord] writes a
// generated puzzle's JSON [Record] (its seeds, puzzle and solution, link,
// cages, grade, backend and statistics). The sudokit command, the queue's
// workers (through package request) and the server's /api/generate all
// go through them, so they take the same options with the same defaults
// and errors and write the same record, byte for byte.
//
// Naming: g a Generator, rs a ruleSet, r a remover, sol a complete grid as
// the chosen candidate of every cell, cl a class of cells.
//
// Package generate imports model, model/graph, logic (to grade and steer
// difficulty), rules, sudoku, variants and fpuzzles (a record's link).
package generate
