package sat

import (
	"fmt"
	"slices"
	"sync"

	"github.com/irifrance/gini/inter"
	"github.com/irifrance/gini/z"

	"github.com/sudokit/sudokit/model"
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
// once). Any model of the output is therefore a solution of m and the other
// way round. When the givens contradict each other, Encode writes the empty
// clause (a lone Add(z.LitNull)) and nothing else.
//
// Encode returns an error, and writes nothing, when m has a rule kind this
// backend cannot lower.
func Encode(m *model.Model, dst inter.Adder) error {
	return encode(m, m.Fixed(), m.Excluded(), dst)
}

// EncodeRules writes the clauses of m's cells and rules without its givens
// into dst, as Encode would for a model with no fixed or excluded
// candidates: the base CNF that incremental solving builds once per RulesID
// and solves under assumptions.
func EncodeRules(m *model.Model, dst inter.Adder) error {
	return encode(m, nil, nil, dst)
}

// encode is the one clause generator behind Encode and EncodeRules: it
// propagates the givens, writes the reduced clauses, then a unit clause for
// every decided candidate.
func encode(m *model.Model, fixed, excluded []model.Cand, dst inter.Adder) error {
	sh, err := shapeOf(m)
	if err != nil {
		return err
	}
	e := sh.get()
	defer sh.put(e)
	if !e.propagate(fixed, excluded) {
		dst.Add(z.LitNull)
		return nil
	}
	e.emit(sh)
	for _, l := range e.clauses {
		dst.Add(l)
	}
	for c, v := range e.val {
		switch v {
		case 1:
			dst.Add(lit(model.Cand(c)))
			dst.Add(z.LitNull)
		case -1:
			dst.Add(lit(model.Cand(c)).Not())
			dst.Add(z.LitNull)
		}
	}
	return nil
}

// A shape holds what the encoder precomputes once per RulesID: the
// ExactlyOne rules each candidate belongs to and the peers of each
// candidate (the candidates it excludes). Lists are CSR arrays: the entries
// of candidate c are list[start[c]:start[c+1]].
type shape struct {
	cells     int
	values    int
	ones      [][]model.Cand // the candidates of each ExactlyOne rule
	oneStart  []int32
	oneOf     []int32 // indices into ones
	peerStart []int32
	peers     []model.Cand // sorted per candidate, no duplicates
	pool      sync.Pool    // *encoder
}

// shapes caches the shape of each rule set. Its size bounds the memory kept:
// models built separately have distinct RulesIDs, and a 25x25 shape holds a
// few megabytes.
var shapes = model.Cache[*shape]{Size: 32}

// shapeOf returns the cached shape of m's rules, building it on first use.
func shapeOf(m *model.Model) (*shape, error) {
	return shapes.Get(m, func(m *model.Model) (*shape, error) {
		sh := new(shape)
		return sh, sh.build(m)
	})
}

func (sh *shape) build(m *model.Model) error {
	n, values := m.NumCands(), m.Values()
	sh.cells, sh.values = m.Cells(), values
	rules := m.Rules()
	// Every candidate's rules (of any kind), as CSR.
	start := make([]int32, n+1)
	for _, r := range rules {
		switch r.Kind {
		case model.ExactlyOne:
			sh.ones = append(sh.ones, r.Cands)
		case model.AtMostOne:
		default:
			return fmt.Errorf("sat: rule kind %v not supported", r.Kind)
		}
		for _, c := range r.Cands {
			start[c+1]++
		}
	}
	for c := 0; c < n; c++ {
		start[c+1] += start[c]
	}
	of := make([]int32, start[n])
	next := slices.Clone(start[:n])
	for i, r := range rules {
		for _, c := range r.Cands {
			of[next[c]] = int32(i)
			next[c]++
		}
	}
	sh.oneStart = make([]int32, n+1)
	for _, cs := range sh.ones {
		for _, c := range cs {
			sh.oneStart[c+1]++
		}
	}
	for c := 0; c < n; c++ {
		sh.oneStart[c+1] += sh.oneStart[c]
	}
	sh.oneOf = make([]int32, sh.oneStart[n])
	copy(next, sh.oneStart[:n])
	for i, cs := range sh.ones {
		for _, c := range cs {
			sh.oneOf[next[c]] = int32(i)
			next[c]++
		}
	}
	// Peers: the other candidates of the same cell and of every rule.
	stamp := make([]int32, n)
	for i := range stamp {
		stamp[i] = -1
	}
	sh.peerStart = make([]int32, n+1)
	sh.peers = make([]model.Cand, 0, n*(values-1)+int(start[n])*2)
	for a := 0; a < n; a++ {
		first := len(sh.peers)
		stamp[a] = int32(a)
		add := func(b model.Cand) {
			if stamp[b] != int32(a) {
				stamp[b] = int32(a)
				sh.peers = append(sh.peers, b)
			}
		}
		cell := a / values * values
		for b := cell; b < cell+values; b++ {
			add(model.Cand(b))
		}
		for _, ri := range of[start[a]:start[a+1]] {
			for _, b := range rules[ri].Cands {
				add(b)
			}
		}
		slices.Sort(sh.peers[first:])
		sh.peerStart[a+1] = int32(len(sh.peers))
	}
	sh.peers = slices.Clip(sh.peers)
	return nil
}

// get returns a reset encoder for the shape from its pool.
func (sh *shape) get() *encoder {
	if e, ok := sh.pool.Get().(*encoder); ok {
		return e
	}
	n := sh.cells * sh.values
	return &encoder{
		sh:       sh,
		val:      make([]int8, n),
		cellLeft: make([]int32, sh.cells),
		cellDone: make([]bool, sh.cells),
		oneLeft:  make([]int32, len(sh.ones)),
		oneDone:  make([]bool, len(sh.ones)),
	}
}

func (sh *shape) put(e *encoder) { sh.pool.Put(e) }

// An encoder applies one puzzle's givens to a shape and writes the reduced
// clauses. Its buffers are reused from puzzle to puzzle.
type encoder struct {
	sh        *shape
	val       []int8 // per candidate: 1 chosen, -1 eliminated, 0 undecided
	cellLeft  []int32
	cellDone  []bool
	oneLeft   []int32
	oneDone   []bool
	work      []int32 // cells (>= 0) and ExactlyOne rules (^index) down to one candidate
	conflict  bool
	undecided int     // undecided candidates after propagate
	clauses   []z.Lit // emit's output: clauses over candidate literals, each ended by LitNull
	nclauses  int
	// Solver buffers: undecided candidates and their gini variables in
	// fresh mode, assumptions in incremental mode.
	vars   []model.Cand
	varOf  []z.Var
	assume []z.Lit
}

// propagate resets e and applies the fixed and excluded candidates, then
// propagates naked singles (a cell with one candidate left) and hidden
// singles (an ExactlyOne rule with one candidate left) to a fixpoint. It
// reports false when the givens contradict each other.
func (e *encoder) propagate(fixed, excluded []model.Cand) bool {
	sh := e.sh
	clear(e.val)
	for i := range e.cellLeft {
		e.cellLeft[i] = int32(sh.values)
	}
	clear(e.cellDone)
	for i, cs := range sh.ones {
		e.oneLeft[i] = int32(len(cs))
	}
	clear(e.oneDone)
	e.work = e.work[:0]
	e.conflict = false
	for _, c := range fixed {
		e.choose(c)
	}
	for _, c := range excluded {
		e.eliminate(c)
	}
	for len(e.work) > 0 && !e.conflict {
		w := e.work[len(e.work)-1]
		e.work = e.work[:len(e.work)-1]
		if w >= 0 {
			if e.cellDone[w] {
				continue
			}
			if e.cellLeft[w] == 0 {
				e.conflict = true
				break
			}
			base := model.Cand(int(w) * sh.values)
			for c := base; c < base+model.Cand(sh.values); c++ {
				if e.val[c] == 0 {
					e.choose(c)
					break
				}
			}
			continue
		}
		r := ^w
		if e.oneDone[r] {
			continue
		}
		if e.oneLeft[r] == 0 {
			e.conflict = true
			break
		}
		for _, c := range sh.ones[r] {
			if e.val[c] == 0 {
				e.choose(c)
				break
			}
		}
	}
	if e.conflict {
		return false
	}
	e.undecided = 0
	for _, v := range e.val {
		if v == 0 {
			e.undecided++
		}
	}
	return true
}

// choose makes c chosen and eliminates its peers.
func (e *encoder) choose(c model.Cand) {
	switch e.val[c] {
	case 1:
		return
	case -1:
		e.conflict = true
		return
	}
	sh := e.sh
	e.val[c] = 1
	cell := int(c) / sh.values
	e.cellDone[cell] = true
	e.cellLeft[cell]--
	for _, r := range sh.oneOf[sh.oneStart[c]:sh.oneStart[c+1]] {
		e.oneDone[r] = true
		e.oneLeft[r]--
	}
	for _, p := range sh.peers[sh.peerStart[c]:sh.peerStart[c+1]] {
		e.eliminate(p)
	}
}

// eliminate makes c eliminated and queues its cell and ExactlyOne rules
// when they are down to one candidate (or none).
func (e *encoder) eliminate(c model.Cand) {
	switch e.val[c] {
	case -1:
		return
	case 1:
		e.conflict = true
		return
	}
	sh := e.sh
	e.val[c] = -1
	cell := int(c) / sh.values
	e.cellLeft[cell]--
	if !e.cellDone[cell] && e.cellLeft[cell] <= 1 {
		e.work = append(e.work, int32(cell))
	}
	for _, r := range sh.oneOf[sh.oneStart[c]:sh.oneStart[c+1]] {
		e.oneLeft[r]--
		if !e.oneDone[r] && e.oneLeft[r] <= 1 {
			e.work = append(e.work, ^r)
		}
	}
}

// emit writes into e.clauses the clauses over the undecided candidates left
// by propagate: at-least-one for each open cell, then for each open
// ExactlyOne rule, then the binary at-most-one clauses, one per pair of
// undecided peers, in candidate order.
func (e *encoder) emit(sh *shape) {
	out := e.clauses[:0]
	n := 0
	values := model.Cand(sh.values)
	for cell, done := range e.cellDone {
		if done {
			continue
		}
		base := model.Cand(cell) * values
		for c := base; c < base+values; c++ {
			if e.val[c] == 0 {
				out = append(out, lit(c))
			}
		}
		out = append(out, z.LitNull)
		n++
	}
	for r, cs := range sh.ones {
		if e.oneDone[r] {
			continue
		}
		for _, c := range cs {
			if e.val[c] == 0 {
				out = append(out, lit(c))
			}
		}
		out = append(out, z.LitNull)
		n++
	}
	for a, v := range e.val {
		if v != 0 {
			continue
		}
		na := lit(model.Cand(a)).Not()
		for _, b := range sh.peers[sh.peerStart[a]:sh.peerStart[a+1]] {
			if b > model.Cand(a) && e.val[b] == 0 {
				out = append(out, na, lit(b).Not(), z.LitNull)
				n++
			}
		}
	}
	e.clauses, e.nclauses = out, n
}
