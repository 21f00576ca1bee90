// Package crosscheck runs several backends on one model and reports where
// they disagree. Every solution any backend returns is verified by the
// referee, [model.Check]; statuses and counts are compared; and when every
// backend enumerated all solutions, the solution sets are compared too.
//
// The package knows backends only through [model.Solver], so any solver,
// including one written outside this module, can be checked against the
// others.
package crosscheck
