// Package sat is the SAT backend: it encodes a [model.Model] as CNF and
// solves it with the gini CDCL solver (github.com/irifrance/gini).
//
// It is the only package of the module that imports gini. encode.go (with
// solver.go for the solving side) is the only file that knows the model;
// all clause generation goes through one encoder behind [Encode] and
// [EncodeRules], which write into any inter.Adder: a gini instance, the
// DIMACS writer ([WriteDIMACS]) or a test recorder.
//
// # Variables
//
// Candidate c is gini variable c+1 (z.Var(c+1); variable 0 is gini's
// LitNull). Candidates are numbered cell*Values + value - 1, so in a DIMACS
// export of an N x N grid the variable of (row r, column c, digit d), all
// 0-based except d in 1..N, is r*N*N + c*N + d, and var(cell, value) =
// cell*N + value. Exports keep this numbering even for candidates the
// givens decide, so an outside tool's model decodes with [DecodeModel].
// Fresh solving renumbers the undecided candidates densely (internally only).
//
// # Encoding
//
// The extended encoding (Lynce and Ouaknine): for every cell an
// at-least-one clause over its values and pairwise at-most-one clauses; for
// every ExactlyOne rule an at-least-one clause and pairwise at-most-one
// clauses; for every AtMostOne rule pairwise at-most-one clauses. A pair of
// candidates that share several constraints (a cell pair in one row and one
// box) gets its binary clause once: 10,530 clauses for an empty 9x9 grid
// rather than 11,988. Other rule kinds are refused with an error naming the
// kind.
//
// The givens are applied before the solver sees the clauses (Kwon and
// Jain's "optimized" encoding), and further: fixed candidates are chosen,
// excluded ones eliminated, and naked singles (a cell with one candidate
// left) and hidden singles (an ExactlyOne rule with one candidate left) are
// propagated to a fixpoint, which is unit propagation on the full encoding.
// Satisfied clauses are dropped and false literals stripped. A cell or rule
// left without candidates is the empty clause: the solver reports Unsat
// without calling gini. When propagation decides every cell (about half of
// the 17-clue puzzles), the answer is Unique with no gini call at all. On
// 17-clue puzzles that need search the reduced CNF has about 155 variables
// and 1,000 clauses instead of 729 and 10,530; on the hardest 11+ puzzles
// about 230 variables and 1,500 clauses.
//
// The propagation and the per-shape structures it runs on (each candidate's
// ExactlyOne rules and its peers, the candidates it excludes) come from
// package model/graph; a Solver builds them once per RulesID and keeps them
// in its own cache, and the encoder's buffers are pooled, so encoding a
// puzzle with [Solver.Encode] allocates nothing. A rule kind the graph
// cannot read is an error, never a set of pairwise clauses.
//
// # Modes
//
// [Fresh] (what [Auto] uses) builds a new gini instance per call from the
// reduced CNF. [Incremental] keeps per RulesID gini instances holding the
// base CNF ([EncodeRules]), passes the chosen candidates of a puzzle as
// assumptions, and rebuilds an instance after Solver.Recycle puzzles (100)
// because learnt clauses pile up. Instances are rebuilt by replaying the
// base clauses, which beat gini's Copy (see BENCHMARKS.md).
//
// Incremental beats Fresh only on easy puzzles that leave many candidates
// undecided, is slower on hard ones and cannot tell them apart in advance,
// so Auto always uses Fresh; BENCHMARKS.md ("SAT modes") has the figures.
//
// # Counting
//
// Solutions are counted by blocking: after each model, a clause of the
// negated chosen candidates of the cells propagation left open forbids that
// solution, and gini is called again, up to Options.Limit models (all when
// Limit <= 0); Options.Keep bounds the solutions kept. In incremental mode
// the blocking clauses are switched on by one activation literal
// (ActivationLit, ActivateWith), assumed with the givens and deactivated
// before the instance serves the next puzzle. Every returned solution is
// complete: the chosen candidate of every cell, decided ones included.
//
// # Time limits
//
// gini has no context; [Solver.Solve] maps the context onto it. A context
// without a Done channel solves without limit. Otherwise each solve first
// runs synchronously with gini's Try for up to 5 ms (or until the deadline),
// which settles most 9x9 calls without a goroutine, then continues under
// GoSolve, polled every millisecond and stopped when the context is done.
// gini keeps the deadline of its last Try and a later Solve would honour it,
// so every synchronous solve goes through Try. A stopped search returns
// Unknown with Stop Deadline or Canceled and the solutions found so far.
//
// # Statistics
//
// Stats.Vars and Stats.Clauses give the size of the gini instance: the
// reduced CNF in fresh mode, the base CNF in incremental mode; zero when no
// instance was needed. Stats.SolveCalls counts gini solves, Stats.Elapsed
// the wall time of the call.
//
// Naming: c, a, b are candidates (model.Cand), l a gini literal (z.Lit), g
// a gini instance, e an encoder, sh a cached shape.
package sat
