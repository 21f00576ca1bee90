package prop

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"time"

	"github.com/sudokit/sudokit/model"
)

// A Solver solves models by candidate propagation and search. The zero
// Solver is ready to use and safe for concurrent use by several
// goroutines. It keeps the tables of a few rule sets
// ([model.Model.RulesID]); a table is read-only once built, so concurrent
// searches share it, each with its own pooled work state.
type Solver struct {
	tables model.Cache[*table]
	// noLocks turns locked candidates off, allLocks on where the table
	// would leave them off (for the tests and benchmarks that measure what
	// they bring).
	noLocks, allLocks bool
	// general keeps classic 9x9 models on the general path (for the
	// tests that compare the two).
	general bool
	// noMemo runs every seen step, even those already run for the same
	// places on the search path (for the test that compares).
	noMemo bool
	// noMerge builds tables without merged sums (see mergeSums), for
	// the tests that compare.
	noMerge bool
	// noLanes reads every rule cell by cell, never from its cells' masks
	// packed in lanes (a cage's value sets, setsPacked; a required
	// value's places, seen; a small sum's bounds, quickBounds), for the
	// test that compares.
	noLanes bool

	// Workers bounds the searches that prove one model together (see
	// team): 0 means one per core (runtime.GOMAXPROCS), 1 a single
	// search; at most MaxWorkers. Helpers join a search after its first
	// few thousand nodes, and only while this Solver runs fewer searches
	// than that bound over all its calls, so that the workers of a batch
	// keep the cores to themselves. A search traced (Options.Trace) or
	// bounded by nodes (Options.Nodes) runs alone.
	Workers int
	// running counts the searches this Solver runs, helpers included,
	// and the places Reserve holds; helped and retired the helpers it
	// started and those that left (for the tests).
	running atomic.Int32
	helped  atomic.Int64
	retired atomic.Int64
	// rootPolled, when set, is called at each poll of a team's root
	// with the polls so far (for the tests).
	rootPolled func(s *Solver, polls int)
	// teamEvery, when set, replaces pollMask as the team's poll
	// interval (a mask: every teamEvery+1 nodes), so that the tests see
	// helpers join and take work on small trees.
	teamEvery uint64
}

// table returns m's table, built once per rule set.
func (s *Solver) table(ctx context.Context, m *model.Model) (*table, error) {
	if s.noMerge {
		return s.tables.GetContext(ctx, m, newTableNoMerge)
	}
	return s.tables.GetContext(ctx, m, newTable)
}

var _ model.Solver = (*Solver)(nil)

// configure sets the choices of s that a search on table t makes.
func (s *Solver) configure(w *work, t *table) {
	w.locks = (t.useLocks || s.allLocks) && !s.noLocks
	w.memo.off = s.noMemo
	w.lanes = t.values <= laneValues && !s.noLanes
	w.groupsAgain = false
}

// New returns a Solver. It is the same as new(Solver).
func New() *Solver { return new(Solver) }

// Name returns "prop".
func (s *Solver) Name() string { return "prop" }

// Solve implements model.Solver. It applies m's givens (a contradiction
// among them answers Unsat with no search), propagates, and branches on the
// cell with the fewest values left, honouring opts.Limit, opts.Keep,
// opts.Nodes and ctx. Stats.Nodes counts the search nodes (the root and
// every branch tried) and Stats.Guesses the branch points; a puzzle that
// propagation alone solves takes one node and no guess. A model whose
// rules are exactly a classic 9x9 grid's runs on digit boards (the same
// search, faster; see the package documentation), unless opts.Trace is
// set. With opts.Trace set, each value tried at a branch point is a Try
// event (Options: the values its cell had there), each one left an Undo,
// a contradiction a DeadEnd; the placements propagation makes, and the
// givens, are no events. Stats.Nodes is the number of Tries plus one (the
// root). On the general path a search that runs past 4,096 nodes is
// shared with helpers on the cores the Solver leaves free (see
// Solver.Workers and the package documentation); Stats add up their
// work. Models with more than [MaxValues] values per cell, or rules of an
// unknown kind, are refused with an error.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	return s.SolveProgress(ctx, m, opts, nil)
}

// SolveProgress is Solve, publishing in p (unless nil), as the search
// goes, the part of its tree it has searched (every 4,096 nodes, from the
// root's search for a team; see Progress): auto's race reads it to let a
// search near its end finish before SAT takes a core. The classic path,
// whose searches end in microseconds, publishes nothing.
func (s *Solver) SolveProgress(ctx context.Context, m *model.Model, opts model.Options, p *Progress) (model.Result, error) {
	start := time.Now()
	ctx, res, ended, err := model.Begin("prop", ctx, m, opts)
	if err != nil || ended {
		res.Stats.Elapsed = time.Since(start)
		return res, err
	}
	t, err := s.table(ctx, m)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			res.Conclude(opts, model.StopFor(ctxErr)) // stopped building the table
			res.Stats.Elapsed = time.Since(start)
			return res, nil
		}
		return res, err
	}
	w := t.pool.Get().(*work)
	s.configure(w, t)
	w.prog = p
	var stop model.Stop
	if w.cl != nil && !s.general && opts.Trace == nil {
		w.cl.locks = w.locks
		stop = w.cl.search(ctx, m, opts, &res)
	} else if opts.Trace == nil && opts.Nodes <= 0 && s.workers() > 1 {
		stop = w.teamSearch(ctx, s, m, opts, &res)
	} else {
		stop = w.search(ctx, m, opts, &res)
	}
	w.prog = nil
	t.pool.Put(w)
	res.Conclude(opts, stop)
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// Propagate applies m's givens and propagates every rule to a fixpoint,
// with no search: it returns the values each cell keeps (bit v-1 for value
// v), or false when the givens or the propagation leave a rule unable to
// hold (the model has no solution). Package logic follows assumptions
// with it (logic.Propagator).
func (s *Solver) Propagate(ctx context.Context, m *model.Model) ([]uint64, bool, error) {
	t, err := s.table(ctx, m)
	if err != nil {
		return nil, false, err
	}
	w := t.pool.Get().(*work)
	defer t.pool.Put(w)
	s.configure(w, t)
	// Logic follows its assumptions with a propagation as strong as it
	// gets, where the search saves the second pass of a sum with groups.
	w.groupsAgain = true
	if !w.start(m) || !w.propagate() {
		return nil, false, nil
	}
	return slices.Clone(w.mask), true, nil
}
