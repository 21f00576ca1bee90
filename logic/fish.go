package logic

import (
	"fmt"
	"math/bits"
)

var fishOf = [5]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}

// fish returns the technique that finds, for one value, k rows whose
// candidates lie in k columns (or k columns in k rows): the value leaves
// the other cells of those columns (rows). It needs houses named "row …"
// and "column …" that hold every value once.
func fish(k int) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) {
		geo := s.geo
		if len(geo.lines[0]) == 0 || len(geo.lines[1]) == 0 || len(geo.lines[1]) > 64 || len(geo.lines[0]) > 64 {
			return Step{}, false
		}
		var bases []int
		var masks []uint64
		for base := range 2 {
			cover := 1 - base
			for v := 1; v <= s.n; v++ {
				bases, masks = bases[:0], masks[:0]
				for bi, hi := range geo.lines[base] {
					var m uint64
					ok := true
					for _, c := range geo.houses[hi].cells {
						if s.val[c] == v {
							ok = false
							break
						}
						if s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 {
							if geo.line[cover][c] < 0 {
								ok = false // a cell outside every cover line
								break
							}
							m |= 1 << geo.line[cover][c]
						}
					}
					if n := bits.OnesCount64(m); ok && n >= 2 && n <= k {
						bases = append(bases, bi)
						masks = append(masks, m)
					}
				}
				if len(bases) < k {
					continue
				}
				var st Step
				found := combine(masks, k, func(pick []int, union uint64) bool {
					if bits.OnesCount64(union) != k {
						return false
					}
					inBase := func(c int) bool {
						for _, p := range pick {
							if geo.line[base][c] == bases[p] {
								return true
							}
						}
						return false
					}
					e := elims{s: s}
					var houses []string
					for _, p := range pick {
						houses = append(houses, geo.houses[geo.lines[base][bases[p]]].name)
					}
					for _, ci := range values(union) {
						h := geo.houses[geo.lines[cover][ci-1]]
						houses = append(houses, h.name)
						for _, c := range h.cells {
							if !inBase(c) {
								e.add(c, v)
							}
						}
					}
					if e.empty() {
						return false
					}
					var cells []int
					for _, p := range pick {
						for _, c := range geo.houses[geo.lines[base][bases[p]]].cells {
							if s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 {
								cells = append(cells, c)
							}
						}
					}
					st = Step{Technique: fishOf[k],
						Reason: fmt.Sprintf("%d in %s lies only in %s, so it leaves the rest of those",
							v, joinNames(houses[:k]), joinNames(houses[k:])),
						Houses: houses, Cells: s.names(cells), Digits: []int{v}, Eliminations: e.list()}
					return true
				})
				if found {
					return st, true
				}
			}
		}
		return Step{}, false
	}
}

func joinNames(ns []string) string {
	out := ""
	for i, n := range ns {
		switch {
		case i == 0:
		case i == len(ns)-1:
			out += " and "
		default:
			out += ", "
		}
		out += n
	}
	return out
}
