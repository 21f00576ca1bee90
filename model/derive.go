package model

import (
	"fmt"
	"slices"
)

// A cage, for DeriveSums: an unconditional Sum rule that weighs every value
// of each of its cells by the value itself, with one total.
type cage struct {
	cells []int32
	total int
}

// maxDerived bounds the cells of a derived sum, maxMixed those of one whose
// cells need not differ (they span several houses): larger remainders carry
// little and cost the backends more than they save (exact cover lowers a
// sum with repeats as one option per combination).
const (
	maxDerived = 6
	maxMixed   = 3
)

// DeriveSums adds the sums that the "rule of 45" implies, as redundant Sum
// rules labelled "derived, …": a full house (a group of Values cells holding
// each value once) adds up to Values*(Values+1)/2, and so does every union
// of up to three disjoint full houses, times their number. When cages
// (unconditional sums of plain values with one total) inside such a region
// leave a few cells uncovered, those cells add up to the rest ("innies");
// when disjoint cages cover the region and stick out of it by a few cells,
// those cells add up to what the cages exceed it by ("outies"). Every
// solution of the model satisfies the derived rules, so answers do not
// change; backends that propagate sums reach, without search, the
// deductions setters expect solvers to make. It returns the number of rules
// added, 0 when the builder has an error.
func (b *Builder) DeriveSums() int {
	if b.err != nil {
		return 0
	}
	cages := b.cages()
	if len(cages) == 0 {
		return 0
	}
	slices.SortStableFunc(cages, func(x, y cage) int { return len(y.cells) - len(x.cells) })
	var houses []map[int32]bool
	var names []string
	for _, g := range b.groups {
		if g.cend-g.cstart == b.values && b.fullHouse(g) {
			h := make(map[int32]bool, b.values)
			for _, c := range b.groupCells[g.cstart:g.cend] {
				h[int32(c)] = true
			}
			houses, names = append(houses, h), append(names, g.name)
		}
	}
	d := deriver{b: b, cages: cages, houses: houses, seen: map[string]bool{}}
	full := b.values * (b.values + 1) / 2
	var walk func(first int, region map[int32]bool, label string, k int)
	walk = func(first int, region map[int32]bool, label string, k int) {
		if k > 0 {
			d.innies(region, k*full, label)
			d.outies(region, k*full, label)
		}
		if k == 3 {
			return
		}
		for i := first; i < len(houses); i++ {
			if anyKey(houses[i], region) {
				continue
			}
			next := make(map[int32]bool, len(region)+b.values)
			for c := range region {
				next[c] = true
			}
			for c := range houses[i] {
				next[c] = true
			}
			l := names[i]
			if label != "" {
				l = label + " + " + names[i]
			}
			walk(i+1, next, l, k+1)
		}
	}
	walk(0, map[int32]bool{}, "", 0)
	return d.added
}

// A deriver adds the derived sums of DeriveSums, each cell set once.
type deriver struct {
	b      *Builder
	cages  []cage // largest first
	houses []map[int32]bool
	seen   map[string]bool
	added  int
}

// innies adds the sum of the region's cells that the disjoint cages inside
// it (largest first) leave uncovered.
func (d *deriver) innies(region map[int32]bool, total int, label string) {
	covered := map[int32]bool{}
	for _, c := range d.cages {
		if allIn(c.cells, region) && !anyIn(c.cells, covered) {
			for _, x := range c.cells {
				covered[x] = true
			}
			total -= c.total
		}
	}
	if len(covered) == 0 {
		return
	}
	var rest []int
	for c := range region {
		if !covered[c] {
			rest = append(rest, int(c))
		}
	}
	d.add("derived, "+label, rest, total)
}

// outies adds the sum of the cells outside the region of the cages that
// cover it, when those cages are disjoint: they exceed the region's total
// by that much.
func (d *deriver) outies(region map[int32]bool, total int, label string) {
	owner := map[int32]bool{}
	var out []int
	excess := -total
	for c := range region {
		if owner[c] {
			continue
		}
		k := slices.IndexFunc(d.cages, func(cg cage) bool { return slices.Contains(cg.cells, c) })
		if k < 0 || anyIn(d.cages[k].cells, owner) {
			return
		}
		for _, x := range d.cages[k].cells {
			owner[x] = true
			if !region[x] {
				out = append(out, int(x))
			}
		}
		excess += d.cages[k].total
	}
	d.add("derived, "+label+" outies", out, excess)
}

// add adds the derived sum of cells, unless it is empty, too large to be
// worth it, already there, or impossible for any digits (the cages then
// contradict the houses, which the rules say already). The cells are
// distinct when one full house holds them all.
func (d *deriver) add(label string, cells []int, total int) {
	b := d.b
	if len(cells) == 0 || len(cells) > maxDerived || total < len(cells) || total > len(cells)*b.values {
		return
	}
	slices.Sort(cells)
	key := fmt.Sprint(cells)
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	distinct := slices.ContainsFunc(d.houses, func(h map[int32]bool) bool {
		return !slices.ContainsFunc(cells, func(c int) bool { return !h[int32(c)] })
	})
	if !distinct && len(cells) > maxMixed {
		return
	}
	ones := make([]int, len(cells))
	for i := range ones {
		ones[i] = 1
	}
	if b.Linear(label, cells, ones, []int{total}, distinct) >= 0 {
		d.added++
	}
}

// fullHouse reports whether group g's rules are one ExactlyOne rule per
// value over its cells: a house that holds every value once.
func (b *Builder) fullHouse(g groupSpan) bool {
	if g.rend-g.rstart != b.values {
		return false
	}
	for _, k := range b.groupRules[g.rstart:g.rend] {
		if b.spans[k].kind != ExactlyOne {
			return false
		}
	}
	return true
}

// cages returns the builder's Sum rules that weigh every value of each cell
// by the value, with one total and no condition.
func (b *Builder) cages() []cage {
	var out []cage
	for _, s := range b.spans {
		if s.kind != Sum || s.pay.when[0] != s.pay.when[1] || s.pay.totals[1]-s.pay.totals[0] != 1 {
			continue
		}
		cands := b.arena[s.start:s.end]
		weights := b.ints[s.pay.weights[0]:s.pay.weights[1]]
		cells := b.ints[s.pay.cells[0]:s.pay.cells[1]]
		if len(cands) != len(cells)*b.values {
			continue
		}
		plain := true
		for i, c := range cands {
			if weights[i] != int32(int(c)%b.values+1) {
				plain = false
				break
			}
		}
		if plain {
			out = append(out, cage{cells: cells, total: int(b.ints[s.pay.totals[0]])})
		}
	}
	return out
}

func allIn(cells []int32, set map[int32]bool) bool {
	for _, c := range cells {
		if !set[c] {
			return false
		}
	}
	return true
}

func anyIn(cells []int32, set map[int32]bool) bool {
	for _, c := range cells {
		if set[c] {
			return true
		}
	}
	return false
}

func anyKey(a, b map[int32]bool) bool {
	for c := range a {
		if b[c] {
			return true
		}
	}
	return false
}
