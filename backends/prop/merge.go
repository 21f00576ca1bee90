package prop

import (
	"context"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// Limits of mergeSums: the families of sums it weighs, the merged sums it
// adds, and the cells of one.
const (
	maxMergeTries  = 4096
	maxMerged      = 4
	maxMergedCells = 64
	// mergeRoom: a family is merged when its slack is less than its
	// spread over mergeRoom, and (mergeGain) at most the slacks of its
	// sums, each read alone, added up over mergeGain.
	mergeRoom = 8
	mergeGain = 4
)

// A family is a set of disjoint plain sums (see mergeable) read as one:
// their cells add up to the sum of their totals.
type family struct {
	parts []int // indices into nary.rules
	// slack and spread: how far the total lies from the nearer end of
	// what the cells can add up to, grouped by house, and how far apart
	// the two ends are.
	slack, spread int
}

// mergeable reports whether rule r may take part in a merged sum: an
// unconditional Sum of plain values (each cell weighs value v as v+1)
// with one total that does not ask for distinct values and is not
// implied, of 2 to maxMergedCells cells (no longer sum fits a family): a
// little killer's diagonal, say, but not an arrow, whose circle weighs
// minus, nor a killer cage (see mergeSums).
func mergeable(r *naryRule) bool {
	if r.kind != model.Sum || r.distinct || r.implied || len(r.totals) != 1 || len(r.when) > 0 || len(r.cells) < 2 || len(r.cells) > maxMergedCells {
		return false
	}
	for _, u := range r.unit {
		if u != 1 {
			return false
		}
	}
	return true
}

// mergeSums adds to n the sums of families of disjoint plain sums (little
// killers, mostly) whose cells, grouped by house as prop reads them (see
// sumGroups), leave the family's total little room: its slack (how far
// the total lies from the nearer end of what the cells can add up to) is
// less than an eighth of its spread (how far apart the two ends are), and
// at most a quarter of the slacks of its sums read one by one. Such a
// family says more read as one sum than its sums apart: four little
// killers of 49 along parallel diagonals, 32 cells that add up to 198 at
// most, must make 196 between them, which leaves their houses' groups two
// to spare. A merged sum is implied by its parts (a solution keeps it
// whatever it is) and is read as a little killer is. mergeSums weighs at
// most maxMergeTries families, in the order of the rules, and adds at most
// maxMerged, the tightest (slack over spread) first, no two with a sum in
// common. It gives up with ctx's error when ctx ends. Killer cages stay
// out: they helped a few killers, but a killer's 20 to 30 disjoint cages
// make thousands of families to weigh, five times the cost of building
// its table, and the innie-outie sums already read the regions that the
// families it kept covered (see BENCHMARKS.md).
func (n *nary) mergeSums(ctx context.Context, t *table) error {
	var src []int
	for k := range n.rules {
		if mergeable(&n.rules[k]) {
			src = append(src, k)
		}
	}
	if len(src) < 2 {
		return nil
	}
	g := newGrouper(t)
	own := make([]int, len(n.rules)) // each sum's slack, read alone
	for _, k := range src {
		r := &n.rules[k]
		own[k], _ = g.weigh(r.cells, int(r.totals[0]))
	}
	var (
		fams  []family
		parts []int
		cells []int32
		total int
		tries int
		taken = make([]bool, t.cells)
	)
	var walk func(i int) error
	walk = func(i int) error {
		for j := i; j < len(src) && tries < maxMergeTries; j++ {
			r := &n.rules[src[j]]
			if len(cells)+len(r.cells) > maxMergedCells || slices.ContainsFunc(r.cells, func(c int32) bool { return taken[c] }) {
				continue
			}
			if tries++; tries&buildPollMask == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			for _, c := range r.cells {
				taken[c] = true
			}
			parts, cells, total = append(parts, src[j]), append(cells, r.cells...), total+int(r.totals[0])
			if len(parts) >= 2 {
				slack, spread := g.weigh(cells, total)
				apart := 0
				for _, k := range parts {
					apart += own[k]
				}
				if mergeRoom*slack < spread && mergeGain*slack <= apart {
					fams = append(fams, family{parts: slices.Clone(parts), slack: slack, spread: spread})
				}
			}
			if err := walk(j + 1); err != nil {
				return err
			}
			parts, cells, total = parts[:len(parts)-1], cells[:len(cells)-len(r.cells)], total-int(r.totals[0])
			for _, c := range r.cells {
				taken[c] = false
			}
		}
		return nil
	}
	if err := walk(0); err != nil {
		return err
	}
	// The tightest first: slack over spread, ascending.
	slices.SortStableFunc(fams, func(a, b family) int { return a.slack*b.spread - b.slack*a.spread })
	used := make([]bool, len(n.rules))
	added := 0
	for _, f := range fams {
		if added == maxMerged || slices.ContainsFunc(f.parts, func(k int) bool { return used[k] }) {
			continue
		}
		for _, k := range f.parts {
			used[k] = true
		}
		n.rules = append(n.rules, n.merged(f.parts, t.values))
		added++
	}
	if added > 0 {
		n.readCells(t.cells)
	}
	return nil
}

// merged returns the rule that the sums parts (indices into n.rules,
// plain and disjoint) add up to the sum of their totals, for a table of V
// values, read as a little killer is.
func (n *nary) merged(parts []int, V int) naryRule {
	r := naryRule{kind: model.Sum, slot: -1, id: len(n.rules)}
	var total int32
	for _, k := range parts {
		p := &n.rules[k]
		r.cells = append(r.cells, p.cells...)
		r.w = append(r.w, p.w...)
		r.order = append(r.order, p.order...)
		r.unit = append(r.unit, p.unit...)
		total += p.totals[0]
	}
	r.totals = []int32{total}
	r.again = widespread(r.w, len(r.cells), V)
	r.plain = !slices.Contains(r.unit, 0)
	n.maxCells = max(n.maxCells, len(r.cells))
	return r
}

// A grouper weighs plain sums on a table with no givens: their cells
// grouped as sumGroups groups them, the house holding the most cells not
// grouped yet first (the first such house), each group taking distinct
// values.
type grouper struct {
	t       *table
	houses  [][]int32 // per cell: its houses
	grouped []bool    // per cell of the sum
	count   []int     // per house: its cells of the sum not grouped yet
}

func newGrouper(t *table) *grouper {
	g := &grouper{t: t, houses: make([][]int32, t.cells), grouped: make([]bool, maxMergedCells), count: make([]int, len(t.vals))}
	nh := int32(len(t.vals))
	for cell := range g.houses {
		for _, h := range t.cellRule[t.cellRuleOff[cell]:t.cellRuleOff[cell+1]] {
			if h < nh {
				g.houses[cell] = append(g.houses[cell], h)
			}
		}
	}
	return g
}

// weigh returns the slack and the spread of a sum of total over cells
// (at most maxMergedCells), each weighing value v as v+1: how far the
// total lies from the nearer end of what they can add up to, negative
// when it lies outside, and how far apart the two ends are.
func (g *grouper) weigh(cells []int32, total int) (slack, spread int) {
	V := g.t.values
	grouped := g.grouped[:len(cells)]
	clear(grouped)
	clear(g.count)
	for _, cell := range cells {
		for _, h := range g.houses[cell] {
			g.count[h]++
		}
	}
	least, most, left := 0, 0, len(cells)
	for {
		best, k := -1, 1 // the first house of the most cells, two or more
		for h, c := range g.count {
			if c > k {
				best, k = h, c
			}
		}
		if best < 0 {
			break
		}
		for i, cell := range cells {
			if !grouped[i] && slices.Contains(g.houses[cell], int32(best)) {
				grouped[i] = true
				for _, h := range g.houses[cell] {
					g.count[h]--
				}
			}
		}
		left -= k
		least += k * (k + 1) / 2
		most += k * (2*V - k + 1) / 2
	}
	least, most = least+left, most+left*V
	return min(total-least, most-total), most - least
}
