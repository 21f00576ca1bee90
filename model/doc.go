// Package model is the common constraint model shared by every puzzle and
// every backend: cells that take exactly one of their candidate values, and
// rules over groups of candidates.
//
// A puzzle is described once, as a [Model], and every backend lowers that one
// description into its own representation. The model owns the vocabulary that
// the backends share: candidates ([Cand]), rules ([Rule] with a [Kind]),
// search options ([Options]), outcomes ([Result], [Status], [Stats]) and the
// [Solver] interface. [Check] is the referee: it verifies an assignment
// against a model and never searches.
//
// Naming: c is a Cand, r a Rule, m a Model, b a Builder. Cells are numbered
// from 0 and values from 1; the candidate for (cell, value) is
// cell*Values + value - 1.
//
// Package model imports only the standard library.
package model
