package dlx

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// Bounds on the lowering of the n-ary rules: a rule with more options, or a
// matrix with more nodes, is refused with an error naming the rule.
const (
	maxRuleOptions = 200_000
	// maxImpliedOptions bounds the options of a rule the others imply
	// (model.Payload.Implied): a larger one is left out.
	maxImpliedOptions = 2_000
	maxNodes          = 5_000_000
	maxPartialSums    = 1 << 20 // distinct partial sums kept while counting a Sum's combinations
	// chainAbove is the most weight tuples a Sum is lowered by: one with
	// more is lowered by chained partial sums (see chooseChain).
	chainAbove = 2_000
	// maxChainOptions bounds the transitions of a chained Sum, options
	// of at most four items besides a condition's.
	maxChainOptions = 1_000_000
	// maxFiltered bounds the combinations of weights enumerated when
	// distinct values are filtered out of a Sum's tuples.
	maxFiltered = 50 * maxRuleOptions
)

// leftOut is how a rule the others imply is lowered when it is left out
// (see model.Payload.Implied), for the export's comments.
const leftOut = "left out: implied by the other rules"

// howChain is how a chained Sum is lowered, for the export's comments.
const howChain = "chained sums"

// A sumLowering chooses how a distinct Sum whose weights are value times
// one coefficient is lowered.
type sumLowering uint8

const (
	sumAuto   sumLowering = iota // the package's rule (see chooseDigits)
	sumTuples                    // one option per tuple of weights
	sumDigits                    // one option per digit set, where it applies
	sumChains                    // chained partial sums wherever they apply
)

// A lowerConfig tunes the lowering; the zero value is the default.
type lowerConfig struct {
	sums sumLowering
	// chainAbove, when positive, replaces the constant chainAbove.
	chainAbove int64
	// dropCovered leaves out the item of every AtMostOne rule over two
	// candidates that another rule already keeps apart (see covered):
	// the solver's lowering, not the one Lower documents and exports.
	dropCovered bool
}

// A lowerer lowers the n-ary rules of one model, giving up with ctx's
// error when ctx ends (polled every pollMask+1 options of a rule).
type lowerer struct {
	ctx context.Context
	m   *model.Model
	cfg lowerConfig
	// byCand lists the binary (exactly-one, at-most-one) rules naming each
	// candidate, built on first use.
	byCand [][]int32
}

// A naryPlan is the lowering of one Sum or Table rule in local item
// numbers: 0 is the rule's primary item, 1..nsec its secondary items and
// -1..-nprim its further primary items (a chained sum's T_2..T_n).
type naryPlan struct {
	nsec    int
	nprim   int
	entries []entry   // what the candidates' options list for the rule
	opts    [][]int32 // the rule's own options (local items)
	cols    [][]int32 // their colors
	nodes   int       // items in opts
	how     string    // how the rule was lowered, for the export's comments
}

// An entry adds item (with color) to candidate cand's option.
type entry struct {
	cand  model.Cand
	item  int32
	color int32
}

// A cellInfo is one cell with an item of an n-ary rule: a cell of its scope
// or of a When candidate. The candidate (cell, v) gives the item the color
// 1 + class[v-1] + ncls*isW, where isW is 1 when v is the cell's When value.
type cellInfo struct {
	cell  int
	item  int32   // local item, 0 for none
	when  int     // the value of the When candidate in this cell, 0 for none
	ncls  int32   // classes of the cell's values in the rule (1 outside the scope)
	class []int32 // class of each value (v-1)
	clsW  []int32 // weight of each class (Sums)
	clsV  []int32 // the one value of each class, or nil when a class holds several
}

func (ci *cellInfo) color(v int) int32 {
	c := 1 + ci.class[v-1]
	if ci.when == v {
		c += ci.ncls
	}
	return c
}

// plan lowers rule k, a Sum or a Table. A nil plan and no error: the rule
// never applies (two of its When candidates share a cell).
func (lw *lowerer) plan(k int, r model.Rule) (*naryPlan, error) {
	m := lw.m
	vals := m.Values()
	p := r.Payload
	whenAt := map[int]int{} // cell -> value of its When candidate
	for _, c := range p.When {
		cell := m.CellOf(c)
		if _, twice := whenAt[cell]; twice {
			return nil, nil
		}
		whenAt[cell] = m.ValueOf(c)
	}
	b := &planBuilder{vals: vals, plan: &naryPlan{}}
	scope := make([]*cellInfo, len(p.Cells))
	byCell := map[int]*cellInfo{}
	for i, cell := range p.Cells {
		ci := &cellInfo{cell: int(cell), when: whenAt[int(cell)], class: make([]int32, vals)}
		scope[i], byCell[int(cell)] = ci, ci
	}
	var whenCells []*cellInfo // in When order
	for _, c := range p.When {
		ci := byCell[m.CellOf(c)]
		if ci == nil {
			ci = &cellInfo{cell: m.CellOf(c), when: m.ValueOf(c), ncls: 1, class: make([]int32, vals)}
			byCell[ci.cell] = ci
		}
		whenCells = append(whenCells, ci)
	}
	var err error
	switch r.Kind {
	case model.Sum:
		err = lw.sum(k, r, b, scope, whenCells)
	case model.Table:
		err = lw.table(k, r, b, scope, whenCells)
	}
	if err != nil {
		return nil, err
	}
	if len(b.plan.opts) > maxRuleOptions && b.plan.how != howChain {
		return nil, tooLarge(m, k, int64(len(b.plan.opts)))
	}
	return b.plan, nil
}

// sat is where combination counts saturate.
const sat = 1 << 62

func tooLarge(m *model.Model, k int, n int64) error {
	count := fmt.Sprint(n)
	if n >= sat {
		count = "more than 10^18"
	}
	return fmt.Errorf("dlx: %s too large to lower: %s combinations (at most %d): %w", m.RuleName(k), count, maxRuleOptions, model.ErrUnsupported)
}

// unchained is tooLarge for a Sum with too many tuples and, when byValue
// (a conditional distinct sum that no house keeps distinct), no chain
// either: a chain would not keep it distinct.
func unchained(m *model.Model, k int, n int64, byValue bool) error {
	if !byValue {
		return tooLarge(m, k, n)
	}
	return fmt.Errorf("dlx: %s too large to lower: %d combinations (at most %d; a conditional distinct sum outside a house has no chain): %w", m.RuleName(k), n, maxRuleOptions, model.ErrUnsupported)
}

// A planBuilder accumulates a plan.
type planBuilder struct {
	vals int
	plan *naryPlan
}

// newItem returns a new local secondary item.
func (b *planBuilder) newItem() int32 {
	b.plan.nsec++
	return int32(b.plan.nsec)
}

// newPrimary returns a new local primary item besides the rule's own.
func (b *planBuilder) newPrimary() int32 {
	b.plan.nprim++
	return -int32(b.plan.nprim)
}

// cellEntries gives every candidate of ci's cell ci's item, colored.
func (b *planBuilder) cellEntries(ci *cellInfo) {
	for v := 1; v <= b.vals; v++ {
		b.plan.entries = append(b.plan.entries, entry{cand: model.Cand(ci.cell*b.vals + v - 1), item: ci.item, color: ci.color(v)})
	}
}

// option adds one of the rule's own options.
func (b *planBuilder) option(items, cols []int32) {
	b.plan.opts = append(b.plan.opts, items)
	b.plan.cols = append(b.plan.cols, cols)
	b.plan.nodes += len(items)
}

// conditionFails adds, for a conditional rule, the options that choose
// the rule's item when a When candidate is not chosen: option j says that
// the first j When candidates are chosen and the (j+1)-th is not, one
// option per class the cell can take without it. It returns the items and
// colors every body option starts with: the rule's item and each When
// cell that the body does not color itself ("is chosen").
func (b *planBuilder) conditionFails(whenCells []*cellInfo, inBody func(*cellInfo) bool) (items, cols []int32) {
	for j, w := range whenCells {
		seen := map[int32]bool{}
		for v := 1; v <= b.vals; v++ {
			if v == w.when || seen[w.class[v-1]] {
				continue
			}
			seen[w.class[v-1]] = true
			items := []int32{0, w.item}
			cols := []int32{0, w.color(v)}
			for _, u := range whenCells[:j] {
				items = append(items, u.item)
				cols = append(cols, u.color(u.when))
			}
			b.option(items, cols)
		}
	}
	items, cols = []int32{0}, []int32{0}
	for _, w := range whenCells {
		if !inBody(w) {
			items = append(items, w.item)
			cols = append(cols, w.color(w.when))
		}
	}
	return items, cols
}

// table lowers a Table rule: a colored item per cell, the value as the
// class, and one option per tuple (duplicates merged) that agrees with the
// When candidates on the cells they share.
func (lw *lowerer) table(k int, r model.Rule, b *planBuilder, scope, whenCells []*cellInfo) error {
	vals := b.vals
	for _, ci := range scope {
		ci.ncls = int32(vals)
		for v := 1; v <= vals; v++ {
			ci.class[v-1] = int32(v - 1)
		}
	}
	for _, ci := range scope {
		ci.item = b.newItem()
	}
	for _, w := range whenCells {
		if w.item == 0 {
			w.item = b.newItem()
		}
	}
	inScope := func(ci *cellInfo) bool { return slices.Contains(scope, ci) }
	prefix, pcols := b.conditionFails(whenCells, inScope)
	n := len(scope)
	tuples := r.Payload.Tuples
	seen := map[string]bool{}
	var key []byte
tuples:
	for t := 0; t < len(tuples); t += n {
		key = key[:0]
		for i, ci := range scope {
			if ci.when != 0 && int(tuples[t+i]) != ci.when {
				continue tuples
			}
			key = binary.LittleEndian.AppendUint32(key, uint32(tuples[t+i]))
		}
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		if len(seen) > maxRuleOptions {
			continue // counted for the error below
		}
		if len(seen)&pollMask == 0 {
			if err := lw.ctx.Err(); err != nil {
				return err
			}
		}
		items := append(slices.Clone(prefix), make([]int32, n)...)
		cols := append(slices.Clone(pcols), make([]int32, n)...)
		for i, ci := range scope {
			items[len(prefix)+i] = ci.item
			cols[len(prefix)+i] = ci.color(int(tuples[t+i]))
		}
		b.option(items, cols)
	}
	if len(seen) > maxRuleOptions {
		return tooLarge(lw.m, k, int64(len(seen)))
	}
	for _, ci := range scope {
		b.cellEntries(ci)
	}
	for _, w := range whenCells {
		if !inScope(w) {
			b.cellEntries(w)
		}
	}
	b.plan.how = "tuples"
	return nil
}

// sumWeights are a Sum's weights by scope cell and value
// (model.CellWeights).
type sumWeights struct {
	w    []int32
	vals int
}

// at returns the weight of value v (from 1) in scope cell i.
func (sw sumWeights) at(i, v int) int32 { return sw.w[i*sw.vals+v-1] }

// A sumParts holds what a Sum's options are built from once its cells
// have their items: its scope, its tuple cells, its When cells, the
// distinct values' items (nil for none), the items and colors every
// option of a failing condition starts with, and whether its classes are
// its values.
type sumParts struct {
	scope, cells, whenCells []*cellInfo
	distinctItem            []int32
	prefix, pcols           []int32
	byValue                 bool
}

// sum lowers a Sum rule, by digit sets or by tuples of weight classes.
// The phases: digit sets where they apply ([digitCoef],
// [lowerer.digitSets]); the cells' weight classes ([weightClasses]); the
// tuple cells, which get items ([planBuilder.tupleCells]); the distinct
// values' items ([planBuilder.distinctItems]); the classes each tuple cell
// may take ([classChoices]); the tuples or a chain ([lowerer.sumOptions]).
func (lw *lowerer) sum(k int, r model.Rule, b *planBuilder, scope, whenCells []*cellInfo) error {
	m, vals, p := lw.m, b.vals, r.Payload
	w := sumWeights{w: m.CellWeights(r), vals: vals}

	// Digit sets apply to distinct sums weighing value*coef on every cell.
	implied := p.Distinct && lw.distinctImplied(p.Cells)
	if p.Distinct && (implied || len(p.When) == 0) {
		if coef, ok := digitCoef(w, len(scope)); ok && lw.chooseDigits() {
			if ok, err := lw.digitSets(k, b, scope, whenCells, coef, p.Totals, implied); ok || err != nil {
				return err
			}
			*b.plan = naryPlan{} // too many digit sets: tuples below
		}
	}

	// A conditional distinct sum whose distinctness no house implies
	// needs the values themselves as classes.
	byValue := p.Distinct && !implied && len(p.When) > 0
	weightClasses(scope, w, byValue)
	cells, offset := b.tupleCells(scope, whenCells, p.Distinct)
	inCells := func(ci *cellInfo) bool { return slices.Contains(cells, ci) }
	prefix, pcols := b.conditionFails(whenCells, inCells)

	// Distinct values: an uncolored item per value for an unconditional
	// rule that no house makes distinct; tuples with a repeated value are
	// left out whenever every class is one value.
	filter := p.Distinct
	for _, ci := range cells {
		filter = filter && ci.clsV != nil
	}
	var distinctItem []int32
	if p.Distinct && !implied && len(p.When) == 0 {
		distinctItem = b.distinctItems()
	}

	en := sumEnum{cells: cells, choices: classChoices(cells), offset: offset, totals: p.Totals, filter: filter}
	if err := en.count(); err != nil {
		return fmt.Errorf("dlx: %s too large to lower: %v: %w", m.RuleName(k), err, model.ErrUnsupported)
	}
	return lw.sumOptions(k, b, &en, sumParts{scope: scope, cells: cells, whenCells: whenCells,
		distinctItem: distinctItem, prefix: prefix, pcols: pcols, byValue: byValue})
}

// digitCoef returns the coefficient coef, when it is not 0, with which
// each of the first cells of the scope weighs value*coef; false when
// there is none.
func digitCoef(w sumWeights, cells int) (coef int32, ok bool) {
	coef = w.at(0, 1)
	if coef == 0 {
		return 0, false
	}
	for i := range cells {
		for v := 1; v <= w.vals; v++ {
			if w.at(i, v) != coef*int32(v) {
				return 0, false
			}
		}
	}
	return coef, true
}

// weightClasses sets the weight classes of each scope cell: the values of
// a cell with equal weights share one, unless byValue gives each value its
// own; a cell whose classes are its values also gets clsV.
func weightClasses(scope []*cellInfo, w sumWeights, byValue bool) {
	vals := w.vals
	for i, ci := range scope {
		ci.ncls = 0
		for v := 1; v <= vals; v++ {
			cl := int32(-1)
			if !byValue {
				for c, cw := range ci.clsW {
					if cw == w.at(i, v) {
						cl = int32(c)
						break
					}
				}
			}
			if cl < 0 {
				cl = ci.ncls
				ci.ncls++
				ci.clsW = append(ci.clsW, w.at(i, v))
			}
			ci.class[v-1] = cl
		}
		if int(ci.ncls) == vals {
			ci.clsV = make([]int32, vals)
			for v := 1; v <= vals; v++ {
				ci.clsV[ci.class[v-1]] = int32(v)
			}
		}
	}
}

// tupleCells gives an item to, and returns, the scope cells whose weight
// can vary, or that carry a When candidate or take part in a distinct
// filter; the others weigh a constant, whose sum it returns as offset.
// The When cells outside the scope get an item too.
func (b *planBuilder) tupleCells(scope, whenCells []*cellInfo, distinct bool) (cells []*cellInfo, offset int64) {
	for _, ci := range scope {
		if ci.ncls == 1 && ci.when == 0 && !distinct {
			offset += int64(ci.clsW[0])
			continue
		}
		ci.item = b.newItem()
		cells = append(cells, ci)
	}
	for _, wc := range whenCells {
		if wc.item == 0 {
			wc.item = b.newItem()
		}
	}
	return cells, offset
}

// distinctItems returns a new uncolored item per value.
func (b *planBuilder) distinctItems() []int32 {
	items := make([]int32, b.vals)
	for v := range items {
		items[v] = b.newItem()
	}
	return items
}

// classChoices returns the classes each tuple cell may take: with a When
// candidate in the cell, only that candidate's class.
func classChoices(cells []*cellInfo) [][]int32 {
	choices := make([][]int32, len(cells))
	for i, ci := range cells {
		if ci.when != 0 {
			choices[i] = []int32{ci.class[ci.when-1]}
			continue
		}
		for c := range ci.ncls {
			choices[i] = append(choices[i], c)
		}
	}
	return choices
}

// sumOptions lowers the Sum whose tuples en counted by tuples or by a
// chain (see chooseChain), after the options of a failing condition: by a
// chain when there are too many tuples, even once those repeating a value
// are left out. A conditional distinct sum no house keeps apart has no
// chain: its tuples keep it distinct, and too many of them are an error.
func (lw *lowerer) sumOptions(k int, b *planBuilder, en *sumEnum, sp sumParts) error {
	chainable := len(sp.cells) > 0 && !sp.byValue
	bound := lw.chooseChain(chainable)
	fails := len(b.plan.opts) // the options of the failing condition
	if en.total > bound && (!en.filter || en.total > maxFiltered) {
		if chainable {
			return lw.sumChain(k, b, en, sp, fails)
		}
		return unchained(lw.m, k, en.total, sp.byValue)
	}
	chained, err := lw.sumTuples(k, b, en, sp, fails, bound, chainable)
	if err != nil {
		return err
	}
	if chained { // too many tuples even without repeated values
		for _, items := range b.plan.opts[fails:] {
			b.plan.nodes -= len(items)
		}
		b.plan.opts, b.plan.cols = b.plan.opts[:fails], b.plan.cols[:fails]
		return lw.sumChain(k, b, en, sp, fails)
	}
	b.sumEntries(sp.scope, sp.cells, sp.whenCells, sp.distinctItem)
	b.plan.how = "weight tuples"
	return nil
}

// sumChain lowers the Sum by chained partial sums (see chain), after the
// first fails options, and gives its candidates their entries.
func (lw *lowerer) sumChain(k int, b *planBuilder, en *sumEnum, sp sumParts, fails int) error {
	if err := lw.chain(k, b, en, sp.prefix, sp.pcols, fails); err != nil {
		return err
	}
	b.sumEntries(sp.scope, sp.cells, sp.whenCells, sp.distinctItem)
	b.plan.how = howChain
	return nil
}

// sumTuples adds an option per tuple en enumerates: the failing
// condition's items, then each tuple cell's item colored by its class. It
// stops, reporting chained, when bound options are reached and the Sum is
// chainable (an error when it is not), and with ctx's error when ctx ends.
func (lw *lowerer) sumTuples(k int, b *planBuilder, en *sumEnum, sp sumParts, fails int, bound int64, chainable bool) (chained bool, err error) {
	en.enumerate(func(tuple []int32) bool {
		if int64(len(b.plan.opts)-fails) >= bound {
			if chainable {
				chained = true
			} else {
				err = unchained(lw.m, k, en.total, sp.byValue)
			}
			return false
		}
		if len(b.plan.opts)&pollMask == pollMask {
			if err = lw.ctx.Err(); err != nil {
				return false
			}
		}
		items := append(slices.Clone(sp.prefix), make([]int32, len(sp.cells))...)
		cols := append(slices.Clone(sp.pcols), make([]int32, len(sp.cells))...)
		for i, ci := range sp.cells {
			items[len(sp.prefix)+i] = ci.item
			c := 1 + tuple[i]
			if ci.when != 0 {
				c += ci.ncls // the When value's class, chosen
			}
			cols[len(sp.prefix)+i] = c
		}
		b.option(items, cols)
		return true
	})
	return chained, err
}

// sumEntries gives the candidates of a Sum's tuple cells and When cells
// their colored items, and those of its scope the distinct values' items.
func (b *planBuilder) sumEntries(scope, cells, whenCells []*cellInfo, distinctItem []int32) {
	vals := b.vals
	for _, ci := range cells {
		b.cellEntries(ci)
	}
	for _, wc := range whenCells {
		if !slices.Contains(cells, wc) {
			b.cellEntries(wc)
		}
	}
	if distinctItem != nil {
		for _, ci := range scope {
			for v := 1; v <= vals; v++ {
				b.plan.entries = append(b.plan.entries, entry{cand: model.Cand(ci.cell*vals + v - 1), item: distinctItem[v-1]})
			}
		}
	}
}

// chooseChain is the rule that picks chained partial sums over weight
// tuples: it returns the most tuples a Sum may have and still be lowered
// by tuples. With a chain, more tuples are chained; without one, they are
// an error.
func (lw *lowerer) chooseChain(chainable bool) int64 {
	switch {
	case !chainable || lw.cfg.sums == sumTuples:
		return maxRuleOptions
	case lw.cfg.sums == sumChains:
		return 0
	case lw.cfg.chainAbove > 0:
		return lw.cfg.chainAbove
	}
	return chainAbove
}

// chain lowers the Sum whose tuples en counted by chained partial sums:
// cell i of en's cells (from 0) has a primary item T_i (the rule's item
// for i = 0, which also takes prefix and pcols: the When cells "is") and,
// unless one partial sum is live there, a secondary item P_i colored by
// the partial sum after it, 1 + its rank among the live ones. A live
// partial sum is one that a prefix of the cells reaches and from which the
// remaining cells reach an allowed total (en.ways > 0). Each live sum s
// before cell i and each class c of the cell with s + weight(c) live after
// it has one transition option: T_i, P_{i-1} colored s, the cell's item
// colored c (as the cell's candidates of class c color it) and P_i colored
// s + weight(c); the last cell has no P item, its sums being allowed
// totals. The first fails options (a failing condition) also take
// T_1..T_{n-1}, so that no transition is chosen then.
func (lw *lowerer) chain(k int, b *planBuilder, en *sumEnum, prefix, pcols []int32, fails int) error {
	n := len(en.cells)
	live := make([][]int64, n+1)
	for i := range live {
		for s := range en.ways[i] {
			live[i] = append(live[i], s)
		}
		slices.Sort(live[i])
	}
	t := make([]int32, n)   // T_i
	p := make([]int32, n+1) // P_i, after cell i-1 (0: none)
	for i := 1; i < n; i++ {
		t[i] = b.newPrimary()
	}
	for i := 1; i < n; i++ {
		if len(live[i]) > 1 {
			p[i] = b.newItem()
		}
	}
	for o := range b.plan.opts[:fails] {
		b.plan.opts[o] = append(b.plan.opts[o], t[1:]...)
		b.plan.cols[o] = append(b.plan.cols[o], make([]int32, n-1)...)
		b.plan.nodes += n - 1
	}
	color := func(i int, s int64) int32 {
		r, ok := slices.BinarySearch(live[i], s)
		if !ok {
			panic("dlx: a chained sum's transition leaves its live sums")
		}
		return int32(1 + r)
	}
	for i, ci := range en.cells {
		for _, s := range live[i] {
			for _, c := range en.choices[i] {
				s2 := s + int64(ci.clsW[c])
				if en.ways[i+1][s2] == 0 {
					continue
				}
				if len(b.plan.opts)-fails >= maxChainOptions {
					return fmt.Errorf("dlx: %s too large to lower: more than %d transitions in its chain of partial sums: %w", lw.m.RuleName(k), maxChainOptions, model.ErrUnsupported)
				}
				if len(b.plan.opts)&pollMask == pollMask {
					if err := lw.ctx.Err(); err != nil {
						return err
					}
				}
				items, cols := []int32{t[i]}, []int32{0}
				if i == 0 {
					items, cols = slices.Clone(prefix), slices.Clone(pcols)
				}
				col := 1 + c
				if ci.when != 0 {
					col += ci.ncls // the When value's class, chosen
				}
				items, cols = append(items, ci.item), append(cols, col)
				if p[i] != 0 {
					items, cols = append(items, p[i]), append(cols, color(i, s))
				}
				if p[i+1] != 0 {
					items, cols = append(items, p[i+1]), append(cols, color(i+1, s2))
				}
				b.option(items, cols)
			}
		}
	}
	return nil
}

// chooseDigits is the rule that picks the digit-set lowering of a distinct
// sum of value*coef: always, unless configured otherwise. On the killer
// benchmark (BenchmarkDLXKiller) digit sets for every cage search about 3
// times fewer nodes and run about 4 times faster than weight tuples for
// every cage, and mixing them (tuples for two-cell cages) was slower than
// either.
func (lw *lowerer) chooseDigits() bool {
	return lw.cfg.sums != sumTuples && lw.cfg.sums != sumChains
}

// digitSets lowers a distinct Sum weighing coef*value on each cell by
// digit sets: a secondary item per digit d; the candidates of digit d list
// it colored "used" (uncolored when no house makes the cells distinct: the
// item then also keeps them distinct), and the rule has one option per set
// S of len(scope) digits whose total times coef is allowed, listing the
// item of every digit outside S colored "unused". It reports false, with
// the plan untouched, when there are more sets than a rule may have.
func (lw *lowerer) digitSets(k int, b *planBuilder, scope, whenCells []*cellInfo, coef int32, totals []int32, implied bool) (bool, error) {
	vals, n := b.vals, len(scope)
	w := make([]int64, vals)
	for v := range w {
		w[v] = int64(v + 1)
	}
	var sums []int64 // the totals, in digits: those coef divides
	for _, t := range totals {
		if t%coef == 0 {
			sums = append(sums, int64(t/coef))
		}
	}
	sets, err := model.DigitSets(lw.ctx, w, n, sums, maxRuleOptions)
	var big *model.DigitSetsError
	if errors.As(err, &big) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for _, ci := range scope {
		ci.ncls = 1 // only a When candidate's "is" / "is not" is colored
	}
	for _, w := range whenCells {
		w.item = b.newItem()
	}
	prefix, pcols := b.conditionFails(whenCells, func(*cellInfo) bool { return false })
	digit := make([]int32, vals)
	for d := range digit {
		digit[d] = b.newItem()
	}
	used, unused := int32(2), int32(1)
	if !implied {
		used, unused = 0, 0
	}
	for _, s := range sets {
		items, cols := slices.Clone(prefix), slices.Clone(pcols)
		for d := 1; d <= vals; d++ {
			if !slices.Contains(s, int32(d)) {
				items = append(items, digit[d-1])
				cols = append(cols, unused)
			}
		}
		b.option(items, cols)
	}
	for _, w := range whenCells {
		b.cellEntries(w)
	}
	for _, ci := range scope {
		for v := 1; v <= vals; v++ {
			b.plan.entries = append(b.plan.entries, entry{cand: model.Cand(ci.cell*vals + v - 1), item: digit[v-1], color: used})
		}
	}
	b.plan.how = "digit sets"
	return true, nil
}

// distinctImplied reports whether the binary rules already keep cells
// pairwise distinct: for every value, one exactly-one or at-most-one rule
// names that value in every one of the cells.
func (lw *lowerer) distinctImplied(cells []int32) bool {
	m := lw.m
	vals := m.Values()
	if len(cells) < 2 {
		return true
	}
	if lw.byCand == nil {
		lw.byCand = make([][]int32, m.NumCands())
		for k, r := range m.Rules() {
			if r.Kind == model.ExactlyOne || r.Kind == model.AtMostOne {
				for _, c := range r.Cands {
					lw.byCand[c] = append(lw.byCand[c], int32(k))
				}
			}
		}
	}
values:
	for v := 1; v <= vals; v++ {
	rules:
		for _, k := range lw.byCand[m.Cand(int(cells[0]), v)] {
			for _, cell := range cells[1:] {
				if !slices.Contains(lw.byCand[m.Cand(int(cell), v)], k) {
					continue rules
				}
			}
			continue values
		}
		return false
	}
	return true
}

// A sumEnum enumerates the tuples of classes, one per cell, whose weights
// plus offset add up to one of totals: count runs a dynamic program over
// partial sums (counting the tuples, which also prunes the enumeration to
// tuples that succeed), enumerate lists them.
type sumEnum struct {
	cells   []*cellInfo
	choices [][]int32
	offset  int64
	totals  []int32
	filter  bool // leave out tuples that repeat a value (classes are values)

	ways  []map[int64]int64 // ways[i][s]: completions of a prefix of i cells summing to s
	total int64
}

// count fills ways and total. Counts saturate at sat.
func (e *sumEnum) count() error {
	n := len(e.cells)
	prefix := make([]map[int64]bool, n+1)
	prefix[0] = map[int64]bool{0: true}
	kept := 0
	for i := range n {
		next := map[int64]bool{}
		for s := range prefix[i] {
			for _, c := range e.choices[i] {
				next[s+int64(e.cells[i].clsW[c])] = true
			}
			if kept+len(next) > maxPartialSums {
				return fmt.Errorf("more than %d partial sums", maxPartialSums)
			}
		}
		kept += len(next)
		prefix[i+1] = next
	}
	e.ways = make([]map[int64]int64, n+1)
	e.ways[n] = map[int64]int64{}
	for s := range prefix[n] {
		t := s + e.offset
		if t == int64(int32(t)) {
			if _, ok := slices.BinarySearch(e.totals, int32(t)); ok {
				e.ways[n][s] = 1
			}
		}
	}
	for i := n - 1; i >= 0; i-- {
		e.ways[i] = map[int64]int64{}
		for s := range prefix[i] {
			var sum int64
			for _, c := range e.choices[i] {
				sum += min(sat-sum, e.ways[i+1][s+int64(e.cells[i].clsW[c])]) // saturates, never overflows
			}
			if sum > 0 {
				e.ways[i][s] = sum
			}
		}
	}
	e.total = e.ways[0][0]
	return nil
}

// enumerate calls emit with every tuple of classes that adds up, in
// lexicographic order of classes, until emit returns false.
func (e *sumEnum) enumerate(emit func(tuple []int32) bool) {
	n := len(e.cells)
	tuple := make([]int32, n)
	var used []bool
	if e.filter {
		used = make([]bool, len(e.cells[0].class)+1)
	}
	var walk func(i int, s int64) bool
	walk = func(i int, s int64) bool {
		if i == n {
			return emit(tuple)
		}
		ci := e.cells[i]
		for _, c := range e.choices[i] {
			s2 := s + int64(ci.clsW[c])
			if e.ways[i+1][s2] == 0 {
				continue
			}
			if used != nil {
				v := ci.clsV[c]
				if used[v] {
					continue
				}
				used[v] = true
			}
			tuple[i] = c
			ok := walk(i+1, s2)
			if used != nil {
				used[ci.clsV[c]] = false
			}
			if !ok {
				return false
			}
		}
		return true
	}
	if n == 0 {
		if e.ways[0][0] > 0 {
			emit(tuple)
		}
		return
	}
	walk(0, 0)
}
