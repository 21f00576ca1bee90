package backtrack

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
)

// A Solver solves models by plain backtracking. The zero Solver is ready to
// use and safe for concurrent use by several goroutines. It keeps the
// exclusion tables of a few rule sets ([model.Model.RulesID]); a table is
// read-only once built, so concurrent searches share it, each with its own
// pooled work buffers.
type Solver struct {
	tables model.Cache[*table]
}

var _ model.Solver = (*Solver)(nil)

// New returns a Solver. It is the same as new(Solver).
func New() *Solver { return new(Solver) }

const (
	// maxPeers bounds the entries of one exclusion table (4 bytes each) and
	// the members of its ExactlyOne rules; larger models are refused.
	maxPeers = 1 << 28
	// pollMask: the context is polled every pollMask+1 nodes.
	pollMask = 1<<12 - 1
	// buildPollMask: building a table polls the context every
	// buildPollMask+1 candidates.
	buildPollMask = 1<<10 - 1
)

// A table is the exclusion table of one rule set, read from its candidate
// graph, and the members of its ExactlyOne rules, both flat: the peers of
// candidate c (in other cells: a cell holds one candidate by construction)
// are peers[peerOff[c]:peerOff[c+1]], the members of the r-th ExactlyOne
// rule one[oneOff[r]:oneOff[r+1]]. Nothing changes a table once built.
type table struct {
	cells   int
	values  int32
	peerOff []int32
	peers   []int32
	oneOff  []int32
	one     []int32
	nary    *naryRules // the Sum and Table rules; nil when there are none
	pool    sync.Pool  // of *work sized for this table
}

// work holds the buffers of one search. Every search resets them first.
type work struct {
	blocked []int32 // per candidate: placed candidates excluding it, +1 if excluded
	chosen  []int32 // per cell: its candidate, -1 while empty
	free    []int32 // the empty cells after the givens, in index order
	try     []int32 // per depth: the candidate placed in free[d]
	nary    naryWork
}

// newTable builds the exclusion table of m's rules from their candidate
// graph ([graph.NewContext], which refuses the kinds it cannot read),
// giving up with ctx's error when ctx ends.
func newTable(ctx context.Context, m *model.Model) (*table, error) {
	n := m.NumCands()
	rules := m.Rules()
	bound := 0
	for _, r := range rules {
		if r.Kind != model.ExactlyOne && r.Kind != model.AtMostOne {
			continue // the graph reads no exclusions from it
		}
		bound += len(r.Cands) * (len(r.Cands) - 1)
		if bound > maxPeers || len(r.Cands) > maxPeers {
			return nil, fmt.Errorf("backtrack: model too large: more than %d exclusions", maxPeers)
		}
	}
	g, err := graph.NewContext(ctx, m)
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("backtrack: %w", err)
	}
	oneSize := 0
	for _, cs := range g.Ones() {
		oneSize += len(cs)
		if oneSize > maxPeers {
			return nil, fmt.Errorf("backtrack: model too large: more than %d exclusions", maxPeers)
		}
	}
	t := &table{
		cells:   m.Cells(),
		values:  int32(m.Values()),
		peerOff: make([]int32, n+1),
		oneOff:  make([]int32, 1, len(g.Ones())+1),
		one:     make([]int32, 0, oneSize),
	}
	t.peers = make([]int32, 0, g.NumPeers())
	for c := range n {
		if c&buildPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for _, p := range g.Peers(model.Cand(c)) {
			t.peers = append(t.peers, int32(p))
		}
		t.peerOff[c+1] = int32(len(t.peers))
	}
	for _, cs := range g.Ones() {
		for _, c := range cs {
			t.one = append(t.one, int32(c))
		}
		t.oneOff = append(t.oneOff, int32(len(t.one)))
	}
	if len(g.Nary()) > 0 {
		if t.nary, err = newNary(m, g.Nary()); err != nil {
			return nil, err
		}
	}
	t.pool.New = func() any {
		w := &work{
			blocked: make([]int32, n),
			chosen:  make([]int32, t.cells),
			free:    make([]int32, 0, t.cells),
			try:     make([]int32, t.cells),
		}
		if t.nary != nil {
			w.nary = t.nary.newWork()
		}
		return w
	}
	return t, nil
}

// tableFor returns the cached table of m's rules, building it on a miss.
// A build that ctx ends gives up with ctx's error and is not cached.
func (s *Solver) tableFor(ctx context.Context, m *model.Model) (*table, error) {
	return s.tables.GetContext(ctx, m, newTable)
}

// Solve implements model.Solver. It commits m's fixed candidates (a
// conflict among them, or with an excluded candidate, answers Unsat with no
// search), then backtracks cell by cell in index order, values ascending,
// honouring opts.Limit, opts.Keep, opts.Nodes and ctx. Stats.Nodes counts
// the placements tried, and Stats.Guesses as many: plain backtracking
// deduces nothing, so every placement is a trial. With opts.Trace set, each
// placement tried is a Try event (Options: the values no placed candidate
// excludes in its cell; a placement a Sum or Table rule refuses is a Try
// and its Undo at once), each one taken back an Undo, a cell with no value
// allowed when the search reaches it (or a complete assignment that leaves
// an ExactlyOne rule empty) a DeadEnd; the givens are no events, and
// Stats.Nodes is the number of Tries. Sum and Table rules are
// checked as their cells are placed (see the package documentation); a
// rule kind the candidate graph cannot read is refused with an error.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	start := time.Now()
	ctx, res, ended, err := model.Begin("backtrack", ctx, m, opts)
	if err != nil || ended {
		res.Stats.Elapsed = time.Since(start)
		return res, err
	}
	t, err := s.tableFor(ctx, m)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			res.Conclude(opts, model.StopFor(ctxErr)) // stopped building the table
			res.Stats.Elapsed = time.Since(start)
			return res, nil
		}
		return res, err
	}
	w := t.pool.Get().(*work)
	stop := t.search(ctx, m, opts, w, &res)
	t.pool.Put(w)
	res.Conclude(opts, stop)
	res.Stats.Elapsed = time.Since(start)
	return res, nil
}

// place records candidate c in every candidate it excludes.
func (t *table) place(c int32, blocked []int32) {
	for _, p := range t.peers[t.peerOff[c]:t.peerOff[c+1]] {
		blocked[p]++
	}
}

// unplace undoes place(c).
func (t *table) unplace(c int32, blocked []int32) {
	for _, p := range t.peers[t.peerOff[c]:t.peerOff[c+1]] {
		blocked[p]--
	}
}

// allowed returns the number of values of the cell whose first candidate
// is base that no placed candidate excludes.
func (t *table) allowed(base int32, blocked []int32) int32 {
	n := int32(0)
	for _, b := range blocked[base : base+t.values] {
		if b == 0 {
			n++
		}
	}
	return n
}

// complete reports whether every ExactlyOne rule has a chosen candidate in
// the complete assignment chosen.
func (t *table) complete(chosen []int32) bool {
	for r := 1; r < len(t.oneOff); r++ {
		found := false
		for _, c := range t.one[t.oneOff[r-1]:t.oneOff[r]] {
			if chosen[c/t.values] == c {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// search applies m's givens to w and backtracks, adding the solutions to
// res. It returns why it stopped early, or model.Done.
func (t *table) search(ctx context.Context, m *model.Model, opts model.Options, w *work, res *model.Result) model.Stop {
	blocked, chosen, values := w.blocked, w.chosen, t.values
	clear(blocked)
	for i := range chosen {
		chosen[i] = -1
	}
	for _, c := range m.Excluded() {
		blocked[c] = 1
	}
	for _, c := range m.Fixed() {
		c := int32(c)
		cell := c / values
		if chosen[cell] == c {
			continue // the same given twice
		}
		if chosen[cell] >= 0 || blocked[c] != 0 {
			return model.Done // contradictory givens: unsat
		}
		t.place(c, blocked)
		chosen[cell] = c
	}
	free := w.free[:0]
	for cell, c := range chosen {
		if c < 0 {
			free = append(free, int32(cell))
		}
	}
	w.free = free
	try := w.try[:len(free)]
	nary, nw := t.nary, &w.nary
	if nary != nil && !nary.start(nw, chosen, values) {
		return model.Done // an n-ary rule fails on the givens alone
	}

	var (
		trace  = opts.Trace
		done   = ctx.Done()
		budget = opts.Nodes
		nodes  int64
		stop   = model.Done
		d      = 0        // depth: free[d] is the cell to fill
		v      = int32(0) // the next value of free[d] to try
	)
loop:
	for {
		if d < len(free) {
			cell := free[d]
			base := cell * values
			first := v == 0 // nothing tried in free[d] yet
			for v < values && blocked[base+v] != 0 {
				v++
			}
			if v < values {
				if budget > 0 && nodes >= budget {
					stop = model.NodeLimit
					break
				}
				if trace != nil {
					trace(model.Event{Kind: model.EventTry, Depth: int32(d), Cand: model.Cand(base + v), Options: t.allowed(base, blocked)})
				}
				nodes++
				if nodes&pollMask == 0 && done != nil {
					select {
					case <-done:
						stop = model.StopFor(ctx.Err())
						break loop
					default:
					}
				}
				c := base + v
				t.place(c, blocked)
				chosen[cell] = c
				if nary != nil && !nary.enter(nw, cell, c, chosen, values) {
					nary.leave(nw, cell, c, values)
					t.unplace(c, blocked)
					chosen[cell] = -1
					if trace != nil {
						trace(model.Event{Kind: model.EventUndo, Depth: int32(d), Cand: model.Cand(c)})
					}
					v++
					continue
				}
				try[d] = c
				d++
				v = 0
				continue
			}
			if first && trace != nil { // entered with no value allowed
				trace(model.Event{Kind: model.EventDeadEnd, Depth: int32(d), Cand: model.NoCand})
			}
		} else if t.complete(chosen) {
			res.Count++
			if trace != nil {
				trace(model.Event{Kind: model.EventSolution, Depth: int32(d), Cand: model.NoCand})
			}
			if opts.Keeps(len(res.Solutions)) {
				sol := make(model.Solution, len(chosen))
				for i, c := range chosen {
					sol[i] = model.Cand(c)
				}
				res.Solutions = append(res.Solutions, sol)
			}
			if opts.Limit > 0 && res.Count >= opts.Limit {
				break
			}
		} else if trace != nil { // a leaf with an ExactlyOne rule empty
			trace(model.Event{Kind: model.EventDeadEnd, Depth: int32(d), Cand: model.NoCand})
		}
		// Backtrack: undo the placement one level up, try its next value.
		if d == 0 {
			break
		}
		d--
		c := try[d]
		if trace != nil {
			trace(model.Event{Kind: model.EventUndo, Depth: int32(d), Cand: model.Cand(c)})
		}
		t.unplace(c, blocked)
		chosen[free[d]] = -1
		if nary != nil {
			nary.leave(nw, free[d], c, values)
		}
		v = c - free[d]*values + 1
	}
	res.Stats.Nodes = nodes
	res.Stats.Guesses = nodes // no deduction: every placement is a trial
	return stop
}
