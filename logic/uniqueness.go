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
// boxes that all keep two digits a and b, where the uniqueness of the
// solution rules something out: type 1, three of them hold only a and b,
// so the fourth is not a or b; type 2, two hold only a and b and the other
// two, which share a house, only a, b and one more digit c, so c lies in
// one of those two and leaves the cells that see both; type 4, two hold
// only a and b and, in a house holding the other two, a can go nowhere
// else, so b leaves those two.
func uniqueRectangle(s *state) (Step, bool) {
	p := s.geo.plain()
	if p == nil {
		return Step{}, false
	}
	nr := len(s.geo.lines[0])
	for r1 := 0; r1 < nr; r1++ {
		for r2 := r1 + 1; r2 < nr; r2++ {
			for c1 := 0; c1 < p.cols; c1++ {
				for c2 := c1 + 1; c2 < p.cols; c2++ {
					cells := [4]int{p.at[r1*p.cols+c1], p.at[r1*p.cols+c2], p.at[r2*p.cols+c1], p.at[r2*p.cols+c2]}
					if st, ok := s.rectangle(p, cells); ok {
						return st, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// rectangle returns the unique rectangle step of four cells (two of a row,
// then the two below them), if there is one.
func (s *state) rectangle(p *plainGrid, cells [4]int) (Step, bool) {
	common := ^uint64(0)
	for _, c := range cells {
		if s.val[c] != 0 {
			return Step{}, false
		}
		common &= s.cand[c]
	}
	// Two boxes: the top pair shares one, the bottom pair another (the
	// other way round, the four cells would lie in one box or four).
	b := p.box
	if b[cells[0]] != b[cells[1]] || b[cells[2]] != b[cells[3]] || b[cells[0]] == b[cells[2]] {
		if b[cells[0]] != b[cells[2]] || b[cells[1]] != b[cells[3]] || b[cells[0]] == b[cells[1]] {
			return Step{}, false
		}
	}
	if bits.OnesCount64(common) < 2 {
		return Step{}, false
	}
	for x := common; x != 0; x &= x - 1 {
		for y := x & (x - 1); y != 0; y &= y - 1 {
			ab := x&-x | y&-y
			if st, ok := s.rectangleOf(cells, ab); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// rectangleOf is rectangle for the two digits ab.
func (s *state) rectangleOf(cells [4]int, ab uint64) (Step, bool) {
	var floor, roof []int
	for _, c := range cells {
		if s.cand[c] == ab {
			floor = append(floor, c)
		} else {
			roof = append(roof, c)
		}
	}
	a, b := bits.TrailingZeros64(ab)+1, 63-bits.LeadingZeros64(ab)+1
	names := s.names(cells[:])
	what := fmt.Sprintf("%s would let %d and %d swap (two solutions)", strings.Join(names, " "), a, b)
	step := func(reason string, e elims) (Step, bool) {
		if e.empty() {
			return Step{}, false
		}
		return Step{Technique: UniqueRectangle, Reason: what + "; " + reason, Cells: names, Digits: []int{a, b},
			Eliminations: e.list()}, true
	}
	switch len(floor) {
	case 3:
		e := elims{s: s}
		e.add(roof[0], a)
		e.add(roof[0], b)
		return step(fmt.Sprintf("type 1: %s is not %d or %d", s.geo.cellNames[roof[0]], a, b), e)
	case 2:
		r0, r1 := roof[0], roof[1]
		if !s.geo.sees(s.candOf(r0, a), s.candOf(r1, a)) {
			return Step{}, false // the roof lies across the rectangle
		}
		if extra := s.cand[r0] &^ ab; extra == s.cand[r1]&^ab && bits.OnesCount64(extra) == 1 {
			z := bits.TrailingZeros64(extra) + 1
			e := s.seenByAll(z, s.candOf(r0, z), s.candOf(r1, z))
			if st, ok := step(fmt.Sprintf("type 2: %s or %s is %d, which leaves the cells that see both", s.geo.cellNames[r0], s.geo.cellNames[r1], z), e); ok {
				return st, true
			}
		}
		for _, d := range [2][2]int{{a, b}, {b, a}} {
			if h, ok := s.conjugateHouse(r0, r1, d[0]); ok {
				e := elims{s: s}
				e.add(r0, d[1])
				e.add(r1, d[1])
				if st, ok := step(fmt.Sprintf("type 4: %d in %s lies only in %s and %s, so neither is %d", d[0], h, s.geo.cellNames[r0], s.geo.cellNames[r1], d[1]), e); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
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
