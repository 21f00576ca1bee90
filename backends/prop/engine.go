package prop

import (
	"context"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/sudokit/sudokit/model"
)

// pollMask: the context is polled every pollMask+1 nodes.
const pollMask = 1<<12 - 1

// work is the state of one search over a table: the candidates of every
// cell as a mask (bit v-1 for value v), the cells waiting to be placed,
// and the stack of saved states, one per open branch point. Every search
// resets it; its buffers grow during the first searches and are reused.
type work struct {
	t       *table
	mask    []uint64 // per cell: its live values
	left    int      // cells not placed yet
	queue   []int32  // cells reduced to one value, to place
	changed bool     // a pass removed a candidate

	// The scratch of a killer cage's reading (combo).
	scan comboScan

	// Incremental propagation: the rules (houses, then the other
	// ExactlyOne rules) with a cell changed since their last hidden-single
	// check (dirty), and since the last locked-candidates pass
	// (lockDirty), as bitsets; lockCur is lockDirty's snapshot.
	dirty     []uint64
	lockDirty []uint64
	lockCur   []uint64
	// lockIns holds, during a locked candidates pass, the values of each
	// lock's intersection, and a last word of none.
	lockIns []uint64

	// The stack: level k saved the masks saved[k*cells:(k+1)*cells] and
	// left savedLeft[k] before branching on cell lvCell[k], whose values
	// not tried yet are lvRest[k]; or, when lvPair[k] is a cell, on the
	// two places lvCell[k] and lvPair[k] of value lvVal[k] in a house
	// (bit 0 of lvRest[k]: the first not tried yet, bit 1: the second);
	// or, when lvPair[k] is refuted, on value lvVal[k] of cell lvCell[k]
	// and then on the cell without it (bits 0 and 1 again).
	saved     []uint64
	savedLeft []int
	lvCell    []int32
	lvRest    []uint64
	lvPair    []int32
	lvVal     []uint64
	// alive holds, per rule with a slot, its value sets still possible
	// (see combo); savedAlive[k*len(alive):] level k's.
	alive      []uint64
	savedAlive []uint64

	// naryDirty marks the n-ary rules with a cell changed since their
	// last pass.
	naryDirty []uint64
	// arcDirty marks the cells changed since their arcs were last
	// revised, for a table with arcs.
	arcDirty []uint64
	// Conflict weights, for tables with n-ary rules or arcs (see choose):
	// per cell, how often it was left with no value, and how often the
	// n-ary rules naming it failed, in this search.
	cellWt []uint64
	// memo skips the seen steps already run for the same places at a
	// node of the current path.
	memo memo
	// passes counts the n-ary rules' passes; rerun marks every rule to
	// run again after its own removals (for the test that compares).
	passes int64
	rerun  bool
	// groupsAgain marks the sums with groups to run again after their
	// own removals, as Propagate does (see naryRule.again).
	groupsAgain bool

	lo, hi     []int64  // scratch of a Sum, per cell
	fwd, bwd   []sums   // scratch of a Sum's reachable totals, per cell and one more
	fwd1, bwd1 []uint64 // the same for sums of fewer than 64 totals
	gmin, gmax []int64  // scratch of a Sum's groups (see groupBounds)
	sup        []uint64 // scratch of a Table, per cell
	tmask      []uint64
	locks      bool // use locked candidates
	lanes      bool // read rules of few cells from masks in lanes (see Solver.noLanes)

	cl *classic // the classic path's state, for a classic table

	// In a team (see team): mu guards the levels below depth, which the
	// team's other searches may take values from; wtBase holds the
	// team's conflict weights as of w's last share.
	mu      sync.Mutex
	depth   int
	wtBase  []uint64
	tm      *team // the team w starts, kept for the next
	retired bool  // w left its team (see retire)

	// Progress (see searched): base is the part of the whole tree that
	// w's work is (1 at the root, a branch's part for work taken from
	// another search), stolen the part of it others took from w's
	// levels; partial holds the bits of w's last searched(), for its
	// team to read.
	base, stolen float64
	partial      atomic.Uint64
	prog         *Progress // where the root's search publishes, or nil
}

// A Progress receives, as a search goes, the part of its tree it has
// searched (see Solver.SolveProgress): an estimate that assumes the
// branches of a level alike, so that it runs ahead of the truth while the
// first branches are the larger, as they often are; it is 1 when an
// exhaustive search ends. Its methods may be called concurrently.
type Progress struct{ bits atomic.Uint64 }

// Searched returns the part last published, from 0 to 1.
func (p *Progress) Searched() float64 {
	return min(1, max(0, math.Float64frombits(p.bits.Load())))
}

// Publish stores x as the part searched, for the readers of p.
func (p *Progress) Publish(x float64) { p.bits.Store(math.Float64bits(x)) }

// publish stores the part w has searched at depth d for its team (tm, or
// nil) and, from the root's search, the whole team's in w.prog.
func (w *work) publish(d int, tm *team) {
	if tm == nil {
		w.prog.Publish(w.searched(d))
		return
	}
	w.mu.Lock() // others write w.stolen when they take work from w
	x := w.searched(d)
	w.mu.Unlock()
	w.partial.Store(math.Float64bits(x))
	if w == tm.root && w.prog != nil {
		w.prog.Publish(tm.searched())
	}
}

func (t *table) newWork() *work {
	k := t.nary.maxCells
	w := &work{
		t:     t,
		mask:  make([]uint64, t.cells),
		queue: make([]int32, 0, t.cells),
		lo:    make([]int64, k),
		hi:    make([]int64, k),
		sup:   make([]uint64, k),
		tmask: make([]uint64, k),
		fwd:   make([]sums, k+1),
		bwd:   make([]sums, k+1),
		fwd1:  make([]uint64, k+1),
		gmin:  make([]int64, k),
		gmax:  make([]int64, k),
		bwd1:  make([]uint64, k+1),
		locks: true,
	}
	w.naryDirty = make([]uint64, (len(t.nary.rules)+63)/64)
	w.alive = make([]uint64, len(t.nary.full))
	if len(t.arcs.other) > 0 {
		w.arcDirty = make([]uint64, (t.cells+63)/64)
	}
	if len(t.nary.rules) > 0 || len(t.arcs.other) > 0 {
		w.cellWt = make([]uint64, t.cells)
	}
	if t.seers != nil {
		w.memo = newMemo(len(t.nary.rules)*t.values, t.cells)
	}
	// One word at least: a model may have no ExactlyOne rule (n-ary
	// rules alone), and touch marks word 0 of the cell's rules.
	nw := max(1, (t.numRules()+63)/64)
	w.dirty = make([]uint64, nw)
	w.lockDirty = make([]uint64, nw)
	w.lockCur = make([]uint64, nw)
	w.lockIns = make([]uint64, len(t.locks)+1)
	if t.classic {
		w.cl = new(classic)
	}
	return w
}

// push queues cell, whose mask just became one value, for placing.
func (w *work) push(cell int32) { w.queue = append(w.queue, cell) }

// touch records that cell's mask changed: its rules wait for a hidden
// single check and a locked-candidates pass.
func (w *work) touch(cell int32) {
	t := w.t
	if w.arcDirty != nil {
		w.arcDirty[cell>>6] |= 1 << uint(cell&63)
	}
	if nw := t.nary.words; nw == 1 {
		w.naryDirty[0] |= t.nary.cellBits[cell]
	} else if nw > 0 {
		for i, b := range t.nary.cellBits[int(cell)*nw : int(cell)*nw+nw] {
			w.naryDirty[i] |= b
		}
	} else if nr := t.nary.cellRule; nr != nil {
		for _, k := range nr[t.nary.cellOff[cell]:t.nary.cellOff[cell+1]] {
			w.naryDirty[k>>6] |= 1 << uint(k&63)
		}
	}
	if t.cellRules != nil {
		m := t.cellRules[cell]
		w.dirty[0] |= m
		w.lockDirty[0] |= m
		return
	}
	for _, r := range t.cellRule[t.cellRuleOff[cell]:t.cellRuleOff[cell+1]] {
		w.dirty[r>>6] |= 1 << uint(r&63)
		w.lockDirty[r>>6] |= 1 << uint(r&63)
	}
}

// touchAll marks every rule changed.
func (w *work) touchAll() {
	for cell := range int32(w.t.cells) {
		w.touch(cell)
	}
}

// clean forgets the changes, for a state at a fixpoint.
func (w *work) clean() {
	clear(w.dirty)
	clear(w.lockDirty)
	clear(w.naryDirty)
	clear(w.arcDirty)
}

// restrict keeps only the values keep of cell. It returns false when none
// is left; a cell left with one value is queued.
func (w *work) restrict(cell int32, keep uint64) bool {
	m := w.mask[cell]
	nm := m & keep
	if nm == m {
		return true
	}
	if nm == 0 {
		return false
	}
	w.mask[cell] = nm
	w.changed = true
	w.touch(cell)
	if nm&(nm-1) == 0 {
		w.push(cell)
	}
	return true
}

// place places the one value of cell: it removes the candidate's peers.
func (w *work) place(cell int32) bool {
	t, mask := w.t, w.mask
	c := int(cell)*t.values + bits.TrailingZeros64(mask[cell])
	for _, p := range t.peers[t.peerOff[c]:t.peerOff[c+1]] {
		pc, pb := p>>6, uint64(1)<<uint(p&63)
		m := mask[pc]
		if m&pb == 0 {
			continue
		}
		m &^= pb
		if m == 0 {
			if w.cellWt != nil {
				w.cellWt[pc]++
			}
			return false
		}
		mask[pc] = m
		w.touch(pc)
		if m&(m-1) == 0 {
			w.queue = append(w.queue, pc)
		}
	}
	w.left--
	return true
}

// hidden finds the hidden singles of the ExactlyOne rules with a cell
// changed since their last check: a value that one cell only of a house
// can still take goes there, and a value no cell can take is a
// contradiction.
func (w *work) hidden() bool {
	t, mask := w.t, w.mask
	nh := int32(len(t.vals))
	for i := 0; i < len(w.dirty); i++ {
		if w.dirty[i] == 0 {
			continue
		}
		r := int32(i<<6 + bits.TrailingZeros64(w.dirty[i]))
		w.dirty[i] &= w.dirty[i] - 1
		i = -1 // rescan: a placement may mark earlier words
		if r >= nh {
			if !w.hiddenOne(int(r - nh)) {
				return false
			}
			continue
		}
		vals := t.vals[r]
		cells := t.house[t.houseOff[r]:t.houseOff[r+1]]
		once, twice, single := scanHouse(mask, cells)
		if vals&^once != 0 {
			if t.pairBranch {
				w.houseFailed(cells)
			}
			return false
		}
		for hid := once &^ twice & vals &^ single; hid != 0; hid &= hid - 1 {
			b := hid & -hid
			found := false
			for _, cell := range cells {
				if mask[cell]&b != 0 {
					mask[cell] = b
					w.touch(cell)
					w.queue = append(w.queue, cell)
					found = true
					break
				}
			}
			if !found {
				return false // the cell took another hidden single
			}
		}
	}
	return true
}

// scanHouse returns the values of the cells of a house (once), those
// two cells or more hold (twice), and those of its placed cells (single).
// It stays a call of its own, whose loop keeps its values in registers.
//
//go:noinline
func scanHouse(mask []uint64, cells []int32) (once, twice, single uint64) {
	if len(cells) == 9 { // a 9x9 grid's house, without a loop
		c := (*[9]int32)(cells)
		once, twice, single = scanCell(mask[c[0]], once, twice, single)
		once, twice, single = scanCell(mask[c[1]], once, twice, single)
		once, twice, single = scanCell(mask[c[2]], once, twice, single)
		once, twice, single = scanCell(mask[c[3]], once, twice, single)
		once, twice, single = scanCell(mask[c[4]], once, twice, single)
		once, twice, single = scanCell(mask[c[5]], once, twice, single)
		once, twice, single = scanCell(mask[c[6]], once, twice, single)
		once, twice, single = scanCell(mask[c[7]], once, twice, single)
		return scanCell(mask[c[8]], once, twice, single)
	}
	for _, cell := range cells {
		once, twice, single = scanCell(mask[cell], once, twice, single)
	}
	return once, twice, single
}

// scanCell adds the mask m of a cell to scanHouse's values.
func scanCell(m, once, twice, single uint64) (uint64, uint64, uint64) {
	twice |= once & m
	once |= m
	if m&(m-1) == 0 {
		single |= m
	}
	return once, twice, single
}

// halfAdd adds the bits of x to once (the bits seen so far) and twice
// (those seen twice or more), as a half adder per bit that saturates.
func halfAdd[T uint32 | uint64](once, twice, x T) (T, T) {
	return once | x, twice | once&x
}

// hiddenOne checks the other ExactlyOne rule r: none of its candidates
// left is a contradiction, one left is chosen.
func (w *work) hiddenOne(r int) bool {
	t, mask := w.t, w.mask
	var live ref = -1
	n := 0
	for _, p := range t.one[t.oneOff[r]:t.oneOff[r+1]] {
		if mask[p>>6]&(1<<uint(p&63)) != 0 {
			live = p
			n++
			if n > 1 {
				break
			}
		}
	}
	switch n {
	case 0:
		return false
	case 1:
		return w.restrict(live>>6, 1<<uint(live&63))
	}
	return true
}

// locked applies locked candidates (pointing and claiming) to the pairs of
// houses one of which changed since the last pass: a value two houses
// share that one of them holds only in their intersection leaves the
// other's remaining cells.
func (w *work) locked() bool {
	t, mask := w.t, w.mask
	cur := w.lockCur
	copy(cur, w.lockDirty)
	clear(w.lockDirty)
	has := func(h int32) bool { return cur[h>>6]&(1<<uint(h&63)) != 0 }
	or := func(s [2]int32) uint64 {
		var x uint64
		for _, cell := range t.lockCell[s[0]:s[1]] {
			x |= mask[cell]
		}
		return x
	}
	parts := func(p *[maxLockParts]int32, ins []uint64) uint64 {
		return ins[p[0]] | ins[p[1]] | ins[p[2]] | ins[p[3]]
	}
	if t.nakedPairs {
		for h := range t.vals {
			if has(int32(h)) && !w.nakedPairs(t.houseCells(h)) {
				return false
			}
		}
	}
	// ins holds each lock's intersection's values (and a last word of
	// none), read again after a lock removes candidates.
	ins := w.lockIns
	lockInsOf(mask, t.lockCell, t.locks, ins)
	stale := false
	for k := range t.locks {
		l := &t.locks[k]
		if !has(l.a) && !has(l.b) {
			continue
		}
		if stale {
			lockInsOf(mask, t.lockCell, t.locks, ins)
			stale = false
		}
		in := ins[k] & l.vals
		if in == 0 {
			continue
		}
		a := parts(&l.partA, ins)
		if l.restA[0] != l.restA[1] {
			a |= or(l.restA)
		}
		b := parts(&l.partB, ins)
		if l.restB[0] != l.restB[1] {
			b |= or(l.restB)
		}
		if x := in &^ a & b; x != 0 {
			stale = true
			for _, cell := range t.lockCell[l.onlyB[0]:l.onlyB[1]] {
				if mask[cell]&x != 0 && !w.restrict(cell, ^x) {
					return false
				}
			}
		}
		if x := in &^ b & a; x != 0 {
			stale = true
			for _, cell := range t.lockCell[l.onlyA[0]:l.onlyA[1]] {
				if mask[cell]&x != 0 && !w.restrict(cell, ^x) {
					return false
				}
			}
		}
	}
	return true
}

// lockInsOf sets ins[k] to the values of the intersection of locks[k],
// for every lock. It stays a call of its own, whose loop keeps its
// values in registers.
//
//go:noinline
func lockInsOf(mask []uint64, lockCell []int32, locks []lock, ins []uint64) {
	ins = ins[:len(locks)]
	for k := range locks {
		l := &locks[k]
		if !l.wide() {
			ins[k] = mask[l.inCells[0]] | mask[l.inCells[1]] | mask[l.inCells[2]] | mask[l.inCells[3]]
			continue
		}
		var x uint64
		for _, cell := range lockCell[l.in[0]:l.in[1]] {
			x |= mask[cell]
		}
		ins[k] = x
	}
}

// propagate places the queued cells and applies hidden singles, locked
// candidates and the n-ary rules, to a fixpoint. It returns false on a
// contradiction.
func (w *work) propagate() bool {
	for {
		for len(w.queue) > 0 {
			cell := w.queue[len(w.queue)-1]
			w.queue = w.queue[:len(w.queue)-1]
			if !w.place(cell) {
				return false
			}
		}
		if !w.hidden() {
			return false
		}
		if len(w.queue) > 0 {
			continue
		}
		if w.arcDirty != nil {
			w.changed = false
			if !w.revise() {
				return false
			}
			// A value the arcs removed may leave a house one place for
			// it: the hidden singles run again.
			if len(w.queue) > 0 || w.changed {
				continue
			}
		}
		w.changed = false
		if len(w.t.nary.rules) > 0 {
			if !w.naryPass() {
				return false
			}
			if w.changed {
				continue
			}
		}
		if w.locks && w.left > 0 {
			if !w.locked() {
				return false
			}
			if w.changed {
				continue
			}
		}
		return true
	}
}

// start applies the givens of m. It returns false when they contradict
// each other or the rules.
func (w *work) start(m *model.Model) bool {
	t := w.t
	for i := range w.mask {
		w.mask[i] = t.full
	}
	w.queue = w.queue[:0]
	w.left = t.cells
	clear(w.cellWt)
	w.passes = 0
	if t.seers != nil {
		w.memo.reset()
	}
	copy(w.alive, t.nary.full)
	w.clean()
	w.touchAll()
	for i := range w.lockDirty {
		w.lockDirty[i] = ^uint64(0)
	}
	V := t.values
	for _, c := range m.Excluded() {
		w.mask[int(c)/V] &^= 1 << uint(int(c)%V)
	}
	for _, c := range m.Fixed() {
		cell, b := int(c)/V, uint64(1)<<uint(int(c)%V)
		if w.mask[cell]&b == 0 {
			return false
		}
		w.mask[cell] = b
	}
	for cell, x := range w.mask {
		if x == 0 {
			return false
		}
		if x&(x-1) == 0 {
			w.push(int32(cell))
		}
	}
	return true
}

// choose returns the cell to branch on, and its mask: the cell with the
// fewest values left, or, on a table with n-ary rules or arcs, the cell with the
// fewest values per conflict weight (dom/wdeg: 1, plus the times the cell
// was emptied, plus the failures of its n-ary rules, and on a table of
// pairs of its houses, in this search), so that the search turns to the
// rules that fail most.
func (w *work) choose() (int32, uint64) {
	if w.cellWt != nil {
		return w.chooseWeighted()
	}
	best, bestN := int32(-1), 65
	for cell, m := range w.mask {
		if m&(m-1) == 0 {
			continue
		}
		n := bits.OnesCount64(m)
		if n < bestN {
			best, bestN = int32(cell), n
			if n == 2 {
				break
			}
		}
	}
	return best, w.mask[best]
}

// chooseWeighted is choose by values per conflict weight.
func (w *work) chooseWeighted() (int32, uint64) {
	best, bestN, bestW := int32(-1), uint64(65), uint64(1)
	for cell, m := range w.mask {
		if m&(m-1) == 0 {
			continue
		}
		n := uint64(bits.OnesCount64(m))
		wt := 1 + w.cellWt[cell]
		if n*bestW < bestN*wt { // n/wt < bestN/bestW
			best, bestN, bestW = int32(cell), n, wt
		}
	}
	return best, w.mask[best]
}

// fail counts a failure of n-ary rule k in the weights of its cells (see
// chooseWeighted): kept per cell as the failures happen, so that choosing
// a cell reads one word per cell. A rule the others imply counts
// impliedWeight times.
func (w *work) fail(k int) {
	nr := &w.t.nary
	inc := uint64(1)
	if nr.rules[k].implied {
		inc = impliedWeight
	}
	for _, c := range nr.ruleCell[nr.ruleOff[k]:nr.ruleOff[k+1]] {
		w.cellWt[c] += inc
	}
}

// impliedWeight is how many failures of a rule the others imply, such as
// an innie-outie sum (model.Builder.DeriveSums), one failure of it counts
// for in the conflict weights. Such a rule fails seldom (9% of the
// failures on iss-305, where the cages fail in 80%), but its cells span
// cages and houses, and the contradiction it finds is where the search
// should look next: on the published variants under 400,000 nodes each,
// counting it 5 times rather than once took the nodes of the puzzles
// decided either way from 4.86 to 4.32 million (see BENCHMARKS.md).
const impliedWeight = 5

// houseFailed counts, on a table of pairs (pairBranch), a house left
// without a place for one of its values in the conflict weights of its
// cells: houseWeight each. On such tables most contradictions are found
// there rather than in a rule; the weights then point the search at the
// houses a thermometer or a line squeezes.
func (w *work) houseFailed(cells []int32) {
	for _, c := range cells {
		w.cellWt[c] += houseWeight
	}
}

// houseWeight is what a house's failure adds to each of its cells' weights
// on a table of pairs (see houseFailed). On the published thermometers
// iss-178 to iss-180 it took prop from 478,756, 401,344 and 59,450 nodes
// to 78,517, 82,334 and 13,317, and iss-165, iss-175 and iss-176 from
// 90,962, 123,708 and 866,193 to 75,681, 113,484 and 788,414. Over the
// 36 puzzles of pairs of the published set that prop decided within
// 400,000 nodes either way, the geometric mean of the node ratios was
// 0.87 with 2, 0.90 with 1 and 1.14 with 3 (see BENCHMARKS.md). On
// killers the cages' failures point better: weighing houses there too
// took iss-083 from 87,037 nodes to 350,629.
const houseWeight = 2

// housePair returns the two places a, b of a value v (a one-bit mask) in
// a house whose weights outweigh cell's, chosen to branch on (see
// chooseWeighted): the heavier of the two places' conflict weights over
// two branches against cell's weight over its values; a = -1 when none
// does.
func (w *work) housePair(cell int32) (a, b int32, v uint64) {
	t, mask := w.t, w.mask
	bestN, bestW := uint64(bits.OnesCount64(mask[cell])), 1+w.cellWt[cell]
	a = -1
	for h := range t.vals {
		cells := t.houseCells(h)
		var once, twice, more uint64
		for _, c := range cells {
			x := mask[c]
			more |= twice & x
			twice |= once & x
			once |= x
		}
		for two := twice &^ more & t.vals[h]; two != 0; two &= two - 1 {
			x := two & -two
			p, q := int32(-1), int32(-1)
			for _, c := range cells {
				if mask[c]&x != 0 {
					if p < 0 {
						p = c
					} else {
						q = c
					}
				}
			}
			if mask[p]&(mask[p]-1) == 0 || mask[q]&(mask[q]-1) == 0 {
				continue // one of them is placed
			}
			if wt := 1 + max(w.cellWt[p], w.cellWt[q]); 2*bestW <= bestN*wt { // wt/2 >= bestW/bestN
				bestN, bestW = 2, wt
				a, b, v = p, q, x
			}
		}
	}
	return a, b, v
}

// searched returns the part of the whole tree that w, at depth d, has
// searched itself since it took its work: the branches of its levels
// that it left, each weighing its level's part over its level's branches
// (Knuth's estimate, which assumes that the branches of a level are
// alike; the early ones are often the larger, so it runs ahead), less
// what others took (stolen).
func (w *work) searched(d int) float64 {
	gross, part := 0.0, w.base
	for k := range d {
		branches := w.branches(k)
		part /= float64(branches)
		// The branch under way leads to level k+1 or is the node at hand.
		gross += part * float64(branches-bits.OnesCount64(w.lvRest[k])-1)
	}
	return gross - w.stolen
}

// branchPart returns the part of the whole tree that one branch of level
// k of w weighs.
func (w *work) branchPart(k int) float64 {
	part := w.base
	for j := range k + 1 {
		part /= float64(w.branches(j))
	}
	return part
}

// branches returns how many branches level k has: its cell's values, or
// two.
func (w *work) branches(k int) int {
	if w.lvPair[k] != -1 {
		return 2
	}
	return bits.OnesCount64(w.saved[k*w.t.cells+int(w.lvCell[k])])
}

// refuted marks a level that branches on a cell's value and then on the
// cell without it (see work.lvPair).
const refuted = -2

// save pushes the current state as level d, branching on cell over rest,
// or, on a table with refute and a cell of refute values or more, on a
// value's two places in a house when the table has pairBranch and
// housePair finds them heavier, else on one of the cell's values
// (refuteValue) and then on the cell without it: the second branch
// propagates the value's removal and chooses its cell anew, with the
// conflict weights the first branch left (binary branching).
func (w *work) save(d int, cell int32, rest uint64) {
	n := w.t.cells
	if end := (d + 1) * n; end > len(w.saved) {
		w.saved = append(w.saved, make([]uint64, end-len(w.saved))...)
		w.savedLeft = append(w.savedLeft, 0)
		w.lvCell = append(w.lvCell, 0)
		w.lvRest = append(w.lvRest, 0)
		w.lvPair = append(w.lvPair, -1)
		w.lvVal = append(w.lvVal, 0)
	}
	copy(w.saved[d*n:(d+1)*n], w.mask)
	w.savedLeft[d], w.lvCell[d], w.lvRest[d], w.lvPair[d] = w.left, cell, rest, -1
	if r := w.t.refute; r > 0 && bits.OnesCount64(rest) >= r {
		a, b, v := int32(-1), int32(-1), uint64(0)
		if w.t.pairBranch {
			a, b, v = w.housePair(cell)
		}
		if a >= 0 {
			w.lvCell[d], w.lvPair[d], w.lvVal[d], w.lvRest[d] = a, b, v, 3
		} else {
			w.lvPair[d], w.lvVal[d], w.lvRest[d] = refuted, w.t.refuteValue(rest), 3
		}
	}
	if na := len(w.alive); na > 0 {
		if end := (d + 1) * na; end > len(w.savedAlive) {
			w.savedAlive = append(w.savedAlive, make([]uint64, end-len(w.savedAlive))...)
		}
		copy(w.savedAlive[d*na:(d+1)*na], w.alive)
	}
}

// search solves m from scratch, adding its solutions to res. It returns why
// it stopped early, or model.Done.
func (w *work) search(ctx context.Context, m *model.Model, opts model.Options, res *model.Result) model.Stop {
	if !w.start(m) {
		if w.prog != nil {
			w.prog.Publish(1) // no tree
		}
		return model.Done
	}
	w.base, w.stolen = 1, 0
	stop, nodes, guesses := w.run(ctx, opts, res, w.propagate(), nil)
	res.Stats.Nodes = nodes
	res.Stats.Guesses = guesses
	return stop
}

// run searches below the state propagation left (ok: no contradiction),
// adding the solutions to res (to the team's, in a team); the root counts
// as a node. It returns why
// it stopped early, or model.Done, and the nodes and branch points it
// searched. With a team (see team), its levels are shared under w.mu:
// the other searches of the team may take their values not tried yet,
// and when its own tree is done it takes some of theirs.
func (w *work) run(ctx context.Context, opts model.Options, res *model.Result, ok bool, tm *team) (model.Stop, int64, int64) {
	var (
		trace   = opts.Trace
		done    = ctx.Done()
		budget  = opts.Nodes
		nodes   = int64(1)
		guesses int64
		d       = 0
		stop    = model.Done
	)
loop:
	for {
		if !ok && trace != nil {
			trace(model.Event{Kind: model.EventDeadEnd, Depth: int32(d), Cand: model.NoCand})
		}
		if ok {
			if w.left == 0 {
				if tm != nil {
					if !tm.solution(w) {
						break
					}
				} else {
					res.Count++
					if trace != nil {
						trace(model.Event{Kind: model.EventSolution, Depth: int32(d), Cand: model.NoCand})
					}
					if opts.Keeps(len(res.Solutions)) {
						res.Solutions = append(res.Solutions, w.solution())
					}
					if opts.Limit > 0 && res.Count >= opts.Limit {
						break
					}
				}
			} else {
				cell, rest := w.choose()
				guesses++
				if tm != nil {
					w.mu.Lock()
				}
				w.save(d, cell, rest)
				d++
				if tm != nil {
					w.depth = d
					w.mu.Unlock()
				}
			}
		}
		if tm != nil {
			w.mu.Lock()
		}
		for d > 0 && w.lvRest[d-1] == 0 {
			d--
			if trace != nil { // the level's last value
				w.traceUndo(trace, d)
			}
		}
		if tm != nil {
			w.depth = d
		}
		if d == 0 {
			if tm == nil {
				if w.prog != nil {
					w.prog.Publish(w.base) // the whole tree
				}
				break
			}
			w.mu.Unlock()
			tm.finish(w)
			var took bool
			if ok, took = tm.steal(ctx, w); !took {
				break
			}
			nodes++
			continue
		}
		if budget > 0 && nodes >= budget {
			stop = model.NodeLimit
			break // not in a team: a team has no budget
		}
		if trace != nil {
			w.traceTry(trace, d-1)
		}
		nodes++
		k := d - 1
		rest := w.lvRest[k]
		b := rest & -rest
		w.lvRest[k] = rest &^ b
		if tm != nil {
			w.mu.Unlock() // level k stays: only w writes what it saved
		}
		if nodes&pollMask == 0 && (tm != nil || w.prog != nil) {
			w.publish(d, tm)
		}
		if nodes&pollMask == 0 && done != nil {
			select {
			case <-done:
				stop = model.StopFor(ctx.Err())
				if tm != nil {
					tm.halt(stop)
				}
				break loop
			default:
			}
		}
		if tm != nil {
			if uint64(nodes)&tm.shareEvery == 0 {
				tm.share(w)
			}
			if uint64(nodes)&tm.every == 0 && tm.poll(w) {
				w.mu.Lock()
				w.lvRest[k] |= b // not searched: the value goes with the level
				w.mu.Unlock()
				tm.retire(w)
				nodes--
				break
			}
			if tm.ended.Load() {
				break
			}
		}
		w.fromLevel(w, k, b, d)
		ok = w.propagate()
	}
	return stop, nodes, guesses
}

// fromLevel readies w, as the node at depth d of its path, to search
// branch b (a bit of lvRest) of level k of src's stack, w's own or another
// search's: the state src saved there, its cell kept to the branch's
// values (see levelBranch).
func (w *work) fromLevel(src *work, k int, b uint64, d int) {
	n := w.t.cells
	copy(w.mask, src.saved[k*n:(k+1)*n])
	w.left = src.savedLeft[k]
	if na := len(w.alive); na > 0 {
		copy(w.alive, src.savedAlive[k*na:(k+1)*na])
	}
	cell, v := levelBranch(src.lvCell[k], src.lvPair[k], src.lvVal[k], b)
	w.branch(cell, v, d)
}

// levelBranch returns the cell and the values it keeps (one, or all but
// one when the level is refuted) of branch b of a level that branches on
// cell, or, when pair is a cell, on the two places cell (b = 1) and pair
// (b = 2) of value val, or, when pair is refuted, on value val of cell (b
// = 1) and on the cell without it (b = 2).
func levelBranch(cell, pair int32, val, b uint64) (int32, uint64) {
	switch {
	case pair == refuted:
		if b == 2 {
			return cell, ^val
		}
		return cell, val
	case pair < 0:
		return cell, b
	case b == 2:
		return pair, val
	}
	return cell, val
}

// branch keeps only the values keep of cell (one value, or all but one:
// see levelBranch) in a state copied from a level, as the node at depth d
// of the path, ready to propagate.
func (w *work) branch(cell int32, keep uint64, d int) {
	m := w.mask[cell] & keep
	w.mask[cell] = m
	w.queue = w.queue[:0]
	if m&(m-1) == 0 {
		w.queue = append(w.queue, cell)
	}
	w.clean()
	w.touch(cell)
	if w.t.seers != nil {
		if d == 0 {
			w.memo.reset()
		} else {
			w.memo.enter(d)
		}
	}
}

// traceUndo reports the Undo of the value last tried at level k.
func (w *work) traceUndo(trace func(model.Event), k int) {
	cell := w.lvCell[k]
	if w.lvPair[k] == refuted {
		cand := model.Cand(int(cell)*w.t.values + bits.TrailingZeros64(w.lvVal[k]))
		if w.lvRest[k] == 0 {
			cand = model.NoCand // the branch without the value
		}
		trace(model.Event{Kind: model.EventUndo, Depth: int32(k), Cand: cand})
		return
	}
	if w.lvPair[k] >= 0 { // the first place is undone while the second is left
		if w.lvRest[k] == 0 {
			cell = w.lvPair[k]
		}
		v := bits.TrailingZeros64(w.lvVal[k])
		trace(model.Event{Kind: model.EventUndo, Depth: int32(k), Cand: model.Cand(int(cell)*w.t.values + v)})
		return
	}
	tried := w.saved[k*w.t.cells+int(cell)] &^ w.lvRest[k]
	v := 63 - bits.LeadingZeros64(tried) // values are tried lowest first
	trace(model.Event{Kind: model.EventUndo, Depth: int32(k), Cand: model.Cand(int(cell)*w.t.values + v)})
}

// traceTry reports the next value of level k as a Try, after the Undo of
// the value tried there before, if any.
func (w *work) traceTry(trace func(model.Event), k int) {
	cell := w.lvCell[k]
	if w.lvPair[k] == refuted {
		cand := model.Cand(int(cell)*w.t.values + bits.TrailingZeros64(w.lvVal[k]))
		if w.lvRest[k] != 3 {
			w.traceUndo(trace, k)
			cand = model.NoCand // the branch without the value
		}
		trace(model.Event{Kind: model.EventTry, Depth: int32(k), Cand: cand, Options: 2})
		return
	}
	if w.lvPair[k] >= 0 {
		if w.lvRest[k] != 3 {
			w.traceUndo(trace, k)
			cell = w.lvPair[k]
		}
		v := bits.TrailingZeros64(w.lvVal[k])
		trace(model.Event{Kind: model.EventTry, Depth: int32(k), Cand: model.Cand(int(cell)*w.t.values + v), Options: 2})
		return
	}
	all, rest := w.saved[k*w.t.cells+int(cell)], w.lvRest[k]
	if rest != all {
		w.traceUndo(trace, k)
	}
	v := bits.TrailingZeros64(rest)
	trace(model.Event{Kind: model.EventTry, Depth: int32(k), Cand: model.Cand(int(cell)*w.t.values + v),
		Options: int32(bits.OnesCount64(all))})
}

// solution returns the placed value of every cell as a model solution.
func (w *work) solution() model.Solution {
	V := w.t.values
	sol := make(model.Solution, len(w.mask))
	for cell, m := range w.mask {
		sol[cell] = model.Cand(cell*V + bits.TrailingZeros64(m))
	}
	return sol
}

// nakedPairs removes the values of two cells of a house left with the same
// two values from the house's other cells. It returns false on a
// contradiction.
func (w *work) nakedPairs(cells []int32) bool {
	mask := w.mask
	for i, a := range cells {
		m := mask[a]
		if bits.OnesCount64(m) != 2 {
			continue
		}
		for _, b := range cells[i+1:] {
			if mask[b] != m {
				continue
			}
			for _, c := range cells {
				if c != a && c != b && mask[c]&m != 0 && !w.restrict(c, ^m) {
					return false
				}
			}
		}
	}
	return true
}
