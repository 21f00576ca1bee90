package generate

import (
	"context"

	"github.com/sudokit/sudokit/model"
)

// maxAlts bounds the second solutions a remover remembers.
const maxAlts = 256

// A remover takes givens away from a complete grid while the puzzle stays
// unique. Two sound shortcuts spare most proofs:
//
//   - forced: a cell whose value the remaining givens force by a single
//     step (every other value of the cell sees a given peer holding it, or
//     every other place for the value in one of its houses does) can go:
//     the puzzle without it has the same solutions;
//   - known: a second solution found by an earlier proof, differing from
//     the grid only in cells that are no longer given once a class goes,
//     shows the class cannot go.
//
// Everything else is proved by the solver, asked for two solutions.
type remover struct {
	rs     *ruleSet
	solver model.Solver
	sol    model.Solution
	nodes  int64
	stats  *Stats
	n      int

	given []bool
	count int     // given cells
	elim  []int32 // per candidate: the givens (and variant rules) that rule it out
	alts  [][]int32
	buf   []model.Cand // the givens' candidates, for model
	arena []int32      // holds alts
	// logic, when set, decides every removal in place of the solver and
	// the shortcuts (see Options.Within).
	logic  func(m *model.Model) (bool, error)
	target int // Options.Givens, 0 with Minimal
}

func newRemover(rs *ruleSet, solver model.Solver, sol model.Solution, nodes int64, stats *Stats) *remover {
	n := rs.set.Shape().N()
	r := &remover{rs: rs, solver: solver, sol: sol, nodes: nodes, stats: stats, n: n,
		given: make([]bool, n*n), count: n * n, elim: make([]int32, n*n*n)}
	for cell := range r.given {
		r.given[cell] = true
		r.mark(sol[cell], 1)
	}
	for _, c := range rs.excluded {
		r.elim[c]++
	}
	for _, c := range rs.fixed {
		r.mark(c, 1)
	}
	return r
}

// mark adds d to the count of every peer of c.
func (r *remover) mark(c model.Cand, d int32) {
	for _, p := range r.rs.graph.Peers(c) {
		r.elim[p] += d
	}
}

// model returns the puzzle of the given cells.
func (r *remover) model() (*model.Model, error) {
	return r.rs.model(r.givens())
}

// givens returns the candidates of the given cells, in r.buf.
func (r *remover) givens() []model.Cand {
	r.buf = r.buf[:0]
	for cell, g := range r.given {
		if g {
			r.buf = append(r.buf, r.sol[cell])
		}
	}
	return r.buf
}

// tryRemove takes the givens of the cells of cl that still hold one away
// when the puzzle stays unique without them, and reports whether it does;
// with commit false it puts them back either way (a test of minimality).
func (r *remover) tryRemove(ctx context.Context, cl []int, commit bool) (bool, error) {
	var out []int
	for _, cell := range cl {
		if r.given[cell] {
			out = append(out, cell)
		}
	}
	if len(out) == 0 {
		return false, nil
	}
	r.set(out, false)
	ok, err := r.unique(ctx, out)
	if err != nil || !ok || !commit {
		r.set(out, true)
	}
	return ok && err == nil, err
}

// set gives or clears the cells.
func (r *remover) set(cells []int, given bool) {
	d := int32(1)
	if !given {
		d = -1
	}
	for _, cell := range cells {
		r.given[cell] = given
		r.count += int(d)
		r.mark(r.sol[cell], d)
	}
}

// unique reports whether the puzzle of the current givens, from which the
// cells out were just taken, is still unique.
func (r *remover) unique(ctx context.Context, out []int) (bool, error) {
	if r.logic != nil {
		m, err := r.model()
		if err != nil {
			return false, err
		}
		r.stats.Logic++
		return r.logic(m)
	}
	forced := true
	for _, cell := range out {
		forced = forced && r.forced(cell)
	}
	if forced {
		r.stats.Forced++
		return true, nil
	}
	for _, alt := range r.alts {
		if r.allBlank(alt) {
			r.stats.Known++
			return false, nil
		}
	}
	m, err := r.model()
	if err != nil {
		return false, err
	}
	return prove(ctx, r.solver, m, r.nodes, r.stats, r.remember)
}

// prove reports whether m, a puzzle taken from a complete grid, has one
// solution (see proof): a proof the node budget stopped answers false.
func prove(ctx context.Context, solver model.Solver, m *model.Model, nodes int64, stats *Stats, seen func(model.Solution)) (bool, error) {
	st, err := proof(ctx, solver, m, nodes, stats, seen)
	return st == model.Unique, err
}

// proof asks solver for two solutions of m, a puzzle taken from a
// complete grid, and returns Unique, Multiple (the second solution goes to
// seen) or Unknown when the node budget stopped the search (counted in
// stats.Unknown); a search stopped otherwise returns ctx's error.
func proof(ctx context.Context, solver model.Solver, m *model.Model, nodes int64, stats *Stats, seen func(model.Solution)) (model.Status, error) {
	stats.Checks++
	res, err := solver.Solve(ctx, m, model.Options{Limit: 2, Nodes: nodes})
	if err != nil {
		return model.Unknown, err
	}
	switch {
	case res.Status == model.Unique:
		return model.Unique, nil
	case res.Status == model.Multiple:
		for _, s := range res.Solutions {
			seen(s)
		}
		return model.Multiple, nil
	case res.Stop == model.NodeLimit:
		stats.Unknown++
		return model.Unknown, nil
	case res.Stop != model.Done:
		return model.Unknown, ctx.Err()
	}
	// Unsat cannot happen: the grid solves every subset of its givens.
	panic("generate: a puzzle taken from a complete grid has no solution")
}

// forced reports whether the remaining givens force cell's value by one
// naked or hidden single.
func (r *remover) forced(cell int) bool {
	c := r.sol[cell]
	base := cell * r.n
	naked := true
	for v := range r.n {
		if q := base + v; model.Cand(q) != c && r.elim[q] == 0 {
			naked = false
			break
		}
	}
	if naked {
		return true
	}
	g := r.rs.graph
	ones := g.Ones()
	for _, oi := range g.OnesOf(c) {
		hidden := true
		for _, q := range ones[oi] {
			qc := int(q) / r.n
			if q == c {
				continue
			}
			if qc == cell || (!r.given[qc] && r.elim[q] == 0) {
				hidden = false
				break
			}
		}
		if hidden {
			return true
		}
	}
	return false
}

// remember keeps the cells where s differs from the grid, when it does.
func (r *remover) remember(s model.Solution) {
	start := len(r.arena)
	for cell, c := range s {
		if c != r.sol[cell] {
			r.arena = append(r.arena, int32(cell))
		}
	}
	diff := r.arena[start:len(r.arena):len(r.arena)]
	if len(diff) == 0 {
		return
	}
	if len(r.alts) == maxAlts {
		copy(r.alts, r.alts[1:])
		r.alts = r.alts[:maxAlts-1]
	}
	r.alts = append(r.alts, diff)
}

// allBlank reports whether none of cells is given.
func (r *remover) allBlank(cells []int32) bool {
	for _, cell := range cells {
		if r.given[cell] {
			return false
		}
	}
	return true
}

// minimal reports whether every given is needed: taking any one away
// leaves the puzzle with several solutions.
func (r *remover) minimal(ctx context.Context) (bool, error) {
	for cell := range r.given {
		if !r.given[cell] {
			continue
		}
		ok, err := r.tryRemove(ctx, []int{cell}, false)
		if err != nil || ok {
			return false, err
		}
	}
	return true, nil
}
