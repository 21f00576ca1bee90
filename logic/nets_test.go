package logic_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
)

// netTechniques are the dynamic and nested forcing chains, by depth.
var netTechniques = []logic.Technique{logic.DynamicForcing, logic.DynamicForcingPlus, logic.NestedForcing, logic.NestedForcingPlus}

// TestNetSteps: the first step of each depth on the first puzzle of the
// hardest set (Sudoku Explainer 11 and more), with the techniques of
// spec, says what it assumes and what follows, keeps the solution, and
// rates on Sudoku Explainer's scale. With singles only, the simplest
// contradiction comes first; along the default path, the deeper ones.
func TestNetSteps(t *testing.T) {
	line := fixture.Data(t, "puzzles5_forum_hardest_1905_11+", 1)[0]
	const singles = "none,+full house,+naked single,+hidden single,+"
	tests := []struct {
		tech logic.Technique
		spec string
		want string
	}{
		{logic.DynamicForcing, singles + "dynamic forcing chains",
			"dynamic forcing chains: if r3c7 were 4, nothing would follow by singles, and then no place left for 4 in row 1 => r3c7 -4"},
		{logic.DynamicForcingPlus, "",
			"dynamic forcing chains (+): if r2c6 were 1, the singles r2c8=9, r9c8=4, r1c6=2, r7c6=4, r1c8=1, r1c3=4 and 45 more would follow by singles, locked candidates, pairs and X-wings, and then no value left for r3c7 => r2c6 -1"},
		{logic.NestedForcing, "",
			"nested forcing chains: if r2c8 were 2, the singles r1c6=2, r1c8=1, r1c3=4, r9c8=9, r9c6=3, r9c5=8 and 44 more would follow by singles, locked candidates, pairs, X-wings and forcing chains (by singles) inside, and then no value left for r2c9 => r2c8 -2"},
		{logic.NestedForcingPlus, "-nested forcing chains",
			"nested forcing chains (+): if r1c5 were 3, the singles r9c8=9, r9c7=3, r2c7=8, r2c9=3, r9c6=1, r1c6=2 and 42 more would follow by singles, locked candidates, pairs, X-wings and forcing chains (+) inside, and then no value left for r1c3 => r1c5 -3"},
	}
	for _, tt := range tests {
		t.Run(tt.tech.String(), func(t *testing.T) {
			m := build(t, line, "")
			sol := solution(t, m)
			use, err := logic.ParseTechniques(tt.spec, logic.DefaultTechniques())
			require.NoError(t, err)
			st, ok := logic.FirstStep(context.Background(), m, sol, use, tt.tech)
			require.True(t, ok)
			checkStep(t, st, sol)
			assert.Equal(t, tt.want, st.String())
			assert.GreaterOrEqual(t, st.Rating(), tt.tech.Difficulty())
			assert.Positive(t, st.Length)
		})
	}
}

// TestNetsFindNothingWithoutADeduction: on an empty grid every candidate
// is true in some solution, so no branch may conclude anything; a search
// stopped by its context finds nothing either.
func TestNetsFindNothingWithoutADeduction(t *testing.T) {
	m := build(t, strings.Repeat(".", 81), "")
	for _, tech := range netTechniques {
		search, err := logic.NetSearch(context.Background(), m, tech)
		require.NoError(t, err)
		st, ok := search()
		assert.False(t, ok, "%v: %v", tech, st)
	}
	line := fixture.Data(t, "puzzles5_forum_hardest_1905_11+", 1)[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	search, err := logic.NetSearch(ctx, build(t, line, ""), logic.NestedForcing)
	require.NoError(t, err)
	_, ok := search()
	assert.False(t, ok, "a cancelled search concludes nothing")
	_, err = logic.Explain(ctx, build(t, line, ""), logic.Options{Solver: dlx.New()})
	assert.ErrorIs(t, err, context.Canceled)
}

// TestNetsAllocate: after a first search on a position, a search that
// finds nothing allocates next to nothing (its scratch positions and
// branch ends are kept).
func TestNetsAllocate(t *testing.T) {
	m := build(t, strings.Repeat(".", 81), "")
	search, err := logic.NetSearch(context.Background(), m, logic.DynamicForcingPlus)
	require.NoError(t, err)
	search()
	allocs := testing.AllocsPerRun(1, func() { search() })
	assert.LessOrEqual(t, allocs, 2.0)
}

// TestNetsKeepEverySolution checks the steps of every technique, the
// dynamic and nested forcing chains included, against every solution of
// hardest puzzles with givens removed.
func TestNetsKeepEverySolution(t *testing.T) {
	n := 2
	if testing.Short() {
		n = 1
	}
	seen := keepEverySolution(t, fixture.Data(t, "puzzles5_forum_hardest_1905_11+", n), logic.DefaultTechniques())
	t.Logf("technique counts: %v", seen)
	assert.Positive(t, seen[logic.DynamicForcingPlus]+seen[logic.NestedForcing]+seen[logic.NestedForcingPlus])
}
