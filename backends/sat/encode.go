package sat

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/irifrance/gini/inter"
	"github.com/irifrance/gini/z"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
)

// lit returns the gini literal of candidate c: variable c+1, positive.
func lit(c model.Cand) z.Lit { return z.Var(c + 1).Pos() }

// Encode writes the clauses of m, with its givens applied, into dst: one
// literal per Add, each clause ended by Add(z.LitNull). Candidate c is
// variable c+1 (see the package documentation).
//
// The givens are propagated to a fixpoint first (naked and hidden singles,
// which is unit propagation on the full encoding). Every candidate that
// propagation decides is then written as a unit clause, positive for the
// chosen and negative for the eliminated ones, and the other clauses are
// written over the undecided candidates only: at-least-one for every cell and
// ExactlyOne rule not yet satisfied, and one binary at-most-one clause for
// every pair of undecided candidates that share a cell or a rule (each pair
// once). The Sum and Table rules follow, over the undecided candidates and
// auxiliary variables numbered after the candidates (see the package
// documentation). The candidates of any model of the output are therefore a
// solution of m, and every solution extends to a model. When the givens contradict each other, Encode writes the empty
// clause (a lone Add(z.LitNull)) and nothing else.
//
// Encode returns an error, and writes nothing, when m has a rule kind this
// backend cannot lower. It builds m's candidate graph on every call; a
// Solver's Encode method keeps it for the next model of the same rule set.
func Encode(m *model.Model, dst inter.Adder) error {
	return new(Solver).Encode(m, dst)
}

// EncodeRules writes the clauses of m's cells and rules without its givens
// into dst, as Encode would for a model with no fixed or excluded
// candidates: the base CNF that incremental solving builds once per RulesID
// and solves under assumptions.
func EncodeRules(m *model.Model, dst inter.Adder) error {
	return new(Solver).EncodeRules(m, dst)
}

// Encode is the package's Encode with the graph of m's rules cached in s,
// so that encoding a stream of puzzles of one rule set allocates nothing.
func (s *Solver) Encode(m *model.Model, dst inter.Adder) error {
	return s.encode(context.Background(), m, m.Fixed(), m.Excluded(), dst)
}

// EncodeRules is the package's EncodeRules with the graph cached in s.
func (s *Solver) EncodeRules(m *model.Model, dst inter.Adder) error {
	return s.encode(context.Background(), m, nil, nil, dst)
}

// encode is the one clause generator behind Encode and EncodeRules: it
// propagates the givens, writes the reduced clauses, then a unit clause for
// every decided candidate. It gives up with ctx's error when ctx ends,
// having written part of the clauses or none.
func (s *Solver) encode(ctx context.Context, m *model.Model, fixed, excluded []model.Cand, dst inter.Adder) error {
	if m == nil {
		return errNilModel
	}
	sh, err := s.shapeOf(ctx, m)
	if err != nil {
		return err
	}
	e := sh.get()
	defer sh.put(e)
	if !e.s.Propagate(fixed, excluded) {
		dst.Add(z.LitNull)
		return nil
	}
	if err := e.emit(ctx); err != nil {
		return err
	}
	for k, l := range e.clauses {
		if k&litPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		dst.Add(l)
	}
	for c, v := range e.s.Vals() {
		switch v {
		case graph.Chosen:
			dst.Add(lit(model.Cand(c)))
			dst.Add(z.LitNull)
		case graph.Eliminated:
			dst.Add(lit(model.Cand(c)).Not())
			dst.Add(z.LitNull)
		}
	}
	return nil
}

// A shape holds what the encoder precomputes once per RulesID: the
// candidate graph (peers, ExactlyOne rules) and a pool of encoders sized
// for it.
type shape struct {
	g    *graph.Graph
	nary []nary // the Sum and Table rules, read once
	// binLits bounds the literals of the clauses emit writes before the
	// n-ary rules' (those of a model without givens), so that its buffer
	// is sized once.
	binLits int
	enc     SumEncoding
	pool    sync.Pool // *encoder
}

// shapeOf returns the shape of m's rules cached in s, building it on first
// use. A build that ctx ends gives up with ctx's error and is not cached.
func (s *Solver) shapeOf(ctx context.Context, m *model.Model) (*shape, error) {
	return s.shapes.GetContext(ctx, m, func(ctx context.Context, m *model.Model) (*shape, error) {
		g, err := graph.NewContext(ctx, m)
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("sat: %w", err)
		}
		nary, err := readNary(ctx, m, g, s.Sums)
		if err != nil {
			return nil, err
		}
		return &shape{g: g, nary: nary, enc: s.Sums, binLits: binLits(g)}, nil
	})
}

// binLits returns the literals emit writes for g's rules with no givens:
// an at-least-one clause per cell and per ExactlyOne rule, a binary clause
// per pair of candidates of one cell and per pair of peers, each clause
// with its terminating z.LitNull.
func binLits(g *graph.Graph) int {
	values := g.Values()
	n := g.Cells() * (values + 1)
	for _, cs := range g.Ones() {
		n += len(cs) + 1
	}
	return n + 3*(g.Cells()*values*(values-1)/2+g.NumPeers()/2)
}

// get returns an encoder for the shape from its pool.
func (sh *shape) get() *encoder {
	if e, ok := sh.pool.Get().(*encoder); ok {
		return e
	}
	return &encoder{sh: sh, s: sh.g.NewSingles(), ncands: sh.g.NumCands()}
}

func (sh *shape) put(e *encoder) { sh.pool.Put(e) }

// An encoder applies one puzzle's givens to a shape (singles propagation
// over its graph) and writes the reduced clauses. Its buffers are reused
// from puzzle to puzzle.
type encoder struct {
	sh       *shape
	s        *graph.Singles
	clauses  []z.Lit // emit's output: clauses over candidate literals, each ended by LitNull
	nclauses int
	ncands   int // the graph's candidates: auxiliary variables come after them
	naux     int // auxiliary variables emit numbered, ncands+1 ... ncands+naux
	// Buffers of the n-ary rules' clauses (nary.go).
	cl      []z.Lit // the clause being written
	whenNeg []z.Lit // the negated open conditions of the rule being written
	lo      []int32 // per layer of a sum: its smallest partial sum
	off     []int   // per layer of a sum: its offset in state
	state   []int32 // a sum's states, layer after layer
	marks   []bool  // scratch marks per value
	sel     []int32 // a table's live tuples (offsets into Tuples)
	onodes  []onode // a sum's order tree (order.go)
	ord     []z.Lit // per node and partial sum: a mark, then an order literal
	oroots  []int32 // the roots of a sum's groups of cells in onodes
	dp      []bool  // a group's sums of distinct values (distinctSums)
	// Solver buffers: undecided candidates and their gini variables in
	// fresh mode, assumptions in incremental mode.
	vars   []model.Cand
	varOf  []z.Var
	assume []z.Lit
}

// emit writes into e.clauses the clauses over the undecided candidates left
// by propagation: at-least-one for each open cell, then for each open
// ExactlyOne rule, then the binary at-most-one clauses, one per pair of
// undecided peers (of one cell, then of the graph), in candidate order,
// and last the clauses of the n-ary rules (emitNary, with auxiliary
// variables numbered after the candidates). It gives up with ctx's error
// when ctx ends (polled every candPollMask+1 candidates and before every
// n-ary rule), leaving e.clauses incomplete.
func (e *encoder) emit(ctx context.Context) error {
	g := e.sh.g
	val := e.s.Vals()
	out := e.clauses[:0]
	if cap(out) < e.sh.binLits {
		out = make([]z.Lit, 0, e.sh.binLits)
	}
	n := 0
	values := model.Cand(g.Values())
	for cell, done := range e.s.CellDone() {
		if done {
			continue
		}
		base := model.Cand(cell) * values
		for c := base; c < base+values; c++ {
			if val[c] == graph.Undecided {
				out = append(out, lit(c))
			}
		}
		out = append(out, z.LitNull)
		n++
	}
	oneDone := e.s.OneDone()
	for r, cs := range g.Ones() {
		if oneDone[r] {
			continue
		}
		for _, c := range cs {
			if val[c] == graph.Undecided {
				out = append(out, lit(c))
			}
		}
		out = append(out, z.LitNull)
		n++
	}
	for a, v := range val {
		if a&candPollMask == 0 {
			if err := ctx.Err(); err != nil {
				e.clauses = out
				return err
			}
		}
		if v != graph.Undecided {
			continue
		}
		ca := model.Cand(a)
		na := lit(ca).Not()
		// Peers of a's own cell come before those of later cells, so this
		// is candidate order.
		end := (ca/values + 1) * values
		for b := ca + 1; b < end; b++ {
			if val[b] == graph.Undecided {
				out = append(out, na, lit(b).Not(), z.LitNull)
				n++
			}
		}
		for _, b := range g.Peers(ca) {
			if b > ca && val[b] == graph.Undecided {
				out = append(out, na, lit(b).Not(), z.LitNull)
				n++
			}
		}
	}
	e.clauses, e.nclauses, e.naux = out, n, 0
	return e.emitNary(ctx)
}

// How often the encoding polls its context: every candPollMask+1
// candidates while it writes their pairs (a hundred clauses each on a big
// grid with variants), every litPollMask+1 literals while it hands them
// to gini or another sink.
const (
	candPollMask = 1<<10 - 1
	litPollMask  = 1<<16 - 1
)
