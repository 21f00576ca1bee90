package logic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// Grouped links: an AIC whose nodes may also be groups, the candidates of
// one value where a box crosses a row or a column (two or three cells).
// A group is true when the value is in one of its cells, false when in
// none. It links as a candidate does:
//
//   - strongly, in a house, to what holds the value's other places there:
//     a candidate or another group of the house (in a row, the value's
//     places in two boxes; in a box, a row's places and a column's, or
//     one cell);
//   - weakly to the candidates and groups of its value whose cells all see
//     all of its cells (the rest of its line and of its box).
//
// groupedAIC searches, breadth first, the chains from a candidate false to
// a candidate of the same value true, and from a candidate true back to
// itself false, as aic does, through candidates and groups. It runs after
// the AIC, so every chain it finds passes through a group.

// A segment is the candidates of one value in a box and a line, as the
// indices in geometry.ones of the two rules.
type segment struct {
	box, line int
	cands     []model.Cand
}

// segments lists the segments of two candidates or more, made once.
func (geo *geometry) segments() []segment {
	geo.segmentOnce.Do(func() {
		for bi, b := range geo.ones {
			if b.kind != box {
				continue
			}
			for li, l := range geo.ones {
				if l.kind != row && l.kind != column {
					continue
				}
				var cs []model.Cand
				for _, c := range b.cands {
					if slices.Contains(l.cands, c) {
						cs = append(cs, c)
					}
				}
				if len(cs) >= 2 {
					geo.segmentCache = append(geo.segmentCache, segment{bi, li, cs})
				}
			}
		}
	})
	return geo.segmentCache
}

// A group is the open candidates of one value in a box and a line.
type group struct {
	box, line int // the rules' indices in geometry.ones
	cands     []model.Cand
	weak      []int32 // the nodes it makes false when true
	// strong lists the nodes it makes true when false.
	strong []int32
}

// groupedScratch is the memory groupedAIC reuses.
type groupedScratch struct {
	groups           []group
	mark, prev, dist []int32
	queue            []int32
	candStrong       [][]int32 // per candidate, the group nodes its falsehood makes true
	candWeak         [][]int32 // per candidate, the group nodes its truth makes false
	out              []int32   // the nodes one node leads to
	gen              int32
}

// groupNode is the node of group g with truth t (1 true, 0 false), after
// the candidates' nodes.
func (s *state) groupNode(g int, t int32) int32 { return int32(2*len(s.stamp)) + 2*int32(g) + t }

// buildGroups lists the groups of s and their links.
func (s *state) buildGroups(gs *groupedScratch) {
	n := len(s.stamp)
	gs.groups = gs.groups[:0]
	if len(gs.candStrong) != n {
		gs.candStrong, gs.candWeak = make([][]int32, n), make([][]int32, n)
	}
	for i := range gs.candStrong {
		gs.candStrong[i], gs.candWeak[i] = gs.candStrong[i][:0], gs.candWeak[i][:0]
	}
	// The groups: the open candidates of each segment, when two or more.
	byHouse := make([][]int, len(s.geo.ones)) // per rule, the groups in its house
	for _, seg := range s.geo.segments() {
		var cs []model.Cand
		for _, c := range seg.cands {
			if s.alive(c) {
				cs = append(cs, c)
			}
		}
		if len(cs) < 2 {
			continue
		}
		gs.groups = append(gs.groups, group{cands: cs, box: seg.box, line: seg.line})
		g := len(gs.groups) - 1
		byHouse[seg.box] = append(byHouse[seg.box], g)
		byHouse[seg.line] = append(byHouse[seg.line], g)
	}
	// Strong links: a group and what holds the rest of the value's
	// places in a house.
	// A group's cells are open places of the house, so the rest are the
	// open places outside it: one candidate, or a group of the house
	// that shares none of its cells and holds as many.
	for h, gsIn := range byHouse {
		open := 0
		for _, c := range s.geo.ones[h].cands {
			if s.alive(c) {
				open++
			}
		}
		for _, g := range gsIn {
			cs := gs.groups[g].cands
			switch rest := open - len(cs); {
			case rest == 1:
				for _, c := range s.geo.ones[h].cands {
					if s.alive(c) && !slices.Contains(cs, c) {
						gs.groups[g].strong = append(gs.groups[g].strong, 2*int32(c)+1)
						gs.candStrong[c] = append(gs.candStrong[c], s.groupNode(g, 1))
					}
				}
			case rest > 1:
				for _, o := range gsIn {
					if other := gs.groups[o].cands; len(other) == rest && !overlaps(other, cs) {
						gs.groups[g].strong = append(gs.groups[g].strong, s.groupNode(o, 1))
					}
				}
			}
		}
	}
	// Weak links: candidates and groups of the value that see all of a
	// group's cells.
	for g := range gs.groups {
		gr := &gs.groups[g]
		for _, p := range s.geo.peers(gr.cands[0]) {
			if s.alive(p) && !slices.Contains(gr.cands, p) && s.seesAll(p, gr.cands) {
				gr.weak = append(gr.weak, 2*int32(p))
				gs.candWeak[p] = append(gs.candWeak[p], s.groupNode(g, 0))
			}
		}
		// Two groups of one value see each other's cells when they share
		// a box or a line.
		for _, h := range [2]int{gr.box, gr.line} {
			for _, o := range byHouse[h] {
				if o != g && !overlaps(gs.groups[o].cands, gr.cands) {
					gr.weak = append(gr.weak, s.groupNode(o, 0))
				}
			}
		}
	}
}

// seesAll reports whether candidate p sees every one of cs.
func (s *state) seesAll(p model.Cand, cs []model.Cand) bool {
	for _, c := range cs {
		if !s.geo.sees(p, c) {
			return false
		}
	}
	return true
}

func overlaps(a, b []model.Cand) bool {
	for _, c := range a {
		if slices.Contains(b, c) {
			return true
		}
	}
	return false
}

// groupedMaxNodes bounds the grouped chains: at most this many nodes
// (Sudoku Explainer's length scale adds 0.4 to a chain from 17 nodes).
const groupedMaxNodes = 16

// maxGroupedValues bounds the grids the grouped AIC reads: it searches
// from every candidate over every candidate and group, work that grows with
// the square of the candidates (729 on 9x9, 15,625 on 25x25).
const maxGroupedValues = 9

// groupedAIC finds the shortest AIC through candidates and groups.
func groupedAIC(s *state) (Step, bool) {
	if s.n > maxGroupedValues {
		return Step{}, false
	}
	if s.grouped == nil {
		s.grouped = &groupedScratch{}
	}
	gs := s.grouped
	s.buildGroups(gs)
	// A chain passes a group by a strong link, into it or out of it.
	if !slices.ContainsFunc(gs.groups, func(g group) bool { return len(g.strong) > 0 }) {
		return Step{}, false
	}
	ch := s.conjugates()
	nodes := 2*len(s.stamp) + 2*len(gs.groups)
	if cap(gs.mark) < nodes {
		gs.mark, gs.prev, gs.dist = make([]int32, nodes), make([]int32, nodes), make([]int32, nodes)
		gs.gen = 0
	}
	gs.mark, gs.prev, gs.dist = gs.mark[:nodes], gs.prev[:nodes], gs.dist[:nodes]
	var best []int32
	var bestE elims
	for c := range s.undecided() {
		for _, truth := range []bool{false, true} {
			limit := len(best)
			if limit == 0 {
				limit = groupedMaxNodes + 1
			}
			if path, e, ok := s.groupedFrom(ch, gs, c, truth, limit); ok {
				best, bestE = path, e
			}
		}
	}
	if best == nil {
		return Step{}, false
	}
	return s.groupedStep(gs, best, bestE), true
}

// groupedFrom searches, breadth first from start false (or true), the
// shortest chain to a candidate of start's value true elsewhere that
// eliminates something (or back to start false), shorter than limit nodes
// when limit is not 0. It returns the chain's nodes from start.
func (s *state) groupedFrom(ch *chains, gs *groupedScratch, start model.Cand, truth bool, limit int) ([]int32, elims, bool) {
	gs.gen++
	root := 2 * int32(start)
	if truth {
		root++
	}
	v := s.valueOf(start)
	gs.mark[root], gs.dist[root], gs.prev[root] = gs.gen, 0, -1
	gs.queue = append(gs.queue[:0], root)
	candNodes := int32(2 * len(s.stamp))
	for i := 0; i < len(gs.queue); i++ {
		node := gs.queue[i]
		if limit > 0 && int(gs.dist[node])+1 >= limit {
			break
		}
		out := gs.out[:0]
		if node < candNodes {
			c := model.Cand(node / 2)
			if node%2 == 1 && !truth && c != start && s.valueOf(c) == v && s.cellOf(c) != s.cellOf(start) {
				if e := s.seenByAll(v, start, c); !e.empty() {
					return s.groupedPath(gs, node), e, true
				}
			}
			out = s.follow(ch, node, xyLoop, out)
			if node%2 == 1 {
				out = append(out, gs.candWeak[c]...)
			} else {
				out = append(out, gs.candStrong[c]...)
			}
		} else {
			g := &gs.groups[(node-candNodes)/2]
			if node%2 == 1 {
				out = append(out, g.weak...)
			} else {
				out = append(out, g.strong...)
			}
		}
		gs.out = out
		for _, to := range out {
			if truth && to == root-1 {
				path := append(s.groupedPath(gs, node), to)
				e := elims{s: s}
				e.addCand(start)
				return path, e, true
			}
			if gs.mark[to] != gs.gen {
				gs.mark[to], gs.prev[to], gs.dist[to] = gs.gen, node, gs.dist[node]+1
				gs.queue = append(gs.queue, to)
			}
		}
	}
	return nil, elims{}, false
}

// groupedPath returns the nodes from the search's root to node.
func (s *state) groupedPath(gs *groupedScratch, node int32) []int32 {
	var path []int32
	for n := node; n >= 0; n = gs.prev[n] {
		path = append(path, n)
	}
	slices.Reverse(path)
	return path
}

// groupedStep is the step of a grouped chain.
func (s *state) groupedStep(gs *groupedScratch, path []int32, e elims) Step {
	candNodes := int32(2 * len(s.stamp))
	name := func(n int32) string {
		if n < candNodes {
			c := model.Cand(n / 2)
			return fmt.Sprintf("%s=%d", s.geo.cellNames[s.cellOf(c)], s.valueOf(c))
		}
		cs := gs.groups[(n-candNodes)/2].cands
		names := make([]string, len(cs))
		for i, c := range cs {
			names[i] = s.geo.cellNames[s.cellOf(c)]
		}
		return fmt.Sprintf("{%s}=%d", strings.Join(names, " "), s.valueOf(cs[0]))
	}
	var sb strings.Builder
	var cells []string
	for i, n := range path {
		if i > 0 {
			sb.WriteString([]string{" - ", " = "}[n%2])
		}
		sb.WriteString(name(n))
		if n < candNodes {
			cells = append(cells, s.geo.cellNames[s.cellOf(model.Cand(n/2))])
		} else {
			for _, c := range gs.groups[(n-candNodes)/2].cands {
				cells = append(cells, s.geo.cellNames[s.cellOf(c)])
			}
		}
	}
	start := model.Cand(path[0] / 2)
	first := s.geo.cellNames[s.cellOf(start)]
	v := s.valueOf(start)
	st := Step{Technique: GroupedAIC, Cells: cells, Digits: []int{v}, Length: len(path), Eliminations: e.list()}
	if path[0]%2 == 1 { // start true came back false
		st.Length = len(path) - 2
		st.Reason = fmt.Sprintf("%s (a - b: not both; a = b: a or b holds; {…}: the value in one of those cells): if %s were %d it would not be, so it is not",
			sb.String(), first, v)
		return st
	}
	last := s.geo.cellNames[s.cellOf(model.Cand(path[len(path)-1]/2))]
	st.Reason = fmt.Sprintf("%s (a = b: a or b holds; a - b: not both; {…}: the value in one of those cells), so %s or %s is %d",
		sb.String(), first, last, v)
	return st
}
