// Package solvertest checks that an implementation of [model.Solver]
// behaves as every backend must, in the spirit of testing/fstest: a
// backend's own tests call [Test] with a solver and the claims it makes
// ([CountsNodes], [AllocsPerSolve], [StopsBuilding]), and the suite runs
// the same cases on every backend.
//
// The cases cover the statuses (none, sat, unique, multiple) and the
// counts, limits and Options.Keep (KeepNone included) behind them; node
// budgets, for solvers that count nodes; deadlines and cancellation, before
// and during a search, where a stopped search keeps Result.Stop and never
// claims an exact count (see [model.Result.Conclude]); a nil context (taken
// as context.Background) and a nil model (an error, never a panic);
// contradictory givens, which answer "none" and never "multiple"; variant
// models with extra ExactlyOne and AtMostOne rules; concurrent use; a
// Options.Trace that changes nothing in the result; and, for solvers
// that claim them, a bound on allocations per Solve, well-formed
// search events ([Traces]) and a context honoured while the solver builds
// what it searches ([Countdown] stops it at each poll in turn). Every
// solution returned goes to the referee, [model.Check], and the counts of
// small models are compared with an enumeration written here, independent
// of every backend.
//
// The package also holds the model helpers the backend tests share
// ([Puzzle], [Blank], [Rules], [CheckResult], [Keys], [CountEvents],
// [BranchPoints]). It imports no
// backend, only model, rules and sudoku, and is imported by tests only.
package solvertest
