// Package auto is the backend that picks a backend: it runs a first
// engine within a node budget — candidate propagation (prop) on models of
// houses alone up to 16x16, Dancing Links (DLX) on the others — and, when
// that engine gives up on the budget, hands the puzzle to the SAT solver.
//
// Why: prop is the fastest backend on 9x9 puzzles and DLX on easy larger
// ones, but their searches are heavy-tailed on big grids with few givens,
// where a CDCL solver's learning pays off. A budget of search nodes bounds
// what the first attempt can waste; models with sums or tables beyond the
// race below (more than 16 values) skip the first attempt (DefaultBudget).
//
// Models with rules beyond exact cover (sums, tables, "at most one" pairs)
// up to 16x16 are raced instead when finding a solution or proving
// uniqueness: candidate propagation (prop) starts at once (itself a team
// of searches on the cores left free: see package prop), SAT joins it
// after RaceDelay (20 ms), after SumsDelay (5 s) on a model of houses
// and sums alone up to 9x9 (killers, little killers, arrows), or after
// PairsDelay (0.25 s, and up to PairsPatience more while prop, by the
// part of its tree it has searched, looks near its end) on one of houses
// and pairs alone (thermometers, renban, kropki, anti-king: see
// DefaultDelay and DefaultPatience), taking a core from prop's
// helpers (prop.Solver.Reserve), and the first search to finish answers
// while the other is stopped and waited for. Neither engine wins
// everywhere on the published variant puzzles: prop, with its value sets
// of killer cages, reachable totals and arc consistency, decides killers,
// little killers and renban lines SAT does not in 5 s; SAT decides
// sandwiches, region sums and a renban "zero solution" test prop does
// not. The race costs the CPU time of
// both on the puzzles that take longer than the delay, which is why SAT
// joins late where it has never been the one to decide; on a puzzle with
// several solutions, the solution printed (or the two listed) may come
// from either engine, so callers that need a reproducible one (the
// generator's random grids) pass a node budget, which keeps the
// sequential path.
//
// The budget serves finding a solution and proving uniqueness. Counting
// past two solutions runs the first engine alone, bounded only by the caller:
// enumeration is its strength and SAT's weakness (a blocking clause per
// solution), and a count cut short by a budget is never an answer.
package auto
