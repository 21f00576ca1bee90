package logic

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// An almost locked set (ALS) is n open cells of one house holding n+1
// digits between them. Its cells take different values, so were one of
// its digits missing from them, the other n would fill them: an ALS that
// lacks a digit holds every other one. The ALS techniques read the
// model's houses ([model.Group]), so they work on every size and on the
// houses of variants (jigsaw regions, diagonals); "sees" is the candidate
// graph's, so a variant's other rules count too.
type als struct {
	cells  []int  // ascending
	digits uint64 // the digits of its cells
	house  int    // index in geo.houses of the house it was found in
	// at is where its bit sets start in alsIndex.bits: its cells, then for
	// each of its digits, ascending, the cells holding the digit and the
	// cells outside it whose candidate of the digit sees every one of the
	// set's (its buddies).
	at int
}

// alsIndex is the ALSs of a position and their cell sets, as bit sets of
// words uint64 each.
type alsIndex struct {
	s     *state
	words int
	sets  []als
	bits  []uint64
	alive []uint64 // per digit from 1, the open cells that hold it
	// links lists, for each set, the disjoint sets it has restricted
	// common digits with, by index ascending; made on first use.
	links [][]alsLink
}

// linked returns the restricted common digits between every two disjoint
// sets. For each set A and digit d, the sets B with d all of whose cells
// holding d see every d of A start in one of A's buddies of d: only those
// are read.
func (x *alsIndex) linked() [][]alsLink {
	if x.links != nil {
		return x.links
	}
	sets, w, cells := x.sets, x.words, x.s.geo.cells
	// byFirst lists (as CSR, by digit and cell) the sets whose first cell
	// holding the digit is that cell.
	start := make([]int32, x.s.n*cells+1)
	first := func(a *als, d int) int {
		with := x.with(a, d)
		for k, m := range with {
			if m != 0 {
				return (d-1)*cells + k*64 + bits.TrailingZeros64(m)
			}
		}
		return -1
	}
	for i := range sets {
		for m := sets[i].digits; m != 0; m &= m - 1 {
			start[first(&sets[i], bits.TrailingZeros64(m)+1)+1]++
		}
	}
	for k := 1; k < len(start); k++ {
		start[k] += start[k-1]
	}
	byFirst := make([]int32, start[len(start)-1])
	fill := slices.Clone(start)
	for i := range sets {
		for m := sets[i].digits; m != 0; m &= m - 1 {
			k := first(&sets[i], bits.TrailingZeros64(m)+1)
			byFirst[fill[k]] = int32(i)
			fill[k]++
		}
	}
	x.links = make([][]alsLink, len(sets))
	rcc := make([]uint64, len(sets))
	var touched []int
	for i := range sets {
		a := &sets[i]
		for m := a.digits; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m) + 1
			buddies, alive := x.buddies(a, d), x.alive[d*w:(d+1)*w]
			for k := range buddies {
				for cm := buddies[k] & alive[k]; cm != 0; cm &= cm - 1 {
					key := (d-1)*cells + k*64 + bits.TrailingZeros64(cm)
					for _, j := range byFirst[start[key]:start[key+1]] {
						b := &sets[j]
						if int(j) <= i || !within(x.with(b, d), buddies) || !x.disjoint(a, b) {
							continue
						}
						if rcc[j] == 0 {
							touched = append(touched, int(j))
						}
						rcc[j] |= 1 << (d - 1)
					}
				}
			}
		}
		slices.Sort(touched)
		for _, j := range touched {
			x.links[i] = append(x.links[i], alsLink{j, rcc[j]})
			x.links[j] = append(x.links[j], alsLink{i, rcc[j]})
			rcc[j] = 0
		}
		touched = touched[:0]
	}
	return x.links
}

// within reports whether the bit set a lies within b.
func within(a, b []uint64) bool {
	for k := range a {
		if a[k]&^b[k] != 0 {
			return false
		}
	}
	return true
}

// The ALS search reads sets of at most maxALSCells cells, and at most
// maxALS sets in one position (a 9x9 grid has far fewer; a large grid may
// have more, and the techniques then see only the first ones).
const (
	maxALSCells = 8
	maxALS      = 4000
)

// almostLocked indexes the ALSs of s, each set of cells once (with the
// first house it lies in), fewer cells first, then in the order of the
// houses and of their cells. The index is kept for the next call from the
// same position (ALS-XY-wing follows ALS-XZ).
func (s *state) almostLocked() *alsIndex {
	if c := s.als; c != nil && c.left == s.left && slices.Equal(c.cand, s.cand) && slices.Equal(c.val, s.val) {
		return c.index
	}
	x := s.listALS()
	s.als = &alsCache{index: x, left: s.left, cand: slices.Clone(s.cand), val: slices.Clone(s.val)}
	return x
}

// alsCache is the ALS index of a position.
type alsCache struct {
	index *alsIndex
	left  int
	cand  []uint64
	val   []int
}

func (s *state) listALS() *alsIndex {
	x := &alsIndex{s: s, words: (s.geo.cells + 63) / 64}
	var open, pick []int
	for hi, h := range s.geo.houses {
		open = open[:0]
		for _, c := range h.cells {
			if s.val[c] == 0 {
				open = append(open, c)
			}
		}
		var rec func(from int, union uint64)
		rec = func(from int, union uint64) {
			if len(x.sets) >= maxALS {
				return
			}
			if len(pick) > 0 && bits.OnesCount64(union) == len(pick)+1 && !s.inEarlierHouse(pick, hi) {
				x.sets = append(x.sets, als{cells: slices.Sorted(slices.Values(pick)), digits: union, house: hi})
			}
			if len(pick) == maxALSCells {
				return
			}
			for i := from; i < len(open); i++ {
				u := union | s.cand[open[i]]
				if bits.OnesCount64(u) > maxALSCells+1 {
					continue
				}
				pick = append(pick, open[i])
				rec(i+1, u)
				pick = pick[:len(pick)-1]
			}
		}
		rec(0, 0)
	}
	slices.SortStableFunc(x.sets, func(a, b als) int { return len(a.cells) - len(b.cells) })
	x.index()
	return x
}

// inEarlierHouse reports whether a house before hi holds every one of
// cells (the set was listed with it).
func (s *state) inEarlierHouse(cells []int, hi int) bool {
	for _, k := range s.geo.housesOf()[cells[0]] {
		if k >= hi {
			break
		}
		if containsAll(s.geo.houses[k].cells, cells) {
			return true
		}
	}
	return false
}

// index makes the bit sets of the sets and of the digits.
func (x *alsIndex) index() {
	s, w := x.s, x.words
	n := 0
	for i := range x.sets {
		x.sets[i].at = n
		n += w * (1 + 2*bits.OnesCount64(x.sets[i].digits))
	}
	x.bits = make([]uint64, n)
	x.alive = make([]uint64, (s.n+1)*w)
	for c, m := range s.cand {
		if s.val[c] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			setBit(x.alive[(bits.TrailingZeros64(m)+1)*w:], c)
		}
	}
	peer := make([]uint64, w)
	for i := range x.sets {
		a := &x.sets[i]
		for _, c := range a.cells {
			setBit(x.cellBits(a), c)
		}
		for m := a.digits; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m) + 1
			with, buddies := x.with(a, d), x.buddies(a, d)
			for k := range buddies {
				buddies[k] = ^uint64(0)
			}
			for _, c := range a.cells {
				if s.cand[c]>>(d-1)&1 == 0 {
					continue
				}
				setBit(with, c)
				p := s.geo.peerBits(s.candOf(c, d), peer)
				for k := range buddies {
					buddies[k] &= p[k]
				}
			}
		}
	}
}

// maxPeerBits bounds the memory of geometry.peerBits, in words (8 MB).
const maxPeerBits = 1 << 20

// peerBits returns the cells whose candidate of c's value sees c, as a bit
// set: kept for every candidate when they fit in maxPeerBits words, else
// written into scratch.
func (geo *geometry) peerBits(c model.Cand, scratch []uint64) []uint64 {
	w := (geo.cells + 63) / 64
	geo.peerBitsOnce.Do(func() {
		n := geo.cells * geo.values
		if n*w > maxPeerBits {
			return
		}
		geo.peerBitsCache = make([]uint64, n*w)
		for c := range n {
			geo.writePeerBits(model.Cand(c), geo.peerBitsCache[c*w:(c+1)*w])
		}
	})
	if geo.peerBitsCache != nil {
		return geo.peerBitsCache[int(c)*w : (int(c)+1)*w]
	}
	clear(scratch)
	geo.writePeerBits(c, scratch)
	return scratch
}

func (geo *geometry) writePeerBits(c model.Cand, b []uint64) {
	for _, p := range geo.peers(c) {
		if int(p)%geo.values == int(c)%geo.values {
			setBit(b, int(p)/geo.values)
		}
	}
}

// housesOf returns, for each cell, the indices of the houses holding it,
// ascending.
func (geo *geometry) housesOf() [][]int {
	geo.houseOnce.Do(func() {
		geo.houseCache = make([][]int, geo.cells)
		for k, h := range geo.houses {
			for _, c := range h.cells {
				geo.houseCache[c] = append(geo.houseCache[c], k)
			}
		}
	})
	return geo.houseCache
}

func setBit(b []uint64, c int) { b[c/64] |= 1 << (c % 64) }

// cellBits returns the cells of a as a bit set.
func (x *alsIndex) cellBits(a *als) []uint64 { return x.bits[a.at : a.at+x.words] }

// with returns the cells of a that hold d; buddies the cells outside a
// whose candidate d sees every one of a's.
func (x *alsIndex) with(a *als, d int) []uint64 {
	at := a.at + x.words*(1+2*bits.OnesCount64(a.digits&(1<<(d-1)-1)))
	return x.bits[at : at+x.words]
}

func (x *alsIndex) buddies(a *als, d int) []uint64 {
	at := a.at + x.words*(2+2*bits.OnesCount64(a.digits&(1<<(d-1)-1)))
	return x.bits[at : at+x.words]
}

// disjoint reports whether a and b share no cell.
func (x *alsIndex) disjoint(a, b *als) bool {
	ca, cb := x.cellBits(a), x.cellBits(b)
	for k := range ca {
		if ca[k]&cb[k] != 0 {
			return false
		}
	}
	return true
}

// eliminate adds to e digit d in the open cells that see every d of each
// of sets (the cells where d is alive and in every set's buddies).
func (x *alsIndex) eliminate(e *elims, d int, sets ...*als) {
	alive := x.alive[d*x.words : (d+1)*x.words]
	for k := range alive {
		m := alive[k]
		for _, a := range sets {
			m &= x.buddies(a, d)[k]
		}
		for ; m != 0; m &= m - 1 {
			e.add(k*64+bits.TrailingZeros64(m), d)
		}
	}
}

// describe names an ALS for a step: "r1c1 r1c2 (1/2/3 in row 1)".
func (a *als) describe(s *state) string {
	return fmt.Sprintf("%s (%s in %s)", listNames(s, a.cells), joinInts(values(a.digits), "/"), s.geo.houses[a.house].name)
}

// alsHouses returns the names of the houses of sets, each once.
func alsHouses(s *state, sets ...*als) []string {
	var out []string
	for _, a := range sets {
		if n := s.geo.houses[a.house].name; !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// alsCells returns the names of the cells of sets, each once, in order.
func alsCells(s *state, sets ...*als) []string {
	var cells []int
	for _, a := range sets {
		for _, c := range a.cells {
			if !slices.Contains(cells, c) {
				cells = append(cells, c)
			}
		}
	}
	return s.names(cells)
}

// alsXZ finds two disjoint ALSs A and B with a restricted common digit x
// (every x of A sees every x of B, so at most one of them holds x): one of
// them lacks x and so holds its other digits, and a digit z both hold lies
// in A or B, so it leaves the cells that see every z of both. With two
// restricted common digits (doubly linked), each set lacks one of the two
// and holds every other digit of its own: those leave the cells that see
// all of them in the set, and the two restricted digits the cells that see
// every one of them in both. Of the pairs that eliminate something, the
// one with the fewest cells is taken.
func alsXZ(s *state) (Step, bool) { return smallest(s.eachALSXZ) }

// smallest returns the last step each yields when asked for ever smaller
// ones.
func smallest(each func(all bool, yield func(Step))) (Step, bool) {
	var best Step
	found := false
	each(false, func(st Step) { best, found = st, true })
	return best, found
}

// first returns the first step each yields.
func first(each func(yield func(Step) bool)) (Step, bool) {
	var best Step
	found := false
	each(func(st Step) bool { best, found = st, true; return false })
	return best, found
}

// eachALSXZ calls yield with the ALS-XZ steps of s, by pairs of sets in
// order; unless all, only with steps of fewer cells than the last.
func (s *state) eachALSXZ(all bool, yield func(Step)) {
	x := s.almostLocked()
	bound := math.MaxInt
	for i, ls := range x.linked() {
		for _, l := range ls {
			a, b := &x.sets[i], &x.sets[l.to]
			size := len(a.cells) + len(b.cells)
			// More than two restricted common digits cannot be in a grid
			// with a solution.
			if l.to < i || size >= bound || bits.OnesCount64(a.digits&b.digits) < 2 || bits.OnesCount64(l.rcc) > 2 {
				continue
			}
			if st, ok := x.alsXZStep(a, b, l.rcc); ok {
				yield(st)
				if !all {
					bound = size
				}
			}
		}
	}
}

// alsXZStep returns the step of ALSs a and b with restricted common digits
// rcc (one or two), if it eliminates something.
func (x *alsIndex) alsXZStep(a, b *als, rcc uint64) (Step, bool) {
	s := x.s
	e := elims{s: s}
	if bits.OnesCount64(rcc) == 1 {
		for m := a.digits & b.digits &^ rcc; m != 0; m &= m - 1 {
			x.eliminate(&e, bits.TrailingZeros64(m)+1, a, b)
		}
	} else {
		for m := rcc; m != 0; m &= m - 1 {
			x.eliminate(&e, bits.TrailingZeros64(m)+1, a, b)
		}
		for _, p := range []*als{a, b} {
			for m := p.digits &^ rcc; m != 0; m &= m - 1 {
				x.eliminate(&e, bits.TrailingZeros64(m)+1, p)
			}
		}
	}
	if e.empty() {
		return Step{}, false
	}
	rs := values(rcc)
	var reason string
	if len(rs) == 1 {
		r, zs := rs[0], e.valuesIn(a.digits&b.digits&^rcc)
		reason = fmt.Sprintf("almost locked sets A = %s and B = %s: every %d of A sees every %d of B, so one of them lacks %d and holds all its other digits: %s lies in A or B",
			a.describe(s), b.describe(s), r, r, r, joinInts(zs, " and "))
	} else {
		reason = fmt.Sprintf("almost locked sets A = %s and B = %s: every %d of A sees every %d of B, and every %d every %d, so each set lacks %d or %d and holds all its other digits",
			a.describe(s), b.describe(s), rs[0], rs[0], rs[1], rs[1], rs[0], rs[1])
	}
	return Step{Technique: ALSXZ, Reason: reason, Houses: alsHouses(s, a, b), Cells: alsCells(s, a, b),
		Digits: values(a.digits & b.digits), Eliminations: e.list()}, true
}

// alsLink is a restricted common digit set between an ALS and another,
// by index.
type alsLink struct {
	to  int
	rcc uint64
}

// alsXYWing finds three ALSs: a pivot C, A with a restricted common digit
// x with C and B with another, y. A digit z (neither x nor y) both A and B
// hold lies in one of them, for were it in neither, A would hold x, C lack
// x and hold y, and B lack y and hold z. So z leaves the cells that see
// every z of A and B. Of the wings that eliminate something, the one with
// the fewest cells is taken.
func alsXYWing(s *state) (Step, bool) { return smallest(s.eachALSXYWing) }

// eachALSXYWing calls yield with the ALS-XY-wing steps of s, by pivot in
// order; unless all, only with steps of fewer cells than the last.
func (s *state) eachALSXYWing(all bool, yield func(Step)) {
	x := s.almostLocked()
	sets, links := x.sets, x.linked()
	bound := math.MaxInt
	for ci := range sets {
		c := &sets[ci]
		for ai, la := range links[ci] {
			for _, lb := range links[ci][ai+1:] {
				a, b := &sets[la.to], &sets[lb.to]
				size := len(a.cells) + len(b.cells) + len(c.cells)
				zs := a.digits & b.digits
				if size >= bound || zs == 0 {
					continue
				}
				if st, ok := x.alsXYWingStep(a, b, c, la.rcc, lb.rcc, zs); ok {
					yield(st)
					if !all {
						bound = size
					}
				}
			}
		}
	}
}

// alsXYWingStep returns the first step of ALSs a and b linked to the pivot
// c by restricted common digits among ra and rb, on a digit among zs, that
// eliminates something.
func (x *alsIndex) alsXYWingStep(a, b, c *als, ra, rb, zs uint64) (Step, bool) {
	s := x.s
	for mp := ra; mp != 0; mp &= mp - 1 {
		p := bits.TrailingZeros64(mp) + 1
		for mq := rb; mq != 0; mq &= mq - 1 {
			q := bits.TrailingZeros64(mq) + 1
			if p == q {
				continue
			}
			e := elims{s: s}
			for m := zs &^ (1<<(p-1) | 1<<(q-1)); m != 0; m &= m - 1 {
				x.eliminate(&e, bits.TrailingZeros64(m)+1, a, b)
			}
			if e.empty() {
				continue
			}
			used := e.valuesIn(zs)
			zt := joinInts(used, " and ")
			return Step{Technique: ALSXYWing,
				Reason: fmt.Sprintf("almost locked sets A = %s, B = %s and C = %s: every %d of A sees every %d of C, every %d of B every %d of C; were %s in neither A nor B, A would hold %d, C lack %d and hold %d, and B lack %d and hold %s: %s lies in A or B",
					a.describe(s), b.describe(s), c.describe(s), p, p, q, q, zt, p, p, q, q, zt, zt),
				Houses: alsHouses(s, a, b, c), Cells: alsCells(s, a, b, c), Digits: append([]int{p, q}, used...),
				Eliminations: e.list()}, true
		}
	}
	return Step{}, false
}

// valuesIn returns the values of m that e removes from some cell,
// ascending.
func (e *elims) valuesIn(m uint64) []int {
	var got uint64
	for _, em := range e.masks {
		got |= em
	}
	return values(got & m)
}
