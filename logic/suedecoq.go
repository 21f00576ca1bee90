package logic

import (
	"fmt"
	"math/bits"
	"slices"
)

// The Sue de Coq search reads at most sdcCells cells of a house outside
// the shared ones, and at most sdcShared of the shared ones.
const (
	sdcCells  = 4
	sdcShared = 4
)

// A cellSet is some open cells and the digits they hold between them.
type cellSet struct {
	cells  []int
	digits uint64
}

// sueDeCoq finds two houses (a row and a box, or any two of the model's
// houses) sharing open cells C that hold the digits V, at least two more
// than they number, with cells D of the first house only, holding the
// digits L, and cells E of the second only, holding the digits B, where L
// and B share no digit and C, D and E together number as many cells as
// they hold digits. No digit can then be in both D and E, so the cells
// take different values and hold every one of those digits: a digit not
// in B lies in C or D, in the first house, and leaves its other cells; a
// digit not in L lies in C or E and leaves the second house's other
// cells. Each of D and E must take up at least one digit of V (hold
// fewer new digits than it numbers cells), which makes it more than a
// naked subset.
func sueDeCoq(s *state) (Step, bool) { return first(s.eachSueDeCoq) }

// eachSueDeCoq calls yield with the Sue de Coq steps of s, by pairs of
// houses in order, until it returns false.
func (s *state) eachSueDeCoq(yield func(Step) bool) {
	houses := s.geo.houses
	for i := range houses {
		for j := i + 1; j < len(houses); j++ {
			if !s.sueDeCoqIn(i, j, yield) {
				return
			}
		}
	}
}

// sueDeCoqIn calls yield with the Sue de Coq steps on houses i and j, and
// reports whether it always returned true.
func (s *state) sueDeCoqIn(i, j int, yield func(Step) bool) bool {
	h1, h2 := s.geo.houses[i], s.geo.houses[j]
	if s.sdc == nil {
		s.sdc = new(sdcScratch)
	}
	sc := s.sdc
	shared, only1, only2 := sc.shared[:0], sc.only1[:0], sc.only2[:0]
	defer func() { sc.shared, sc.only1, sc.only2 = shared, only1, only2 }()
	for _, c := range h1.cells {
		if s.val[c] != 0 {
			continue
		}
		if slices.Contains(h2.cells, c) {
			shared = append(shared, c)
		} else {
			only1 = append(only1, c)
		}
	}
	if len(shared) < 2 || len(only1) == 0 {
		return true
	}
	for _, c := range h2.cells {
		if s.val[c] == 0 && !slices.Contains(shared, c) {
			only2 = append(only2, c)
		}
	}
	if len(only2) == 0 {
		return true
	}
	var vall uint64 // the digits of every shared cell
	for _, c := range shared {
		vall |= s.cand[c]
	}
	if bits.OnesCount64(vall) < 4 {
		return true // two shared cells at least, and two digits more
	}
	ins := sc.ins[:0]
	for _, in := range sc.l[0].list(s, shared, sdcShared, nil) {
		if len(in.cells) >= 2 && bits.OnesCount64(in.digits)-len(in.cells) >= 2 {
			ins = append(ins, in)
		}
	}
	sc.ins = ins
	if len(ins) == 0 {
		return true
	}
	// A set with as many digits outside the shared cells' as it can grow
	// cells takes up none of their digits, nor does any set holding it.
	cut := func(union uint64, _ int) bool { return bits.OnesCount64(union&^vall) >= sdcCells }
	sub1, sub2 := sc.l[1].list(s, only1, sdcCells, cut), sc.l[2].list(s, only2, sdcCells, cut)
	for _, in := range ins {
		extra := bits.OnesCount64(in.digits) - len(in.cells) // what D and E take up
		// With D's and E's digits apart, the cells number their digits when
		// what D and E take up of the shared digits makes up the extra:
		// es lists the sets E by what they take up.
		es := sc.takers(sub2, in.digits, extra)
		for _, d := range sub1 {
			t := took(d, in.digits)
			if t < 1 || t >= extra {
				continue
			}
			for _, e := range es[extra-t] {
				if d.digits&e.digits != 0 {
					continue
				}
				if st, ok := s.sueDeCoqStep(i, j, in, d, e); ok && !yield(st) {
					return false
				}
			}
		}
	}
	return true
}

// sdcScratch is Sue de Coq's memory, kept from one pair of houses to the
// next.
type sdcScratch struct {
	l                    [3]lister
	shared, only1, only2 []int
	ins                  []cellSet
	es                   [][]cellSet
}

// subsets returns the non-empty sets of at most k of cells, fewer cells
// first, with their digits. A set for which cut (if not nil) is true is
// left out with every larger one holding it.
func (s *state) subsets(cells []int, k int, cut func(union uint64, n int) bool) []cellSet {
	var l lister
	return l.list(s, cells, k, cut)
}

// A lister lists subsets of cells into memory it keeps from one list to
// the next (a list lasts until the next).
type lister struct {
	out   []cellSet
	arena []int
	pick  []int
	s     *state
	cells []int
	k     int
	cut   func(union uint64, n int) bool
}

func (l *lister) list(s *state, cells []int, k int, cut func(union uint64, n int) bool) []cellSet {
	l.out, l.arena, l.pick = l.out[:0], l.arena[:0], l.pick[:0]
	l.s, l.cells, l.k, l.cut = s, cells, k, cut
	l.rec(0, 0)
	// The sets' cells lie in arena, which may have moved as it grew.
	at := 0
	for i := range l.out {
		n := len(l.out[i].cells)
		l.out[i].cells = l.arena[at : at+n : at+n]
		at += n
	}
	slices.SortStableFunc(l.out, func(a, b cellSet) int { return len(a.cells) - len(b.cells) })
	return l.out
}

func (l *lister) rec(from int, union uint64) {
	if len(l.pick) > 0 {
		if l.cut != nil && l.cut(union, len(l.pick)) {
			return
		}
		l.arena = append(l.arena, l.pick...)
		l.out = append(l.out, cellSet{l.pick[:len(l.pick):len(l.pick)], union}) // cells set in list
	}
	if len(l.pick) == l.k {
		return
	}
	for i := from; i < len(l.cells); i++ {
		l.pick = append(l.pick, l.cells[i])
		l.rec(i+1, union|l.s.cand[l.cells[i]])
		l.pick = l.pick[:len(l.pick)-1]
	}
}

// takers returns, by how many they take up, the sets that hold fewer
// digits outside v than they number cells, and so take up some of v, but
// fewer than most; the lists last until the next call.
func (sc *sdcScratch) takers(sets []cellSet, v uint64, most int) [][]cellSet {
	for len(sc.es) < most {
		sc.es = append(sc.es, nil)
	}
	out := sc.es[:most]
	for t := range out {
		out[t] = out[t][:0]
	}
	for _, cs := range sets {
		if t := took(cs, v); t >= 1 && t < most {
			out[t] = append(out[t], cs)
		}
	}
	return out
}

// took returns how many of the digits v cells take up: how many more
// cells they number than digits outside v.
func took(cs cellSet, v uint64) int { return len(cs.cells) - bits.OnesCount64(cs.digits&^v) }

// sueDeCoqStep returns the step of shared cells in, cells d of house i
// and e of house j, if it eliminates something.
func (s *state) sueDeCoqStep(i, j int, in, d, e cellSet) (Step, bool) {
	h1, h2 := s.geo.houses[i], s.geo.houses[j]
	keep1 := (in.digits | d.digits) &^ e.digits // lie in the shared cells or d
	keep2 := (in.digits | e.digits) &^ d.digits
	el := elims{s: s}
	for _, side := range []struct {
		cells []int
		keep  uint64
		mine  []int
	}{{h1.cells, keep1, d.cells}, {h2.cells, keep2, e.cells}} {
		for _, c := range side.cells {
			if s.val[c] != 0 || slices.Contains(in.cells, c) || slices.Contains(side.mine, c) {
				continue
			}
			for _, v := range values(s.cand[c] & side.keep) {
				el.add(c, v)
			}
		}
	}
	if el.empty() {
		return Step{}, false
	}
	n := len(in.cells) + len(d.cells) + len(e.cells)
	cells := append(append(slices.Clone(in.cells), d.cells...), e.cells...)
	return Step{Technique: SueDeCoq,
		Reason: fmt.Sprintf("%s, in %s and %s, hold %s; with %s (%s) in %s and %s (%s) in %s, these %d cells hold %d digits, no digit twice: %s stay in them in %s, %s in %s",
			listNames(s, in.cells), h1.name, h2.name, joinInts(values(in.digits), "/"),
			listNames(s, d.cells), joinInts(values(d.digits), "/"), h1.name,
			listNames(s, e.cells), joinInts(values(e.digits), "/"), h2.name,
			n, n, joinInts(values(keep1), "/"), h1.name, joinInts(values(keep2), "/"), h2.name),
		Houses: []string{h1.name, h2.name}, Cells: s.names(cells), Digits: values(in.digits | d.digits | e.digits),
		Eliminations: el.list()}, true
}
