package backtrack

import (
	"fmt"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// maxNary bounds the weights and tuple values of a table's n-ary rules,
// like maxPeers its exclusions.
const maxNary = 1 << 28

// naryRules holds a table's Sum and Table rules, flat. Rule r's cells (its
// scope, then the cells of its conditions not in its scope) are
// cells[cellOff[r]:cellOff[r+1]]; a cell's rules are the entries
// of[ofOff[cell]:ofOff[cell+1]], each a rule and the cell's position in the
// rule's scope (-1 for a condition's cell only).
type naryRules struct {
	kind     []model.Kind
	distinct []bool
	when     [][]model.Cand
	totals   [][]int32
	cells    [][]int32 // the scope: Payload.Cells
	tuples   [][]int32
	w        [][]int32 // a Sum's weights per scope cell and value (Model.CellWeights)
	lo, hi   [][]int32 // a Sum's smallest and largest weight per scope cell
	watch    []int32   // scope then condition cells, per rule
	watchOff []int32
	of       []naryRef
	ofOff    []int32
}

// A naryRef is a cell's entry in naryRules.of.
type naryRef struct {
	rule, pos int32
}

// newNary reads the rules k of m (the graph's Nary list).
func newNary(m *model.Model, list []int) (*naryRules, error) {
	vals := m.Values()
	n := &naryRules{watchOff: []int32{0}, ofOff: make([]int32, m.Cells()+1)}
	size := 0
	for _, k := range list {
		r := m.Rules()[k]
		p := r.Payload
		size += len(r.Cands) + len(p.Tuples) + len(p.When)
		if size > maxNary {
			return nil, fmt.Errorf("backtrack: model too large: n-ary rules of more than %d numbers", maxNary)
		}
		n.kind = append(n.kind, r.Kind)
		n.distinct = append(n.distinct, p.Distinct)
		n.when = append(n.when, p.When)
		n.totals = append(n.totals, p.Totals)
		n.cells = append(n.cells, p.Cells)
		n.tuples = append(n.tuples, p.Tuples)
		var w, lo, hi []int32
		if r.Kind == model.Sum {
			w = m.CellWeights(r)
			for i := range p.Cells {
				row := w[i*vals : (i+1)*vals]
				lo = append(lo, slices.Min(row))
				hi = append(hi, slices.Max(row))
			}
		}
		n.w, n.lo, n.hi = append(n.w, w), append(n.lo, lo), append(n.hi, hi)
		first := len(n.watch)
		n.watch = append(n.watch, p.Cells...)
		for _, c := range p.When {
			if cell := int32(m.CellOf(c)); !slices.Contains(n.watch[first:], cell) {
				n.watch = append(n.watch, cell)
			}
		}
		n.watchOff = append(n.watchOff, int32(len(n.watch)))
	}
	for r := range n.kind {
		for _, cell := range n.watch[n.watchOff[r]:n.watchOff[r+1]] {
			n.ofOff[cell+1]++
		}
	}
	for cell := range m.Cells() {
		n.ofOff[cell+1] += n.ofOff[cell]
	}
	n.of = make([]naryRef, n.ofOff[m.Cells()])
	next := slices.Clone(n.ofOff)
	for r := range n.kind {
		for i, cell := range n.watch[n.watchOff[r]:n.watchOff[r+1]] {
			pos := int32(i)
			if i >= len(n.cells[r]) {
				pos = -1
			}
			n.of[next[cell]] = naryRef{rule: int32(r), pos: pos}
			next[cell]++
		}
	}
	return n, nil
}

// naryWork is the per-search state of the n-ary rules.
type naryWork struct {
	last        []int32 // per rule: the last empty cell of its watch list in search order, -1 if none
	part        []int64 // per Sum: the weights of its placed cells
	left, right []int64 // per Sum: the least and the most its empty cells can add
}

// newWork returns the per-search state for n's rules.
func (n *naryRules) newWork() naryWork {
	k := len(n.kind)
	return naryWork{last: make([]int32, k), part: make([]int64, k), left: make([]int64, k), right: make([]int64, k)}
}

// start prepares w for a search whose placed cells are those of chosen
// (the givens): the sums' partial totals and bounds, and each rule's last
// empty cell. The cells are filled in index order. It reports false when a
// rule with no empty cell fails, or a sum's bounds cannot meet a total.
func (n *naryRules) start(w *naryWork, chosen []int32, values int32) bool {
	for r := range n.kind {
		w.last[r] = -1
		for _, cell := range n.watch[n.watchOff[r]:n.watchOff[r+1]] {
			if chosen[cell] < 0 {
				w.last[r] = max(w.last[r], cell)
			}
		}
		if n.kind[r] == model.Sum {
			w.part[r], w.left[r], w.right[r] = 0, 0, 0
			for i, cell := range n.cells[r] {
				if c := chosen[cell]; c >= 0 {
					w.part[r] += int64(n.w[r][int32(i)*values+c-cell*values])
				} else {
					w.left[r] += int64(n.lo[r][i])
					w.right[r] += int64(n.hi[r][i])
				}
			}
		}
		if w.last[r] < 0 && !n.holds(r, chosen, values) || !n.bounded(w, r) {
			return false
		}
	}
	return true
}

// enter records candidate c placed in cell and reports whether every n-ary
// rule of the cell can still hold: a sum's bounds still meet a total, a
// distinct sum does not repeat c's value, and a rule whose last empty cell
// this was holds. Whatever it reports, leave undoes it.
func (n *naryRules) enter(w *naryWork, cell, c int32, chosen []int32, values int32) bool {
	ok := true
	for _, e := range n.of[n.ofOff[cell]:n.ofOff[cell+1]] {
		r := e.rule
		if n.kind[r] == model.Sum && e.pos >= 0 {
			w.part[r] += int64(n.w[r][e.pos*values+c-cell*values])
			w.left[r] -= int64(n.lo[r][e.pos])
			w.right[r] -= int64(n.hi[r][e.pos])
			if !ok {
				continue
			}
			if !n.bounded(w, int(r)) {
				ok = false
				continue
			}
			if n.distinct[r] && len(n.when[r]) == 0 {
				for _, other := range n.cells[r] {
					if o := chosen[other]; other != cell && o >= 0 && o-other*values == c-cell*values {
						ok = false
						break
					}
				}
			}
		}
		if ok && w.last[r] == cell && !n.holds(int(r), chosen, values) {
			ok = false
		}
	}
	return ok
}

// leave undoes enter(cell, c).
func (n *naryRules) leave(w *naryWork, cell, c int32, values int32) {
	for _, e := range n.of[n.ofOff[cell]:n.ofOff[cell+1]] {
		r := e.rule
		if n.kind[r] == model.Sum && e.pos >= 0 {
			w.part[r] -= int64(n.w[r][e.pos*values+c-cell*values])
			w.left[r] += int64(n.lo[r][e.pos])
			w.right[r] += int64(n.hi[r][e.pos])
		}
	}
}

// bounded reports whether sum r can still reach a total: one lies between
// its partial total plus the least and plus the most its empty cells can
// add. Conditional sums are judged at their last cell only.
func (n *naryRules) bounded(w *naryWork, k int) bool {
	if n.kind[k] != model.Sum || len(n.when[k]) > 0 {
		return true
	}
	lo, hi := w.part[k]+w.left[k], w.part[k]+w.right[k]
	ts := n.totals[k]
	i, _ := slices.BinarySearch(ts, int32(max(min(lo, 1<<31-1), -1<<31)))
	return i < len(ts) && int64(ts[i]) <= hi
}

// holds reports whether rule r holds for the cells of chosen, all of which
// are placed: its conditions are not all chosen, or its sum adds up to a
// total with distinct values where asked, or its cells' values form a
// tuple.
func (n *naryRules) holds(r int, chosen []int32, values int32) bool {
	for _, c := range n.when[r] {
		if chosen[int32(c)/values] != int32(c) {
			return true
		}
	}
	cells := n.cells[r]
	if n.kind[r] == model.Table {
		k := len(cells)
		tuples := n.tuples[r]
	next:
		for t := 0; t < len(tuples); t += k {
			for j, cell := range cells {
				if chosen[cell]-cell*values+1 != tuples[t+j] {
					continue next
				}
			}
			return true
		}
		return false
	}
	total := int64(0)
	for i, cell := range cells {
		total += int64(n.w[r][int32(i)*values+chosen[cell]-cell*values])
	}
	if _, ok := slices.BinarySearch(n.totals[r], int32(total)); !ok || int64(int32(total)) != total {
		return false
	}
	if n.distinct[r] {
		for a, ca := range cells {
			for _, cb := range cells[a+1:] {
				if chosen[ca]-ca*values == chosen[cb]-cb*values {
					return false
				}
			}
		}
	}
	return true
}
