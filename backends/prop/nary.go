package prop

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// maxNary bounds the numbers (weights, tuple values) of a table's n-ary
// rules.
const maxNary = 1 << 28

// nary holds the Sum and Table rules of a rule set.
type nary struct {
	rules    []naryRule
	maxCells int // the most cells of one rule: the size of the scratch buffers
}

// A naryRule is a Sum or a Table, read for propagation. Values are counted
// from 0 (bit numbers) throughout.
type naryRule struct {
	kind     model.Kind
	when     []ref   // the rule holds when all these are chosen
	cells    []int32 // Payload.Cells
	w        []int32 // a Sum's weight of value v in cells[i]: w[i*64+v]
	totals   []int32 // a Sum's totals, ascending
	distinct bool
	tuples   []uint8 // a Table's tuples, values from 0, len(cells) each
}

// read reads the rules list (indices in m.Rules) of m.
func (n *nary) read(m *model.Model, list []int) error {
	V := m.Values()
	size := 0
	for _, k := range list {
		r := m.Rules()[k]
		p := r.Payload
		size += len(p.Cells)*64 + len(p.Tuples) + len(p.When)
		if size > maxNary {
			return fmt.Errorf("prop: model too large: n-ary rules of more than %d numbers", maxNary)
		}
		nr := naryRule{kind: r.Kind, cells: p.Cells, totals: p.Totals, distinct: p.Distinct}
		for _, c := range p.When {
			nr.when = append(nr.when, refOf(c, V))
		}
		switch r.Kind {
		case model.Sum:
			cw := m.CellWeights(r)
			nr.w = make([]int32, len(p.Cells)*64)
			for i := range p.Cells {
				copy(nr.w[i*64:], cw[i*V:(i+1)*V])
			}
		case model.Table:
			nr.tuples = make([]uint8, len(p.Tuples))
			for i, v := range p.Tuples {
				nr.tuples[i] = uint8(v - 1)
			}
		default:
			return fmt.Errorf("prop: rule kind %v not supported", r.Kind)
		}
		n.rules = append(n.rules, nr)
		n.maxCells = max(n.maxCells, len(p.Cells))
	}
	return nil
}

// active reports whether rule r must hold in the current state: 1 when
// every condition candidate is its cell's only value, 0 when one is ruled
// out (the rule holds vacuously), -1 when undecided.
func (w *work) active(r *naryRule) int {
	undecided := false
	for _, c := range r.when {
		m, b := w.mask[c>>6], uint64(1)<<uint(c&63)
		if m&b == 0 {
			return 0
		}
		if m != b {
			undecided = true
		}
	}
	if undecided {
		return -1
	}
	return 1
}

// naryPass propagates every active n-ary rule once. It returns false on a
// contradiction; w.changed says whether it removed a candidate.
func (w *work) naryPass() bool {
	rs := w.t.nary.rules
	for k := range rs {
		r := &rs[k]
		if w.active(r) != 1 {
			continue
		}
		var ok bool
		if r.kind == model.Sum {
			ok = w.sum(r)
		} else {
			ok = w.tableSupport(r)
		}
		if !ok {
			return false
		}
	}
	return true
}

// reach reports whether one of totals lies in lo..hi.
func reach(totals []int32, lo, hi int64) bool {
	if lo > hi {
		return false
	}
	if len(totals) == 1 {
		t := int64(totals[0])
		return lo <= t && t <= hi
	}
	if lo > int64(totals[len(totals)-1]) || hi < int64(totals[0]) {
		return false
	}
	i, _ := slices.BinarySearch(totals, int32(max(lo, int64(totals[0]))))
	return i < len(totals) && int64(totals[i]) <= hi
}

// sum propagates Sum rule r by bounds: a value of a cell goes when no total
// lies between the least and the most the rule can add up to with it; a
// distinct sum also removes a placed value from its other cells.
func (w *work) sum(r *naryRule) bool {
	if r.distinct {
		for i, cell := range r.cells {
			m := w.mask[cell]
			if m&(m-1) != 0 {
				continue
			}
			for j, other := range r.cells {
				if j != i && !w.restrict(other, ^m) {
					return false
				}
			}
		}
	}
	lo, hi := w.lo[:len(r.cells)], w.hi[:len(r.cells)]
	var L, H int64
	for i, cell := range r.cells {
		m := w.mask[cell]
		row := r.w[i*64 : i*64+64]
		l, h := int64(1)<<62, int64(-1)<<62
		for ; m != 0; m &= m - 1 {
			x := int64(row[bits.TrailingZeros64(m)])
			l, h = min(l, x), max(h, x)
		}
		lo[i], hi[i] = l, h
		L += l
		H += h
	}
	if !reach(r.totals, L, H) {
		return false
	}
	for i, cell := range r.cells {
		if lo[i] == hi[i] {
			continue
		}
		m := w.mask[cell]
		row := r.w[i*64 : i*64+64]
		keep := m
		for x := m; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x)
			wt := int64(row[v])
			if !reach(r.totals, L-lo[i]+wt, H-hi[i]+wt) {
				keep &^= 1 << uint(v)
			}
		}
		if keep != m && !w.restrict(cell, keep) {
			return false
		}
	}
	return true
}

// tableSupport propagates Table rule r: a value of a cell goes when no
// tuple whose values are all still possible holds it.
func (w *work) tableSupport(r *naryRule) bool {
	n := len(r.cells)
	sup := w.sup[:n]
	clear(sup)
	masks := w.tmask[:n]
	for i, cell := range r.cells {
		masks[i] = w.mask[cell]
	}
next:
	for t := 0; t < len(r.tuples); t += n {
		tu := r.tuples[t : t+n]
		for i, v := range tu {
			if masks[i]&(1<<v) == 0 {
				continue next
			}
		}
		for i, v := range tu {
			sup[i] |= 1 << v
		}
	}
	for i, cell := range r.cells {
		if !w.restrict(cell, sup[i]) {
			return false
		}
	}
	return true
}
