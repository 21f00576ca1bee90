package sat

import (
	"slices"

	"github.com/irifrance/gini/z"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
)

// An onode is a node of a sum's order tree (Order encoding): a leaf is one
// cell's term, an inner node the sum of its two children's terms. Its
// partial sums lie in [lo, lo+width); e.ord[off : off+width+1] holds, per
// partial sum, first its mark and then the code of its order literal.
type onode struct {
	left, right int32 // children in e.onodes; -1 for a leaf
	cell        int32 // a leaf's index in the rule's cells
	clique      int32 // the root of a group of n.perm (cliqueGroups): its first cell's position+1; else 0
	cells       int32 // the cells below the node
	lo          int32
	width       int32
	off         int
}

// Marks of a partial sum while the domains are computed. Once the order
// variables are numbered, e.ord holds literals instead: ordTrue for an
// order literal that always holds (at or below the node's smallest kept
// sum), ordFalse for one that never does (above its largest), else the
// literal of a variable. The two are variable 0's literals, which gini
// never uses (its LitNull), so Not maps one to the other.
const (
	ordOut       = 0 // not a partial sum of the node
	ordReachable = 1 // reachable from the cells' live candidates
	ordKept      = 2 // reachable and part of a combination that gives an allowed total

	ordFalse = z.LitNull
	ordTrue  = z.LitNull ^ 1
)

// maxOrderPairs bounds the pairs of child sums the order encoding of one
// Sum walks (see order).
const maxOrderPairs = 1 << 26

// order writes a Sum as an order encoding over a balanced binary tree of
// partial sums (a totalizer of integers, as in the Sugar solver's
// decomposition of linear constraints into ternary sums). Each node gets
// the set of its partial sums that are reachable from the live candidates
// and, top-down from the allowed totals at the root, can still combine with
// their sibling's into their parent's; a leaf value left out eliminates its
// candidates. Each node then has one order variable [S ≥ d] per kept
// partial sum d above its smallest (at the root, the allowed totals), with
// [S ≥ d'] → [S ≥ d] for consecutive d < d'; a value between kept sums
// reads as the next kept one. A leaf is tied to its cell's candidates by
// x → [S ≥ w(x)] and x → ¬[S ≥ w(x)+1]. An inner node S = A + B has, for
// every kept a of A and b of B,
//
//	[A ≥ a] ∧ [B ≥ b] → [S ≥ a+b]      and      ¬[A ≥ a+1] ∧ ¬[B ≥ b+1] → ¬[S ≥ a+b+1]
//
// (each left out when a smaller b, or a larger one, gives the same clause
// with a stronger premise), so that unit propagation keeps every node
// bounds consistent with its children and parent; the tree being acyclic,
// that is bounds consistency on the whole sum. Every clause also carries the
// rule's negated conditions.
func (e *encoder) order(n *nary) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	e.onodes, e.oroots = e.onodes[:0], e.oroots[:0]
	size := 0
	from := int32(0)
	for _, to := range n.groups {
		r := e.orderTree(n, int(from), int(to), &size)
		if r < 0 {
			break
		}
		if to-from > 1 {
			e.onodes[r].clique = from + 1
		}
		e.oroots = append(e.oroots, r)
		from = to
	}
	root := int32(-1)
	if len(e.oroots) == len(n.groups) {
		root = e.orderJoin(0, len(e.oroots), &size)
	}
	if root < 0 {
		e.start() // a cell with no candidate: propagation reports it
		e.end()
		return
	}
	// Each inner node pairs every sum of one child with every sum of the
	// other: past maxOrderPairs in all (weights spread wide on both sides
	// of a node), the layered diagram, bounded by maxSumStates, is written
	// instead.
	pairs := int64(0)
	for _, nd := range e.onodes {
		if nd.left >= 0 {
			pairs += int64(e.onodes[nd.left].width) * int64(e.onodes[nd.right].width)
		}
	}
	if pairs > maxOrderPairs {
		e.layered(n, true)
		return
	}
	if cap(e.ord) < size {
		e.ord = make([]z.Lit, size)
	}
	ord := e.ord[:size]
	clear(ord)
	// Bottom up (children come before parents): the reachable sums.
	for q := range e.onodes {
		nd := &e.onodes[q]
		if nd.left < 0 {
			base := int(n.cells[nd.cell]) * vals
			for v := range vals {
				if val[base+v] != graph.Eliminated {
					ord[nd.off+int(n.w[int(nd.cell)*vals+v]-nd.lo)] = ordReachable
				}
			}
			continue
		}
		l, r := &e.onodes[nd.left], &e.onodes[nd.right]
		for a := range l.width {
			if ord[l.off+int(a)] == ordOut {
				continue
			}
			for b := range r.width {
				if ord[r.off+int(b)] != ordOut {
					ord[nd.off+int(a+b)] = ordReachable
				}
			}
		}
		if nd.clique > 0 {
			e.distinctSums(n, nd, ord[nd.off:nd.off+int(nd.width)])
		}
	}
	// Top down: the root keeps the allowed totals, a child the sums that
	// add up with a kept sum of its sibling to a kept sum of its parent.
	rt := &e.onodes[root]
	ok := false
	for _, t := range n.totals {
		if p := t - rt.lo; p >= 0 && p < rt.width && ord[rt.off+int(p)] != ordOut {
			ord[rt.off+int(p)] = ordKept
			ok = true
		}
	}
	if !ok {
		e.start() // no allowed total is reachable
		e.end()
		return
	}
	for q := root; q >= 0; q-- {
		nd := &e.onodes[q]
		if nd.left < 0 {
			continue
		}
		l, r := &e.onodes[nd.left], &e.onodes[nd.right]
		for s := range nd.width {
			if ord[nd.off+int(s)] != ordKept {
				continue
			}
			for a := range l.width {
				b := s - a - (l.lo + r.lo - nd.lo)
				if ord[l.off+int(a)] != ordOut && b >= 0 && b < r.width && ord[r.off+int(b)] != ordOut {
					ord[l.off+int(a)] = ordKept
					ord[r.off+int(b)] = ordKept
				}
			}
		}
	}
	// Candidates whose weight no kept sum of their leaf holds are out.
	for q := range e.onodes {
		nd := &e.onodes[q]
		if nd.left >= 0 {
			continue
		}
		base := model.Cand(int(n.cells[nd.cell]) * vals)
		for v := range vals {
			c := base + model.Cand(v)
			if val[c] != graph.Eliminated && ord[nd.off+int(n.w[int(nd.cell)*vals+v]-nd.lo)] != ordKept {
				e.start()
				e.cl = append(e.cl, lit(c).Not())
				e.end()
			}
		}
	}
	// Order variables, and each position's literal [S ≥ lo+p] rounded up
	// to the next kept sum; the chain clauses [S ≥ d'] → [S ≥ d].
	for q := range e.onodes {
		nd := &e.onodes[q]
		at := ord[nd.off : nd.off+int(nd.width)+1]
		first := slices.Index(at, ordKept)
		prev := ordTrue
		for p := first + 1; p < int(nd.width); p++ {
			if at[p] != ordKept {
				at[p] = ordOut // a variable's literal is never 0 (LitNull)
				continue
			}
			y := e.auxVar().Pos()
			at[p] = y
			if prev != ordTrue {
				e.ordClause(y.Not(), prev, ordFalse)
			}
			prev = y
		}
		next := ordFalse
		at[nd.width] = ordFalse
		for p := int(nd.width) - 1; p > first; p-- {
			if at[p] == ordOut {
				at[p] = next
			} else {
				next = at[p]
			}
		}
		for p := 0; p <= first; p++ {
			at[p] = ordTrue
		}
	}
	for q := range e.onodes {
		nd := &e.onodes[q]
		if nd.left < 0 {
			// x → [S ≥ w(x)] and x → ¬[S ≥ w(x)+1].
			base := model.Cand(int(n.cells[nd.cell]) * vals)
			for v := range vals {
				c := base + model.Cand(v)
				if val[c] == graph.Eliminated || !e.ordKept(nd, n.w[int(nd.cell)*vals+v]) {
					continue // out, or left out above
				}
				w := n.w[int(nd.cell)*vals+v]
				e.ordClause(lit(c).Not(), e.ordGe(nd, w), ordFalse)
				e.ordClause(lit(c).Not(), e.ordGe(nd, w+1).Not(), ordFalse)
			}
			continue
		}
		l, r := &e.onodes[nd.left], &e.onodes[nd.right]
		for a := l.lo; a < l.lo+l.width; a++ {
			if !e.ordKept(l, a) {
				continue
			}
			// Up: [A ≥ a] ∧ [B ≥ b] → [S ≥ a+b], b ascending.
			last := z.LitNull
			for b := r.lo; b < r.lo+r.width; b++ {
				if !e.ordKept(r, b) {
					continue
				}
				s := e.ordGe(nd, a+b)
				if s == last {
					continue
				}
				last = s
				e.ordClause(e.ordGe(l, a).Not(), e.ordGe(r, b).Not(), s)
			}
			// Down: ¬[A ≥ a+1] ∧ ¬[B ≥ b+1] → ¬[S ≥ a+b+1], b descending.
			last = z.LitNull
			for b := r.lo + r.width - 1; b >= r.lo; b-- {
				if !e.ordKept(r, b) {
					continue
				}
				s := e.ordGe(nd, a+b+1).Not()
				if s == last {
					continue
				}
				last = s
				e.ordClause(e.ordGe(l, a+1), e.ordGe(r, b+1), s)
			}
		}
	}
}

// orderTree appends the nodes of the balanced tree over cells [i, j) of n,
// children first, and returns the index of its root; -1 when a cell has no
// live candidate. It adds each node's width+1 to *size.
func (e *encoder) orderTree(n *nary, i, j int, size *int) int32 {
	if j-i == 1 {
		if n.perm != nil {
			i = int(n.perm[i])
		}
		lo, hi, ok := e.liveRange(n, i)
		if !ok {
			return -1
		}
		e.onodes = append(e.onodes, onode{left: -1, right: -1, cell: int32(i), cells: 1, lo: lo, width: hi - lo + 1, off: *size})
		*size += int(hi-lo) + 2
		return int32(len(e.onodes) - 1)
	}
	mid := (i + j) / 2
	l := e.orderTree(n, i, mid, size)
	if l < 0 {
		return -1
	}
	r := e.orderTree(n, mid, j, size)
	if r < 0 {
		return -1
	}
	return e.orderNode(l, r, size)
}

// orderJoin appends the nodes of the balanced tree over the group roots
// e.oroots[i:j] and returns the index of its root.
func (e *encoder) orderJoin(i, j int, size *int) int32 {
	if j-i == 1 {
		return e.oroots[i]
	}
	mid := (i + j) / 2
	l := e.orderJoin(i, mid, size)
	return e.orderNode(l, e.orderJoin(mid, j, size), size)
}

// orderNode appends the inner node over nodes l and r and returns its index.
func (e *encoder) orderNode(l, r int32, size *int) int32 {
	ln, rn := e.onodes[l], e.onodes[r]
	e.onodes = append(e.onodes, onode{left: l, right: r, cell: -1, cells: ln.cells + rn.cells,
		lo: ln.lo + rn.lo, width: ln.width + rn.width - 1, off: *size})
	*size += int(ln.width+rn.width-1) + 1
	return int32(len(e.onodes) - 1)
}

// distinctSums unmarks the partial sums of the root nd of a group of cells
// that take distinct values and weigh them alike (cliqueGroups) that no
// set of as many distinct values live in the group can give: its marks are
// at[p] for the sum nd.lo+p. Groups whose sums spread too wide are left as
// they are.
func (e *encoder) distinctSums(n *nary, nd *onode, at []z.Lit) {
	val := e.s.Vals()
	vals := e.sh.g.Values()
	from, k := int(nd.clique-1), int(nd.cells)
	row := n.w[int(n.perm[from])*vals : int(n.perm[from]+1)*vals]
	live := e.stamp(vals)
	clear(live)
	for _, i := range n.perm[from : from+k] {
		for v := range vals {
			if val[int(n.cells[i])*vals+v] != graph.Eliminated {
				live[v] = true
			}
		}
	}
	minw, maxw := slices.Min(row), slices.Max(row)
	w := k*int(maxw-minw) + 1
	if (k+1)*w > maxSumStates {
		return
	}
	// dp[j*w + s - j*minw]: j distinct live values can weigh s.
	if cap(e.dp) < (k+1)*w {
		e.dp = make([]bool, (k+1)*w)
	}
	dp := e.dp[:(k+1)*w]
	clear(dp)
	dp[0] = true
	taken := 0
	for v := range vals {
		if !live[v] {
			continue
		}
		taken++
		for j := min(taken, k) - 1; j >= 0; j-- {
			for s := range j*int(maxw-minw) + 1 {
				if dp[j*w+s] {
					dp[(j+1)*w+s+int(row[v]-minw)] = true
				}
			}
		}
	}
	for p := range at {
		s := int(nd.lo) + p - k*int(minw)
		if at[p] != ordOut && (s < 0 || s >= w || !dp[k*w+s]) {
			at[p] = ordOut
		}
	}
}

// ordKept reports whether s is a kept partial sum of nd, once e.ord holds
// literals: its literal differs from the next sum's.
func (e *encoder) ordKept(nd *onode, s int32) bool {
	p := s - nd.lo
	if p < 0 || p >= nd.width {
		return false
	}
	at := e.ord[nd.off:]
	return at[p] != at[p+1]
}

// ordGe returns the order literal [nd ≥ s]: ordTrue, ordFalse or a
// variable's.
func (e *encoder) ordGe(nd *onode, s int32) z.Lit {
	p := s - nd.lo
	if p <= 0 {
		return ordTrue
	}
	if p >= nd.width {
		return ordFalse
	}
	return e.ord[nd.off+int(p)]
}

// ordClause writes the clause of three literals, leaving out ordFalse and
// dropping the clause when one is ordTrue.
func (e *encoder) ordClause(a, b, c z.Lit) {
	e.start()
	for _, l := range [3]z.Lit{a, b, c} {
		switch l {
		case ordFalse:
		case ordTrue:
			return
		default:
			e.cl = append(e.cl, l)
		}
	}
	e.end()
}
