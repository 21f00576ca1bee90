// Package outside runs solvers that are not part of sudokit — GLPK's
// glpsol and COIN-OR's CBC on the 0/1 integer program of a model, minisat
// on its CNF, MiniZinc (with its default solver, Gecode in Debian's
// package) on its MiniZinc model — as a [model.Solver], so that they take
// part in cross-checks and benchmarks like any backend while sharing no
// code with sudokit's own engines.
//
// # One run
//
// A [Solver] writes the model in the [Program]'s format to a file in a
// fresh temporary directory (the CPLEX LP program of [lp.WriteExcluding],
// the DIMACS CNF of [sat.WriteDIMACS], the MiniZinc model of
// [mzn.WriteExcluding]), runs the program on it with
// [exec.CommandContext], reads the answer it writes (to a file, or to
// standard output for minizinc) and decodes it into a [model.Solution].
// The directory is removed before Solve returns. When the context has a
// deadline, the program is also given its own time limit (glpsol
// --tmlim, CBC sec and minisat -cpu-lim in whole seconds rounded up,
// minizinc --time-limit in milliseconds); when the context ends, the
// process is killed and the answer is [model.Unknown] with the context's
// Stop. A program that stops at its own time limit answers Unknown with
// [model.Deadline] too.
//
// # Counting
//
// Each run asks for one solution. To find more (Options.Limit 2 proves
// uniqueness, 0 counts them all) the Solver runs the program again with
// every solution found so far cut off — in the integer program a no-good
// row, the chosen variables adding up to at most Cells-1; in the CNF a
// blocking clause, the negation of the chosen candidates; in MiniZinc "not
// every cell takes its value" — until the limit is reached or the program
// proves that no other solution exists. So Unsat, Unique and Multiple are
// proved by the outside program alone, and Stats.SolveCalls counts its
// runs. The Solver does not check the solutions it returns: the referee
// ([model.Check]) is the caller's, as for every backend; a run whose
// answer does not decode (a cell with no value or two) is an error.
// Options.Nodes is ignored: the programs count no nodes.
//
// A program that is not installed is an error naming the program and the
// package that installs it ([Solver.Find]), returned before anything is
// written.
//
// # Naming
//
// m is the model, p a Program, s a Solver, cut the solutions to exclude,
// in and out the files a run reads and writes.
package outside
