package crosscheck_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/crosscheck"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// backends are the solvers every test here cross-checks.
var backends = []crosscheck.Backend{
	{Name: "dlx", Solver: dlx.New()},
	{Name: "sat", Solver: sat.New()},
	{Name: "prop", Solver: prop.New()},
}

// complete are the complete backends FuzzBackendsAgree cross-checks:
// backends (three independent engines), auto, and backtrack, which deduces nothing, only on grids up to
// 6x6 and within a node budget (past it, it answers Unknown, which the
// comparison leaves out).
var complete = append(backends[:len(backends):len(backends)],
	crosscheck.Backend{Name: "auto", Solver: auto.New()},
	crosscheck.Backend{Name: "backtrack", Solver: budgeted{backtrack.New(), 1 << 20}},
)

// completeFor returns the backends of complete that take a grid of side n.
func completeFor(n int) []crosscheck.Backend {
	if n <= 6 {
		return complete
	}
	return complete[:len(complete)-1]
}

// budgeted runs a solver within a node budget when the caller sets none.
type budgeted struct {
	model.Solver
	nodes int64
}

func (b budgeted) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	if opts.Nodes == 0 {
		opts.Nodes = b.nodes
	}
	return b.Solver.Solve(ctx, m, opts)
}

// fullGrid returns a valid filled grid of shape s: the standard pattern
// with its digits, bands, rows within bands, stacks and columns within
// stacks shuffled.
func fullGrid(s sudoku.Shape, rng *rand.Rand) sudoku.Grid {
	n, br, bc := s.N(), s.BoxRows, s.BoxCols
	digits := rng.Perm(n)
	rows := shuffleGroups(n, br, rng) // bands of br rows
	cols := shuffleGroups(n, bc, rng) // stacks of bc columns
	g := sudoku.NewGrid(s)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			rr, cc := rows[r], cols[c]
			g.Cells[r*n+c] = digits[(bc*(rr%br)+rr/br+cc)%n] + 1
		}
	}
	return g
}

// shuffleGroups permutes 0..n-1 keeping groups of size k together: the
// groups are shuffled, and the members within each group.
func shuffleGroups(n, k int, rng *rand.Rand) []int {
	out := make([]int, 0, n)
	for _, grp := range rng.Perm(n / k) {
		for _, i := range rng.Perm(k) {
			out = append(out, grp*k+i)
		}
	}
	return out
}

var fuzzShapes = []sudoku.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 3, BoxCols: 3}}

// randomPuzzle builds a random model: a shape, the variant families whose
// bits are set in vmask (see variantMakers), and givens that are a subset of a valid grid (kind 0), such a subset with
// one given changed (kind 1, often contradictory), or random values
// (kind 2, mostly contradictory).
func randomPuzzle(seed uint64, shape, kind, fill uint8, vmask uint32) (sudoku.Grid, []rules.Variant) {
	rng := rand.New(rand.NewPCG(seed, uint64(shape)<<16|uint64(kind)<<8|uint64(fill)))
	s := fuzzShapes[int(shape)%len(fuzzShapes)]
	n := s.N()
	full := fullGrid(s, rng)
	g := sudoku.NewGrid(s)
	k := int(fill) % (n*n + 1)
	for _, i := range rng.Perm(n * n)[:k] {
		switch kind % 3 {
		case 2:
			g.Cells[i] = rng.IntN(n) + 1
		default:
			g.Cells[i] = full.Cells[i]
		}
	}
	if kind%3 == 1 && k > 0 {
		i := rng.IntN(n * n)
		g.Cells[i] = rng.IntN(n) + 1
	}
	var vs []rules.Variant
	for i, make := range variantMakers {
		if vmask&(1<<i) == 0 {
			continue
		}
		v := make(s, rng)
		if _, err := rules.New(s, v); err == nil { // skip what the shape refuses
			vs = append(vs, v)
		}
	}
	return g, vs
}

// FuzzBackendsAgree feeds random small models — 4x4, 6x6 (both box
// orientations) and 9x9, random combinations of every variant family, and
// givens that may contradict each other — to every complete backend (dlx,
// sat, auto, and backtrack on grids up to 6x6) and requires
// that they agree on the status and on the count up to 3, and that every
// solution passes model.Check.
func FuzzBackendsAgree(f *testing.F) {
	for seed := uint64(0); seed < 6; seed++ {
		for shape := uint8(0); shape < 4; shape++ {
			f.Add(seed, shape, uint8(seed%3), uint8(seed*7+3*uint64(shape)), uint32(seed*0x1357+uint64(shape)*0x2468))
		}
	}
	for i := range variantMakers { // each family alone, on 4x4 and 9x9
		f.Add(uint64(i), uint8(0), uint8(0), uint8(4), uint32(1)<<i)
		f.Add(uint64(i), uint8(3), uint8(0), uint8(20), uint32(1)<<i)
	}
	f.Add(uint64(42), uint8(3), uint8(0), uint8(0), uint32(1))  // empty 9x9 X-sudoku
	f.Add(uint64(42), uint8(3), uint8(0), uint8(30), uint32(0)) // 30 givens, consistent
	f.Add(uint64(7), uint8(0), uint8(0), uint8(16), uint32(1))  // a full 4x4
	f.Fuzz(func(t *testing.T, seed uint64, shape, kind, fill uint8, vmask uint32) {
		g, vs := randomPuzzle(seed, shape, kind, fill, vmask)
		m, err := rules.Build(g, vs...)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		rep := crosscheck.Run(ctx, m, g.Line(), model.Options{Limit: 3}, completeFor(g.Shape.N())...)
		for _, err := range rep.Errors() {
			// A backend may refuse a rule too large for it, by name; auto
			// then answers with another.
			require.ErrorIs(t, err, model.ErrUnsupported)
			require.NotContains(t, err.Error(), "auto:")
		}
		require.True(t, rep.Agree(), "%v with %d variants: %v", g.Line(), len(vs), rep.Disagreements)
		for _, o := range rep.Outcomes {
			if o.Result.Status != model.Unknown {
				assert.LessOrEqual(t, o.Result.Count, 3)
			}
		}
	})
}

// readPuzzles parses up to max puzzles (all when max is 0) of a shared data
// file, or skips the test when it is absent.
func readPuzzles(t *testing.T, name string, max int) []sudoku.Grid {
	t.Helper()
	var out []sudoku.Grid
	for _, line := range fixture.Data(t, name, max) {
		g, err := sudoku.Parse(line, sudoku.ParseOptions{})
		require.NoError(t, err, line)
		out = append(out, g)
	}
	return out
}

// TestDataSetsAgree cross-checks both backends, counting to 2, over the
// shared puzzle sets: no disagreement and every puzzle conclusive.
func TestDataSetsAgree(t *testing.T) {
	sets := []struct {
		name  string
		max   int
		short bool // run under -short too
		want  model.Status
	}{
		{"top95.txt", 0, true, model.Unique},
		{"hardest.txt", 0, true, model.Unique},
		{"puzzles3_magictour_top1465", 0, false, model.Unique},
		{"sudoku17", 2000, false, model.Unique},
		{"puzzles7_serg_benchmark", 2000, false, 0},
	}
	rules, err := rules.New(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	require.NoError(t, err)
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			if testing.Short() && !set.short {
				t.Skip("long cross-check; runs without -short")
			}
			puzzles := readPuzzles(t, set.name, set.max)
			tally := crosscheck.Tally{Max: 10}
			statuses := map[model.Status]int{}
			for _, g := range puzzles {
				m, err := rules.Model(g)
				require.NoError(t, err)
				rep := crosscheck.Run(context.Background(), m, g.Line(), model.Options{Limit: 2}, backends...)
				tally.Add(rep)
				statuses[rep.Outcomes[0].Result.Status]++
			}
			assert.Equal(t, len(puzzles), tally.Puzzles)
			assert.Equal(t, len(puzzles), tally.Agreed, "disagreements: %v", tally.Disagreements)
			assert.Zero(t, tally.Disagreed)
			if set.want != 0 {
				assert.Equal(t, len(puzzles), statuses[set.want], "%v", statuses)
			} else {
				assert.Greater(t, statuses[model.Multiple], len(puzzles)/2, "serg's set is mostly multiple: %v", statuses)
			}
			t.Logf("%s: %d puzzles, statuses %v", set.name, len(puzzles), statuses)
		})
	}
}

// TestRandomNaryAgree: on small models of n-ary rules with no house, or
// with a few random "exactly one" and "at most one" rules
// (solvertest.RandomNary: they may have no solution or hundreds), every
// complete backend counts what brute force counts.
func TestRandomNaryAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 11))
	for trial := range 300 {
		m := solvertest.RandomNary(t, rng)
		if trial%2 == 1 {
			m = solvertest.Extend(t, m, func(b *model.Builder) {
				for range 1 + rng.IntN(3) {
					kind := model.ExactlyOne
					if rng.IntN(2) == 0 {
						kind = model.AtMostOne
					}
					var cands []model.Cand
					for _, c := range rng.Perm(m.Cells() * m.Values())[:2+rng.IntN(3)] {
						cands = append(cands, model.Cand(c))
					}
					b.Add(kind, cands...)
				}
			})
		}
		want := len(solvertest.BruteForce(m))
		for _, b := range complete {
			res, err := b.Solver.Solve(context.Background(), m, model.Options{})
			require.NoError(t, err, "trial %d, %s:\n%s", trial, b.Name, m)
			require.Equal(t, want, res.Count, "trial %d, %s:\n%s", trial, b.Name, m)
		}
	}
}

// FuzzCagesAgree: on small random models of killer-style rules (cells of a
// few values, house-like "exactly one" rules over one value in several
// cells, cages of distinct values weighed by value with one total, a
// given or two), every complete backend counts what brute force counts.
func FuzzCagesAgree(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 17, 99} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		m := randomCages(t, rand.New(rand.NewPCG(seed, seed>>32|1)))
		want := len(solvertest.BruteForce(m))
		for _, b := range complete {
			res, err := b.Solver.Solve(context.Background(), m, model.Options{})
			require.NoError(t, err, "%s:\n%s", b.Name, m)
			require.Equal(t, want, res.Count, "%s:\n%s", b.Name, m)
		}
	})
}

// randomCages returns a model of 3 to 6 cells of 3 to 5 values: a few
// houses (a value once among some cells), a few cages and sometimes a
// given.
func randomCages(tb testing.TB, rng *rand.Rand) *model.Model {
	cells, values := 3+rng.IntN(4), 3+rng.IntN(3)
	b := model.NewBuilder(cells, values)
	for range rng.IntN(4) {
		group := rng.Perm(cells)[:min(cells, values)]
		for v := 1; v <= values; v++ {
			var cands []model.Cand
			for _, c := range group {
				cands = append(cands, b.Cand(c, v))
			}
			kind := model.AtMostOne
			if len(group) == values {
				kind = model.ExactlyOne
			}
			b.Add(kind, cands...)
		}
	}
	for range 1 + rng.IntN(3) {
		cage := rng.Perm(cells)[:2+rng.IntN(min(cells, values)-1)]
		lo, hi := 0, 0
		for k := range cage {
			lo += k + 1
			hi += values - k
		}
		var cands []model.Cand
		var weights []int32
		for _, c := range cage {
			for v := 1; v <= values; v++ {
				cands = append(cands, b.Cand(c, v))
				weights = append(weights, int32(v))
			}
		}
		total := int32(lo + rng.IntN(hi-lo+1))
		b.AddRule(model.Rule{Kind: model.Sum, Label: "cage", Cands: cands,
			Payload: model.Payload{Weights: weights, Totals: []int32{total}, Distinct: true}})
	}
	for range rng.IntN(3) {
		b.Exclude(b.Cand(rng.IntN(cells), 1+rng.IntN(values)))
	}
	if rng.IntN(3) == 0 {
		b.Fix(b.Cand(rng.IntN(cells), 1+rng.IntN(values)))
	}
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}
