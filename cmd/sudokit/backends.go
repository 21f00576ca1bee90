package main

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/backends/anneal"
	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/outside"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
)

// backend is a named solver the CLI offers.
type backend struct {
	name, summary string
	solver        model.Solver
	// composite backends answer through the others (auto); baselines
	// are too slow to run unasked (backtrack). Neither is among the
	// backends crosscheck and compare use by default.
	composite, baseline bool
	// outside backends run a program that is not part of sudokit
	// (glpsol, cbc, minisat, minizinc); they join comparisons when asked
	// (crosscheck --outside).
	outside bool
	// incomplete backends find solutions but prove nothing (anneal): no
	// none, no uniqueness, and no search tree whose guesses bench could
	// count.
	incomplete bool
	// noNodes backends count no search nodes and take no node budget
	// (sat: gini offers none; the outside programs): --nodes is refused
	// with them rather than ignored.
	noNodes bool
	// traces backends report their search step by step through
	// model.Options.Trace (dlx, backtrack): the page replays them.
	traces bool
	// stats are the statistics compare shows for the backend.
	stats []statColumn
}

// A statColumn is one statistic of model.Stats, as compare shows it.
type statColumn struct {
	name  string
	value func(model.Stats) int64
}

var (
	nodesColumn   = statColumn{"nodes", func(s model.Stats) int64 { return s.Nodes }}
	updatesColumn = statColumn{"updates", func(s model.Stats) int64 { return s.Updates }}
	guessesColumn = statColumn{"guesses", func(s model.Stats) int64 { return s.Guesses }}
	varsColumn    = statColumn{"vars", func(s model.Stats) int64 { return s.Vars }}
	clausesColumn = statColumn{"clauses", func(s model.Stats) int64 { return s.Clauses }}
	callsColumn   = statColumn{"calls", func(s model.Stats) int64 { return s.SolveCalls }}
)

// backends lists the solvers in the order help texts show them. Each
// solver is safe for concurrent use and is shared by all workers, so the
// structures it caches per grid shape are built once.
var backends = []backend{
	{name: "dlx", summary: "exact cover with Dancing Links (Knuth's Algorithm X)", solver: dlx.New(), traces: true,
		stats: []statColumn{nodesColumn, updatesColumn}},
	{name: "sat", summary: "CNF clauses solved by the gini CDCL SAT solver", solver: sat.New(), noNodes: true,
		stats: []statColumn{varsColumn, clausesColumn, callsColumn}},
	{name: "prop", summary: "candidate propagation (singles, locked candidates, cage digit sets, sum totals, arc consistency) with guessing, a long search shared over the free cores", solver: prop.New(),
		stats: []statColumn{nodesColumn, guessesColumn}},
	{name: "auto", summary: "prop or dlx within a node budget, then sat; prop and sat raced on sums and pairs (see README)", solver: auto.New(), composite: true,
		stats: []statColumn{nodesColumn, clausesColumn}},
	{name: "backtrack", summary: "plain cell-by-cell backtracking, the brute-force baseline", solver: backtrack.New(), baseline: true, traces: true,
		stats: []statColumn{nodesColumn}},
	// anneal is incomplete (sat or unknown, never none or unique), so it is
	// left out of the default comparisons like a baseline.
	{name: "anneal", summary: "simulated annealing: stochastic, finds a solution or answers unknown (nodes = moves)", solver: anneal.New(), baseline: true, incomplete: true,
		stats: []statColumn{nodesColumn}},
	{name: "glpsol", summary: "outside: GLPK's glpsol on the 0/1 integer program (export --to lp); uniqueness by a second run", solver: outside.New(outside.Glpsol), outside: true, noNodes: true,
		stats: []statColumn{callsColumn}},
	{name: "cbc", summary: "outside: COIN-OR CBC on the 0/1 integer program (export --to lp); uniqueness by a second run", solver: outside.New(outside.CBC), outside: true, noNodes: true,
		stats: []statColumn{callsColumn}},
	{name: "minisat", summary: "outside: minisat on the CNF (export --to cnf); uniqueness by a blocking clause", solver: outside.New(outside.Minisat), outside: true, noNodes: true,
		stats: []statColumn{callsColumn}},
	{name: "minizinc", summary: "outside: MiniZinc's default solver (Gecode) on the MiniZinc model (export --to mzn); uniqueness by a second run", solver: outside.New(outside.MiniZinc), outside: true, noNodes: true,
		stats: []statColumn{callsColumn}},
}

// nodesHelp is the help of --nodes: the backends it applies to.
const nodesHelp = "give up on a puzzle after this many search nodes: dlx, prop, backtrack (anneal: moves; auto: its first attempt, then --timeout); refused with sat and the outside solvers, which count no nodes (0 = no limit)"

// nodesHelpMany is the help of --nodes for the commands that run several
// backends.
const nodesHelpMany = "give up on a puzzle after this many search nodes, in each backend that counts them: dlx, prop, backtrack (anneal: moves; auto: its first attempt); sat and the outside solvers count none and stop at --timeout only (0 = no limit)"

// checkNodes refuses a node budget for a backend that would ignore it.
func checkNodes(nodes int64, name string) error {
	if nodes <= 0 {
		return nil
	}
	for _, b := range backends {
		if b.name == name && b.noNodes {
			return fmt.Errorf("--nodes: the %s backend counts no search nodes, so it cannot honour a node budget; bound it with --timeout, or choose dlx, prop, backtrack or auto", name)
		}
	}
	return nil
}

func backendNames() []string {
	names := make([]string, len(backends))
	for i, b := range backends {
		names[i] = b.name
	}
	return names
}

// lookupProver returns the backend named name for a command that proves
// uniqueness (what, for messages), refusing an incomplete one.
func lookupProver(name, what string) (backend, error) {
	b, err := lookupBackend(name)
	if err == nil && b.incomplete {
		err = fmt.Errorf("%s: %s cannot prove uniqueness (it finds a solution or gives up); choose another backend", what, name)
	}
	return b, err
}

// lookupBackend returns the backend named name; an outside one whose
// program is not installed is an error naming the program.
func lookupBackend(name string) (backend, error) {
	for _, b := range backends {
		if b.name != name {
			continue
		}
		if o, ok := b.solver.(*outside.Solver); ok {
			if _, err := o.Find(); err != nil {
				return backend{}, err
			}
		}
		return b, nil
	}
	return backend{}, fmt.Errorf("unknown backend %q (known: %s)", name, strings.Join(backendNames(), ", "))
}
