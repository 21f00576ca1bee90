// Command sudokit-queue runs sudokit batches on a NATS JetStream work
// queue (package queue): "submit" queues the puzzles of a batch with an
// operation (solve, count, verify, grade, explain, hint) and writes the
// answers in input order, exactly as sudokit prints them, or the puzzles of
// a generate run, one work item each; "worker" answers
// work on any machine that reaches the server; "server" runs a NATS server
// with JetStream for others to join. With no --server, submit starts an
// embedded server (storage in --dir, listening on loopback) and local
// workers (-j), so a batch needs nothing installed.
//
// It is a command of its own so that sudokit itself does not compile the
// NATS server.
package main
