package dlx

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// TestCovered: an AtMostOne pair is left out when its candidates share a
// cell, an ExactlyOne rule or a wider AtMostOne rule, and kept otherwise,
// repeated pairs included.
func TestCovered(t *testing.T) {
	b := model.NewBuilder(4, 2)
	c := b.Cand
	rule := func(kind model.Kind, cands ...model.Cand) int {
		return b.AddRule(model.Rule{Kind: kind, Cands: cands})
	}
	row := rule(model.ExactlyOne, c(0, 1), c(1, 1))
	wide := rule(model.AtMostOne, c(1, 2), c(2, 2), c(3, 2))
	want := map[int]bool{
		rule(model.AtMostOne, c(0, 1), c(1, 1)): true,  // in the row
		rule(model.AtMostOne, c(0, 1), c(0, 2)): true,  // one cell
		rule(model.AtMostOne, c(3, 2), c(2, 2)): true,  // in the wide rule, either order
		rule(model.AtMostOne, c(0, 1), c(2, 1)): false, // nothing else keeps them apart
		rule(model.AtMostOne, c(2, 1), c(0, 1)): false, // the same pair again: kept too
		rule(model.AtMostOne, c(1, 1), c(2, 2)): false, // each in a rule, not the same one
	}
	m, err := b.Build()
	require.NoError(t, err)
	drop, err := covered(context.Background(), m)
	require.NoError(t, err)
	require.Len(t, drop, len(m.Rules()))
	assert.False(t, drop[row], "an ExactlyOne rule is never left out")
	assert.False(t, drop[wide], "nor a wide AtMostOne rule")
	for k, w := range want {
		assert.Equal(t, w, drop[k], m.RuleName(k))
	}

	ended, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = covered(ended, m)
	require.ErrorIs(t, err, context.Canceled)
}

// TestCoveredSameSearch: leaving the covered pairs out changes no search:
// the same steps, nodes and solutions, with fewer updates, on grids whose
// variants add pairs that houses already hold: the empty grid (as far as
// a node budget goes) and a puzzle made of every third cell of a
// solution (published with the puzzles of the variants' tests).
func TestCoveredSameSearch(t *testing.T) {
	for _, tc := range []struct{ variants, solution string }{
		{"antiknight", "536241897978536241421879635613485972789623514245917368357198426892764153164352789"},
		{"antiknight,antiking", "198234567234567198567198234982345671345671982671982345823456719456719823719823456"},
		{"antiking,diagonal,disjoint", ""},
	} {
		t.Run(tc.variants, func(t *testing.T) {
			vs, err := variants.ParseList(tc.variants)
			require.NoError(t, err)
			empty, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), vs...)
			require.NoError(t, err)
			drop, err := covered(context.Background(), empty)
			require.NoError(t, err)
			assert.Contains(t, drop, true, "the variants add covered pairs")

			searchBoth(t, empty, model.Options{Limit: 3, Nodes: 20_000})
			if tc.solution == "" {
				return
			}
			var givens []model.Cand
			for cell := 0; cell < 81; cell += 3 {
				givens = append(givens, empty.Cand(cell, int(tc.solution[cell]-'0')))
			}
			puzzle, err := empty.WithGivens(givens, nil)
			require.NoError(t, err)
			res := searchBoth(t, puzzle, model.Options{Limit: 2})
			require.NotEmpty(t, res.Solutions)
			require.NoError(t, model.Check(puzzle, res.Solutions[0]))
		})
	}
}

// searchBoth solves m on the documented lowering and on the solver's,
// checks that both searches take the same steps to the same result and
// that the solver's makes fewer updates, and returns the solver's result.
func searchBoth(t *testing.T, m *model.Model, opts model.Options) model.Result {
	t.Helper()
	var results [2]model.Result
	var events [2][]model.Event
	for i, cfg := range []lowerConfig{{}, {dropCovered: true}} {
		x, om, err := lowerWith(m, cfg)
		require.NoError(t, err)
		e := &engine{x: x, om: om, values: m.Values(), cells: make([]model.Cand, m.Cells())}
		o := opts
		o.Trace = func(ev model.Event) { events[i] = append(events[i], ev) }
		e.solve(context.Background(), m, o, &results[i])
	}
	plain, solver := results[0], results[1]
	assert.Equal(t, events[0], events[1], "the same steps")
	assert.Equal(t, plain.Count, solver.Count)
	assert.Equal(t, plain.Solutions, solver.Solutions)
	assert.Equal(t, plain.Stats.Nodes, solver.Stats.Nodes)
	assert.Less(t, solver.Stats.Updates, plain.Stats.Updates)
	return solver
}
