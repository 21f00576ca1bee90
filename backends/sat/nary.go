package sat

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/irifrance/gini/z"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
)

// maxSumStates bounds the partial sums of one Sum rule's layers (the
// states of its prefix-sum diagram before pruning); a rule whose weights
// spread wider is refused.
const maxSumStates = 1 << 22

// maxDigitSets bounds the digit sets the set encoding of one distinct sum
// may list; a cage with more uses the prefix-sum encoding.
const maxDigitSets = 1 << 10

// A SumEncoding selects how Sum rules become clauses; see the package
// documentation, "Sums and tables", for the measurements behind the default.
type SumEncoding uint8

const (
	// SetsOrder is the default: a killer cage is written by its digit sets,
	// as with DigitSets, and any other sum as with Order.
	SetsOrder SumEncoding = iota
	// DigitSets writes a distinct sum whose weights are the same function
	// of the value in every cell (a killer cage) as one selector per digit
	// set that adds up to an allowed total, and any other sum as with
	// LayeredSupport (the default until the order encoding was measured).
	DigitSets
	// LayeredSupport writes every sum as a prefix-sum diagram with forward
	// clauses, dead ends, and support clauses (every layer holds a state,
	// every state an outgoing candidate, every candidate an incoming
	// state).
	LayeredSupport
	// Layered writes every sum as a prefix-sum diagram with forward clauses
	// and dead ends only.
	Layered
	// Order writes every sum as an order encoding over a balanced binary
	// tree of partial sums, the cells that must take distinct values
	// grouped under one subtree whose sums are those of distinct values:
	// order literals [S ≥ d] per node, on which unit propagation is bounds
	// consistent.
	Order
)

var sumEncodingNames = [...]string{SetsOrder: "sets-order", DigitSets: "digit-sets", LayeredSupport: "layered-support", Layered: "layered", Order: "order"}

// String returns "sets-order", "digit-sets", "layered-support", "layered"
// or "order".
func (s SumEncoding) String() string {
	if int(s) < len(sumEncodingNames) {
		return sumEncodingNames[s]
	}
	return fmt.Sprintf("sum-encoding(%d)", uint8(s))
}

// A nary is a Sum or Table rule as the encoder reads it, precomputed once
// per shape.
type nary struct {
	rule     int // index in Model.Rules
	kind     model.Kind
	cells    []int32
	w        []int32 // a Sum's weights per cell and value (Model.CellWeights)
	totals   []int32
	distinct bool
	tuples   []int32
	when     []model.Cand
	sets     [][]int32 // DigitSets: the allowed digit sets (values, ascending); nil when not used
	// Order: the cells (indices into cells) in the order of the tree's
	// leaves, and the end in perm of each group of cells that must take
	// distinct values and weigh them alike (cliqueGroups).
	perm, groups []int32
}

// readNary reads the n-ary rules the graph of m skipped, giving up with
// ctx's error when ctx ends (polled before every rule and while a rule's
// digit sets are listed).
func readNary(ctx context.Context, m *model.Model, g *graph.Graph, enc SumEncoding) ([]nary, error) {
	var out []nary
	for _, k := range g.Nary() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r := m.Rules()[k]
		p := r.Payload
		if p.Implied && !p.Distinct {
			// Redundant, and its cells may repeat a digit (the rule of
			// 45's innie-outie sums): on the published killers the
			// clauses cost more than they save (see doc.go).
			continue
		}
		n := nary{rule: k, kind: r.Kind, cells: p.Cells, totals: p.Totals, distinct: p.Distinct, tuples: p.Tuples, when: p.When}
		if r.Kind == model.Sum {
			n.w = m.CellWeights(r)
			lo, hi := int64(0), int64(0)
			vals := m.Values()
			for i := range n.cells {
				row := n.w[i*vals : (i+1)*vals]
				lo += int64(slices.Min(row))
				hi += int64(slices.Max(row))
				if hi-lo >= maxSumStates {
					return nil, fmt.Errorf("sat: %s: weights spread over more than %d partial sums", m.RuleName(k), maxSumStates)
				}
			}
			if enc == DigitSets || enc == SetsOrder {
				var err error
				if n.sets, err = digitSets(ctx, n, vals); err != nil {
					return nil, err
				}
			}
			if (enc == Order || enc == SetsOrder) && n.sets == nil {
				n.perm, n.groups = cliqueGroups(n, g)
			}
		}
		out = append(out, n)
	}
	return out, nil
}

// digitSets returns the sets of len(n.cells) distinct values whose weights
// add up to one of n's totals, when n is a distinct sum whose weight of a
// value is the same in every cell; otherwise, or when there are more than
// maxDigitSets of them (counted before any is listed), nil. It gives up
// with ctx's error when ctx ends.
func digitSets(ctx context.Context, n nary, vals int) ([][]int32, error) {
	k := len(n.cells)
	if !n.distinct || k > vals {
		return nil, nil
	}
	row := n.w[:vals]
	for i := 1; i < k; i++ {
		if !slices.Equal(n.w[i*vals:(i+1)*vals], row) {
			return nil, nil
		}
	}
	w := make([]int64, vals)
	for v, x := range row {
		w[v] = int64(x)
	}
	totals := make([]int64, len(n.totals))
	for i, t := range n.totals {
		totals[i] = int64(t)
	}
	sets, err := model.DigitSets(ctx, w, k, totals, maxDigitSets)
	var big *model.DigitSetsError
	if errors.As(err, &big) {
		return nil, nil // too many sets: the prefix-sum encoding
	}
	return sets, err
}

// cliqueGroups splits n's cells into groups whose cells weigh each value
// alike and must take distinct values (n is distinct, or every value of
// one cell excludes the same value of the other), greedily taking the
// largest group left each time. It returns the cells, as indices into
// n.cells, group after group, and the end of each group.
func cliqueGroups(n nary, g *graph.Graph) (perm, groups []int32) {
	k, vals := len(n.cells), g.Values()
	alike := func(a, b int) bool {
		if !slices.Equal(n.w[a*vals:(a+1)*vals], n.w[b*vals:(b+1)*vals]) {
			return false
		}
		if n.distinct {
			return true
		}
		for v := range vals {
			x := model.Cand(int(n.cells[a])*vals + v)
			y := model.Cand(int(n.cells[b])*vals + v)
			if _, ok := slices.BinarySearch(g.Peers(x), y); !ok {
				return false
			}
		}
		return true
	}
	taken := make([]bool, k)
	var best, grow []int32
	for len(perm) < k {
		best = best[:0]
		for a := range k {
			if taken[a] {
				continue
			}
			grow = append(grow[:0], int32(a))
			for b := a + 1; b < k; b++ {
				if taken[b] {
					continue
				}
				ok := true
				for _, c := range grow {
					if !alike(int(c), b) {
						ok = false
						break
					}
				}
				if ok {
					grow = append(grow, int32(b))
				}
			}
			if len(grow) > len(best) {
				best = append(best[:0], grow...)
			}
		}
		for _, a := range best {
			taken[a] = true
		}
		perm = append(perm, best...)
		groups = append(groups, int32(len(perm)))
	}
	return perm, groups
}

// auxVar returns a new auxiliary variable, numbered after the candidates.
func (e *encoder) auxVar() z.Var {
	e.naux++
	return z.Var(e.ncands + e.naux)
}

// lits starts a clause in e.cl with the negated condition literals of the
// rule being written.
func (e *encoder) start() { e.cl = append(e.cl[:0], e.whenNeg...) }

// end writes the clause in e.cl, simplified against the propagated values:
// dropped when a candidate literal is true, false candidate literals left
// out. A clause left empty is written as the empty clause.
func (e *encoder) end() {
	val := e.s.Vals()
	out := e.clauses
	at := len(out)
	for _, l := range e.cl {
		if v := int(l.Var()) - 1; v < e.ncands {
			switch val[v] {
			case graph.Chosen:
				if l.IsPos() {
					e.clauses = out[:at]
					return
				}
				continue
			case graph.Eliminated:
				if !l.IsPos() {
					e.clauses = out[:at]
					return
				}
				continue
			}
		}
		out = append(out, l)
	}
	e.clauses = append(out, z.LitNull)
	e.nclauses++
}

// emitNary writes the clauses of the n-ary rules after the binary ones,
// giving up with ctx's error when ctx ends (polled before every rule).
func (e *encoder) emitNary(ctx context.Context) error {
	val := e.s.Vals()
	for i := range e.sh.nary {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := &e.sh.nary[i]
		live := true
		e.whenNeg = e.whenNeg[:0]
		for _, c := range n.when {
			switch val[c] {
			case graph.Eliminated:
				live = false
			case graph.Undecided:
				e.whenNeg = append(e.whenNeg, lit(c).Not())
			}
		}
		if !live {
			continue // a condition is false: the rule holds vacuously
		}
		switch n.kind {
		case model.Sum:
			if n.distinct {
				e.distinct(n)
			}
			switch {
			case n.sets != nil:
				e.digitSets(n)
			case e.sh.enc == Order || e.sh.enc == SetsOrder:
				e.order(n)
			default:
				e.layered(n, e.sh.enc != Layered)
			}
		case model.Table:
			e.table(n)
		}
	}
	return nil
}

// distinct writes the pairwise at-most-one clauses per value over n's
// cells, leaving out the pairs the graph already excludes when the rule
// has no condition.
func (e *encoder) distinct(n *nary) {
	g := e.sh.g
	val := e.s.Vals()
	vals := g.Values()
	for a, ca := range n.cells {
		for _, cb := range n.cells[a+1:] {
			for v := range vals {
				x, y := model.Cand(int(ca)*vals+v), model.Cand(int(cb)*vals+v)
				if val[x] == graph.Eliminated || val[y] == graph.Eliminated {
					continue
				}
				if len(e.whenNeg) == 0 {
					if _, peer := slices.BinarySearch(g.Peers(x), y); peer {
						continue
					}
				}
				e.start()
				e.cl = append(e.cl, lit(x).Not(), lit(y).Not())
				e.end()
			}
		}
	}
}

// liveRange returns the least and the greatest weight of the live
// candidates of cell i of n; false when it has none.
func (e *encoder) liveRange(n *nary, i int) (lo, hi int32, ok bool) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	base := int(n.cells[i]) * vals
	for v := range vals {
		if val[base+v] == graph.Eliminated {
			continue
		}
		w := n.w[i*vals+v]
		if !ok || w < lo {
			lo = w
		}
		if !ok || w > hi {
			hi = w
		}
		ok = true
	}
	return lo, hi, ok
}

// layered writes a Sum as a prefix-sum diagram. State (i, s) says that the
// first i cells contribute s; only states reachable from (0, 0) through
// live candidates and able to reach an allowed total are kept, each an
// auxiliary variable y (the root is true and has none). For each kept state
// and live candidate c of the next cell: y ∧ c → y' for the state it leads
// to, or ¬y ∨ ¬c when that state is not kept (a dead end). With support, a
// layer holds some state, a state has some outgoing candidate, and a
// candidate some state it can come from; every clause also carries the
// negated conditions.
//
// The phases: the layers' bounds ([encoder.layerBounds]), the reachable
// states ([encoder.reach]), the viable ones ([encoder.viable]), their
// variables ([encoder.numberStates]), the transitions
// ([encoder.transitions]) and, with support, the layers' and candidates'
// support ([encoder.layerSupport]).
func (e *encoder) layered(n *nary, support bool) {
	total, ok := e.layerBounds(n)
	if !ok {
		e.start() // a cell with no candidate: propagation reports it
		e.end()
		return
	}
	if cap(e.state) < total {
		e.state = make([]int32, total)
	}
	st := e.state[:total]
	clear(st)
	e.reach(n, st)
	if !e.viable(n, st) {
		e.start() // no allowed total is reachable
		e.end()
		return
	}
	e.numberStates(n, st)
	e.transitions(n, st, support)
	if support {
		e.layerSupport(n, st)
	}
}

// layerBounds sets e.lo and e.off for n's diagram: the least partial sum
// of each layer 0..k and the offset of each layer in the flat state array.
// It returns the length of that array, and false when a cell of n has no
// live candidate.
func (e *encoder) layerBounds(n *nary) (total int, ok bool) {
	e.lo, e.off = append(e.lo[:0], 0), append(e.off[:0], 0)
	hi := int32(0)
	width := 1
	for i := range n.cells {
		mn, mx, ok := e.liveRange(n, i)
		if !ok {
			return 0, false
		}
		lo := e.lo[i] + mn
		hi += mx
		e.off = append(e.off, e.off[i]+width)
		e.lo = append(e.lo, lo)
		width = int(hi-lo) + 1
	}
	return e.off[len(n.cells)] + width, true
}

// reach marks 1 in st, forward from the root, every state reachable
// through live candidates.
func (e *encoder) reach(n *nary, st []int32) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	st[0] = 1
	for i, cell := range n.cells {
		base := int(cell) * vals
		for s := e.off[i]; s < e.off[i+1]; s++ {
			if st[s] == 0 {
				continue
			}
			sum := e.lo[i] + int32(s-e.off[i])
			for v := range vals {
				if val[base+v] != graph.Eliminated {
					st[e.off[i+1]+int(sum+n.w[i*vals+v]-e.lo[i+1])] = 1
				}
			}
		}
	}
}

// viable marks 2, backward, every reachable state that can reach an
// allowed total (the last layer's by the totals); it reports whether the
// root is one.
func (e *encoder) viable(n *nary, st []int32) bool {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	k := len(n.cells)
	for s := e.off[k]; s < len(st); s++ {
		if st[s] != 0 {
			if _, ok := slices.BinarySearch(n.totals, e.lo[k]+int32(s-e.off[k])); ok {
				st[s] = 2
			}
		}
	}
	for i := k - 1; i >= 0; i-- {
		base := int(n.cells[i]) * vals
		for s := e.off[i]; s < e.off[i+1]; s++ {
			if st[s] == 0 {
				continue
			}
			sum := e.lo[i] + int32(s-e.off[i])
			for v := range vals {
				if val[base+v] != graph.Eliminated && e.at(st, i+1, sum+n.w[i*vals+v]) == 2 {
					st[s] = 2
					break
				}
			}
		}
	}
	return st[0] == 2
}

// numberStates gives each viable state of layers 1..k-1 an auxiliary
// variable, stored negated in st (the root is true and the last layer's
// states need none: nothing follows them), and clears every other state
// but the root and the viable ones of the last layer.
func (e *encoder) numberStates(n *nary, st []int32) {
	k := len(n.cells)
	for i := 1; i < k; i++ {
		for s := e.off[i]; s < e.off[i+1]; s++ {
			if st[s] == 2 {
				st[s] = -int32(e.auxVar()) // negative: a kept state's variable
			} else {
				st[s] = 0
			}
		}
	}
	for s := e.off[k]; s < len(st); s++ {
		if st[s] != 2 {
			st[s] = 0
		}
	}
}

// stateLit returns the literal of the kept state at position s of layer i
// of a diagram of k cells: LitNull for the root and the last layer (true).
func stateLit(st []int32, k, i, s int) z.Lit {
	if i == 0 || i == k {
		return z.LitNull
	}
	return z.Var(-st[s]).Pos()
}

// transitions writes, for each kept state and live candidate of the next
// cell, the clause leading to the state it reaches or, when that state is
// not kept, the dead end; with support, also the clause saying that the
// state has an outgoing candidate.
func (e *encoder) transitions(n *nary, st []int32, support bool) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	k := len(n.cells)
	for i, cell := range n.cells {
		base := model.Cand(int(cell) * vals)
		for s := e.off[i]; s < e.off[i+1]; s++ {
			if st[s] == 0 {
				continue
			}
			y := stateLit(st, k, i, s)
			sum := e.lo[i] + int32(s-e.off[i])
			e.start()
			if y != z.LitNull {
				e.cl = append(e.cl, y.Not())
			}
			if support && i < k-1 {
				// Support: the state has an outgoing candidate. (The
				// last cell's is implied by the dead ends.)
				mark := len(e.cl)
				for v := range vals {
					c := base + model.Cand(v)
					if val[c] != graph.Eliminated && e.at(st, i+1, sum+n.w[i*vals+v]) != 0 {
						e.cl = append(e.cl, lit(c))
					}
				}
				e.end()
				e.cl = e.cl[:mark]
				e.start()
				if y != z.LitNull {
					e.cl = append(e.cl, y.Not())
				}
			}
			mark := len(e.cl)
			for v := range vals {
				c := base + model.Cand(v)
				if val[c] == graph.Eliminated {
					continue
				}
				e.cl = append(e.cl[:mark], lit(c).Not())
				to := sum + n.w[i*vals+v]
				if e.at(st, i+1, to) != 0 {
					if i+1 == k {
						continue // a last-layer state holds: nothing to write
					}
					e.cl = append(e.cl, stateLit(st, k, i+1, e.off[i+1]+int(to-e.lo[i+1])))
				}
				e.end()
			}
		}
	}
}

// layerSupport writes the support clauses of layers 1..k-1: the layer
// holds a state, and each live candidate of the cell after it comes from a
// state it leads on from.
func (e *encoder) layerSupport(n *nary, st []int32) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	k := len(n.cells)
	for i := 1; i < k; i++ {
		// The layer holds a state.
		e.start()
		for s := e.off[i]; s < e.off[i+1]; s++ {
			if st[s] != 0 {
				e.cl = append(e.cl, stateLit(st, k, i, s))
			}
		}
		e.end()
		// A candidate of cell i+1 (0-based i) comes from a state it leads
		// on from.
		base := model.Cand(int(n.cells[i]) * vals)
		for v := range vals {
			c := base + model.Cand(v)
			if val[c] == graph.Eliminated {
				continue
			}
			e.start()
			e.cl = append(e.cl, lit(c).Not())
			w := n.w[i*vals+v]
			for s := e.off[i]; s < e.off[i+1]; s++ {
				if st[s] != 0 && e.at(st, i+1, e.lo[i]+int32(s-e.off[i])+w) != 0 {
					e.cl = append(e.cl, stateLit(st, k, i, s))
				}
			}
			e.end()
		}
	}
}

// at returns the mark of the state of layer i with partial sum sum, 0 when
// it lies outside the layer.
func (e *encoder) at(st []int32, i int, sum int32) int32 {
	s := int(sum - e.lo[i])
	if s < 0 || e.off[i]+s >= e.layerEnd(st, i) {
		return 0
	}
	return st[e.off[i]+s]
}

// layerEnd returns the end of layer i in the flat state array.
func (e *encoder) layerEnd(st []int32, i int) int {
	if i+1 < len(e.off) {
		return e.off[i+1]
	}
	return len(st)
}

// digitSets writes a distinct sum by its allowed digit sets: one selector
// per set, at least one selector, a selector excludes the values outside
// its set in every cell and needs each value of its set in some cell, and a
// value of a cell needs a selector whose set holds it. With the pairwise
// distinct clauses the cells then take the set's values, one each.
func (e *encoder) digitSets(n *nary) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	mark := e.stamp(vals)
	first := e.naux + e.ncands + 1
	e.start()
	for range n.sets {
		e.cl = append(e.cl, e.auxVar().Pos())
	}
	e.end()
	for t, set := range n.sets {
		sel := z.Var(first + t)
		clear(mark)
		for _, v := range set {
			mark[v-1] = true
		}
		for _, cell := range n.cells {
			for v := range vals {
				c := model.Cand(int(cell)*vals + v)
				if !mark[v] && val[c] != graph.Eliminated {
					e.start()
					e.cl = append(e.cl, sel.Neg(), lit(c).Not())
					e.end()
				}
			}
		}
		// Each value of the set lies in some cell: what makes the
		// set's digits place themselves as hidden singles do.
		for _, v := range set {
			e.start()
			e.cl = append(e.cl, sel.Neg())
			for _, cell := range n.cells {
				if c := model.Cand(int(cell)*vals + int(v) - 1); val[c] != graph.Eliminated {
					e.cl = append(e.cl, lit(c))
				}
			}
			e.end()
		}
	}
	for v := range vals {
		for _, cell := range n.cells {
			c := model.Cand(int(cell)*vals + v)
			if val[c] == graph.Eliminated {
				continue
			}
			e.start()
			e.cl = append(e.cl, lit(c).Not())
			for t, set := range n.sets {
				if slices.Contains(set, int32(v+1)) {
					e.cl = append(e.cl, z.Var(first+t).Pos())
				}
			}
			e.end()
		}
	}
}

// stamp returns e's scratch marks, at least n of them.
func (e *encoder) stamp(n int) []bool {
	if cap(e.marks) < n {
		e.marks = make([]bool, n)
	}
	return e.marks[:n]
}

// table writes a Table rule: one selector per tuple whose candidates are
// all live, at least one selector, a selector implies its tuple's
// candidates, and (support) a live candidate of a cell needs a selector of a
// tuple that gives the cell that value.
func (e *encoder) table(n *nary) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	k := len(n.cells)
	e.sel = e.sel[:0]
	for t := 0; t < len(n.tuples); t += k {
		ok := true
		for j, cell := range n.cells {
			if val[int(cell)*vals+int(n.tuples[t+j])-1] == graph.Eliminated {
				ok = false
				break
			}
		}
		if ok {
			e.sel = append(e.sel, int32(t))
		}
	}
	first := e.naux + e.ncands + 1
	e.start()
	for range e.sel {
		e.cl = append(e.cl, e.auxVar().Pos())
	}
	e.end()
	for q, t := range e.sel {
		s := z.Var(first + q)
		for j, cell := range n.cells {
			e.start()
			e.cl = append(e.cl, s.Neg(), lit(model.Cand(int(cell)*vals+int(n.tuples[int(t)+j])-1)))
			e.end()
		}
	}
	for j, cell := range n.cells {
		for v := range vals {
			c := model.Cand(int(cell)*vals + v)
			if val[c] == graph.Eliminated {
				continue
			}
			e.start()
			e.cl = append(e.cl, lit(c).Not())
			for q, t := range e.sel {
				if n.tuples[int(t)+j] == int32(v+1) {
					e.cl = append(e.cl, z.Var(first+q).Pos())
				}
			}
			e.end()
		}
	}
}
