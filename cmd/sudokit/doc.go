// Command sudokit solves, counts and verifies sudokus and their variants
// with interchangeable backends (candidate propagation, Dancing Links,
// SAT, auto, which picks among them, a backtracking baseline, simulated
// annealing and outside programs), cross-checks the backends against each
// other, exports their encodings, explains and grades puzzles the way a
// person solves them, generates new ones and serves a web page.
//
// Run "sudokit help" for the commands. Exit codes: 0 success, 1 a negative
// answer (no solution, not unique, a disagreement), 2 a usage or input
// error, 3 a limit or timeout reached before an answer, 4 the output could
// not be written.
package main
