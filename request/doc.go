// Package request answers one puzzle of a batch the way the command line
// does: given an operation (solve, count, verify, grade, explain, hint),
// its options and one puzzle.Item, a Runner returns the answer's bytes,
// exactly as sudokit prints them (text or a JSON record), and its status
// (negative, limited, an input error, a warning) for the exit code.
//
// The sudokit command and the queue workers both call it, so an answer
// computed on another machine is byte for byte the one a local run
// prints. Options is plain data that travels as JSON.
package request
