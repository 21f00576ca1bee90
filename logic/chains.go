package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// chains is the memory the colouring and chain searches reuse from one call
// to the next. A node is a candidate and a truth value: 2*c+1 says c is
// true, 2*c that it is false.
type chains struct {
	head  []int32      // per candidate, the first of its conjugate links, or -1
	next  []int32      // per link end, the next link end of the same candidate
	to    []model.Cand // per link end, the other candidate
	rule  []int32      // per link end, the index in geo.ones of the rule
	ends  []model.Cand // the candidates with a conjugate link, by value then cell
	mark  []int32      // per node, gen when reached
	prev  []int32      // per node, the node it was reached from
	dist  []int32      // per node, the number of links from the start
	queue []int32
	out   []int32 // the nodes one node leads to (see follow)
	gen   int32
}

// conjugates lists the conjugate pairs of s: the ExactlyOne rules with
// exactly two open candidates, both of one value (one of the two is true,
// and they see each other). It returns the scratch memory with head, next,
// to, rule and ends filled.
func (s *state) conjugates() *chains {
	n := len(s.stamp)
	ch := s.ch
	if ch == nil {
		ch = &chains{head: make([]int32, n), mark: make([]int32, 2*n), prev: make([]int32, 2*n), dist: make([]int32, 2*n)}
		s.ch = ch
	}
	for i := range ch.head {
		ch.head[i] = -1
	}
	ch.next, ch.to, ch.rule, ch.ends = ch.next[:0], ch.to[:0], ch.rule[:0], ch.ends[:0]
	link := func(a, b model.Cand, r int) {
		if ch.head[a] < 0 {
			ch.ends = append(ch.ends, a)
		}
		ch.next = append(ch.next, ch.head[a])
		ch.head[a] = int32(len(ch.to))
		ch.to = append(ch.to, b)
		ch.rule = append(ch.rule, int32(r))
	}
	for r, o := range s.geo.ones {
		var a, b model.Cand
		k := 0
		for _, c := range o.cands {
			if s.chosen(c) {
				k = -1
				break
			}
			if s.alive(c) {
				if k == 0 {
					a = c
				} else {
					b = c
				}
				if k++; k > 2 {
					break
				}
			}
		}
		if k == 2 && s.valueOf(a) == s.valueOf(b) {
			link(a, b, r)
			link(b, a, r)
		}
	}
	slices.SortFunc(ch.ends, func(a, b model.Cand) int {
		if d := s.valueOf(a) - s.valueOf(b); d != 0 {
			return d
		}
		return int(a - b)
	})
	return ch
}

// colouring finds, for one value, a chain of conjugate pairs coloured in
// turn: one of the two colours holds everywhere. Where two candidates of a
// colour see each other (colour wrap), that colour is false and leaves its
// cells; otherwise the value leaves every cell that sees both colours
// (colour trap).
func colouring(s *state) (Step, bool) {
	ch := s.conjugates()
	ch.gen++ // every component of this call is coloured with this gen
	var comp []model.Cand
	for _, root := range ch.ends {
		if ch.mark[2*root] == ch.gen || ch.mark[2*root+1] == ch.gen {
			continue // coloured with an earlier root
		}
		comp = append(comp[:0], root)
		ch.mark[2*root+1] = ch.gen
		ok := true
		for i := 0; i < len(comp); i++ {
			c := comp[i]
			col := int32(colourOf(ch, c))
			for l := ch.head[c]; l >= 0; l = ch.next[l] {
				d := 2 * int32(ch.to[l])
				switch {
				case ch.mark[d+1-col] == ch.gen:
				case ch.mark[d+col] == ch.gen:
					ok = false // an odd cycle: the position is contradictory
				default:
					ch.mark[d+1-col] = ch.gen
					comp = append(comp, ch.to[l])
				}
			}
		}
		if !ok || len(comp) < 3 {
			continue // a single pair's trap is locked candidates
		}
		if st, found := s.colourStep(ch, comp); found {
			return st, true
		}
	}
	return Step{}, false
}

// colourOf returns the colour (0 or 1) of a coloured candidate.
func colourOf(ch *chains, c model.Cand) int {
	if ch.mark[2*c+1] == ch.gen {
		return 1
	}
	return 0
}

// colourStep returns the wrap or trap of a coloured component, if any.
func (s *state) colourStep(ch *chains, comp []model.Cand) (Step, bool) {
	v := s.valueOf(comp[0])
	var sides [2][]model.Cand
	for _, c := range comp {
		sides[colourOf(ch, c)] = append(sides[colourOf(ch, c)], c)
	}
	for _, side := range sides {
		slices.Sort(side)
	}
	pattern := func() ([]string, []string) {
		var houses []string
		for _, c := range comp {
			for l := ch.head[c]; l >= 0; l = ch.next[l] {
				if label := s.geo.ones[ch.rule[l]].label; !slices.Contains(houses, label) {
					houses = append(houses, label)
				}
			}
		}
		cells := make([]int, len(comp))
		for i, c := range comp {
			cells[i] = s.cellOf(c)
		}
		slices.Sort(cells)
		return houses, s.names(cells)
	}
	reason := fmt.Sprintf("the conjugate pairs of %d colour %s against %s", v, s.candCells(sides[0]), s.candCells(sides[1]))
	// Wrap: two candidates of one colour see each other.
	for k, side := range sides {
		for i, a := range side {
			for _, b := range side[i+1:] {
				if !s.geo.sees(a, b) {
					continue
				}
				e := elims{s: s}
				for _, c := range side {
					e.addCand(c)
				}
				houses, cells := pattern()
				return Step{Technique: SimpleColouring,
					Reason: fmt.Sprintf("%s; %s and %s share a colour and see each other, so %s is not %d",
						reason, s.geo.cellNames[s.cellOf(a)], s.geo.cellNames[s.cellOf(b)], s.candCells(sides[k]), v),
					Houses: houses, Cells: cells, Digits: []int{v}, Eliminations: e.list()}, true
			}
		}
	}
	// Trap: a candidate sees both colours (one inside the component would
	// see its own colour: a wrap).
	s.gen++
	for k, side := range sides {
		for _, c := range side {
			for _, p := range s.geo.peers(c) {
				if s.valueOf(p) != v || !s.alive(p) {
					continue
				}
				if s.stamp[p] != s.gen {
					s.stamp[p], s.count[p] = s.gen, 0
				}
				s.count[p] |= 1 << k
			}
		}
	}
	e := elims{s: s}
	for _, c := range sides[0] {
		for _, p := range s.geo.peers(c) {
			if s.stamp[p] == s.gen && s.count[p] == 3 {
				e.addCand(p)
			}
		}
	}
	if e.empty() {
		return Step{}, false
	}
	houses, cells := pattern()
	return Step{Technique: SimpleColouring, Reason: reason + "; one colour holds, so " + fmt.Sprint(v) + " leaves the cells that see both",
		Houses: houses, Cells: cells, Digits: []int{v}, Eliminations: e.list()}, true
}

// candCells names the cells of candidates, as "r1c1 r3c4".
func (s *state) candCells(cs []model.Cand) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = s.geo.cellNames[s.cellOf(c)]
	}
	return strings.Join(names, " ")
}

// A chain is an alternating chain found by search: its nodes from the
// start (false) to the end (true), and what it eliminates.
type chain struct {
	nodes []model.Cand
	e     elims
}

// xChain finds, for one value, an alternating chain of conjugate pairs
// (strong links: if one end is false the other is true) and candidates
// that see each other (weak links: if one is true the other is false) that
// starts and ends with a strong link: one of its two ends is true, so the
// value leaves the cells that see both. The shortest such chain is taken.
func xChain(s *state) (Step, bool) {
	ch := s.conjugates()
	var best chain
	for _, start := range ch.ends {
		s.alternate(ch, start, oneValue, &best)
	}
	if best.nodes == nil {
		return Step{}, false
	}
	v := s.valueOf(best.nodes[0])
	var sb strings.Builder
	for i, c := range best.nodes {
		if i > 0 {
			sb.WriteString([]string{" = ", " - "}[(i-1)%2])
		}
		sb.WriteString(s.geo.cellNames[s.cellOf(c)])
	}
	first, last := s.geo.cellNames[s.cellOf(best.nodes[0])], s.geo.cellNames[s.cellOf(best.nodes[len(best.nodes)-1])]
	return Step{Technique: XChain,
		Reason: fmt.Sprintf("%d in %s (a = b: a or b is %d; a - b: not both), so %s or %s is %d", v, sb.String(), v, first, last, v),
		Cells:  strings.Fields(s.candCells(best.nodes)), Digits: []int{v}, Length: len(best.nodes), Eliminations: best.e.list()}, true
}

// xyChain finds a chain of cells with two candidates each, every cell
// seeing the next through a value they share, that starts and ends with
// the same value x: if the first cell is not x, the chain forces the last
// one to x, so x leaves the cells that see both ends. The shortest such
// chain is taken.
func xyChain(s *state) (Step, bool) {
	ch := s.conjugates()
	var best chain
	for cell, m := range s.cand {
		if s.val[cell] != 0 || bits.OnesCount64(m) != 2 {
			continue
		}
		for _, v := range values(m) {
			s.alternate(ch, s.candOf(cell, v), bivalueCells, &best)
		}
	}
	if best.nodes == nil {
		return Step{}, false
	}
	x := s.valueOf(best.nodes[0])
	var sb strings.Builder
	var cells []int
	for i := 0; i < len(best.nodes); i += 2 {
		c := best.nodes[i]
		cell := s.cellOf(c)
		cells = append(cells, cell)
		if i > 0 {
			sb.WriteString(" - ")
		}
		fmt.Fprintf(&sb, "%s (%d/%d)", s.geo.cellNames[cell], s.valueOf(c), s.valueOf(best.nodes[i+1]))
	}
	first, last := s.geo.cellNames[cells[0]], s.geo.cellNames[cells[len(cells)-1]]
	return Step{Technique: XYChain,
		Reason: fmt.Sprintf("the chain %s: %s or %s is %d", sb.String(), first, last, x),
		Cells:  s.names(cells), Digits: []int{x}, Length: 2 * len(cells), Eliminations: best.e.list()}, true
}

// The links an alternating chain may use (see alternate).
type links uint8

const (
	oneValue     links = iota // X-chains: conjugate pairs of one value, and peers of that value
	bivalueCells              // XY-chains: the two candidates of a cell with two, and peers in such cells
	anyLinks                  // AICs: both strong links, and any peer or other candidate of the cell
)

// alternate searches, breadth first, the alternating chains that start
// with start false. Strong links are conjugate pairs of one value
// (oneValue, anyLinks) and the two candidates of a cell with two
// (bivalueCells, anyLinks); weak links join candidates that see each other
// (of one value, of cells with two candidates, or any two) and, for
// anyLinks, two candidates of one cell. Every candidate found true at the
// end of a chain that is no longer than best, with start's value, outside
// start's cell, and that eliminates something, replaces best.
func (s *state) alternate(ch *chains, start model.Cand, mode links, best *chain) {
	s.alternateFrom(ch, start, false, mode, best)
}

// alternateFrom is alternate from start with the truth value truth; from
// start true (with anyLinks), a chain that makes start false says start is
// false (a discontinuous nice loop), which best then eliminates.
func (s *state) alternateFrom(ch *chains, start model.Cand, truth bool, mode links, best *chain) {
	bivalue := mode == bivalueCells
	v := s.valueOf(start)
	limit := int32(1 << 30)
	if best.nodes != nil {
		limit = int32(len(best.nodes)) - 2 // only strictly shorter chains
	}
	ch.gen++
	root := 2 * int32(start)
	if truth {
		root++
	}
	ch.mark[root], ch.dist[root], ch.prev[root] = ch.gen, 0, -1
	ch.queue = append(ch.queue[:0], root)
	found := false
	reach := func(from, to int32) {
		if truth && to == root-1 && !found { // start true makes start false
			found = true
			best.nodes = best.nodes[:0]
			best.nodes = append(best.nodes, start)
			for n := from; n >= 0; n = ch.prev[n] {
				best.nodes = append(best.nodes, model.Cand(n/2))
			}
			slices.Reverse(best.nodes)
			best.e = elims{s: s}
			best.e.addCand(start)
			return
		}
		if ch.mark[to] != ch.gen {
			ch.mark[to], ch.prev[to], ch.dist[to] = ch.gen, from, ch.dist[from]+1
			ch.queue = append(ch.queue, to)
		}
	}
	for i := 0; i < len(ch.queue) && !found; i++ {
		node := ch.queue[i]
		c := model.Cand(node / 2)
		if ch.dist[node] >= limit {
			break
		}
		if node%2 == 0 { // c is false: strong links make their partners true
			if mode != oneValue {
				cell := s.cellOf(c)
				if m := s.cand[cell]; bits.OnesCount64(m) == 2 {
					reach(node, 2*int32(s.candOf(cell, otherValue(m, s.valueOf(c))))+1)
				}
			}
			if mode != bivalueCells {
				for l := ch.head[c]; l >= 0; l = ch.next[l] {
					reach(node, 2*int32(ch.to[l])+1)
				}
			}
			continue
		}
		// c is true: the end of a chain?
		if !truth && c != start && s.valueOf(c) == v && s.cellOf(c) != s.cellOf(start) {
			if e := s.seenByAll(v, start, c); !e.empty() {
				best.nodes = best.nodes[:0]
				for n := node; n >= 0; n = ch.prev[n] {
					best.nodes = append(best.nodes, model.Cand(n/2))
				}
				slices.Reverse(best.nodes)
				best.e = e
				return
			}
		}
		if mode == anyLinks {
			cell := s.cellOf(c)
			for x := s.cand[cell] &^ (1 << (s.valueOf(c) - 1)); x != 0; x &= x - 1 {
				reach(node, 2*int32(s.candOf(cell, bits.TrailingZeros64(x)+1)))
			}
		}
		for _, p := range s.geo.peers(c) {
			if !s.alive(p) {
				continue
			}
			if bivalue && bits.OnesCount64(s.cand[s.cellOf(p)]) != 2 || mode == oneValue && s.valueOf(p) != v {
				continue
			}
			reach(node, 2*int32(p))
		}
	}
}

// aic finds an alternating inference chain that mixes the links of the
// X- and XY-chains: strong links are conjugate pairs and the two
// candidates of a cell with two, weak links candidates that see each
// other or share a cell. A chain that starts with x false and ends with x
// true elsewhere says one of its ends is x, so x leaves the cells that see
// both. The shortest such chain is taken.
func aic(s *state) (Step, bool) {
	ch := s.conjugates()
	var best chain
	for c := range s.undecided() {
		s.alternate(ch, c, anyLinks, &best)
		s.alternateFrom(ch, c, true, anyLinks, &best)
	}
	if best.nodes == nil {
		return Step{}, false
	}
	x := s.valueOf(best.nodes[0])
	if loop := best.nodes[0] == best.nodes[len(best.nodes)-1]; loop {
		return s.loopStep(best), true
	}
	var sb strings.Builder
	for i, c := range best.nodes {
		if i > 0 {
			sb.WriteString([]string{" = ", " - "}[(i-1)%2])
		}
		fmt.Fprintf(&sb, "%s=%d", s.geo.cellNames[s.cellOf(c)], s.valueOf(c))
	}
	first, last := s.geo.cellNames[s.cellOf(best.nodes[0])], s.geo.cellNames[s.cellOf(best.nodes[len(best.nodes)-1])]
	return Step{Technique: AIC,
		Reason: fmt.Sprintf("%s (a = b: a or b holds; a - b: not both), so %s or %s is %d", sb.String(), first, last, x),
		Cells:  strings.Fields(s.candCells(best.nodes)), Digits: []int{x}, Length: len(best.nodes), Eliminations: best.e.list()}, true
}

// loopStep is the step of a discontinuous loop: start true leads, link by
// link, to start false, so start is false.
func (s *state) loopStep(best chain) Step {
	start := best.nodes[0]
	var sb strings.Builder
	for i, c := range best.nodes {
		if i > 0 {
			sb.WriteString([]string{" - ", " = "}[(i-1)%2])
		}
		fmt.Fprintf(&sb, "%s=%d", s.geo.cellNames[s.cellOf(c)], s.valueOf(c))
	}
	name := s.geo.cellNames[s.cellOf(start)]
	return Step{Technique: AIC,
		Reason: fmt.Sprintf("%s (a - b: not both; a = b: a or b holds): if %s were %d it would not be, so it is not",
			sb.String(), name, s.valueOf(start)),
		Cells: strings.Fields(s.candCells(best.nodes[:len(best.nodes)-1])), Digits: []int{s.valueOf(start)},
		// Sudoku Explainer's length (see Step.Rating): the loop sets
		// len(nodes) candidates, start true and start false among them.
		Length: len(best.nodes) - 2, Eliminations: best.e.list()}
}
