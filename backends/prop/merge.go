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
	rule  naryRule
	// slack and spread: how far the total lies from the nearer end of
	// what the cells can add up to, grouped by house, and how far apart
	// the two ends are.
	slack, spread int
}

// mergeable reports whether rule r may take part in a merged sum: an
// unconditional Sum of plain values (each cell weighs value v as v+1)
// with one total that does not ask for distinct values and is not implied:
// a little killer's diagonal, say, but not an arrow, whose circle weighs
// minus.
func mergeable(r *naryRule) bool {
	if r.kind != model.Sum || r.distinct || r.implied || len(r.totals) != 1 || len(r.when) > 0 || len(r.cells) < 2 {
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
// common. It gives up with ctx's error when ctx ends.
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
	own := make([]int, len(n.rules)) // each sum's slack, read alone
	for _, k := range src {
		own[k] = n.weigh(t, []int{k}).slack
	}
	var (
		fams  []family
		parts []int
		tries int
		taken = make([]bool, t.cells)
		cells int
	)
	var walk func(i int) error
	walk = func(i int) error {
		for j := i; j < len(src) && tries < maxMergeTries; j++ {
			r := &n.rules[src[j]]
			if cells+len(r.cells) > maxMergedCells || slices.ContainsFunc(r.cells, func(c int32) bool { return taken[c] }) {
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
			parts, cells = append(parts, src[j]), cells+len(r.cells)
			if len(parts) >= 2 {
				f := n.weigh(t, parts)
				apart := 0
				for _, k := range parts {
					apart += own[k]
				}
				if mergeRoom*f.slack < f.spread && mergeGain*f.slack <= apart {
					fams = append(fams, f)
				}
			}
			if err := walk(j + 1); err != nil {
				return err
			}
			parts, cells = parts[:len(parts)-1], cells-len(r.cells)
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
		f.rule.id = len(n.rules)
		n.rules = append(n.rules, f.rule)
		n.maxCells = max(n.maxCells, len(f.rule.cells))
		added++
	}
	if added > 0 {
		n.readCells(t.cells)
	}
	return nil
}

// weigh returns the family of the sums parts (indices into n.rules, plain
// and disjoint) with its merged rule and, over a grid with no givens, its
// slack and spread. A family whose cells cannot reach its total has a
// negative slack: the merged rule fails at the root.
func (n *nary) weigh(t *table, parts []int) family {
	f := family{parts: slices.Clone(parts), rule: naryRule{kind: model.Sum, slot: -1}}
	r := &f.rule
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
	V := t.values
	r.again = (V-1)*len(r.cells) >= reachWords*64 // read by bounds, as in read
	least, most := t.unitBounds(r.cells)
	f.slack = min(int(total)-least, most-int(total))
	f.spread = most - least
	return f
}

// unitBounds returns the least and the most that cells, each weighing
// value v as v+1, add up to on a grid with no givens, grouped as
// sumGroups groups them: the house holding the most cells not grouped yet
// first (the first such house), each group taking distinct values.
func (t *table) unitBounds(cells []int32) (least, most int) {
	V, nh := t.values, int32(len(t.vals))
	grouped := make([]bool, len(cells))
	count := make([]int, nh)
	left := len(cells)
	for {
		clear(count)
		for i, cell := range cells {
			if grouped[i] {
				continue
			}
			for _, h := range t.cellRule[t.cellRuleOff[cell]:t.cellRuleOff[cell+1]] {
				if h < nh {
					count[h]++
				}
			}
		}
		best := int32(0)
		for h := range nh {
			if count[h] > count[best] {
				best = h
			}
		}
		k := count[best]
		if k < 2 {
			break
		}
		for i, cell := range cells {
			if !grouped[i] && slices.Contains(t.cellRule[t.cellRuleOff[cell]:t.cellRuleOff[cell+1]], best) {
				grouped[i] = true
			}
		}
		left -= k
		least += k * (k + 1) / 2
		most += k * (2*V - k + 1) / 2
	}
	return least + left, most + left*V
}
