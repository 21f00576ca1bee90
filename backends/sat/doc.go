// Package sat is the SAT backend: it encodes a [model.Model] as CNF and
// solves it with the gini CDCL solver (github.com/irifrance/gini).
//
// It is the only package of the module that imports gini. encode.go, with
// nary.go and order.go for the n-ary rules (and solver.go for the solving
// side), are the files that know the model's rules;
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
// rather than 11,988. Sum and Table rules are written after them (next
// section); a kind the candidate graph cannot read is refused with an error
// naming it.
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
// # Sums and tables
//
// The candidate graph reads only the binary rules and lists the n-ary ones
// ([graph.Graph.Nary]); the same encoder writes their clauses after the
// binary ones, so Encode, EncodeRules and WriteDIMACS all carry them.
// Auxiliary variables (states, selectors) are numbered after the
// candidates: candidate c stays variable c+1 and decoding ignores the rest.
// Propagation ignores the n-ary rules, which keeps it sound; their clauses
// are then written over the undecided candidates, each clause dropped when a
// decided candidate satisfies it and stripped of the decided-false ones.
// When propagation alone decides every cell, the n-ary rules are checked
// with model.Check before the answer is given. A rule's conditions
// (Payload.When) are negated into every clause of the rule; a condition
// eliminated by propagation drops the rule. A rule the others imply
// (model.Payload.Implied) whose cells may repeat a digit, such as the
// innie-outie sums of model.Builder.DeriveSums, is left out: on the 35
// published killers of testdata/killers (sudokit bench --mode unique -j 1
// --timeout 5s --backends sat) their clauses took the median from 47 ms to
// 123 ms and one more killer past 5 s. Implied rules over distinct cells
// (the derived sums inside one house, a renban line's runs) are kept.
//
// Sum, with [SumEncoding] (Solver.Sums):
//
//   - Layered: a prefix-sum diagram. State (i, s) says that the first i cells
//     of Payload.Cells contribute s; only states reachable from (0, 0)
//     through live candidates and able to reach an allowed total are kept,
//     one variable each (the root is true, the last layer needs none). For
//     each state and live candidate of the next cell, y ∧ x → y' or, when the
//     next state is not kept, the dead end ¬y ∨ ¬x.
//   - LayeredSupport: the same plus support clauses: every layer holds a
//     state, every state has an outgoing candidate, every candidate of a
//     cell an incoming state.
//   - DigitSets: a distinct sum whose weight of a value is the same in
//     every cell (a killer cage) becomes one selector per set of
//     len(Cells) distinct values adding up to an allowed total (at most
//     1,024 sets, else the diagram): at least one selector, a selector
//     excludes the values outside its set, and a candidate needs a selector
//     whose set holds it. Other sums use LayeredSupport.
//   - Order: an order encoding over a balanced binary tree of partial sums
//     (a totalizer of integers; the Sugar solver's decomposition of a
//     linear sum into ternary ones). The cells are first split into groups
//     that must take distinct values (a house's cells, or all of a distinct
//     sum's) and weigh them alike, the largest group first; each group is a
//     subtree, and the groups' roots are joined in a balanced tree. Every
//     node keeps the partial sums reachable from its live candidates (a
//     group's root only the sums of distinct values), pruned top-down to
//     those that combine with a sibling's into a kept sum of the parent,
//     the root keeping the allowed totals; a candidate whose weight its
//     leaf does not keep is eliminated. Each node has one variable
//     [S ≥ d] per kept sum above its smallest, with [S ≥ d'] → [S ≥ d] for
//     consecutive ones; a leaf has x → [S ≥ w(x)] and x → ¬[S ≥ w(x)+1];
//     an inner node S = A + B has [A ≥ a] ∧ [B ≥ b] → [S ≥ a+b] and
//     ¬[A ≥ a+1] ∧ ¬[B ≥ b+1] → ¬[S ≥ a+b+1] for its children's kept a, b.
//     Unit propagation is then bounds consistent on every node, and the
//     tree being acyclic, on the sum.
//   - SetsOrder (the default): killer cages by DigitSets, other sums
//     (arrows, pills, little killers, non-distinct derived sums) by Order.
//
// Distinct adds binary clauses per value over the sum's cells, leaving out
// the pairs the graph already excludes (a cage inside a box).
//
// Measured on two published 9x9 killers with no givens (BenchmarkKiller,
// go test ./backends/sat/ -run XXX -bench Killer -benchtime=3x, 2 shared
// cores; solve = Limit 1, unique = Limit 2), before Order existed:
//
//	killer        encoding          vars  clauses  solve    unique
//	tarek-hard-1  digit-sets         920   15,051   1.9 s    2.2 s
//	tarek-hard-1  layered-support  1,291   16,690  18.9 s   17.0 s
//	tarek-hard-1  layered          1,291   15,750   5.7 s   14.2 s
//	hs-zero-3     digit-sets         849   13,250   15 ms    38 ms
//	hs-zero-3     layered-support  1,058   14,102   50 ms    77 ms
//	hs-zero-3     layered          1,058   13,526   85 ms    80 ms
//
// Digit sets win by 3x to 9x on cages. Order against them, proving each
// puzzle unique (Limit 2) with every encoding in turn in one process, CPU
// (user) seconds of the call, 5 s deadline unless said, 2 cores shared
// with other work (TestMeasureSums, a driver that runs only when asked):
//
//	SUDOKIT_SUMS=../../testdata/killers/killers.links.txt \
//	SUDOKIT_SUMS_ENC=digit-sets,sets-order,order \
//	go test ./backends/sat -run TestMeasureSums -count=1 -timeout 0
//
//	set                      encoding    decided  median   p90     vars  clauses
//	killers (35)             digit-sets    34     0.10 s  2.4 s    971   17,577
//	killers (35)             sets-order    33     0.09 s  0.95 s   975   17,569
//	killers (35)             order         25     1.1 s   > 5 s  2,769   27,495
//	pills iss-154..156, 60 s digit-sets     0     > 60 s          2,660   30,843
//	pills iss-154..156, 60 s sets-order     3     0.02 s  0.10 s 1,208   15,665
//	little killers 299..303  digit-sets     1     > 5 s           1,948   23,354
//	little killers 299..303  sets-order     1     > 5 s           2,358   27,187
//	Mathemagic 305..318      both           0     > 5 s           ~ 880  ~15,400
//	published variants (229) digit-sets   198     0.024 s > 5 s    921   13,425
//	published variants (229) sets-order   203     0.015 s > 5 s    850   12,545
//
// (The published variants are ../shared/data/variants/*.json, the set of
// scripts/published-variants.sh, run through the same driver with
// SUDOKIT_SUMS_ENC=digit-sets,sets-order; 8 files that do not load are
// left out. sets-order decides iss-036, iss-154..156 and iss-170 too,
// every puzzle digit-sets decides, no verdict differs, and on the 198
// both decide it takes a median 0.89 of digit-sets' time.)
//
// Cages are better as digit sets (order alone: 10 of 35 killers
// undecided); with them, SetsOrder writes the same clauses as DigitSets on
// 27 of the 35 killers and on every Mathemagic killer (all cages), and the
// differences on the others are within the noise (the same CNF varies up
// to 2x between runs: the 5 ms Try and the goroutine's polling make gini's
// work depend on timing). On the pills, whose shafts pass through whole
// houses, the groups of cells that must differ decide the puzzle: the
// root's bounds come from sums of distinct digits per house, which the
// diagram never sees; digit-sets needs 30 s to 5 minutes there. So
// SetsOrder is the default. Neither proves four of the five little killers
// within 5 s.
//
// Table: one selector per tuple whose candidates are all live, at least one
// selector, a selector implies its tuple's candidates, and a candidate needs
// a selector of a tuple giving its cell that value (support, so that unit
// propagation removes values no tuple allows; not measured against
// leaving it out).
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
// Naming: c, a, b are candidates (model.Cand; x in clause sketches), l a
// gini literal (z.Lit), g a gini instance, e an encoder, sh a cached shape,
// n an n-ary rule as the encoder reads it, y a state of a sum's diagram, s
// a partial sum, sel a selector.
package sat
