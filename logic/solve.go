package logic

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/model"
)

// A finder is one technique's search: the first step it finds, if any.
type finder func(s *state) (Step, bool)

// finders holds the searches in the order the solver tries them, each with
// the technique it reports (fish(2) an X-wing …); their levels never go
// down. It is set in init because combination forcing follows the others.
var finders []struct {
	find finder
	tech Technique
}

func init() {
	finders = []struct {
		find finder
		tech Technique
	}{
		{fullHouse, FullHouse}, {nakedSingle, NakedSingle}, {hiddenSingle, HiddenSingle},
		{combinations, CageCombination}, {bounds, SumBounds}, {tableSupport, TableSupport}, {pairRule, PairRule},
		{lockedIn(box), Pointing}, {lockedIn(row), Claiming}, {lockedIn(other), LockedCandidates},
		{cageLocked, CageLocked}, {inniesOuties, InniesOuties}, {houseCombinations, HouseCombination},
		{naked(2), NakedPair}, {hidden(2), HiddenPair}, {naked(3), NakedTriple}, {hidden(3), HiddenTriple},
		{fish(2), XWing}, {finnedFish(2), FinnedXWing}, {xyWing, XYWing}, {xyzWing, XYZWing}, {emptyRectangle, EmptyRectangle},
		{uniqueRectangle, UniqueRectangle}, {naked(4), NakedQuad}, {hidden(4), HiddenQuad}, {bugPlusOne, BUGPlusOne},
		{bigWing(4), WXYZWing}, {fish(3), Swordfish}, {finnedFish(3), FinnedSwordfish}, {bigWing(5), VWXYZWing},
		{aligned(2), AlignedPairExclusion}, {bigWing(6), UVWXYZWing}, {wWing, WWing}, {fish(4), Jellyfish},
		{finnedFish(4), FinnedJellyfish}, {colouring, SimpleColouring}, {sueDeCoq, SueDeCoq}, {xCycle, XCycle},
		{xChain, XChain}, {xyCycle, XYCycle}, {xyChain, XYChain}, {niceLoop, NiceLoop}, {aic, AIC}, {alsXZ, ALSXZ},
		{alsXYWing, ALSXYWing}, {groupedAIC, GroupedAIC}, {bigWing(7), TUVWXYZWing}, {aligned(3), AlignedTripletExclusion},
		{combinationForcing, CombinationForcing},
		{nishio, Nishio}, {regionForcing, RegionForcing}, {cellForcing, CellForcing}, {rulesNishio, RulesNishio},
		{rulesForcing, RulesForcing}, {rulesNestedNishio, RulesNestedNishio}, {dynamicForcing, DynamicForcing},
		{dynamicPlus, DynamicForcingPlus}, {nestedForcing, NestedForcing}, {nestedPlus, NestedForcingPlus},
	}
	orderBySE()
}

// firstHard is the index in finders of the first technique beyond singles.
const firstHard = 3

// Options says how Explain goes on when the techniques are stuck.
type Options struct {
	// Solver, when set, is asked (for two solutions) whether the puzzle has
	// exactly one solution; if so, where the techniques get stuck the path
	// places that solution's value in an open cell with the fewest
	// candidates (a Guess step) and goes on, so that every unique puzzle
	// gets a complete path and a grade. Without a Solver the path stops
	// where the techniques do.
	Solver model.Solver
	// Nodes bounds the Solver's search (see model.Options.Nodes).
	Nodes int64
	// AssumeUnique lets the techniques that assume the puzzle has exactly
	// one solution run (unique rectangles, BUG+1), on grids of rows,
	// columns and boxes only. Their steps are sound only for such a
	// puzzle: on one with several solutions they may remove every
	// solution.
	AssumeUnique bool
	// Propagator, when set, lets the last techniques read every rule on
	// puzzles with Sum or Table rules (killers, arrows, little killers
	// …): nishio and forcing over every rule follow an assumption by its
	// propagation (backends/prop's Solver is one; see rulesforcing.go).
	// Rate never uses it.
	Propagator Propagator
	// Techniques, when not empty, is the set of techniques to use instead
	// of DefaultTechniques (AssumeUnique still adds its own).
	Techniques TechniqueSet
}

// uses returns the techniques o lets a path use.
func (o Options) uses() TechniqueSet {
	use := o.Techniques
	if use == 0 {
		use = DefaultTechniques()
	}
	if o.AssumeUnique {
		use |= Uniqueness
	}
	return use
}

// A Path is the sequence of steps that solves a puzzle, or as far as the
// techniques get, and its grade.
type Path struct {
	Steps []Step
	// Solved reports that the steps fill every cell.
	Solved bool
	// Status is the Solver's answer (Unique, Multiple, Unsat, Unknown), or
	// Unknown when Options had no Solver.
	Status model.Status
	// Contradiction, when not empty, says what the givens (or the steps
	// they lead to) leave impossible: the puzzle has no solution.
	Contradiction string
	// Guesses counts the Guess steps.
	Guesses int
	// Level is the level of the hardest step (Simple for a solved grid);
	// Search when the path guesses or stops unsolved.
	Level Level
	// Score adds up the weights of the steps' techniques.
	Score int
	// Values holds the value of every cell at the end, 0 where open.
	Values []int
	// Rating places the path on Sudoku Explainer's scale (see Rating).
	Rating Rating
}

// Counts returns how many steps use each technique.
func (p *Path) Counts() map[Technique]int {
	out := map[Technique]int{}
	for _, s := range p.Steps {
		out[s.Technique]++
	}
	return out
}

// start returns the position of m's givens.
func start(m *model.Model) (*state, error) {
	geo, err := geometries.Get(m, newGeometry)
	if err != nil {
		return nil, err
	}
	s := newState(geo)
	s.load(m)
	return s, nil
}

// load places m's givens in a fresh position and removes its excluded
// candidates.
func (s *state) load(m *model.Model) {
	geo := s.geo
	for _, c := range m.Excluded() {
		s.cand[s.cellOf(c)] &^= 1 << (int(c) % s.n)
	}
	for _, c := range m.Fixed() {
		cell, v := s.cellOf(c), s.valueOf(c)
		if s.val[cell] != 0 && s.val[cell] != v || s.cand[cell]>>(v-1)&1 == 0 {
			s.clash = "the givens exclude " + geo.cellNames[cell] + "=" + fmt.Sprint(v)
			continue
		}
		s.place(cell, v)
	}
}

// next returns the easiest step from s.
func next(s *state) (Step, bool) {
	for _, f := range finders {
		if !s.use.Has(f.tech) {
			continue
		}
		if st, ok := f.find(s); ok {
			return st, true
		}
	}
	return Step{}, false
}

// Next returns the easiest step from m's givens (its fixed candidates, with
// its excluded ones removed, as pencil marks), and false when no technique
// applies: the grid is full, contradictory, or needs more than the
// techniques know.
func Next(m *model.Model) (Step, bool, error) {
	s, err := start(m)
	if err != nil {
		return Step{}, false, err
	}
	if s.left == 0 || s.broken() != "" {
		return Step{}, false, nil
	}
	st, ok := next(s)
	return st, ok, nil
}

// Explain solves m step by step, restarting from the easiest technique
// after every step, and grades the path. It returns an error for a model it
// cannot read (more than MaxValues values, a rule kind model/graph does not
// know) or when ctx ends or the Solver fails.
func Explain(ctx context.Context, m *model.Model, opts Options) (Path, error) {
	s, err := startWith(ctx, m, opts)
	if err != nil {
		return Path{}, err
	}
	p := Path{Status: model.Unknown}
	var sol model.Solution
	if opts.Solver != nil {
		res, err := opts.Solver.Solve(ctx, m, model.Options{Limit: 2, Keep: 1, Nodes: opts.Nodes})
		if err != nil {
			return Path{}, err
		}
		p.Status = res.Status
		if res.Status == model.Unique {
			sol = res.Solutions[0]
		}
	}
	p.Contradiction = s.broken()
	for p.Contradiction == "" && s.left > 0 {
		if err := ctx.Err(); err != nil {
			return Path{}, err
		}
		st, ok := next(s)
		if !ok {
			if sol == nil {
				break
			}
			st = s.guess(sol)
			p.Guesses++
		}
		s.apply(&st)
		p.Steps = append(p.Steps, st)
		p.Contradiction = s.broken()
	}
	p.Solved = s.left == 0 && p.Contradiction == ""
	p.Values = s.val
	for _, st := range p.Steps {
		p.Score += st.Technique.Weight()
		p.Level = max(p.Level, st.Technique.Level())
	}
	if !p.Solved {
		p.Level = Search
	}
	if p.Rating, err = seRating(ctx, m, opts, p.Steps); err != nil {
		return Path{}, err
	}
	return p, nil
}

// seRating rates a path as Sudoku Explainer would walk it. Sudoku
// Explainer takes its easiest step first, and on its scale a hidden single
// in a box (1.2) is easier than one in a row or column (1.5), which is
// easier than a naked single (2.3); sudokit's path takes naked singles
// first, as qqwing's levels and its own weights rank them. The other
// techniques come after every single in both orders, and the singles a
// position leads to are the same whatever their order, so both walks meet
// the same positions whenever no single is left: seRating replays steps
// from m's givens, taking the singles in Sudoku Explainer's order and, where
// none is left, the path's next step that is not a single. It rates that
// replay (see rate).
func seRating(ctx context.Context, m *model.Model, opts Options, path []Step) (Rating, error) {
	steps, _, _, err := seReplay(ctx, m, opts, path)
	return rate(steps), err
}

// A seStep is a step of seRating's replay: the technique, its rating, and
// whether it places a value.
type seStep struct {
	tech   Technique
	rating float64
	places bool
}

// A direct is one of Sudoku Explainer's direct techniques: a step of find
// (a pointing, a claiming, a hidden subset) whose eliminations leave a
// hidden single, rated as one step with that single (its published
// difficulty).
type direct struct {
	find   finder
	tech   Technique
	rating float64
}

// directs are the direct techniques easier than a naked single (2.3), and
// directTriple the direct hidden triple, tried after them.
var (
	directs      = []direct{{lockedIn(box), Pointing, 1.7}, {lockedIn(row), Claiming, 1.9}, {hidden(2), HiddenPair, 2.0}}
	directTriple = []direct{{hidden(3), HiddenTriple, 2.5}}
)

// seReplay returns the steps of seRating's replay of path from m's givens,
// whether the replay took every step of path that is not a single, and
// whether it filled the grid.
// Where no hidden single is left, it takes a direct technique (see
// directs) before a naked single, as Sudoku Explainer does; the positions
// then hold more eliminations than the path's, and the path's later steps
// still hold there.
func seReplay(ctx context.Context, m *model.Model, opts Options, path []Step) ([]seStep, bool, bool, error) {
	s, err := startWith(ctx, m, opts)
	if err != nil {
		return nil, false, false, err
	}
	var steps []seStep
	i := 0
	hardest := 0.0
	for s.broken() == "" && s.left > 0 {
		if err := ctx.Err(); err != nil {
			return nil, false, false, err
		}
		st, ok := seSingle(s, false)
		rating := st.Rating()
		for i < len(path) && isSingle(path[i].Technique) {
			i++
		}
		// A direct technique goes before the path's next step only when
		// it rates less (on a killer, cage combinations rate 2.0).
		below := 11.0
		if i < len(path) {
			below = path[i].Rating()
		}
		// A direct technique changes the rating only where the step it
		// replaces, a naked single or the path's next, would be the
		// hardest so far.
		if !ok {
			naked, single := seSingle(s, true)
			replaced := below
			if single {
				replaced = naked.Rating()
			}
			if hardest < replaced {
				st, rating, ok = seDirect(s, directs, below)
			}
			if !ok && single {
				st, rating, ok = naked, naked.Rating(), true
			}
		}
		if !ok && hardest < below {
			st, rating, ok = seDirect(s, directTriple, below)
		}
		if !ok {
			if i == len(path) {
				break
			}
			if !progresses(s, &path[i]) {
				i++ // an easier step the replay took made this one
				continue
			}
			st, rating = path[i], path[i].Rating()
			// An easier step in its place matters to the rating only
			// where this one would be the hardest so far.
			alt, r, found := Step{}, 0.0, false
			if rating > hardest {
				alt, r, found = seCheaper(s, st.Technique, rating)
			}
			if found {
				st, rating = alt, r
			} else {
				i++
			}
		}
		hardest = max(hardest, rating)
		s.apply(&st)
		steps = append(steps, seStep{tech: st.Technique, rating: rating, places: len(st.Placements) > 0})
	}
	for i < len(path) && isSingle(path[i].Technique) {
		i++
	}
	return steps, i == len(path), s.left == 0, nil
}

// seOrder holds the indices in finders of the techniques beyond the
// singles, by their base difficulty on Sudoku Explainer's scale.
var seOrder []int

// orderBySE sets seOrder once finders is set.
func orderBySE() {
	seOrder = seOrder[:0]
	for i := firstHard; i < len(finders); i++ {
		seOrder = append(seOrder, i)
	}
	slices.SortStableFunc(seOrder, func(a, b int) int {
		return cmp.Compare(seDifficulty[finders[a].tech], seDifficulty[finders[b].tech])
	})
}

// seCheaper returns the step Sudoku Explainer would take before a step of
// technique t rated below: the least rated, below below, of the techniques
// the path tries after t (it did not look for them where it took t's step;
// cycles it looked for only up to a few nodes) whose rule Sudoku Explainer
// tries first, one of a lower base difficulty or, for a chain, any of its
// chains and cycles (one rule there, its steps ranked by rating); and for a
// chain, the forcing chains it would find (seForcing). A W-wing, a forcing
// chain of 7.1 there, goes after a WXYZ-wing of 5.5 or an XY-cycle of 6.8.
// Sudoku Explainer takes the easiest step on its scale; the path, the
// easiest on sudokit's weights.
func seCheaper(s *state, t Technique, below float64) (Step, float64, bool) {
	after := -1
	for i, f := range finders {
		if f.tech == t {
			after = i
			break
		}
	}
	if after < 0 {
		return Step{}, 0, false
	}
	var best Step
	found := false
	for _, i := range seOrder {
		f := finders[i]
		if seDifficulty[f.tech] >= below {
			break
		}
		links, cycle := cycleLinks(f.tech)
		// The path looked for t's step after every technique before it,
		// but for cycles only up to a few nodes.
		if i <= after && !cycle || !s.use.Has(f.tech) {
			continue
		}
		if seDifficulty[f.tech] >= seDifficulty[t] && !(seChaining(f.tech) && seChaining(t)) {
			continue // Sudoku Explainer tries t's rule first
		}
		var st Step
		var ok bool
		if cycle {
			st, ok = s.shortestCycle(links, nodesBelow(seDifficulty[f.tech], below))
		} else {
			st, ok = f.find(s)
		}
		if ok && st.Rating() < below {
			best, below, found = st, st.Rating(), true
		}
	}
	if seChaining(t) {
		if st, ok := seForcing(s, below); ok {
			best, below, found = st, st.Rating(), true
		}
	}
	return best, below, found
}

// seChaining reports whether Sudoku Explainer finds t's deductions with
// its forcing chains and cycles (6.5 to 7.x), one rule whose steps it
// ranks by their rating, length included. Its other rules it tries in
// the order of their base difficulty.
func seChaining(t Technique) bool {
	switch t {
	case SimpleColouring, XChain, XYChain, AIC, WWing, XCycle, XYCycle, NiceLoop:
		return true
	}
	return false
}

// progresses reports whether st still places or removes a candidate in s.
func progresses(s *state, st *Step) bool {
	for _, p := range st.Placements {
		if s.val[p.Cell] == 0 {
			return true
		}
	}
	for _, e := range st.Eliminations {
		for _, v := range e.Values {
			if s.cand[e.Cell]>>(v-1)&1 != 0 {
				return true
			}
		}
	}
	return false
}

// seDirect returns a step of the finders fs rated below below whose
// eliminations leave a hidden single in s, and its rating.
func seDirect(s *state, fs []direct, below float64) (Step, float64, bool) {
	for _, f := range fs {
		if f.rating >= below || !s.use.Has(f.tech) || !s.use.Has(HiddenSingle) {
			continue
		}
		saved := slices.Clone(s.cand)
		s.accept = func(st *Step) bool {
			s.apply(st)
			_, single := hiddenSingleWhere(s, directIn(st))
			copy(s.cand, saved)
			return single
		}
		st, ok := f.find(s)
		s.accept = nil
		if ok {
			return st, f.rating, true
		}
	}
	return Step{}, 0, false
}

// directIn says where Sudoku Explainer looks for the hidden single a
// direct step leaves: for a pointing, in the other boxes; for a claiming,
// in the other lines of the claiming's kind; for a hidden subset, in its
// own house.
func directIn(st *Step) func(kind kind, label string) bool {
	house := st.Houses[0]
	switch st.Technique {
	case Pointing:
		return func(k kind, _ string) bool { return k == box }
	case Claiming:
		k0 := kindOf(house)
		return func(k kind, _ string) bool { return k == k0 }
	}
	return func(_ kind, label string) bool { return label == house }
}

// isSingle reports whether t places a value by the singles.
func isSingle(t Technique) bool { return t == FullHouse || t == NakedSingle || t == HiddenSingle }

// seSingle returns a full house or a hidden single of s, boxes first, as
// Sudoku Explainer takes them; or, when naked, a naked single.
func seSingle(s *state, naked bool) (Step, bool) {
	if naked {
		if s.use.Has(NakedSingle) {
			return nakedSingle(s)
		}
		return Step{}, false
	}
	if s.use.Has(FullHouse) {
		if st, ok := fullHouse(s); ok {
			return st, true
		}
	}
	if s.use.Has(HiddenSingle) {
		return hiddenSingleBoxFirst(s)
	}
	return Step{}, false
}

// Hint returns the start of the path Explain would walk without a Solver:
// its first step alone, or no step, the path then saying whether the
// puzzle is solved, contradictory or stuck. It takes opts' techniques and
// propagator (its Solver is not used) and costs one step, not a path.
func Hint(ctx context.Context, m *model.Model, opts Options) (Path, error) {
	s, err := startWith(ctx, m, opts)
	if err != nil {
		return Path{}, err
	}
	p := Path{Status: model.Unknown, Contradiction: s.broken()}
	if p.Contradiction == "" && s.left > 0 {
		if err := ctx.Err(); err != nil {
			return Path{}, err
		}
		if st, ok := next(s); ok {
			p.Steps = []Step{st}
		}
	}
	p.Solved = s.left == 0 && p.Contradiction == ""
	p.Values = s.val
	if !p.Solved {
		p.Level = Search
	}
	return p, nil
}

// startWith returns the position of m's givens with opts' techniques and
// propagator.
func startWith(ctx context.Context, m *model.Model, opts Options) (*state, error) {
	s, err := start(m)
	if err != nil {
		return nil, err
	}
	s.use = opts.uses()
	s.ctx = ctx
	s.assume = propagation(ctx, m, s, opts.Propagator)
	return s, nil
}

// guess places the solution's value in the first open cell with the fewest
// candidates.
func (s *state) guess(sol model.Solution) Step {
	best, fewest := -1, 65
	for c, m := range s.cand {
		if n := bits.OnesCount64(m); s.val[c] == 0 && n < fewest {
			best, fewest = c, n
		}
	}
	v := s.valueOf(sol[best])
	name := s.geo.cellNames[best]
	return Step{Technique: Guess, Reason: fmt.Sprintf("the techniques are stuck; %s (%s) takes the solution's %d",
		name, joinInts(values(s.cand[best]), "/"), v), Cells: []string{name}, Digits: []int{v}, Placements: s.placement(best, v)}
}
