package graph

import "github.com/sudokit/sudokit/model"

// Values of a candidate in a Singles.
const (
	Undecided  int8 = 0
	Chosen     int8 = 1
	Eliminated int8 = -1
)

// A Singles propagates givens over a Graph: naked singles (a cell with one
// candidate left) and hidden singles (an ExactlyOne rule with one candidate
// left), to a fixpoint. One Singles serves one propagation at a time; its
// buffers are reused by the next Propagate.
type Singles struct {
	g         *Graph
	val       []int8 // per candidate: Chosen, Eliminated or Undecided
	cellLeft  []int32
	cellDone  []bool
	oneLeft   []int32
	oneDone   []bool
	work      []int32 // cells (>= 0) and ExactlyOne rules (^index) down to one candidate
	conflict  bool
	undecided int
}

// NewSingles returns a propagation state for g.
func (g *Graph) NewSingles() *Singles {
	return &Singles{
		g:        g,
		val:      make([]int8, g.NumCands()),
		cellLeft: make([]int32, g.cells),
		cellDone: make([]bool, g.cells),
		oneLeft:  make([]int32, len(g.ones)),
		oneDone:  make([]bool, len(g.ones)),
	}
}

// Vals returns the value of every candidate after the last Propagate:
// Chosen, Eliminated or Undecided. The slice is s's own: it must not be
// modified, and the next Propagate overwrites it.
func (s *Singles) Vals() []int8 { return s.val }

// CellDone returns, per cell, whether a candidate of it is chosen. The
// slice is s's own, like Vals'.
func (s *Singles) CellDone() []bool { return s.cellDone }

// OneDone returns, per ExactlyOne rule of Graph.Ones, whether a candidate
// of it is chosen. The slice is s's own, like Vals'.
func (s *Singles) OneDone() []bool { return s.oneDone }

// Undecided returns the number of undecided candidates after Propagate.
func (s *Singles) Undecided() int { return s.undecided }

// Propagate resets s, chooses the fixed candidates and eliminates the
// excluded ones, then propagates naked and hidden singles to a fixpoint. It
// reports false when the givens contradict each other (a candidate both
// chosen and eliminated, a cell or an ExactlyOne rule with no candidate
// left); the values are then meaningless.
func (s *Singles) Propagate(fixed, excluded []model.Cand) bool {
	g := s.g
	clear(s.val)
	for i := range s.cellLeft {
		s.cellLeft[i] = int32(g.values)
	}
	clear(s.cellDone)
	for i, cs := range g.ones {
		s.oneLeft[i] = int32(len(cs))
	}
	clear(s.oneDone)
	s.work = s.work[:0]
	s.conflict = false
	for _, c := range fixed {
		s.choose(c)
	}
	for _, c := range excluded {
		s.eliminate(c)
	}
	for len(s.work) > 0 && !s.conflict {
		w := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		if w >= 0 {
			if s.cellDone[w] {
				continue
			}
			if s.cellLeft[w] == 0 {
				s.conflict = true
				break
			}
			base := model.Cand(int(w) * g.values)
			for c := base; c < base+model.Cand(g.values); c++ {
				if s.val[c] == Undecided {
					s.choose(c)
					break
				}
			}
			continue
		}
		r := ^w
		if s.oneDone[r] {
			continue
		}
		if s.oneLeft[r] == 0 {
			s.conflict = true
			break
		}
		for _, c := range g.ones[r] {
			if s.val[c] == Undecided {
				s.choose(c)
				break
			}
		}
	}
	if s.conflict {
		return false
	}
	s.undecided = 0
	for _, v := range s.val {
		if v == Undecided {
			s.undecided++
		}
	}
	return true
}

// choose makes c chosen and eliminates its peers, those of its cell first.
func (s *Singles) choose(c model.Cand) {
	switch s.val[c] {
	case Chosen:
		return
	case Eliminated:
		s.conflict = true
		return
	}
	g := s.g
	s.val[c] = Chosen
	cell := int(c) / g.values
	s.cellDone[cell] = true
	s.cellLeft[cell]--
	for _, r := range g.oneOf[g.oneStart[c]:g.oneStart[c+1]] {
		s.oneDone[r] = true
		s.oneLeft[r]--
	}
	base := model.Cand(cell * g.values)
	for p := base; p < base+model.Cand(g.values); p++ {
		if p != c {
			s.eliminate(p)
		}
	}
	for _, p := range g.peers[g.peerStart[c]:g.peerStart[c+1]] {
		s.eliminate(p)
	}
}

// eliminate makes c eliminated and queues its cell and ExactlyOne rules
// when they are down to one candidate (or none).
func (s *Singles) eliminate(c model.Cand) {
	switch s.val[c] {
	case Eliminated:
		return
	case Chosen:
		s.conflict = true
		return
	}
	g := s.g
	s.val[c] = Eliminated
	cell := int(c) / g.values
	s.cellLeft[cell]--
	if !s.cellDone[cell] && s.cellLeft[cell] <= 1 {
		s.work = append(s.work, int32(cell))
	}
	for _, r := range g.oneOf[g.oneStart[c]:g.oneStart[c+1]] {
		s.oneLeft[r]--
		if !s.oneDone[r] && s.oneLeft[r] <= 1 {
			s.work = append(s.work, ^r)
		}
	}
}
