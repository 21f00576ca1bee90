package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// A sum is a Sum rule as the techniques read it.
type sum struct {
	label  string
	cells  []int
	w      []int32 // w[i*values+v-1]: the weight of value v in cells[i], 0 when not listed
	totals []int32
	when   []model.Cand
	// distinct: the cells take different values; uniform: besides, every
	// cell weighs each value alike, so the set of values decides the total
	// (a killer cage: a combination of digits).
	distinct, uniform bool
	implied           bool
	houses            []int // the exact houses that share a cell with the sum, indices in geometry.houses
}

// A table is a Table rule: the values of its cells, in order, form one of
// its tuples.
type table struct {
	label  string
	cells  []int
	tuples []int32 // len(cells) values each
	when   []model.Cand
}

// readNary reads m's Sum and Table rules into geo, the sums with fewer
// cells first (they are the cheaper to read, for a person too).
func (geo *geometry) readNary(m *model.Model) {
	for _, k := range geo.g.Nary() {
		r := m.Rules()[k]
		p := r.Payload
		cells := make([]int, len(p.Cells))
		for i, c := range p.Cells {
			cells[i] = int(c)
		}
		if r.Kind == model.Table {
			geo.tables = append(geo.tables, table{label: r.Label, cells: cells, tuples: p.Tuples, when: p.When})
			continue
		}
		w := m.CellWeights(r)
		geo.sums = append(geo.sums, sum{label: r.Label, cells: cells, w: w, totals: p.Totals, when: p.When,
			distinct: p.Distinct, uniform: p.Distinct && alike(w, len(cells), geo.values), implied: p.Implied,
			houses: geo.touching(cells)})
	}
	slices.SortStableFunc(geo.sums, func(a, b sum) int { return len(a.cells) - len(b.cells) })
	geo.keyStart = make([]int, len(geo.sums)+1)
	for i, r := range geo.sums {
		geo.keyStart[i+1] = geo.keyStart[i] + len(r.cells) + 1
	}
	geo.mergePeers()
	geo.readHouseSums()
}

// touching returns the exact houses that hold one of cells.
func (geo *geometry) touching(cells []int) []int {
	var out []int
	for i, h := range geo.houses {
		if h.exact && slices.ContainsFunc(cells, func(c int) bool { return slices.Contains(h.cells, c) }) {
			out = append(out, i)
		}
	}
	return out
}

// mergePeers adds to the graph's peers the candidates of one value in two
// cells of an unconditional distinct sum (a killer cage's cells see each
// other), which the graph does not read.
func (geo *geometry) mergePeers() {
	n := geo.cells * geo.values
	extra := make([][]model.Cand, n)
	for _, r := range geo.sums {
		if !r.distinct || len(r.when) > 0 {
			continue
		}
		for _, a := range r.cells {
			for _, b := range r.cells {
				for v := range geo.values {
					if a != b {
						extra[a*geo.values+v] = append(extra[a*geo.values+v], model.Cand(b*geo.values+v))
					}
				}
			}
		}
	}
	if !slices.ContainsFunc(extra, func(l []model.Cand) bool { return len(l) > 0 }) {
		return
	}
	geo.peerStart = make([]int32, n+1)
	for c := range n {
		l := append(slices.Clone(geo.g.Peers(model.Cand(c))), extra[c]...)
		slices.Sort(l)
		geo.peerList = append(geo.peerList, slices.Compact(l)...)
		geo.peerStart[c+1] = int32(len(geo.peerList))
	}
}

// alike reports whether the k cells of weights w weigh every value alike.
func alike(w []int32, k, values int) bool {
	for i := 1; i < k; i++ {
		if !slices.Equal(w[i*values:(i+1)*values], w[:values]) {
			return false
		}
	}
	return true
}

// applies reports whether a conditional rule holds in the position: every
// one of its conditions is placed.
func (s *state) applies(when []model.Cand) bool {
	for _, c := range when {
		if !s.chosen(c) {
			return false
		}
	}
	return true
}

// sumScratch is the memory the sum and table techniques reuse.
type sumScratch struct {
	open    []int
	cands   []uint64 // per open cell: its candidates among the combination's digits, packed
	packedS []uint64 // per open cell: its support, packed
	support []uint64 // per cell of the rule: the values some solution of the rule gives it
	combos  []uint64 // the value sets of the open cells that survive
	memo    []memo   // per sum of the geometry
	keys    []uint64 // the memos' keys, sum i's at geometry.keyStart[i]
	marks   []uint8  // per value set: reachBit, goodBit
	fwd     []bool   // per cell and partial sum: reachable from the first cells
	bwd     []bool   // per cell and partial sum: completes to a total
	// houseMemo and houseKeys are house combinations' memos: per house,
	// whether it removed nothing when last read, and what it read (its
	// cells' candidates, its sums' needed values).
	houseMemo []bool
	houseKeys []uint64 // house h's at geometry.houseKeyStart[h]
	houseSet  []bool   // per house: its key is set
	hmarks    []uint8  // assign's marks per value set
}

const (
	reachBit = 1 << iota
	goodBit
	// maxCombo bounds the values open in a combination's cells (the set of
	// value sets it walks has 1<<maxCombo members); beyond it a distinct
	// sum is read by its bounds.
	maxCombo = 12
	// maxRange bounds the partial sums the bounds technique follows.
	maxRange = 1 << 14
)

func (s *state) scratchSums() *sumScratch {
	if s.sc == nil {
		s.sc = &sumScratch{}
	}
	return s.sc
}

// combinations finds a killer-style sum (distinct cells weighing values
// alike) whose surviving digit combinations, or whose cells' places in
// them, leave a candidate out.
func combinations(s *state) (Step, bool) {
	return s.findSums(false, func(r *sum) bool { return r.uniform }, CageCombination)
}

// bounds finds another sum (repeats allowed, weights of either sign) where
// a candidate lets no choice of the other cells reach an allowed total.
func bounds(s *state) (Step, bool) {
	return s.findSums(false, func(r *sum) bool { return !r.uniform }, SumBounds)
}

// inniesOuties reads the sums the model derives from the rule of 45 (the
// innies, the outies and their differences) as the two sum techniques and
// the cage's locked digits do.
func inniesOuties(s *state) (Step, bool) {
	if st, ok := s.findSums(true, func(*sum) bool { return true }, InniesOuties); ok {
		return st, true
	}
	return s.findLocked(true, InniesOuties)
}

// cageLocked finds a digit every surviving combination of a cage needs
// whose places in the cage all see other candidates of that digit.
func cageLocked(s *state) (Step, bool) { return s.findLocked(false, CageLocked) }

// findSums tries the support of every sum with the given implied mark that
// pick selects.
func (s *state) findSums(implied bool, pick func(*sum) bool, t Technique) (Step, bool) {
	for i := range s.geo.sums {
		r := &s.geo.sums[i]
		if r.implied != implied || !pick(r) || !s.applies(r.when) {
			continue
		}
		if s.quiet(i) {
			continue
		}
		if st, ok := s.sumStep(r, t); ok {
			return st, true
		}
		s.sc.memo[i].quiet = true
	}
	return Step{}, false
}

// A memo is what the sum techniques found of one sum in a position
// summed up by key (the candidates of its cells, the values its open
// cells must hold), so that a sum whose cells have not changed is not
// read again. The keys of every sum are one arena, so that a position's
// clone (a forcing branch) copies its memos cheaply.
type memo struct {
	quiet bool   // its support removes nothing
	known bool   // need is set
	set   bool   // key is set
	need  uint64 // the values every surviving combination holds
}

// quiet reports whether sum i removed nothing when last read in the same
// position of its cells; otherwise it forgets what it knew of sum i.
func (s *state) quiet(i int) bool {
	sc := s.scratchSums()
	geo := s.geo
	if len(sc.memo) != len(geo.sums) {
		sc.memo = make([]memo, len(geo.sums))
		sc.keys = make([]uint64, geo.keyStart[len(geo.sums)])
	}
	r, mo := &geo.sums[i], &sc.memo[i]
	key := sc.keys[geo.keyStart[i]:geo.keyStart[i+1]]
	same := s.rekey(r.cells, key) && mo.set
	if r.uniform {
		m := s.needed(r, ^uint64(0))
		same = same && key[len(r.cells)] == m
		key[len(r.cells)] = m
	}
	if same {
		return mo.quiet
	}
	*mo = memo{set: true}
	return false
}

// rekey writes in key the candidates of cells (bit 63 set where a value
// is placed) and reports whether key held them already.
func (s *state) rekey(cells []int, key []uint64) bool {
	same := true
	for k, c := range cells {
		m := s.cand[c]
		if s.val[c] != 0 {
			m |= 1 << 63
		}
		same = same && key[k] == m
		key[k] = m
	}
	return same
}

// cloneMemos copies sc's memos for a clone of the position.
func (sc *sumScratch) cloneMemos() *sumScratch {
	if sc == nil {
		return nil
	}
	return &sumScratch{memo: slices.Clone(sc.memo), keys: slices.Clone(sc.keys), houseMemo: slices.Clone(sc.houseMemo),
		houseKeys: slices.Clone(sc.houseKeys), houseSet: slices.Clone(sc.houseSet)}
}

// sumStep returns the eliminations the support of r's cells makes, and
// the placements where one value is left.
func (s *state) sumStep(r *sum, t Technique) (Step, bool) {
	sc := s.scratchSums()
	combos := r.uniform && s.combos(r)
	if !combos && (r.implied || !s.enumerate(r)) && !s.sumBounds(r) {
		return Step{}, false
	}
	e := elims{s: s}
	var place []Placement
	for i, c := range r.cells {
		if s.val[c] != 0 {
			continue
		}
		gone := s.cand[c] &^ sc.support[i]
		if gone == 0 {
			continue
		}
		if left := sc.support[i] & s.cand[c]; bits.OnesCount64(left) == 1 {
			place = append(place, s.placement(c, bits.TrailingZeros64(left)+1)...)
			continue // the placement removes the rest
		}
		for _, v := range values(gone) {
			e.add(c, v)
		}
	}
	if e.empty() && len(place) == 0 {
		return Step{}, false
	}
	st := Step{Technique: t, Houses: []string{r.label}, Cells: s.names(r.cells), Eliminations: e.list(), Placements: place}
	if combos {
		st.Reason = s.combosText(r)
		st.Digits = values(orAll(sc.combos))
	} else {
		st.Reason = fmt.Sprintf("%s %s: no choice of the other cells' candidates reaches the total with the values removed",
			r.label, s.formula(r))
	}
	st.Reason += placedText(place)
	return st, true
}

// placedText writes placements for a step's reason, as "; so r1c1=5,
// r1c2=3", or "" for none.
func placedText(place []Placement) string {
	if len(place) == 0 {
		return ""
	}
	parts := make([]string, len(place))
	for i, p := range place {
		parts[i] = fmt.Sprintf("%s=%d", p.Name, p.Value)
	}
	return "; so " + strings.Join(parts, ", ")
}

// orAll returns the union of sets.
func orAll(sets []uint64) uint64 {
	var u uint64
	for _, m := range sets {
		u |= m
	}
	return u
}

// combos computes, for a sum whose cells weigh values alike and differ,
// the value sets its open cells can take (each cell one of its
// candidates, the total allowed) and each cell's support: the values it
// takes in one of them. It reports false when the sum is too wide to walk
// or has no open cell.
func (s *state) combos(r *sum) bool {
	sc := s.scratchSums()
	sc.open, sc.combos = sc.open[:0], sc.combos[:0]
	var placed, union uint64
	total := int32(0)
	for _, c := range r.cells {
		if v := s.val[c]; v != 0 {
			placed |= 1 << (v - 1)
			total += r.w[v-1]
			continue
		}
		sc.open = append(sc.open, c)
		union |= s.cand[c]
	}
	union &^= placed
	u := bits.OnesCount64(union)
	if len(sc.open) == 0 || u > maxCombo {
		return false
	}
	digits := values(union)
	must := pack(s.needed(r, union), digits)
	sc.marks = slices.Grow(sc.marks[:0], 1<<u)[:1<<u]
	clear(sc.marks)
	sc.marks[0] = reachBit
	k := len(sc.open)
	sc.cands, sc.packedS = sc.cands[:0], sc.packedS[:0]
	for _, c := range sc.open {
		sc.cands, sc.packedS = append(sc.cands, s.packed(c, digits)), append(sc.packedS, 0)
	}
	for m := range 1 << u { // forward: value sets the first cells can take
		if j := bits.OnesCount(uint(m)); sc.marks[m]&reachBit != 0 && j < k {
			for free := sc.cands[j] &^ uint64(m); free != 0; free &= free - 1 {
				sc.marks[m|int(free&-free)] |= reachBit
			}
		}
	}
	sc.support = slices.Grow(sc.support[:0], len(r.cells))[:len(r.cells)]
	clear(sc.support)
	for m := 1<<u - 1; m >= 0; m-- { // backward: sets that complete to a total
		if sc.marks[m]&reachBit == 0 {
			continue
		}
		j := bits.OnesCount(uint(m))
		if j == k {
			if uint64(m)&must == must && slices.Contains(r.totals, total+packedSum(r, digits, uint64(m))) {
				sc.marks[m] |= goodBit
				sc.combos = append(sc.combos, unpack(uint64(m), digits))
			}
			continue
		}
		for free := sc.cands[j] &^ uint64(m); free != 0; free &= free - 1 {
			if b := free & -free; sc.marks[m|int(b)]&goodBit != 0 {
				sc.marks[m] |= goodBit
				sc.packedS[j] |= b
			}
		}
	}
	slices.Sort(sc.combos)
	for i, c := range r.cells {
		if s.val[c] != 0 {
			sc.support[i] = 1 << (s.val[c] - 1)
		} else {
			sc.support[i] = unpack(sc.packedS[slices.Index(sc.open, c)], digits)
		}
	}
	return true
}

// packed returns cell's candidates among digits, bit i for digits[i].
func (s *state) packed(cell int, digits []int) uint64 { return pack(s.cand[cell], digits) }

// pack returns the bits of the values of set among digits.
func pack(set uint64, digits []int) uint64 {
	var out uint64
	for i, d := range digits {
		if set>>(d-1)&1 != 0 {
			out |= 1 << i
		}
	}
	return out
}

// needed returns the values of union that r's open cells must hold: an
// exact house holds each of them only in cells of r.
func (s *state) needed(r *sum, union uint64) uint64 {
	var need uint64
	for _, hi := range r.houses {
		h := &s.geo.houses[hi]
		var in, out uint64
		for _, c := range h.cells {
			switch {
			case s.val[c] != 0:
				out |= 1 << (s.val[c] - 1)
			case slices.Contains(r.cells, c):
				in |= s.cand[c]
			default:
				out |= s.cand[c]
			}
		}
		need |= in &^ out
	}
	return need & union
}

// unpack returns the value set of packed bits over digits.
func unpack(m uint64, digits []int) uint64 {
	var out uint64
	for ; m != 0; m &= m - 1 {
		out |= 1 << (digits[bits.TrailingZeros64(m)] - 1)
	}
	return out
}

// packedSum returns the weight of the packed set m of digits in r's cells.
func packedSum(r *sum, digits []int, m uint64) int32 {
	t := int32(0)
	for ; m != 0; m &= m - 1 {
		t += r.w[digits[bits.TrailingZeros64(m)]-1]
	}
	return t
}

// maxNodes bounds the assignments enumerate tries before it leaves a sum
// to its bounds.
const maxNodes = 4000

// A walk is one enumeration of a sum's assignments.
type walk struct {
	s      *state
	r      *sum
	open   []int        // indices in r.cells of the open cells
	opts   [][]int      // per open cell, its values
	chosen []model.Cand // per open cell, the candidate chosen so far
	lo, hi []int32      // per open cell, the least and greatest weight the cells from it on add
	nodes  int
	found  []uint64 // per open cell, the values of the assignments that reach a total
}

// enumerate computes each cell's support in r exactly, as sumBounds does,
// but with the cells' values pairwise allowed: different where r is
// distinct, and never two candidates that see each other (two cells of a
// row). It reports false when more than maxNodes assignments are tried.
func (s *state) enumerate(r *sum) bool {
	var placed uint64
	base := int32(0)
	w := walk{s: s, r: r}
	for i, c := range r.cells {
		if v := s.val[c]; v != 0 {
			placed |= 1 << (v - 1)
			base += r.w[i*s.n+v-1]
			continue
		}
		w.open = append(w.open, i)
	}
	if len(w.open) == 0 {
		return false
	}
	if !r.distinct {
		placed = 0
	}
	k := len(w.open)
	w.opts = make([][]int, k)
	w.chosen = make([]model.Cand, k)
	w.lo, w.hi = make([]int32, k+1), make([]int32, k+1)
	w.found = make([]uint64, k)
	for j := k - 1; j >= 0; j-- {
		w.opts[j] = s.options(r, w.open[j], placed)
		a, b := s.weightRange(r, w.open[j], placed)
		w.lo[j], w.hi[j] = w.lo[j+1]+a, w.hi[j+1]+b
	}
	if !w.walk(0, base) {
		return false
	}
	sc := s.scratchSums()
	sc.support = slices.Grow(sc.support[:0], len(r.cells))[:len(r.cells)]
	for i, c := range r.cells {
		sc.support[i] = s.cand[c]
	}
	for j, i := range w.open {
		sc.support[i] = w.found[j]
	}
	return true
}

// walk tries the values of open cell j on, with t the weight so far, and
// reports false when it tried too many.
func (w *walk) walk(j int, t int32) bool {
	if w.nodes++; w.nodes > maxNodes {
		return false
	}
	r, s := w.r, w.s
	if j == len(w.open) {
		if slices.Contains(r.totals, t) {
			for i, c := range w.chosen {
				w.found[i] |= 1 << (int(c) % s.n)
			}
		}
		return true
	}
	if t+w.lo[j] > r.totals[len(r.totals)-1] || t+w.hi[j] < r.totals[0] {
		return true
	}
	i := w.open[j]
	for _, v := range w.opts[j] {
		c := s.candOf(r.cells[i], v)
		if !w.fits(j, c, v) {
			continue
		}
		w.chosen[j] = c
		if !w.walk(j+1, t+r.w[i*s.n+v-1]) {
			return false
		}
	}
	return true
}

// fits reports whether candidate c (value v) of open cell j goes with the
// candidates chosen before it.
func (w *walk) fits(j int, c model.Cand, v int) bool {
	for _, p := range w.chosen[:j] {
		if w.r.distinct && w.s.valueOf(p) == v || w.s.geo.sees(p, c) {
			return false
		}
	}
	return true
}

// sumBounds computes each cell's support in r by dynamic programming over
// partial sums: a value is kept when some choice of the other cells'
// candidates (different from the values placed in r when r is distinct)
// makes an allowed total. It reports false when the partial sums span
// more than maxRange or no cell is open.
func (s *state) sumBounds(r *sum) bool {
	sc := s.scratchSums()
	var placed uint64
	open := false
	for _, c := range r.cells {
		if v := s.val[c]; v != 0 && r.distinct {
			placed |= 1 << (v - 1)
		}
		open = open || s.val[c] == 0
	}
	lo, hi := int32(0), int32(0)
	for i := range r.cells {
		a, b := s.weightRange(r, i, placed)
		lo, hi = lo+min(a, 0), hi+max(b, 0)
	}
	size := int(hi-lo) + 1
	if !open || size > maxRange {
		return false
	}
	k := len(r.cells)
	sc.fwd = slices.Grow(sc.fwd[:0], (k+1)*size)[:(k+1)*size]
	sc.bwd = slices.Grow(sc.bwd[:0], (k+1)*size)[:(k+1)*size]
	clear(sc.fwd)
	clear(sc.bwd)
	sc.fwd[-lo] = true
	for i := range k {
		s.eachOption(r, i, placed, func(w int32) {
			spread(sc.fwd[i*size:(i+1)*size], sc.fwd[(i+1)*size:(i+2)*size], w, true)
		})
	}
	for _, t := range r.totals {
		if t >= lo && t <= hi {
			sc.bwd[k*size+int(t-lo)] = true
		}
	}
	for i := k - 1; i >= 0; i-- {
		s.eachOption(r, i, placed, func(w int32) {
			spread(sc.bwd[(i+1)*size:(i+2)*size], sc.bwd[i*size:(i+1)*size], w, false)
		})
	}
	sc.support = slices.Grow(sc.support[:0], k)[:k]
	for i := range k {
		sc.support[i] = s.supported(r, i, placed, sc.fwd[i*size:(i+1)*size], sc.bwd[(i+1)*size:(i+2)*size])
	}
	return true
}

// spread marks in to every partial sum of from moved by w: forward (to
// the sum plus w) or backward (to the sum less w).
func spread(from, to []bool, w int32, forward bool) {
	d := int(w)
	if !forward {
		d = -d
	}
	for p, ok := range from {
		if q := p + d; ok && q >= 0 && q < len(to) {
			to[q] = true
		}
	}
}

// supported returns the values of r's i-th cell with a reachable partial
// sum before it (fwd) that the value moves to one that completes (bwd).
func (s *state) supported(r *sum, i int, placed uint64, fwd, bwd []bool) uint64 {
	var out uint64
	for _, v := range s.options(r, i, placed) {
		d := int(r.w[i*s.n+v-1])
		for p, ok := range fwd {
			if q := p + d; ok && q >= 0 && q < len(bwd) && bwd[q] {
				out |= 1 << (v - 1)
				break
			}
		}
	}
	return out
}

// options returns the values r's i-th cell may take: its value, or its
// candidates other than the values placed in r (distinct rules).
func (s *state) options(r *sum, i int, placed uint64) []int {
	c := r.cells[i]
	if v := s.val[c]; v != 0 {
		return []int{v}
	}
	return values(s.cand[c] &^ placed)
}

func (s *state) eachOption(r *sum, i int, placed uint64, f func(w int32)) {
	for _, v := range s.options(r, i, placed) {
		f(r.w[i*s.n+v-1])
	}
}

// weightRange returns the least and the greatest weight of r's i-th
// cell's options (0, 0 when it has none).
func (s *state) weightRange(r *sum, i int, placed uint64) (int32, int32) {
	vs := s.options(r, i, placed)
	if len(vs) == 0 {
		return 0, 0
	}
	lo, hi := r.w[i*s.n+vs[0]-1], r.w[i*s.n+vs[0]-1]
	for _, v := range vs[1:] {
		lo, hi = min(lo, r.w[i*s.n+v-1]), max(hi, r.w[i*s.n+v-1])
	}
	return lo, hi
}

// findLocked finds a killer-style sum with the given implied mark whose
// surviving combinations all need a digit that every candidate of it
// outside the sum sees where it can go in the sum.
func (s *state) findLocked(implied bool, t Technique) (Step, bool) {
	for i := range s.geo.sums {
		r := &s.geo.sums[i]
		if r.implied != implied || !r.uniform || !s.applies(r.when) {
			continue
		}
		need, ok := s.need(i)
		if !ok {
			continue
		}
		for _, v := range values(need) {
			if st, ok := s.lockedDigit(r, v, t); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// need returns the values every surviving combination of sum i holds,
// and false when it has none or cannot be walked.
func (s *state) need(i int) (uint64, bool) {
	s.quiet(i)
	mo := &s.sc.memo[i]
	if mo.known {
		return mo.need, mo.need != 0
	}
	mo.known = true
	mo.need = 0
	if !s.combos(&s.geo.sums[i]) || len(s.sc.combos) == 0 {
		return 0, false
	}
	mo.need = s.sc.combos[0]
	for _, m := range s.sc.combos[1:] {
		mo.need &= m
	}
	return mo.need, mo.need != 0
}

// lockedDigit eliminates v where it sees every open cell of r that can
// hold it.
func (s *state) lockedDigit(r *sum, v int, t Technique) (Step, bool) {
	var at []model.Cand
	var cells []int
	for _, c := range r.cells {
		if s.val[c] == 0 && s.cand[c]>>(v-1)&1 != 0 {
			at = append(at, s.candOf(c, v))
			cells = append(cells, c)
		}
	}
	if len(at) == 0 {
		return Step{}, false
	}
	e := elims{s: s}
	for _, p := range s.geo.peers(at[0]) {
		if !s.alive(p) || slices.Contains(r.cells, s.cellOf(p)) {
			continue
		}
		all := true
		for _, c := range at[1:] {
			all = all && s.geo.sees(c, p)
		}
		if all {
			e.addCand(p)
		}
	}
	if e.empty() {
		return Step{}, false
	}
	where := s.sharedHouses(cells)
	reason := fmt.Sprintf("%s %s must contain %d, which lies only in %s (%s), so it leaves the cells that see them all",
		r.label, s.formula(r), v, listNames(s, cells), where)
	return Step{Technique: t, Reason: reason, Houses: []string{r.label}, Cells: s.names(cells), Digits: []int{v},
		Eliminations: e.list()}, true
}

// sharedHouses names the houses that hold every cell, as "row 1 and box
// 1", or "no house".
func (s *state) sharedHouses(cells []int) string {
	var names []string
	for _, h := range s.geo.houses {
		if !slices.ContainsFunc(cells, func(c int) bool { return !slices.Contains(h.cells, c) }) {
			names = append(names, h.name)
		}
	}
	if len(names) == 0 {
		return "no house"
	}
	return strings.Join(names, " and ")
}

// maxShown bounds the combinations a step's text lists.
const maxShown = 6

// combosText says which combinations of r survive, as "cage 3 r1c1 r2c1
// = 3: {1,2}", or with placed cells "cage 3 r1c1 r1c2 r1c3 = 12: r1c1=5,
// the rest {1,6} {2,5}".
func (s *state) combosText(r *sum) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %s: ", r.label, s.formula(r))
	if len(s.sc.open) < len(r.cells) {
		for _, c := range r.cells {
			if v := s.val[c]; v != 0 {
				fmt.Fprintf(&sb, "%s=%d, ", s.geo.cellNames[c], v)
			}
		}
		sb.WriteString("the rest ")
	}
	for i, m := range s.sc.combos {
		if i == maxShown {
			fmt.Fprintf(&sb, " … (%d combinations)", len(s.sc.combos))
			break
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "{%s}", joinInts(values(m), ","))
	}
	if len(s.sc.combos) == 0 {
		sb.WriteString("no combination fits")
	}
	return sb.String()
}

// formula writes r's cells and totals: "r1c1 r2c1 = 3" for a killer
// cage, "r1c2 + r1c3 - r1c1 = 0" for an arrow, "3·r1c1 + r2c2 = 7 or 8"
// when every cell weighs its value by a factor, else "r1c1 r1c2 weigh 3".
func (s *state) formula(r *sum) string {
	var sb strings.Builder
	coefs, linear := s.coefs(r)
	for i, c := range r.cells {
		name := s.geo.cellNames[c]
		switch {
		case r.uniform && coefs[0] == 1 || !linear:
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(name)
		default:
			sb.WriteString(term(coefs[i], name, i == 0))
		}
	}
	ts := make([]int, len(r.totals))
	for i, t := range r.totals {
		ts[i] = int(t)
	}
	if !linear {
		return sb.String() + " weigh " + joinInts(ts, " or ")
	}
	return sb.String() + " = " + joinInts(ts, " or ")
}

// term writes coef times name in a sum: "r1c1", " + r1c1", " - 10·r1c1".
func term(coef int32, name string, first bool) string {
	sign, abs := " + ", coef
	if coef < 0 {
		sign, abs = " - ", -coef
	}
	if first {
		sign = ""
		if coef < 0 {
			sign = "-"
		}
	}
	if abs == 1 {
		return sign + name
	}
	return fmt.Sprintf("%s%d·%s", sign, abs, name)
}

// coefs returns each cell's factor when r weighs every value of a cell
// by a factor of it (a killer cage: 1, an arrow's circle: -1).
func (s *state) coefs(r *sum) ([]int32, bool) {
	out := make([]int32, len(r.cells))
	for i := range r.cells {
		out[i] = r.w[i*s.n]
		for v := 1; v <= s.n; v++ {
			if r.w[i*s.n+v-1] != out[i]*int32(v) {
				return out, false
			}
		}
	}
	return out, true
}

// tableSupport finds a Table rule where a candidate of a cell is in no
// tuple whose other values are candidates of their cells.
func tableSupport(s *state) (Step, bool) {
	for i := range s.geo.tables {
		r := &s.geo.tables[i]
		if !s.applies(r.when) {
			continue
		}
		if st, ok := s.tableStep(r); ok {
			return st, true
		}
	}
	return Step{}, false
}

func (s *state) tableStep(r *table) (Step, bool) {
	sc := s.scratchSums()
	k := len(r.cells)
	sc.support = slices.Grow(sc.support[:0], k)[:k]
	clear(sc.support)
	for t := 0; t+k <= len(r.tuples); t += k {
		if s.fits(r.cells, r.tuples[t:t+k]) {
			for i, v := range r.tuples[t : t+k] {
				sc.support[i] |= 1 << (v - 1)
			}
		}
	}
	e := elims{s: s}
	for i, c := range r.cells {
		if s.val[c] == 0 {
			for _, v := range values(s.cand[c] &^ sc.support[i]) {
				e.add(c, v)
			}
		}
	}
	if e.empty() {
		return Step{}, false
	}
	reason := fmt.Sprintf("%s (%s): no allowed combination of the other cells' candidates takes the values removed",
		r.label, listNames(s, r.cells))
	return Step{Technique: TableSupport, Reason: reason, Houses: []string{r.label}, Cells: s.names(r.cells),
		Eliminations: e.list()}, true
}

// fits reports whether every cell can take its value of tuple.
func (s *state) fits(cells []int, tuple []int32) bool {
	for i, c := range cells {
		v := int(tuple[i])
		if v < 1 || v > s.n || s.cand[c]>>(v-1)&1 == 0 || s.val[c] != 0 && s.val[c] != v {
			return false
		}
	}
	return true
}
