package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// The forcing chains are the techniques tried last, before a guess. Each
// makes an assumption on a scratch copy of the position and follows the
// singles (naked and hidden) it leads to, placing them one after another
// on the changed position (what Sudoku Explainer calls dynamic chaining):
//
//   - nishio: a candidate whose placement leads to a contradiction (a cell
//     or a rule with nothing left) is false;
//   - region forcing chains: every place left for a value in a rule leads
//     to the same placement or elimination, which therefore holds;
//   - cell forcing chains: every candidate of a cell does.
//
// Following only singles keeps every conclusion sound whatever rules the
// model has (the rules not read only remove more); on killers it seldom
// reaches a contradiction, and following the sum techniques in every
// branch costs about 20 s a puzzle, so they are not followed. Of each kind the search
// takes the one whose chains place the fewest singles.

// maxSingles bounds the singles a forcing step's reason lists.
const maxSingles = 6

// forcing is the scratch memory of the forcing chains, kept by the
// position that uses it.
type forcing struct {
	t     *state   // the scratch position
	why   string   // the contradiction the last follow ended in
	union []uint64 // per cell, the values some branch leaves
	trail []int32  // the singles of the best branch so far
}

// forcer returns s's forcing memory, made on first use.
func (s *state) forcer() *forcing {
	if s.fc == nil {
		t := newState(s.geo)
		t.tracing = true
		s.fc = &forcing{t: t, union: make([]uint64, len(s.cand))}
	}
	return s.fc
}

// follow copies s to the scratch position, places candidate c there (or
// removes it, when truth is false) and places the singles that follow
// until none is left. It reports whether the end is free of
// contradictions; the scratch position's trail lists the singles placed.
func (f *forcing) follow(s *state, c model.Cand, truth bool) bool {
	t := f.t
	copy(t.cand, s.cand)
	copy(t.val, s.val)
	t.left, t.clash, t.queue, t.trail = s.left, "", t.queue[:0], t.trail[:0]
	cell := s.cellOf(c)
	if truth {
		t.placeQueue(cell, s.valueOf(c))
	} else {
		m := t.cand[cell] &^ (1 << (int(c) % s.n))
		if m == 0 {
			return false
		}
		t.cand[cell] = m
		if m&(m-1) == 0 {
			t.queue = append(t.queue, int32(cell))
		}
	}
	for {
		if t.nakedSingles(); t.left == 0 || !t.hiddenSingles() {
			break
		}
	}
	if t.consistent() {
		f.why = ""
		return true
	}
	f.why = t.broken()
	return false
}

// nishio finds the candidate whose placement leads, by singles, to a
// contradiction soonest: it is false.
func nishio(s *state) (Step, bool) {
	f := s.forcer()
	best, length, why := model.Cand(-1), 1<<30, ""
	for cell, m := range s.cand {
		if s.val[cell] != 0 || m&(m-1) == 0 {
			continue
		}
		for x := m; x != 0; x &= x - 1 {
			c := s.candOf(cell, bits.TrailingZeros64(x)+1)
			if f.follow(s, c, true) || len(f.t.trail) >= length {
				continue
			}
			best, length, why = c, len(f.t.trail), f.why
			f.trail = append(f.trail[:0], f.t.trail...)
		}
	}
	if best < 0 {
		return Step{}, false
	}
	cell, v := s.cellOf(best), s.valueOf(best)
	name := s.geo.cellNames[cell]
	return Step{Technique: Nishio, Reason: fmt.Sprintf("if %s were %d, %s would follow, and then %s", name, v, s.singles(f.trail[1:]), why),
		Cells: []string{name}, Digits: []int{v}, Length: length,
		Eliminations: []Elimination{{Cell: cell, Name: name, Values: []int{v}}}}, true
}

// singles describes a trail of placed candidates: "the singles r1c2=3,
// r4c4=1 and 5 more", or "nothing" when it is empty.
func (s *state) singles(trail []int32) string {
	if len(trail) == 0 {
		return "nothing"
	}
	names := make([]string, 0, maxSingles)
	for _, c := range trail[:min(len(trail), maxSingles)] {
		names = append(names, fmt.Sprintf("%s=%d", s.geo.cellNames[s.cellOf(model.Cand(c))], s.valueOf(model.Cand(c))))
	}
	return "the singles " + shortList(names, len(trail))
}

// A branching is a set of candidates one of which is true: the open
// candidates of a rule, or of a cell.
type branching struct {
	cands []model.Cand
	what  string // "the places of 7 in row 3", "the values of r1c1"
}

// regionForcing finds a value of a rule (other than a cell's) every place
// of which leads, by singles, to the same placement or elimination.
func regionForcing(s *state) (Step, bool) {
	return s.forcingOver(RegionForcing, func(yield func(branching) bool) {
		s.regions(yield)
	})
}

// cellForcing finds a cell every candidate of which leads, by singles, to
// the same placement or elimination.
func cellForcing(s *state) (Step, bool) {
	return s.forcingOver(CellForcing, func(yield func(branching) bool) {
		s.cellBranches(func(open []model.Cand, cell int) bool {
			return yield(branching{open, "each value of " + s.geo.cellNames[cell]})
		})
	})
}

// cellBranches yields the candidates of each open cell with two or more,
// in scratch memory valid until yield returns, until yield returns false.
func (s *state) cellBranches(yield func(open []model.Cand, cell int) bool) {
	open := s.openScratch[:0]
	defer func() { s.openScratch = open }()
	for cell, m := range s.cand {
		if s.val[cell] != 0 || m&(m-1) == 0 {
			continue
		}
		open = open[:0]
		for x := m; x != 0; x &= x - 1 {
			open = append(open, s.candOf(cell, bits.TrailingZeros64(x)+1))
		}
		if !yield(open, cell) {
			return
		}
	}
}

// forcingOver follows every branch of each branching and returns, as a
// step of technique t, the branching whose longest branch places the
// fewest singles among those that conclude something: a value every
// branch places, or candidates no branch leaves.
func (s *state) forcingOver(t Technique, each func(yield func(branching) bool)) (Step, bool) {
	f := s.forcer()
	var best Step
	length := 1 << 30
	each(func(b branching) bool {
		clear(f.union)
		longest := 0
		for _, c := range b.cands {
			if !f.follow(s, c, true) {
				continue // false: nishio says so, when it runs first
			}
			longest = max(longest, len(f.t.trail))
			if longest >= length {
				return true
			}
			for i, m := range f.t.cand {
				f.union[i] |= m
			}
		}
		if st, ok := s.forced(t, b, f.union); ok {
			best, length = st, longest
			best.Length = longest
		}
		return true
	})
	return best, length < 1<<30
}

// forced returns the step of branching b when union, the values some
// branch leaves each cell, places or eliminates something.
func (s *state) forced(t Technique, b branching, union []uint64) (Step, bool) {
	own := s.cellOf(b.cands[0])
	var placed []Placement
	e := elims{s: s}
	for cell, m := range union {
		if s.val[cell] != 0 || m == s.cand[cell] || (t == CellForcing && cell == own) {
			continue
		}
		if m != 0 && m&(m-1) == 0 {
			placed = append(placed, Placement{Cell: cell, Name: s.geo.cellNames[cell], Value: bits.TrailingZeros64(m) + 1})
			continue
		}
		for x := s.cand[cell] &^ m; x != 0; x &= x - 1 {
			e.add(cell, bits.TrailingZeros64(x)+1)
		}
	}
	if len(placed) == 0 && e.empty() {
		return Step{}, false
	}
	cells := make([]string, len(b.cands))
	for i, c := range b.cands {
		cells[i] = s.geo.cellNames[s.cellOf(c)]
	}
	var what []string
	for _, p := range placed {
		what = append(what, fmt.Sprintf("%s=%d", p.Name, p.Value))
	}
	for _, el := range e.list() {
		what = append(what, el.Name+" -"+joinInts(el.Values, ","))
	}
	st := Step{Technique: t, Reason: fmt.Sprintf("%s (%s) leads by singles to %s", b.what, strings.Join(cells, ", "), strings.Join(what, ", ")),
		Cells: cells, Digits: []int{s.valueOf(b.cands[0])}, Placements: placed, Eliminations: e.list()}
	if t == CellForcing {
		st.Digits = values(s.cand[own])
	}
	return st, true
}

// regions yields, for each ExactlyOne rule other than a cell's that holds
// one value with no place of it chosen yet, its places left when there
// are two or more, until yield returns false.
func (s *state) regions(yield func(branching) bool) {
	s.regionPlaces(func(open []model.Cand, o *one) bool {
		return yield(branching{open, fmt.Sprintf("each place of %d in %s", s.valueOf(open[0]), o.label)})
	})
}

// regionPlaces yields what regions does as the places and the rule,
// without a description, in scratch memory valid until yield returns.
func (s *state) regionPlaces(yield func(open []model.Cand, o *one) bool) {
	open := s.openScratch[:0]
	defer func() { s.openScratch = open }()
	for i := range s.geo.ones {
		o := &s.geo.ones[i]
		if s.geo.wholeCell(o.cands) {
			continue
		}
		open = open[:0]
		for _, c := range o.cands {
			if s.chosen(c) {
				open = open[:0]
				break
			}
			if s.alive(c) {
				open = append(open, c)
			}
		}
		if len(open) < 2 || !sameValue(s, open) {
			continue
		}
		if !yield(open, o) {
			return
		}
	}
}
