package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/model/graph"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// A Grader grades a unique puzzle: a level name ("easy", "expert") and a
// score. Options.Grader lets a caller aim the generator at a difficulty
// without this package knowing how puzzles are graded.
type Grader func(m *model.Model) (level string, score float64, err error)

// Options say what puzzles to generate.
type Options struct {
	// Shape is the grid's box shape (2x2 for 4x4, 3x3 for 9x9 …).
	Shape sudoku.Shape
	// Variants are the global rule sets every puzzle follows (diagonal,
	// anti-knight …), applied after the standard rules.
	Variants []rules.Variant
	// Jigsaw replaces the boxes of each puzzle with a random layout of
	// connected regions (see RandomJigsaw); the layout is among the
	// puzzle's Variants.
	Jigsaw bool
	// Solver proves uniqueness (it is asked for two solutions) and fills
	// the complete grids. It must be safe for concurrent use when Generate
	// runs several workers. Required.
	Solver model.Solver
	// Killer makes cages-only killer sudokus: no givens, every cell in a
	// cage of two to CageSize cells with different digits and a total
	// (see the Killer variant), the cages merged while the puzzle stays
	// unique. Symmetry, Minimal and Givens do not apply.
	Killer bool
	// CageSize bounds the cells of a killer cage; 0 means
	// DefaultCageSize.
	CageSize int
	// Clues draws, for each puzzle, ClueCount clues of that kind that
	// hold in its complete grid (arrows, little killer diagonals or
	// thermometers, see ClueKind), before the givens are removed: the
	// clues are among the rules the puzzle is unique under, and its
	// Variants carry them (last). Symmetry, Minimal and Givens apply to
	// the givens as usual; the clues stay. Not with Killer.
	Clues ClueKind
	// ClueCount is how many clues Clues draws; 0 means DefaultClues, at
	// most MaxClues.
	ClueCount int
	// Symmetry is the symmetry the givens keep.
	Symmetry Symmetry
	// Minimal asks for puzzles from which nothing can be removed with the
	// puzzle staying unique: no single given with Symmetry None (verified
	// for every puzzle), no symmetry class of givens with a symmetry, as
	// qqwing's symmetric puzzles are (every class is tried once, and a class
	// needed then stays needed, since removing givens only adds solutions).
	Minimal bool
	// Givens is a target number of givens: removal stops once the puzzle
	// has at most that many. Zero removes as many as it can. With Minimal
	// it is a bound: attempts go on until a minimal puzzle has at most
	// Givens givens. Puzzle.Reached says whether the target was met.
	Givens int
	// Seed makes the output reproducible: puzzle i of a seed is the same
	// whatever the number of workers and whichever puzzles come before it.
	Seed uint64
	// Accept, when set, decides whether a unique puzzle will do (a
	// difficulty, say): attempts go on until it accepts one. It is asked
	// before Grader, so a cheap test here spares grading.
	Accept func(m *model.Model) (bool, error)
	// Grader, when set, grades every puzzle accepted (Puzzle.Level and
	// Score); with Level set and no Accept, attempts go on until a
	// puzzle's level is Level.
	Grader Grader
	// Level is the level wanted from Grader; "" takes any. With Accept,
	// which decides, it only names what Accept wants, for ErrAttempts.
	Level string
	// Within, when set, reports whether a unique puzzle is no harder than
	// wanted: a logical solver limited to a level's techniques solves it,
	// which also proves it unique. It steers the removal (except with
	// Minimal) towards the level, since a puzzle made harder by a removal
	// stays at least as hard when more givens go:
	//
	//   - with Steer, Within decides every removal in place of the proof,
	//     so that givens go until any further removal would need harder
	//     techniques. It suits quick Withins (the levels of singles),
	//     which also spare the proofs: a 25x25 puzzle in a fraction of a
	//     second.
	//   - without, the removal is proved as usual; when the puzzle ends
	//     harder than Within allows, the generator goes back along its
	//     removals (by bisection) to the last puzzle Within accepts, and
	//     tries again the removals after the one that went too far, Within
	//     deciding. A puzzle that went through the level on its way then
	//     ends at it rather than above.
	//
	// Either way the givens may not be minimal. A killer asks Within,
	// once its cages of one cell are paired, about that partition and
	// then every merge, in place of the proof, so that its cages grow
	// only while the killer stays within the level.
	Within func(m *model.Model) (bool, error)
	// Steer makes Within decide every removal (see Within).
	Steer bool
	// Rating, when not zero, keeps only classic 9x9 puzzles whose rating
	// on Sudoku Explainer's scale (logic.Rating's ER, as sudokit grade
	// gives it: a guess rates 11.0) lies in the band; Puzzle.Rating
	// holds it. A band below SeedFrom is drawn: removal as usual, going
	// back along a puzzle's removals (as Within does) to the last one
	// whose techniques of at most Rating.Hi finish it, and with Hi below
	// a naked single's 2.3 the full rating decides every removal (as
	// Steer). A band from SeedFrom up is searched from the seed puzzles,
	// some of the hardest known (see seedAttempt): Symmetry, Minimal and
	// Givens do not apply there. Attempts 0 means DefaultBandAttempts, or
	// DefaultSeedAttempts from the seeds. Not with Level, Accept or
	// Within.
	Rating Band
	// Attempts bounds the complete grids tried for one puzzle when Minimal
	// with a Givens bound, Accept or a Level must be met; 0 means 1000.
	Attempts int
	// Nodes bounds each search in the solver's units. A proof stopped by
	// the budget keeps the given it was about, so the puzzle stays unique
	// but may keep givens it could lose. 0 means a default for filling
	// grids and, for uniqueness proofs, no bound up to 16x16 or with
	// Minimal, and ProofNodes on larger grids and with Clues: there the
	// last removals can each need minutes of search.
	Nodes int64
}

// A Puzzle is one generated puzzle.
type Puzzle struct {
	// Index is the puzzle's number in its run, from 0; Seed the seed
	// derived from Options.Seed and Index that generated it.
	Index int
	Seed  uint64
	// Grid holds the givens, Solution the unique solution.
	Grid, Solution sudoku.Grid
	// Variants are the rules the puzzle follows beyond the standard
	// ones: Options.Variants, its jigsaw layout with Options.Jigsaw, its
	// cages (a variants.Killer, last) with Options.Killer, its clues (a
	// variants.Arrow, LittleKiller or Thermo, last) with Options.Clues.
	Variants []rules.Variant
	// Model is the puzzle's constraint model.
	Model *model.Model
	// Symmetry is the symmetry its givens keep (Random resolved).
	Symmetry Symmetry
	// Givens is the number of givens; Reached reports whether it met
	// Options.Givens (true when no target was set).
	Givens  int
	Reached bool
	// Minimal reports that every given was shown to be needed (only
	// checked with Options.Minimal).
	Minimal bool
	// WithoutClues, with Options.Clues, is what one more proof (within the
	// proof budget) says of the givens without the clues: Multiple when
	// the clues matter, Unique when the givens alone make the puzzle
	// unique, Unknown when the budget stopped it (on large grids).
	WithoutClues model.Status
	// Level and Score are the Grader's verdict, when one was set.
	Level string
	Score float64
	// Rating is the puzzle's rating with Options.Rating, else nil.
	Rating *logic.Rating
	Stats  Stats
}

// Stats count the work that went into one puzzle.
type Stats struct {
	Attempts int           `json:"attempts"` // complete grids tried
	Checks   int           `json:"checks"`   // uniqueness proofs asked of the solver
	Forced   int           `json:"forced"`   // removals kept without a proof: singles restore them
	Known    int           `json:"known"`    // removals refused without a proof: a second solution seen before
	Logic    int           `json:"logic"`    // puzzles Options.Within was asked about
	Unknown  int           `json:"unknown"`  // proofs the node budget stopped (the given stays)
	Merged   int           `json:"merged"`   // killer cages merged after pairing single cells
	Elapsed  time.Duration `json:"elapsed_ns"`
}

// Errors the generator returns, wrapped with details.
var (
	// ErrOptions reports options that cannot work together or are
	// missing.
	ErrOptions = errors.New("generate: bad options")
	// ErrAttempts reports a puzzle that Options.Attempts grids did not
	// produce (a Level, a Givens bound or Minimal with a symmetry unmet).
	ErrAttempts = errors.New("generate: no puzzle within the attempts")
)

// A Generator makes puzzles of one shape and rule set. It is safe for
// concurrent use.
type Generator struct {
	opts    Options
	proof   int64     // the node budget of uniqueness proofs
	rules   *ruleSet  // nil with Jigsaw: each puzzle has its own
	clues   int       // the clues drawn per puzzle with Options.Clues
	classes [][][]int // per Symmetry but Random, its classes
}

// ProofNodes is the node budget of each uniqueness proof on grids larger
// than 16x16, and with Options.Clues, when Options.Nodes is 0 and Minimal
// is not asked: auto's own DLX budget there, so auto never hands a proof
// to SAT. A 25x25 puzzle then takes about a second where proofs without a
// bound took minutes, for a few more givens. The sums of clues have heavy
// tails even on 9x9: with prop, 9x9 little killers on an anti-knight grid
// take 0.12 s a puzzle within the budget (9.7 givens) where one of them
// took a minute without; 16x16 ones a median 1.7 s, where SAT (which has no node
// budget) took a minute.
const ProofNodes = 5_000

// A ruleSet is the rules of one shape and rule set, ready for generating:
// the base model (no givens), its graph and the candidates the variants fix
// or exclude.
type ruleSet struct {
	set      *rules.Set
	graph    *graph.Graph
	fixed    []model.Cand
	excluded []model.Cand
	variants []rules.Variant
}

func newRuleSet(sh sudoku.Shape, vs []rules.Variant) (*ruleSet, error) {
	set, err := rules.New(sh, vs...)
	if err != nil {
		return nil, err
	}
	base := set.Base()
	g, err := graph.New(base)
	if err != nil {
		return nil, err
	}
	return &ruleSet{set: set, graph: g, fixed: base.Fixed(), excluded: base.Excluded(), variants: vs}, nil
}

// model returns the model of the rules with the given candidates fixed
// besides the variants' own.
func (rs *ruleSet) model(givens []model.Cand) (*model.Model, error) {
	if len(rs.fixed) == 0 {
		return rs.set.Base().WithGivens(givens, rs.excluded) // which copies givens
	}
	fixed := make([]model.Cand, 0, len(rs.fixed)+len(givens))
	fixed = append(append(fixed, rs.fixed...), givens...)
	return rs.set.Base().WithGivens(fixed, rs.excluded)
}

// New checks the options and returns a generator.
func New(opts Options) (*Generator, error) {
	if opts.Solver == nil {
		return nil, fmt.Errorf("%w: no solver", ErrOptions)
	}
	if _, err := sudoku.NewShape(opts.Shape.BoxRows, opts.Shape.BoxCols); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOptions, err)
	}
	if opts.Symmetry > Random {
		return nil, fmt.Errorf("%w: %v", ErrOptions, opts.Symmetry)
	}
	if opts.Givens < 0 || opts.Attempts < 0 || opts.Nodes < 0 || opts.CageSize < 0 {
		return nil, fmt.Errorf("%w: Givens, Attempts, Nodes and CageSize must not be negative", ErrOptions)
	}
	if opts.Killer && (opts.Symmetry != None || opts.Minimal || opts.Givens > 0) {
		return nil, fmt.Errorf("%w: a killer has no givens: no Symmetry, Minimal or Givens", ErrOptions)
	}
	if opts.Killer && opts.CageSize == 1 {
		return nil, fmt.Errorf("%w: CageSize 1 makes no killer cage", ErrOptions)
	}
	if err := checkClues(opts); err != nil {
		return nil, err
	}
	if err := checkSearch(opts); err != nil {
		return nil, err
	}
	if err := checkBand(opts); err != nil {
		return nil, err
	}
	if opts.Level != "" && opts.Grader == nil && opts.Accept == nil {
		return nil, fmt.Errorf("%w: a Level needs a Grader or Accept", ErrOptions)
	}
	if opts.Attempts == 0 && !opts.Rating.IsZero() {
		opts.Attempts = DefaultBandAttempts
		if opts.Rating.seeded() {
			opts.Attempts = DefaultSeedAttempts
		}
	}
	if opts.Attempts == 0 {
		opts.Attempts = 1000
	}
	opts.Variants = append([]rules.Variant(nil), opts.Variants...)
	g := &Generator{opts: opts, proof: opts.Nodes, clues: opts.ClueCount}
	if g.clues == 0 {
		g.clues = DefaultClues(opts.Clues, opts.Shape.N())
	}
	if opts.Nodes == 0 && !opts.Minimal && (opts.Shape.N() > 16 || opts.Clues != NoClues) {
		g.proof = ProofNodes
	}
	for sym := None; sym < Random; sym++ {
		g.classes = append(g.classes, sym.classes(opts.Shape.N()))
	}
	if !opts.Jigsaw {
		rs, err := newRuleSet(opts.Shape, opts.Variants)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrOptions, err)
		}
		g.rules = rs
	} else if _, err := newRuleSet(opts.Shape, variants.FollowJigsaw(append(opts.Variants, RandomJigsaw(rand.New(rand.NewPCG(1, 2)), opts.Shape)))); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOptions, err)
	}
	return g, nil
}

// PuzzleSeed returns the seed of puzzle index under seed: a mix of both,
// so that neighbouring indices and seeds give unrelated puzzles.
func PuzzleSeed(seed uint64, index int) uint64 {
	return mix(seed ^ mix(uint64(index)+0x9e3779b97f4a7c15))
}

// mix is splitmix64's finaliser.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Puzzle generates puzzle index of the generator's seed. The same index
// always gives the same puzzle (unless ctx ends or a solver is stopped by
// time rather than by nodes). When ctx ends, the error is ctx's.
func (g *Generator) Puzzle(ctx context.Context, index int) (Puzzle, error) {
	start := time.Now()
	seed := PuzzleSeed(g.opts.Seed, index)
	rng := rand.New(rand.NewPCG(seed, mix(seed)))
	p := Puzzle{Index: index, Seed: seed}
	var err error
	for p.Stats.Attempts < g.opts.Attempts {
		p.Stats.Attempts++
		var ok bool
		ok, err = g.attempt(ctx, rng, &p)
		if ok || err != nil {
			break
		}
	}
	p.Stats.Elapsed = time.Since(start)
	if err != nil {
		return p, err
	}
	if p.Model == nil {
		return p, fmt.Errorf("%w: puzzle %d, %d attempts (%s)", ErrAttempts, index, p.Stats.Attempts, g.wanted())
	}
	return p, nil
}

// wanted describes what the attempts must meet, for ErrAttempts.
func (g *Generator) wanted() string {
	var w []string
	if g.opts.Minimal && g.opts.Givens > 0 {
		w = append(w, fmt.Sprintf("minimal with at most %d givens", g.opts.Givens))
	}
	if g.opts.Killer {
		w = append(w, "killer cages of two cells or more")
	}
	if g.opts.Clues != NoClues {
		w = append(w, fmt.Sprintf("%d %s clues that fit", g.clues, g.opts.Clues))
	}
	if g.opts.Level != "" {
		w = append(w, "level "+g.opts.Level)
	}
	if b := g.opts.Rating; !b.IsZero() {
		w = append(w, "rating "+b.String())
		if b.Hi < logic.Guess.Difficulty() && b.Hi >= 9 {
			w = append(w, "from 9.0 the walks from the seed puzzles reach few puzzles a band: try more --attempts")
		}
	}
	if len(w) == 0 {
		return "no complete grid found"
	}
	return fmt.Sprint(w)
}

// attempt makes one puzzle from a new complete grid and reports whether it
// meets the options; p holds it when it does, and its stats either way.
func (g *Generator) attempt(ctx context.Context, rng *rand.Rand, p *Puzzle) (bool, error) {
	o := &g.opts
	rs := g.rules
	if o.Jigsaw {
		var err error
		if rs, err = newRuleSet(o.Shape, variants.FollowJigsaw(append(o.Variants[:len(o.Variants):len(o.Variants)], RandomJigsaw(rng, o.Shape)))); err != nil {
			return false, err
		}
	}
	if o.Killer {
		return g.killerAttempt(ctx, rng, rs, p)
	}
	if o.Rating.seeded() {
		return g.seedAttempt(ctx, rng, p)
	}
	sol, err := fill(ctx, rs, o.Solver, rng, o.Nodes)
	if err != nil || sol == nil {
		return false, err
	}
	plain := rs
	if o.Clues != NoClues {
		if rs, err = g.clueRules(rng, rs, sol); err != nil || rs == nil {
			return false, err
		}
	}
	sym := o.Symmetry
	if sym == Random {
		sym = Symmetry(1 + rng.IntN(int(Diagonal)))
	}
	r := newRemover(rs, o.Solver, sol, g.proof, &p.Stats)
	r.target = o.Givens
	if o.Minimal {
		r.target = 0
	}
	within, steer := o.Within, o.Steer
	if !o.Rating.IsZero() {
		steer = o.Rating.Hi < logic.NakedSingle.Difficulty()
		within = bandWithin(ctx, o.Rating, steer)
	}
	if o.Minimal {
		within = nil
	}
	if steer {
		r.logic = within
	}
	classes := slices.Clone(g.classes[sym])
	rng.Shuffle(len(classes), func(i, j int) { classes[i], classes[j] = classes[j], classes[i] })
	removed, err := r.removeAll(ctx, classes)
	if err != nil {
		return false, err
	}
	if within != nil && !steer {
		if r, err = g.back(ctx, r, within, removed); err != nil || r == nil {
			return false, err
		}
	}
	minimal := false
	if o.Minimal {
		minimal = true // with a symmetry: every class was tried, see Options.Minimal
		if sym == None {
			if minimal, err = r.minimal(ctx); err != nil {
				return false, err
			}
		}
		if !minimal || (o.Givens > 0 && r.count > o.Givens) {
			return false, nil
		}
	}
	m, err := r.model()
	if err != nil {
		return false, err
	}
	if ok, err := g.keep(ctx, m, p); err != nil || !ok {
		return false, err
	}
	n := o.Shape.N()
	p.Grid, p.Solution = sudoku.NewGrid(o.Shape), sudoku.NewGrid(o.Shape)
	for cell, c := range sol {
		v := int(c) - cell*n + 1
		p.Solution.Cells[cell] = v
		if r.given[cell] {
			p.Grid.Cells[cell] = v
		}
	}
	p.Variants, p.Model, p.Symmetry = rs.variants, m, sym
	p.Givens, p.Reached, p.Minimal = r.count, o.Givens == 0 || r.count <= o.Givens, minimal
	if o.Clues != NoClues {
		if p.WithoutClues, err = g.withoutClues(ctx, plain, r, &p.Stats); err != nil {
			return false, err
		}
	}
	return true, nil
}

// removeAll tries the classes in turn, down to Options.Givens, and
// returns those removed, in order.
func (r *remover) removeAll(ctx context.Context, classes [][]int) ([][]int, error) {
	var removed [][]int
	target := r.target
	for _, cl := range classes {
		if target > 0 && r.count <= target {
			break
		}
		ok, err := r.tryRemove(ctx, cl, true)
		if err != nil {
			return nil, err
		}
		if ok {
			removed = append(removed, cl)
		}
	}
	return removed, nil
}

// back returns r when within accepts its puzzle. Otherwise it finds by
// bisection the longest prefix of the removals whose puzzle within
// accepts, and returns a remover that starts there and tries the removals
// after the one that went too far again, within deciding; nil when not
// even the first removal stays within. (The classes the removal refused
// are not tried again: a few more givens, much less work.)
func (g *Generator) back(ctx context.Context, r *remover, within func(*model.Model) (bool, error), removed [][]int) (*remover, error) {
	at := func(k int) (*remover, bool, error) {
		b := newRemover(r.rs, r.solver, r.sol, r.nodes, r.stats)
		b.target = r.target
		for _, cl := range removed[:k] {
			b.set(cl, false)
		}
		m, err := b.model()
		if err != nil {
			return nil, false, err
		}
		r.stats.Logic++
		ok, err := within(m)
		return b, ok, err
	}
	m, err := r.model()
	if err != nil {
		return nil, err
	}
	r.stats.Logic++
	if ok, err := within(m); err != nil || ok {
		return r, err
	}
	lo, hi := 0, len(removed) // within accepts prefix lo (the grid), not prefix hi
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		_, ok, err := at(mid)
		if err != nil {
			return nil, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return nil, nil
	}
	b, _, err := at(lo)
	if err != nil {
		return nil, err
	}
	b.logic = within
	_, err = b.removeAll(ctx, removed[lo+1:])
	return b, err
}

// keep asks Accept and Grader whether to keep the puzzle of m, and sets
// p's level and score.
func (g *Generator) keep(ctx context.Context, m *model.Model, p *Puzzle) (bool, error) {
	o := &g.opts
	if !o.Rating.IsZero() {
		if ok, err := g.keepRated(ctx, m, p, false); err != nil || !ok {
			return false, err
		}
	}
	if o.Accept != nil {
		if ok, err := o.Accept(m); err != nil || !ok {
			return false, err
		}
	}
	p.Level, p.Score = "", 0
	if o.Grader != nil {
		level, score, err := o.Grader(m)
		if err != nil {
			return false, err
		}
		if o.Level != "" && o.Accept == nil && level != o.Level {
			return false, nil
		}
		p.Level, p.Score = level, score
	}
	return true, nil
}

// fill returns a random complete grid of rs (a solution of its base model),
// or nil when a few tries found none: it fixes random values in some cells
// (the boxes on the diagonal, or random cells with variants or jigsaws),
// each consistent with the ones before, and asks solver for one solution
// within a node budget; an unsatisfiable or too hard start is dropped for
// another with fewer fixed cells.
func fill(ctx context.Context, rs *ruleSet, solver model.Solver, rng *rand.Rand, nodes int64) (model.Solution, error) {
	sh := rs.set.Shape()
	n := sh.N()
	if nodes == 0 {
		nodes = int64(1000 * n)
	}
	var seedCells []int
	if len(rs.variants) == 0 {
		bands, stacks := n/sh.BoxRows, n/sh.BoxCols
		for b := range min(bands, stacks) {
			for _, c := range sh.BoxCells(b*stacks + b) {
				seedCells = append(seedCells, c.Row*n+c.Col)
			}
		}
	} else {
		seedCells = rng.Perm(n * n)[:n*n/5]
	}
	dead := make([]int32, n*n*n)
	var fixed []model.Cand
	for try := range 12 {
		if try > 0 && try%3 == 0 {
			seedCells = seedCells[:len(seedCells)/2]
		}
		clear(dead)
		fixed = fixed[:0]
		for _, cell := range seedCells {
			v := pickValue(rng, dead[cell*n:cell*n+n])
			if v < 0 {
				continue
			}
			c := model.Cand(cell*n + v)
			fixed = append(fixed, c)
			for _, p := range rs.graph.Peers(c) {
				dead[p]++
			}
		}
		m, err := rs.model(fixed)
		if err != nil {
			return nil, err
		}
		res, err := solver.Solve(ctx, m, model.Options{Limit: 1, Nodes: nodes})
		if err != nil {
			return nil, err
		}
		if len(res.Solutions) > 0 {
			return res.Solutions[0], nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// pickValue returns a random value (from 0) whose count in dead is 0, or -1.
func pickValue(rng *rand.Rand, dead []int32) int {
	k := 0
	for _, d := range dead {
		if d == 0 {
			k++
		}
	}
	if k == 0 {
		return -1
	}
	k = rng.IntN(k)
	for v, d := range dead {
		if d == 0 {
			if k == 0 {
				return v
			}
			k--
		}
	}
	panic("unreachable")
}
