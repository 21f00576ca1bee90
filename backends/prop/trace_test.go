package prop_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
)

// TestTrace: on the top95 puzzles and a 16x16 one, Nodes = Tries + 1,
// also when the node budget stops the search, and Guesses = the branch
// points (one more when the budget stopped it after choosing a cell);
// traced on the general path, a classic 9x9 gets the result the
// classic path gives without a trace.
func TestTrace(t *testing.T) {
	lines := fixture.Lines(t, "../../testdata/top95.txt", 20)
	lines = append(lines, fixture.Lines(t, "../../testdata/16x16-45.txt", 1)...)
	s := prop.New()
	for _, line := range lines {
		m := solvertest.Puzzle(t, line)
		for _, opts := range []model.Options{{Limit: 2}, {Limit: 2, Nodes: 3}} {
			plain, err := s.Solve(context.Background(), m, opts)
			require.NoError(t, err)
			var rec model.Recorder
			opts.Trace = rec.Add
			res, err := s.Solve(context.Background(), m, opts)
			require.NoError(t, err)
			assert.Equal(t, res.Stats.Nodes, solvertest.CountEvents(rec.Events, model.EventTry)+1, line)
			points, guesses := solvertest.BranchPoints(rec.Events)
			assert.Equal(t, points, guesses, "every branch point has two values or more")
			if res.Stop == model.Done {
				assert.Equal(t, res.Stats.Guesses, guesses, line)
			} else { // the budget may stop before the first value of the last cell chosen
				assert.Contains(t, []int64{guesses, guesses + 1}, res.Stats.Guesses, line)
			}
			plain.Stats.Elapsed, res.Stats.Elapsed = 0, 0
			assert.Equal(t, plain, res, line)
		}
	}
}
