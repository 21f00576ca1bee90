// Command sudokit solves, counts and verifies sudokus and their variants
// with interchangeable backends (Dancing Links, SAT), cross-checks the
// backends against each other and exports their encodings.
//
// Run "sudokit help" for the commands. Exit codes: 0 success, 1 a negative
// answer (no solution, not unique, a disagreement), 2 a usage or input
// error, 3 a limit or timeout reached before an answer, 4 the output could
// not be written.
package main
