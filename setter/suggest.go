package setter

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// An Addition is one clue that could be added to a puzzle.
type Addition struct {
	// Kind is "given", "white dot", "black dot", "X", "V" or "cage
	// total".
	Kind string
	// Cells are the given's cell, the dot's two cells, or the cage's.
	Cells []sudoku.Cell
	// Value is the given's digit or the cage's total; 0 for a dot.
	Value int
	// Kept is the number of sampled solutions the addition keeps: the
	// number of solutions left with it when the sample is exact, a lower
	// bound otherwise.
	Kept int
	// Status is the puzzle's status with the addition: Unique or Multiple
	// when known (from an exact sample or a check), Unknown when not
	// checked or the check stopped.
	Status model.Status
}

// String describes the addition: "r1c2=5", "white dot r1c1 r1c2",
// "cage total r1c1 r2c1 = 7".
func (a Addition) String() string {
	switch a.Kind {
	case "given":
		return fmt.Sprintf("%v=%d", a.Cells[0], a.Value)
	case cageTotal:
		return fmt.Sprintf("%s %s = %d", a.Kind, cellList(a.Cells), a.Value)
	}
	return a.Kind + " " + cellList(a.Cells)
}

// cageTotal is the kind of addition that gives a killer cage without a
// total its total.
const cageTotal = "cage total"

// Suggestions is what Suggest found.
type Suggestions struct {
	// Status is the puzzle's own: only a puzzle with several solutions
	// gets additions.
	Status model.Status
	// Sample is the number of solutions sampled, and Exact reports that
	// they are all the puzzle's solutions.
	Sample int
	Exact  bool
	// Additions are the additions that keep at least one sampled
	// solution, best first: those known to make the puzzle unique, then by
	// Kept, fewest first; at most SuggestOptions.Max.
	Additions []Addition
	// Kinds are the kinds of clue considered; Refused names the puzzle's
	// variant families whose clues are not suggested, with why.
	Kinds   []string
	Refused []string
	// Stop says why the search ended early: additions not yet checked keep
	// status Unknown.
	Stop model.Stop
}

// SuggestOptions bound Suggest.
type SuggestOptions struct {
	// Nodes bounds each solve (0: no bound).
	Nodes int64
	// Sample is the number of solutions sampled (default 200).
	Sample int
	// Check is the number of best additions checked with a solve when the
	// sample is not exact (default 20).
	Check int
	// Max bounds the additions returned (default 50).
	Max int
}

// MaxSample bounds SuggestOptions.Sample.
const MaxSample = 100000

func (o *SuggestOptions) defaults() error {
	if o.Sample < 0 || o.Check < 0 || o.Max < 0 || o.Nodes < 0 {
		return fmt.Errorf("setter: negative bound in %+v", *o)
	}
	if o.Sample > MaxSample {
		return fmt.Errorf("setter: a sample of %d solutions is more than %d", o.Sample, MaxSample)
	}
	if o.Sample == 0 {
		o.Sample = 200
	}
	if o.Check == 0 {
		o.Check = 20
	}
	if o.Max == 0 {
		o.Max = 50
	}
	return nil
}

// A dotKind is a clue between two orthogonal neighbours that Suggest can
// add: its name, whether two digits satisfy it, and the variant with it.
type dotKind struct {
	name  string
	holds func(x, y int) bool
	add   func(v rules.Variant, p [2]sudoku.Cell) rules.Variant
}

var dotKinds = map[string][]dotKind{
	"kropki": {
		{"white dot", func(x, y int) bool { return x-y == 1 || y-x == 1 }, func(v rules.Variant, p [2]sudoku.Cell) rules.Variant {
			k := v.(variants.Kropki)
			k.White = append(slices.Clone(k.White), p)
			return k
		}},
		{"black dot", func(x, y int) bool { return x == 2*y || y == 2*x }, func(v rules.Variant, p [2]sudoku.Cell) rules.Variant {
			k := v.(variants.Kropki)
			k.Black = append(slices.Clone(k.Black), p)
			return k
		}},
	},
	"xv": {
		{"X", func(x, y int) bool { return x+y == 10 }, func(v rules.Variant, p [2]sudoku.Cell) rules.Variant {
			k := v.(variants.XV)
			k.X = append(slices.Clone(k.X), p)
			return k
		}},
		{"V", func(x, y int) bool { return x+y == 5 }, func(v rules.Variant, p [2]sudoku.Cell) rules.Variant {
			k := v.(variants.XV)
			k.V = append(slices.Clone(k.V), p)
			return k
		}},
	},
}

// Suggest finds the single additions that would make g, a puzzle with
// several solutions under rs, unique, best first: a given, and for kropki
// and XV puzzles a dot or a mark between two neighbours that have none.
// For a killer with cages drawn without their totals, a cage's total is
// suggested too. Other families' clues are not suggested (Refused names
// them): a line or an arrow holds more choices than one addition.
//
// It samples up to opts.Sample solutions (the first ones the solver
// finds, not a uniform sample). An addition keeps the sampled solutions it
// agrees with; when the sample holds every solution, that is the exact
// count left, and the additions keeping one make the puzzle unique.
// Otherwise the opts.Check additions keeping fewest are checked with a
// solve to two. A puzzle that is unique or has no solution gets none.
func Suggest(ctx context.Context, rs *rules.Set, g sudoku.Grid, solver model.Solver, opts SuggestOptions) (Suggestions, error) {
	if err := opts.defaults(); err != nil {
		return Suggestions{}, err
	}
	m, err := rs.Model(g)
	if err != nil {
		return Suggestions{}, err
	}
	s := Suggestions{}
	s.Kinds, s.Refused = clueKinds(rs.Variants())
	// Proving a puzzle unique is often much cheaper than enumerating many
	// solutions: decide that first.
	res, err := solver.Solve(ctx, m, model.Options{Limit: 2, Keep: model.KeepNone, Nodes: opts.Nodes})
	if err == nil && res.Status == model.Multiple {
		res, err = solver.Solve(ctx, m, model.Options{Limit: opts.Sample + 1, Keep: opts.Sample, Nodes: opts.Nodes})
	}
	if err != nil {
		return Suggestions{}, err
	}
	s.Status, s.Sample, s.Exact = res.Status, len(res.Solutions), res.Exact
	if res.Status != model.Multiple {
		s.Stop = res.Stop
		return s, nil
	}
	sols := make([][]int, len(res.Solutions))
	for i, sol := range res.Solutions {
		sols[i] = sol.Values(m.Values())
	}
	adds := givenAdditions(g, sols)
	adds, dots := dotAdditions(rs, sols, adds)   // dots: addition index -> its kind, for the checks
	adds, cages := cageAdditions(rs, sols, adds) // cages: addition index -> its cage's index
	order := make([]int, len(adds))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return adds[order[i]].Kept < adds[order[j]].Kept })
	for _, i := range order {
		switch a := &adds[i]; {
		case s.Exact && a.Kept == 1:
			a.Status = model.Unique
		case s.Exact:
			a.Status = model.Multiple
		}
	}
	if !s.Exact {
		s.Stop, err = checkAdditions(ctx, rs, g, solver, opts, adds, order, dots, cages)
		if err != nil {
			return s, err
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := adds[order[i]], adds[order[j]]
		return a.Status == model.Unique && b.Status != model.Unique
	})
	for _, i := range order[:min(len(order), opts.Max)] {
		s.Additions = append(s.Additions, adds[i])
	}
	return s, nil
}

// givenAdditions returns a given per empty cell and digit that some
// sampled solution holds, but not all of them.
func givenAdditions(g sudoku.Grid, sols [][]int) []Addition {
	n := g.Shape.N()
	var out []Addition
	count := make([]int, n+1)
	for i, v := range g.Cells {
		if v != 0 {
			continue
		}
		clear(count)
		for _, s := range sols {
			count[s[i]]++
		}
		for d := 1; d <= n; d++ {
			if count[d] > 0 && count[d] < len(sols) {
				out = append(out, Addition{Kind: "given", Cells: []sudoku.Cell{{Row: i / n, Col: i % n}}, Value: d, Kept: count[d]})
			}
		}
	}
	return out
}

// clueKinds returns the kinds of clue Suggest adds to a puzzle with
// variants vs, and the variants whose clues it does not add, with why.
func clueKinds(vs []rules.Variant) (kinds, refused []string) {
	kinds = []string{"given"}
	for _, v := range vs {
		if k, ok := v.(variants.Killer); ok {
			if slices.ContainsFunc(k.Cages, func(c variants.Cage) bool { return c.Total == 0 }) {
				kinds = append(kinds, cageTotal)
			} else {
				refused = append(refused, v.Name()+" (every cage has its total)")
			}
			continue
		}
		ks, ok := dotKinds[v.Name()]
		switch {
		case !ok:
			refused = append(refused, v.Name()+" (no single clue of it is suggested)")
		case negative(v):
			refused = append(refused, v.Name()+" with a negative constraint (every missing dot is already a clue)")
		default:
			for _, k := range ks {
				kinds = append(kinds, k.name)
			}
		}
	}
	return kinds, refused
}

// dotAdditions adds to adds a dot of each kind the puzzle's variants
// carry, between neighbours without a dot of that family, that some sampled
// solution satisfies but not all, and returns the kind of each dot by its
// index in adds.
func dotAdditions(rs *rules.Set, sols [][]int, adds []Addition) ([]Addition, map[int]dotKind) {
	n := rs.Shape().N()
	dots := map[int]dotKind{}
	for _, v := range rs.Variants() {
		ks, ok := dotKinds[v.Name()]
		if !ok || negative(v) {
			continue
		}
		taken := dottedPairs(v, n)
		for _, k := range ks {
			for i := 0; i < n*n; i++ {
				for _, j := range []int{i + 1, i + n} {
					if j >= n*n || (j == i+1 && j%n == 0) || taken[[2]int{i, j}] {
						continue
					}
					kept := 0
					for _, s := range sols {
						if k.holds(s[i], s[j]) {
							kept++
						}
					}
					if kept > 0 && kept < len(sols) {
						dots[len(adds)] = k
						adds = append(adds, Addition{Kind: k.name, Cells: []sudoku.Cell{{Row: i / n, Col: i % n}, {Row: j / n, Col: j % n}}, Kept: kept})
					}
				}
			}
		}
	}
	return adds, dots
}

// cageAdditions adds to adds a total for each killer cage without one,
// for each total some sampled solution gives it but not all, and returns
// the index of each such addition's cage (in the killer's Cages).
func cageAdditions(rs *rules.Set, sols [][]int, adds []Addition) ([]Addition, map[int]int) {
	n := rs.Shape().N()
	cages := map[int]int{}
	for _, v := range rs.Variants() {
		k, ok := v.(variants.Killer)
		if !ok {
			continue
		}
		for ci, c := range k.Cages {
			if c.Total != 0 {
				continue
			}
			count := map[int]int{}
			var totals []int
			for _, sol := range sols {
				t := 0
				for _, cell := range c.Cells {
					t += sol[cell.Row*n+cell.Col]
				}
				if count[t] == 0 {
					totals = append(totals, t)
				}
				count[t]++
			}
			slices.Sort(totals)
			for _, t := range totals {
				if count[t] < len(sols) {
					cages[len(adds)] = ci
					adds = append(adds, Addition{Kind: cageTotal, Cells: slices.Clone(c.Cells), Value: t, Kept: count[t]})
				}
			}
		}
	}
	return adds, cages
}

// negative reports whether a kropki or XV variant has a negative
// constraint.
func negative(v rules.Variant) bool {
	switch v := v.(type) {
	case variants.Kropki:
		return v.Negative || v.NegativeWhite || v.NegativeBlack
	case variants.XV:
		return v.Negative
	}
	return false
}

// dottedPairs returns the pairs of cells of a grid of side n (as cell
// indices, lower first) that already carry a dot or mark of v.
func dottedPairs(v rules.Variant, n int) map[[2]int]bool {
	var pairs [][2]sudoku.Cell
	switch v := v.(type) {
	case variants.Kropki:
		pairs = slices.Concat(v.White, v.Black)
		for _, d := range slices.Concat(v.WhiteDots, v.BlackDots) {
			pairs = append(pairs, [2]sudoku.Cell{d.A, d.B})
		}
	case variants.XV:
		pairs = slices.Concat(v.X, v.V)
	}
	out := map[[2]int]bool{}
	for _, p := range pairs {
		a, b := p[0].Row*n+p[0].Col, p[1].Row*n+p[1].Col
		out[[2]int{min(a, b), max(a, b)}] = true
	}
	return out
}

// checkAdditions solves the puzzle with each of the first opts.Check
// additions in order, to two solutions, and sets their status. It returns
// the stop that ended the checks early, if any.
func checkAdditions(ctx context.Context, rs *rules.Set, g sudoku.Grid, solver model.Solver, opts SuggestOptions,
	adds []Addition, order []int, dots map[int]dotKind, cages map[int]int) (model.Stop, error) {
	n := g.Shape.N()
	so := model.Options{Limit: 2, Keep: model.KeepNone, Nodes: opts.Nodes}
	vs := rs.Variants()
	for _, i := range order[:min(len(order), opts.Check)] {
		a := &adds[i]
		var res model.Result
		var err error
		if k, ok := dots[i]; ok {
			at := slices.IndexFunc(vs, func(v rules.Variant) bool { return v.Name() == variantOf(k) })
			res, err = solveWith(ctx, rs, g, replaceVariant(vs, at, k.add(vs[at], [2]sudoku.Cell{a.Cells[0], a.Cells[1]})), solver, so)
		} else if ci, ok := cages[i]; ok {
			at := slices.IndexFunc(vs, func(v rules.Variant) bool { _, ok := v.(variants.Killer); return ok })
			k := vs[at].(variants.Killer)
			k.Cages = slices.Clone(k.Cages)
			k.Cages[ci].Total = a.Value
			res, err = solveWith(ctx, rs, g, replaceVariant(vs, at, k), solver, so)
		} else {
			trial := g.Clone()
			trial.Cells[a.Cells[0].Row*n+a.Cells[0].Col] = a.Value
			var m *model.Model
			if m, err = rs.Model(trial); err == nil {
				res, err = solver.Solve(ctx, m, so)
			}
		}
		if err != nil {
			return model.Done, err
		}
		if res.Status == model.Unknown {
			if res.Stop == model.Deadline || res.Stop == model.Canceled {
				return res.Stop, nil
			}
			continue
		}
		a.Status = res.Status
	}
	return model.Done, nil
}

// variantOf returns the name of the family whose dots k is among.
func variantOf(k dotKind) string {
	for name, ks := range dotKinds {
		for _, o := range ks {
			if o.name == k.name {
				return name
			}
		}
	}
	return ""
}
