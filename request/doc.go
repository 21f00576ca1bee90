// Package request answers one puzzle of a batch the way the command line
// does: given an operation (solve, count, verify, grade, explain, hint),
// its options and one puzzle.Item, a Runner returns the answer's bytes,
// exactly as sudokit prints them (text or a JSON record), and its status
// (negative, limited, an input error, a warning) for the exit code.
//
// A Generator does the same for generate, which reads no puzzle: it makes
// puzzle i of a run from GenOptions (the seed, the index) and prints its
// line or JSON record as sudokit generate does. It reads its options
// through generate.Request and writes its record with generate.NewRecord,
// as the server's /api/generate does.
//
// The sudokit command and the queue workers both call it, so an answer
// computed on another machine is byte for byte the one a local run
// prints. Options is plain data that travels as JSON.
package request
