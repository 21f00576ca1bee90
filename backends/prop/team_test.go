package prop_test

import (
	"context"
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

func teamModel(t *testing.T, puzzle string, vs ...rules.Variant) *model.Model {
	t.Helper()
	g, err := sudoku.Parse(puzzle, sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g, vs...)
	require.NoError(t, err)
	return m
}

// TestTeamCounts checks that a team of searches finds what one search
// finds: every solution once, none lost to a value two searches both
// tried or neither did, and the limit of solutions exact.
func TestTeamCounts(t *testing.T) {
	m := teamModel(t, manySolutions)
	ctx := context.Background()
	one, err := prop.Team(1).Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	require.Equal(t, 24413, one.Count)
	for _, n := range []int{2, 4} {
		s := prop.Team(n)
		got, err := s.Solve(ctx, m, model.Options{})
		require.NoError(t, err)
		started, running := prop.Helpers(s)
		assert.Positive(t, started, "%d workers: no helper joined", n)
		assert.Zero(t, running, "%d workers: searches left running", n)
		assert.Equal(t, model.Done, got.Stop)
		assert.Equal(t, one.Count, got.Count, "%d workers", n)
		assert.Equal(t, sorted(one.Solutions), sorted(got.Solutions), "%d workers", n)

		capped, err := s.Solve(ctx, m, model.Options{Limit: 5000})
		require.NoError(t, err)
		assert.Equal(t, 5000, capped.Count)
		assert.Len(t, capped.Solutions, 5000)
		keys := solvertest.Keys(capped.Solutions)
		assert.Len(t, uniq(keys), 5000, "a solution found twice")
		all := uniq(solvertest.Keys(one.Solutions))
		for _, k := range keys {
			require.True(t, all[k], "%d workers: a solution the single search did not find", n)
		}
	}
}

// sorted returns the keys of sols in order.
func sorted(sols []model.Solution) []string {
	keys := solvertest.Keys(sols)
	slices.Sort(keys)
	return keys
}

func uniq(keys []string) map[string]bool {
	set := map[string]bool{}
	for _, k := range keys {
		set[k] = true
	}
	return set
}

// TestTeamHelpersLeave checks that helpers that leave a team to free
// their cores (Solver.Reserve) lose no work: the count stays exact.
func TestTeamHelpersLeave(t *testing.T) {
	m := teamModel(t, manySolutions)
	ctx := context.Background()
	one, err := prop.Team(1).Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	s, release := prop.ReservingTeam(3)
	got, err := s.Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	release()
	started, running := prop.Helpers(s)
	assert.Equal(t, int64(2), started)
	assert.Equal(t, int64(2), prop.Retired(s), "both helpers left")
	assert.Zero(t, running)
	assert.Equal(t, one.Count, got.Count)
	assert.Equal(t, sorted(one.Solutions), sorted(got.Solutions))
}

// TestTeamStops checks that a team stopped by its context's deadline or
// cancellation answers unknown with the reason, and that no search
// outlives the call.
func TestTeamStops(t *testing.T) {
	// No givens: more solutions than any count finishes.
	m := teamModel(t, ".................................................................................", variants.AntiKing{})
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
		s := prop.Team(4)
		ctx, cancel := tc.ctx()
		got, err := s.Solve(ctx, m, model.Options{Keep: model.KeepNone})
		cancel()
		require.NoError(t, err)
		assert.Equal(t, tc.want, got.Stop, tc.name)
		assert.False(t, got.Exact, "%s: a partial count taken for an exact one", tc.name)
		assert.Equal(t, model.Multiple, got.Status, tc.name) // two found before the stop
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
