package logic

import (
	"fmt"
	"math/bits"
)

// combine calls f with every choice of k of the masks (indices ascending)
// whose union has at most k bits, until f returns true.
func combine(masks []uint64, k int, f func(pick []int, union uint64) bool) bool {
	pick := make([]int, 0, k)
	var rec func(from int, union uint64) bool
	rec = func(from int, union uint64) bool {
		if len(pick) == k {
			return f(pick, union)
		}
		for i := from; i <= len(masks)-(k-len(pick)); i++ {
			u := union | masks[i]
			if bits.OnesCount64(u) > k {
				continue
			}
			pick = append(pick, i)
			if rec(i+1, u) {
				return true
			}
			pick = pick[:len(pick)-1]
		}
		return false
	}
	return rec(0, 0)
}

var nakedOf = [5]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}
var hiddenOf = [5]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}

// naked returns the technique that finds k open cells of a house whose
// candidates lie among k values: those values leave the house's other cells.
func naked(k int) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) {
		var cells []int
		var masks []uint64
		for _, h := range s.geo.houses {
			cells, masks = cells[:0], masks[:0]
			open := 0
			for _, c := range h.cells {
				if s.val[c] != 0 {
					continue
				}
				open++
				if n := bits.OnesCount64(s.cand[c]); n >= 2 && n <= k {
					cells = append(cells, c)
					masks = append(masks, s.cand[c])
				}
			}
			if open <= k || len(cells) < k {
				continue
			}
			var st Step
			found := combine(masks, k, func(pick []int, union uint64) bool {
				if bits.OnesCount64(union) != k {
					return false
				}
				in := make([]int, len(pick))
				for i, p := range pick {
					in[i] = cells[p]
				}
				e := elims{s: s}
				for _, c := range h.cells {
					if s.val[c] != 0 || contains(in, c) || s.cand[c]&union == 0 {
						continue
					}
					for _, v := range values(s.cand[c] & union) {
						e.add(c, v)
					}
				}
				if e.empty() {
					return false
				}
				vs := values(union)
				st = Step{Technique: nakedOf[k],
					Reason: fmt.Sprintf("%s hold only %s in %s, so those values leave its other cells",
						listNames(s, in), joinInts(vs, "/"), h.name),
					Houses: []string{h.name}, Cells: s.names(in), Digits: vs, Eliminations: e.list()}
				return true
			})
			if found {
				return st, true
			}
		}
		return Step{}, false
	}
}

// hidden returns the technique that finds k values confined to k cells of a
// house: those cells lose their other candidates.
func hidden(k int) func(s *state) (Step, bool) {
	return func(s *state) (Step, bool) {
		var vals []int
		var masks []uint64
		for _, h := range s.geo.houses {
			if !h.full {
				continue
			}
			vals, masks = vals[:0], masks[:0]
			var placed uint64
			for _, c := range h.cells {
				if s.val[c] != 0 {
					placed |= 1 << (s.val[c] - 1)
				}
			}
			for v := 1; v <= s.n; v++ {
				if placed>>(v-1)&1 != 0 {
					continue
				}
				var pos uint64
				for i, c := range h.cells {
					if s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 {
						pos |= 1 << i
					}
				}
				if n := bits.OnesCount64(pos); n >= 2 && n <= k {
					vals = append(vals, v)
					masks = append(masks, pos)
				}
			}
			if len(vals) < k {
				continue
			}
			var st Step
			found := combine(masks, k, func(pick []int, union uint64) bool {
				if bits.OnesCount64(union) != k {
					return false
				}
				var keep uint64
				vs := make([]int, len(pick))
				for i, p := range pick {
					vs[i] = vals[p]
					keep |= 1 << (vals[p] - 1)
				}
				e := elims{s: s}
				var in []int
				for _, i := range values(union) {
					c := h.cells[i-1]
					in = append(in, c)
					for _, v := range values(s.cand[c] &^ keep) {
						e.add(c, v)
					}
				}
				if e.empty() {
					return false
				}
				st = Step{Technique: hiddenOf[k],
					Reason: fmt.Sprintf("%s in %s fit only in %s, so those cells hold nothing else",
						joinInts(vs, "/"), h.name, listNames(s, in)),
					Houses: []string{h.name}, Cells: s.names(in), Digits: vs, Eliminations: e.list()}
				return s.accept == nil || s.accept(&st)
			})
			if found {
				return st, true
			}
		}
		return Step{}, false
	}
}

func contains(cells []int, c int) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}
