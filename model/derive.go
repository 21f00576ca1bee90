package model

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// A cage, for DeriveSums: an unconditional Sum rule that weighs every value
// of each of its cells by the value itself, with one total.
type cage struct {
	cells []int32
	set   cellSet // the cells, as a set
	total int
}

// maxDerived bounds the cells of a derived sum, maxMixed those of one whose
// cells need not differ (they span several houses): larger remainders carry
// little and cost the backends more than they save (exact cover lowers a
// sum with repeats as one option per combination).
const (
	maxDerived = 6
	maxMixed   = 3
	maxSigned  = 6 // the innies and outies of an innie-outie sum
)

// DeriveSums adds the sums that the "rule of 45" implies, as redundant Sum
// rules labelled "derived, …": a full house (a group of Values cells holding
// each value once) adds up to Values*(Values+1)/2, and so does every union
// of up to three disjoint full houses (two above 9 values, one above 16),
// times their number. When cages
// (unconditional sums of plain values with one total) inside such a region
// leave a few cells uncovered, those cells add up to the rest ("innies");
// when disjoint cages cover the region and stick out of it by a few cells,
// those cells add up to what the cages exceed it by ("outies"). When both
// happen, the uncovered cells less the cells sticking out add up to the
// region's total less the cages' ("innies-outies": a sum whose outies
// weigh minus their value); a single house takes each cage sticking out of
// it in turn, and every region the cages more than half inside it, all
// together. Besides those regions, the longer bands of consecutive houses
// of a numbered family, short of the whole grid ("row 1" to "row 4",
// "column 9" to "column 5", "box 1" to "box 6" on a 9x9) take the same
// innies, outies and innies-outies. Every
// solution of the model satisfies the derived rules, marked
// [Payload.Implied], so answers do not change; backends that propagate
// sums reach, without search, the deductions setters expect solvers to
// make. On the published killers of sigh's Interactive Sudoku Solver the
// innies-outies took prop from 2.2 million nodes to 0.7 million on a set
// of 14 hard ones. It returns the number of rules added, 0 when the
// builder has an error.
func (b *Builder) DeriveSums() int {
	if b.err != nil {
		return 0
	}
	cages := b.cages()
	if len(cages) == 0 {
		return 0
	}
	slices.SortStableFunc(cages, func(x, y cage) int { return len(y.cells) - len(x.cells) })
	words := (b.cells + 63) / 64
	for i := range cages {
		cages[i].set = newCellSet(words, cages[i].cells)
	}
	var houses []cellSet
	var names []string
	for _, g := range b.groups {
		if g.cend-g.cstart == b.values && b.fullHouse(g) {
			h := newCellSet(words, nil)
			for _, c := range b.groupCells[g.cstart:g.cend] {
				h.add(int32(c))
			}
			houses, names = append(houses, h), append(names, g.name)
		}
	}
	d := deriver{b: b, cages: cages, houses: houses, seen: map[string]bool{}, words: words}
	full := b.values * (b.values + 1) / 2
	// The most houses of a union: three up to 9 values, fewer on larger
	// grids, where the unions (and the time to read them) grow as the cube
	// of the houses (a 36x36 killer of 648 cages: 14 s with three).
	most := 3
	switch {
	case b.values > 16:
		most = 1
	case b.values > 9:
		most = 2
	}
	var picked []int // the houses of the region, for its label
	label := func() string {
		parts := make([]string, len(picked))
		for i, h := range picked {
			parts[i] = names[h]
		}
		return strings.Join(parts, " + ")
	}
	var walk func(first int, region cellSet)
	walk = func(first int, region cellSet) {
		if b.stopped() {
			return
		}
		if k := len(picked); k > 0 {
			d.innies(region, k*full, label)
			d.outies(region, k*full, label)
			d.mixed(region, k*full, label, k == 1)
			if k == most {
				return
			}
		}
		for i := first; i < len(houses); i++ {
			if houses[i].meets(region) {
				continue
			}
			next := region.or(houses[i])
			picked = append(picked, i)
			walk(i+1, next)
			picked = picked[:len(picked)-1]
		}
	}
	walk(0, newCellSet(words, nil))
	for _, f := range families(names, houses) {
		for _, dir := range []int{1, -1} {
			region := newCellSet(words, nil)
			first := f[0]
			if dir < 0 {
				first = f[len(f)-1]
			}
			for k := 1; k < len(f); k++ {
				i := k - 1
				if dir < 0 {
					i = len(f) - k
				}
				region = region.or(houses[f[i]])
				if k <= most || b.stopped() {
					continue // walk had it
				}
				label := func() string { return names[first] + " to " + names[f[i]] }
				d.innies(region, k*full, label)
				d.outies(region, k*full, label)
				d.mixed(region, k*full, label, false)
			}
		}
	}
	return d.added
}

// families lists the full houses that form a family of disjoint numbered
// houses covering the grid ("row 1" to "row 9"), each family's houses by
// number: the bands of consecutive houses give derived sums too.
func families(names []string, houses []cellSet) [][]int {
	byName := map[string][]int{}
	var order []string
	for i, n := range names {
		sp := strings.LastIndexByte(n, ' ')
		if sp < 0 {
			continue
		}
		if _, err := strconv.Atoi(n[sp+1:]); err != nil {
			continue
		}
		fam := n[:sp]
		if _, ok := byName[fam]; !ok {
			order = append(order, fam)
		}
		byName[fam] = append(byName[fam], i)
	}
	var out [][]int
	for _, fam := range order {
		f := byName[fam]
		if len(f) < 5 || len(f) != houses[f[0]].count() {
			continue
		}
		slices.SortFunc(f, func(a, b int) int {
			x, _ := strconv.Atoi(names[a][len(fam)+1:])
			y, _ := strconv.Atoi(names[b][len(fam)+1:])
			return x - y
		})
		out = append(out, f)
	}
	return out
}

// A deriver adds the derived sums of DeriveSums, each cell set once.
type deriver struct {
	b      *Builder
	cages  []cage // largest first
	houses []cellSet
	seen   map[string]bool
	words  int // of a cellSet
	added  int
}

// innies adds the sum of the region's cells that the disjoint cages inside
// it (largest first) leave uncovered.
func (d *deriver) innies(region cellSet, total int, label func() string) {
	covered, total := d.inside(region, total)
	if covered.empty() {
		return
	}
	d.add(label, region.andNot(covered).list(), total)
}

// inside returns the cells of the disjoint cages inside region (largest
// first), and total less their totals.
func (d *deriver) inside(region cellSet, total int) (cellSet, int) {
	covered := newCellSet(d.words, nil)
	for _, c := range d.cages {
		if c.set.subsetOf(region) && !c.set.meets(covered) {
			covered.orIn(c.set)
			total -= c.total
		}
	}
	return covered, total
}

// outies adds the sum of the cells outside the region of the cages that
// cover it, when those cages are disjoint: they exceed the region's total
// by that much.
func (d *deriver) outies(region cellSet, total int, label func() string) {
	owner := newCellSet(d.words, nil)
	var out []int
	excess := -total
	for _, c := range region.list() {
		if owner.has(int32(c)) {
			continue
		}
		k := slices.IndexFunc(d.cages, func(cg cage) bool { return cg.set.has(int32(c)) })
		if k < 0 || d.cages[k].set.meets(owner) {
			return
		}
		owner.orIn(d.cages[k].set)
		for _, x := range d.cages[k].cells {
			if !region.has(x) {
				out = append(out, int(x))
			}
		}
		excess += d.cages[k].total
	}
	d.add(func() string { return label() + " outies" }, out, excess)
}

// mixed adds the innie-outie sums of a region: with the disjoint cages
// inside it (largest first) and some disjoint cages that stick out of it,
// the region's cells those cages leave uncovered (the innies) less the
// cells of the cages outside it (the outies) add up to the region's total
// less the cages' totals. The cages sticking out are, with singles, each
// one alone, and, when more than one or without singles, all those with
// more cells inside the region than outside (most inside first). The
// difference is a sum whose outies weigh a value negatively (see
// addSigned).
func (d *deriver) mixed(region cellSet, total int, label func() string, singles bool) {
	covered, base := d.inside(region, total)
	type crossing struct {
		c      *cage
		in, ex int
	}
	var cross []crossing
	for i := range d.cages {
		c := &d.cages[i]
		if !c.set.meets(region) || c.set.subsetOf(region) || c.set.meets(covered) {
			continue
		}
		in := c.set.and(region).count()
		cross = append(cross, crossing{c, in, len(c.cells) - in})
	}
	if len(cross) == 0 {
		return
	}
	emit := func(chosen []*cage) {
		used := covered.clone()
		t := base
		var outies []int
		for _, c := range chosen {
			t -= c.total
			used.orIn(c.set)
			for _, x := range c.cells {
				if !region.has(x) {
					outies = append(outies, int(x))
				}
			}
		}
		d.addSigned(func() string { return label() + " innies-outies" }, region.andNot(used).list(), outies, t)
	}
	if singles {
		for _, o := range cross {
			emit([]*cage{o.c})
		}
	}
	slices.SortStableFunc(cross, func(x, y crossing) int { return (y.in - y.ex) - (x.in - x.ex) })
	var chosen []*cage
	taken := newCellSet(d.words, nil)
	for _, o := range cross {
		if o.in > o.ex && !o.c.set.meets(taken) {
			chosen = append(chosen, o.c)
			taken.orIn(o.c.set)
		}
	}
	if len(chosen) > 1 || !singles {
		emit(chosen)
	}
}

// addSigned adds the derived rule that the plus cells less the minus cells
// add up to total, when there are minus cells (add takes the others), the
// cells are few enough and the total is within reach.
func (d *deriver) addSigned(label func() string, plus, minus []int, total int) {
	if len(minus) == 0 {
		d.add(label, plus, total)
		return
	}
	b := d.b
	n := len(plus) + len(minus)
	if n > maxSigned || len(plus) > 2 && len(minus) > 2 || total < len(plus)-len(minus)*b.values || total > len(plus)*b.values-len(minus) {
		return
	}
	slices.Sort(plus)
	slices.Sort(minus)
	key := fmt.Sprint(plus, minus)
	// The same sum read from the other side (the outies of one region
	// are the innies of another) is the same rule with every sign
	// turned: on ISS's Mathemagic killer iss-305, 16 of its 49 derived
	// sums, which never removed a candidate.
	if d.seen[key] || d.seen[fmt.Sprint(minus, plus)] {
		return
	}
	d.seen[key] = true
	cells := append(slices.Clone(plus), minus...)
	coefs := make([]int, n)
	for i := range coefs {
		coefs[i] = 1
		if i >= len(plus) {
			coefs[i] = -1
		}
	}
	d.link(b.Linear("derived, "+label(), cells, coefs, []int{total}, false))
}

// add adds the derived sum of cells, unless it is empty, too large to be
// worth it, already there, or impossible for any digits (the cages then
// contradict the houses, which the rules say already). The cells are
// distinct when one full house holds them all.
func (d *deriver) add(label func() string, cells []int, total int) {
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
	set := newCellSet(d.words, nil)
	for _, c := range cells {
		set.add(int32(c))
	}
	distinct := slices.ContainsFunc(d.houses, set.subsetOf)
	if !distinct && len(cells) > maxMixed {
		return
	}
	ones := make([]int, len(cells))
	for i := range ones {
		ones[i] = 1
	}
	d.link(b.Linear("derived, "+label(), cells, ones, []int{total}, distinct))
}

// link marks rule k, just added, implied, and counts it.
func (d *deriver) link(k int) {
	if k >= 0 {
		d.b.spans[k].pay.implied = true
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

// A cellSet is a set of cells, bit c%64 of word c/64 for cell c.
type cellSet []uint64

// newCellSet returns the set of cells in a set of words words.
func newCellSet(words int, cells []int32) cellSet {
	s := make(cellSet, words)
	for _, c := range cells {
		s.add(c)
	}
	return s
}

func (s cellSet) add(c int32)      { s[c>>6] |= 1 << uint(c&63) }
func (s cellSet) has(c int32) bool { return s[c>>6]&(1<<uint(c&63)) != 0 }
func (s cellSet) clone() cellSet   { return slices.Clone(s) }

// orIn adds the cells of o to s.
func (s cellSet) orIn(o cellSet) {
	for i := range s {
		s[i] |= o[i]
	}
}

func (s cellSet) or(o cellSet) cellSet {
	out := s.clone()
	out.orIn(o)
	return out
}

func (s cellSet) and(o cellSet) cellSet {
	out := s.clone()
	for i := range out {
		out[i] &= o[i]
	}
	return out
}

func (s cellSet) andNot(o cellSet) cellSet {
	out := s.clone()
	for i := range out {
		out[i] &^= o[i]
	}
	return out
}

func (s cellSet) meets(o cellSet) bool {
	for i := range s {
		if s[i]&o[i] != 0 {
			return true
		}
	}
	return false
}

func (s cellSet) subsetOf(o cellSet) bool {
	for i := range s {
		if s[i]&^o[i] != 0 {
			return false
		}
	}
	return true
}

func (s cellSet) empty() bool { return !s.meets(s) }

func (s cellSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// list returns the cells of s, ascending.
func (s cellSet) list() []int {
	var out []int
	for i, w := range s {
		for ; w != 0; w &= w - 1 {
			out = append(out, i<<6+bits.TrailingZeros64(w))
		}
	}
	return out
}
