package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// classic reports whether s is a plain 9x9 grid of rows, columns and
// boxes, the only grid Sudoku Explainer's wings and aligned exclusions are
// defined on.
func (s *state) classic() bool {
	return s.n == 9 && s.geo.cells == 81 && s.geo.plain() != nil
}

// wingTech is the technique of the wings of n cells and n digits
// (SukakuExplainer's WXYZ-wing for 4 up to its TUVWXYZ-wing for 7).
var wingTech = map[int]Technique{4: WXYZWing, 5: VWXYZWing, 6: UVWXYZWing, 7: TUVWXYZWing}

// bigWing returns the finder of SukakuExplainer's wings of n cells and n
// digits: n-1 cells of one house holding n digits between them (an almost
// locked set, each cell with two digits at least) and a cell outside with
// two of those digits, x and z, where every cell of the set holding x sees
// the pair cell (x is restricted: the pair cell and the set cannot both
// hold it). Were the pair cell x, the set would lose x and hold its other
// digits, z among them; so z is in the pair cell or the set, and leaves
// every other cell that sees the pair cell and each of the set's cells
// holding z. When z is restricted too (a double link), the n cells hold
// their n digits once each: x and z also leave the cells that see all
// their places, and each other digit the cells that see all of its places
// in the set. Among the wings of the position it returns the easiest (by
// Step.Rating), then the one removing the most candidates, as
// SukakuExplainer sorts them; it finds nothing on other grids than 9x9
// rows, columns and boxes.
func bigWing(n int) finder {
	return func(s *state) (Step, bool) {
		if !s.classic() {
			return Step{}, false
		}
		var best Step
		found, bestCount := false, 0
		s.eachBigWing(n, func(st Step) {
			count := 0
			for _, e := range st.Eliminations {
				count += len(e.Values)
			}
			if !found || st.Rating() < best.Rating() || st.Rating() == best.Rating() && count > bestCount {
				best, found, bestCount = st, true, count
			}
		})
		return best, found
	}
}

// eachBigWing calls yield with every wing of n cells of s, by houses and
// sets of cells in order.
func (s *state) eachBigWing(n int, yield func(Step)) {
	var open, pairs []int
	for c, m := range s.cand {
		if s.val[c] == 0 && bits.OnesCount64(m) == 2 {
			pairs = append(pairs, c)
		}
	}
	if len(pairs) == 0 {
		return
	}
	set := make([]int, 0, n-1)
	for hi, h := range s.geo.houses {
		open = open[:0]
		for _, c := range h.cells {
			if s.val[c] == 0 && bits.OnesCount64(s.cand[c]) >= 2 {
				open = append(open, c)
			}
		}
		var pick func(from int, union uint64)
		pick = func(from int, union uint64) {
			if len(set) == n-1 {
				if bits.OnesCount64(union) == n {
					s.wingsOn(hi, set, union, pairs, yield)
				}
				return
			}
			for i := from; i <= len(open)-(n-1-len(set)); i++ {
				c := open[i]
				u := union | s.cand[c]
				if bits.OnesCount64(u) > n {
					continue
				}
				set = append(set, c)
				pick(i+1, u)
				set = set[:len(set)-1]
			}
		}
		pick(0, 0)
	}
}

// wingsOn calls yield with the wings of the almost locked set set (cells
// of house hi holding the digits union) and a pair cell, one of the open
// cells with two digits pairs.
func (s *state) wingsOn(hi int, set []int, union uint64, pairs []int, yield func(Step)) {
	for _, y := range pairs {
		m := s.cand[y]
		if m&^union != 0 || slices.Contains(set, y) {
			continue
		}
		a, b := bits.TrailingZeros64(m)+1, bits.Len64(m)
		restricted := [2]bool{s.restricted(set, y, a), s.restricted(set, y, b)}
		if !restricted[0] && !restricted[1] {
			continue
		}
		x, z := a, b
		if !restricted[0] {
			x, z = z, x
		}
		e := elims{s: s}
		double := restricted[0] && restricted[1]
		s.addSeenByAll(&e, z, s.placesWith(set, y, z))
		if double {
			s.addSeenByAll(&e, x, s.placesWith(set, y, x))
			for _, w := range values(union &^ m) {
				s.addSeenByAll(&e, w, s.placesWith(set, -1, w))
			}
		}
		if e.empty() {
			continue
		}
		yield(s.wingStep(hi, set, union, y, x, z, double, &e))
	}
}

// restricted reports whether every cell of set holding v sees cell y (on
// a classic grid, whose peer bits geometry.peerBits keeps).
func (s *state) restricted(set []int, y, v int) bool {
	peers := s.geo.peerBits(s.candOf(y, v), nil)
	for _, c := range set {
		if s.cand[c]>>(v-1)&1 != 0 && peers[c/64]>>(c%64)&1 == 0 {
			return false
		}
	}
	return true
}

// placesWith returns the candidates of value v of cell y (when not -1)
// and of the cells of set holding v.
func (s *state) placesWith(set []int, y, v int) []model.Cand {
	var out []model.Cand
	if y >= 0 {
		out = append(out, s.candOf(y, v))
	}
	for _, c := range set {
		if s.cand[c]>>(v-1)&1 != 0 {
			out = append(out, s.candOf(c, v))
		}
	}
	return out
}

// wingStep returns the step of a wing: Length holds the most digits a cell
// of the set holds, which its rating reads.
func (s *state) wingStep(hi int, set []int, union uint64, y, x, z int, double bool, e *elims) Step {
	biggest := 0
	for _, c := range set {
		biggest = max(biggest, bits.OnesCount64(s.cand[c]))
	}
	cells := append(append([]int(nil), set...), y)
	names := s.names(cells)
	house := s.geo.houses[hi].name
	var why string
	if double {
		why = fmt.Sprintf("it shares %d and %d with the set only in cells it sees, so the %d cells hold %s once each",
			min(x, z), max(x, z), len(cells), joinInts(values(union), ","))
	} else {
		why = fmt.Sprintf("it shares %d with the set only in cells it sees, so %d is in %s or in the set",
			x, z, s.geo.cellNames[y])
	}
	return Step{Technique: wingTech[len(cells)],
		Reason: fmt.Sprintf("%s of %s hold %s, %s holds %d/%d: %s",
			strings.Join(names[:len(set)], ","), house, joinInts(values(union), ","), s.geo.cellNames[y], min(x, z), max(x, z), why),
		Houses: []string{house}, Cells: names, Digits: values(union), Eliminations: e.list(), Length: biggest}
}
