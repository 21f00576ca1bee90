package logic

import (
	"math/bits"
	"sync"

	"github.com/sudokit/sudokit/model"
)

// Rate returns the level Explain gives m's puzzle when the techniques of
// level max or lower finish it, and Search when they do not (the puzzle
// needs harder techniques or guesses, or it has no solution). It builds no
// steps and asks no solver, so it is much faster than Explain: it is what
// a generator asks before keeping a puzzle, and Rate(m, l) <= l says that
// the techniques up to l solve the puzzle, which proves it unique (every
// deduction is sound).
//
// Rate(m, Extreme) is Explain's level for every puzzle with a solution.
// Rate places singles to a fixpoint rather than one at a time, and tries
// the other techniques easiest first as Explain does; singles lead to the
// same position in any order, so the two meet the same position before
// every other step and take the same one.
func Rate(m *model.Model, max Level) (Level, error) {
	geo, err := geometries.Get(m, newGeometry)
	if err != nil {
		return Search, err
	}
	s := scratch(geo)
	defer states.Put(s)
	s.load(m)
	return s.rate(max), nil
}

// states keeps positions for Rate to reuse.
var states sync.Pool

// scratch returns a fresh position of geo, reused when it can be.
func scratch(geo *geometry) *state {
	s, _ := states.Get().(*state)
	if s == nil || s.geo != geo {
		return newState(geo)
	}
	for i := range s.cand {
		s.cand[i] = geo.all()
	}
	clear(s.val)
	s.left, s.clash, s.queue = geo.cells, "", s.queue[:0]
	if s.gen > 1<<30 {
		clear(s.stamp)
		s.gen = 0
	}
	return s
}

// rate returns the level of the position's path with the techniques up to
// max, or Search when they get stuck.
func (s *state) rate(max Level) Level {
	if s.broken() != "" {
		return Search
	}
	level := Simple
	s.queueSingles()
	for {
		if s.nakedSingles(); s.left == 0 {
			break
		}
		if max >= Easy && s.hiddenSingles() {
			level = maxLevel(level, Easy)
			continue
		}
		st, ok := s.hard(max)
		if !ok {
			return Search
		}
		s.apply(&st)
		level = maxLevel(level, st.Technique.Level())
		s.queueSingles()
	}
	if s.broken() != "" {
		return Search
	}
	return level
}

func maxLevel(a, b Level) Level {
	if a > b {
		return a
	}
	return b
}

// hard returns the first step of the techniques beyond singles, up to
// level max, easiest first.
func (s *state) hard(max Level) (Step, bool) {
	for _, f := range finders[firstHard:] {
		if f.tech.Level() > max {
			break
		}
		if !s.use.Has(f.tech) {
			continue
		}
		if st, ok := f.find(s); ok {
			return st, true
		}
	}
	return Step{}, false
}

// queueSingles queues every open cell with one candidate left.
func (s *state) queueSingles() {
	for c, m := range s.cand {
		if s.val[c] == 0 && m != 0 && m&(m-1) == 0 {
			s.queue = append(s.queue, int32(c))
		}
	}
}

// nakedSingles places the queued cells and every cell left with one
// candidate since, until none is left.
func (s *state) nakedSingles() {
	for len(s.queue) > 0 {
		c := int(s.queue[len(s.queue)-1])
		s.queue = s.queue[:len(s.queue)-1]
		if m := s.cand[c]; s.val[c] == 0 && m != 0 && m&(m-1) == 0 {
			s.placeQueue(c, bits.TrailingZeros64(m)+1)
		}
	}
}

// placeQueue sets cell to v, removes the candidate's peers and queues the
// cells left with one candidate.
func (s *state) placeQueue(cell, v int) {
	if s.tracing {
		s.trail = append(s.trail, int32(s.candOf(cell, v)))
	}
	s.val[cell] = v
	s.cand[cell] = 1 << (v - 1)
	s.left--
	for _, p := range s.geo.peers(s.candOf(cell, v)) {
		pc, bit := int(p)/s.n, uint64(1)<<(int(p)%s.n)
		if m := s.cand[pc]; m&bit != 0 {
			m &^= bit
			s.cand[pc] = m
			if s.val[pc] == 0 && m != 0 && m&(m-1) == 0 {
				s.queue = append(s.queue, int32(pc))
			}
		}
	}
}

// hiddenSingles places every hidden single of the position (a value with
// one place left in a rule) and reports whether there was one.
func (s *state) hiddenSingles() bool {
	found := false
	for _, h := range s.geo.houses {
		if !h.exact {
			continue
		}
		var once, twice, placed uint64
		for _, c := range h.cells {
			if v := s.val[c]; v != 0 {
				placed |= 1 << (v - 1)
				continue
			}
			m := s.cand[c]
			twice |= once & m
			once |= m
		}
		for only := once &^ twice &^ placed; only != 0; only &= only - 1 {
			bit := only & -only
			for _, c := range h.cells {
				if s.val[c] == 0 && s.cand[c]&bit != 0 {
					s.placeQueue(c, bits.TrailingZeros64(bit)+1)
					found = true
					break
				}
			}
		}
	}
	for _, i := range s.geo.extra {
		if left, ok := s.lastOf(s.geo.ones[i].cands); ok {
			s.placeQueue(s.cellOf(left), s.valueOf(left))
			found = true
		}
	}
	return found
}
