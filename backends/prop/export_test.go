package prop

import (
	"context"
	"math"

	"github.com/sudokit/sudokit/model"
)

// WithoutLocks returns a Solver that does not apply locked candidates, for
// the tests and benchmarks that compare.
func WithoutLocks() *Solver { return &Solver{noLocks: true} }

// General returns a Solver that keeps classic 9x9 models on the general
// path, for the tests that compare the two.
func General() *Solver { return &Solver{general: true} }

// GeneralWithoutLocks is General without locked candidates.
func GeneralWithoutLocks() *Solver { return &Solver{general: true, noLocks: true} }

// Team returns a Solver of up to n searches per model (Solver.Workers),
// on the general path.
func Team(n int) *Solver { return &Solver{general: true, Workers: n} }

// EagerTeam is Team with helpers joining, and weights renewed, every 8
// nodes rather than every 4,096, so that small trees are shared too.
func EagerTeam(n int) *Solver { return &Solver{general: true, Workers: n, teamEvery: 7} }

// Helpers returns how many helpers s started, and how many searches it
// runs now.
func Helpers(s *Solver) (started int64, running int32) { return s.helped.Load(), s.running.Load() }

// Retired returns how many helpers left their teams.
func Retired(s *Solver) int64 { return s.retired.Load() }

// ReservingTeam is EagerTeam(n) whose solver reserves places for n-1
// other searches at its root's tenth poll, once its helpers have joined,
// so that they leave; release gives the places back.
func ReservingTeam(n int) (s *Solver, release func()) {
	s = EagerTeam(n)
	var rel func()
	s.rootPolled = func(s *Solver, polls int) {
		if polls == 10 {
			rel = s.Reserve(n - 1)
		}
	}
	return s, func() {
		if rel != nil {
			rel()
		}
	}
}

// WithoutLanes returns a Solver of one search that reads every rule cell
// by cell, never from its cells' masks packed in lanes, for the test that
// compares.
func WithoutLanes() *Solver { return &Solver{noLanes: true, Workers: 1} }

// WithoutMerge returns a Solver that reads no merged sums (see
// mergeSums), for the tests that compare.
func WithoutMerge() *Solver { return &Solver{noMerge: true} }

// MergedSums returns how many merged sums m's table adds.
func MergedSums(m *model.Model) int {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return -1
	}
	u, err := buildTable(context.Background(), m, false)
	if err != nil {
		return -1
	}
	return len(t.nary.rules) - len(u.nary.rules)
}

// MergeWeighs returns the slack and the spread of a sum of plain values
// of total over cells of m, on a table with no givens, as mergeSums weighs
// them (grouper) and as the groups of sumGroups, which the search reads,
// give them.
func MergeWeighs(m *model.Model, cells []int32, total int) (slack, spread, wantSlack, wantSpread int) {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return -1, -1, -1, -1
	}
	slack, spread = newGrouper(t).weigh(cells, total)
	V := t.values
	r := &naryRule{kind: model.Sum, cells: cells, w: make([]int32, len(cells)*64), order: make([]int8, len(cells))}
	for i := range cells {
		for v := range V {
			r.w[i*64+v] = int32(v + 1)
		}
		r.order[i] = 1
	}
	least, most, left := 0, 0, len(cells)
	for _, g := range sumGroups(t, r) {
		k := len(g)
		left -= k
		for j := range k {
			least += j + 1
			most += V - j
		}
	}
	least, most = least+left, most+left*V
	return slack, spread, min(total-least, most-total), most - least
}

// IsClassic reports whether m goes down the classic 9x9 path.
func IsClassic(m *model.Model) bool {
	t, err := newTable(context.Background(), m)
	return err == nil && t.classic
}

// RefuteBranch returns, for m's table, the fewest values of a cell that
// the search branches on two ways (0: never) and the value of rest it
// tries first there.
func RefuteBranch(m *model.Model, rest uint64) (fewest int, first uint64) {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return -1, 0
	}
	return t.refute, t.refuteValue(rest)
}

// WithLocks returns a Solver that applies locked candidates on every
// model, larger grids included.
func WithLocks() *Solver { return &Solver{allLocks: true} }

// RootMasks propagates m's givens to the first fixpoint, without search,
// and returns every cell's live values (bit v-1 for value v), or nil on a
// contradiction.
func RootMasks(m *model.Model) []uint64 {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return nil
	}
	w := t.newWork()
	if !w.start(m) || !w.propagate() {
		return nil
	}
	return w.mask
}

// Combos exposes combos: the value sets of k distinct values, weighted by
// wt, adding up to one of totals.
func Combos(wt []int32, k int, totals []int32) []uint64 { return combos(wt, k, totals) }

// ShiftSums adds a shifted up by d to s, or down when down is set, on
// bitsets of partial sums given as reachWords words, of which the first nw
// hold sums.
func ShiftSums(s, a []uint64, d, nw int, down bool) []uint64 {
	var x, y sums
	copy(x[:], s)
	copy(y[:], a)
	if down {
		x.orShiftedDown(&y, d, nw)
	} else {
		x.orShifted(&y, d, nw)
	}
	return x[:]
}

// Gapless returns what gapless says of a plain sum over cells with the
// given masks, weighing value v as v, or as -v where neg is set: the least
// and the most it adds up to, and whether its bounds are exact.
func Gapless(masks []uint64, neg []bool) (L, H int64, exact bool) {
	r := &naryRule{plain: true}
	for i, m := range neg {
		r.cells = append(r.cells, int32(i))
		r.unit = append(r.unit, 1)
		if m {
			r.unit[i] = -1
		}
	}
	w := &work{mask: masks, lo: make([]int64, len(masks)), hi: make([]int64, len(masks))}
	return w.gapless(r)
}

// ShiftMeets reports whether a holds one of the sums of s plus d, on
// bitsets of partial sums given as reachWords words, of which the first nw
// hold sums.
func ShiftMeets(s, a []uint64, d, nw int) bool {
	var x, y sums
	copy(x[:], s)
	copy(y[:], a)
	return x.shiftedMeets(&y, d, nw)
}

// IsPeer reports whether candidates a and b of m are peers in prop's
// table: placing a clears b.
func IsPeer(m *model.Model, a, b model.Cand) bool {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return false
	}
	V := m.Values()
	for _, p := range t.peers[t.peerOff[a]:t.peerOff[a+1]] {
		if int(p>>6)*V+int(p&63) == int(b) {
			return true
		}
	}
	return false
}

// WithoutMemo returns a Solver that repeats every step its memo would
// skip, for the test that compares.
func WithoutMemo() *Solver { return &Solver{noMemo: true} }

// RootPasses propagates m's givens to the first fixpoint and returns the
// cells' values and the passes of n-ary rules it took; with rerun, every
// rule runs again after its own removals.
func RootPasses(m *model.Model, rerun bool) ([]uint64, int64) {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return nil, 0
	}
	w := t.newWork()
	w.locks = t.useLocks
	w.rerun = rerun
	if !w.start(m) || !w.propagate() {
		return nil, w.passes
	}
	return w.mask, w.passes
}

// FailWeights counts one failure of m's first cage (a Sum read by its value
// sets) and one of its first rule the others imply, each on fresh weights,
// and returns the cells' weights after each; nil when m has no such rule.
func FailWeights(m *model.Model) (cage, implied []uint64) {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return nil, nil
	}
	for k := range t.nary.rules {
		r := &t.nary.rules[k]
		switch {
		case cage == nil && r.combos != nil && !r.implied:
			w := t.newWork()
			w.fail(k)
			cage = w.cellWt
		case implied == nil && r.implied:
			w := t.newWork()
			w.fail(k)
			implied = w.cellWt
		}
	}
	return cage, implied
}

// HouseFailWeights takes value 1 from every cell of m's first house, runs
// the hidden singles and returns whether they found the contradiction and
// the cells' conflict weights after it (nil on a table without weights).
func HouseFailWeights(m *model.Model) (failed bool, weights []uint64) {
	t, err := newTable(context.Background(), m)
	if err != nil || len(t.vals) == 0 {
		return false, nil
	}
	w := t.newWork()
	for i := range w.mask {
		w.mask[i] = t.full
	}
	for _, c := range t.houseCells(0) {
		w.mask[c] &^= 1
		w.touch(c)
	}
	return !w.hidden(), w.cellWt
}

// ArcKeeps returns, for every arc of m's table from a cell p to a cell q
// and the masks mp of p and mq of q, the values of p some value of q
// allows, read from the support table and by the loop over p's values;
// ok is false when the table has no support tables.
func ArcKeeps(m *model.Model, mp, mq uint64) (table, loop []uint64, ok bool) {
	t, err := newTable(context.Background(), m)
	if err != nil || t.arcs.supp == nil {
		return nil, nil, false
	}
	a, V := &t.arcs, t.values
	full := uint64(1)<<uint(V) - 1
	mp, mq = mp&full, mq&full
	for k := range a.other {
		table = append(table, mp&uint64(a.supp[int(a.rel[k])<<uint(V)|int(mq)]))
		f, keep := a.forbid[k*V:], mp
		for v := range V {
			if mp&(1<<uint(v)) != 0 && mq&^f[v] == 0 {
				keep &^= 1 << uint(v)
			}
		}
		loop = append(loop, keep)
	}
	return table, loop, true
}

// LockCovers returns, for each lock of m's table, the other cells of its
// two houses (onlyA, then onlyB) and the cells the lock reads for them in
// a pass: the intersections of its parts and the cells they leave out
// (rest), each once; and the cells its intersection lists in place (empty
// when wide) beside its intersection.
func LockCovers(m *model.Model) (want, got, rest, in, inCells [][]int32) {
	t, err := newTable(context.Background(), m)
	if err != nil {
		return nil, nil, nil, nil, nil
	}
	cells := func(s [2]int32) []int32 { return t.lockCell[s[0]:s[1]] }
	read := func(parts [maxLockParts]int32, rest [2]int32) []int32 {
		var out []int32
		for _, p := range parts {
			if int(p) < len(t.locks) {
				out = append(out, cells(t.locks[p].in)...)
			}
		}
		return append(out, cells(rest)...)
	}
	for _, l := range t.locks {
		want = append(want, cells(l.onlyA), cells(l.onlyB))
		got = append(got, read(l.partA, l.restA), read(l.partB, l.restB))
		rest = append(rest, cells(l.restA), cells(l.restB))
		in = append(in, cells(l.in))
		var ic []int32
		if !l.wide() {
			ic = l.inCells[:]
		}
		inCells = append(inCells, ic)
	}
	return want, got, rest, in, inCells
}

// RawProgress returns what p holds, not bounded to [0, 1].
func RawProgress(p *Progress) float64 { return math.Float64frombits(p.bits.Load()) }

// PlainKeep is plainKeep, for the test that checks it against the values
// one by one.
var PlainKeep = plainKeep
