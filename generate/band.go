package generate

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/sudoku"
)

// A Band is a range of ratings on Sudoku Explainer's scale (logic.Rating's
// ER), Lo to Hi inclusive; Hi is +Inf for "Lo or harder". Ratings go by
// tenths, so the bands 7.0-7.9 and 8.0-8.9 are disjoint and leave no
// rating between them. The zero Band asks for no rating.
type Band struct {
	Lo, Hi float64
}

// The ratings a Band may name: a full house (1.0) to a guess (11.0, the
// rating logic gives a step its techniques could not make, see
// logic.Guess).
const (
	MinRating = 1.0
	MaxRating = 11.0
)

// SeedFrom is the lowest rating from which a Band is searched from the
// seed puzzles (see Options.Rating) rather than drawn: random grids rate
// 8.0 or more about once in 150 draws, and 9.0 or more never (each such
// draw needs a guess, rated 11.0).
const SeedFrom = 8.0

// DefaultSeedAttempts is Options.Attempts for a Band searched from the
// seed puzzles when Attempts is 0: each attempt is a walk of up to
// seedSteps rated puzzles. DefaultBandAttempts is the grids drawn for a
// band below SeedFrom: the band 5.0-5.9 (naked and hidden quads,
// jellyfish, nothing harder) takes about 2,000 grids a puzzle.
const (
	DefaultSeedAttempts = 20
	DefaultBandAttempts = 10_000
)

// seedSteps bounds the moves of one walk from a seed puzzle (see
// seedAttempt), seedSwaps the swaps that make it a new puzzle first.
const (
	seedSteps = 16
	seedSwaps = 1
)

// ParseBand reads a band of ratings: "LO-HI" (7.0-7.9), "LO+" (9.0+: LO
// or harder) or one rating (7.2). Ratings are numbers from MinRating to
// MaxRating with at most one decimal.
func ParseBand(spec string) (Band, error) {
	s := strings.TrimSpace(spec)
	bad := func(format string, a ...any) (Band, error) {
		return Band{}, fmt.Errorf("rating %q: "+format+" (want LO-HI such as 7.0-7.9, LO+ such as 9.0+, or one rating, from %.1f to %.1f)",
			append([]any{spec}, append(a, MinRating, MaxRating)...)...)
	}
	if s == "" {
		return bad("empty")
	}
	lo, hi, dash := strings.Cut(s, "-")
	plus := false
	if !dash {
		lo, plus = strings.CutSuffix(s, "+")
		hi = lo
	}
	var b Band
	var err error
	if b.Lo, err = parseRating(lo); err != nil {
		return bad("%v", err)
	}
	if b.Hi, err = parseRating(hi); err != nil {
		return bad("%v", err)
	}
	if plus {
		b.Hi = math.Inf(1)
	}
	if b.Lo > b.Hi {
		return bad("%.1f is above %.1f", b.Lo, b.Hi)
	}
	return b, nil
}

// parseRating reads one rating of a band.
func parseRating(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if _, frac, ok := strings.Cut(s, "."); ok && len(frac) > 1 {
		return 0, fmt.Errorf("%q: ratings go by tenths", s)
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if x < MinRating || x > MaxRating {
		return 0, fmt.Errorf("%s is outside %.1f to %.1f", s, MinRating, MaxRating)
	}
	return x, nil
}

// IsZero reports whether b asks for no rating.
func (b Band) IsZero() bool { return b == Band{} }

// Has reports whether the rating er lies in b.
func (b Band) Has(er float64) bool { return er >= b.Lo-1e-9 && er <= b.Hi+1e-9 }

// String returns b as ParseBand reads it.
func (b Band) String() string {
	switch {
	case math.IsInf(b.Hi, 1):
		return fmt.Sprintf("%.1f+", b.Lo)
	case b.Lo == b.Hi:
		return fmt.Sprintf("%.1f", b.Lo)
	}
	return fmt.Sprintf("%.1f-%.1f", b.Lo, b.Hi)
}

// seeded reports whether b is searched from the seed puzzles.
func (b Band) seeded() bool { return b.Lo >= SeedFrom }

// hardestSeeds holds the seed puzzles of the hard bands: 300 lines of the
// forum's list of puzzles Sudoku Explainer rates 11 or more (see
// seeds/README.md).
//
//go:embed seeds/hardest.txt
var hardestSeeds string

// seedLines returns the seed puzzles, one line each.
func seedLines() []string {
	return strings.Fields(hardestSeeds)
}

// checkBand refuses a Band the generator cannot aim at: it rates classic
// 9x9 puzzles, and the seed search keeps no symmetry or givens target.
func checkBand(o Options) error {
	b := o.Rating
	if b.IsZero() {
		return nil
	}
	if b.Lo < MinRating || b.Hi > MaxRating && !math.IsInf(b.Hi, 1) || b.Lo > b.Hi || math.IsNaN(b.Lo) || math.IsNaN(b.Hi) {
		return fmt.Errorf("%w: rating band %v: want %.1f to %.1f, low to high", ErrOptions, b, MinRating, MaxRating)
	}
	if o.Shape.N() != 9 || len(o.Variants) > 0 || o.Jigsaw || o.Killer || o.Clues != NoClues {
		return fmt.Errorf("%w: a rating band is for classic 9x9 puzzles (no variants)", ErrOptions)
	}
	if o.Level != "" || o.Accept != nil || o.Within != nil {
		return fmt.Errorf("%w: a rating band and a difficulty level: ask for one", ErrOptions)
	}
	if b.seeded() && (o.Symmetry != None || o.Minimal || o.Givens > 0) {
		return fmt.Errorf("%w: rating %v is searched from hard seed puzzles, which keeps no symmetry, minimality or givens target", ErrOptions, b)
	}
	return nil
}

// rate returns m's rating as sudokit grade gives it: logic.Explain's,
// with the solver placing a guess where the techniques stop (rated
// logic.Guess's 11.0). A path the techniques finish needs no solver.
func (g *Generator) rate(ctx context.Context, m *model.Model) (logic.Rating, error) {
	p, err := logic.Explain(ctx, m, logic.Options{})
	if err != nil || p.Solved {
		return p.Rating, err
	}
	return g.rateGuessing(ctx, m)
}

// rateGuessing returns the rating of m, which logic's techniques cannot
// finish: its path with the solver's guesses.
func (g *Generator) rateGuessing(ctx context.Context, m *model.Model) (logic.Rating, error) {
	p, err := logic.Explain(ctx, m, logic.Options{Solver: g.opts.Solver, Nodes: g.proof})
	if err == nil && p.Status != model.Unique {
		err = fmt.Errorf("generate: rating a puzzle the solver calls %v", p.Status)
	}
	return p.Rating, err
}

// quickRate returns m's rating when the techniques finish its path, and
// +Inf (at least a guess) when they stop.
func quickRate(ctx context.Context, m *model.Model) (float64, error) {
	p, err := logic.Explain(ctx, m, logic.Options{})
	if err != nil || !p.Solved {
		return math.Inf(1), err
	}
	return p.Rating.ER, nil
}

// bandWithin returns the Within of a drawn band: logic's techniques finish
// the puzzle, no step rated above b.Hi. All of them with steer, which
// then decides every removal; else, to be quick on puzzles too hard, only
// those whose base difficulty is at most b.Hi (a path of theirs is the
// full path when that needs no other technique, and keep rates the puzzle
// in full anyway).
func bandWithin(ctx context.Context, b Band, steer bool) func(m *model.Model) (bool, error) {
	var use logic.TechniqueSet
	for _, t := range logic.Techniques() {
		if logic.DefaultTechniques().Has(t) && t.Difficulty() <= b.Hi {
			use |= logic.TechniqueSet(1) << t
		}
	}
	if steer {
		use = logic.DefaultTechniques()
	}
	return func(m *model.Model) (bool, error) {
		if use == 0 {
			return false, nil
		}
		p, err := logic.Explain(ctx, m, logic.Options{Techniques: use})
		return err == nil && p.Solved && p.Rating.ER <= b.Hi+1e-9, err
	}
}

// keepRated rates m for Options.Rating and reports whether its rating lies
// in the band, p holding it; guessing says that logic's techniques are
// known not to finish m.
func (g *Generator) keepRated(ctx context.Context, m *model.Model, p *Puzzle, guessing bool) (bool, error) {
	rate := g.rate
	if guessing {
		rate = g.rateGuessing
	}
	r, err := rate(ctx, m)
	if err != nil || !g.opts.Rating.Has(r.ER) {
		return false, err
	}
	p.Rating = &r
	return true, nil
}

// seedAttempt makes one puzzle of a band at or above SeedFrom from a seed
// puzzle: a random one, moved by random symmetries of the grid (digits
// relabelled, rows within bands and bands, columns within stacks and
// stacks permuted, transposed), then swapped (see swap) seedSwaps times so
// that it is a new puzzle (an attempt whose swaps all fail gives up), then
// walked towards the band (see walk) for up to seedSteps moves.
func (g *Generator) seedAttempt(ctx context.Context, rng *rand.Rand, p *Puzzle) (bool, error) {
	rs := g.rules
	seeds := seedLines()
	grid, err := sudoku.Parse(seeds[rng.IntN(len(seeds))], sudoku.ParseOptions{Shape: g.opts.Shape})
	if err != nil {
		return false, fmt.Errorf("generate: seed puzzle: %w", err)
	}
	grid = shuffleGrid(grid, rng)
	m, err := rs.model(gridCands(grid))
	if err != nil {
		return false, err
	}
	p.Stats.Checks++
	res, err := g.opts.Solver.Solve(ctx, m, model.Options{Limit: 2, Nodes: g.proof})
	if err != nil || res.Status != model.Unique {
		if err == nil {
			err = ctx.Err()
		}
		return false, err
	}
	r := newRemover(rs, g.opts.Solver, res.Solutions[0], g.proof, &p.Stats)
	var blank []int
	for cell, v := range grid.Cells {
		if v == 0 {
			blank = append(blank, cell)
		}
	}
	r.set(blank, false)
	seed := slices.Clone(r.given)
	swapped := 0
	for range seedSwaps {
		ok, err := r.swap(ctx, rng)
		if err != nil {
			return false, err
		}
		if ok {
			swapped++
		}
	}
	if swapped == 0 {
		return false, nil // still the seed moved: another attempt
	}
	return g.walk(ctx, rng, r, p, seedSteps, seed)
}

// walk moves the puzzle of r towards the band, up to steps moves, and
// reports whether it reached it, p holding the puzzle then: each puzzle
// is rated (logic without a solver: a path that stops needs a guess), one
// above the band gets a given of its solution back (still unique), one
// below loses a given (proved unique; a swap when none can go). A walk
// back to the givens seed (the seed puzzle moved) swaps again.
func (g *Generator) walk(ctx context.Context, rng *rand.Rand, r *remover, p *Puzzle, steps int, seed []bool) (bool, error) {
	b := g.opts.Rating
	for range steps {
		if slices.Equal(r.given, seed) {
			if _, err := r.swap(ctx, rng); err != nil {
				return false, err
			}
			continue
		}
		m, err := r.model()
		if err != nil {
			return false, err
		}
		p.Stats.Logic++
		er, err := quickRate(ctx, m)
		if err != nil {
			return false, err
		}
		if b.Has(er) || (math.IsInf(er, 1) && b.Hi >= logic.Guess.Difficulty()) {
			if ok, err := g.keepRated(ctx, m, p, math.IsInf(er, 1)); err != nil || ok {
				if ok {
					g.seedPuzzle(r, m, p)
				}
				return ok, err
			}
		}
		switch {
		case er > b.Hi:
			r.add(rng)
		default:
			if err := r.removeOne(ctx, rng); err != nil {
				return false, err
			}
		}
	}
	return false, nil
}

// seedPuzzle fills p from the remover of a seed walk and its model.
func (g *Generator) seedPuzzle(r *remover, m *model.Model, p *Puzzle) {
	n := r.n
	p.Grid, p.Solution = sudoku.NewGrid(g.opts.Shape), sudoku.NewGrid(g.opts.Shape)
	for cell, c := range r.sol {
		v := int(c) - cell*n + 1
		p.Solution.Cells[cell] = v
		if r.given[cell] {
			p.Grid.Cells[cell] = v
		}
	}
	p.Variants, p.Model, p.Symmetry = nil, m, None
	p.Givens, p.Reached, p.Minimal = r.count, true, false
}

// gridCands returns the candidates of a grid's givens.
func gridCands(gr sudoku.Grid) []model.Cand {
	n := gr.Shape.N()
	var cs []model.Cand
	for cell, v := range gr.Cells {
		if v > 0 {
			cs = append(cs, model.Cand(cell*n+v-1))
		}
	}
	return cs
}

// shuffleGrid returns gr moved by random symmetries of the 9x9 grid (any
// box shape whose bands and stacks are square): digits relabelled, bands
// and the rows within each band permuted, stacks and their columns
// likewise, and half the time transposed. Every one maps sudokus to
// sudokus with as many solutions.
func shuffleGrid(gr sudoku.Grid, rng *rand.Rand) sudoku.Grid {
	sh := gr.Shape
	n := sh.N()
	lines := func(k int) []int { // a permutation of n lines in bands of k
		out := make([]int, 0, n)
		for _, band := range rng.Perm(n / k) {
			for _, i := range rng.Perm(k) {
				out = append(out, band*k+i)
			}
		}
		return out
	}
	rows, cols := lines(sh.BoxRows), lines(sh.BoxCols)
	digits := rng.Perm(n)
	flip := sh.BoxRows == sh.BoxCols && rng.IntN(2) == 1
	out := sudoku.NewGrid(sh)
	for r := range n {
		for c := range n {
			v := gr.Cells[rows[r]*n+cols[c]]
			if v == 0 {
				continue
			}
			at := r*n + c
			if flip {
				at = c*n + r
			}
			out.Cells[at] = digits[v-1] + 1
		}
	}
	return out
}

// swap moves the puzzle to a neighbour: a random given goes and, when
// the puzzle then has a second solution, a blank cell where that solution
// differs from the grid comes, the first of up to swapIns of them (in a
// random order) that makes the puzzle unique again; a given that was not
// needed just goes. It tries up to swapTries givens, puts everything back
// when none works, and reports whether the puzzle moved.
func (r *remover) swap(ctx context.Context, rng *rand.Rand) (bool, error) {
	for range swapTries {
		out := r.pick(rng, true)
		if out < 0 {
			return false, nil
		}
		r.set([]int{out}, false)
		st, sols, err := r.solve(ctx)
		if err != nil {
			return false, err
		}
		if st == model.Unique {
			return true, nil
		}
		if st == model.Multiple {
			diff := r.otherCells(sols, out)
			rng.Shuffle(len(diff), func(i, j int) { diff[i], diff[j] = diff[j], diff[i] })
			for _, in := range diff[:min(len(diff), swapIns)] {
				r.set([]int{in}, true)
				if st, _, err = r.solve(ctx); err != nil || st == model.Unique {
					return err == nil, err
				}
				r.set([]int{in}, false)
			}
		}
		r.set([]int{out}, true)
	}
	return false, nil
}

// Bounds of a swap: the givens tried, the cells tried in place of each.
const (
	swapTries = 16
	swapIns   = 12
)

// solve asks the solver for two solutions of the puzzle of the current
// givens (a proof, counted in the stats).
func (r *remover) solve(ctx context.Context) (model.Status, []model.Solution, error) {
	m, err := r.model()
	if err != nil {
		return model.Unknown, nil, err
	}
	r.stats.Checks++
	res, err := r.solver.Solve(ctx, m, model.Options{Limit: 2, Nodes: r.nodes})
	if err == nil && res.Status == model.Unknown {
		err = ctx.Err()
	}
	return res.Status, res.Solutions, err
}

// otherCells returns the blank cells, but skip, where one of sols differs
// from the grid.
func (r *remover) otherCells(sols []model.Solution, skip int) []int {
	var out []int
	for _, s := range sols {
		for cell, c := range s {
			if c != r.sol[cell] && cell != skip && !r.given[cell] && !slices.Contains(out, cell) {
				out = append(out, cell)
			}
		}
	}
	return out
}

// add gives a random blank cell its solution's value: the puzzle stays
// unique.
func (r *remover) add(rng *rand.Rand) {
	if in := r.pick(rng, false); in >= 0 {
		r.set([]int{in}, true)
	}
}

// removeOne takes away the first given, in a random order, whose removal
// leaves the puzzle unique, or swaps when none can go.
func (r *remover) removeOne(ctx context.Context, rng *rand.Rand) error {
	for _, cell := range rng.Perm(len(r.given)) {
		if !r.given[cell] {
			continue
		}
		ok, err := r.tryRemove(ctx, []int{cell}, true)
		if err != nil || ok {
			return err
		}
	}
	_, err := r.swap(ctx, rng)
	return err
}

// pick returns a random given cell (given true) or blank one, or -1.
func (r *remover) pick(rng *rand.Rand, given bool) int {
	k := r.count
	if !given {
		k = len(r.given) - r.count
	}
	if k == 0 {
		return -1
	}
	k = rng.IntN(k)
	for cell, g := range r.given {
		if g == given {
			if k == 0 {
				return cell
			}
			k--
		}
	}
	panic("unreachable")
}
