package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// The dynamic and nested forcing chains (Sudoku Explainer's escalation
// after its nishio, cell and region forcing chains) follow an assumption
// further than singles. A branch is followed at a depth:
//
//   - depth 0, dynamic forcing chains: singles, as forcing.go does, but
//     from a candidate assumed false as well as true;
//   - depth 1, dynamic forcing chains (+): singles and, each time they
//     stop, the easy techniques (locked candidates, naked and hidden
//     pairs, X-wings) on the branch's position;
//   - depth 2 and 3, nested forcing chains: depth 1 and, where it stops,
//     forcing chains inside the branch: a candidate of the branch's
//     position whose placement leads, at depth 0 (nested) or 1 (nested
//     (+)), to a contradiction goes from the branch.
//
// At every depth the search follows each open candidate true, and false
// in cells with three or more, once, and reads every conclusion from
// those branches: a candidate whose placement (removal) ends in a
// contradiction is false (true); what a candidate true and false both
// lead to holds, as does what every candidate of a cell, or every place
// of a value in a rule, leads to. Of the conclusions the one with the
// least work is taken: a step's Length counts the singles placed, the
// candidates removed and the work of the inner chains, over all its
// branches, as Sudoku Explainer counts a chain's complexity. Every
// deduction in a branch is sound, so a conclusion is sound whatever
// rules the model has; the nested depths run on models without Sum or
// Table rules only (forcing over every rule reads those). The work is
// bounded by maxFollows branch follows per search; past it the branches
// still followed stop short (they conclude less, never wrongly).

// maxFollows bounds the work of one search: a branch followed costs 1,
// each pass of the easy techniques in a branch sweepCost.
const (
	maxFollows = 400_000
	sweepCost  = 40
)

// maxNetCells bounds cells × candidates × cells (the memory of the
// branches' ends): the dynamic and nested forcing chains skip larger
// grids.
const maxNetCells = 1 << 17

// nets is the scratch memory of the dynamic and nested forcing chains,
// kept by the position that uses it.
type nets struct {
	stack      []*state // scratch positions, one per nesting level
	outT, outF []uint64 // per candidate, the candidates of every cell its branch (true, false) ends with
	lenT, lenF []int32  // per candidate, the work of the branch
	endT, endF []int8   // per candidate: 0 not followed, 1 consistent end, 2 contradiction
	union      []uint64
	pos        []uint64 // per house and value, the places left (bits of the house's cells)
	follows    int      // the work left to this search (see maxFollows)
	// limit is the least work of a contradiction found so far: a branch
	// that reaches it without one stops (it could only conclude with
	// more work).
	limit int
}

// The ends of a branch.
const (
	unfollowed int8 = iota
	holds
	breaks
	cut // stopped at the work of a contradiction found before
)

// netter returns s's nets memory, made on first use.
func (s *state) netter() *nets {
	if s.nt == nil {
		size := s.geo.cells * s.n
		s.nt = &nets{outT: make([]uint64, size*s.geo.cells), outF: make([]uint64, size*s.geo.cells),
			lenT: make([]int32, size), lenF: make([]int32, size), endT: make([]int8, size), endF: make([]int8, size),
			union: make([]uint64, s.geo.cells)}
	}
	return s.nt
}

// at returns the scratch position of nesting level lvl.
func (f *nets) at(geo *geometry, lvl int) *state {
	for len(f.stack) <= lvl {
		t := newState(geo)
		t.tracing = true
		f.stack = append(f.stack, t)
	}
	return f.stack[lvl]
}

// copyFrom makes t the position s, with an empty queue and trail.
func (t *state) copyFrom(s *state) {
	copy(t.cand, s.cand)
	copy(t.val, s.val)
	t.left, t.clash, t.queue, t.trail = s.left, "", t.queue[:0], t.trail[:0]
}

// assume copies s to the scratch position of level lvl and places c there
// (removes it, when truth is false); it returns false when that empties
// the cell.
func (f *nets) assume(s *state, c model.Cand, truth bool, lvl int) (*state, bool) {
	t := f.at(s.geo, lvl)
	t.copyFrom(s)
	cell := s.cellOf(c)
	if truth {
		t.placeQueue(cell, s.valueOf(c))
		return t, true
	}
	m := t.cand[cell] &^ (1 << (int(c) % s.n))
	if m == 0 {
		return t, false
	}
	t.cand[cell] = m
	if m&(m-1) == 0 {
		t.queue = append(t.queue, int32(cell))
	}
	return t, true
}

// deduce applies the techniques of depth to t until none applies (see
// above) and returns how t ends (holds, breaks, or cut: on level 0, its
// work reached f.limit) and the work done.
func (f *nets) deduce(t *state, depth, lvl int) (int8, int) {
	work := 0
	for {
		before := len(t.trail)
		for {
			if t.nakedSingles(); t.left == 0 || !t.hiddenSingles() {
				break
			}
		}
		work += len(t.trail) - before
		switch {
		case !t.consistent():
			return breaks, work
		case depth == 0 || t.left == 0:
			return holds, work
		case lvl == 0 && work >= f.limit:
			return cut, work
		}
		f.follows -= sweepCost
		if n := f.easyEliminations(t); n > 0 {
			work += n
			t.queueSingles()
			continue
		}
		if depth >= 2 {
			if n, w := f.contradictions(t, depth-2, lvl+1); n > 0 {
				work += w
				t.queueSingles()
				continue
			}
		}
		return holds, work
	}
}

// contradictions removes from t every candidate whose placement leads, at
// depth, to a contradiction (followed on level lvl's scratch position); it
// returns how many went and the work that showed it.
func (f *nets) contradictions(t *state, depth, lvl int) (removed, work int) {
	for cell, m := range t.cand {
		if t.val[cell] != 0 {
			continue
		}
		for x := m; x != 0; x &= x - 1 {
			bit := x & -x
			if left := t.cand[cell]; left&bit == 0 || left&(left-1) == 0 {
				continue
			}
			if f.follows <= 0 {
				return removed, work
			}
			f.follows--
			u, _ := f.assume(t, t.candOf(cell, bits.TrailingZeros64(bit)+1), true, lvl)
			if end, w := f.deduce(u, depth, lvl); end == breaks {
				t.cand[cell] &^= bit
				removed++
				work += w + 1
			}
		}
	}
	return removed, work
}

// dynamicForcing, dynamicPlus, nestedForcing and nestedPlus are the
// searches of depths 0 to 3.
func dynamicForcing(s *state) (Step, bool) { return s.netStep(DynamicForcing, 0) }
func dynamicPlus(s *state) (Step, bool)    { return s.netStep(DynamicForcingPlus, 1) }
func nestedForcing(s *state) (Step, bool)  { return s.netStep(NestedForcing, 2) }
func nestedPlus(s *state) (Step, bool)     { return s.netStep(NestedForcingPlus, 3) }

// netStep follows every branch at depth and returns the conclusion with
// the least work, as a step of technique tech.
func (s *state) netStep(tech Technique, depth int) (Step, bool) {
	if s.geo.cells*s.n*s.geo.cells > maxNetCells || depth >= 2 && (len(s.geo.sums) > 0 || len(s.geo.tables) > 0) {
		return Step{}, false
	}
	f := s.netter()
	f.follows, f.limit = maxFollows, 1<<30
	cells := s.geo.cells
	clear(f.endT)
	clear(f.endF)
	for cell, m := range s.cand {
		if s.val[cell] != 0 || m&(m-1) == 0 {
			continue
		}
		for x := m; x != 0; x &= x - 1 {
			if s.ctx != nil && s.ctx.Err() != nil {
				return Step{}, false
			}
			c := s.candOf(cell, bits.TrailingZeros64(x)+1)
			f.endT[c], f.lenT[c] = f.follow(s, c, true, depth, f.outT[int(c)*cells:int(c+1)*cells])
			if bits.OnesCount64(m) >= 3 {
				f.endF[c], f.lenF[c] = f.follow(s, c, false, depth, f.outF[int(c)*cells:int(c+1)*cells])
			}
		}
	}
	return f.best(s, tech, depth)
}

// follow follows one branch from s at depth, keeps its end in out and
// returns how it ends and its work.
func (f *nets) follow(s *state, c model.Cand, truth bool, depth int, out []uint64) (int8, int32) {
	f.follows--
	t, ok := f.assume(s, c, truth, 0)
	if !ok {
		return breaks, 1
	}
	end, w := f.deduce(t, depth, 0)
	if end == holds {
		copy(out, t.cand)
	} else if end == breaks {
		f.limit = min(f.limit, w+1)
	}
	return end, int32(w + 1)
}

// A conclusion is what a search found: a kind and where.
type conclusion struct {
	kind   int // false, true, double, cell, region
	c      model.Cand
	b      branching
	length int
}

// The kinds of conclusion.
const (
	isFalse   = iota // the candidate's placement ends in a contradiction
	isTrue           // its removal does
	both             // what it true and false lead to
	cellAll          // what every candidate of a cell leads to
	regionAll        // what every place of a value in a rule leads to
)

// best reads the followed branches' conclusions and returns the one with
// the least work.
func (f *nets) best(s *state, tech Technique, depth int) (Step, bool) {
	var win conclusion
	win.length = 1 << 30
	cells := s.geo.cells
	consider := func(k conclusion) {
		if k.length < win.length {
			win = k
		}
	}
	for c, e := range f.endT {
		if e == breaks {
			consider(conclusion{kind: isFalse, c: model.Cand(c), length: int(f.lenT[c])})
		}
		if f.endF[c] == breaks {
			consider(conclusion{kind: isTrue, c: model.Cand(c), length: int(f.lenF[c])})
		}
	}
	if win.length == 1<<30 {
		for c, e := range f.endT {
			if e != holds || f.endF[c] != holds || int(f.lenT[c]+f.lenF[c]) >= win.length {
				continue
			}
			for i := range f.union {
				f.union[i] = f.outT[c*cells+i] | f.outF[c*cells+i]
			}
			if f.concludes(s) {
				consider(conclusion{kind: both, c: model.Cand(c), length: int(f.lenT[c] + f.lenF[c])})
			}
		}
		s.cellBranches(func(open []model.Cand, cell int) bool {
			if l, ok := f.over(s, open, win.length); ok {
				consider(conclusion{kind: cellAll, b: branching{append([]model.Cand(nil), open...), "each value of " + s.geo.cellNames[cell]}, length: l})
			}
			return true
		})
		s.regionPlaces(func(open []model.Cand, o *one) bool {
			if l, ok := f.over(s, open, win.length); ok {
				what := fmt.Sprintf("each place of %d in %s", s.valueOf(open[0]), o.label)
				consider(conclusion{kind: regionAll, b: branching{append([]model.Cand(nil), open...), what}, length: l})
			}
			return true
		})
	}
	if win.length == 1<<30 {
		return Step{}, false
	}
	return f.step(s, tech, depth, win), true
}

// over fills union with the ends of the branches of cands that hold and
// reports whether they conclude something with less work than bound.
func (f *nets) over(s *state, cands []model.Cand, bound int) (int, bool) {
	cells := s.geo.cells
	clear(f.union)
	length := 0
	for _, c := range cands {
		if f.endT[c] != holds {
			continue
		}
		if length += int(f.lenT[c]); length >= bound {
			return 0, false
		}
		for i, m := range f.outT[int(c)*cells : int(c+1)*cells] {
			f.union[i] |= m
		}
	}
	return length, f.concludes(s)
}

// concludes reports whether union places or removes something in s.
func (f *nets) concludes(s *state) bool {
	for cell, m := range f.union {
		if s.val[cell] == 0 && m != s.cand[cell] {
			return true
		}
	}
	return false
}

// depthWords says how a branch of each depth is followed.
var depthWords = [...]string{
	"by singles",
	"by singles, locked candidates, pairs and X-wings",
	"by singles, locked candidates, pairs, X-wings and forcing chains (by singles) inside",
	"by singles, locked candidates, pairs, X-wings and forcing chains (+) inside",
}

// step writes the conclusion as a step, following its branches again for
// the text.
func (f *nets) step(s *state, tech Technique, depth int, k conclusion) Step {
	cells := s.geo.cells
	switch k.kind {
	case isFalse, isTrue:
		truth := k.kind == isFalse
		f.follows, f.limit = maxFollows, 1<<30
		t, ok := f.assume(s, k.c, truth, 0)
		why := "no value left for " + s.geo.cellNames[s.cellOf(k.c)]
		if ok {
			f.deduce(t, depth, 0)
			why = t.broken()
		}
		cell, v := s.cellOf(k.c), s.valueOf(k.c)
		name := s.geo.cellNames[cell]
		st := Step{Technique: tech, Cells: []string{name}, Digits: []int{v}, Length: k.length}
		trail := t.trail
		if truth {
			trail = trail[min(1, len(trail)):]
			st.Reason = fmt.Sprintf("if %s were %d, %s would follow %s, and then %s", name, v, s.singles(trail), depthWords[depth], why)
			st.Eliminations = []Elimination{{Cell: cell, Name: name, Values: []int{v}}}
		} else {
			st.Reason = fmt.Sprintf("if %s were not %d, %s would follow %s, and then %s", name, v, s.singles(trail), depthWords[depth], why)
			st.Placements = s.placement(cell, v)
		}
		return st
	case both:
		for i := range f.union {
			f.union[i] = f.outT[int(k.c)*cells+i] | f.outF[int(k.c)*cells+i]
		}
		name := s.geo.cellNames[s.cellOf(k.c)]
		b := branching{[]model.Cand{k.c}, fmt.Sprintf("%s=%d and %s≠%d", name, s.valueOf(k.c), name, s.valueOf(k.c))}
		st, _ := s.forced(tech, b, f.union)
		st.Reason = strings.Replace(st.Reason, "("+name+") leads by singles", "both lead "+depthWords[depth], 1)
		st.Length = k.length
		return st
	}
	f.over(s, k.b.cands, 1<<30)
	st, _ := s.forced(tech, k.b, f.union)
	st.Reason = strings.Replace(st.Reason, "leads by singles", "leads "+depthWords[depth], 1)
	if k.kind == cellAll {
		st.Digits = values(s.cand[s.cellOf(k.b.cands[0])])
	}
	st.Length = k.length
	return st
}

// easyEliminations applies locked candidates, naked and hidden pairs and
// X-wings to the position once each and returns how many candidates they
// removed. It builds no steps: the branches of the forcing chains use it.
// The places of each value in each house are read once, before the
// removals: a place that has gone since only makes a pattern harder to
// see, never a removal wrong.
func (f *nets) easyEliminations(t *state) int {
	geo := t.geo
	if len(f.pos) != len(geo.houses)*t.n {
		f.pos = make([]uint64, len(geo.houses)*t.n)
	}
	for h, hs := range geo.houses {
		pos := f.pos[h*t.n : (h+1)*t.n]
		clear(pos)
		if len(hs.cells) > 64 {
			continue
		}
		for i, c := range hs.cells {
			if t.val[c] == 0 {
				for x := t.cand[c]; x != 0; x &= x - 1 {
					pos[bits.TrailingZeros64(x)] |= 1 << i
				}
			}
		}
	}
	return f.lockedElims(t) + t.nakedPairElims() + f.hiddenPairElims(t) + f.xWingElims(t)
}

// drop removes the candidates of mask from cell and returns how many went.
func (s *state) drop(cell int, mask uint64) int {
	if s.val[cell] != 0 {
		return 0
	}
	gone := s.cand[cell] & mask
	s.cand[cell] &^= gone
	return bits.OnesCount64(gone)
}

// An overlap is the cells two houses share, as places of each.
type overlap struct {
	other        int    // the other house
	mine, theirs uint64 // the shared cells' places in this house, in the other
}

// overlaps returns, for each exact house of 64 cells or fewer, the houses
// it shares two cells or more with, made once.
func (geo *geometry) overlaps() [][]overlap {
	geo.overlapOnce.Do(func() {
		of := geo.housesOf()
		geo.overlapCache = make([][]overlap, len(geo.houses))
		for h, hs := range geo.houses {
			if !hs.exact || len(hs.cells) > 64 {
				continue
			}
			for i, c := range hs.cells {
				for _, h2 := range of[c] {
					if h2 == h || len(geo.houses[h2].cells) > 64 {
						continue
					}
					k := slices.IndexFunc(geo.overlapCache[h], func(o overlap) bool { return o.other == h2 })
					if k < 0 {
						k = len(geo.overlapCache[h])
						geo.overlapCache[h] = append(geo.overlapCache[h], overlap{other: h2})
					}
					o := &geo.overlapCache[h][k]
					o.mine |= 1 << i
					o.theirs |= 1 << slices.Index(geo.houses[h2].cells, c)
				}
			}
		}
	})
	return geo.overlapCache
}

// lockedElims removes a value from the cells of a house outside another
// house that holds every place the value has left in it.
func (f *nets) lockedElims(t *state) int {
	geo := t.geo
	n := 0
	for h, overs := range geo.overlaps() {
		for v := range t.n {
			p := f.pos[h*t.n+v]
			if p&(p-1) == 0 {
				continue
			}
			for _, o := range overs {
				if p&^o.mine != 0 {
					continue
				}
				for x := f.pos[o.other*t.n+v] &^ o.theirs; x != 0; x &= x - 1 {
					n += t.drop(geo.houses[o.other].cells[bits.TrailingZeros64(x)], 1<<v)
				}
			}
		}
	}
	return n
}

// nakedPairElims removes the two values of two cells of a house that hold
// only those from the house's other cells.
func (s *state) nakedPairElims() int {
	n := 0
	for _, h := range s.geo.houses {
		for i, a := range h.cells {
			m := s.cand[a]
			if s.val[a] != 0 || bits.OnesCount64(m) != 2 {
				continue
			}
			for _, b := range h.cells[i+1:] {
				if s.val[b] != 0 || s.cand[b] != m {
					continue
				}
				for _, c := range h.cells {
					if c != a && c != b {
						n += s.drop(c, m)
					}
				}
			}
		}
	}
	return n
}

// hiddenPairElims removes the other values of two cells of a house that
// are the only places of two values there.
func (f *nets) hiddenPairElims(t *state) int {
	n := 0
	for h, hs := range t.geo.houses {
		if !hs.exact {
			continue
		}
		pos := f.pos[h*t.n : (h+1)*t.n]
		for v, p := range pos {
			if bits.OnesCount64(p) != 2 {
				continue
			}
			for w := v + 1; w < t.n; w++ {
				if pos[w] != p {
					continue
				}
				keep := uint64(1)<<v | uint64(1)<<w
				for x := p; x != 0; x &= x - 1 {
					n += t.drop(hs.cells[bits.TrailingZeros64(x)], ^keep)
				}
			}
		}
	}
	return n
}

// xWingElims removes a value from the columns (rows) of two rows
// (columns) that hold their only two places of it, outside those rows
// (columns).
func (f *nets) xWingElims(t *state) int {
	geo := t.geo
	n := 0
	for k := range 2 {
		lines, cross := geo.lines[k], geo.lines[1-k]
		if len(lines) == 0 || len(cross) == 0 || len(cross) > 64 {
			continue
		}
		for v := range t.n {
			bit := uint64(1) << v
			for i, li := range lines {
				pi := f.crossPlaces(t, li, v, 1-k)
				if bits.OnesCount64(pi) != 2 {
					continue
				}
				for _, lj := range lines[i+1:] {
					if f.crossPlaces(t, lj, v, 1-k) != pi {
						continue
					}
					for x := pi; x != 0; x &= x - 1 {
						for _, c := range geo.houses[cross[bits.TrailingZeros64(x)]].cells {
							if geo.line[k][c] != geo.houses[li].index && geo.line[k][c] != geo.houses[lj].index {
								n += t.drop(c, bit)
							}
						}
					}
				}
			}
		}
	}
	return n
}

// crossPlaces returns the set of crossing lines (of kind k) that hold the
// places of value v+1 in house h; every bit when a place lies on none,
// or when there are more than two.
func (f *nets) crossPlaces(t *state, h, v, k int) uint64 {
	p := f.pos[h*t.n+v]
	if bits.OnesCount64(p) > 2 {
		return ^uint64(0)
	}
	var out uint64
	for x := p; x != 0; x &= x - 1 {
		l := t.geo.line[k][t.geo.houses[h].cells[bits.TrailingZeros64(x)]]
		if l < 0 {
			return ^uint64(0)
		}
		out |= 1 << l
	}
	return out
}
