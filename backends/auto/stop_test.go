package auto_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// TestStoppedCountIsNotAnAnswer counts the solutions of an empty 9x9 grid
// (6.67e21 of them) with every backend under each kind of stop. Whatever
// was found before the stop, the result must say the search was stopped
// and that its count is not exact; two solutions found still make the
// status Multiple, which is true.
func TestStoppedCountIsNotAnAnswer(t *testing.T) {
	s, err := sudoku.ShapeOf(9)
	require.NoError(t, err)
	m, err := rules.Build(sudoku.NewGrid(s))
	require.NoError(t, err)
	solvers := []struct {
		name   string
		solver model.Solver
		nodes  bool // the backend counts search nodes
	}{
		{"dlx", dlx.New(), true},
		{"sat", sat.New(), false},
		{"backtrack", backtrack.New(), true},
		{"auto", auto.New(), true},
	}
	stops := []struct {
		name string
		want model.Stop
		run  func(s model.Solver) (model.Result, error)
	}{
		{"deadline", model.Deadline, func(s model.Solver) (model.Result, error) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel()
			return s.Solve(ctx, m, model.Options{Limit: 0, Keep: model.KeepNone})
		}},
		{"canceled", model.Canceled, func(s model.Solver) (model.Result, error) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(30*time.Millisecond, cancel)
			return s.Solve(ctx, m, model.Options{Limit: 0, Keep: model.KeepNone})
		}},
		{"node limit", model.NodeLimit, func(s model.Solver) (model.Result, error) {
			return s.Solve(context.Background(), m, model.Options{Limit: 0, Keep: model.KeepNone, Nodes: 5_000})
		}},
	}
	for _, sv := range solvers {
		for _, st := range stops {
			if st.want == model.NodeLimit && !sv.nodes {
				continue
			}
			t.Run(sv.name+"/"+st.name, func(t *testing.T) {
				res, err := st.run(sv.solver)
				require.NoError(t, err)
				assert.Equal(t, st.want, res.Stop)
				assert.False(t, res.Exact, "count %d", res.Count)
				assert.False(t, res.Finished())
				if res.Count >= 2 {
					assert.Equal(t, model.Multiple, res.Status)
				} else {
					assert.Equal(t, model.Unknown, res.Status)
				}
				assert.Empty(t, res.Solutions, "KeepNone")
			})
		}
	}
}
