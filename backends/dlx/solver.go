package dlx

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/sudokit/sudokit/model"
)

// A Solver solves models with Dancing Links. The zero Solver is ready to
// use and safe for concurrent use by several goroutines. It keeps the
// lowered matrices of a few rule sets ([model.Model.RulesID]) and reuses
// them for every puzzle of that rule set; a matrix serves one search at a
// time, so concurrent searches of one rule set each get their own. Its
// matrix is [Lower]'s without the items of the AtMostOne rules over two
// candidates that share a cell or another rule (an anti-king pair inside
// a box): the search takes the same steps with fewer updates.
type Solver struct {
	pools model.Cache[*enginePool]
	sums  sumLowering // the Sum lowering, for the tests; zero is the package's rule
}

// maxIdle bounds the idle matrices kept per rule set.
const maxIdle = 4

// An enginePool holds the idle engines of one rule set.
type enginePool struct {
	mu   sync.Mutex
	idle []*engine
}

// An engine is a lowered matrix with its option map and the buffers Solve
// reuses.
type engine struct {
	pool   *enginePool
	x      *Matrix
	om     *OptionMap
	values int
	cells  []model.Cand // the solution being decoded, by cell
}

var _ model.Solver = (*Solver)(nil)

// New returns a Solver. It is the same as new(Solver).
func New() *Solver { return new(Solver) }

// newEngine lowers m into a fresh engine of pool p, giving up with ctx's
// error when ctx ends.
func (s *Solver) newEngine(ctx context.Context, m *model.Model, p *enginePool) (*engine, error) {
	x, om, err := lowerContext(ctx, m, lowerConfig{sums: s.sums, dropCovered: true})
	if err != nil {
		return nil, err
	}
	return &engine{pool: p, x: x, om: om, values: m.Values(), cells: make([]model.Cand, m.Cells())}, nil
}

// take returns an idle engine for m's rules, lowering a new one if none is
// idle. A lowering that ctx ends is given up with ctx's error, and keeps
// nothing: the pool of a rule set is cached only once its first lowering
// is complete.
func (s *Solver) take(ctx context.Context, m *model.Model) (*engine, error) {
	p, err := s.pools.GetContext(ctx, m, func(ctx context.Context, m *model.Model) (*enginePool, error) {
		p := new(enginePool)
		e, err := s.newEngine(ctx, m, p) // lowered once here, so a bad rule fails early
		if err != nil {
			return nil, err
		}
		p.idle = append(p.idle, e)
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		e := p.idle[n-1]
		p.idle[n-1] = nil
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return e, nil
	}
	p.mu.Unlock()
	return s.newEngine(ctx, m, p)
}

// put returns an engine, whose matrix is pristine again, to its pool.
func (s *Solver) put(e *engine) {
	p := e.pool
	p.mu.Lock()
	if len(p.idle) < maxIdle {
		p.idle = append(p.idle, e)
	}
	p.mu.Unlock()
}

// Solve implements model.Solver. It applies m's excluded candidates by
// removing their options and its fixed candidates by committing theirs (a
// conflict among them answers Unsat without a search), runs Algorithm X
// with opts.Limit, opts.Nodes and ctx, and undoes the givens, so the cached
// matrix is pristine again. Stats.Nodes counts search nodes,
// Stats.Updates the link updates made by covering and Stats.Guesses the
// branch points (items chosen with more than one live option).
//
// With opts.Trace set, the search reports its steps as model events
// ([Matrix.SearchTrace]): a Try for each option tried, its candidate's
// cell and value (model.NoCand for an option of a Sum or Table rule),
// with the number of live options of its item; an Undo when it is
// withdrawn; a DeadEnd for an item with no option left; a Solution. The
// givens are no events. Stats.Nodes is the number of Tries plus one,
// or the number of Tries when opts.Nodes stopped the search, and 0 when
// the givens conflict (no search).
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	start := time.Now()
	ctx, res, ended, err := model.Begin("dlx", ctx, m, opts)
	if err != nil || ended {
		res.Stats.Elapsed = time.Since(start)
		return res, err
	}
	e, err := s.take(ctx, m)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			res.Conclude(opts, model.StopFor(ctxErr)) // stopped while lowering
			res.Stats.Elapsed = time.Since(start)
			return res, nil
		}
		return res, err
	}
	stop := e.solve(ctx, m, opts, &res)
	s.put(e)
	res.Conclude(opts, stop)
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// stepEvents maps a StepKind to its model.EventKind.
var stepEvents = [...]model.EventKind{StepTry: model.EventTry, StepUndo: model.EventUndo,
	StepSolution: model.EventSolution, StepDeadEnd: model.EventDeadEnd}

// tracer returns the step callback that reports a search's steps to trace
// as model events, or nil when trace is nil.
func (om *OptionMap) tracer(trace func(model.Event)) func(Step) {
	if trace == nil {
		return nil
	}
	return func(s Step) {
		c := model.NoCand
		if s.Option >= 0 {
			c = om.cand[s.Option] // -1, NoCand, for a rule's own option
		}
		trace(model.Event{Kind: stepEvents[s.Kind], Depth: s.Level, Cand: c, Options: s.Options})
	}
}

// solve applies m's givens to e's matrix, searches it and undoes the givens.
// An excluded candidate removes all its options; a fixed one commits its
// option, which Lower makes unique.
func (e *engine) solve(ctx context.Context, m *model.Model, opts model.Options, res *model.Result) model.Stop {
	x, om := e.x, e.om
	defer x.Reset() // also when a visitor panics
	for _, c := range m.Excluded() {
		for _, o := range om.Options(c) {
			if !x.Remove(int(o)) {
				return model.Done // fixed and excluded at once: unsat
			}
		}
	}
	for _, c := range m.Fixed() {
		if !x.Commit(int(om.only(c))) {
			return model.Done // two givens in conflict: unsat
		}
	}
	cells, values := e.cells, int32(e.values)
	for _, c := range m.Fixed() {
		cells[int32(c)/values] = c
	}
	cand := om.cand
	visit := func(opt []int32) bool {
		if !opts.Keeps(len(res.Solutions)) {
			return true
		}
		for _, o := range opt {
			if c := cand[o]; c >= 0 { // an n-ary rule's option chooses none
				cells[int32(c)/values] = c
			}
		}
		res.Solutions = append(res.Solutions, append(model.Solution(nil), cells...))
		return true
	}
	out := x.SearchTrace(ctx, Limits{Solutions: opts.Limit, Nodes: opts.Nodes}, visit, om.tracer(opts.Trace))
	res.Count = out.Count
	res.Stats.Nodes = out.Nodes
	res.Stats.Updates = out.Updates
	res.Stats.Guesses = out.Guesses
	switch out.Reason {
	case NodeLimit:
		return model.NodeLimit
	case Interrupted:
		return model.StopFor(out.Err)
	}
	return model.Done
}
