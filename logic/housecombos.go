package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// A piece is a killer-style sum inside a house, as house combinations
// reads it: its open cells and the combinations they may still take.
type piece struct {
	r      *sum
	open   []int
	combos []uint64 // value sets
	packed []uint64 // the same over the house's open values
	keep   []bool   // per combination: it fits with the others
}

// readHouseSums lists, per exact house, the unconditional killer-style
// sums (cages, and the derived sums of one house) whose cells all lie in
// it, in the order of geometry.sums, and places their memo keys.
func (geo *geometry) readHouseSums() {
	geo.houseSums = make([][]int, len(geo.houses))
	for h, hs := range geo.houses {
		if !hs.exact {
			continue
		}
		for i, r := range geo.sums {
			if r.uniform && len(r.when) == 0 && !slices.ContainsFunc(r.cells, func(c int) bool { return !slices.Contains(hs.cells, c) }) {
				geo.houseSums[h] = append(geo.houseSums[h], i)
			}
		}
	}
	geo.houseKeyStart = make([]int, len(geo.houses)+1)
	for h, hs := range geo.houses {
		geo.houseKeyStart[h+1] = geo.houseKeyStart[h]
		if len(geo.houseSums[h]) > 0 {
			geo.houseKeyStart[h+1] += len(hs.cells) + len(geo.houseSums[h])
		}
	}
}

// houseCombinations reads the killer-style sums inside a house together
// with the house's other cells: the sums' combinations must share no
// digit, and the digits they leave must fit in the other open cells (each
// a candidate of its own, all different). A combination that fits with no
// choice of the others goes, and so do the values a cell takes in no
// choice that fits ("row 1: cage 1 r1c1 r1c2 = 6 {1,5}, cage 2 r1c3 r1c4
// = 5 {2,3} and derived, row 1 r1c5 r1c6 r1c7 r1c8 r1c9 = 34 {4,6,7,8,9}
// take different digits").
func houseCombinations(s *state) (Step, bool) {
	for h := range s.geo.houses {
		if len(s.geo.houseSums[h]) == 0 || s.houseQuiet(h) {
			continue
		}
		if st, ok := s.houseStep(h); ok {
			return st, true
		}
		s.sc.houseMemo[h] = true
	}
	return Step{}, false
}

// houseQuiet reports whether house h removed nothing when last read in
// the same position of its cells and sums.
func (s *state) houseQuiet(h int) bool {
	sc := s.scratchSums()
	geo := s.geo
	if len(sc.houseMemo) != len(geo.houses) {
		sc.houseMemo = make([]bool, len(geo.houses))
		sc.houseKeys = make([]uint64, geo.houseKeyStart[len(geo.houses)])
		sc.houseSet = make([]bool, len(geo.houses))
	}
	cells, sums := geo.houses[h].cells, geo.houseSums[h]
	key := sc.houseKeys[geo.houseKeyStart[h]:geo.houseKeyStart[h+1]]
	same := s.rekey(cells, key) && sc.houseSet[h]
	sc.houseSet[h] = true
	for k, i := range sums {
		m := s.needed(&geo.sums[i], ^uint64(0))
		same = same && key[len(cells)+k] == m
		key[len(cells)+k] = m
	}
	if !same {
		sc.houseMemo[h] = false
	}
	return sc.houseMemo[h]
}

// houseStep reads house h's sums together; see houseCombinations.
func (s *state) houseStep(h int) (Step, bool) {
	hs := &s.geo.houses[h]
	var placed uint64
	var open []int
	for _, c := range hs.cells {
		if v := s.val[c]; v != 0 {
			placed |= 1 << (v - 1)
		} else {
			open = append(open, c)
		}
	}
	digits := values(s.geo.all() &^ placed)
	u := len(digits)
	if u != len(open) || u == 0 || u > maxCombo {
		return Step{}, false
	}
	pieces, rest := s.pieces(h, open)
	if len(pieces) == 0 || len(pieces) == 1 && len(rest) == 0 {
		return Step{}, false
	}
	for i := range pieces {
		p := &pieces[i]
		p.packed = make([]uint64, len(p.combos))
		for j, m := range p.combos {
			p.packed[j] = pack(m, digits)
		}
		p.keep = make([]bool, len(p.combos))
	}
	k, size := len(pieces), 1<<u
	reach := make([]uint8, (k+1)*size) // reachBit, goodBit per stage and used set
	reach[0] = reachBit
	for i, p := range pieces {
		for m := range size {
			if reach[i*size+m]&reachBit == 0 {
				continue
			}
			for _, c := range p.packed {
				if uint64(m)&c == 0 {
					reach[(i+1)*size+(m|int(c))] |= reachBit
				}
			}
		}
	}
	full := uint64(size - 1)
	restSupport := make([]uint64, len(rest))
	support := make([]uint64, len(rest))
	var rests []uint64
	for m := range size {
		if reach[k*size+m]&reachBit == 0 {
			continue
		}
		left := unpack(full&^uint64(m), digits)
		if s.assign(rest, left, support) {
			reach[k*size+m] |= goodBit
			rests = append(rests, left)
			for j, x := range support {
				restSupport[j] |= x
			}
		}
	}
	for i := k - 1; i >= 0; i-- {
		p := &pieces[i]
		for m := range size {
			if reach[i*size+m]&reachBit == 0 {
				continue
			}
			for j, c := range p.packed {
				if uint64(m)&c == 0 && reach[(i+1)*size+(m|int(c))]&goodBit != 0 {
					reach[i*size+m] |= goodBit
					p.keep[j] = true
				}
			}
		}
	}
	if reach[0]&goodBit == 0 {
		return Step{}, false // no choice fits: the position is broken, which other checks say
	}
	e := elims{s: s}
	var place []Placement
	keepOnly := func(c int, sup uint64) {
		gone := s.cand[c] &^ sup
		if gone == 0 {
			return
		}
		if left := s.cand[c] & sup; bits.OnesCount64(left) == 1 {
			place = append(place, s.placement(c, bits.TrailingZeros64(left)+1)...)
			return
		}
		for _, v := range values(gone) {
			e.add(c, v)
		}
	}
	for i := range pieces {
		p := &pieces[i]
		sup := make([]uint64, len(p.open))
		one := make([]uint64, len(p.open))
		for j, m := range p.combos {
			if p.keep[j] && s.assign(p.open, m, one) {
				for x, y := range one {
					sup[x] |= y
				}
			}
		}
		for x, c := range p.open {
			keepOnly(c, sup[x])
		}
	}
	for j, c := range rest {
		keepOnly(c, restSupport[j])
	}
	if e.empty() && len(place) == 0 {
		return Step{}, false
	}
	slices.SortFunc(place, func(a, b Placement) int { return a.Cell - b.Cell })
	slices.Sort(rests)
	return Step{Technique: HouseCombination, Reason: s.houseText(hs.name, pieces, rest, rests) + placedText(place),
		Houses: []string{hs.name}, Cells: s.names(open), Eliminations: e.list(), Placements: place}, true
}

// pieces returns the killer-style sums inside house h with an open cell,
// disjoint (the first of two that share a cell), with the combinations
// they may take, and the house's open cells outside them.
func (s *state) pieces(h int, open []int) ([]piece, []int) {
	var out []piece
	taken := map[int]bool{}
	for _, i := range s.geo.houseSums[h] {
		r := &s.geo.sums[i]
		if slices.ContainsFunc(r.cells, func(c int) bool { return taken[c] }) || !s.combos(r) {
			continue
		}
		for _, c := range r.cells {
			taken[c] = true
		}
		out = append(out, piece{r: r, open: slices.Clone(s.sc.open), combos: slices.Clone(s.sc.combos)})
	}
	var rest []int
	for _, c := range open {
		if !taken[c] {
			rest = append(rest, c)
		}
	}
	return out, rest
}

// assign reports whether cells can take the values of set one each (each
// a candidate of its cell, all different; as many values as cells), and
// puts in support the values each cell takes in some such assignment.
func (s *state) assign(cells []int, set uint64, support []uint64) bool {
	clear(support)
	if len(cells) == 0 {
		return set == 0
	}
	digits := values(set)
	u := len(digits)
	if u != len(cells) || u > maxCombo {
		return false
	}
	sc := s.scratchSums()
	sc.hmarks = slices.Grow(sc.hmarks[:0], 1<<u)[:1<<u]
	clear(sc.hmarks)
	sc.hmarks[0] = reachBit
	cands := make([]uint64, u)
	for j, c := range cells {
		cands[j] = s.packed(c, digits)
	}
	for m := range 1 << u {
		if j := bits.OnesCount(uint(m)); sc.hmarks[m]&reachBit != 0 && j < u {
			for free := cands[j] &^ uint64(m); free != 0; free &= free - 1 {
				sc.hmarks[m|int(free&-free)] |= reachBit
			}
		}
	}
	last := 1<<u - 1
	if sc.hmarks[last]&reachBit == 0 {
		return false
	}
	sc.hmarks[last] |= goodBit
	packedS := make([]uint64, u)
	for m := last - 1; m >= 0; m-- {
		if sc.hmarks[m]&reachBit == 0 {
			continue
		}
		j := bits.OnesCount(uint(m))
		for free := cands[j] &^ uint64(m); free != 0; free &= free - 1 {
			if b := free & -free; sc.hmarks[m|int(b)]&goodBit != 0 {
				sc.hmarks[m] |= goodBit
				packedS[j] |= b
			}
		}
	}
	for j := range cells {
		support[j] = unpack(packedS[j], digits)
	}
	return true
}

// houseText says which combinations of a house's sums, and which value
// sets of its other open cells, fit together, as "row 1: cage 1 r1c1
// r1c2 = 10 {1,9} and the rest r1c3 … r1c9 {2,3,4,5,6,7,8} take different
// digits".
func (s *state) houseText(name string, pieces []piece, rest []int, rests []uint64) string {
	parts := make([]string, 0, len(pieces)+1)
	for _, p := range pieces {
		var kept []uint64
		for j, m := range p.combos {
			if p.keep[j] {
				kept = append(kept, m)
			}
		}
		parts = append(parts, p.r.label+" "+s.formula(p.r)+" "+shownSets(kept))
	}
	if len(rest) > 0 {
		parts = append(parts, "the rest "+listNames(s, rest)+" "+shownSets(rests))
	}
	last := len(parts) - 1
	list := parts[last]
	if last > 0 {
		list = strings.Join(parts[:last], ", ") + " and " + parts[last]
	}
	return fmt.Sprintf("%s: %s take different digits", name, list)
}

// shownSets writes value sets as "{1,7} {3,5}", at most maxShown of them.
func shownSets(sets []uint64) string {
	if len(sets) > maxShown {
		return combosList(sets[:maxShown]) + fmt.Sprintf(" … (%d sets)", len(sets))
	}
	return combosList(sets)
}
