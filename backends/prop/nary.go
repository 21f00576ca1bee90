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

// maxCombos bounds the value sets a distinct sum keeps (see
// naryRule.combos); a sum with more is propagated by reachable totals.
const maxCombos = 4096

// maxComboValues bounds the values per cell for which distinct sums list
// their value sets (16x16 grids: at most 12,870 sets of 8 values).
const maxComboValues = 16

// reachWords is the size, in 64-bit words, of the bitsets of partial sums
// with which a sum is propagated by reachable totals: a sum whose cells
// add up to a range of at most reachWords*64 totals.
const reachWords = 4

// A sums is a bitset of partial sums, bit s for the sum lowest+s.
type sums [reachWords]uint64

// nary holds the Sum and Table rules of a rule set.
type nary struct {
	rules []naryRule
	// full holds, per rule whose value sets a word can mark
	// (naryRule.slot), every set: the alive sets of a search's start.
	full     []uint64
	maxCells int // the most cells of one rule: the size of the scratch buffers
	// The rules of each cell, for incremental propagation: the rules
	// naming the cell or a cell of its conditions,
	// cellRule[cellOff[cell]:cellOff[cell+1]].
	cellOff  []int32
	cellRule []int32
	// The same the other way round, for the conflict weights: the cells
	// of rule k, ruleCell[ruleOff[k]:ruleOff[k+1]].
	ruleOff  []int32
	ruleCell []int32
	// cellBits, when the rules fit maxCellWords words, holds the same as
	// bitsets: the rules of cell c are cellBits[c*words:(c+1)*words],
	// which a changed cell ORs into the rules to propagate at once.
	cellBits []uint64
	words    int
}

// A naryRule is a Sum or a Table, read for propagation. Values are counted
// from 0 (bit numbers) throughout.
type naryRule struct {
	id       int // the rule's index, for its slots in the memo
	kind     model.Kind
	when     []ref   // the rule holds when all these are chosen
	cells    []int32 // Payload.Cells
	w        []int32 // a Sum's weight of value v in cells[i]: w[i*64+v]
	totals   []int32 // a Sum's totals, ascending
	distinct bool
	tuples   []uint8 // a Table's tuples, values from 0, len(cells) each
	// peered marks a distinct Sum whose cells the table made peers (see
	// distinctPeers): placing a value clears it from the other cells.
	peered bool
	// combos, for a distinct Sum whose cells share one weight per value
	// (a killer cage), holds every set of len(cells) values whose weights
	// add up to a total, as a mask: the cells' values are one of these
	// sets. nil when there are too many (see maxCombos).
	combos []uint64
	// slot, for a rule of at most 64 value sets, indexes its word of the
	// sets still possible (work.alive); -1 for any other rule.
	slot int32
	// houses, for a rule with combos, lists the houses holding two of its
	// cells or more: which of its cells each holds, as bits of cell
	// indices, and the house's other cells (see requiredValue).
	houses []cageHouse
	// order, for a Sum, says per cell how its weights follow its values:
	// 1 ascending, -1 descending (then the least and the most weight are
	// those of the lowest and the highest value left), 0 neither.
	order []int8
	// implied marks a rule the others imply (model.Payload.Implied).
	implied bool
	// groups, for a Sum that does not ask for distinct values and is not
	// implied, lists groups of two of its cells or more (indices into
	// cells) that share a house, and so take distinct values, and weigh
	// values alike in a strict order (see groupBounds); nil when there is
	// none.
	groups [][]int32
	// again marks a rule that runs again after its own removals: a sum
	// whose weights span reachWords*64 totals or more, read by bounds, or
	// by value sets with weights that are bits (a renban line's runs),
	// where a second pass finds more often (iss-175: 125,865 nodes with
	// it, 145,377 without). Any other rule's pass is not marked to run
	// again for what it removed itself (see naryPass): reachable totals
	// and a table's support leave nothing to remove, and a second reading
	// of a killer cage's value sets rarely finds more. A sum with groups,
	// whose group bounds may move as its cells lose values, runs again in
	// Propagate only (work.groupsAgain): in a search the second pass costs
	// more than it finds (see doc.go).
	again bool
	// gsums, beside groups when values are few (see maxTableValues),
	// holds per group the sums of the least and the greatest weights of
	// every value mask (see extremes); shared by groups of equal weights.
	gsums []*extremes
	// differ, for a Sum that does not ask for distinct values, is not
	// implied and has at most 64 cells, two of which see each other, holds
	// per cell the cells (bits of indices) that must take another value
	// than it, whatever the value: those that see it (a house, a cage, an
	// anti-king move); see lastFew.
	differ []uint64
	// unit, for a Sum, says per cell whether it weighs value v (from 0)
	// v+1 (1), -(v+1) (-1) or otherwise (0), so that lastFew finds the
	// value of a given weight at once.
	unit []int8
	// plain marks a Sum every cell of which has a unit (see gapless).
	plain bool
	// lanes, for a rule of at most maxLanes cells, holds its cells padded
	// to maxLanes by repeating the first: a word of their masks in lanes
	// is read without a loop, and the lanes past the rule's are left out.
	lanes [maxLanes]int32
	// plus and minus, for a plain Sum of one total and at most maxLanes
	// cells, with no groups and no differ, on a table of at most
	// laneValues values, hold the low bit of the lane of each cell that
	// weighs its value (plus) or minus it: quickBounds then reads the
	// rule's bounds from its cells' masks in lanes. Both 0 otherwise.
	plus, minus uint64
}

// maxTableValues bounds the values per cell for which a sum's groups look
// their bounds up in tables of every value mask (1024 masks).
const maxTableValues = 10

// extremes holds, for one row of weights over V values, lm[mask*(V+1)+k]:
// the sums of the k least and of the k greatest weights of the values of
// mask, for k up to the values in mask (side by side, so that a look-up
// reads one cache line: on iss-299, 31% fewer first-level data cache
// misses than two tables).
type extremes struct {
	lm [][2]int32
}

// newExtremes tabulates the extremes of row over V values.
func newExtremes(row []int32, ord int8, V int) *extremes {
	n := 1 << uint(V)
	e := &extremes{lm: make([][2]int32, n*(V+1))}
	for mask := range n {
		c := bits.OnesCount(uint(mask))
		for k := 0; k <= c; k++ {
			l, _ := extreme(row, ord, uint64(mask), k, true)
			h, _ := extreme(row, ord, uint64(mask), k, false)
			e.lm[mask*(V+1)+k] = [2]int32{int32(l), int32(h)}
		}
	}
	return e
}

// A cageHouse is a house holding cells of a killer cage: in has bit i when
// the house holds the cage's cell i; out lists the house's other cells.
type cageHouse struct {
	in   uint64
	out  []int32
	vals uint64 // the values the house holds once each
	// out7 is out padded to shortOut cells by repeating its first, when
	// it has 1 to shortOut cells (short): houseNeed then reads it
	// without a loop (a cell read twice ORs in nothing new).
	short bool
	out7  [shortOut]int32
}

// shortOut is the most cells of a cage's house outside it that houseNeed
// reads without a loop: those of a 9-cell house with two cells in the cage.
const shortOut = 7

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
		nr := naryRule{kind: r.Kind, cells: p.Cells, totals: p.Totals, distinct: p.Distinct, implied: p.Implied, slot: -1,
			peered: distinctPeers(r), id: len(n.rules)}
		for _, c := range p.When {
			nr.when = append(nr.when, refOf(c, V))
		}
		switch r.Kind {
		case model.Sum:
			cw := m.CellWeights(r)
			nr.w = make([]int32, len(p.Cells)*64)
			nr.order = make([]int8, len(p.Cells))
			for i := range p.Cells {
				row := cw[i*V : (i+1)*V]
				copy(nr.w[i*64:], row)
				nr.order[i] = weightOrder(row)
				nr.unit = append(nr.unit, unitWeights(row))
			}
			nr.again = widespread(nr.w, len(p.Cells), V)
			nr.plain = !slices.Contains(nr.unit, 0)
		case model.Table:
			nr.tuples = make([]uint8, len(p.Tuples))
			for i, v := range p.Tuples {
				nr.tuples[i] = uint8(v - 1)
			}
		default:
			return fmt.Errorf("prop: rule kind %v not supported", r.Kind)
		}
		if r.Kind == model.Sum && nr.distinct && V <= maxComboValues && len(p.Cells) <= V && sameWeights(nr.w, len(p.Cells)) {
			nr.combos = combos(nr.w[:V], len(p.Cells), nr.totals)
			if len(nr.combos) <= 64 {
				nr.slot = int32(len(n.full))
				n.full = append(n.full, ^uint64(0)>>(64-len(nr.combos)))
			}
		}
		n.rules = append(n.rules, nr)
		n.maxCells = max(n.maxCells, len(p.Cells))
	}
	n.readCells(m.Cells())
	return nil
}

// refutes reports whether a search of these rules branches two ways on a
// cell of four values or more (table.refute): when some sum does not ask
// for distinct values but has cells that must differ (groups: a little
// killer, an arrow's shaft) and no sum of the puzzle's own asks for
// distinct values (a killer cage). There the conflict weights move as
// the search fails, and choosing the cell anew after a value fails
// follows them: the little killer snipe iss-299 took 11.2 million nodes
// rather than 76.7 million (see doc.go, Search). Killers
// keep branching on every value of a cell: two ways took 12 of ISS's 14
// Mathemagic killers 6-35% more nodes (see BENCHMARKS.md, thirteenth
// round).
func (n *nary) refutes() bool {
	groups := false
	for i := range n.rules {
		r := &n.rules[i]
		if r.kind == model.Sum && r.distinct && !r.implied {
			return false
		}
		groups = groups || len(r.groups) > 0
	}
	return groups
}

// readHouses lists, for each rule with combos of at most 64 cells, the
// houses of t that hold two of its cells or more; and, for each Sum
// without distinct values, its groups of cells in one house.
func (n *nary) readHouses(t *table) {
	tables := map[string]*extremes{}
	for k := range n.rules {
		r := &n.rules[k]
		if r.kind == model.Sum && !r.distinct && !r.implied {
			r.groups = sumGroups(t, r)
			if len(r.cells) <= 64 {
				r.differ = sumDiffer(t, r)
			}
			if r.groups != nil && t.values <= maxTableValues {
				for _, g := range r.groups {
					row := r.w[int(g[0])*64 : int(g[0])*64+t.values]
					key := fmt.Sprint(row)
					e := tables[key]
					if e == nil {
						e = newExtremes(row, r.order[g[0]], t.values)
						tables[key] = e
					}
					r.gsums = append(r.gsums, e)
				}
			}
		}
		if len(r.cells) >= 1 && len(r.cells) <= maxLanes {
			for i := range r.lanes {
				r.lanes[i] = r.cells[0]
			}
			copy(r.lanes[:], r.cells)
		}
		if r.kind == model.Sum && r.plain && r.combos == nil && r.groups == nil && r.differ == nil &&
			len(r.totals) == 1 && len(r.cells) <= maxLanes && t.values <= laneValues {
			for i, u := range r.unit {
				if u > 0 {
					r.plus |= 1 << uint(i*laneBits)
				} else {
					r.minus |= 1 << uint(i*laneBits)
				}
			}
		}
		if r.combos == nil || len(r.cells) > 64 {
			continue
		}
		for h := range t.vals {
			var in uint64
			var out []int32
			for _, cell := range t.houseCells(h) {
				if i := slices.Index(r.cells, cell); i >= 0 {
					in |= 1 << uint(i)
				} else {
					out = append(out, cell)
				}
			}
			if bits.OnesCount64(in) >= 2 {
				ch := cageHouse{in: in, out: out, vals: t.vals[h]}
				if len(out) >= 1 && len(out) <= shortOut {
					ch.short = true
					for i := range ch.out7 {
						ch.out7[i] = out[0]
					}
					copy(ch.out7[:], out)
				}
				r.houses = append(r.houses, ch)
			}
		}
	}
}

// readCells lists the rules of every cell: those that name it, in their
// cells or their conditions.
func (n *nary) readCells(cells int) {
	lists := make([][]int32, cells)
	add := func(cell int, k int32) {
		if l := lists[cell]; len(l) == 0 || l[len(l)-1] != k {
			lists[cell] = append(l, k)
		}
	}
	for k := range n.rules {
		r := &n.rules[k]
		for _, c := range r.when {
			add(int(c>>6), int32(k))
		}
		for _, cell := range r.cells {
			add(int(cell), int32(k))
		}
	}
	byRule := make([][]int32, len(n.rules))
	for cell, l := range lists {
		for _, k := range l {
			byRule[k] = append(byRule[k], int32(cell))
		}
	}
	n.ruleOff = make([]int32, len(n.rules)+1)
	for k, l := range byRule {
		n.ruleCell = append(n.ruleCell, l...)
		n.ruleOff[k+1] = int32(len(n.ruleCell))
	}
	n.cellOff = make([]int32, cells+1)
	for cell, l := range lists {
		n.cellRule = append(n.cellRule, l...)
		n.cellOff[cell+1] = int32(len(n.cellRule))
	}
	if words := (len(n.rules) + 63) / 64; words <= maxCellWords {
		n.words = words
		n.cellBits = make([]uint64, cells*words)
		for cell, l := range lists {
			for _, k := range l {
				n.cellBits[cell*words+int(k>>6)] |= 1 << uint(k&63)
			}
		}
	}
}

// maxCellWords bounds the words of n-ary rules for which each cell keeps
// its rules as a bitset (nary.cellBits).
const maxCellWords = 4

// sumDiffer returns rule r's differ: per cell, the cells holding a peer of
// each of its values (table.seers), or, on a table too large to list who
// sees whom, sharing a house with it; nil when no two cells see each
// other.
func sumDiffer(t *table, r *naryRule) []uint64 {
	out := make([]uint64, len(r.cells))
	nh := int32(len(t.vals))
	sees := func(a, b int32) bool {
		if t.seers == nil { // a house of a's is one of b's (houses come first)
			hb := t.cellRule[t.cellRuleOff[b]:t.cellRuleOff[b+1]]
			return slices.ContainsFunc(t.cellRule[t.cellRuleOff[a]:t.cellRuleOff[a+1]], func(h int32) bool {
				return h < nh && slices.Contains(hb, h)
			})
		}
		W := t.seerWords
		for v := range t.values {
			if t.seers[(int(a)*t.values+v)*W+int(b>>6)]&(1<<uint(b&63)) == 0 {
				return false
			}
		}
		return true
	}
	found := false
	for i, a := range r.cells {
		for j, b := range r.cells {
			if i != j && sees(a, b) {
				out[i] |= 1 << uint(j)
				found = true
			}
		}
	}
	if !found {
		return nil
	}
	return out
}

// sumGroups splits the cells of Sum r into groups that share a house and
// weigh values alike in a strict order, greedily (the house holding the
// most cells not grouped yet first), and returns those of two cells or
// more.
func sumGroups(t *table, r *naryRule) [][]int32 {
	// The rule's cells in each house, as indices into r.cells.
	inHouse := make([][]int32, len(t.vals))
	nh := int32(len(t.vals))
	for i, cell := range r.cells {
		for _, h := range t.cellRule[t.cellRuleOff[cell]:t.cellRuleOff[cell+1]] {
			if h < nh {
				inHouse[h] = append(inHouse[h], int32(i))
			}
		}
	}
	grouped := make([]bool, len(r.cells))
	var out [][]int32
	for {
		var best []int32
		for _, idx := range inHouse {
			for a, i := range idx {
				if grouped[i] || r.order[i] == 0 {
					continue
				}
				// The cells of the house like cell i: same weights, not
				// grouped.
				g := []int32{i}
				for _, j := range idx[a+1:] {
					if !grouped[j] && slices.Equal(r.w[i*64:i*64+64], r.w[j*64:j*64+64]) {
						g = append(g, j)
					}
				}
				if len(g) > len(best) {
					best = g
				}
			}
		}
		if len(best) < 2 {
			return out
		}
		for _, i := range best {
			grouped[i] = true
		}
		out = append(out, best)
	}
}

// widespread reports whether the n cells of a sum of weights w (64 per
// cell, V values) span reachWords*64 totals or more: such a sum is read
// by bounds (or, with weights that are bits, by value sets), and reads
// again what its own removals moved (see naryRule.again).
func widespread(w []int32, n, V int) bool {
	var span int64 // the totals the cells can span at most
	for i := range n {
		row := w[i*64 : i*64+V]
		span += int64(slices.Max(row)) - int64(slices.Min(row))
	}
	return span >= reachWords*64
}

// unitWeights returns 1 when weights ws are 1, 2, 3, ..., -1 when they
// are -1, -2, -3, ..., 0 otherwise.
func unitWeights(ws []int32) int8 {
	up, down := true, true
	for v, x := range ws {
		up = up && x == int32(v+1)
		down = down && x == -int32(v+1)
	}
	return sign(up, down)
}

// weightOrder returns 1 when the weights ws strictly ascend, -1 when they
// strictly descend, 0 otherwise.
func weightOrder(ws []int32) int8 {
	up, down := true, true
	for i := 1; i < len(ws); i++ {
		up = up && ws[i] > ws[i-1]
		down = down && ws[i] < ws[i-1]
	}
	return sign(up, down)
}

// sign returns 1 for up, else -1 for down, else 0.
func sign(up, down bool) int8 {
	switch {
	case up:
		return 1
	case down:
		return -1
	}
	return 0
}

// sameWeights reports whether the k cells of a sum's weights w (64 per
// cell) give each value the same weight.
func sameWeights(w []int32, k int) bool {
	for i := 1; i < k; i++ {
		if !slices.Equal(w[:64], w[i*64:i*64+64]) {
			return false
		}
	}
	return true
}

// combos returns the sets of k of the values 0..len(wt)-1 whose weights wt
// add up to one of totals, as masks, or nil when there are more than
// maxCombos (a sum no set satisfies gets an empty, non-nil list).
func combos(wt []int32, k int, totals []int32) []uint64 {
	V := len(wt)
	out := []uint64{}
	if k == 0 || k > V {
		return out
	}
	// Every k-subset of V bits in increasing order (Gosper's hack).
	for set := uint64(1)<<uint(k) - 1; set < uint64(1)<<uint(V); {
		var total int64
		for x := set; x != 0; x &= x - 1 {
			total += int64(wt[bits.TrailingZeros64(x)])
		}
		if reach(totals, total, total) {
			if len(out) == maxCombos {
				return nil
			}
			out = append(out, set)
		}
		c := set & -set
		r := set + c
		set = ((r^set)>>2)/c | r
	}
	return out
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

// naryPass propagates once every active n-ary rule with a cell changed
// since its last pass. It returns false on a contradiction; w.changed says
// whether it removed a candidate.
func (w *work) naryPass() bool {
	rs := w.t.nary.rules
	for i := 0; i < len(w.naryDirty); i++ {
		if w.naryDirty[i] == 0 {
			continue
		}
		k := i<<6 + bits.TrailingZeros64(w.naryDirty[i])
		w.naryDirty[i] &= w.naryDirty[i] - 1
		i-- // the same word again: a restriction may mark it anew
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
			w.fail(k)
			return false
		}
		w.passes++
		if bit := uint64(1) << uint(k&63); w.naryDirty[k>>6]&bit != 0 && !r.again && !w.rerun && !(w.groupsAgain && r.groups != nil) && w.open(r) {
			// What the rule removed is no news to it. A rule whose
			// cells are all placed runs once more: that pass checks
			// the values it placed.
			w.naryDirty[k>>6] &^= bit
		}
	}
	return true
}

// open reports whether a cell of rule r has two values or more.
func (w *work) open(r *naryRule) bool {
	for _, cell := range r.cells {
		if m := w.mask[cell]; m&(m-1) != 0 {
			return true
		}
	}
	return false
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

// sum propagates Sum rule r: a distinct sum whose cells are not peers
// removes a placed value from its other cells; then a sum that lists its
// value sets is propagated by them (see combo), and any other by the
// totals its cells can still reach (see reachable), or by bounds (see
// bounds): on a sum of plain values when they are exact (see gapless),
// and on any sum whose totals span reachWords*64 or more.
func (w *work) sum(r *naryRule) bool {
	if r.distinct && !r.peered {
		for i, cell := range r.cells {
			m := w.mask[cell]
			if m&(m-1) != 0 {
				continue
			}
			for j, other := range r.cells {
				if j != i && w.mask[other]&m != 0 && !w.restrict(other, ^m) {
					return false
				}
			}
		}
	}
	if r.combos != nil {
		return w.combo(r)
	}
	if w.lanes && r.plus|r.minus != 0 {
		// Most calls end here: a total at least the widest spread of
		// a cell's values (laneValues-1) inside the bounds leaves every
		// value (see below).
		L, H := w.quickBounds(r)
		if t := int64(r.totals[0]); t < L || t > H {
			return false
		} else if t-L >= laneValues-1 && H-t >= laneValues-1 {
			return true
		}
	}
	lo, hi := w.lo[:len(r.cells)], w.hi[:len(r.cells)]
	var L, H, spread int64 // spread: the widest range of a cell's weights
	open := 0
	for i, cell := range r.cells {
		m := w.mask[cell]
		if m == 0 {
			return false
		}
		if m&(m-1) != 0 {
			open++
		}
		var l, h int64
		if u := r.unit[i]; u != 0 { // plain values, or their opposites: no row
			l, h = unitBounds(m, u)
			lo[i], hi[i] = l, h
			L += l
			H += h
			spread = max(spread, h-l)
			continue
		}
		row := r.w[i*64 : i*64+64]
		switch r.order[i] {
		case 1:
			l, h = int64(row[bits.TrailingZeros64(m)&63]), int64(row[(63-bits.LeadingZeros64(m))&63])
		case -1:
			h, l = int64(row[bits.TrailingZeros64(m)&63]), int64(row[(63-bits.LeadingZeros64(m))&63])
		default:
			l, h = int64(1)<<62, int64(-1)<<62
			for ; m != 0; m &= m - 1 {
				x := int64(row[bits.TrailingZeros64(m)&63])
				l, h = min(l, x), max(h, x)
			}
		}
		lo[i], hi[i] = l, h
		L += l
		H += h
		spread = max(spread, h-l)
	}
	if !reach(r.totals, L, H) {
		return false
	}
	gl, gh := L, H // the bounds, with the groups' distinct values
	if r.groups != nil {
		var ok bool
		if gl, gh, ok = w.groupBounds(r, L, H); !ok {
			return false
		}
	}
	if r.differ != nil && open >= 2 && open <= lastOpen && len(r.totals) == 1 && !w.lastFew(r) {
		return false
	}
	if len(r.totals) == 1 {
		// With one total that every cell's values fit between, bounds
		// remove nothing: only a gap in the sums a cell can make could,
		// which a leaf still catches. Most of a search's calls end here.
		t := int64(r.totals[0])
		if t-gl >= spread && gh-t >= spread {
			return true
		}
	}
	if r.plain {
		// Little killers, arrows: on long sums their bounds are nearly
		// always exact, at a fraction of the reachable totals' cost.
		var exact bool
		if L, H, exact = w.gapless(r); exact {
			return w.bounds(r, L, H)
		}
	}
	if H-L < 64 {
		return w.reachable1(r, L, H)
	}
	if H-L < reachWords*64 {
		return w.reachable(r, L, H)
	}
	return w.bounds(r, L, H)
}

// bounds propagates Sum r by the bounds L..H of its cells (lo, hi): a
// value of a cell goes when no total lies between the least and the most
// the rule can add up to with it.
func (w *work) bounds(r *naryRule, L, H int64) bool {
	lo, hi := w.lo, w.hi
	if len(r.totals) == 1 {
		// A weight stays when it lies in least..most.
		t := int64(r.totals[0])
		for i, cell := range r.cells {
			least, most := t-H+hi[i], t-L+lo[i]
			if lo[i] >= least && hi[i] <= most {
				continue
			}
			m := w.mask[cell]
			row := r.w[i*64 : i*64+64]
			keep := m
			for x := m; x != 0; x &= x - 1 {
				v := bits.TrailingZeros64(x) & 63
				if wt := int64(row[v]); wt < least || wt > most {
					keep &^= 1 << uint(v)
				}
			}
			if keep != m && !w.restrict(cell, keep) {
				return false
			}
		}
		return true
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
			wt := int64(row[v&63])
			if !reach(r.totals, L-lo[i]+wt, H-hi[i]+wt) {
				keep &^= 1 << uint(v&63)
			}
		}
		if keep != m && !w.restrict(cell, keep) {
			return false
		}
	}
	return true
}

// gapless reads the bounds of plain Sum r (lo, hi, and their sums L and
// H) from its cells' masks as they are now, and reports whether the sums
// that all its cells but any one can make are every number between their
// least and most. Bounds are then exact, as the reachable totals would
// be: a value stays when some total lies between the least and the most
// the rule can make with it. A cell's values with gaps of at most g
// between them, added to a run of sums of length g or more, give a run;
// so it is enough that the largest gap of a cell fits the runs that the
// cells without gaps make without the widest of them.
//
//go:noinline
func (w *work) gapless(r *naryRule) (L, H int64, exact bool) {
	lo, hi := w.lo[:len(r.cells)], w.hi[:len(r.cells)]
	var runs, widest, gap int64
	for i, cell := range r.cells {
		m := w.mask[cell]
		lo[i], hi[i] = unitBounds(m, r.unit[i])
		L += lo[i]
		H += hi[i]
		s := hi[i] - lo[i]
		if s == 0 {
			continue
		}
		// The missing values inside the cell's range; each step of
		// the loop shortens every run of them by one.
		z := ^(m >> uint(bits.TrailingZeros64(m)&63)) & (1<<uint(s&63) - 1)
		if z == 0 {
			runs += s
			widest = max(widest, s)
			continue
		}
		g := int64(1)
		for ; z != 0; z &= z >> 1 {
			g++
		}
		gap = max(gap, g)
	}
	return L, H, gap <= runs-widest+1
}

// unitBounds returns the least and the most weight of a cell of mask m
// that weighs its value (u = 1) or minus its value (u = -1).
func unitBounds(m uint64, u int8) (lo, hi int64) {
	a, b := int64(bits.TrailingZeros64(m)+1), int64(64-bits.LeadingZeros64(m))
	if u < 0 {
		return -b, -a
	}
	return a, b
}

// lastOpen is the most open cells of a sum of one total that lastFew
// reads exactly.
const lastOpen = 3

// lastFew reads a sum of one total with two or three cells left open
// exactly, for a rule with differ: a value of an open cell stays when the
// other open cells can complete the total with values of their own,
// different from it where the cells must differ (naryRule.differ). Bounds
// and reachable totals cannot see that two cells of a box do not add up to
// 10 as 5 + 5. It returns false on a contradiction.
func (w *work) lastFew(r *naryRule) bool {
	// The open cells are counted again: the group bounds may have placed
	// some since sum counted them.
	var open [lastOpen]int
	n := 0
	rem := int64(r.totals[0])
	for i, cell := range r.cells {
		m := w.mask[cell]
		if m&(m-1) == 0 {
			rem -= int64(r.w[i*64+bits.TrailingZeros64(m)])
			continue
		}
		if n == lastOpen {
			return true
		}
		open[n] = i
		n++
	}
	if n < 2 {
		return true
	}
	var sup [lastOpen]uint64
	a, b, c := open[0], open[1], open[2]
	for x := w.mask[r.cells[a]]; x != 0; x &= x - 1 {
		va := bits.TrailingZeros64(x)
		ra := rem - int64(r.w[a*64+va])
		mb := r.apart(a, va, b, w.mask[r.cells[b]])
		if n == 2 {
			if y := r.ofWeight(b, mb, ra); y != 0 {
				sup[0] |= 1 << uint(va)
				sup[1] |= y
			}
			continue
		}
		mc := r.apart(a, va, c, w.mask[r.cells[c]])
		for y := mb; y != 0; y &= y - 1 {
			vb := bits.TrailingZeros64(y)
			if z := r.ofWeight(c, r.apart(b, vb, c, mc), ra-int64(r.w[b*64+vb])); z != 0 {
				sup[0] |= 1 << uint(va)
				sup[1] |= 1 << uint(vb)
				sup[2] |= z
			}
		}
	}
	for k := 0; k < n; k++ {
		if cell := r.cells[open[k]]; w.mask[cell]&^sup[k] != 0 && !w.restrict(cell, sup[k]) {
			return false
		}
	}
	return true
}

// apart returns mask m of cell j of Sum r without value v when cell i,
// which takes v, and cell j must differ.
func (r *naryRule) apart(i, v, j int, m uint64) uint64 {
	if r.differ[i]&(1<<uint(j)) != 0 {
		return m &^ (1 << uint(v))
	}
	return m
}

// ofWeight returns the values of mask m that cell i of Sum r weighs x.
func (r *naryRule) ofWeight(i int, m uint64, x int64) uint64 {
	switch r.unit[i] {
	case 1:
		if x >= 1 && x <= 64 {
			return m & (1 << uint(x-1))
		}
		return 0
	case -1:
		if x <= -1 && x >= -64 {
			return m & (1 << uint(-x-1))
		}
		return 0
	}
	var out uint64
	for ; m != 0; m &= m - 1 {
		if v := bits.TrailingZeros64(m); int64(r.w[i*64+v]) == x {
			out |= 1 << uint(v)
		}
	}
	return out
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
		if masks[i]&^sup[i] != 0 && !w.restrict(cell, sup[i]) {
			return false
		}
	}
	return true
}

// combo propagates a distinct sum by its value sets: a set is still
// possible when every cell keeps one of its values, the cells together keep
// all of them, no two cells are left with the same one value of it, and no
// cell is the only one that can take two of its values. A cell keeps the
// values it can take in some possible set: in a set holding a value only
// that cell can take, that value alone, and otherwise less the values
// other cells are left with alone there. A value every possible set holds
// must go in one of the cells (the one cell that can hold it takes it),
// and leaves every other cell of a house that holds all the rule's cells
// that can take it.
func (w *work) combo(r *naryRule) bool {
	if w.lanes && len(r.cells) <= maxLanes {
		return w.comboLanes(r)
	}
	// The rule has at most maxComboValues cells: indices masked with
	// cm stay in the arrays, which the compiler then need not check.
	// The scan's masks and sets are written before they are read.
	c := &w.scan
	ms := &c.ms
	const cm = maxComboValues - 1
	mask := w.mask
	// placed holds the values of the cells left with one value, open
	// those of the others, as bits of cell indices. A set must hold every
	// placed value, and a cell with one value keeps it in any set that
	// does: the walk below reads the open cells only. P holds the open
	// cells' masks in lanes, L each lane's low bit, for the packed walk
	// (shifts past the word leave 0: then the walk is not packed).
	var union, twice, placed, open, P, L uint64
	sh := uint(0)
	for i, cell := range r.cells {
		m := mask[cell]
		ms[i&cm] = m
		twice |= union & m
		union |= m
		if m&(m-1) != 0 {
			open |= 1 << uint(i&63)
			P |= m << sh
			L |= 1 << sh
			sh += laneBits
			continue
		}
		if m == 0 || placed&m != 0 { // two cells left with the same value
			return false
		}
		placed |= m
	}
	packed := w.lanes && sh <= maxLanes*laneBits
	// alone holds the values one open cell only can take, lone those
	// cells, as bits of cell indices (loneLanes: as lanes): a set holds as
	// many values as the rule has cells, so a set that holds such a value
	// puts it there.
	var lone, loneLanes uint64
	alone := union &^ twice &^ placed
	switch {
	case alone == 0:
	case packed: // the lanes of P that hold a value of alone
		A, H := P&(alone*L), L<<laneValues
		loneLanes = ((((A | H) - L) & H) >> laneValues) * laneMask
	default:
		for o := open; o != 0; o &= o - 1 {
			if i := bits.TrailingZeros64(o); ms[i&cm]&alone != 0 {
				lone |= 1 << uint(i&63)
			}
		}
	}
	// need holds the values a house of the rule can put only in the
	// rule's cells: every possible set holds them, as it holds the values
	// placed.
	c.union, c.placed, c.open, c.lone, c.alone = union, placed, open, lone, alone
	c.need = placed | houseNeed(r.houses, mask)
	// A set ruled out stays out below this node: the masks only shrink
	// and need only grows. A rule with a slot visits its sets still alive
	// and drops those ruled out.
	alive := ^uint64(0)
	if r.slot >= 0 {
		alive = w.alive[r.slot]
	}
	var required, K uint64
	var any bool
	if packed {
		alive, required, K, any = c.setsPacked(r.combos, alive, r.slot >= 0, P, L, loneLanes)
	} else {
		c.keep = [maxComboValues]uint64{} // read and written for the open cells alone
		alive, required, any = c.sets(r.combos, alive, r.slot >= 0)
	}
	if r.slot >= 0 {
		w.alive[r.slot] = alive
	}
	if !any {
		return false
	}
	if packed {
		if K != P {
			for o := open; o != 0; o &= o - 1 {
				i := bits.TrailingZeros64(o) & cm
				if k := K & laneMask; k != ms[i] && !w.restrict(r.cells[i], k) {
					return false
				}
				K >>= laneBits
			}
		}
	} else {
		for o := open; o != 0; o &= o - 1 {
			i := bits.TrailingZeros64(o) & cm
			if k := c.keep[i]; k != ms[i] && !w.restrict(r.cells[i], k) {
				return false
			}
		}
	}
	if req := required &^ placed; req != 0 { // a placed value has left its peers
		return w.requiredValues(r, req)
	}
	return true
}

// comboLanes is combo for a rule of at most maxLanes cells, read from its
// cells' masks in lanes (lane i for cell i) without a loop over its cells:
// the same sets, the same removals in the same order. The values two
// cells hold are found lane by lane, as a half adder would.
func (w *work) comboLanes(r *naryRule) bool {
	c := &w.scan
	real := uint64(lanesLow) & (1<<uint(len(r.cells)*laneBits) - 1) // each cell's lane's low bit
	X := r.packed(w.mask) & (real * laneMask)
	H := real << laneValues
	if ^((X|H)-real)&H != 0 { // a cell with no value
		return false
	}
	one := ^((X&(X-real) | H) - real) & H // the lanes of one value
	single := (one >> laneValues) * laneMask
	placed := foldLanes(X & single)
	if bits.OnesCount64(placed) != bits.OnesCount64(one) { // two cells left with the same value
		return false
	}
	union, twice := X&laneMask, uint64(0)
	union, twice = halfAdd(union, twice, (X>>laneBits)&laneMask)
	union, twice = halfAdd(union, twice, (X>>(2*laneBits))&laneMask)
	union, twice = halfAdd(union, twice, (X>>(3*laneBits))&laneMask)
	union, twice = halfAdd(union, twice, (X>>(4*laneBits))&laneMask)
	union, twice = halfAdd(union, twice, (X>>(5*laneBits))&laneMask)
	// The open cells keep their lanes: P, with their low bits L.
	P, L := X&^single, real&^(one>>laneValues)
	var loneLanes uint64
	alone := union &^ twice &^ placed
	if alone != 0 { // the lanes of P that hold a value of alone
		A, HL := P&(alone*L), L<<laneValues
		loneLanes = ((((A | HL) - L) & HL) >> laneValues) * laneMask
	}
	c.union, c.placed, c.alone = union, placed, alone
	c.need = placed | houseNeed(r.houses, w.mask)
	alive := ^uint64(0)
	if r.slot >= 0 {
		alive = w.alive[r.slot]
	}
	alive, required, K, any := c.setsPacked(r.combos, alive, r.slot >= 0, P, L, loneLanes)
	if r.slot >= 0 {
		w.alive[r.slot] = alive
	}
	if !any {
		return false
	}
	if K != P {
		for o := L; o != 0; o &= o - 1 {
			sh := uint(bits.TrailingZeros64(o))
			if k := (K >> sh) & laneMask; k != (P>>sh)&laneMask && !w.restrict(r.cells[sh/laneBits], k) {
				return false
			}
		}
	}
	if req := required &^ placed; req != 0 { // a placed value has left its peers
		return w.requiredValues(r, req)
	}
	return true
}

// foldLanes returns the OR of the maxLanes lanes of x: the top three
// onto the bottom three, then those three.
func foldLanes(x uint64) uint64 {
	x = (x | x>>(3*laneBits)) & (1<<(3*laneBits) - 1)
	return (x | x>>laneBits | x>>(2*laneBits)) & laneMask
}

// A comboScan holds a cage's reading (combo) while it walks the value
// sets: its cells' masks (ms), the values each keeps in the set at hand
// (xs) and in some possible set (keep), and the values read from its cells
// (see combo).
type comboScan struct {
	ms, xs, keep                           [maxComboValues]uint64
	union, need, placed, open, lone, alone uint64
}

// sets walks value sets combos (those of alive when slotted): a set is
// still possible when every open cell keeps one of its values, the cells
// together keep all of them, it holds need, no two cells keep only the
// same one of its values, and no cell of lone takes two values of alone.
// It adds to keep what each open cell keeps in the possible sets, and
// returns alive less the sets ruled out, the values every possible set
// holds, and whether any is possible. It stays a call of its own, whose
// loop keeps its values in registers.
//
//go:noinline
func (c *comboScan) sets(combos []uint64, alive uint64, slotted bool) (uint64, uint64, bool) {
	const cm = maxComboValues - 1
	required, any := ^uint64(0), false
	for j := 0; j < len(combos); j++ {
		if slotted {
			left := alive >> uint(j&63) // a slotted rule has at most 64 sets
			if left == 0 {
				break
			}
			j += bits.TrailingZeros64(left)
		}
		set := combos[j]
		if set&^c.union != 0 || c.need&^set != 0 {
			alive &^= 1 << uint(j&63)
			continue
		}
		// seen holds the values cells keep alone, the placed ones
		// included; twice those two cells keep alone.
		seen, twice := c.placed, uint64(0)
		o := c.open
		for ; o != 0; o &= o - 1 {
			i := bits.TrailingZeros64(o) & cm
			x := c.ms[i] & set
			if x == 0 {
				break
			}
			c.xs[i] = x
			if x&(x-1) == 0 {
				twice |= seen & x
				seen |= x
			}
		}
		if o != 0 || twice != 0 {
			alive &^= 1 << uint(j&63)
			continue
		}
		if c.lone != 0 {
			var two uint64
			for l := c.lone; l != 0; l &= l - 1 {
				i := bits.TrailingZeros64(l) & cm
				x := c.xs[i] & c.alone
				two |= x & (x - 1) // one cell for two values
				if x != 0 {
					c.xs[i] = x
				}
			}
			if two != 0 {
				alive &^= 1 << uint(j&63)
				continue
			}
		}
		for o := c.open; o != 0; o &= o - 1 {
			i := bits.TrailingZeros64(o) & cm
			x := c.xs[i]
			if x&(x-1) != 0 {
				x &^= seen
			}
			c.keep[i] |= x
		}
		required &= set
		any = true
		if required&^c.placed == 0 && saturated(&c.keep, &c.ms, c.open) {
			// No later set can add a value to a cell or take one from
			// required; the sets not visited stay in alive.
			break
		}
	}
	return alive, required, any
}

// The lane readings (see "Packed lanes" in doc.go) keep the masks of up to
// maxLanes cells over at most laneValues values in one word, a lane of
// laneBits bits each: the values and a spare top bit, set before a
// subtraction of one per lane so that no lane borrows from the next.
const (
	laneBits   = 10
	laneValues = laneBits - 1
	laneMask   = 1<<laneValues - 1
	maxLanes   = 64 / laneBits
)

// placeGather moves bit laneBits*i of a word to bit placeShift+i, for the
// lanes i < maxLanes, when multiplied into it: the partial products of
// bit laneBits*i land on placeShift+i+9*(i-j) for each j, all different
// positions (no carry), and only those of j = i in placeShift..placeShift+5.
const (
	placeShift  = 50
	placeGather = 1<<50 | 1<<41 | 1<<32 | 1<<23 | 1<<14 | 1<<5
)

// lanesLow holds the low bit of every lane; smear1 to smear8 keep, in
// each lane, the bits that a shift right by 1, 2, 4 or 8 moves from
// within the lane (not from the lane above).
const (
	lanesLow = 1 | 1<<10 | 1<<20 | 1<<30 | 1<<40 | 1<<50
	smear1   = (1<<(laneBits-1) - 1) * lanesLow
	smear2   = (1<<(laneBits-2) - 1) * lanesLow
	smear4   = (1<<(laneBits-4) - 1) * lanesLow
	smear8   = (1<<(laneBits-8) - 1) * lanesLow
)

// packed returns the masks of rule r's cells (at most maxLanes) in lanes,
// lane i for cell i; the lanes past its cells hold a copy of the first.
func (r *naryRule) packed(mask []uint64) uint64 {
	c := &r.lanes
	return mask[c[0]] | mask[c[1]]<<laneBits | mask[c[2]]<<(2*laneBits) |
		mask[c[3]]<<(3*laneBits) | mask[c[4]]<<(4*laneBits) | mask[c[5]]<<(5*laneBits)
}

// quickBounds returns the least and the most plain Sum r (see
// naryRule.plus) can add up to, from its cells' masks in lanes, without a
// branch per cell: a lane's lowest bit, less one, has as many bits as the
// index of its least value, and the lane smeared down from its highest
// bit has as many as its greatest value. No mask is empty.
//
//go:noinline
func (w *work) quickBounds(r *naryRule) (L, H int64) {
	X := r.packed(w.mask)
	least := func(Y, low uint64) int64 { // the lanes' least values, added up
		return int64(bits.OnesCount64(Y&^(Y-low)-low)) + int64(bits.OnesCount64(low))
	}
	most := func(Y uint64) int64 { // the lanes' greatest values, added up
		Y |= Y >> 1 & smear1
		Y |= Y >> 2 & smear2
		Y |= Y >> 4 & smear4
		Y |= Y >> 8 & smear8
		return int64(bits.OnesCount64(Y))
	}
	P, M := X&(r.plus*laneMask), X&(r.minus*laneMask)
	return least(P, r.plus) - most(M), most(P) - least(M, r.minus)
}

// setsPacked is sets for a cage of at most maxLanes open cells over at most
// laneValues values: each set is tested against every open cell at once,
// with lane arithmetic on one word (the same sets kept, the same values,
// with far fewer branches). A lane's value x, with its spare bit h set,
// less one, keeps h unless x is 0; x & (x-1), when no lane is 0, is 0 in
// the lanes of one value. Its loop over the sets repeats that of sets:
// shared through two small inlined calls it took 1.2% more instructions
// on iss-307.
//
//go:noinline
func (c *comboScan) setsPacked(combos []uint64, alive uint64, slotted bool, P, L, lone uint64) (uint64, uint64, uint64, bool) {
	H := L << laneValues
	aloneLanes := (c.alone * L) & lone
	required, any := ^uint64(0), false
	var K uint64 // what the open cells keep
	for j := 0; j < len(combos); j++ {
		if slotted {
			left := alive >> uint(j&63) // a slotted rule has at most 64 sets
			if left == 0 {
				break
			}
			j += bits.TrailingZeros64(left)
		}
		set := combos[j]
		if set&^c.union != 0 || c.need&^set != 0 {
			alive &^= 1 << uint(j&63)
			continue
		}
		X := P & (set * L)
		if ^((X|H)-L)&H != 0 { // a cell keeps no value of the set
			alive &^= 1 << uint(j&63)
			continue
		}
		one := ^((X&(X-L) | H) - L) & H // the lanes of one value
		var ones uint64                 // the values cells keep alone
		if one != 0 {
			ones = foldLanes(X & ((one >> laneValues) * laneMask))
			if ones&c.placed != 0 || bits.OnesCount64(ones) != bits.OnesCount64(one) {
				alive &^= 1 << uint(j&63) // two cells keep only the same value
				continue
			}
		}
		if lone != 0 {
			A := X & aloneLanes
			some := (((A | H) - L) & H) >> laneValues // the lanes of A not 0
			if A&(A-some) != 0 {
				alive &^= 1 << uint(j&63) // one cell for two values
				continue
			}
			// A cell's values of alone are in no other cell, so none
			// is in seen: a lane now of one value keeps it as before.
			X = X&^(some*laneMask) | A
		}
		seen := (c.placed | ones) * L
		K |= X &^ (seen &^ ((one >> laneValues) * laneMask))
		required &= set
		any = true
		if required&^c.placed == 0 && K == P {
			// No later set can add a value to a cell or take one from
			// required; the sets not visited stay in alive.
			break
		}
	}
	return alive, required, K, any
}

// houseNeed returns the values some house of houses can put only in its
// rule's cells: those no cell of the house outside the rule can take. It
// stays a call of its own, whose loop keeps its values in registers.
//
//go:noinline
func houseNeed(houses []cageHouse, mask []uint64) uint64 {
	var need uint64
	for k := range houses {
		h := &houses[k]
		outside := uint64(0)
		if o := &h.out7; h.short {
			outside = mask[o[0]] | mask[o[1]] | mask[o[2]] | mask[o[3]] |
				mask[o[4]] | mask[o[5]] | mask[o[6]]
		} else {
			for _, cell := range h.out {
				outside |= mask[cell]
			}
		}
		need |= h.vals &^ outside
	}
	return need
}

// saturated reports whether every open cell (bit i of open) keeps all its
// values (keep[i] holds ms[i]).
func saturated(keep, ms *[maxComboValues]uint64, open uint64) bool {
	for ; open != 0; open &= open - 1 {
		if i := bits.TrailingZeros64(open) & (maxComboValues - 1); keep[i] != ms[i] {
			return false
		}
	}
	return true
}

// requiredValues applies the values req, each of which one of rule r's
// cells must hold: a value no cell can take is a contradiction, a value one
// cell only can take goes there, and a value left in several cells leaves
// every cell that sees them all (see seen), or, on a table too large to
// list who sees whom, the other cells of a house that holds them all.
func (w *work) requiredValues(r *naryRule, req uint64) bool {
	var seen, twice uint64
	for _, cell := range r.cells {
		m := w.mask[cell] & req
		twice |= seen & m
		seen |= m
	}
	if req&^seen != 0 {
		return false
	}
	if once := req &^ twice; once != 0 {
		for _, cell := range r.cells {
			x := w.mask[cell] & once
			if x == 0 {
				continue
			}
			if x&(x-1) != 0 || !w.restrict(cell, x) { // one cell for two values
				return false
			}
		}
	}
	multi := req & twice
	if multi == 0 {
		return true
	}
	if w.t.seers != nil {
		return w.seen(r, multi)
	}
	for _, h := range r.houses {
		var other uint64 // the values of the rule's cells outside h
		for i, cell := range r.cells {
			if h.in&(1<<uint(i)) == 0 {
				other |= w.mask[cell]
			}
		}
		x := multi &^ other
		if x == 0 {
			continue
		}
		for _, cell := range h.out {
			if w.mask[cell]&x != 0 && !w.restrict(cell, ^x) {
				return false
			}
		}
	}
	return true
}

// seen removes each value of multi, which one of rule r's cells must
// hold, from every cell that sees all the cells of r that can still take
// it: a cell of the same house as them all, but also one that sees some
// through a row and the others through a box, or through an anti-king
// move. A value left in one cell goes there; in none, it is a
// contradiction (placing an earlier required value may have taken it). A
// value's step is skipped when it already ran for the same places at a
// node of the current path (see memo).
func (w *work) seen(r *naryRule, multi uint64) bool {
	t, mask := w.t, w.mask
	W, V := t.seerWords, t.values
	var all [(maxSeerCells + 63) / 64]uint64
	// A rule of at most maxLanes cells over at most laneValues values
	// reads a value's places from its cells' masks in lanes (Q, each
	// lane's low bit in L): one multiplication gathers the lanes' bits
	// of the value into consecutive bits (see placeGather).
	var Q, L uint64
	lanes := w.lanes && len(r.cells) <= maxLanes
	if lanes {
		Q, L = r.packed(mask), lanesLow&(1<<uint(len(r.cells)*laneBits)-1)
	}
	for ; multi != 0; multi &= multi - 1 {
		v := bits.TrailingZeros64(multi)
		b := uint64(1) << uint(v&63)
		var places uint64 // bit i: r.cells[i] can take v
		if lanes {
			places = ((((Q >> uint(v&63)) & L) * placeGather) >> placeShift) & (1<<maxLanes - 1)
		} else {
			for i, cell := range r.cells {
				places |= (mask[cell] >> uint(v&63) & 1) << uint(i&63)
			}
		}
		switch bits.OnesCount64(places) {
		case 0:
			return false
		case 1:
			i := bits.TrailingZeros64(places)
			if !w.restrict(r.cells[i], b) {
				return false
			}
			// The cell keeps v alone: its lane too (the other steps
			// below change no cell of the rule).
			sh := uint((i * laneBits) & 63)
			Q = Q&^(laneMask<<sh) | b<<sh
			continue
		}
		if w.memo.done(r.id*V+v, places) {
			continue
		}
		if W == 2 { // up to 128 cells: two words in registers
			a0, a1 := ^uint64(0), ^uint64(0)
			for p := places; p != 0; p &= p - 1 {
				s := t.seers[(int(r.cells[bits.TrailingZeros64(p)])*V+v)*2:]
				a0 &= s[0]
				a1 &= s[1]
			}
			all[0], all[1] = a0, a1
		} else {
			for i := range W {
				all[i] = ^uint64(0)
			}
			for p := places; p != 0; p &= p - 1 {
				s := t.seers[(int(r.cells[bits.TrailingZeros64(p)])*V+v)*W:]
				for i := range W {
					all[i] &= s[i]
				}
			}
		}
		if !w.clearSeers(all[:W], b) {
			return false
		}
	}
	return true
}

// clearSeers removes value b from the cells of bitset all that hold it.
func (w *work) clearSeers(all []uint64, b uint64) bool {
	for i, x := range all {
		for ; x != 0; x &= x - 1 {
			if c := int32(i<<6 + bits.TrailingZeros64(x)); w.mask[c]&b != 0 && !w.restrict(c, ^b) {
				return false
			}
		}
	}
	return true
}

// reachable propagates Sum rule r, whose cells add up to L..H with
// H-L < reachWords*64, by the totals they can reach. Each weight counts
// from its cell's least (lo, set by sum), so partial sums count from 0:
// fwd[i] holds the sums cells 0..i-1 can make, bwd[i] the sums of cells
// 0..i-1 from which cells i.. can still reach a total, and value v stays in
// cell i when some sum of fwd[i] plus v's weight lies in bwd[i+1].
func (w *work) reachable(r *naryRule, L, H int64) bool {
	k := len(r.cells)
	fwd, bwd, lo := w.fwd[:k+1], w.bwd[:k+1], w.lo[:k]
	nw := int((H-L)>>6) + 1 // the words that hold sums 0..H-L
	fwd[0] = sums{1}
	for i, cell := range r.cells {
		m := w.mask[cell]
		row := r.w[i*64 : i*64+64]
		if m&(m-1) == 0 && int64(row[bits.TrailingZeros64(m)]) == lo[i] {
			fwd[i+1] = fwd[i] // no shift
			continue
		}
		var acc sums
		for ; m != 0; m &= m - 1 {
			acc.orShifted(&fwd[i], int(int64(row[bits.TrailingZeros64(m)])-lo[i]), nw)
		}
		fwd[i+1] = acc
	}
	var end sums
	for _, t := range r.totals {
		if s := int64(t) - L; s >= 0 && s <= H-L {
			end[s>>6] |= 1 << uint(s&63)
		}
	}
	bwd[k] = end
	for i := k - 1; i >= 0; i-- {
		m := w.mask[r.cells[i]]
		row := r.w[i*64 : i*64+64]
		if m&(m-1) == 0 && int64(row[bits.TrailingZeros64(m)]) == lo[i] {
			bwd[i] = bwd[i+1]
			continue
		}
		var acc sums
		for ; m != 0; m &= m - 1 {
			acc.orShiftedDown(&bwd[i+1], int(int64(row[bits.TrailingZeros64(m)])-lo[i]), nw)
		}
		bwd[i] = acc
	}
	if bwd[0][0]&1 == 0 {
		return false
	}
	// A cell with one value keeps it: some sum reaches a total, and
	// every sum counts that value. (The masks may have lost values since
	// lo was read: a cell's one weight need not be its lo.)
	for i, cell := range r.cells {
		m := w.mask[cell]
		if m&(m-1) == 0 {
			continue
		}
		row := r.w[i*64 : i*64+64]
		keep := m
		for x := m; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x)
			if !fwd[i].shiftedMeets(&bwd[i+1], int(int64(row[v])-lo[i]), nw) {
				keep &^= 1 << uint(v)
			}
		}
		if keep != m && !w.restrict(cell, keep) {
			return false
		}
	}
	return true
}

// groupBounds tightens the bounds L..H of Sum r with its groups of cells
// that take distinct values: a group of t cells adds up to at least the t
// least weights of the values its cells hold between them, and at most the
// t greatest. A value of a group's cell goes when the rule cannot reach a
// total with it and the other cells of the group at their least (most)
// distinct values without it, the other cells at their bounds. It returns
// the tightened bounds of the rule and false on a contradiction; the
// cells' own bounds (lo, hi) stay as they were.
func (w *work) groupBounds(r *naryRule, L, H int64) (int64, int64, bool) {
	lo, hi := w.lo, w.hi
	gl, gh := L, H
	gmin, gmax := w.gmin[:len(r.groups)], w.gmax[:len(r.groups)]
	for gi, g := range r.groups {
		var union uint64
		var l, h int64
		for _, i := range g {
			union |= w.mask[r.cells[i]]
			l += lo[i]
			h += hi[i]
		}
		var ok bool
		if gmin[gi], gmax[gi], ok = w.extremes(r, gi, union, len(g)); !ok {
			return L, H, false
		}
		gl += gmin[gi] - l
		gh += gmax[gi] - h
	}
	if !reach(r.totals, gl, gh) {
		return L, H, false
	}
	V1 := w.t.values + 1
	one, t := len(r.totals) == 1, int64(0)
	if one {
		t = int64(r.totals[0])
	}
	for gi, g := range r.groups {
		if one {
			// Any value of the group leaves the rule between gl and
			// gl+gmax-gmin at least and between gh-gmax+gmin and gh at
			// most: with the total that far inside, nothing goes.
			if spread := gmax[gi] - gmin[gi]; t-gl >= spread && gh-t >= spread {
				continue
			}
		}
		row := r.w[int(g[0])*64 : int(g[0])*64+64]
		restL, restH := gl-gmin[gi], gh-gmax[gi] // the rule without the group
		k := len(g) - 1
		if one && r.unit[g[0]] == 1 {
			// Plain values: what each value leaves has a closed form
			// (plainKeep), without a look-up per value.
			for _, i := range g {
				if m := w.mask[r.cells[i]]; m&(m-1) != 0 {
					keep := plainKeep(m, groupOthers(w.mask, r.cells, g, i), k, t-restL, t-restH)
					if keep != m && !w.restrict(r.cells[i], keep) {
						return L, H, false
					}
				}
			}
			continue
		}
		var tab *extremes
		if r.gsums != nil {
			tab = r.gsums[gi]
		}
		for _, i := range g {
			cell := r.cells[i]
			m := w.mask[cell]
			if m&(m-1) == 0 {
				continue
			}
			others := groupOthers(w.mask, r.cells, g, i)
			keep := m
			for x := m; x != 0; x &= x - 1 {
				b := x & -x
				wt := int64(row[bits.TrailingZeros64(b)&63])
				rest := others &^ b
				var omin, omax int64
				var ok bool
				if tab != nil {
					omin, omax, ok = tab.at(rest, k, V1)
				} else {
					omin, omax, ok = r.extremesOf(gi, rest, k)
				}
				if !ok {
					keep &^= b
					continue
				}
				if least, most := restL+wt+omin, restH+wt+omax; one {
					if least > t || most < t {
						keep &^= b
					}
				} else if !reach(r.totals, least, most) {
					keep &^= b
				}
			}
			if keep != m && !w.restrict(cell, keep) {
				return L, H, false
			}
		}
	}
	return gl, gh, true
}

// groupOthers returns the values the cells of group g but cell i (indices
// into cells) hold between them.
func groupOthers(mask []uint64, cells []int32, g []int32, i int32) uint64 {
	var others uint64
	for _, j := range g {
		if j != i {
			others |= mask[cells[j]]
		}
	}
	return others
}

// plainKeep returns the values of m that a cell of a group of plain
// values (value v weighs v) keeps, when the group's other k cells hold the
// values o between them and the cell and those k cells, at distinct
// values, must add up to at most most and at least least (a rule of one
// total, the rest of its cells at their bounds; see groupBounds). Value v
// stays when v and the k least values of o less v stay within most, and v
// and the k greatest reach least. The k least are those of o when v is
// not among them, and then the test is v against a threshold; when v is,
// they are the k+1 least but v, and v with them adds up to the k+1 least
// whatever v is: one test for all those values (the greatest likewise).
// So the answer takes k steps rather than a look-up per value.
func plainKeep(m, o uint64, k int, most, least int64) uint64 {
	var low, high uint64 // the k least and greatest values of o
	var sumLow, sumHigh int64
	x, y := o, o
	for range k {
		if x == 0 {
			return 0 // o holds fewer than k values
		}
		b := x & -x
		low |= b
		sumLow += int64(bits.TrailingZeros64(b)) + 1
		x &^= b
		v := 63 - bits.LeadingZeros64(y)
		high |= 1 << uint(v)
		sumHigh += int64(v) + 1
		y &^= 1 << uint(v)
	}
	keepLow := upTo(most-sumLow) &^ low
	if x != 0 && sumLow+int64(bits.TrailingZeros64(x))+1 <= most {
		keepLow |= low
	}
	keepHigh := from(least-sumHigh) &^ high
	if y != 0 && sumHigh+int64(64-bits.LeadingZeros64(y)) >= least {
		keepHigh |= high
	}
	return m & keepLow & keepHigh
}

// upTo returns the values at most a, as a mask (bit v-1 for value v).
func upTo(a int64) uint64 {
	switch {
	case a <= 0:
		return 0
	case a >= 64:
		return ^uint64(0)
	}
	return 1<<uint(a) - 1
}

// from returns the values at least a, as a mask.
func from(a int64) uint64 {
	switch {
	case a <= 1:
		return ^uint64(0)
	case a > 64:
		return 0
	}
	return ^(1<<uint(a-1) - 1)
}

// extremes returns the least and the most k cells of group gi of rule r
// add up to with distinct values of mask, from the group's table when it
// has one; false when mask has fewer than k values.
func (w *work) extremes(r *naryRule, gi int, mask uint64, k int) (int64, int64, bool) {
	if r.gsums == nil {
		return r.extremesOf(gi, mask, k)
	}
	return r.gsums[gi].at(mask, k, w.t.values+1)
}

// at returns the table's least and most for k values of mask, on a table
// of V1-1 values; false when mask has fewer than k values.
func (e *extremes) at(mask uint64, k, V1 int) (int64, int64, bool) {
	if bits.OnesCount64(mask) < k {
		return 0, 0, false
	}
	i := int(mask)*V1 + k
	x := e.lm[i]
	return int64(x[0]), int64(x[1]), true
}

// extremesOf is extremes for a group without a table (see extreme).
//
//go:noinline
func (r *naryRule) extremesOf(gi int, mask uint64, k int) (int64, int64, bool) {
	g := r.groups[gi]
	row, ord := r.w[int(g[0])*64:], r.order[g[0]]
	l, ok := extreme(row, ord, mask, k, true)
	h, _ := extreme(row, ord, mask, k, false)
	return l, h, ok
}

// extreme returns the sum of the k least (least) or greatest weights of
// row among the values of mask, whose weights follow the values in order
// ord (1 ascending, -1 descending); false when mask has fewer than k
// values.
func extreme(row []int32, ord int8, mask uint64, k int, least bool) (int64, bool) {
	if bits.OnesCount64(mask) < k {
		return 0, false
	}
	lowFirst := (ord > 0) == least
	var s int64
	for ; k > 0; k-- {
		var v int
		if lowFirst {
			v = bits.TrailingZeros64(mask)
		} else {
			v = 63 - bits.LeadingZeros64(mask)
		}
		mask &^= 1 << uint(v)
		s += int64(row[v])
	}
	return s, true
}

// reachable1 is reachable for sums whose cells add up to fewer than 64
// totals: one word per bitset.
func (w *work) reachable1(r *naryRule, L, H int64) bool {
	k := len(r.cells)
	fwd, bwd, lo := w.fwd1[:k+1], w.bwd1[:k+1], w.lo[:k]
	fwd[0] = 1
	for i, cell := range r.cells {
		row := r.w[i*64 : i*64+64]
		var acc uint64
		f := fwd[i]
		for m := w.mask[cell]; m != 0; m &= m - 1 {
			acc |= f << uint((int64(row[bits.TrailingZeros64(m)&63])-lo[i])&63)
		}
		fwd[i+1] = acc
	}
	var end uint64
	for _, t := range r.totals {
		if s := int64(t) - L; s >= 0 && s <= H-L {
			end |= 1 << uint(s)
		}
	}
	bwd[k] = end
	for i := k - 1; i >= 0; i-- {
		row := r.w[i*64 : i*64+64]
		var acc uint64
		b := bwd[i+1]
		for m := w.mask[r.cells[i]]; m != 0; m &= m - 1 {
			acc |= b >> uint((int64(row[bits.TrailingZeros64(m)&63])-lo[i])&63)
		}
		bwd[i] = acc
	}
	if bwd[0]&1 == 0 {
		return false
	}
	for i, cell := range r.cells {
		m := w.mask[cell]
		if m&(m-1) == 0 {
			continue
		}
		row := r.w[i*64 : i*64+64]
		keep := m
		f, b := fwd[i], bwd[i+1]
		for x := m; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x)
			if (f<<uint((int64(row[v&63])-lo[i])&63))&b == 0 {
				keep &^= 1 << uint(v&63)
			}
		}
		if keep != m && !w.restrict(cell, keep) {
			return false
		}
	}
	return true
}

// orShifted adds to s the sums of a, each plus d (0 <= d), dropping those
// past word nw-1.
func (s *sums) orShifted(a *sums, d, nw int) {
	q, r := d>>6, uint(d&63)
	for i := nw - 1; i >= q; i-- {
		x := a[i-q] << r
		if r != 0 && i-q > 0 {
			x |= a[i-q-1] >> (64 - r)
		}
		s[i] |= x
	}
}

// orShiftedDown adds to s the sums of a, each minus d (0 <= d), dropping
// those below 0; both hold sums below nw*64 only.
func (s *sums) orShiftedDown(a *sums, d, nw int) {
	q, r := d>>6, uint(d&63)
	for i := 0; i+q < nw; i++ {
		x := a[i+q] >> r
		if r != 0 && i+q+1 < nw {
			x |= a[i+q+1] << (64 - r)
		}
		s[i] |= x
	}
}

// shiftedMeets reports whether a holds one of the sums of s plus d (0 <=
// d), both holding sums below nw*64 only: what orShifted into an empty set
// then meets would say, without the set.
func (s *sums) shiftedMeets(a *sums, d, nw int) bool {
	q, r := d>>6, uint(d&63)
	var x uint64
	for i := nw - 1; i >= q; i-- {
		y := s[i-q] << r
		if r != 0 && i-q > 0 {
			y |= s[i-q-1] >> (64 - r)
		}
		x |= y & a[i]
	}
	return x != 0
}

// meets reports whether s and a share a sum below nw*64.
func (s *sums) meets(a *sums, nw int) bool {
	var x uint64
	for i := range nw {
		x |= s[i] & a[i]
	}
	return x != 0
}
