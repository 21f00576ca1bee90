package logic

import (
	"fmt"
	"math/bits"

	"github.com/sudokit/sudokit/model"
)

// bivalue lists the open cells with exactly two candidates.
func (s *state) bivalue() []int {
	var out []int
	for c, m := range s.cand {
		if s.val[c] == 0 && bits.OnesCount64(m) == 2 {
			out = append(out, c)
		}
	}
	return out
}

// seenByAll collects the eliminations of candidates of value v that see
// every one of the given candidates.
func (s *state) seenByAll(v int, from ...model.Cand) elims {
	e := elims{s: s}
	s.addSeenByAll(&e, v, from)
	return e
}

// addSeenByAll adds to e the candidates of value v that see every one of
// the given candidates.
func (s *state) addSeenByAll(e *elims, v int, from []model.Cand) {
	for _, p := range s.geo.peers(from[0]) {
		if s.valueOf(p) != v || !s.alive(p) {
			continue
		}
		all := true
		for _, q := range from[1:] {
			if s.cellOf(p) == s.cellOf(q) || !s.geo.sees(p, q) {
				all = false
				break
			}
		}
		if all {
			e.addCand(p)
		}
	}
}

// otherValue returns the value of a two-value set besides v.
func otherValue(m uint64, v int) int {
	return bits.TrailingZeros64(m&^(1<<(v-1))) + 1
}

// xyWing finds a pivot {x,y} that sees a pincer {x,z} through x and a
// pincer {y,z} through y: one pincer is z, so z leaves what sees both.
func xyWing(s *state) (Step, bool) {
	bi := s.bivalue()
	for _, p := range bi {
		vs := values(s.cand[p])
		x, y := vs[0], vs[1]
		for _, a := range bi {
			if a == p || s.cand[a]>>(x-1)&1 == 0 || s.cand[a] == s.cand[p] || !s.geo.sees(s.candOf(p, x), s.candOf(a, x)) {
				continue
			}
			z := otherValue(s.cand[a], x)
			want := uint64(1)<<(y-1) | uint64(1)<<(z-1)
			for _, b := range bi {
				if b == p || b == a || s.cand[b] != want || !s.geo.sees(s.candOf(p, y), s.candOf(b, y)) {
					continue
				}
				e := s.seenByAll(z, s.candOf(a, z), s.candOf(b, z))
				if e.empty() {
					continue
				}
				cells := []int{p, a, b}
				return Step{Technique: XYWing,
					Reason: fmt.Sprintf("pivot %s (%d/%d) with pincers %s (%d/%d) and %s (%d/%d): one pincer is %d",
						s.geo.cellNames[p], x, y, s.geo.cellNames[a], x, z, s.geo.cellNames[b], y, z, z),
					Cells: s.names(cells), Digits: []int{x, y, z}, Eliminations: e.list()}, true
			}
		}
	}
	return Step{}, false
}

// xyzWing finds a pivot {x,y,z} that sees a pincer {x,z} through x and a
// pincer {y,z} through y: pivot or a pincer is z, so z leaves what sees all
// three.
func xyzWing(s *state) (Step, bool) {
	bi := s.bivalue()
	for p, mp := range s.cand {
		if s.val[p] != 0 || bits.OnesCount64(mp) != 3 {
			continue
		}
		for _, z := range values(mp) {
			for _, a := range bi {
				if s.cand[a]&^mp != 0 || s.cand[a]>>(z-1)&1 == 0 {
					continue
				}
				x := otherValue(s.cand[a], z)
				y := values(mp &^ (1<<(x-1) | 1<<(z-1)))[0]
				if !s.geo.sees(s.candOf(p, x), s.candOf(a, x)) {
					continue
				}
				want := uint64(1)<<(y-1) | uint64(1)<<(z-1)
				for _, b := range bi {
					if s.cand[b] != want || !s.geo.sees(s.candOf(p, y), s.candOf(b, y)) {
						continue
					}
					e := s.seenByAll(z, s.candOf(p, z), s.candOf(a, z), s.candOf(b, z))
					if e.empty() {
						continue
					}
					return Step{Technique: XYZWing,
						Reason: fmt.Sprintf("pivot %s (%d/%d/%d) with pincers %s (%d/%d) and %s (%d/%d): one of the three is %d",
							s.geo.cellNames[p], min(x, y), max(x, y), z, s.geo.cellNames[a], x, z, s.geo.cellNames[b], y, z, z),
						Cells: s.names([]int{p, a, b}), Digits: []int{x, y, z}, Eliminations: e.list()}, true
				}
			}
		}
	}
	return Step{}, false
}

// strongLinks lists the pairs of candidates of ExactlyOne rules with
// exactly two open candidates (one of each pair is true), with the rule.
func (s *state) strongLinks() (pairs [][2]model.Cand, labels []string) {
	for _, o := range s.geo.ones {
		var a, b model.Cand
		n := 0
		for _, c := range o.cands {
			if s.chosen(c) {
				n = -1
				break
			}
			if s.alive(c) {
				if n == 0 {
					a = c
				} else {
					b = c
				}
				n++
			}
		}
		if n == 2 {
			pairs = append(pairs, [2]model.Cand{a, b})
			labels = append(labels, o.label)
		}
	}
	return pairs, labels
}

// wWing finds two cells {x,y} and a strong link on x whose ends see x in one
// cell each: one of the two cells is y, so y leaves what sees both.
func wWing(s *state) (Step, bool) {
	bi := s.bivalue()
	if len(bi) < 2 {
		return Step{}, false
	}
	links, labels := s.strongLinks()
	for li, l := range links {
		for turn := range 2 {
			u, w := l[turn], l[1-turn]
			x := s.valueOf(u)
			if s.valueOf(w) != x {
				continue
			}
			for _, a := range bi {
				if s.cand[a]>>(x-1)&1 == 0 || a == s.cellOf(u) || a == s.cellOf(w) || !s.geo.sees(u, s.candOf(a, x)) {
					continue
				}
				y := otherValue(s.cand[a], x)
				for _, b := range bi {
					if b == a || s.cand[b] != s.cand[a] || b == s.cellOf(u) || b == s.cellOf(w) || !s.geo.sees(w, s.candOf(b, x)) {
						continue
					}
					if s.geo.sees(s.candOf(a, x), s.candOf(b, x)) {
						continue // a naked pair, not a wing
					}
					e := s.seenByAll(y, s.candOf(a, y), s.candOf(b, y))
					if e.empty() {
						continue
					}
					return Step{Technique: WWing,
						Reason: fmt.Sprintf("%s and %s hold %d/%d and %d in %s is in %s or %s: one of the two cells is %d",
							s.geo.cellNames[a], s.geo.cellNames[b], min(x, y), max(x, y), x, labels[li],
							s.geo.cellNames[s.cellOf(u)], s.geo.cellNames[s.cellOf(w)], y),
						Houses: []string{labels[li]}, Cells: s.names([]int{a, b, s.cellOf(u), s.cellOf(w)}),
						Digits: []int{x, y}, Eliminations: e.list()}, true
				}
			}
		}
	}
	return Step{}, false
}
