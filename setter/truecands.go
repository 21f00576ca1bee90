package setter

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/model"
)

// A Truth is what is known about one candidate.
type Truth uint8

const (
	// Unknown: the search stopped before deciding the candidate.
	Unknown Truth = iota
	// Possible: the candidate appears in at least one solution.
	Possible
	// Impossible: no solution holds the candidate.
	Impossible
)

var truthNames = [...]string{Unknown: "unknown", Possible: "possible", Impossible: "impossible"}

// String returns "unknown", "possible" or "impossible".
func (t Truth) String() string {
	if int(t) < len(truthNames) {
		return truthNames[t]
	}
	return fmt.Sprintf("truth(%d)", uint8(t))
}

// Candidates holds the true candidates of a model: what is known of each of
// its candidates.
type Candidates struct {
	// Values is the number of values per cell.
	Values int
	// Truth holds, per model.Cand, whether some solution holds it.
	Truth []Truth
	// Solves counts the solver calls made.
	Solves int
	// Stop says why the search ended early: Deadline or Canceled when
	// the context ended (every candidate not decided by then is
	// unknown), NodeLimit when the first solve ran out of nodes (all
	// are). A solve for one candidate that runs out of nodes leaves that
	// candidate unknown and the search goes on: Stop stays Done, and
	// Undecided counts what is left.
	Stop model.Stop
}

// Digits returns the values of cell that some solution holds, and those
// left undecided, ascending.
func (c Candidates) Digits(cell int) (possible, unknown []int) {
	for v := 1; v <= c.Values; v++ {
		switch c.Truth[cell*c.Values+v-1] {
		case Possible:
			possible = append(possible, v)
		case Unknown:
			unknown = append(unknown, v)
		}
	}
	return possible, unknown
}

// Undecided returns the number of candidates left unknown.
func (c Candidates) Undecided() int {
	n := 0
	for _, t := range c.Truth {
		if t == Unknown {
			n++
		}
	}
	return n
}

// TrueCandidates decides, for every candidate of m, whether some solution
// holds it: a first solve finds any solution, then each candidate not yet
// seen in a solution gets a solve with it fixed; every solution found marks
// all its candidates possible. A candidate that m excludes, or whose cell a
// given fixes to another value, is impossible without a solve. nodes bounds
// each solve (0: no bound): a solve that runs out leaves its candidate
// unknown and the others go on; when ctx ends, every candidate not decided
// stays unknown and Stop says why.
func TrueCandidates(ctx context.Context, m *model.Model, solver model.Solver, nodes int64) (Candidates, error) {
	vals := m.Values()
	c := Candidates{Values: vals, Truth: make([]Truth, m.NumCands())}
	for _, x := range m.Excluded() {
		c.Truth[x] = Impossible
	}
	for _, f := range m.Fixed() {
		cell := m.CellOf(f)
		for v := 1; v <= vals; v++ {
			if k := m.Cand(cell, v); k != f {
				c.Truth[k] = Impossible
			}
		}
	}
	opts := model.Options{Limit: 1, Keep: 1, Nodes: nodes}
	res, err := solver.Solve(ctx, m, opts)
	c.Solves++
	if err != nil {
		return c, err
	}
	switch {
	case res.Status == model.Unsat:
		for i := range c.Truth {
			c.Truth[i] = Impossible
		}
		return c, nil
	case len(res.Solutions) == 0:
		c.Stop = res.Stop
		return c, nil
	}
	c.mark(res.Solutions[0])
	fixed := append([]model.Cand(nil), m.Fixed()...)
	for k := range c.Truth {
		if c.Truth[k] != Unknown {
			continue
		}
		if err := ctx.Err(); err != nil {
			c.Stop = model.StopFor(err)
			return c, nil
		}
		trial, err := m.WithGivens(append(fixed, model.Cand(k)), m.Excluded())
		if err != nil {
			return c, err
		}
		res, err := solver.Solve(ctx, trial, opts)
		c.Solves++
		if err != nil {
			return c, err
		}
		switch {
		case res.Status == model.Unsat:
			c.Truth[k] = Impossible
		case len(res.Solutions) > 0:
			c.mark(res.Solutions[0])
		case res.Stop == model.Deadline || res.Stop == model.Canceled:
			c.Stop = res.Stop
			return c, nil
		}
	}
	return c, nil
}

// mark records every candidate of sol as possible.
func (c *Candidates) mark(sol model.Solution) {
	for _, k := range sol {
		c.Truth[k] = Possible
	}
}
