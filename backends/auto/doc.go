// Package auto is the backend that picks a backend: it runs Dancing Links
// within a node budget and, when DLX gives up, hands the puzzle to the SAT
// solver.
//
// Why: DLX is the fastest backend on 9x9 puzzles and on easy larger ones,
// but its search is heavy-tailed on big grids with few givens, where a
// CDCL solver's learning pays off. A budget of search nodes bounds what the
// first attempt can waste.
//
// The budget serves finding a solution and proving uniqueness. Counting
// past two solutions runs Dancing Links alone, bounded only by the caller:
// enumeration is its strength and SAT's weakness (a blocking clause per
// solution), and a count cut short by a budget is never an answer.
package auto
