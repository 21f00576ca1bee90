package logic

import (
	"fmt"
	"math/bits"
)

var finnedOf = [5]Technique{2: FinnedXWing, 3: FinnedSwordfish, 4: FinnedJellyfish}

// boxes returns the box of each cell (an index into geo.houses), -1 for a
// cell in none, made once.
func (geo *geometry) boxes() []int {
	geo.boxOnce.Do(func() {
		geo.boxCache = make([]int, geo.cells)
		for i := range geo.boxCache {
			geo.boxCache[i] = -1
		}
		for hi, h := range geo.houses {
			if h.kind == box && h.full {
				for _, c := range h.cells {
					geo.boxCache[c] = hi
				}
			}
		}
	})
	return geo.boxCache
}

// finnedFish returns the technique that finds, for one value, k rows
// whose candidates lie in k columns but for a few (the fins), all in one
// box (or k columns in k rows): either a fin holds the value or the fish
// does, so the value leaves the cells of those columns (rows) that lie in
// the fins' box, outside the k rows. A base row holding fins only is the
// sashimi form.
func finnedFish(k int) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) {
		geo := s.geo
		if len(geo.lines[0]) == 0 || len(geo.lines[1]) == 0 || len(geo.lines[1]) > 64 || len(geo.lines[0]) > 64 {
			return Step{}, false
		}
		boxOf := geo.boxes()
		for base := range 2 {
			for v := 1; v <= s.n; v++ {
				if st, ok := s.finnedOne(k, base, v, boxOf); ok {
					return st, true
				}
			}
		}
		return Step{}, false
	}
}

// finnedOne is finnedFish for value v with base lines of kind base.
func (s *state) finnedOne(k, base, v int, boxOf []int) (Step, bool) {
	geo := s.geo
	cover := 1 - base
	var bases []int
	var masks []uint64
	for bi, hi := range geo.lines[base] {
		var m uint64
		ok := true
		for _, c := range geo.houses[hi].cells {
			if s.val[c] == v || s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 && geo.line[cover][c] < 0 {
				ok = false
				break
			}
			if s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 {
				m |= 1 << geo.line[cover][c]
			}
		}
		if n := bits.OnesCount64(m); ok && n >= 1 && n <= k+3 {
			bases = append(bases, bi)
			masks = append(masks, m)
		}
	}
	var st Step
	found := false
	pick := make([]int, 0, k)
	var rec func(from int, union uint64)
	rec = func(from int, union uint64) {
		if found {
			return
		}
		if len(pick) == k {
			if n := bits.OnesCount64(union); n > k && n <= k+3 {
				st, found = s.finnedCovers(k, base, v, bases, pick, union, boxOf)
			}
			return
		}
		for i := from; i <= len(masks)-(k-len(pick)); i++ {
			if u := union | masks[i]; bits.OnesCount64(u) <= k+3 {
				pick = append(pick, i)
				rec(i+1, u)
				pick = pick[:len(pick)-1]
			}
		}
	}
	rec(0, 0)
	return st, found
}

// finnedCovers tries every k of the cover lines in union for the picked
// base lines: the candidates outside them are the fins, which must share
// a box.
func (s *state) finnedCovers(k, base, v int, bases, pick []int, union uint64, boxOf []int) (Step, bool) {
	geo := s.geo
	cover := 1 - base
	var cells []int // the candidates of the base lines
	for _, p := range pick {
		for _, c := range geo.houses[geo.lines[base][bases[p]]].cells {
			if s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 {
				cells = append(cells, c)
			}
		}
	}
	var inBase uint64 // the picked base lines, by index
	for _, p := range pick {
		inBase |= 1 << bases[p]
	}
	lines := values(union) // cover line indices, from 1
	var st Step
	// Every k of the cover lines: combine with no masks walks the subsets.
	found := combine(make([]uint64, len(lines)), k, func(cp []int, _ uint64) bool {
		var covers uint64
		for _, i := range cp {
			covers |= 1 << (lines[i] - 1)
		}
		finBox := -1
		var fins []int
		for _, c := range cells {
			if covers>>geo.line[cover][c]&1 != 0 {
				continue
			}
			if b := boxOf[c]; b < 0 || finBox >= 0 && b != finBox {
				return false
			}
			finBox = boxOf[c]
			fins = append(fins, c)
		}
		if finBox < 0 {
			return false
		}
		e := elims{s: s}
		for _, c := range geo.houses[finBox].cells {
			l, b := geo.line[cover][c], geo.line[base][c]
			if l >= 0 && covers>>l&1 != 0 && (b < 0 || inBase>>b&1 == 0) {
				e.add(c, v)
			}
		}
		if e.empty() {
			return false
		}
		var houses []string
		for _, p := range pick {
			houses = append(houses, geo.houses[geo.lines[base][bases[p]]].name)
		}
		for _, i := range cp {
			houses = append(houses, geo.houses[geo.lines[cover][lines[i]-1]].name)
		}
		st = Step{Technique: finnedOf[k],
			Reason: fmt.Sprintf("%d in %s lies only in %s but for the fins %s in %s: a fin or the fish holds %d, so it leaves the cells of both",
				v, joinNames(houses[:k]), joinNames(houses[k:]), joinNames(s.names(fins)), geo.houses[finBox].name, v),
			Houses: append(houses, geo.houses[finBox].name), Cells: s.names(cells), Digits: []int{v}, Eliminations: e.list()}
		return true
	})
	return st, found
}
