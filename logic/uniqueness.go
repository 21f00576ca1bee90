package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// The uniqueness techniques (unique rectangles and BUG+1) assume that the
// puzzle has exactly one solution, as its setter promises: a pattern that
// would leave two digits free to swap (so two solutions or none) cannot
// be, which rules out the candidates that would make it. They run only
// when Options.AssumeUnique asks for them (they are not among
// DefaultTechniques), and only on plain grids (rows,
// columns and boxes, no other rule), where swapping two digits in a
// rectangle of two rows, two columns and two boxes keeps every rule.

// plainGrid is what the uniqueness techniques read of a plain grid: the
// cell at each row and column and the box of each cell; nil when the
// grid has other rules.
type plainGrid struct {
	cols int
	at   []int // row*cols+col -> cell
	box  []int // cell -> index of its box among the houses
}

// plain returns the plain grid of geo, or nil.
func (geo *geometry) plain() *plainGrid {
	geo.plainOnce.Do(func() { geo.plainCache = geo.readPlain() })
	return geo.plainCache
}

func (geo *geometry) readPlain() *plainGrid {
	rows, cols := geo.lines[0], geo.lines[1]
	if len(geo.sums) > 0 || len(geo.tables) > 0 || len(geo.extra) > 0 || len(rows)*len(cols) != geo.cells {
		return nil
	}
	p := &plainGrid{cols: len(cols), at: make([]int, geo.cells), box: make([]int, geo.cells)}
	for i := range p.box {
		p.box[i] = -1
	}
	for hi, h := range geo.houses {
		if h.kind == other || !h.full {
			return nil
		}
		if h.kind == box {
			for _, c := range h.cells {
				p.box[c] = hi
			}
		}
	}
	for c := range geo.cells {
		r, k := geo.line[0][c], geo.line[1][c]
		if r < 0 || k < 0 || p.box[c] < 0 {
			return nil
		}
		p.at[r*p.cols+k] = c
		// Every peer shares a row, a column or a box: no other rule.
		for _, q := range geo.peers(model.Cand(c * geo.values)) {
			d := int(q) / geo.values
			if d != c && geo.line[0][d] != r && geo.line[1][d] != k && p.box[d] != p.box[c] {
				return nil
			}
		}
	}
	return p
}

// uniqueRectangle finds four open cells in two rows, two columns and two
// boxes that hold two digits a and b (at least one each, both in a floor
// cell), where the uniqueness of the solution rules something out (the
// floor cells hold only a and b, the roof cells more):
//
//   - type 1: three are floor cells, so the fourth is not a or b;
//   - type 2: two floor cells, and the two roofs, which share a house,
//     hold one more digit c alike: c lies in one of them and leaves the
//     cells that see both;
//   - type 3: two floor cells and two roofs sharing a house, whose other
//     digits with k-1 more cells of the house make k digits in k cells (one
//     roof holds one of them): those digits leave the house's other cells;
//   - type 4: two floor cells and, in a house holding the two roofs, a can
//     go nowhere else, so b leaves the roofs;
//   - type 5: one or two floor cells (two on a diagonal), and the roofs
//     hold one more digit c alike: c leaves the cells that see every roof;
//   - type 6: two floor cells on a diagonal, and a lies only in the
//     rectangle in both its rows (or both its columns): were a roof a, the
//     other roof would be a too and the floors b, so a leaves the roofs;
//   - hidden rectangle: a floor cell, and in the row and the column of
//     the corner across from it a lies only in the rectangle: were that
//     corner b, the other two corners would be a and the floor b, so it
//     is not b.
//
// Every rectangle is tried for type 1 before any for type 2, and so on.
func uniqueRectangle(s *state) (Step, bool) { return first(s.eachRectangle) }

// The kinds of unique rectangle, in the order they are looked for.
const (
	urType1 = iota
	urType2
	urType3
	urType4
	urType5
	urType6
	urHidden
	urKinds
)

// eachRectangle calls yield with the unique rectangle steps of s, kind by
// kind, rectangle by rectangle, until it returns false.
func (s *state) eachRectangle(yield func(Step) bool) {
	p := s.geo.plain()
	if p == nil {
		return
	}
	nr := len(s.geo.lines[0])
	for kind := range urKinds {
		for r1 := 0; r1 < nr; r1++ {
			for r2 := r1 + 1; r2 < nr; r2++ {
				for c1 := 0; c1 < p.cols; c1++ {
					for c2 := c1 + 1; c2 < p.cols; c2++ {
						cells := [4]int{p.at[r1*p.cols+c1], p.at[r1*p.cols+c2], p.at[r2*p.cols+c1], p.at[r2*p.cols+c2]}
						if !s.rectangle(p, kind, cells, yield) {
							return
						}
					}
				}
			}
		}
	}
}

// rectangle calls yield with the unique rectangle steps of one kind on
// four cells (two of a row, then the two below them), and reports whether
// it always returned true.
func (s *state) rectangle(p *plainGrid, kind int, cells [4]int, yield func(Step) bool) bool {
	for _, c := range cells {
		if s.val[c] != 0 {
			return true
		}
	}
	// Two boxes: the top pair shares one, the bottom pair another (the
	// other way round, the four cells would lie in one box or four).
	b := p.box
	if b[cells[0]] != b[cells[1]] || b[cells[2]] != b[cells[3]] || b[cells[0]] == b[cells[2]] {
		if b[cells[0]] != b[cells[2]] || b[cells[1]] != b[cells[3]] || b[cells[0]] == b[cells[1]] {
			return true
		}
	}
	// The digits a and b are those of a floor cell (every kind needs
	// one); each cell holds one of them at least. A cell may lack the
	// other (HoDoKu's "missing candidates"): were the four cells a and b,
	// swapping them would still give a second solution.
	var pairs []uint64
	for _, c := range cells {
		ab := s.cand[c]
		if bits.OnesCount64(ab) != 2 || slices.Contains(pairs, ab) {
			continue
		}
		every := true
		for _, d := range cells {
			every = every && s.cand[d]&ab != 0
		}
		if every {
			pairs = append(pairs, ab)
		}
	}
	slices.SortFunc(pairs, func(x, y uint64) int {
		if lx, ly := bits.TrailingZeros64(x), bits.TrailingZeros64(y); lx != ly {
			return lx - ly
		}
		return bits.Len64(x) - bits.Len64(y)
	})
	for _, ab := range pairs {
		if st, ok := s.rectangleOf(kind, cells, ab); ok && !yield(st) {
			return false
		}
	}
	return true
}

// rectangleOf returns the step of one kind of rectangle on the two digits
// ab, if there is one.
func (s *state) rectangleOf(kind int, cells [4]int, ab uint64) (Step, bool) {
	var floor, roof []int // indices in cells
	for i, c := range cells {
		if s.cand[c] == ab {
			floor = append(floor, i)
		} else {
			roof = append(roof, i)
		}
	}
	a, b := bits.TrailingZeros64(ab)+1, 63-bits.LeadingZeros64(ab)+1
	names := s.names(cells[:])
	name := func(i int) string { return s.geo.cellNames[cells[i]] }
	what := fmt.Sprintf("%s would let %d and %d swap (two solutions)", strings.Join(names, " "), a, b)
	step := func(reason string, e elims) (Step, bool) {
		if e.empty() {
			return Step{}, false
		}
		return Step{Technique: UniqueRectangle, Reason: what + "; " + reason, Cells: names, Digits: []int{a, b},
			Eliminations: e.list()}, true
	}
	// Two cells of the rectangle (indices 0..3: row i/2, column i%2) share
	// a row or a column unless they lie across it (i+j == 3).
	across := func(i, j int) bool { return i+j == 3 }
	switch kind {
	case urType1:
		if len(floor) == 3 {
			e := elims{s: s}
			e.add(cells[roof[0]], a)
			e.add(cells[roof[0]], b)
			return step(fmt.Sprintf("type 1: %s is not %d or %d", name(roof[0]), a, b), e)
		}
	case urType2, urType5:
		if len(floor) == 0 || len(floor) == 3 || (kind == urType2) != (len(floor) == 2 && !across(roof[0], roof[1])) {
			return Step{}, false // type 2 has its roofs side by side; type 5 the rest
		}
		extra := s.cand[cells[roof[0]]] &^ ab
		var from []model.Cand
		var roofNames []string
		for _, r := range roof {
			if s.cand[cells[r]]&^ab != extra {
				return Step{}, false
			}
			from = append(from, s.candOf(cells[r], bits.TrailingZeros64(extra)+1))
			roofNames = append(roofNames, name(r))
		}
		if bits.OnesCount64(extra) != 1 {
			return Step{}, false
		}
		z := bits.TrailingZeros64(extra) + 1
		if kind == urType2 {
			return step(fmt.Sprintf("type 2: %s or %s is %d, which leaves the cells that see both", roofNames[0], roofNames[1], z), s.seenByAll(z, from...))
		}
		return step(fmt.Sprintf("type 5: one of %s is %d, which leaves the cells that see them all", strings.Join(roofNames, ", "), z), s.seenByAll(z, from...))
	case urType3:
		if len(floor) == 2 && !across(roof[0], roof[1]) {
			return s.rectangleType3(cells[roof[0]], cells[roof[1]], ab, step)
		}
	case urType4:
		if len(floor) != 2 || across(roof[0], roof[1]) {
			return Step{}, false
		}
		r0, r1 := cells[roof[0]], cells[roof[1]]
		for _, d := range [2][2]int{{a, b}, {b, a}} {
			if h, ok := s.conjugateHouse(r0, r1, d[0]); ok {
				e := elims{s: s}
				e.add(r0, d[1])
				e.add(r1, d[1])
				if st, ok := step(fmt.Sprintf("type 4: %d in %s lies only in %s and %s, so neither is %d", d[0], h, name(roof[0]), name(roof[1]), d[1]), e); ok {
					return st, true
				}
			}
		}
	case urType6:
		if len(floor) != 2 || !across(floor[0], floor[1]) {
			return Step{}, false
		}
		for _, u := range [2]int{a, b} {
			for _, pairs := range [2][2][2]int{{{0, 1}, {2, 3}}, {{0, 2}, {1, 3}}} { // both rows, both columns
				h0, ok0 := s.conjugateHouse(cells[pairs[0][0]], cells[pairs[0][1]], u)
				h1, ok1 := s.conjugateHouse(cells[pairs[1][0]], cells[pairs[1][1]], u)
				if !ok0 || !ok1 {
					continue
				}
				e := elims{s: s}
				e.add(cells[roof[0]], u)
				e.add(cells[roof[1]], u)
				if st, ok := step(fmt.Sprintf("type 6: %d lies only in the rectangle in %s and in %s; were %s or %s %d, both would be and %s and %s the other digit, so neither is %d",
					u, h0, h1, name(roof[0]), name(roof[1]), u, name(floor[0]), name(floor[1]), u), e); ok {
					return st, true
				}
			}
		}
	case urHidden:
		for _, f := range floor {
			x := 3 - f       // the corner across from the floor cell
			r, c := x^1, x^2 // x's neighbours in its row and its column
			for _, uv := range [2][2]int{{a, b}, {b, a}} {
				u, v := uv[0], uv[1]
				hr, okr := s.conjugateHouse(cells[x], cells[r], u)
				hc, okc := s.conjugateHouse(cells[x], cells[c], u)
				if !okr || !okc {
					continue
				}
				e := elims{s: s}
				e.add(cells[x], v)
				if st, ok := step(fmt.Sprintf("hidden rectangle: %d lies only in %s and %s in %s and only in %s and %s in %s; were %s %d, %s and %s would be %d and %s %d, so it is not %d",
					u, name(x), name(r), hr, name(x), name(c), hc, name(x), v, name(r), name(c), u, name(f), v, v), e); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// rectangleType3 looks, in the houses holding both roofs r0 and r1 of a
// rectangle on digits ab, for cells that with the roofs' other digits
// make a naked subset, one roof being one more cell of it.
func (s *state) rectangleType3(r0, r1 int, ab uint64, step func(string, elims) (Step, bool)) (Step, bool) {
	extra := (s.cand[r0] | s.cand[r1]) &^ ab
	for _, k := range s.geo.housesOf()[r0] {
		h := s.geo.houses[k]
		if !slices.Contains(h.cells, r1) {
			continue
		}
		var others []int
		for _, c := range h.cells {
			if s.val[c] == 0 && c != r0 && c != r1 {
				others = append(others, c)
			}
		}
		for _, sub := range s.subsets(others, 3, nil) {
			union := extra | sub.digits
			if bits.OnesCount64(union) != len(sub.cells)+1 {
				continue
			}
			// The subset holds in every house holding the roofs and its
			// cells (a column and a box).
			e := elims{s: s}
			var in []string
			for _, k2 := range s.geo.housesOf()[r0] {
				h2 := s.geo.houses[k2]
				if !slices.Contains(h2.cells, r1) || !containsAll(h2.cells, sub.cells) {
					continue
				}
				in = append(in, h2.name)
				for _, c := range h2.cells {
					if s.val[c] == 0 && c != r0 && c != r1 && !slices.Contains(sub.cells, c) {
						for _, v := range values(s.cand[c] & union) {
							e.add(c, v)
						}
					}
				}
			}
			if st, ok := step(fmt.Sprintf("type 3: %s or %s holds one of %s, so with %s they hold %s in %s, which leave its other cells",
				s.geo.cellNames[r0], s.geo.cellNames[r1], joinInts(values(extra), "/"), listNames(s, sub.cells), joinInts(values(union), "/"), strings.Join(in, " and ")), e); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// containsAll reports whether cells holds every one of want.
func containsAll(cells, want []int) bool {
	for _, c := range want {
		if !slices.Contains(cells, c) {
			return false
		}
	}
	return true
}

// conjugateHouse names a house holding cells a and b where v can go in
// those two cells only.
func (s *state) conjugateHouse(a, b, v int) (string, bool) {
	for _, h := range s.geo.houses {
		if !slices.Contains(h.cells, a) || !slices.Contains(h.cells, b) {
			continue
		}
		only := true
		for _, c := range h.cells {
			if c != a && c != b && (s.val[c] == v || s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0) {
				only = false
				break
			}
		}
		if only {
			return h.name, true
		}
	}
	return "", false
}

// bugPlusOne finds a position where every open cell holds two candidates
// but one, which holds three (a bivalue universal grave plus one): were
// that cell one of the two digits that appear twice in its houses, every
// digit would appear twice in every house and could swap, so it takes the
// digit that appears three times in its row.
func bugPlusOne(s *state) (Step, bool) {
	p := s.geo.plain()
	if p == nil {
		return Step{}, false
	}
	three := -1
	for c, m := range s.cand {
		if s.val[c] != 0 {
			continue
		}
		switch bits.OnesCount64(m) {
		case 2:
		case 3:
			if three >= 0 {
				return Step{}, false
			}
			three = c
		default:
			return Step{}, false
		}
	}
	if three < 0 {
		return Step{}, false
	}
	for _, h := range s.geo.houses {
		if !slices.Contains(h.cells, three) {
			continue
		}
		for x := s.cand[three]; x != 0; x &= x - 1 {
			v := bits.TrailingZeros64(x) + 1
			n := 0
			for _, c := range h.cells {
				if s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 {
					n++
				}
			}
			if n == 3 {
				name := s.geo.cellNames[three]
				return Step{Technique: BUGPlusOne, Reason: fmt.Sprintf("every open cell but %s holds two digits, each twice in every house; unless %s is %d (three times in %s), digits could swap (two solutions)", name, name, v, h.name),
					Houses: []string{h.name}, Cells: []string{name}, Digits: []int{v}, Placements: s.placement(three, v)}, true
			}
		}
	}
	return Step{}, false
}
