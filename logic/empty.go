package logic

import (
	"fmt"
	"slices"
)

// emptyRectangle finds a digit whose candidates in a box lie in one row
// and one column of it (the rest of the box, a rectangle, is empty of
// it), and a strong link on the digit in a column (a row) with one end in
// that row (column): the cell where the link's other line crosses the
// box's column (row), outside the box, cannot hold the digit, for if it
// did, the link would put the digit at its first end, and the box would
// have no place left for it. Plain grids only (rows, columns and boxes).
func emptyRectangle(s *state) (Step, bool) {
	p := s.geo.plain()
	if p == nil {
		return Step{}, false
	}
	geo := s.geo
	n := p.cols
	has := func(c, d int) bool { return s.val[c] == 0 && s.cand[c]>>(d-1)&1 != 0 }
	at := func(r, k int) int { return p.at[r*n+k] }
	for _, bh := range geo.houses {
		if bh.kind != box {
			continue
		}
		// The box's rows and columns, in order (a step found is the same
		// on every run), and as sets.
		var rowList, colList []int
		rows, cols := make([]bool, n), make([]bool, n)
		for _, c := range bh.cells {
			r, k := geo.line[0][c], geo.line[1][c]
			if !rows[r] {
				rows[r] = true
				rowList = append(rowList, r)
			}
			if !cols[k] {
				cols[k] = true
				colList = append(colList, k)
			}
		}
		slices.Sort(rowList)
		slices.Sort(colList)
		for d := 1; d <= geo.values; d++ {
			var in []int
			placed := false
			for _, c := range bh.cells {
				placed = placed || s.val[c] == d
				if has(c, d) {
					in = append(in, c)
				}
			}
			if placed || len(in) < 2 {
				continue
			}
			for _, R := range rowList {
				for _, C := range colList {
					onR, onC, cross := false, false, true
					for _, c := range in {
						r, k := geo.line[0][c], geo.line[1][c]
						switch {
						case r == R && k == C:
						case r == R:
							onR = true
						case k == C:
							onC = true
						default:
							cross = false
						}
					}
					if !cross || !onR || !onC {
						continue // not an empty rectangle, or a pointing
					}
					for line := range 2 { // 0: a link in a column, 1: in a row
						for x := range n {
							if line == 0 && cols[x] || line == 1 && rows[x] {
								continue
							}
							var ends []int
							for y := range n {
								c := at(y, x)
								if line == 1 {
									c = at(x, y)
								}
								if has(c, d) {
									ends = append(ends, c)
								}
							}
							if len(ends) != 2 {
								continue
							}
							for turn := range 2 {
								near, far := ends[turn], ends[1-turn]
								// near lies on the box's row (column); far's
								// row (column) crosses the box's column (row).
								var target int
								if line == 0 {
									if geo.line[0][near] != R || rows[geo.line[0][far]] {
										continue
									}
									target = at(geo.line[0][far], C)
								} else {
									if geo.line[1][near] != C || cols[geo.line[1][far]] {
										continue
									}
									target = at(R, geo.line[1][far])
								}
								if !has(target, d) {
									continue
								}
								e := elims{s: s}
								e.add(target, d)
								link := geo.houses[geo.lines[1-line][x]].name
								return Step{Technique: EmptyRectangle,
									Reason: fmt.Sprintf("%d in %s lies only in %s and %s; %d in %s is in %s or %s: were %s %d, %s would be, and %s would have no place for %d",
										d, bh.name, geo.houses[geo.lines[0][R]].name, geo.houses[geo.lines[1][C]].name,
										d, link, geo.cellNames[near], geo.cellNames[far], geo.cellNames[target], d, geo.cellNames[near], bh.name, d),
									Houses: []string{bh.name, link}, Cells: s.names(append(append([]int{}, in...), near, far)),
									Digits: []int{d}, Eliminations: e.list()}, true
							}
						}
					}
				}
			}
		}
	}
	return Step{}, false
}
