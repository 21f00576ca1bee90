package prop

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokit/sudokit/model"
)

// A team is the searches that prove one model together: the search that
// started at the root, and helpers that join it once it has run
// pollMask+1 nodes (an easy model is done by then, with no goroutine
// started; Solver.teamEvery in the tests) while the solver runs fewer
// searches than it may (Solver.Workers). Each search keeps its own stack;
// a search whose tree is done takes a value not tried yet from the level
// nearest the root of another's stack (the largest subtree left), with
// that level's masks, and searches below it. The conflict weights are the
// team's (see share). The team ends when every search is out of work, at
// the limit of solutions, or when one polls a context that has ended.
type team struct {
	s     *Solver
	t     *table
	ctx   context.Context
	opts  model.Options
	root  *work  // the search that started at the root
	max   int    // searches at most
	every uint64 // a search polls the team (poll) every every+1 nodes
	// shareEvery: a search shares its weights every shareEvery+1 nodes
	shareEvery uint64
	polls      int // the root's polls (for Solver.rootPolled)

	ended atomic.Bool // every search returns

	mu      sync.Mutex       // guards what follows
	count   int              // the solutions found
	sols    []model.Solution // those kept
	orphans []orphan         // the levels of helpers that left
	wt      []uint64         // the conflict weights the searches share
	members []*work
	idle    int        // members out of work, taking none
	stop    model.Stop // why the team stopped early
	done    float64    // the part of the tree of the work the searches finished
	nodes   int64      // the nodes and branch points of the helpers that returned
	guesses int64
	wg      sync.WaitGroup
}

// MaxWorkers caps Solver.Workers.
const MaxWorkers = 64

// workers returns how many searches may prove one model.
func (s *Solver) workers() int {
	n := s.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return min(n, MaxWorkers)
}

// teamSearch is search with helpers joining w (see team).
func (w *work) teamSearch(ctx context.Context, s *Solver, m *model.Model, opts model.Options, res *model.Result) model.Stop {
	if !w.start(m) {
		if w.prog != nil {
			w.prog.Publish(1) // no tree
		}
		return model.Done
	}
	tm := w.tm
	if tm == nil {
		tm = new(team)
		w.tm = tm
	}
	tm.reset(s, ctx, opts, w)
	w.depth = 0
	w.base, w.stolen = 1, 0
	w.partial.Store(0)
	tm.startWeights(w)
	s.running.Add(1)
	stop, nodes, guesses := w.run(ctx, opts, nil, w.propagate(), tm)
	tm.halt(model.Done) // the helpers return
	s.running.Add(-1)
	tm.wg.Wait()
	if w.prog != nil {
		w.prog.Publish(tm.searched())
	}
	for _, h := range tm.members[1:] {
		tm.t.pool.Put(h)
	}
	res.Count, res.Solutions = tm.count, tm.sols
	res.Stats.Nodes = nodes + tm.nodes
	res.Stats.Guesses = guesses + tm.guesses
	if tm.stop != model.Done {
		stop = tm.stop
	}
	tm.reset(nil, nil, model.Options{}, nil) // no reference kept in the pool
	return stop
}

// reset readies tm for a search of s that w starts at the root (no
// allocation once its members have grown).
func (tm *team) reset(s *Solver, ctx context.Context, opts model.Options, w *work) {
	tm.s, tm.ctx, tm.opts, tm.root = s, ctx, opts, w
	tm.t, tm.max, tm.every, tm.shareEvery = nil, 0, pollMask, shareMask
	if w != nil {
		tm.t, tm.max = w.t, s.workers()
		if s.teamEvery > 0 {
			tm.every, tm.shareEvery = s.teamEvery, s.teamEvery
		}
	}
	tm.ended.Store(false)
	clear(tm.members)
	tm.members = tm.members[:0]
	if w != nil {
		tm.members = append(tm.members, w)
	}
	tm.idle, tm.stop, tm.nodes, tm.guesses, tm.polls, tm.done = 0, model.Done, 0, 0, 0, 0
	tm.count, tm.sols = 0, nil
	clear(tm.orphans)
	tm.orphans = tm.orphans[:0]
}

// halt ends the team, for the reason stop when it is the first.
func (tm *team) halt(stop model.Stop) {
	tm.mu.Lock()
	if !tm.ended.Load() {
		tm.stop = stop
		tm.ended.Store(true)
	}
	tm.mu.Unlock()
}

// solution counts w's solution and keeps it as opts.Keep says. It returns
// false when the team is to end: at the limit of solutions, or ended.
func (tm *team) solution(w *work) bool {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	if tm.ended.Load() {
		return false
	}
	tm.count++
	if tm.opts.Keeps(len(tm.sols)) {
		tm.sols = append(tm.sols, w.solution())
	}
	if tm.opts.Limit > 0 && tm.count >= tm.opts.Limit {
		tm.ended.Store(true)
		return false
	}
	return true
}

// poll runs every tm.every+1 nodes of w's search. The root's search lets
// a helper join when the solver runs fewer searches than it may
// (Solver.Workers, less what Reserve holds); a helper's reports whether
// it is to leave, the solver running more (see retire).
func (tm *team) poll(w *work) (leave bool) {
	if w != tm.root {
		return tm.leave()
	}
	if hook := tm.s.rootPolled; hook != nil {
		tm.polls++
		hook(tm.s, tm.polls)
	}
	tm.mu.Lock()
	defer tm.mu.Unlock()
	if len(tm.members) >= tm.max || int(tm.s.running.Load()) >= tm.max || tm.ended.Load() {
		return false
	}
	h := tm.t.pool.Get().(*work)
	h.locks, h.memo.off, h.lanes, h.groupsAgain = w.locks, w.memo.off, w.lanes, w.groupsAgain
	h.depth, h.retired = 0, false
	h.base, h.stolen = 0, 0
	h.partial.Store(0)
	if h.cellWt != nil {
		copy(h.cellWt, tm.wt)
		h.wtBase = append(h.wtBase[:0], tm.wt...)
	}
	tm.members = append(tm.members, h)
	tm.s.running.Add(1)
	tm.s.helped.Add(1)
	tm.wg.Add(1)
	go tm.help(h)
	return false
}

// help runs helper h until the team ends. The team's root puts h back
// in the pool once every search has returned: until then the others may
// look at its levels.
func (tm *team) help(h *work) {
	defer tm.wg.Done()
	stop, nodes, guesses := h.run(tm.ctx, tm.opts, nil, false, tm)
	if stop != model.Done {
		tm.halt(stop)
	}
	tm.mu.Lock()
	tm.nodes += nodes - 1 // a helper has no root of its own
	tm.guesses += guesses
	tm.mu.Unlock()
	if !h.retired {
		tm.s.running.Add(-1) // a helper that left gave its place back then
	}
}

// steal finds w, whose tree is done, a node to search: a value not tried
// yet of another search's level nearest its root. It returns whether
// propagation left that node without a contradiction, and whether w has
// one; none when the team ended, its context included, or when every
// search is out of work.
func (tm *team) steal(ctx context.Context, w *work) (ok, took bool) {
	tm.mu.Lock()
	tm.idle++
	if tm.idle == len(tm.members) && len(tm.orphans) == 0 { // no level left anywhere
		tm.ended.Store(true)
	}
	tm.mu.Unlock()
	wait := minWait
	for !tm.ended.Load() {
		if tm.adopt(w) {
			tm.share(w)
			return w.propagate(), true
		}
		tm.mu.Lock()
		members := tm.members // appended to only: the first len stay
		tm.mu.Unlock()
		for _, v := range members {
			if v != w && w.takeFrom(v, tm) {
				tm.share(w)
				return w.propagate(), true
			}
		}
		if err := ctx.Err(); err != nil {
			tm.halt(model.StopFor(err))
			break
		}
		if w != tm.root && tm.leave() {
			w.retired = true // out of work already: it leaves no level
			tm.s.retired.Add(1)
			break
		}
		time.Sleep(wait)
		wait = min(2*wait, maxWait)
	}
	return false, false
}

// finish counts the work w took (the whole tree for the root) searched,
// but for the parts others took from it, which they count: w's stack is
// empty, so none can take more.
func (tm *team) finish(w *work) {
	w.mu.Lock()
	part := w.base - w.stolen
	w.base, w.stolen = 0, 0
	w.mu.Unlock()
	tm.mu.Lock()
	tm.done += part
	w.partial.Store(0)
	tm.mu.Unlock()
}

// searched returns the part of the tree the team has searched: the work
// its searches finished and the part each has searched of what it is on,
// as each published it last (see work.publish).
func (tm *team) searched() float64 {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	x := tm.done
	for _, w := range tm.members {
		x += math.Float64frombits(w.partial.Load())
	}
	return x
}

// shareMask: a team's searches share their conflict weights every
// shareMask+1 nodes (see share).
const shareMask = 1<<8 - 1

// The waits of a search out of work between two looks for some: short
// at first, since the others' trees seldom run out all at once.
const (
	minWait = 20 * time.Microsecond
	maxWait = time.Millisecond
)

// takeFrom takes, for w, a value not tried yet of v's level nearest its
// root, with that level's state, and readies w to search below it (see
// branch). It reports whether v had one.
func (w *work) takeFrom(v *work, tm *team) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	for k := range v.depth {
		rest := v.lvRest[k]
		if rest == 0 {
			continue
		}
		b := rest & -rest
		v.lvRest[k] = rest &^ b
		part := v.branchPart(k)
		v.stolen += part
		w.fromLevel(v, k, b, 0)
		// w's stack is empty: none reads these before w's next level,
		// which w.mu orders after.
		w.base, w.stolen = part, 0
		// Out of work no more, before v can run out: the team cannot
		// end while w holds this node.
		tm.mu.Lock()
		tm.idle--
		tm.mu.Unlock()
		return true
	}
	return false
}

// startWeights starts the team's weights from the root's, w's.
func (tm *team) startWeights(w *work) {
	if w.cellWt == nil {
		return
	}
	tm.wt = append(tm.wt[:0], w.cellWt...)
	w.wtBase = append(w.wtBase[:0], w.cellWt...)
}

// share adds what w's conflict weights gained since its last share to
// the team's, and takes the team's: the searches choose their cells as
// one search that met all their failures would, a few hundred nodes
// late.
func (tm *team) share(w *work) {
	if w.cellWt == nil {
		return
	}
	tm.mu.Lock()
	for i, x := range w.cellWt {
		tm.wt[i] += x - w.wtBase[i]
	}
	copy(w.cellWt, tm.wt)
	tm.mu.Unlock()
	copy(w.wtBase, w.cellWt)
}

// An orphan is a level of a helper that left the team (see retire): the
// state saved there and its values not tried yet.
type orphan struct {
	mask, alive []uint64
	left        int
	cell, pair  int32
	val, rest   uint64
	part        float64 // of the whole tree, per branch
}

// retire hands the levels of helper w, which leaves the team to free a
// core for another search of the process (Solver.Reserve), to the
// team's orphans, and counts w out of work for good. w has no node in
// flight: the value it had taken is back in its level.
func (tm *team) retire(w *work) {
	n, na := w.t.cells, len(w.alive)
	tm.share(w) // the failures it met count for the others
	w.mu.Lock()
	// What w searched: its levels' branches done, the deepest's too, as
	// no branch is under way there.
	part := w.searched(w.depth)
	if w.depth > 0 {
		part += w.branchPart(w.depth - 1)
	}
	var adopted []orphan
	for k := range w.depth {
		if w.lvRest[k] == 0 {
			continue
		}
		adopted = append(adopted, orphan{
			mask: slices.Clone(w.saved[k*n : (k+1)*n]), alive: slices.Clone(w.savedAlive[k*na : (k+1)*na]),
			left: w.savedLeft[k],
			cell: w.lvCell[k], pair: w.lvPair[k], val: w.lvVal[k], rest: w.lvRest[k],
			part: w.branchPart(k),
		})
		w.lvRest[k] = 0
	}
	w.depth = 0
	w.retired = true
	w.base, w.stolen = 0, 0
	w.mu.Unlock()
	tm.s.retired.Add(1)
	tm.mu.Lock()
	tm.orphans = append(tm.orphans, adopted...)
	tm.idle++
	tm.done += part
	w.partial.Store(0)
	tm.mu.Unlock()
}

// adopt readies w to search below a value not tried yet of the first
// orphan, if there is one (see branch).
func (tm *team) adopt(w *work) bool {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	if len(tm.orphans) == 0 {
		return false
	}
	o := &tm.orphans[0]
	b := o.rest & -o.rest
	o.rest &^= b
	copy(w.mask, o.mask)
	copy(w.alive, o.alive)
	w.left = o.left
	cell, v := levelBranch(o.cell, o.pair, o.val, b)
	w.base, w.stolen = o.part, 0 // w's stack is empty (see takeFrom)
	if o.rest == 0 {
		tm.orphans = slices.Delete(tm.orphans, 0, 1)
	}
	tm.idle--
	w.branch(cell, v, 0)
	return true
}

// Reserve holds n (0 to MaxWorkers) of the searches s may run
// (Solver.Workers) for other work of the process, such as a search of another backend raced
// against s, until release is called: no helper joins a team while they
// are held, and helpers already searching leave at their next poll (see
// retire) until s runs no more than the rest.
func (s *Solver) Reserve(n int) (release func()) {
	n = max(0, min(n, MaxWorkers))
	s.running.Add(int32(n))
	var once sync.Once
	return func() { once.Do(func() { s.running.Add(-int32(n)) }) }
}

// leave reports whether a helper is to leave the team, the solver
// running more searches than it may (see Reserve), and if so counts it
// out of the solver's searches.
func (tm *team) leave() bool {
	for {
		r := tm.s.running.Load()
		if int(r) <= tm.max {
			return false
		}
		if tm.s.running.CompareAndSwap(r, r-1) {
			return true
		}
	}
}
