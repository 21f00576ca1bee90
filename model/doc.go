// Package model is the common constraint model shared by every puzzle and
// every backend: cells that take exactly one of their candidate values, and
// rules over groups of candidates.
//
// A puzzle is described once, as a [Model], and every backend lowers that one
// description into its own representation. The model owns the vocabulary that
// the backends share: candidates ([Cand]), rules ([Rule] with a [Kind]),
// search options ([Options]), outcomes ([Result], [Status], [Stats]), the
// events a traced search reports ([Event], [Recorder]) and the [Solver]
// interface. [Check] is the referee: it verifies an assignment
// against a model and never searches.
//
// Four kinds of rule say everything the variants need. [ExactlyOne] and
// [AtMostOne] are the binary core: houses, pairs of cells that must differ,
// forbidden pairs of values. The n-ary kinds carry a [Payload]: a [Sum]
// weighs candidates and allows some totals (killer cages, arrows, little
// killers, counts of a digit), a [Table] lists the value combinations a few
// cells may take (between lines, lockout lines); either may be conditional
// on candidates being chosen (a sandwich's crusts, an X-sum's length). A
// backend lowers each kind its own way or refuses it by name. An n-ary
// rule marked [Payload.Implied] follows from the others (the sums of
// [Builder.DeriveSums], a renban line's runs): it is there to help
// propagation, and a backend may leave it out where it costs more than it
// saves.
//
// A rule may carry a label saying where it came from ("row 3", "thermo 1"),
// which messages, dumps and exports show. A [Group] names the rules that together form one
// house over a set of cells, for readers that think in houses. Rule
// candidates, payload tuples and group members each live in one arena per
// model, every rule or group holding a sub-slice of it.
//
// Naming: c is a Cand, r a Rule, m a Model, b a Builder. Cells are numbered
// from 0 and values from 1; the candidate for (cell, value) is
// cell*Values + value - 1.
//
// Package model imports only the standard library.
package model
