package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// Continuous nice loops (cycles) and the chain search that rates chains as
// Sudoku Explainer does.
//
// A node is a candidate and a truth value, 2*c+1 for c true and 2*c for c
// false, as in chains. A chain alternates: a true candidate makes false
// the candidates that exclude it (weak links), a false one makes true the
// one candidate left where it was one of two (strong links). Which links
// count depends on the kind of chain (loopLinks):
//
//   - xLoop: one value: the candidates of that value that see a true one
//     are false; of a value's two places in a house, the other is true.
//   - yLoop: cells with two candidates: a true candidate makes false the
//     other candidates of its cell and its value where it sees; a false one
//     makes the other candidate of a two-candidate cell true.
//   - xyLoop: both.
//
// A cycle is a chain from a candidate true back to itself true: every
// weak link of it holds in both directions, so of the cells that see two
// ends of a weak link of one value, none holds that value. Sudoku
// Explainer names them bidirectional X-, Y- and XY-cycles; others,
// continuous nice loops. Its forcing chains (a candidate true leads to it
// false, or false to it true) are sudokit's X-chains and AICs, but its
// rating of a chain is that of the shortest one of its kind, which
// sudokit's searches need not find first: seChain searches them as it
// does.

// loopLinks says which links a chain may use.
type loopLinks uint8

const (
	xLoop  loopLinks = 1 << iota // conjugate pairs of one value, and peers of that value
	yLoop                        // two-candidate cells, their other candidates and peers
	xyLoop = xLoop | yLoop
)

// loopMaxNodes bounds the cycles the path looks for, by kind of links:
// loops of at most this many nodes (Sudoku Explainer's rating adds 0.1
// from 7 nodes, 0.2 from 9, 0.3 from 11, 0.4 from 15). The path tries each kind of cycle before the
// chains of its links, which make each of a cycle's eliminations with a
// longer chain, so a longer loop costs more time than it saves.
var loopMaxNodes = [4]int{xLoop: 16, yLoop: 12, xyLoop: 8}

// loopTechnique is the technique of a cycle of each kind of links.
var loopTechnique = [4]Technique{xLoop: XCycle, yLoop: XYCycle, xyLoop: NiceLoop}

// xCycle, xyCycle and niceLoop find the shortest cycle of their kind that
// eliminates something.
func xCycle(s *state) (Step, bool)   { return s.shortestCycle(xLoop, loopMaxNodes[xLoop]) }
func xyCycle(s *state) (Step, bool)  { return s.shortestCycle(yLoop, loopMaxNodes[yLoop]) }
func niceLoop(s *state) (Step, bool) { return s.shortestCycle(xyLoop, loopMaxNodes[xyLoop]) }

// cycleLinks returns the links of technique t's cycles, if t is one.
func cycleLinks(t Technique) (loopLinks, bool) {
	for links, tech := range loopTechnique {
		if tech == t && links != 0 {
			return loopLinks(links), true
		}
	}
	return 0, false
}

// nodesBelow returns the most nodes a chain of base difficulty base may
// have and still rate below below.
func nodesBelow(base, below float64) int {
	n := 2
	for n < 64 && base+lengthDifficulty(n-1) < below-1e-9 {
		n++
	}
	return n
}

// shortestCycle returns the shortest cycle of links of at most maxNodes
// nodes that eliminates something (the first found of that length).
func (s *state) shortestCycle(links loopLinks, maxNodes int) (Step, bool) {
	ch := s.conjugates()
	var best Step
	found := false
	for c := range s.undecided() {
		if links == yLoop && bits.OnesCount64(s.cand[s.cellOf(c)]) != 2 || !s.strong(ch, c, links) {
			continue // no link into c could close a loop
		}
		if st, ok := s.cycleFrom(ch, c, links, maxNodes); ok && (!found || st.Length < best.Length) {
			best, found = st, true
			maxNodes = st.Length + 1 // only shorter ones from now on
		}
	}
	return best, found
}

// follow appends to out the nodes node leads to by links: for a true
// candidate, the candidates it makes false; for a false one, those it makes
// true.
func (s *state) follow(ch *chains, node int32, links loopLinks, out []int32) []int32 {
	c := model.Cand(node / 2)
	v := s.valueOf(c)
	cell := s.cellOf(c)
	if node%2 == 1 {
		if links&yLoop != 0 {
			for x := s.cand[cell] &^ (1 << (v - 1)); x != 0; x &= x - 1 {
				out = append(out, 2*int32(s.candOf(cell, bits.TrailingZeros64(x)+1)))
			}
		}
		for _, p := range s.geo.peers(c) {
			// One value's links keep to it; with a cell's links, any
			// peer (a variant's graph may join two values).
			if (links&yLoop != 0 || s.valueOf(p) == v) && s.alive(p) {
				out = append(out, 2*int32(p))
			}
		}
		return out
	}
	if m := s.cand[cell]; links&yLoop != 0 && bits.OnesCount64(m) == 2 {
		out = append(out, 2*int32(s.candOf(cell, otherValue(m, v)))+1)
	}
	if links&xLoop != 0 {
		for l := ch.head[c]; l >= 0; l = ch.next[l] {
			out = append(out, 2*int32(ch.to[l])+1)
		}
	}
	return out
}

// cycleFrom searches, breadth first, the cycles from start true back to
// start true of at most maxNodes nodes, and returns the first that
// eliminates something. A cycle closes where a true candidate, two links
// or more from the start, makes false a candidate whose falsehood makes
// the start true (one not already on its way).
func (s *state) cycleFrom(ch *chains, start model.Cand, links loopLinks, maxNodes int) (Step, bool) {
	ch.gen++
	root := 2*int32(start) + 1
	ch.mark[root], ch.dist[root], ch.prev[root] = ch.gen, 0, -1
	ch.queue = append(ch.queue[:0], root)
	var st Step
	found := false
	for i := 0; i < len(ch.queue) && !found; i++ {
		node := ch.queue[i]
		if int(ch.dist[node])+2 > maxNodes {
			break
		}
		ch.out = s.follow(ch, node, links, ch.out[:0])
		for _, to := range ch.out {
			if node%2 == 1 && ch.dist[node] >= 2 && s.closes(ch, model.Cand(to/2), start, links) && !ancestor(ch, node, to) {
				if st, found = s.cycleStep(ch, node, to, links); found {
					break
				}
			}
			if ch.mark[to] != ch.gen {
				ch.mark[to], ch.prev[to], ch.dist[to] = ch.gen, node, ch.dist[node]+1
				ch.queue = append(ch.queue, to)
			}
		}
	}
	return st, found
}

// strong reports whether a candidate's falsehood can make c true by links:
// c has a conjugate (xLoop) or is one of a cell's two (yLoop).
func (s *state) strong(ch *chains, c model.Cand, links loopLinks) bool {
	return links&xLoop != 0 && ch.head[c] >= 0 || links&yLoop != 0 && bits.OnesCount64(s.cand[s.cellOf(c)]) == 2
}

// closes reports whether z false makes start true by one of links.
func (s *state) closes(ch *chains, z, start model.Cand, links loopLinks) bool {
	if z == start {
		return false
	}
	if links&yLoop != 0 && s.cellOf(z) == s.cellOf(start) && bits.OnesCount64(s.cand[s.cellOf(z)]) == 2 {
		return true
	}
	if links&xLoop != 0 {
		for l := ch.head[z]; l >= 0; l = ch.next[l] {
			if ch.to[l] == start {
				return true
			}
		}
	}
	return false
}

// ancestor reports whether node n lies on the way the search reached node
// from.
func ancestor(ch *chains, from, n int32) bool {
	for p := from; p >= 0; p = ch.prev[p] {
		if p == n {
			return true
		}
	}
	return false
}

// cycleStep is the step of the cycle that closes from node end (true)
// through last (false) back to the search's start, or false when it
// eliminates nothing: a candidate outside the loop's cells that sees a true
// node and a false node of its value is false, since one of the two holds.
func (s *state) cycleStep(ch *chains, end, last int32, links loopLinks) (Step, bool) {
	nodes := []int32{last}
	for n := end; n >= 0; n = ch.prev[n] {
		nodes = append(nodes, n)
	}
	inLoop := func(cell int) bool {
		for _, n := range nodes {
			if s.cellOf(model.Cand(n/2)) == cell {
				return true
			}
		}
		return false
	}
	e := elims{s: s}
	for _, n := range nodes {
		c := model.Cand(n / 2)
		for _, p := range s.geo.peers(c) {
			if s.valueOf(p) != s.valueOf(c) || !s.alive(p) || inLoop(s.cellOf(p)) {
				continue
			}
			for _, o := range nodes {
				if o%2 != n%2 && s.valueOf(model.Cand(o/2)) == s.valueOf(c) && s.geo.sees(p, model.Cand(o/2)) {
					e.addCand(p)
					break
				}
			}
		}
	}
	if e.empty() {
		return Step{}, false
	}
	// nodes runs from last back to the start (true); the loop reads from
	// the start.
	var sb strings.Builder
	var cells []string
	digits := uint64(0)
	for i := len(nodes) - 1; i >= 0; i-- {
		c := model.Cand(nodes[i] / 2)
		if i < len(nodes)-1 {
			sb.WriteString([]string{" - ", " = "}[nodes[i]%2])
		}
		fmt.Fprintf(&sb, "%s=%d", s.geo.cellNames[s.cellOf(c)], s.valueOf(c))
		if name := s.geo.cellNames[s.cellOf(c)]; len(cells) == 0 || cells[len(cells)-1] != name {
			cells = append(cells, name)
		}
		digits |= 1 << (s.valueOf(c) - 1)
	}
	first := model.Cand(nodes[len(nodes)-1] / 2)
	fmt.Fprintf(&sb, " = %s=%d", s.geo.cellNames[s.cellOf(first)], s.valueOf(first))
	return Step{Technique: loopTechnique[links],
		Reason: fmt.Sprintf("the continuous loop %s (a - b: not both; a = b: a or b holds): each link holds both ways, so one end of each weak link is true and what sees both ends leaves", sb.String()),
		Cells:  cells, Digits: values(digits),
		// Sudoku Explainer's length: the loop's nodes (the start once),
		// less two.
		Length: len(nodes) - 2, Eliminations: e.list()}, true
}

// seForcing returns the forcing chain Sudoku Explainer rates least, if it
// rates below below: a candidate true that leads, link by link, to itself
// false (it is false), or false to itself true (it is true), of one value's
// links (an X-chain there, 6.6) or of both kinds (7.0), each plus its
// length's share. Such chains are sudokit's X-chains and AICs, which find
// the same deductions but not always by the chain Sudoku Explainer rates;
// the rating's replay asks this search where the path takes a chain (see
// seCheaper).
func seForcing(s *state, below float64) (Step, bool) {
	ch := s.conjugates()
	var best Step
	found := false
	for _, mode := range []struct {
		links loopLinks
		tech  Technique
	}{{xLoop, XChain}, {xyLoop, AIC}} {
		maxNodes := nodesBelow(seDifficulty[mode.tech], below)
		for c := range s.undecided() {
			for _, truth := range []bool{true, false} {
				if !truth && !s.strong(ch, c, mode.links) {
					continue // nothing could make c true
				}
				if n, ok := s.forcingFrom(ch, c, truth, mode.links, maxNodes); ok {
					st := s.forcingStep(c, truth, mode.tech, n)
					if r := st.Rating(); r < below {
						best, below, found = st, r, true
						maxNodes = n - 1
					}
				}
			}
		}
	}
	return best, found
}

// forcingFrom searches, breadth first, a chain from start (true when truth)
// to start with the other truth value of at most maxNodes nodes, and
// returns its number of nodes.
func (s *state) forcingFrom(ch *chains, start model.Cand, truth bool, links loopLinks, maxNodes int) (int, bool) {
	ch.gen++
	root, target := 2*int32(start), 2*int32(start)+1
	if truth {
		root, target = target, root
	}
	ch.mark[root], ch.dist[root], ch.prev[root] = ch.gen, 0, -1
	ch.queue = append(ch.queue[:0], root)
	nodes := 0
	for i := 0; i < len(ch.queue) && nodes == 0; i++ {
		node := ch.queue[i]
		if int(ch.dist[node])+2 > maxNodes {
			break
		}
		ch.out = s.follow(ch, node, links, ch.out[:0])
		for _, to := range ch.out {
			if to == target {
				nodes = int(ch.dist[node]) + 2
				break
			}
			if ch.mark[to] != ch.gen {
				ch.mark[to], ch.prev[to], ch.dist[to] = ch.gen, node, ch.dist[node]+1
				ch.queue = append(ch.queue, to)
			}
		}
	}
	return nodes, nodes > 0
}

// forcingStep is the step of a forcing chain of n nodes from start back to
// start: start true led to start false (it is false), or false to true.
func (s *state) forcingStep(start model.Cand, truth bool, tech Technique, n int) Step {
	cell, v := s.cellOf(start), s.valueOf(start)
	name := s.geo.cellNames[cell]
	st := Step{Technique: tech, Cells: []string{name}, Digits: []int{v}, Length: n - 2}
	if truth {
		st.Reason = fmt.Sprintf("if %s were %d, a chain of %d links would make it not %d, so it is not", name, v, n-1, v)
		st.Eliminations = []Elimination{{Cell: cell, Name: name, Values: []int{v}}}
	} else {
		st.Reason = fmt.Sprintf("if %s were not %d, a chain of %d links would make it %d, so it is", name, v, n-1, v)
		st.Placements = s.placement(cell, v)
	}
	return st
}
