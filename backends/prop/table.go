package prop

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
)

const (
	// MaxValues bounds the values per cell: a cell's candidates are one
	// uint64 mask. Larger models are refused with an error.
	MaxValues = 64
	// maxEntries bounds the peer entries and rule members of one table
	// (4 bytes each); larger models are refused.
	maxEntries = 1 << 28
	// lockValues: locked candidates are on for models with at most this
	// many values per cell. As measured (doc.go), they pay on 9x9 grids,
	// classic or not, and cost more than they save on 16x16 ones.
	lockValues = 9
	// maxSeerCells bounds the cells of a table that lists, per candidate,
	// the cells that see it (table.seers): 4 words per candidate.
	maxSeerCells = 256
)

// A ref names a candidate as cell<<6 | value-1, so that its cell and its
// bit in the cell's mask come out of it with a shift and a mask.
type ref = int32

func refOf(c model.Cand, values int) ref {
	cell, v := int(c)/values, int(c)%values
	return ref(cell<<6 | v)
}

// A table holds what the engine reads of one rule set, flat and read-only
// once built, shared by every search of that rule set:
//
//   - the peers of candidate c (candidates of other cells sharing an
//     ExactlyOne or AtMostOne rule with it), peers[peerOff[c]:peerOff[c+1]];
//   - the houses: ExactlyOne rules grouped by cell set, each rule naming
//     one value in every cell of the set; house h covers the cells
//     houseCells[houseOff[h]:houseOff[h+1]] and the values of houseVals[h];
//   - the other ExactlyOne rules, one[oneOff[r]:oneOff[r+1]];
//   - the intersections of two houses (locked candidates);
//   - the n-ary rules.
type table struct {
	cells    int
	values   int
	full     uint64 // every value's bit
	peerOff  []int32
	peers    []ref
	houseOff []int32
	house    []int32 // cells
	vals     []uint64
	oneOff   []int32
	one      []ref
	locks    []lock
	lockCell []int32 // the cell lists of the locks
	// The rules of each cell, for incremental propagation: houses first
	// (h), then the other ExactlyOne rules (len(vals)+r),
	// cellRule[cellRuleOff[cell]:cellRuleOff[cell+1]].
	cellRuleOff []int32
	cellRule    []int32
	// cellRules: the same as one bitset per cell, when there are at most
	// 64 rules.
	cellRules []uint64
	nary      nary
	arcs      arcs // pairs of cells with exclusions beyond "not the same value"
	classic   bool // the rules are a classic 9x9's: see classic.go
	// pairBranch: the search may branch on a value's two places in a
	// house (a table with arcs whose n-ary rules are all implied).
	pairBranch bool
	// refute, when above 0, is the fewest values of a cell that the
	// search branches on two ways: one of its values (refuteValue), then
	// the cell without it, choosing its cell anew in the second branch.
	// Three on a table with pairBranch, four on one of sums without a
	// killer cage (see nary.refutes), 0 on the others.
	refute int
	// nakedPairs: the locked candidates take naked pairs too (a table
	// with n-ary rules, but no pairBranch: see work.locked).
	nakedPairs bool
	useLocks   bool // locked candidates pay on this table (see lockValues)
	// seers, on a table of at most maxSeerCells cells, holds per candidate
	// c the cells with a peer of c's value, as a bitset of seerWords
	// words: seers[c*seerWords:(c+1)*seerWords].
	seers     []uint64
	seerWords int
	pool      sync.Pool
}

// A lock is the intersection of two houses a and b on two cells or more:
// a value of both houses that a keeps inside the intersection leaves the
// rest of b, and the other way round. in, onlyA and onlyB are spans of
// lockCell: the intersection, a's other cells, b's other cells.
//
// The rest of a house is read, where it can be, from the intersections of
// other locks: partA and partB list the locks whose intersections lie in
// a's (b's) other cells, apart from each other, at most maxLockParts, the
// rest filled with len(locks), whose intersection reads as no value; restA
// and restB are spans of lockCell, the cells they leave out. So that a pass
// reads them with few instructions, an intersection of at most maxLockIn
// cells also lists them in inCells, the first repeated to fill it (see
// wide).
type lock struct {
	vals             uint64
	a, b             int32 // the houses
	in, onlyA, onlyB [2]int32
	inCells          [maxLockIn]int32
	partA, partB     [maxLockParts]int32
	restA, restB     [2]int32
}

// wide reports whether lock l's intersection has more than maxLockIn
// cells, so that inCells does not list it.
func (l *lock) wide() bool { return l.in[1]-l.in[0] > maxLockIn }

// maxLockIn and maxLockParts bound the cells and parts a lock lists in
// place (a standard box and row: three cells, two parts each side).
const (
	maxLockIn    = 4
	maxLockParts = 4
)

// buildPollMask: building a table polls its context every
// buildPollMask+1 candidates or houses.
const buildPollMask = 1<<10 - 1

// newTable reads the rules of m, giving up with ctx's error when ctx ends.
func newTable(ctx context.Context, m *model.Model) (*table, error) {
	return buildTable(ctx, m, true)
}

// newTableNoMerge is newTable without merged sums.
func newTableNoMerge(ctx context.Context, m *model.Model) (*table, error) {
	return buildTable(ctx, m, false)
}

// buildTable builds m's table, with the merged sums of mergeSums when
// merge is set.
func buildTable(ctx context.Context, m *model.Model, merge bool) (*table, error) {
	V := m.Values()
	if V > MaxValues {
		return nil, fmt.Errorf("prop: %d values per cell: at most %d", V, MaxValues)
	}
	size := 0
	for _, r := range m.Rules() {
		if r.Kind == model.ExactlyOne || r.Kind == model.AtMostOne {
			size += len(r.Cands) * len(r.Cands)
		}
		if distinctPeers(r) {
			size += len(r.Payload.Cells) * len(r.Payload.Cells) * V
		}
		if size > maxEntries {
			return nil, fmt.Errorf("prop: model too large: more than %d exclusions", maxEntries)
		}
	}
	g, err := graph.NewContext(ctx, m)
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("prop: %w", err)
	}
	n := m.NumCands()
	t := &table{cells: m.Cells(), values: V, full: 1<<uint(V) - 1, peerOff: make([]int32, n+1)}
	if V == 64 {
		t.full = ^uint64(0)
	}
	t.peers = make([]ref, 0, g.NumPeers())
	mates := distinctMates(m, g)
	stamp := make([]int32, n) // stamp[p] == c+1: p is already a peer of c
	for c := range n {
		if c&buildPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for _, p := range g.Peers(model.Cand(c)) {
			t.peers = append(t.peers, refOf(p, V))
			stamp[p] = int32(c + 1)
		}
		for _, o := range mates[c/V] {
			if p := int(o)*V + c%V; stamp[p] != int32(c+1) {
				stamp[p] = int32(c + 1)
				t.peers = append(t.peers, refOf(model.Cand(p), V))
			}
		}
		t.peerOff[c+1] = int32(len(t.peers))
	}
	if err := t.readSeers(ctx); err != nil {
		return nil, err
	}
	t.readHouses(g.Ones(), V)
	if err := t.readLocks(ctx); err != nil {
		return nil, err
	}
	t.readCellRules()
	if err := t.nary.read(m, g.Nary()); err != nil {
		return nil, err
	}
	if merge {
		if err := t.nary.mergeSums(ctx, t); err != nil {
			return nil, err
		}
	}
	t.nary.readHouses(t)
	if err := t.readArcs(ctx); err != nil {
		return nil, err
	}
	t.classic = t.isClassic()
	// Branching on a value's two places in a house pays where pairs
	// drive the search (see doc.go, Search).
	t.pairBranch = len(t.arcs.other) > 0
	for _, r := range t.nary.rules {
		t.pairBranch = t.pairBranch && r.implied
	}
	t.nakedPairs = len(t.nary.rules) > 0 && !t.pairBranch
	switch {
	case t.pairBranch:
		t.refute = 3
	case t.nary.refutes():
		t.refute = 4
	}
	t.useLocks = V <= lockValues
	t.pool.New = func() any { return t.newWork() }
	return t, nil
}

// refuteValue returns the value of rest (a cell's values, two or more)
// that a level branching two ways tries first: the least on a table of
// pairs, the greatest on one of sums (see nary.refutes).
func (t *table) refuteValue(rest uint64) uint64 {
	if t.pairBranch {
		return rest & -rest
	}
	return 1 << (63 - bits.LeadingZeros64(rest))
}

// readSeers lists, per candidate, the cells holding a peer of the same
// value (see table.seers), on a table of at most maxSeerCells cells,
// giving up with ctx's error when ctx ends.
func (t *table) readSeers(ctx context.Context) error {
	if t.cells > maxSeerCells {
		return nil
	}
	W, V := (t.cells+63)/64, t.values
	t.seerWords = W
	t.seers = make([]uint64, t.cells*V*W)
	for c := range t.cells * V {
		if c&buildPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		for _, p := range t.peers[t.peerOff[c]:t.peerOff[c+1]] {
			if int(p&63) == c%V {
				t.seers[c*W+int(p>>12)] |= 1 << uint(p>>6&63)
			}
		}
	}
	return nil
}

// distinctPeers reports whether r is a Sum whose cells always take
// distinct values (one without conditions): the table makes its cells
// peers, so that placing a value clears it from the others.
func distinctPeers(r model.Rule) bool {
	return r.Kind == model.Sum && r.Payload.Distinct && len(r.Payload.When) == 0
}

// distinctMates returns, per cell, the other cells of the sums that hold
// it and make their cells peers (see distinctPeers), a cell maybe twice.
func distinctMates(m *model.Model, g *graph.Graph) [][]int32 {
	mates := make([][]int32, m.Cells())
	for _, k := range g.Nary() {
		r := m.Rules()[k]
		if !distinctPeers(r) {
			continue
		}
		for _, a := range r.Payload.Cells {
			for _, b := range r.Payload.Cells {
				if a != b {
					mates[a] = append(mates[a], b)
				}
			}
		}
	}
	return mates
}

// readHouses sorts the ExactlyOne rules into houses (one value over a set
// of distinct cells, rules on the same cell set together) and the others.
func (t *table) readHouses(ones [][]model.Cand, V int) {
	t.houseOff = []int32{0}
	t.oneOff = []int32{0}
	index := map[string]int{}
	var key []byte
	for _, cs := range ones {
		cells := make([]int32, len(cs))
		v := int(cs[0]) % V
		ok := true
		for i, c := range cs {
			cells[i] = int32(int(c) / V)
			if int(c)%V != v {
				ok = false
			}
		}
		slices.Sort(cells)
		for i := 1; i < len(cells) && ok; i++ {
			ok = cells[i] != cells[i-1]
		}
		if !ok {
			for _, c := range cs {
				t.one = append(t.one, refOf(c, V))
			}
			t.oneOff = append(t.oneOff, int32(len(t.one)))
			continue
		}
		key = key[:0]
		for _, cell := range cells {
			key = fmt.Appendf(key, "%d,", cell)
		}
		h, seen := index[string(key)]
		if !seen {
			h = len(t.vals)
			index[string(key)] = h
			t.house = append(t.house, cells...)
			t.houseOff = append(t.houseOff, int32(len(t.house)))
			t.vals = append(t.vals, 0)
		}
		t.vals[h] |= 1 << uint(v)
	}
}

// houseCells returns the cells of house h.
func (t *table) houseCells(h int) []int32 { return t.house[t.houseOff[h]:t.houseOff[h+1]] }

// readLocks lists the intersections of two houses with two cells or more
// and a common value, giving up with ctx's error when ctx ends.
func (t *table) readLocks(ctx context.Context) error {
	in := make([]int32, t.cells+1) // in[cell] == a+1: cell is in house a
	for a := range t.vals {
		if a&buildPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		for _, cell := range t.houseCells(a) {
			in[cell] = int32(a + 1)
		}
		for b := a + 1; b < len(t.vals); b++ {
			common := t.vals[a] & t.vals[b]
			if common == 0 {
				continue
			}
			var inter, onlyB []int32
			for _, cell := range t.houseCells(b) {
				if in[cell] == int32(a+1) {
					inter = append(inter, cell)
				} else {
					onlyB = append(onlyB, cell)
				}
			}
			if len(inter) < 2 || len(onlyB) == 0 || len(inter) == len(t.houseCells(a)) {
				continue
			}
			var onlyA []int32
			for _, cell := range t.houseCells(a) {
				if !slices.Contains(inter, cell) {
					onlyA = append(onlyA, cell)
				}
			}
			span := func(cells []int32) [2]int32 {
				at := int32(len(t.lockCell))
				t.lockCell = append(t.lockCell, cells...)
				return [2]int32{at, int32(len(t.lockCell))}
			}
			t.locks = append(t.locks, lock{vals: common, a: int32(a), b: int32(b), in: span(inter), onlyA: span(onlyA), onlyB: span(onlyB)})
		}
	}
	return t.readLockParts(ctx)
}

// readLockParts lists each lock's intersection in place, and covers its
// two other parts (onlyA, onlyB) with the intersections of other locks of
// the same house, apart from each other, and the cells they leave out:
// locked reads the intersections once per pass, and the rest of each
// house from them. It gives up with ctx's error when ctx ends.
func (t *table) readLockParts(ctx context.Context) error {
	byHouse := make([][]int, len(t.vals)) // the locks of each house
	for k, l := range t.locks {
		byHouse[l.a] = append(byHouse[l.a], k)
		byHouse[l.b] = append(byHouse[l.b], k)
	}
	cells := func(s [2]int32) []int32 { return t.lockCell[s[0]:s[1]] }
	none := int32(len(t.locks))
	cover := func(k int, h int32, only [2]int32) (parts [maxLockParts]int32, rest [2]int32) {
		left := slices.Clone(cells(only))
		n := 0
		for _, o := range byHouse[h] {
			in := cells(t.locks[o].in)
			if o == k || n == maxLockParts || slices.ContainsFunc(in, func(c int32) bool { return !slices.Contains(left, c) }) {
				continue // it overlaps the intersection or a part taken
			}
			parts[n] = int32(o)
			n++
			left = slices.DeleteFunc(left, func(c int32) bool { return slices.Contains(in, c) })
		}
		for ; n < maxLockParts; n++ {
			parts[n] = none
		}
		from := int32(len(t.lockCell))
		t.lockCell = append(t.lockCell, left...)
		return parts, [2]int32{from, int32(len(t.lockCell))}
	}
	for k := range t.locks {
		if k&buildPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		l := &t.locks[k]
		in := cells(l.in)
		for i := range l.inCells {
			l.inCells[i] = in[0]
			if i < len(in) {
				l.inCells[i] = in[i]
			}
		}
		l.partA, l.restA = cover(k, l.a, l.onlyA)
		l.partB, l.restB = cover(k, l.b, l.onlyB)
	}
	return nil
}

// readCellRules lists the rules of every cell: its houses, then the other
// ExactlyOne rules naming one of its candidates.
func (t *table) readCellRules() {
	lists := make([][]int32, t.cells)
	for h := range t.vals {
		for _, cell := range t.houseCells(h) {
			lists[cell] = append(lists[cell], int32(h))
		}
	}
	for r := 1; r < len(t.oneOff); r++ {
		id := int32(len(t.vals) + r - 1)
		for _, p := range t.one[t.oneOff[r-1]:t.oneOff[r]] {
			if l := lists[p>>6]; len(l) == 0 || l[len(l)-1] != id {
				lists[p>>6] = append(l, id)
			}
		}
	}
	t.cellRuleOff = make([]int32, t.cells+1)
	for cell, l := range lists {
		t.cellRule = append(t.cellRule, l...)
		t.cellRuleOff[cell+1] = int32(len(t.cellRule))
	}
	if t.numRules() <= 64 {
		t.cellRules = make([]uint64, t.cells)
		for cell, l := range lists {
			for _, r := range l {
				t.cellRules[cell] |= 1 << uint(r)
			}
		}
	}
}

// numRules returns the number of ExactlyOne rules the propagation tracks:
// the houses and the others.
func (t *table) numRules() int { return len(t.vals) + len(t.oneOff) - 1 }
