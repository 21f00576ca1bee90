package logic

import (
	"fmt"
	"math/bits"
	"strings"
)

// cells81 is a set of cells of a 9x9 grid.
type cells81 [2]uint64

func (b cells81) and(o cells81) cells81 { return cells81{b[0] & o[0], b[1] & o[1]} }
func (b cells81) count() int            { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }
func (b cells81) has(c int) bool        { return b[c/64]>>(c%64)&1 != 0 }

// each calls f with the cells of b, ascending.
func (b cells81) each(f func(c int)) {
	for w, m := range b {
		for ; m != 0; m &= m - 1 {
			f(w*64 + bits.TrailingZeros64(m))
		}
	}
}

// aligned returns the finder of Sudoku Explainer's aligned exclusion of
// degree cells (2, the aligned pair exclusion, or 3, the aligned triplet
// exclusion). Its base cells are open cells with two digits at least, no
// peer with a single one, and some excluding peer: an open cell holding
// from two to degree digits. For each set of degree base cells (any two,
// and for a triplet a third that is an excluding peer of one of them)
// whose excluding peers have two cells at least in common, it tries every
// combination of their values: one is out when two base cells that see
// each other take the same value, or when the values take every digit of
// a common excluding cell (which sees every base cell and would be left
// empty). A value of a base cell no remaining combination gives it is
// removed. It finds nothing on other grids than 9x9 rows, columns and
// boxes.
func aligned(degree int) finder {
	return func(s *state) (Step, bool) {
		if !s.classic() {
			return Step{}, false
		}
		var peer, excl [81]cells81
		var base []int
		scratch := make([]uint64, 2)
		for c := range 81 {
			copy(peer[c][:], s.geo.peerBits(s.candOf(c, 1), scratch))
			if s.val[c] != 0 || bits.OnesCount64(s.cand[c]) < 2 {
				continue
			}
			single := false
			peer[c].each(func(p int) {
				switch k := bits.OnesCount64(s.cand[p]); {
				case s.val[p] != 0:
				case k == 1:
					single = true
				case k <= degree:
					excl[c][p/64] |= 1 << (p % 64)
				}
			})
			if !single && excl[c].count() > 0 {
				base = append(base, c)
			}
		}
		for i, a := range base {
			for j := i + 1; j < len(base); j++ {
				b := base[j]
				common := excl[a].and(excl[b])
				if common.count() < 2 {
					continue
				}
				if degree == 2 {
					if st, ok := s.exclusion([]int{a, b}, common, &peer); ok {
						return st, true
					}
					continue
				}
				for _, c := range base[j+1:] {
					all := common.and(excl[c])
					if all.count() < 2 || !alignedTail(s, [3]int{a, b, c}, &peer) {
						continue
					}
					if st, ok := s.exclusion([]int{a, b, c}, all, &peer); ok {
						return st, true
					}
				}
			}
		}
		return Step{}, false
	}
}

// alignedTail reports whether one of the three cells holds at most three
// digits and sees another: Sudoku Explainer's triplets join to a pair a
// cell that is an excluding peer of one of the two.
func alignedTail(s *state, cells [3]int, peer *[81]cells81) bool {
	for i, c := range cells {
		if bits.OnesCount64(s.cand[c]) > 3 {
			continue
		}
		for j, d := range cells {
			if i != j && peer[c].has(d) {
				return true
			}
		}
	}
	return false
}

// exclusion tries every combination of values of the base cells against
// their common excluding cells, and returns the step removing the values
// none allows, if any.
func (s *state) exclusion(cells []int, common cells81, peer *[81]cells81) (Step, bool) {
	// Only an excluding cell whose digits the base cells hold can be
	// left empty.
	var ex []uint64
	var exCells []int
	union := orOf(s.cand, cells)
	common.each(func(c int) {
		exCells = append(exCells, c)
		if s.cand[c]&^union == 0 {
			ex = append(ex, s.cand[c])
		}
	})
	if len(ex) == 0 && len(cells) == 2 {
		// Two values that differ where their cells see each other are
		// always allowed then.
		return Step{}, false
	}
	var allowed, chosen [3]uint64 // per base cell, a set of values; chosen one bit
	done := false
	var try func(i int, taken uint64)
	try = func(i int, taken uint64) {
		if done {
			return
		}
		if i == len(cells) {
			for _, m := range ex {
				if m&^taken == 0 {
					return
				}
			}
			full := true
			for k, c := range cells {
				allowed[k] |= chosen[k]
				full = full && allowed[k] == s.cand[c]
			}
			done = full
			return
		}
		for m := s.cand[cells[i]]; m != 0; m &= m - 1 {
			bit := m & -m
			clash := false
			for k := range i {
				if chosen[k] == bit && peer[cells[i]].has(cells[k]) {
					clash = true
					break
				}
			}
			if !clash {
				chosen[i] = bit
				try(i+1, taken|bit)
			}
		}
	}
	try(0, 0)
	if done {
		return Step{}, false
	}
	e := elims{s: s}
	var puts []string
	for k, c := range cells {
		for _, v := range values(s.cand[c] &^ allowed[k]) {
			e.add(c, v)
			puts = append(puts, fmt.Sprintf("%s=%d", s.geo.cellNames[c], v))
		}
	}
	if e.empty() {
		return Step{}, false
	}
	tech := AlignedPairExclusion
	if len(cells) == 3 {
		tech = AlignedTripletExclusion
	}
	return Step{Technique: tech,
		Reason: fmt.Sprintf("%s all see %s: every combination of their values that puts %s repeats a digit in a house or takes every digit of one of those cells",
			s.cellsWithDigits(cells), s.cellsWithDigits(exCells), strings.Join(puts, " or ")),
		Cells: s.names(append(append([]int(nil), cells...), exCells...)), Digits: values(union),
		Eliminations: e.list()}, true
}

// cellsWithDigits writes cells as "r1c1 (1/3/7), r1c5 (3/7) and r2c2 (3/7)".
func (s *state) cellsWithDigits(cells []int) string {
	var sb strings.Builder
	for i, c := range cells {
		switch {
		case i == len(cells)-1 && i > 0:
			sb.WriteString(" and ")
		case i > 0:
			sb.WriteString(", ")
		}
		sb.WriteString(s.geo.cellNames[c])
		sb.WriteString(" (")
		sb.WriteString(joinInts(values(s.cand[c]), "/"))
		sb.WriteString(")")
	}
	return sb.String()
}

// orOf returns the union of the candidates of cells.
func orOf(cand []uint64, cells []int) uint64 {
	var m uint64
	for _, c := range cells {
		m |= cand[c]
	}
	return m
}
