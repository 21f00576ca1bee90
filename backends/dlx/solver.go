package dlx

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/sudokit/sudokit/model"
)

// A Solver solves models with Dancing Links. The zero Solver is ready to
// use and safe for concurrent use by several goroutines. It keeps a few
// lowered matrices per rule set ([model.Model.RulesID]) and reuses them for
// every puzzle of that rule set; a matrix serves one search at a time.
type Solver struct {
	mu    sync.Mutex
	cache []*slot // most recently used first, at most maxRuleSets
}

// Cache bounds: rule sets remembered, and idle matrices kept per rule set.
const (
	maxRuleSets = 8
	maxIdle     = 4
)

// A slot holds the idle engines of one rule set.
type slot struct {
	id   uint64
	idle []*engine
}

// An engine is a lowered matrix with the buffers Solve reuses.
type engine struct {
	id     uint64
	x      *Matrix
	values int
	cells  []model.Cand // the solution being decoded, by cell
}

var _ model.Solver = (*Solver)(nil)

// New returns a Solver. It is the same as new(Solver).
func New() *Solver { return new(Solver) }

// take returns an idle engine for m's rules, lowering a new one if none is
// idle.
func (s *Solver) take(m *model.Model) (*engine, error) {
	id := m.RulesID()
	s.mu.Lock()
	for k, sl := range s.cache {
		if sl.id != id {
			continue
		}
		if k > 0 { // move to front
			copy(s.cache[1:k+1], s.cache[:k])
			s.cache[0] = sl
		}
		if n := len(sl.idle); n > 0 {
			e := sl.idle[n-1]
			sl.idle[n-1] = nil
			sl.idle = sl.idle[:n-1]
			s.mu.Unlock()
			return e, nil
		}
		break
	}
	s.mu.Unlock()
	x, err := Lower(m)
	if err != nil {
		return nil, err
	}
	return &engine{id: id, x: x, values: m.Values(), cells: make([]model.Cand, m.Cells())}, nil
}

// put returns an engine, whose matrix is pristine again, to the cache.
func (s *Solver) put(e *engine) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sl := range s.cache {
		if sl.id == e.id {
			if len(sl.idle) < maxIdle {
				sl.idle = append(sl.idle, e)
			}
			return
		}
	}
	if len(s.cache) < maxRuleSets {
		s.cache = append(s.cache, nil)
	}
	copy(s.cache[1:], s.cache[:len(s.cache)-1]) // drops the least recently used
	s.cache[0] = &slot{id: e.id, idle: []*engine{e}}
}

// Solve implements model.Solver. It applies m's excluded candidates by
// removing their options and its fixed candidates by committing theirs (a
// conflict among them answers Unsat without a search), runs Algorithm X
// with opts.Limit, opts.Nodes and ctx, and undoes the givens, so the cached
// matrix is pristine again. Stats.Nodes counts search nodes,
// Stats.Updates the link updates made by covering and Stats.Guesses the
// branch points (items chosen with more than one live option).
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	start := time.Now()
	var res model.Result
	if m == nil {
		return res, errors.New("dlx: nil model")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		res.Conclude(opts, model.StopFor(err))
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}
	e, err := s.take(m)
	if err != nil {
		return res, err
	}
	stop := e.solve(ctx, m, opts, &res)
	s.put(e)
	res.Conclude(opts, stop)
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// solve applies m's givens to e's matrix, searches it and undoes the givens.
func (e *engine) solve(ctx context.Context, m *model.Model, opts model.Options, res *model.Result) model.Stop {
	x := e.x
	defer x.Reset() // also when a visitor panics
	for _, c := range m.Excluded() {
		if !x.Remove(int(c)) {
			return model.Done // fixed and excluded at once: unsat
		}
	}
	for _, c := range m.Fixed() {
		if !x.Commit(int(c)) {
			return model.Done // two givens in conflict: unsat
		}
	}
	cells, values := e.cells, int32(e.values)
	for _, c := range m.Fixed() {
		cells[int32(c)/values] = c
	}
	keep := opts.Keep
	visit := func(opt []int32) bool {
		if keep > 0 && len(res.Solutions) >= keep {
			return true
		}
		for _, o := range opt {
			cells[o/values] = model.Cand(o)
		}
		res.Solutions = append(res.Solutions, append(model.Solution(nil), cells...))
		return true
	}
	out := x.Search(ctx, Limits{Solutions: opts.Limit, Nodes: opts.Nodes}, visit)
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
