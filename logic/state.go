package logic

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
)

// MaxValues is the largest number of values a cell may take: candidates are
// kept as one 64-bit set per cell.
const MaxValues = 64

// ErrTooLarge reports a model whose cells take more than MaxValues values.
var ErrTooLarge = errors.New("logic: more than 64 values per cell")

// A house is a group of cells that hold pairwise different values.
type house struct {
	name  string
	cells []int
	full  bool // every value exactly once (len(cells) == values)
	// exact: full, and its rules are each one value over all its cells, so
	// that bit sets of the cells' candidates answer for them
	exact bool
	kind  kind
	index int // among the houses of its kind
}

// kind says what sort of house a group is, from its name.
type kind uint8

const (
	other kind = iota
	row
	column
	box
)

func kindOf(name string) kind {
	switch {
	case strings.HasPrefix(name, "row "):
		return row
	case strings.HasPrefix(name, "column "):
		return column
	case strings.HasPrefix(name, "box "):
		return box
	}
	return other
}

// A one is an ExactlyOne rule: exactly one of its candidates is chosen.
type one struct {
	cands []model.Cand
	label string
	kind  kind // of the house its label names
}

// geometry is what the techniques read from a rule set; it is built once
// per rule set and shared.
type geometry struct {
	g      *graph.Graph
	cells  int
	values int
	ones   []one
	houses []house
	// line[k][cell] is the index among the houses of kind k (row, column)
	// of the house of that kind holding cell, or -1.
	line      [2][]int
	lines     [2][]int // indices in houses of the rows, of the columns, by their index
	cellNames []string
	// plainCache is the grid as the uniqueness techniques read it (see
	// plain), made once.
	plainOnce  sync.Once
	plainCache *plainGrid
	// boxCache is the box of each cell (see boxes), made once.
	boxOnce  sync.Once
	boxCache []int
	// houseCache is the houses of each cell (see housesOf), made once.
	houseOnce  sync.Once
	houseCache [][]int
	// overlapCache is, per house, the houses it shares cells with (see
	// overlaps), made once.
	overlapOnce  sync.Once
	overlapCache [][]overlap
	// segmentCache is the candidates where a box and a line of one value
	// cross (see segments), made once.
	segmentOnce  sync.Once
	segmentCache []segment
	// peerBitsCache is, per candidate, the cells whose candidate of the
	// same value it sees, as a bit set (see peerBits), made once.
	peerBitsOnce  sync.Once
	peerBitsCache []uint64
	// extra lists the indices in ones of the rules that are neither a
	// cell's (all its candidates) nor one value of an exact house: the
	// fast checks read those houses as bit sets and these rule by rule.
	extra []int
	// sums and tables are the model's Sum and Table rules, the sums with
	// fewer cells first.
	sums     []sum
	tables   []table
	links    []link // the labelled pair rules, by pair of cells (see readLinks)
	keyStart []int  // where each sum's memo key starts in sumScratch.keys
	// houseSums lists per house the killer-style sums inside it (see
	// readHouseSums).
	houseSums     [][]int
	houseKeyStart []int // where each house's memo key starts in sumScratch.houseKeys
	// peerStart and peerList hold every candidate's peers (as CSR) when
	// distinct sums add peers to the graph's; empty otherwise.
	peerStart []int32
	peerList  []model.Cand
}

// peers returns the candidates in other cells that exclude c, sorted: the
// graph's peers and c's value in the cells of a distinct sum with c's.
func (geo *geometry) peers(c model.Cand) []model.Cand {
	if geo.peerStart == nil {
		return geo.g.Peers(c)
	}
	return geo.peerList[geo.peerStart[c]:geo.peerStart[c+1]]
}

var geometries model.Cache[*geometry]

func newGeometry(m *model.Model) (*geometry, error) {
	if m.Values() > MaxValues {
		return nil, ErrTooLarge
	}
	g, err := graph.New(m)
	if err != nil {
		return nil, err
	}
	geo := &geometry{g: g, cells: m.Cells(), values: m.Values()}
	rules := m.Rules()
	oneOf := make([]int, len(rules)) // rule index -> index in ones, or -1
	for k, r := range rules {
		oneOf[k] = -1
		if r.Kind == model.ExactlyOne {
			oneOf[k] = len(geo.ones)
			geo.ones = append(geo.ones, one{cands: r.Cands, label: r.Label, kind: kindOf(r.Label)})
		}
	}
	covered := make([]bool, len(geo.ones))
	for k := range geo.line {
		geo.line[k] = make([]int, geo.cells)
		for i := range geo.line[k] {
			geo.line[k][i] = -1
		}
	}
	for _, gr := range m.Groups() {
		if len(gr.Rules) != geo.values || len(gr.Cells) > geo.values {
			continue // not one rule per value: not known to be all-different
		}
		full := len(gr.Cells) == geo.values
		for _, k := range gr.Rules {
			if rules[k].Kind != model.ExactlyOne {
				full = false
			}
		}
		exact := full
		for _, k := range gr.Rules {
			exact = exact && geo.houseValue(rules[k].Cands, gr.Cells)
		}
		if exact {
			for _, k := range gr.Rules {
				covered[oneOf[k]] = true
			}
		}
		h := house{name: gr.Name, cells: gr.Cells, full: full, exact: exact, kind: kindOf(gr.Name)}
		if h.kind == row || h.kind == column {
			if !full {
				h.kind = other
			} else {
				k := int(h.kind - row)
				h.index = len(geo.lines[k])
				geo.lines[k] = append(geo.lines[k], len(geo.houses))
				for _, c := range h.cells {
					geo.line[k][c] = h.index
				}
			}
		}
		geo.houses = append(geo.houses, h)
	}
	geo.readNary(m)
	geo.cellNames = make([]string, geo.cells)
	for i := range geo.cellNames {
		geo.cellNames[i] = m.CellName(i)
	}
	for i, o := range geo.ones {
		if !covered[i] && !geo.wholeCell(o.cands) {
			geo.extra = append(geo.extra, i)
		}
	}
	geo.readLinks(m)
	return geo, nil
}

// houseValue reports whether cands are one value in each of cells: the
// rule of that value in the house of those cells.
func (geo *geometry) houseValue(cands []model.Cand, cells []int) bool {
	if len(cands) != len(cells) {
		return false
	}
	v := int(cands[0]) % geo.values
	for i, c := range cands {
		if int(c)%geo.values != v || !slices.Contains(cells, int(c)/geo.values) || slices.Contains(cands[:i], c) {
			return false
		}
	}
	return true
}

// wholeCell reports whether cands are every candidate of one cell, in
// order.
func (geo *geometry) wholeCell(cands []model.Cand) bool {
	if len(cands) != geo.values {
		return false
	}
	base := int(cands[0]) - int(cands[0])%geo.values
	for v, c := range cands {
		if int(c) != base+v {
			return false
		}
	}
	return true
}

// sees reports whether candidates a and b exclude each other (they lie in
// different cells and share a rule).
func (geo *geometry) sees(a, b model.Cand) bool {
	_, ok := slices.BinarySearch(geo.peers(a), b)
	return ok
}

// state is a position: the candidates of every cell and the values placed.
type state struct {
	geo     *geometry
	n       int
	cand    []uint64 // per cell, bit v-1 for value v
	val     []int    // per cell, 0 when not placed
	left    int      // cells not placed
	stamp   []int32  // per candidate, scratch: the round count belongs to
	count   []int32  // per candidate, scratch for intersections
	gen     int32
	clash   string          // givens that exclude each other
	ch      *chains         // scratch of the chain searches, made on first use
	grouped *groupedScratch // scratch of the grouped AIC, made on first use
	sc      *sumScratch     // scratch of the sum and table techniques, made on first use
	queue   []int32         // Rate's cells left with one candidate, to place
	fc      *forcing        // scratch of the forcing chains, made on first use
	nt      *nets           // scratch of the dynamic and nested forcing chains, made on first use
	// openScratch holds the places regionPlaces yields.
	openScratch []model.Cand
	// ctx, when set, stops the longest searches (the nested forcing
	// chains) early: they then find nothing.
	ctx context.Context
	als *alsCache   // the ALSs of the last position they were read in
	sdc *sdcScratch // Sue de Coq's scratch, made on first use
	// tracing asks placeQueue to record each placement in trail (the
	// forcing chains' scratch position does).
	tracing bool
	trail   []int32
	// use is the set of techniques the position's path may use.
	use TechniqueSet
	// accept, when set, is asked by locked candidates and hidden subsets
	// whether to take a step they found or look further (the rating's
	// replay asks for steps that leave a hidden single).
	accept func(*Step) bool
	// assume is the forcing over every rule's test of an assumption, nil
	// without Options.Propagator (see propagation).
	assume func(base []uint64, cs ...model.Cand) (vals []uint64, ok, known bool)
}

func newState(geo *geometry) *state {
	s := &state{geo: geo, n: geo.values, cand: make([]uint64, geo.cells), val: make([]int, geo.cells),
		left: geo.cells, stamp: make([]int32, geo.cells*geo.values), count: make([]int32, geo.cells*geo.values),
		use: DefaultTechniques()}
	for i := range s.cand {
		s.cand[i] = geo.all()
	}
	return s
}

// all is the set of every value of a cell.
func (geo *geometry) all() uint64 {
	if geo.values == 64 {
		return ^uint64(0)
	}
	return uint64(1)<<geo.values - 1
}

func (s *state) clone() *state {
	c := *s
	c.cand = slices.Clone(s.cand)
	c.val = slices.Clone(s.val)
	c.stamp = make([]int32, len(s.stamp))
	c.count = make([]int32, len(s.count))
	c.gen = 0
	c.ch = nil
	c.grouped = nil
	c.sc = s.sc.cloneMemos()
	c.queue = nil
	c.fc = nil
	c.nt = nil
	c.openScratch = nil
	c.als = nil
	c.sdc = nil
	c.trail = nil
	return &c
}

func (s *state) candOf(cell, v int) model.Cand { return model.Cand(cell*s.n + v - 1) }

func (s *state) cellOf(c model.Cand) int { return int(c) / s.n }

func (s *state) valueOf(c model.Cand) int { return int(c)%s.n + 1 }

// undecided yields the candidates of the open cells that still hold two
// or more, cell by cell, values ascending.
func (s *state) undecided() iter.Seq[model.Cand] {
	return func(yield func(model.Cand) bool) {
		for cell, m := range s.cand {
			if s.val[cell] != 0 || m&(m-1) == 0 {
				continue
			}
			for x := m; x != 0; x &= x - 1 {
				if !yield(s.candOf(cell, bits.TrailingZeros64(x)+1)) {
					return
				}
			}
		}
	}
}

// alive reports whether candidate c is still possible in an open cell.
func (s *state) alive(c model.Cand) bool {
	cell := int(c) / s.n
	return s.val[cell] == 0 && s.cand[cell]>>(int(c)%s.n)&1 != 0
}

// chosen reports whether candidate c was placed.
func (s *state) chosen(c model.Cand) bool {
	return s.val[int(c)/s.n] == int(c)%s.n+1
}

// place sets cell to v and removes the candidate's peers.
func (s *state) place(cell, v int) {
	if s.val[cell] != 0 {
		return
	}
	s.val[cell] = v
	s.cand[cell] = 1 << (v - 1)
	s.left--
	for _, p := range s.geo.peers(s.candOf(cell, v)) {
		s.cand[int(p)/s.n] &^= 1 << (int(p) % s.n)
	}
}

// apply makes a step's changes.
func (s *state) apply(st *Step) {
	for _, e := range st.Eliminations {
		for _, v := range e.Values {
			s.cand[e.Cell] &^= 1 << (v - 1)
		}
	}
	for _, p := range st.Placements {
		s.place(p.Cell, p.Value)
	}
}

// broken reports a contradiction: an open cell without candidates, or an
// ExactlyOne rule with no candidate left.
func (s *state) broken() string {
	if s.clash != "" {
		return s.clash
	}
	if s.consistent() {
		return ""
	}
	for i, m := range s.cand {
		if s.val[i] == 0 && m == 0 {
			return "no value left for " + s.geo.cellNames[i]
		}
	}
	for _, o := range s.geo.ones {
		ok := false
		for _, c := range o.cands {
			if s.alive(c) || s.chosen(c) {
				ok = true
				break
			}
		}
		if !ok {
			if sameValue(s, o.cands) {
				return fmt.Sprintf("no place left for %d in %s", s.valueOf(o.cands[0]), o.label)
			}
			return "no candidate left in " + o.label
		}
	}
	return ""
}

// consistent reports quickly that broken has nothing to say: every open
// cell has a candidate, every value of every exact house is placed in it
// or open in one of its cells, and every other rule has a candidate left.
func (s *state) consistent() bool {
	for i, m := range s.cand {
		if s.val[i] == 0 && m == 0 {
			return false
		}
	}
	all := s.geo.all()
	for _, h := range s.geo.houses {
		if !h.exact {
			continue
		}
		var seen uint64
		for _, c := range h.cells {
			if v := s.val[c]; v != 0 {
				seen |= 1 << (v - 1)
			} else {
				seen |= s.cand[c]
			}
		}
		if seen != all {
			return false
		}
	}
	for _, i := range s.geo.extra {
		ok := false
		for _, c := range s.geo.ones[i].cands {
			if s.alive(c) || s.chosen(c) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// values lists the values of a bit set, ascending.
func values(m uint64) []int {
	vs := make([]int, 0, bits.OnesCount64(m))
	for m != 0 {
		vs = append(vs, bits.TrailingZeros64(m)+1)
		m &= m - 1
	}
	return vs
}

// elims collects eliminations cell by cell, in the order cells are first
// named.
type elims struct {
	s     *state
	cells []int
	masks []uint64
}

func (e *elims) add(cell, v int) {
	if e.s.val[cell] != 0 || e.s.cand[cell]>>(v-1)&1 == 0 {
		return
	}
	for i, c := range e.cells {
		if c == cell {
			e.masks[i] |= 1 << (v - 1)
			return
		}
	}
	e.cells = append(e.cells, cell)
	e.masks = append(e.masks, 1<<(v-1))
}

func (e *elims) addCand(c model.Cand) { e.add(e.s.cellOf(c), e.s.valueOf(c)) }

func (e *elims) empty() bool { return len(e.cells) == 0 }

// list returns the eliminations sorted by cell.
func (e *elims) list() []Elimination {
	out := make([]Elimination, len(e.cells))
	for i, c := range e.cells {
		out[i] = Elimination{Cell: c, Name: e.s.geo.cellNames[c], Values: values(e.masks[i])}
	}
	slices.SortFunc(out, func(a, b Elimination) int { return a.Cell - b.Cell })
	return out
}

func (s *state) placement(cell, v int) []Placement {
	return []Placement{{Cell: cell, Name: s.geo.cellNames[cell], Value: v}}
}

func (s *state) names(cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = s.geo.cellNames[c]
	}
	return out
}

// joinInts writes values as "1/2/3".
func joinInts(vs []int, sep string) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, sep)
}
