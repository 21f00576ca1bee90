package anneal

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
)

// sat requires res to be Sat with one solution the referee accepts.
func sat(t *testing.T, m *model.Model, res model.Result) {
	t.Helper()
	require.Equal(t, model.Sat, res.Status, "stop %v after %d moves", res.Stop, res.Stats.Nodes)
	require.Equal(t, 1, res.Count)
	assert.False(t, res.Exact)
	assert.Equal(t, model.Done, res.Stop)
	require.Len(t, res.Solutions, 1)
	assert.NoError(t, model.Check(m, res.Solutions[0]))
}

func TestSolves(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle string
	}{
		{"4x4", "1...........2..3"},
		{"blank 4x4", "................"},
		{"blank 9x9", "................................................................................."},
		{"easy", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."},
		{"top95 1", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.name == "top95 1" {
				t.Skip("-short")
			}
			m := solvertest.Puzzle(t, tc.puzzle)
			res, err := New().Solve(t.Context(), m, model.Options{Limit: 1})
			require.NoError(t, err)
			sat(t, m, res)
			assert.Positive(t, res.Stats.Elapsed)
		})
	}
}

// TestTop95 counts how many of the first top95 puzzles annealing solves
// within a budget; every answer is Sat with a checked solution or Unknown
// at the node limit.
func TestTop95(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	solved := 0
	lines := fixture.Lines(t, filepath.Join(fixture.Root(t), "testdata", "top95.txt"), 5)
	for _, line := range lines {
		m := solvertest.Puzzle(t, line)
		res, err := New().Solve(t.Context(), m, model.Options{Limit: 2, Nodes: 20_000_000})
		require.NoError(t, err)
		if res.Status == model.Sat {
			sat(t, m, res)
			solved++
			continue
		}
		assert.Equal(t, model.Unknown, res.Status)
		assert.Equal(t, model.NodeLimit, res.Stop)
		assert.EqualValues(t, 20_000_000, res.Stats.Nodes)
	}
	t.Logf("solved %d of %d", solved, len(lines))
	assert.GreaterOrEqual(t, solved, 3, "the default seed solves 4 of them")
}

// TestNeverProves: whatever the limit, a solution is Sat (never Unique or
// Multiple), and an unsatisfiable puzzle is Unknown (never Unsat).
func TestNeverProves(t *testing.T) {
	unique := solvertest.Puzzle(t, "1...........2..3")
	for _, limit := range []int{0, 1, 2, 5} {
		res, err := New().Solve(t.Context(), unique, model.Options{Limit: limit})
		require.NoError(t, err)
		sat(t, unique, res)
	}
	for _, tc := range []struct{ name, puzzle string }{
		{"repeated given", "11.............."},
		{"no value left", "12....3.....4..."},
		{"9x9 no value left", "12345678." + "........." + "........." + "........." + "........." + "........." + "........." + "........." + "........9"},
	} {
		m := solvertest.Puzzle(t, tc.puzzle)
		if m.Cells() == 16 && solvertest.Count(m, 1) > 0 {
			t.Fatalf("%s: has a solution", tc.name)
		}
		for _, limit := range []int{0, 1, 2} {
			res, err := New().Solve(t.Context(), m, model.Options{Limit: limit, Nodes: 20_000})
			require.NoError(t, err)
			assert.Equal(t, model.Unknown, res.Status, tc.name)
			assert.Equal(t, model.NodeLimit, res.Stop, tc.name)
			assert.Zero(t, res.Count)
			assert.Empty(t, res.Solutions)
		}
	}
}

func TestKeep(t *testing.T) {
	m := solvertest.Puzzle(t, "1...........2..3")
	res, err := New().Solve(t.Context(), m, model.Options{Limit: 1, Keep: model.KeepNone})
	require.NoError(t, err)
	assert.Equal(t, model.Sat, res.Status)
	assert.Equal(t, 1, res.Count)
	assert.Empty(t, res.Solutions)
}

func TestStops(t *testing.T) {
	hard := solvertest.Puzzle(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	res, err := New().Solve(ctx, hard, model.Options{Limit: 1})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)

	// An unsatisfiable 9x9 puzzle with no move budget runs until the deadline.
	m := solvertest.Puzzle(t, "11...............................................................................")
	ctx, cancel = context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	res, err = (&Solver{Moves: 1 << 62}).Solve(ctx, m, model.Options{Limit: 1})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Deadline, res.Stop)
	assert.Positive(t, res.Stats.Nodes)

	for _, budget := range []int64{1, 1000, 12345} {
		res, err = New().Solve(t.Context(), m, model.Options{Limit: 1, Nodes: budget})
		require.NoError(t, err)
		assert.Equal(t, model.Unknown, res.Status)
		assert.Equal(t, model.NodeLimit, res.Stop)
		assert.Equal(t, budget, res.Stats.Nodes)
	}
	res, err = (&Solver{Moves: 777}).Solve(t.Context(), m, model.Options{Limit: 1})
	require.NoError(t, err)
	assert.EqualValues(t, 777, res.Stats.Nodes, "Solver.Moves when Options.Nodes is 0")

	_, err = New().Solve(t.Context(), nil, model.Options{})
	assert.Error(t, err)
}

// TestSeed: a seed gives the same search every time; another seed another
// search.
func TestSeed(t *testing.T) {
	m := solvertest.Puzzle(t, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	moves := map[uint64]int64{}
	for _, seed := range []uint64{0, DefaultSeed, 1, 2, 3} {
		a, err := (&Solver{Seed: seed}).Solve(t.Context(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		b, err := (&Solver{Seed: seed}).Solve(t.Context(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		sat(t, m, a)
		assert.Equal(t, a.Stats.Nodes, b.Stats.Nodes, "seed %d", seed)
		moves[seed] = a.Stats.Nodes
	}
	assert.Equal(t, moves[0], moves[DefaultSeed], "0 is DefaultSeed")
	assert.False(t, moves[1] == moves[2] && moves[2] == moves[3], "three seeds, three searches: %v", moves)
}

// with4 returns the standard 4x4 model with the rules add adds.
func with4(t *testing.T, add func(b *model.Builder)) *model.Model {
	return solvertest.Extend(t, solvertest.Blank(t, 2, 2), add)
}

// TestNary: sums, tables, conditions and exclusions count in the cost, so
// every answer satisfies them; a model they make unsatisfiable is Unknown.
func TestNary(t *testing.T) {
	for _, tc := range []struct {
		name string
		add  func(b *model.Builder)
	}{
		{"killer cage", func(b *model.Builder) { b.Linear("cage", []int{0, 1, 4}, []int{1, 1, 1}, []int{7}, true) }},
		{"several totals", func(b *model.Builder) { b.Linear("odd pair", []int{2, 7}, []int{1, 1}, []int{3, 5, 7}, false) }},
		{"conditional sum", func(b *model.Builder) {
			b.Linear("x-sum", []int{0, 1}, []int{1, 1}, []int{5}, true, b.Cand(0, 2))
		}},
		{"table", func(b *model.Builder) { b.AddTable("pair", []int{8, 9}, [][]int{{1, 2}, {2, 1}, {3, 4}}) }},
		{"conditional table", func(b *model.Builder) {
			b.AddTable("clone", []int{0, 10}, [][]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}}, b.Cand(15, 4))
		}},
		{"anti-pair and exclusions", func(b *model.Builder) {
			b.Add(model.AtMostOne, b.Cand(0, 1), b.Cand(5, 1))
			b.Exclude(b.Cand(0, 2))
			b.Exclude(b.Cand(3, 4))
		}},
		{"impossible", func(b *model.Builder) { b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{9}, false) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := with4(t, tc.add)
			res, err := New().Solve(t.Context(), m, model.Options{Limit: 1, Nodes: 200_000})
			require.NoError(t, err)
			if solvertest.Count(m, 1) == 0 {
				assert.Equal(t, model.Unknown, res.Status)
				return
			}
			sat(t, m, res)
		})
	}
}

// TestKiller: with one cage of a published killer (a model with very
// many solutions) anneal must find a solution, which the referee checks,
// so the cage's sum is honoured; on the whole killer, which it does not
// solve, a search is reproducible (the same seed, the same answer and
// moves) and one stopped spends exactly its budget and says so.
func TestKiller(t *testing.T) {
	k := solvertest.Killers()[1]
	m := k.Model(t, true)
	res, err := New().Solve(t.Context(), m, model.Options{Limit: 1, Nodes: 2_000_000})
	require.NoError(t, err)
	require.Equal(t, model.Sat, res.Status, "%s, first cage only: %d moves", k.Name, res.Stats.Nodes)
	sat(t, m, res)

	full := k.Model(t, false)
	const budget = 200_000
	first, err := New().Solve(t.Context(), full, model.Options{Limit: 1, Nodes: budget})
	require.NoError(t, err)
	again, err := New().Solve(t.Context(), full, model.Options{Limit: 1, Nodes: budget})
	require.NoError(t, err)
	t.Logf("%s: %v after %d moves", k.Name, first.Status, first.Stats.Nodes)
	assert.Equal(t, first.Status, again.Status, "one seed, one answer")
	assert.Equal(t, first.Stats.Nodes, again.Stats.Nodes, "one seed, one search")
	if first.Status == model.Sat {
		sat(t, full, first)
		assert.Equal(t, k.Published(full), first.Solutions[0], "the killer is unique")
		return
	}
	assert.Equal(t, model.Unknown, first.Status)
	assert.Equal(t, model.NodeLimit, first.Stop)
	assert.Equal(t, int64(budget), first.Stats.Nodes, "a stopped search spent its budget")
}

func TestUnsupported(t *testing.T) {
	m := solvertest.NaryModel(t, func(b *model.Builder) { b.Add(model.ExactlyOne, b.Cand(0, 1), b.Cand(1, 1)) })
	_, err := New().Solve(t.Context(), m, model.Options{Limit: 1})
	assert.ErrorIs(t, err, model.ErrUnsupported)
	assert.ErrorContains(t, err, "anneal")
}

func BenchmarkEasy(b *testing.B) {
	m := solvertest.Puzzle(b, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	s := New()
	b.ReportAllocs()
	var moves int64
	for b.Loop() {
		res, err := s.Solve(context.Background(), m, model.Options{Limit: 1})
		if err != nil || res.Status != model.Sat {
			b.Fatal(res.Status, err)
		}
		moves += res.Stats.Nodes
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}
