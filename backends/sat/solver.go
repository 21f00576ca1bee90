package sat

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
)

// A Mode selects how a Solver uses gini.
type Mode uint8

const (
	// Auto is the default. It uses Fresh for every call: with givens
	// propagated before encoding, Fresh was as fast as Incremental on easy
	// 9x9 streams and 2-3x faster on hard 9x9, 16x16 and 25x25 puzzles
	// (figures in BENCHMARKS.md, "SAT modes").
	Auto Mode = iota
	// Fresh builds a new gini instance per call from the CNF reduced by the
	// givens. It is the robust choice: hard puzzles, big grids, counting.
	Fresh
	// Incremental keeps one gini instance per RulesID holding the base CNF,
	// passes each puzzle's givens as assumptions and blocks solutions with
	// activated clauses. It is fastest on streams of easy puzzles of one
	// shape; each instance is rebuilt after Solver.Recycle puzzles.
	Incremental
)

var modeNames = [...]string{Auto: "auto", Fresh: "fresh", Incremental: "incremental"}

// String returns "auto", "fresh" or "incremental".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", uint8(m))
}

// DefaultRecycle is the number of puzzles an incremental gini instance solves
// before it is rebuilt when Solver.Recycle is 0.
const DefaultRecycle = 100

// A Solver solves models with gini. The zero value is ready to use and
// equivalent to New(). A Solver is safe for concurrent use; it must not be
// copied after first use.
type Solver struct {
	// Mode selects fresh or incremental solving; Auto by default.
	Mode Mode
	// Recycle is the number of puzzles an incremental instance solves
	// before it is rebuilt (learnt clauses pile up and slow it down);
	// 0 means DefaultRecycle.
	Recycle int
	// Sums selects the encoding of Sum rules; SetsOrder by default.
	// Set it before first use.
	Sums SumEncoding

	shapes model.Cache[*shape]   // candidate graphs and encoders; the zero Cache keeps 8 rule sets
	pools  model.Cache[*incPool] // incremental instances, as many
}

// errNilModel is returned for a nil model.
var errNilModel = errors.New("sat: nil model")

var _ model.Solver = (*Solver)(nil)

// New returns a Solver in Auto mode.
func New() *Solver { return &Solver{} }

// Solve implements model.Solver. It propagates the givens (naked and hidden
// singles), answers without gini when that decides the puzzle or shows the
// givens contradictory, and otherwise counts solutions with gini by blocking
// each one found, up to opts.Limit (all when Limit <= 0), keeping opts.Keep
// of them (all when 0). opts.Nodes is ignored; the context bounds the work.
// The error reports a nil model or a rule kind the backend cannot lower; a
// nil ctx is taken as context.Background(), as by the other backends.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	start := time.Now()
	ctx, res, ended, err := model.Begin("sat", ctx, m, opts)
	if err != nil {
		return res, err
	}
	sh, err := s.shapeOf(ctx, m)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			// Stopped building the shape, or already ended.
			res.Conclude(opts, model.StopFor(ctxErr))
			res.Stats.Elapsed = time.Since(start)
			return res, nil
		}
		return model.Result{}, err
	}
	if ended {
		res.Stats.Elapsed = time.Since(start)
		return res, nil
	}
	e := sh.get()
	defer sh.put(e)
	stop := model.Done
	switch {
	case !e.s.Propagate(m.Fixed(), m.Excluded()):
		// Contradictory givens: no solution, no solver call.
	case e.s.Undecided() == 0:
		// Propagation alone decided every cell; it reads no n-ary rule,
		// so those are checked.
		sol := e.decided()
		if len(sh.nary) == 0 || model.Check(m, sol) == nil {
			record(&res, sol, opts)
		}
	case s.mode() == Incremental:
		stop = s.incremental(ctx, m, e, opts, &res)
	default:
		stop = fresh(ctx, e, opts, &res)
	}
	res.Stats.Elapsed = time.Since(start)
	res.Conclude(opts, stop)
	return res, nil
}

// mode returns the mode a call uses.
func (s *Solver) mode() Mode {
	if s.Mode == Incremental {
		return Incremental
	}
	return Fresh
}

// record counts sol and keeps it when opts.Keep allows. It reports whether
// opts.Limit is reached.
func record(res *model.Result, sol model.Solution, opts model.Options) bool {
	res.Count++
	if opts.Keeps(len(res.Solutions)) {
		res.Solutions = append(res.Solutions, sol)
	}
	return opts.Limit > 0 && res.Count >= opts.Limit
}

// decided returns the solution made of the chosen candidates; cells still
// open hold -1.
func (e *encoder) decided() model.Solution {
	g := e.sh.g
	sol := make(model.Solution, g.Cells())
	for i := range sol {
		sol[i] = -1
	}
	values := g.Values()
	for c, v := range e.s.Vals() {
		if v == graph.Chosen {
			sol[c/values] = model.Cand(c)
		}
	}
	return sol
}

// fresh solves the reduced CNF of e in a new gini instance (load).
// Writing the clauses and loading them into gini poll ctx, so a large
// encoding stops with it too.
func fresh(ctx context.Context, e *encoder, opts model.Options, res *model.Result) model.Stop {
	values := e.sh.g.Values()
	g, err := e.load(ctx, freshCapacity)
	if err != nil {
		return model.StopFor(err)
	}
	vars := e.vars
	res.Stats.Vars = int64(len(vars) + e.naux)
	res.Stats.Clauses = int64(e.nclauses)
	base := e.decided()
	for {
		r, stop := solveCall(ctx, g, nil)
		res.Stats.SolveCalls++
		if r == 0 {
			return stop
		}
		if r < 0 {
			return model.Done
		}
		sol := append(model.Solution(nil), base...)
		for k, c := range vars {
			if g.Value(z.Var(k + 1).Pos()) {
				sol[int(c)/values] = c
			}
		}
		if record(res, sol, opts) {
			return model.Done
		}
		// Block this solution: some open cell must take another value.
		cellDone := e.s.CellDone()
		for cell, c := range sol {
			if !cellDone[cell] {
				g.Add(e.varOf[c].Neg())
			}
		}
		g.Add(z.LitNull)
	}
}

// load writes the clauses of e's puzzle (emit) into a new gini instance,
// whose variable k+1 is the k-th undecided candidate (e.vars), so that it
// has no variables for decided candidates; the auxiliary variables follow.
// clauseCap says how many clauses to make room for, as a multiple of the
// clauses written. It gives up with ctx's error when ctx ends.
func (e *encoder) load(ctx context.Context, clauseCap int) (*gini.Gini, error) {
	if err := e.emit(ctx); err != nil {
		return nil, err
	}
	val := e.s.Vals()
	if cap(e.varOf) < len(val) {
		e.varOf = make([]z.Var, len(val))
	}
	varOf := e.varOf[:len(val)]
	vars := e.vars[:0]
	for c, v := range val {
		if v == graph.Undecided {
			vars = append(vars, model.Cand(c))
			varOf[c] = z.Var(len(vars))
		}
	}
	e.vars = vars
	g := gini.NewVc(len(vars)+e.naux, clauseCap*e.nclauses)
	shift := z.Var(len(vars) - e.ncands) // auxiliary variables follow the undecided candidates
	for k, l := range e.clauses {
		if k&litPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		switch {
		case l == z.LitNull:
		case int(l.Var()) > e.ncands:
			l = (l.Var() + shift).Pos() | l&1
		default:
			// lit(c) is z.Var(c+1) with the sign in bit 0.
			l = varOf[l.Var()-1].Pos() | l&1
		}
		g.Add(l)
	}
	return g, nil
}

// freshCapacity is the room a fresh gini instance gets, in clauses per
// clause written: gini makes room for five literals per clause of it,
// where a binary clause takes four (with its header and terminator). One
// rather than two saved 65 MB of 412 MB loading the empty 36x36 grid with
// four variants (BenchmarkLoad) and changed nothing measurable in solving
// hard 9x9 and 25x25 puzzles (BenchmarkSATUniqueHardest, BenchmarkSATUnique25).
const freshCapacity = 1

// An incPool holds the incremental gini instances of one RulesID: the base
// CNF and idle instances built from it, ready for use. Each instance is used
// by one goroutine at a time.
//
// New instances replay the base clauses rather than Copy a built instance:
// a copied gini solved the hardest 9x9 puzzles 8x slower than a rebuilt one.
type incPool struct {
	base    clauseList
	vars    int64
	clauses int64

	mu   sync.Mutex
	idle []*incInstance
}

// An incInstance is a gini instance holding a pool's base CNF and the number of puzzles it
// has solved.
type incInstance struct {
	g    *gini.Gini
	uses int
}

// maxIdle bounds the idle incremental instances kept per RulesID.
const maxIdle = 8

// pool returns the incremental pool for m's RulesID, creating it. Its
// only error is ctx's, when ctx ends while the base CNF is written: then
// nothing is cached.
func (s *Solver) pool(ctx context.Context, m *model.Model) (*incPool, error) {
	p, err := s.pools.GetContext(ctx, m, func(ctx context.Context, m *model.Model) (*incPool, error) {
		p := new(incPool)
		if err := s.encode(ctx, m, nil, nil, &p.base); err != nil {
			return nil, err
		}
		p.vars, p.clauses = int64(max(m.NumCands(), p.base.maxVar())), int64(p.base.n)
		return p, nil
	})
	if err != nil && (ctx.Err() == nil || !errors.Is(err, ctx.Err())) {
		// The shape was cached and checked before any puzzle got here.
		panic(err)
	}
	return p, err
}

// get returns an idle instance or builds a new one, giving up with ctx's
// error when ctx ends while it loads the base CNF.
func (p *incPool) get(ctx context.Context) (*incInstance, error) {
	p.mu.Lock()
	if k := len(p.idle); k > 0 {
		inst := p.idle[k-1]
		p.idle = p.idle[:k-1]
		p.mu.Unlock()
		return inst, nil
	}
	p.mu.Unlock()
	g := gini.NewVc(int(p.vars), p.base.n)
	for k, l := range p.base.lits {
		if k&litPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		g.Add(l)
	}
	return &incInstance{g: g}, nil
}

// put returns an instance to the pool, unless it is worn out (recycle uses)
// or the pool is full; then it is dropped and a later get builds a new one.
func (p *incPool) put(inst *incInstance, recycle int) {
	if inst.uses >= recycle {
		return
	}
	p.mu.Lock()
	if len(p.idle) < maxIdle {
		p.idle = append(p.idle, inst)
	}
	p.mu.Unlock()
}

// A clauseList records clauses as they are added: an inter.Adder.
type clauseList struct {
	lits []z.Lit // each clause ended by z.LitNull
	n    int     // number of clauses
}

// maxVar returns the largest variable of the clauses, 0 for none.
func (cl *clauseList) maxVar() int {
	v := z.Var(0)
	for _, l := range cl.lits {
		v = max(v, l.Var())
	}
	return int(v)
}

// Add implements inter.Adder.
func (cl *clauseList) Add(l z.Lit) {
	if l == z.LitNull {
		cl.n++
	}
	cl.lits = append(cl.lits, l)
}

// incremental solves e's puzzle on a pooled instance holding the base CNF:
// every chosen candidate (given or propagated) and every excluded one is an
// assumption, and found solutions are blocked by clauses switched on by one
// activation literal, which is deactivated at the end so that the instance
// is clean for the next puzzle.
func (s *Solver) incremental(ctx context.Context, m *model.Model, e *encoder, opts model.Options, res *model.Result) model.Stop {
	values := e.sh.g.Values()
	val := e.s.Vals()
	p, err := s.pool(ctx, m)
	if err != nil {
		return model.StopFor(err)
	}
	inst, err := p.get(ctx)
	if err != nil {
		return model.StopFor(err)
	}
	g := inst.g
	res.Stats.Vars, res.Stats.Clauses = p.vars, p.clauses
	// assume[0] is reserved for the activation literal.
	assume := append(e.assume[:0], z.LitNull)
	for c, v := range val {
		if v == graph.Chosen {
			assume = append(assume, lit(model.Cand(c)))
		}
	}
	for _, c := range m.Excluded() {
		assume = append(assume, lit(c).Not())
	}
	e.assume = assume
	base := e.decided()
	act := z.LitNull
	stop := model.Done
	poisoned := false
	for {
		as := assume[1:]
		if act != z.LitNull {
			as = assume
		}
		r, st := solveCall(ctx, g, as)
		res.Stats.SolveCalls++
		if r == 0 {
			stop = st
			break
		}
		if r < 0 {
			// With no solution yet the base CNF may be unsatisfiable
			// with no assumption at all (a model whose rules alone
			// contradict each other); gini then keeps the empty clause
			// and panics when later assumptions are added, so the
			// instance is dropped.
			poisoned = res.Count == 0
			break
		}
		sol := append(model.Solution(nil), base...)
		for c, v := range val {
			if v == graph.Undecided && g.Value(lit(model.Cand(c))) {
				sol[c/values] = model.Cand(c)
			}
		}
		if record(res, sol, opts) {
			break
		}
		for cell, c := range sol {
			if !e.s.CellDone()[cell] {
				g.Add(lit(c).Not())
			}
		}
		if act == z.LitNull {
			act = g.ActivationLit()
			assume[0] = act
		}
		g.ActivateWith(act)
	}
	if act != z.LitNull {
		g.Deactivate(act)
	}
	if stop != model.Done {
		return stop // drop the instance: it was interrupted mid-search
	}
	if poisoned {
		return model.Done
	}
	inst.uses++
	recycle := s.Recycle
	if recycle <= 0 {
		recycle = DefaultRecycle
	}
	p.put(inst, recycle)
	return model.Done
}

// forever is the timeout of an unbounded solve. Every solve goes through
// gini's Try: gini keeps the deadline of the last Try, and a later plain
// Solve would stop at that stale deadline.
const forever = time.Duration(1 << 62)

// firstSlice is how long a cancellable solve runs synchronously before it
// moves to a goroutine that the context can stop.
const firstSlice = 5 * time.Millisecond

// solveCall runs one gini solve under the assumptions, honouring ctx. It
// returns gini's 1 (sat), -1 (unsat) or 0 with the reason it stopped.
//
// Without a Done channel it is a plain solve. Otherwise it first runs
// synchronously for at most firstSlice (or until the deadline), which
// settles most calls with no goroutine; a longer solve then continues in
// gini's GoSolve, polled every millisecond and stopped when ctx is done.
func solveCall(ctx context.Context, g *gini.Gini, assume []z.Lit) (int, model.Stop) {
	done := ctx.Done()
	if done == nil {
		g.Assume(assume...)
		return g.Try(forever), model.Done
	}
	if err := ctx.Err(); err != nil {
		return 0, model.StopFor(err)
	}
	slice := firstSlice
	deadline, hasDeadline := ctx.Deadline()
	if hasDeadline {
		left := time.Until(deadline)
		if left <= 0 {
			return 0, model.Deadline
		}
		slice = min(slice, left)
	}
	g.Assume(assume...)
	if r := g.Try(slice); r != 0 {
		return r, model.Done
	}
	if err := ctx.Err(); err != nil {
		return 0, model.StopFor(err)
	}
	if hasDeadline && time.Until(deadline) <= 0 {
		return 0, model.Deadline
	}
	// GoSolve runs gini's Solve, which would honour the deadline of the Try
	// above: replace it by "forever" with a Try that fails at once on
	// contradictory assumptions.
	v := z.Var(1)
	g.Assume(v.Pos(), v.Neg())
	g.Try(forever)
	g.Assume(assume...)
	ctl := g.GoSolve()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			if r := ctl.Stop(); r != 0 {
				return r, model.Done
			}
			return 0, model.StopFor(ctx.Err())
		case <-tick.C:
			if r, ok := ctl.Test(); ok {
				return r, model.Done
			}
		}
	}
}
