// Package queue runs sudokit batches on a NATS JetStream work queue: a
// Submitter publishes the puzzles of a batch with a request (operation and
// options, see package request) and writes the answers in input order; a
// Worker, on any machine that reaches the server, takes work from the
// queue and answers it with the request layer, so its answers are byte for
// byte those of a local run. StartServer runs an embedded NATS server with
// JetStream storage, for a batch on one machine with nothing to install.
//
// A generate batch (Submitter.Generate, RunGenerate) reads no puzzles: its
// work items are the indices of the run's puzzles, and a worker makes each
// with request.Generator.Do, from the run's seed and the index, as sudokit
// generate does; a puzzle that cannot be made ends the output there, and
// the work queued after it is purged. A puzzle read with --in jigsaw
// travels with its layout (variants.Jigsaw.Layout), which the worker reads
// back after the puzzle's text.
//
// # Design
//
// Subjects and streams. Work goes to the stream SUDOKIT_WORK on subjects
// sudokit.work.BATCH.FIRST (FIRST is the index of the message's first
// puzzle), with work-queue retention: a message is removed once a worker
// acknowledges it. The stream keeps at most one message per subject and
// refuses a second one while the first is queued (DiscardNewPerSubject),
// so a restarted submitter cannot queue the same work twice; each message
// also carries a Nats-Msg-Id (BATCH.RUN.FIRST, RUN naming the submitter's
// run) against duplicates within the server's window. Answers go to
// SUDOKIT_ANSWERS on sudokit.answers.BATCH, with limits retention, and
// carry their own Nats-Msg-Id (BATCH.RUN.INDEX of their first puzzle), so a
// redelivered message's answers are stored once.
//
// Consumer, acknowledgement and redelivery. All workers share one durable
// pull consumer, sudokit-workers, with explicit acks. A worker takes one
// message (Options.PerMessage puzzles), answers every puzzle, publishes
// the answers, waits for the stream to store them, and only then acks the
// message. While it works it tells the server it is in progress, so a
// long puzzle is not taken from a live worker; a worker that dies or
// stalls stops doing so, and after AckWait the server hands the message to
// another worker, up to MaxDeliver times. The submitter answers a message
// given up after MaxDeliver deliveries with an error per puzzle (the
// server's max-deliveries advisory), so a batch always ends.
//
// Ordering and exactly-once output. Delivery is at least once: a message
// may be answered twice (a worker that stalled past AckWait and then
// finished, or died between storing its answers and acking). Every answer
// carries its puzzle's index in the input and a hash of the puzzle's text;
// the submitter keeps the first answer of each index, drops the others,
// and writes answers in index order as they complete, so each puzzle's
// answer appears exactly once, in input order. A restarted submitter (the
// same batch name) first reads the answers already stored, does not queue
// their puzzles again, and writes the whole batch once more; when the
// batch is complete it purges its answers.
package queue
