package anneal

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/sudokit/sudokit/model"
)

// DefaultSeed is the seed of a Solver whose Seed is 0.
const DefaultSeed = 0x5eed

// DefaultMoves is the move budget of a search when neither Options.Nodes
// nor Solver.Moves sets one.
const DefaultMoves = 20_000_000

const (
	alpha       = 0.99      // cooling factor per chain
	reheatAfter = 40        // chains without a new best before a restart
	samples     = 200       // moves sampled for the starting temperature
	pollMask    = 1<<10 - 1 // the context is polled every pollMask+1 moves
	pickTries   = 16        // tries at a legal swap before taking any
)

// A Solver searches models by simulated annealing (see the package
// documentation). The zero Solver is ready to use with DefaultSeed and
// DefaultMoves, and safe for concurrent use: each Solve call draws its own
// random numbers from Seed.
type Solver struct {
	// Seed seeds the random numbers of every search; 0 means DefaultSeed.
	Seed uint64
	// Moves is the move budget when Options.Nodes is 0; 0 means
	// DefaultMoves.
	Moves int64
}

var _ model.Solver = (*Solver)(nil)

// New returns a Solver with the default seed and budget.
func New() *Solver { return new(Solver) }

// Solve implements model.Solver. It answers Sat with one solution, or
// Unknown with the reason it stopped; never Unsat, Unique or Multiple. A
// model whose cells no set of its groups partitions into houses of Values
// cells gives an error wrapping [model.ErrUnsupported].
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	start := time.Now()
	ctx, res, ended, err := model.Begin("anneal", ctx, m, opts)
	if err != nil || ended {
		return res, err
	}
	st, err := newState(m)
	if err != nil {
		return res, err
	}
	seed := s.Seed
	if seed == 0 {
		seed = DefaultSeed
	}
	budget := opts.Nodes
	if budget <= 0 {
		budget = s.Moves
	}
	if budget <= 0 {
		budget = DefaultMoves
	}
	rng := rand.New(rand.NewPCG(seed, uint64(m.NumCands())))
	moves, stop := st.anneal(ctx, rng, budget)
	res.Stats.Nodes = moves
	res.Stats.Elapsed = time.Since(start)
	if stop != model.Done {
		res.Status, res.Stop = model.Unknown, stop
		return res, nil
	}
	sol := st.solution()
	if err := model.Check(m, sol); err != nil {
		panic(fmt.Sprintf("anneal: an assignment of cost 0 fails the referee: %v", err))
	}
	res.Status, res.Count = model.Sat, 1
	if opts.Keeps(0) {
		res.Solutions = []model.Solution{sol}
	}
	return res, nil
}

// anneal runs the search until the cost is 0 (Done) or the budget or ctx
// ends it, and returns the moves it tried.
func (st *state) anneal(ctx context.Context, rng *rand.Rand, budget int64) (int64, model.Stop) {
	st.fill(rng)
	if st.cost == 0 {
		return 0, model.Done
	}
	if len(st.movable) == 0 {
		return 0, model.NodeLimit // no move can change anything: give up at once
	}
	t0 := st.temperature(rng)
	chain := max(100, st.free*st.free)
	var moves int64
	t, best, stale := t0, st.cost, 0
	for {
		for range chain {
			if moves&pollMask == 0 {
				if err := ctx.Err(); err != nil {
					return moves, model.StopFor(err)
				}
			}
			if moves >= budget {
				return moves, model.NodeLimit
			}
			moves++
			a, b := st.pick(rng)
			d := st.swap(a, b)
			if d > 0 && rng.Float64() >= math.Exp(-float64(d)/t) {
				st.swap(a, b)
				continue
			}
			if st.cost == 0 {
				return moves, model.Done
			}
		}
		t *= alpha
		if st.cost < best {
			best, stale = st.cost, 0
			continue
		}
		if stale++; stale >= reheatAfter {
			st.fill(rng)
			if st.cost == 0 {
				return moves, model.Done
			}
			t, best, stale = t0, st.cost, 0
		}
	}
}

// temperature returns the standard deviation of the cost change of random
// moves from the current assignment (each undone), at least 1.
func (st *state) temperature(rng *rand.Rand) float64 {
	var sum, sq float64
	for range samples {
		a, b := st.pick(rng)
		d := float64(st.swap(a, b))
		st.swap(a, b)
		sum += d
		sq += d * d
	}
	mean := sum / samples
	return max(1, math.Sqrt(max(0, sq/samples-mean*mean)))
}

// pick returns two different free cells of a random house that has two,
// preferring, within a few tries, a pair whose swap puts each value where
// it is legal (no given of a shared rule holds it).
func (st *state) pick(rng *rand.Rand) (a, b int32) {
	for range pickTries {
		free := st.movable[rng.IntN(len(st.movable))]
		i := rng.IntN(len(free))
		j := rng.IntN(len(free) - 1)
		if j >= i {
			j++
		}
		a, b = free[i], free[j]
		if st.legal[st.m.Cand(int(a), int(st.val[b]))] && st.legal[st.m.Cand(int(b), int(st.val[a]))] {
			break
		}
	}
	return a, b
}

// houses returns houses that partition m's cells, each a group of Values
// cells: the groups named "box …" if they do, else the groups not named
// "row …" or "column …", else all groups, each set taken greedily in
// order; nil if none does.
func houses(m *model.Model) [][]int {
	named := func(prefixes ...string) func(string) bool {
		return func(name string) bool {
			for _, p := range prefixes {
				if strings.HasPrefix(name, p) {
					return true
				}
			}
			return false
		}
	}
	for _, keep := range []func(string) bool{
		named("box "),
		func(name string) bool { return !named("row ", "column ")(name) },
		func(string) bool { return true },
	} {
		used := make([]bool, m.Cells())
		var out [][]int
		covered := 0
	next:
		for _, g := range m.Groups() {
			if !keep(g.Name) || len(g.Cells) != m.Values() {
				continue
			}
			for _, k := range g.Cells {
				if used[k] {
					continue next
				}
			}
			for _, k := range g.Cells {
				used[k] = true
			}
			covered += len(g.Cells)
			out = append(out, slices.Clone(g.Cells))
		}
		if covered == m.Cells() {
			return out
		}
	}
	return nil
}
