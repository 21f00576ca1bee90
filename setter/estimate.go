package setter

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sudokit/sudokit/model"
)

// An Estimate is an estimate of the number of solutions of a model.
type Estimate struct {
	// Mean is the estimate: the mean of the probes.
	Mean float64
	// StdErr is the standard error of Mean (the probes' standard
	// deviation over the square root of their number); 0 with fewer than
	// two probes.
	StdErr float64
	// Low and High bound a 95% interval, Mean ± 1.96 StdErr, Low at least
	// 1 (a probe found a solution). The normal approximation behind it is
	// rough when few probes carry most of the weight: more probes narrow
	// it honestly.
	Low, High float64
	// Probes is the number of probes completed, Solves the solver calls.
	Probes, Solves int
	// Stop says why the estimate ended before its probes: it then stands
	// on the probes completed (none: no estimate, Mean 0).
	Stop model.Stop
}

// EstimateOptions bound EstimateCount.
type EstimateOptions struct {
	// Probes is the number of probes (default 100, at most MaxProbes).
	Probes int
	// Seed seeds the probes' random choices.
	Seed uint64
	// Nodes bounds each solve (0: no bound).
	Nodes int64
}

// MaxProbes bounds EstimateOptions.Probes.
const MaxProbes = 1_000_000

// EstimateCount estimates the number of solutions of m with Knuth's
// estimator over the tree of feasible choices: each probe takes the cells
// in order, finds with the solver the values each can take given the
// choices above it (its branching factor), picks one at random, and
// multiplies the factors; a probe's product is an unbiased estimate of the
// number of solutions, and their mean is the estimate. Every branch of the
// tree leads to a solution, so no probe dies. A model without solutions
// gets Mean 0 after one solve. When a solve runs out of nodes or ctx ends,
// the probe under way is dropped and Stop says why.
func EstimateCount(ctx context.Context, m *model.Model, solver model.Solver, opts EstimateOptions) (Estimate, error) {
	if opts.Probes < 0 || opts.Probes > MaxProbes || opts.Nodes < 0 {
		return Estimate{}, fmt.Errorf("setter: probes must be 0..%d and nodes not negative, not %d and %d", MaxProbes, opts.Probes, opts.Nodes)
	}
	if opts.Probes == 0 {
		opts.Probes = 100
	}
	p := prober{ctx: ctx, m: m, solver: solver, opts: model.Options{Limit: 1, Keep: 1, Nodes: opts.Nodes},
		rng: rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))}
	var e Estimate
	root, stop, err := p.solve(m.Fixed())
	e.Solves = p.solves
	if err != nil || stop != model.Done || root == nil {
		e.Stop = stop
		return e, err
	}
	var sum, sq float64
	for e.Probes < opts.Probes {
		x, stop, err := p.probe(root)
		e.Solves = p.solves
		if err != nil {
			return e, err
		}
		if stop != model.Done {
			e.Stop = stop
			break
		}
		e.Probes++
		sum += x
		sq += x * x
	}
	if e.Probes == 0 {
		return e, nil
	}
	k := float64(e.Probes)
	e.Mean = sum / k
	if e.Probes > 1 {
		variance := max(0, (sq-k*e.Mean*e.Mean)/(k-1))
		e.StdErr = math.Sqrt(variance / k)
	}
	e.Low = max(1, e.Mean-1.96*e.StdErr)
	e.High = e.Mean + 1.96*e.StdErr
	return e, nil
}

// prober runs the solves of one estimate.
type prober struct {
	ctx    context.Context
	m      *model.Model
	solver model.Solver
	opts   model.Options
	rng    *rand.Rand
	solves int
}

// solve returns a solution of m with fixed as its givens (and m's
// excluded candidates), nil when there is none, or the stop that ended the
// solve.
func (p *prober) solve(fixed []model.Cand) (model.Solution, model.Stop, error) {
	if err := p.ctx.Err(); err != nil {
		return nil, model.StopFor(err), nil
	}
	trial, err := p.m.WithGivens(fixed, p.m.Excluded())
	if err != nil {
		return nil, model.Done, err
	}
	res, err := p.solver.Solve(p.ctx, trial, p.opts)
	p.solves++
	switch {
	case err != nil:
		return nil, model.Done, err
	case len(res.Solutions) > 0:
		return res.Solutions[0], model.Done, nil
	case res.Status == model.Unsat:
		return nil, model.Done, nil
	}
	return nil, res.Stop, nil
}

// probe walks once from the root, whose solution is sol, and returns the
// product of the branching factors. It keeps the solutions found that agree
// with the choices made so far: each shows its value feasible in the next
// cell without a solve.
func (p *prober) probe(sol model.Solution) (float64, model.Stop, error) {
	fixed := append([]model.Cand(nil), p.m.Fixed()...)
	given := make([]bool, p.m.Cells())
	for _, c := range fixed {
		given[p.m.CellOf(c)] = true
	}
	excluded := make([]bool, p.m.NumCands())
	for _, c := range p.m.Excluded() {
		excluded[c] = true
	}
	product := 1.0
	pool := []model.Solution{sol}      // solutions that agree with fixed
	var options []model.Solution       // a solution per feasible value of the cell
	seen := make([]bool, p.m.Values()) // values of the cell with an option
	for cell := range p.m.Cells() {
		if given[cell] {
			continue
		}
		options = options[:0]
		clear(seen)
		for _, s := range pool {
			if v := p.m.ValueOf(s[cell]) - 1; !seen[v] {
				seen[v] = true
				options = append(options, s)
			}
		}
		for v := 1; v <= p.m.Values(); v++ {
			c := p.m.Cand(cell, v)
			if seen[v-1] || excluded[c] {
				continue
			}
			s, stop, err := p.solve(append(fixed, c))
			if err != nil || stop != model.Done {
				return 0, stop, err
			}
			if s != nil {
				options = append(options, s)
				pool = append(pool, s)
			}
		}
		product *= float64(len(options))
		pick := options[p.rng.IntN(len(options))][cell]
		fixed = append(fixed, pick)
		kept := pool[:0]
		for _, s := range pool {
			if s[cell] == pick {
				kept = append(kept, s)
			}
		}
		pool = kept
	}
	return product, model.Done, nil
}
