package dlx

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/model"
)

// A layout records how a model's rules map to items (the item of every cell
// and rule) and its candidates and n-ary rules to options (the items and
// colors of every option, and the option map).
type layout struct {
	cells, values int
	primary       int     // cells, exactly-one rules and n-ary rules
	secondary     int     // at-most-one rules, then the n-ary rules' items
	ruleItem      []int32 // item of rule k; -1 for an n-ary rule that never applies
	options       [][]int32
	colors        [][]int32 // nil when no option gives a color
	om            *OptionMap
	// For names: the rule and the rule's own number of each item past
	// the cells (-1: the rule's item itself; -i for i > 1: a chained
	// sum's primary item T_i; j >= 0: its j-th secondary item).
	itemRule, itemSub []int32
	ruleLow           []string // per rule: how an n-ary rule was lowered ("" otherwise)
}

// An OptionMap relates the options of a lowered matrix to the model's
// candidates: an option chooses one candidate or none (the options of an
// n-ary rule, after the candidates' options), and a candidate may have
// several options or none. Lower makes one option per candidate, in
// candidate order; the solver and the exporter read the map rather than
// assume it. An OptionMap is immutable and safe for concurrent use.
type OptionMap struct {
	cand  []model.Cand // by option
	start []int32      // the options of candidate c are opts[start[c]:start[c+1]]
	opts  []int32
}

// Cand returns the candidate option o chooses, or -1 when o chooses none
// (an option of an n-ary rule).
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
	om := &OptionMap{cand: cand, start: make([]int32, n+1), opts: make([]int32, 0, len(cand))}
	for _, c := range cand {
		if c >= 0 {
			om.opts = append(om.opts, 0)
		}
	}
	for _, c := range cand {
		if c >= 0 {
			om.start[c+1]++
		}
	}
	for c := range n {
		om.start[c+1] += om.start[c]
	}
	next := append([]int32(nil), om.start[:n]...)
	for o, c := range cand {
		if c >= 0 {
			om.opts[next[c]] = int32(o)
			next[c]++
		}
	}
	return om
}

// lay maps the rules of m (not its givens) to items and options: a primary
// item per cell (items 0..cells-1), then one per ExactlyOne, Sum and Table
// rule in rule order, then a secondary item per AtMostOne rule, then the
// secondary items of the n-ary rules, rule by rule. Each candidate c gets
// one option, in candidate order, listing c's cell's item first, then the
// items of every rule naming c (or, for an n-ary rule, c's cell), in rule
// order; the options of the n-ary rules follow, rule by rule. lo.om records
// which option chooses which candidate.
func lay(m *model.Model, cfg lowerConfig) (*layout, error) {
	return layContext(context.Background(), m, cfg)
}

// layContext is lay giving up with ctx's error when ctx ends. It polls ctx
// (a non-blocking ctx.Err()) every pollMask+1 rules, as the search does
// nodes, and before every Sum or Table rule, whose lowering can enumerate
// many combinations.
//
// The phases: the primary items, which lower the n-ary rules
// ([layout.primaryItems]); the secondary items ([layout.secondaryItems]);
// the candidates' options ([layout.candidateOptions]); the n-ary rules'
// own options and the option map ([layout.naryOptions]).
func layContext(ctx context.Context, m *model.Model, cfg lowerConfig) (*layout, error) {
	rules := m.Rules()
	lo := &layout{cells: m.Cells(), values: m.Values(), ruleItem: make([]int32, len(rules)), ruleLow: make([]string, len(rules)),
		// An item per rule, and the n-ary rules' secondary items beyond.
		itemRule: make([]int32, 0, len(rules)), itemSub: make([]int32, 0, len(rules))}
	plans, err := lo.primaryItems(ctx, m, cfg)
	if err != nil {
		return nil, err
	}
	var drop []bool
	if cfg.dropCovered {
		if drop, err = covered(ctx, m); err != nil {
			return nil, err
		}
	}
	secBase, err := lo.secondaryItems(ctx, rules, plans, drop)
	if err != nil {
		return nil, err
	}
	colored, err := lo.candidateOptions(ctx, m, plans, secBase)
	if err != nil {
		return nil, err
	}
	lo.naryOptions(m.NumCands(), plans, secBase, colored)
	return lo, nil
}

// primaryItems numbers the primary items after the cells' (one per
// ExactlyOne rule, one per Sum or Table rule and its plan's further ones,
// in rule order), counts the secondary items of the AtMostOne rules, and
// returns the plan of each n-ary rule lowered (nil for the others, for
// one left out and for one that never applies). It refuses a rule kind it
// does not know and a matrix of more than maxNodes nodes.
func (lo *layout) primaryItems(ctx context.Context, m *model.Model, cfg lowerConfig) ([]*naryPlan, error) {
	rules := m.Rules()
	plans := make([]*naryPlan, len(rules))
	lw := &lowerer{ctx: ctx, m: m, cfg: cfg}
	lo.primary = lo.cells
	nodes := m.NumCands()
	for k, r := range rules {
		if k&pollMask == 0 || r.Kind == model.Sum || r.Kind == model.Table {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		switch r.Kind {
		case model.ExactlyOne:
			lo.ruleItem[k] = int32(lo.primary)
			lo.primary++
			lo.itemRule, lo.itemSub = append(lo.itemRule, int32(k)), append(lo.itemSub, -1)
			nodes += len(r.Cands)
		case model.AtMostOne:
			lo.secondary++
			nodes += len(r.Cands)
		case model.Sum, model.Table:
			lo.ruleItem[k] = -1
			if r.Payload.Implied && !r.Payload.Distinct {
				// Redundant, and its cells may repeat a value: exact
				// cover would list a tuple per combination for little.
				lo.ruleLow[k] = leftOut
				continue
			}
			plan, err := lw.plan(k, r)
			if r.Payload.Implied && (err != nil || plan != nil && len(plan.opts) > maxImpliedOptions) {
				// Redundant, and too large to pay for its options.
				lo.ruleLow[k] = leftOut
				continue
			}
			if err != nil {
				return nil, err
			}
			if plan == nil {
				lo.ruleLow[k] = "never applies"
				continue
			}
			plans[k], lo.ruleLow[k] = plan, plan.how
			lo.ruleItem[k] = int32(lo.primary)
			lo.primary += 1 + plan.nprim
			for j := range 1 + plan.nprim {
				lo.itemRule, lo.itemSub = append(lo.itemRule, int32(k)), append(lo.itemSub, -1-int32(j))
			}
			nodes += len(plan.entries) + plan.nodes + len(plan.opts)
			if nodes > maxNodes {
				return nil, fmt.Errorf("dlx: %s too large to lower: %d nodes in all with it (at most %d): %w", m.RuleName(k), nodes, maxNodes, model.ErrUnsupported)
			}
		default:
			return nil, fmt.Errorf("dlx: %s: %w", m.RuleName(k), model.ErrUnsupported)
		}
	}
	return plans, nil
}

// secondaryItems numbers the secondary items after the primary ones: one
// per AtMostOne rule, in rule order, unless drop leaves it out, then the
// secondary items of each plan, rule by rule. It returns, per rule, the
// first secondary item of its plan (see layout.global).
func (lo *layout) secondaryItems(ctx context.Context, rules []model.Rule, plans []*naryPlan, drop []bool) ([]int32, error) {
	sec := lo.primary
	for k, r := range rules {
		if k&pollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if r.Kind == model.AtMostOne && drop != nil && drop[k] {
			lo.ruleItem[k] = -1 // nothing lists it
			continue
		}
		if r.Kind == model.AtMostOne {
			lo.ruleItem[k] = int32(sec)
			sec++
			lo.itemRule, lo.itemSub = append(lo.itemRule, int32(k)), append(lo.itemSub, -1)
		}
	}
	secBase := make([]int32, len(rules))
	for k, plan := range plans {
		if plan != nil {
			secBase[k] = int32(sec)
			for j := range plan.nsec {
				lo.itemRule, lo.itemSub = append(lo.itemRule, int32(k)), append(lo.itemSub, int32(j))
			}
			sec += plan.nsec
		}
	}
	lo.secondary = sec - lo.primary
	return secBase, nil
}

// global returns the item of rule k's plan numbered local (see naryPlan):
// the rule's primary items from its own, its secondary ones from
// secBase[k].
func (lo *layout) global(secBase []int32, k int, local int32) int32 {
	if local <= 0 {
		return lo.ruleItem[k] - local
	}
	return secBase[k] + local - 1
}

// candidateOptions builds the candidates' options, one per candidate: its
// cell's item, then the items of every rule naming it (a plan's entries
// for an n-ary rule), in rule order. It counts each option's items, then
// fills them into one arena, and the colors into another when some entry
// has one; it reports whether one does.
func (lo *layout) candidateOptions(ctx context.Context, m *model.Model, plans []*naryPlan, secBase []int32) (colored bool, err error) {
	rules := m.Rules()
	n := m.NumCands()
	size := make([]int32, n)
	total := n
	if err := ctx.Err(); err != nil {
		return false, err
	}
	for k, r := range rules {
		if plan := plans[k]; plan != nil {
			for _, e := range plan.entries {
				size[e.cand]++
				colored = colored || e.color > 0
			}
			total += len(plan.entries)
			continue
		}
		if lo.ruleItem[k] < 0 {
			continue
		}
		for _, c := range r.Cands {
			size[c]++
		}
		total += len(r.Cands)
	}
	arena := make([]int32, total)
	lo.options = make([][]int32, n)
	var colorArena []int32
	if colored {
		colorArena = make([]int32, total)
		lo.colors = make([][]int32, n)
	}
	at := 0
	for c := range n {
		k := int(size[c]) + 1
		lo.options[c] = arena[at : at+1 : at+k]
		lo.options[c][0] = int32(c / lo.values)
		if colored {
			lo.colors[c] = colorArena[at : at+1 : at+k]
		}
		at += k
	}
	for k, r := range rules {
		if k&pollMask == 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
		}
		if plan := plans[k]; plan != nil {
			for _, e := range plan.entries {
				lo.options[e.cand] = append(lo.options[e.cand], lo.global(secBase, k, e.item))
				if colored {
					lo.colors[e.cand] = append(lo.colors[e.cand], e.color)
				}
			}
			continue
		}
		if lo.ruleItem[k] < 0 {
			continue
		}
		for _, c := range r.Cands {
			lo.options[c] = append(lo.options[c], lo.ruleItem[k])
			if colored {
				lo.colors[c] = append(lo.colors[c], 0)
			}
		}
	}
	return colored, nil
}

// naryOptions appends the n-ary rules' own options, which choose no
// candidate, rule by rule after the n candidates' options, and records in
// lo.om which option chooses which candidate.
func (lo *layout) naryOptions(n int, plans []*naryPlan, secBase []int32, colored bool) {
	cand := make([]model.Cand, n)
	for o := range cand {
		cand[o] = model.Cand(o)
	}
	for k, plan := range plans {
		if plan == nil {
			continue
		}
		for o, items := range plan.opts {
			g := make([]int32, len(items))
			for j, it := range items {
				g[j] = lo.global(secBase, k, it)
			}
			lo.options = append(lo.options, g)
			if colored {
				lo.colors = append(lo.colors, plan.cols[o])
			}
			cand = append(cand, -1)
		}
	}
	lo.om = newOptionMap(n, cand)
}

// covered reports, by rule, the AtMostOne rules over two candidates that
// another rule already keeps apart: the two share a cell, or an ExactlyOne
// rule or an AtMostOne rule over more candidates names both. Their items
// change no search: choosing one of the two candidates removes the other
// through the cell's or that rule's item anyway, so the same options stay
// live at every node and only the updates of covering them are saved.
// Variants add such pairs by the thousand (on a 36x36 grid, 169,000 of the
// 260,000 pairs of anti-knight, anti-king, diagonals and disjoint groups
// lie in a box, row or column). Repeated pairs are kept, each.
func covered(ctx context.Context, m *model.Model) ([]bool, error) {
	rules := m.Rules()
	wide := func(r model.Rule) bool {
		return r.Kind == model.ExactlyOne || (r.Kind == model.AtMostOne && len(r.Cands) > 2)
	}
	// The wide rules of every candidate, in rule order (CSR).
	n := m.NumCands()
	start := make([]int32, n+1)
	for _, r := range rules {
		if wide(r) {
			for _, c := range r.Cands {
				start[c+1]++
			}
		}
	}
	for c := range n {
		start[c+1] += start[c]
	}
	of := make([]int32, start[n])
	next := append([]int32(nil), start[:n]...)
	for k, r := range rules {
		if wide(r) {
			for _, c := range r.Cands {
				of[next[c]] = int32(k)
				next[c]++
			}
		}
	}
	drop := make([]bool, len(rules))
	for k, r := range rules {
		if k&pollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if r.Kind != model.AtMostOne || len(r.Cands) != 2 {
			continue
		}
		a, b := r.Cands[0], r.Cands[1]
		if m.CellOf(a) == m.CellOf(b) {
			drop[k] = true
			continue
		}
		ra, rb := of[start[a]:start[a+1]], of[start[b]:start[b+1]]
		for len(ra) > 0 && len(rb) > 0 && !drop[k] {
			switch {
			case ra[0] < rb[0]:
				ra = ra[1:]
			case ra[0] > rb[0]:
				rb = rb[1:]
			default:
				drop[k] = true
			}
		}
	}
	return drop, nil
}

// Lower returns the exact-cover matrix of m's rules: a primary item per cell
// (items 0..Cells-1, in cell order), a primary item per [model.ExactlyOne],
// [model.Sum] and [model.Table] rule and a secondary item per
// [model.AtMostOne] rule, both in rule order, then the colored secondary
// items of the Sum and Table rules; one option per candidate, in candidate
// order, listing its cell's item and then the items of every rule naming it;
// then the options of the Sum and Table rules (see the package
// documentation). The givens of m are not applied, so the matrix serves
// every model with m's RulesID. A rule kind the backend cannot lower is an
// error naming it, and so is a rule too large to lower. LowerMap returns the
// matrix with the map from its options to m's candidates.
func Lower(m *model.Model) (*Matrix, error) {
	x, _, err := LowerMap(m)
	return x, err
}

// LowerMap is Lower returning also the [OptionMap] of the matrix: which
// candidate each option chooses. Decode a solution's options through it.
func LowerMap(m *model.Model) (*Matrix, *OptionMap, error) {
	return lowerWith(m, lowerConfig{})
}

// lowerWith is LowerMap with a lowering configuration.
func lowerWith(m *model.Model, cfg lowerConfig) (*Matrix, *OptionMap, error) {
	return lowerContext(context.Background(), m, cfg)
}

// lowerContext is lowerWith giving up with ctx's error when ctx ends, as
// the solver lowers: the lowering of a large model takes long enough to
// matter against a time limit.
func lowerContext(ctx context.Context, m *model.Model, cfg lowerConfig) (*Matrix, *OptionMap, error) {
	lo, err := layContext(ctx, m, cfg)
	if err != nil {
		return nil, nil, err
	}
	x, err := newMatrix(ctx, lo.primary, lo.secondary, lo.options, lo.colors)
	if err != nil {
		return nil, nil, err
	}
	return x, lo.om, nil
}
