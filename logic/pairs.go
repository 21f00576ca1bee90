package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// A link is what the labelled pair rules between two cells say (the
// AtMostOne rules over one candidate of each, as a kropki dot, an XV mark
// or a thermometer step makes them): bad[0][x-1] holds the values of b
// that value x of a rules out, bad[1][y-1] the values of a that value y of
// b rules out, the same value included when the two cells see each other.
type link struct {
	a, b  int
	label string
	bad   [2][]uint64
}

// readLinks lists the links of m's labelled two-cell AtMostOne rules, one
// per pair of cells and label, in the order the rules first name them.
func (geo *geometry) readLinks(m *model.Model) {
	type key struct {
		a, b  int
		label string
	}
	index := map[key]int{}
	V := geo.values
	for _, r := range m.Rules() {
		if r.Kind != model.AtMostOne || len(r.Cands) != 2 || r.Label == "" {
			continue
		}
		ca, cb := r.Cands[0], r.Cands[1]
		a, b := m.CellOf(ca), m.CellOf(cb)
		if a == b {
			continue
		}
		x, y := m.ValueOf(ca), m.ValueOf(cb)
		if a > b {
			a, b, x, y = b, a, y, x
		}
		k := key{a, b, r.Label}
		i, ok := index[k]
		if !ok {
			i = len(geo.links)
			index[k] = i
			geo.links = append(geo.links, link{a: a, b: b, label: r.Label,
				bad: [2][]uint64{make([]uint64, V), make([]uint64, V)}})
		}
		l := &geo.links[i]
		l.bad[0][x-1] |= 1 << (y - 1)
		l.bad[1][y-1] |= 1 << (x - 1)
	}
	for i := range geo.links {
		l := &geo.links[i]
		for v := 1; v <= V; v++ { // the same value, where the cells see each other
			if _, seen := slices.BinarySearch(geo.peers(m.Cand(l.a, v)), m.Cand(l.b, v)); seen {
				l.bad[0][v-1] |= 1 << (v - 1)
				l.bad[1][v-1] |= 1 << (v - 1)
			}
		}
	}
}

// pairRule finds a labelled pair rule (a kropki dot, an XV mark, a
// thermometer or a line's step) under which a value of one cell leaves the
// other cell no candidate.
func pairRule(s *state) (Step, bool) {
	for i := range s.geo.links {
		l := &s.geo.links[i]
		for side := range 2 {
			from, to := l.a, l.b
			if side == 1 {
				from, to = l.b, l.a
			}
			if s.val[from] != 0 {
				continue
			}
			var gone uint64
			for x := s.cand[from]; x != 0; x &= x - 1 {
				v := bits.TrailingZeros64(x)
				if s.cand[to]&^l.bad[side][v] == 0 {
					gone |= 1 << v
				}
			}
			if gone == 0 || gone == s.cand[from] {
				continue // nothing, or a contradiction other steps name
			}
			e := elims{s: s}
			for _, v := range values(gone) {
				e.add(from, v)
			}
			names := s.names([]int{from, to})
			reason := fmt.Sprintf("%s %s %s: %s holds %s, and none of them goes with %s in %s",
				l.label, s.geo.cellNames[l.a], s.geo.cellNames[l.b], names[1], "{"+joinInts(values(s.cand[to]), ",")+"}",
				orText(values(gone)), names[0])
			return Step{Technique: PairRule, Reason: reason, Houses: []string{l.label}, Cells: names,
				Digits: values(gone), Eliminations: e.list()}, true
		}
	}
	return Step{}, false
}

// orText writes values as "6", "6 or 8", "1, 2 or 3".
func orText(vs []int) string {
	if len(vs) == 1 {
		return fmt.Sprint(vs[0])
	}
	return joinInts(vs[:len(vs)-1], ", ") + " or " + fmt.Sprint(vs[len(vs)-1])
}
