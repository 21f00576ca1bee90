package dlx

import (
	"fmt"

	"github.com/sudokit/sudokit/model"
)

// A layout records how a model's rules map to items (the item of every cell
// and rule) and its candidates to options (the items of every option, and
// the option map).
type layout struct {
	cells, values int
	primary       int     // cells + exactly-one rules
	secondary     int     // at-most-one rules
	ruleItem      []int32 // item of rule k
	options       [][]int32
	om            *OptionMap
}

// An OptionMap relates the options of a lowered matrix to the model's
// candidates: every option chooses one candidate, and a candidate may have
// several options (one per combination of a table rule, one per color) or
// none. Lower makes one option per candidate, in candidate order, so today
// the map is the identity; the solver and the exporter read it rather than
// assume it. An OptionMap is immutable and safe for concurrent use.
type OptionMap struct {
	cand  []model.Cand // by option
	start []int32      // the options of candidate c are opts[start[c]:start[c+1]]
	opts  []int32
}

// Cand returns the candidate option o chooses.
func (om *OptionMap) Cand(o int) model.Cand { return om.cand[o] }

// Options returns the options that choose candidate c, in option order. The
// slice must not be modified.
func (om *OptionMap) Options(c model.Cand) []int32 { return om.opts[om.start[c]:om.start[c+1]] }

// only returns the one option of candidate c, which a given commits. Lower
// gives every candidate exactly one option; a lowering that gives a
// candidate several (or none) must apply givens another way, so meeting one
// here is a broken invariant.
func (om *OptionMap) only(c model.Cand) int32 {
	opts := om.Options(c)
	if len(opts) != 1 {
		panic("dlx: a fixed candidate without exactly one option")
	}
	return opts[0]
}

// NumOptions returns the number of options.
func (om *OptionMap) NumOptions() int { return len(om.cand) }

// newOptionMap returns the map of options whose candidates are cand.
func newOptionMap(n int, cand []model.Cand) *OptionMap {
	om := &OptionMap{cand: cand, start: make([]int32, n+1), opts: make([]int32, len(cand))}
	for _, c := range cand {
		om.start[c+1]++
	}
	for c := range n {
		om.start[c+1] += om.start[c]
	}
	next := append([]int32(nil), om.start[:n]...)
	for o, c := range cand {
		om.opts[next[c]] = int32(o)
		next[c]++
	}
	return om
}

// lay maps the rules of m (not its givens) to items and options: a primary
// item per cell (items 0..cells-1), then one per ExactlyOne rule in rule
// order, then a secondary item per AtMostOne rule. Each candidate c gets one
// option, in candidate order, listing c's cell's item first, then the item of
// every rule naming c, in rule order; lo.om records which option chooses
// which candidate.
func lay(m *model.Model) (*layout, error) {
	rules := m.Rules()
	lo := &layout{cells: m.Cells(), values: m.Values(), ruleItem: make([]int32, len(rules))}
	lo.primary = lo.cells
	for k, r := range rules {
		switch r.Kind {
		case model.ExactlyOne:
			lo.ruleItem[k] = int32(lo.primary)
			lo.primary++
		case model.AtMostOne:
			lo.secondary++
		default:
			return nil, fmt.Errorf("dlx: rule kind %v not supported", r.Kind)
		}
	}
	sec := lo.primary
	for k, r := range rules {
		if r.Kind == model.AtMostOne {
			lo.ruleItem[k] = int32(sec)
			sec++
		}
	}
	// Count each option's items, then fill them into one arena.
	n := m.NumCands()
	size := make([]int32, n)
	total := n
	for _, r := range rules {
		for _, c := range r.Cands {
			size[c]++
		}
		total += len(r.Cands)
	}
	arena := make([]int32, total)
	lo.options = make([][]int32, n)
	at := 0
	for c := range n {
		k := int(size[c]) + 1
		lo.options[c] = arena[at : at+1 : at+k]
		lo.options[c][0] = int32(c / lo.values)
		at += k
	}
	for k, r := range rules {
		for _, c := range r.Cands {
			lo.options[c] = append(lo.options[c], lo.ruleItem[k])
		}
	}
	cand := make([]model.Cand, n)
	for o := range cand {
		cand[o] = model.Cand(o)
	}
	lo.om = newOptionMap(n, cand)
	return lo, nil
}

// Lower returns the exact-cover matrix of m's rules: a primary item per cell
// (items 0..Cells-1, in cell order), a primary item per [model.ExactlyOne]
// rule and a secondary item per [model.AtMostOne] rule, both in rule order,
// and one option per candidate, in candidate order, listing its cell's item
// and then the item of every rule naming it. The givens of m are not
// applied, so the matrix serves every model with m's RulesID. A rule kind the
// backend cannot lower is an error naming it. LowerMap returns the matrix
// with the map from its options to m's candidates.
func Lower(m *model.Model) (*Matrix, error) {
	x, _, err := LowerMap(m)
	return x, err
}

// LowerMap is Lower returning also the [OptionMap] of the matrix: which
// candidate each option chooses. Decode a solution's options through it.
func LowerMap(m *model.Model) (*Matrix, *OptionMap, error) {
	lo, err := lay(m)
	if err != nil {
		return nil, nil, err
	}
	x, err := NewMatrix(lo.primary, lo.secondary, lo.options)
	if err != nil {
		return nil, nil, err
	}
	return x, lo.om, nil
}
