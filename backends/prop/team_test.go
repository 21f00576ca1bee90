package prop_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// manySolutions is a 9x9 puzzle of 24,413 solutions, which the general
// path searches in some 50,000 nodes: enough for helpers to join.
const manySolutions = "8.........95.......76.........426798...571243...893165......9.6....3.4.........32"

// TestTeamCounts checks that a team of searches finds what one search
// finds: every solution once, none lost to a value two searches both
// tried or neither did, the limit of solutions exact; and that helpers
// that leave a team to free their cores (Solver.Reserve) lose no work.
func TestTeamCounts(t *testing.T) {
	m := solvertest.Puzzle(t, manySolutions)
	ctx := context.Background()
	one, err := prop.Team(1).Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	require.Equal(t, 24413, one.Count)
	want := sorted(one.Solutions)
	reserving, release := prop.ReservingTeam(3)
	for _, tc := range []struct {
		name    string
		s       *prop.Solver
		release func()
		retired int64 // helpers that leave
		capped  bool  // also count to a limit
	}{
		{"2 workers", prop.Team(2), func() {}, 0, true},
		{"4 workers", prop.Team(4), func() {}, 0, true},
		{"3 workers, 2 cores reserved mid-count", reserving, release, 2, false},
	} {
		got, err := tc.s.Solve(ctx, m, model.Options{})
		require.NoError(t, err)
		tc.release()
		started, running := prop.Helpers(tc.s)
		assert.Positive(t, started, "%s: no helper joined", tc.name)
		assert.Zero(t, running, "%s: searches left running", tc.name)
		assert.Equal(t, tc.retired, prop.Retired(tc.s), "%s: helpers that left", tc.name)
		assert.Equal(t, model.Done, got.Stop, tc.name)
		assert.Equal(t, one.Count, got.Count, tc.name)
		assert.Equal(t, want, sorted(got.Solutions), tc.name)
		if !tc.capped {
			continue
		}
		capped, err := tc.s.Solve(ctx, m, model.Options{Limit: 5000})
		require.NoError(t, err)
		assert.Equal(t, 5000, capped.Count, tc.name)
		keys := sorted(capped.Solutions)
		assert.Len(t, slices.Compact(slices.Clone(keys)), 5000, "%s: a solution found twice", tc.name)
		for _, k := range keys {
			_, found := slices.BinarySearch(want, k)
			require.True(t, found, "%s: a solution the single search did not find", tc.name)
		}
	}
}

// sorted returns the keys of sols in order.
func sorted(sols []model.Solution) []string {
	keys := solvertest.Keys(sols)
	slices.Sort(keys)
	return keys
}

// TestTeamStops checks that a team stopped by its context's deadline or
// cancellation answers unknown with the reason, and that no search
// outlives the call.
func TestTeamStops(t *testing.T) {
	// No givens: more solutions than any count finishes.
	m, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), variants.AntiKing{})
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		want model.Stop
	}{
		{"deadline", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 300*time.Millisecond)
		}, model.Deadline},
		{"canceled", func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(300*time.Millisecond, cancel)
			return ctx, cancel
		}, model.Canceled},
	} {
		s := prop.EagerTeam(4) // helpers join after 8 nodes, however slow the machine
		ctx, cancel := tc.ctx()
		got, err := s.Solve(ctx, m, model.Options{Keep: model.KeepNone})
		cancel()
		require.NoError(t, err)
		assert.Equal(t, tc.want, got.Stop, tc.name)
		assert.False(t, got.Exact, "%s: a partial count taken for an exact one", tc.name)
		// Never unique or none: two solutions found before the stop make
		// Multiple, fewer Unknown (how many depends on the machine's speed).
		want := model.Unknown
		if got.Count >= 2 {
			want = model.Multiple
		}
		assert.Equal(t, want, got.Status, tc.name)
		started, running := prop.Helpers(s)
		assert.Positive(t, started, "%s: no helper joined", tc.name)
		assert.Zero(t, running, "%s: searches left running", tc.name)
	}
}

// TestConformanceTeam runs the suite with a team whose helpers join after
// 8 nodes, so that its small trees are shared too.
func TestConformanceTeam(t *testing.T) {
	solvertest.Test(t, prop.EagerTeam(3), solvertest.CountsNodes(), solvertest.StopsBuilding())
}

// FuzzTeamAgrees counts the solutions of random small models of sums and
// tables (solvertest.RandomNary) with a team whose helpers join after 8
// nodes, against one search and brute force: the same count and the same
// solutions.
func FuzzTeamAgrees(f *testing.F) {
	for seed := range uint64(20) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		m := solvertest.RandomNary(t, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		want := sorted(solvertest.BruteForce(m))
		for _, s := range []*prop.Solver{prop.Team(1), prop.EagerTeam(3)} {
			got, err := s.Solve(context.Background(), m, model.Options{})
			require.NoError(t, err)
			require.Equal(t, len(want), got.Count)
			require.Equal(t, want, sorted(got.Solutions))
		}
	})
}

// TestProgress checks the part of its tree a search publishes
// (SolveProgress): the whole tree, to rounding, once an exhaustive
// search ends, alone or in a team whose searches take work from each
// other's levels or leave theirs to the others; less when a limit of
// solutions or a deadline stops it.
func TestProgress(t *testing.T) {
	m := solvertest.Puzzle(t, manySolutions)
	reserving, release := prop.ReservingTeam(3)
	defer release()
	for _, tc := range []struct {
		name string
		s    *prop.Solver
	}{
		{"one search", prop.Team(1)},
		{"3 searches", prop.EagerTeam(3)},
		{"4 workers", prop.Team(4)},
		{"helpers leaving", reserving},
	} {
		var all, some prop.Progress
		res, err := tc.s.SolveProgress(context.Background(), m, model.Options{Keep: model.KeepNone}, &all)
		require.NoError(t, err)
		require.Equal(t, 24413, res.Count, tc.name)
		assert.InDelta(t, 1, prop.RawProgress(&all), 1e-9, tc.name)
		res, err = tc.s.SolveProgress(context.Background(), m, model.Options{Limit: 5000, Keep: model.KeepNone}, &some)
		require.NoError(t, err)
		require.Equal(t, 5000, res.Count, tc.name)
		assert.Less(t, some.Searched(), 0.9, tc.name)
	}
	// No givens: a deadline stops the search far from its end.
	blank, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), variants.AntiKing{})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	var p prop.Progress
	res, err := prop.EagerTeam(2).SolveProgress(ctx, blank, model.Options{Keep: model.KeepNone}, &p)
	require.NoError(t, err)
	assert.Equal(t, model.Deadline, res.Stop)
	assert.Less(t, p.Searched(), 0.5)
}
