package logic

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

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
	// byDigit[d-1] lists its candidates of digit d.
	byDigit [][]model.Cand
}

// The ALS search reads sets of at most maxALSCells cells, and at most
// maxALS sets in one position (a 9x9 grid has far fewer; a large grid may
// have more, and the techniques then see only the first ones).
const (
	maxALSCells = 8
	maxALS      = 4000
)

// almostLocked lists the ALSs of s, each set of cells once (with the first
// house it lies in), fewer cells first, then in the order of the houses
// and of their cells.
func (s *state) almostLocked() []als {
	var out []als
	seen := map[string]bool{} // cell sets already listed (membership only)
	var open, pick []int
	var key strings.Builder
	for hi, h := range s.geo.houses {
		open = open[:0]
		for _, c := range h.cells {
			if s.val[c] == 0 {
				open = append(open, c)
			}
		}
		var rec func(from int, union uint64)
		rec = func(from int, union uint64) {
			if len(out) >= maxALS {
				return
			}
			if len(pick) > 0 && bits.OnesCount64(union) == len(pick)+1 {
				cells := slices.Sorted(slices.Values(pick))
				key.Reset()
				for _, c := range cells {
					fmt.Fprint(&key, c, ",")
				}
				if !seen[key.String()] {
					seen[key.String()] = true
					out = append(out, s.newALS(cells, union, hi))
				}
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
	slices.SortStableFunc(out, func(a, b als) int { return len(a.cells) - len(b.cells) })
	return out
}

func (s *state) newALS(cells []int, digits uint64, house int) als {
	a := als{cells: cells, digits: digits, house: house, byDigit: make([][]model.Cand, s.n)}
	for _, c := range cells {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m)
			a.byDigit[d] = append(a.byDigit[d], s.candOf(c, d+1))
		}
	}
	return a
}

// of returns the ALS's candidates of digit d.
func (a *als) of(d int) []model.Cand { return a.byDigit[d-1] }

// disjoint reports whether two ascending lists of cells share none.
func disjoint(a, b []int) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			return false
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return true
}

// restricted returns the restricted common digits of two disjoint ALSs:
// digits both hold whose every candidate in one sees every one in the
// other, so that at most one of the two sets holds it.
func (s *state) restricted(a, b *als) uint64 {
	var out uint64
	for m := a.digits & b.digits; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m) + 1
		if s.allSee(a.of(d), b.of(d)) {
			out |= 1 << (d - 1)
		}
	}
	return out
}

// allSee reports whether every candidate of xs sees every one of ys.
func (s *state) allSee(xs, ys []model.Cand) bool {
	for _, p := range xs {
		for _, q := range ys {
			if s.cellOf(p) == s.cellOf(q) || !s.geo.sees(p, q) {
				return false
			}
		}
	}
	return true
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
func alsXZ(s *state) (Step, bool) {
	var best Step
	found := false
	s.eachALSXZ(false, func(st Step) { best, found = st, true })
	return best, found
}

// eachALSXZ calls yield with the ALS-XZ steps of s, by pairs of sets in
// order; unless all, only with steps of fewer cells than the last.
func (s *state) eachALSXZ(all bool, yield func(Step)) {
	sets := s.almostLocked()
	bound := math.MaxInt
	for i := range sets {
		a := &sets[i]
		if 2*len(a.cells) >= bound {
			break
		}
		for j := i + 1; j < len(sets); j++ {
			b := &sets[j]
			if len(a.cells)+len(b.cells) >= bound {
				break
			}
			common := a.digits & b.digits
			if bits.OnesCount64(common) < 2 || !disjoint(a.cells, b.cells) {
				continue
			}
			rcc := s.restricted(a, b)
			if n := bits.OnesCount64(rcc); n == 0 || n > 2 {
				continue // more than two cannot be in a grid with a solution
			}
			if st, ok := s.alsXZStep(a, b, rcc); ok {
				yield(st)
				if !all {
					bound = len(a.cells) + len(b.cells)
				}
			}
		}
	}
}

// alsXZStep returns the step of ALSs a and b with restricted common digits
// rcc (one or two), if it eliminates something.
func (s *state) alsXZStep(a, b *als, rcc uint64) (Step, bool) {
	e := elims{s: s}
	both := func(d int) []model.Cand { return append(slices.Clip(a.of(d)), b.of(d)...) }
	rs := values(rcc)
	var reason string
	if len(rs) == 1 {
		x := rs[0]
		zs := values(a.digits & b.digits &^ rcc)
		for _, z := range zs {
			s.addSeenByAll(&e, z, both(z))
		}
		reason = fmt.Sprintf("almost locked sets A = %s and B = %s: every %d of A sees every %d of B, so one of them lacks %d and holds all its other digits: %s lies in A or B",
			a.describe(s), b.describe(s), x, x, x, joinInts(zs, " and "))
	} else {
		for _, x := range rs {
			s.addSeenByAll(&e, x, both(x))
		}
		for _, p := range []*als{a, b} {
			for _, d := range values(p.digits &^ rcc) {
				s.addSeenByAll(&e, d, p.of(d))
			}
		}
		reason = fmt.Sprintf("almost locked sets A = %s and B = %s: every %d of A sees every %d of B, and every %d every %d, so each set lacks %d or %d and holds all its other digits",
			a.describe(s), b.describe(s), rs[0], rs[0], rs[1], rs[1], rs[0], rs[1])
	}
	if e.empty() {
		return Step{}, false
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
func alsXYWing(s *state) (Step, bool) {
	var best Step
	found := false
	s.eachALSXYWing(false, func(st Step) { best, found = st, true })
	return best, found
}

// eachALSXYWing calls yield with the ALS-XY-wing steps of s, by pivot in
// order; unless all, only with steps of fewer cells than the last.
func (s *state) eachALSXYWing(all bool, yield func(Step)) {
	sets := s.almostLocked()
	links := make([][]alsLink, len(sets))
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			a, b := &sets[i], &sets[j]
			if a.digits&b.digits == 0 || !disjoint(a.cells, b.cells) {
				continue
			}
			if rcc := s.restricted(a, b); rcc != 0 {
				links[i] = append(links[i], alsLink{j, rcc})
				links[j] = append(links[j], alsLink{i, rcc})
			}
		}
	}
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
				if st, ok := s.alsXYWingStep(a, b, c, la.rcc, lb.rcc, zs); ok {
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
func (s *state) alsXYWingStep(a, b, c *als, ra, rb, zs uint64) (Step, bool) {
	for _, x := range values(ra) {
		for _, y := range values(rb) {
			if x == y {
				continue
			}
			e := elims{s: s}
			var used []int
			for _, z := range values(zs &^ (1<<(x-1) | 1<<(y-1))) {
				s.addSeenByAll(&e, z, append(slices.Clip(a.of(z)), b.of(z)...))
				if e.hasValue(z) {
					used = append(used, z)
				}
			}
			if e.empty() {
				continue
			}
			zt := joinInts(used, " and ")
			return Step{Technique: ALSXYWing,
				Reason: fmt.Sprintf("almost locked sets A = %s, B = %s and C = %s: every %d of A sees every %d of C, every %d of B every %d of C; were %s in neither A nor B, A would hold %d, C lack %d and hold %d, and B lack %d and hold %s: %s lies in A or B",
					a.describe(s), b.describe(s), c.describe(s), x, x, y, y, zt, x, x, y, y, zt, zt),
				Houses: alsHouses(s, a, b, c), Cells: alsCells(s, a, b, c), Digits: append([]int{x, y}, used...),
				Eliminations: e.list()}, true
		}
	}
	return Step{}, false
}

// hasValue reports whether e removes v from some cell.
func (e *elims) hasValue(v int) bool {
	for _, m := range e.masks {
		if m>>(v-1)&1 != 0 {
			return true
		}
	}
	return false
}
