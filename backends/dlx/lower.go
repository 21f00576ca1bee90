package dlx

import (
	"fmt"

	"github.com/sudokit/sudokit/model"
)

// A layout records how a model's rules map to items: the item of every
// cell and rule. Options are the model's candidates: option o is [model.Cand] o.
type layout struct {
	cells, values int
	primary       int     // cells + exactly-one rules
	secondary     int     // at-most-one rules
	ruleItem      []int32 // item of rule k
	options       [][]int32
}

// lay maps the rules of m (not its givens) to items and options: a primary
// item per cell (items 0..cells-1), then one per ExactlyOne rule in rule
// order, then a secondary item per AtMostOne rule. The option of candidate c
// lists its cell's item first, then the item of every rule naming c, in rule
// order.
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
	return lo, nil
}

// Lower returns the exact-cover matrix of m's rules: a primary item per cell
// (items 0..Cells-1, in cell order), a primary item per [model.ExactlyOne]
// rule and a secondary item per [model.AtMostOne] rule, both in rule order,
// and one option per candidate (option o is candidate o) listing its cell's
// item and then the item of every rule naming it. The givens of m are not
// applied, so the matrix serves every model with m's RulesID. A rule kind the
// backend cannot lower is an error naming it.
func Lower(m *model.Model) (*Matrix, error) {
	lo, err := lay(m)
	if err != nil {
		return nil, err
	}
	return NewMatrix(lo.primary, lo.secondary, lo.options)
}
