package logic_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// sets caches the rule sets build makes, by shape and variants, so that
// puzzles of one kind share a rule set as they do in the CLI.
var sets sync.Map

// build returns the model of a puzzle line under the named variants.
func build(tb testing.TB, line, vars string) *model.Model {
	tb.Helper()
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(tb, err)
	key := g.Shape.String() + "/" + vars
	rs, ok := sets.Load(key)
	if !ok {
		vs, err := variants.ParseList(vars)
		require.NoError(tb, err)
		set, err := rules.New(g.Shape, vs...)
		require.NoError(tb, err)
		rs, _ = sets.LoadOrStore(key, set)
	}
	m, err := rs.(*rules.Set).Model(g)
	require.NoError(tb, err)
	return m
}

// mustBuild returns the model of a classic puzzle line, for examples.
func mustBuild(line string) *model.Model {
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	if err != nil {
		panic(err)
	}
	m, err := rules.Build(g)
	if err != nil {
		panic(err)
	}
	return m
}

// solution returns the unique solution of m, as a value per cell.
func solution(tb testing.TB, m *model.Model) []int {
	tb.Helper()
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(tb, err)
	require.Equal(tb, model.Unique, res.Status)
	sol := make([]int, m.Cells())
	for i, c := range res.Solutions[0] {
		sol[i] = m.ValueOf(c)
	}
	return sol
}

// checkPath checks every step of p against the solution sol: no placement
// differs from it, no elimination removes its value, and every step changes
// something still open. Replaying the placements over the givens must give
// the values the path ends with, and the solution when the path is solved.
func checkPath(t *testing.T, m *model.Model, p logic.Path, sol []int) {
	t.Helper()
	grid := make([]int, m.Cells())
	for _, c := range m.Fixed() {
		grid[m.CellOf(c)] = m.ValueOf(c)
	}
	for i, st := range p.Steps {
		require.True(t, len(st.Placements)+len(st.Eliminations) > 0, "step %d %v changes nothing", i, st)
		for _, pl := range st.Placements {
			require.Equal(t, sol[pl.Cell], pl.Value, "step %d places a wrong value: %v", i, st)
			require.Zero(t, grid[pl.Cell], "step %d places a placed cell: %v", i, st)
			require.Equal(t, m.CellName(pl.Cell), pl.Name)
			grid[pl.Cell] = pl.Value
		}
		for _, e := range st.Eliminations {
			require.NotEmpty(t, e.Values)
			require.NotContains(t, e.Values, sol[e.Cell], "step %d removes the solution's value: %v", i, st)
			require.Zero(t, grid[e.Cell], "step %d eliminates in a placed cell: %v", i, st)
		}
		require.NotEmpty(t, st.String())
	}
	require.Empty(t, p.Contradiction)
	require.Equal(t, grid, p.Values, "the replayed placements end where the path does")
	if p.Solved {
		require.Equal(t, sol, grid, "the replayed path solves the puzzle")
	}
}

func TestTop95(t *testing.T) {
	lines := fixture.Lines(t, "../testdata/top95.txt", 0)
	solved, guessed := 0, 0
	for _, line := range lines {
		m := build(t, line, "")
		sol := solution(t, m)
		p, err := logic.Explain(context.Background(), m, logic.Options{})
		require.NoError(t, err)
		checkPath(t, m, p, sol)
		if p.Solved {
			solved++
		} else {
			assert.Equal(t, logic.Search, p.Level)
		}
		g, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
		require.NoError(t, err)
		checkPath(t, m, g, sol)
		require.True(t, g.Solved, "with a solver every unique puzzle gets a path")
		assert.Equal(t, model.Unique, g.Status)
		if g.Guesses > 0 {
			guessed++
			assert.Equal(t, logic.Search, g.Level)
		}
	}
	t.Logf("top95: %d of %d solved by the techniques, %d need guesses", solved, len(lines), guessed)
	assert.Equal(t, len(lines), solved+guessed)
}

// TestHardest checks every step on puzzles of the hardest set (Sudoku
// Explainer rating 11 or more), where the chains and the dynamic and
// nested forcing chains do most of the work: none needs a guess, and each
// step of the nets says what it assumes and what follows.
func TestHardest(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 4
	}
	counts := map[logic.Technique]int{}
	guessed := 0
	for _, line := range fixture.Data(t, "puzzles5_forum_hardest_1905_11+", n) {
		m := build(t, line, "")
		p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
		require.NoError(t, err)
		checkPath(t, m, p, solution(t, m))
		require.True(t, p.Solved)
		assert.GreaterOrEqual(t, p.Level, logic.Master, line)
		assert.Equal(t, p.Guesses > 0, p.Level == logic.Search, line)
		guessed += min(p.Guesses, 1)
		for tech, k := range p.Counts() {
			counts[tech] += k
		}
		for _, st := range p.Steps {
			if st.Technique >= logic.DynamicForcing && st.Technique <= logic.NestedForcingPlus {
				assert.Regexp(t, `^(if r\dc\d were (not )?\d, .* would follow by singles.*, and then no (value|place) left|r\dc\d=\d and r\dc\d≠\d both lead by singles|each (value|place) of .* leads by singles)`, st.Reason)
				assert.GreaterOrEqual(t, st.Rating(), st.Technique.Difficulty())
				assert.Positive(t, st.Length)
			}
		}
	}
	assert.Zero(t, guessed, "the nested forcing chains leave none needing a guess")
	fire := []logic.Technique{logic.Nishio, logic.DynamicForcingPlus, logic.NestedForcing}
	if !testing.Short() { // the first four puzzles need no chain of one kind
		fire = append(fire, logic.SimpleColouring, logic.XYChain, logic.NiceLoop, logic.GroupedAIC)
	}
	for _, tech := range fire {
		assert.Positive(t, counts[tech], "%v never fires", tech)
	}
	t.Logf("technique counts: %v; %d of %d puzzles need a guess", counts, guessed, n)
}
