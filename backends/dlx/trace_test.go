package dlx_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// stepString writes a step as "try 0 o1 (of 2)", "undo 0 o1", "solution 3"
// or "deadend 2".
func stepString(s dlx.Step) string {
	name := [...]string{dlx.StepTry: "try", dlx.StepUndo: "undo", dlx.StepSolution: "solution", dlx.StepDeadEnd: "deadend"}[s.Kind]
	out := fmt.Sprintf("%s %d", name, s.Level)
	if s.Option >= 0 {
		out += fmt.Sprintf(" o%d", s.Option)
	}
	if s.Options > 0 {
		out += fmt.Sprintf(" (of %d)", s.Options)
	}
	return out
}

// TestSearchTraceToy follows Algorithm X on Knuth's toy problem step by
// step: a (options 1 and 3) is chosen first; option 1 leaves e with no
// option after b's only one; option 3 leads to the solution {3, 4, 0}.
func TestSearchTraceToy(t *testing.T) {
	all := []string{
		"try 0 o1 (of 2)", "try 1 o2 (of 1)", "deadend 2", "undo 1 o2", "undo 0 o1",
		"try 0 o3 (of 2)", "try 1 o4 (of 1)", "try 2 o0 (of 1)", "solution 3",
		"undo 2 o0", "undo 1 o4", "undo 0 o3",
	}
	for _, tc := range []struct {
		name  string
		lim   dlx.Limits
		want  []string
		nodes int64
	}{
		{"every solution", dlx.Limits{}, all, 6},
		{"first solution", dlx.Limits{Solutions: 1}, all[:9], 6},
		{"node budget", dlx.Limits{Nodes: 4}, all[:7], 4}, // the 5th try would enter node 5
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := parseProblem(t, "a b c d e f g", toyOptions)
			snap := x.Snapshot()
			var got []string
			var sols [][]int32
			out := x.SearchTrace(context.Background(), tc.lim, func(o []int32) bool {
				sols = append(sols, append([]int32(nil), o...))
				return true
			}, func(s dlx.Step) { got = append(got, stepString(s)) })
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.nodes, out.Nodes)
			assert.Equal(t, len(sols), out.Count)
			require.NoError(t, x.SameAs(snap), "the search restores the matrix")
			plain := x.Search(context.Background(), tc.lim, nil)
			assert.Equal(t, out.Nodes, plain.Nodes)
			assert.Equal(t, out.Updates, plain.Updates)
			assert.Equal(t, out.Reason, plain.Reason)
		})
	}
}

// TestSearchTraceAllocs: the search allocates nothing, with or without a
// trace.
func TestSearchTraceAllocs(t *testing.T) {
	x := parseProblem(t, "a b c d e f g", toyOptions)
	ctx := context.Background()
	var steps int
	trace := func(dlx.Step) { steps++ }
	assert.Zero(t, testing.AllocsPerRun(100, func() { x.SearchTrace(ctx, dlx.Limits{}, nil, trace) }))
	assert.Zero(t, testing.AllocsPerRun(100, func() { x.Search(ctx, dlx.Limits{}, nil) }))
	assert.Equal(t, 12*101, steps)
}

// TestSolveTrace checks, on a hard sudoku, how the events meet the
// statistics: Nodes = Tries + 1, Guesses = the branch points with more
// than one option, and Nodes = Tries when the node budget stops the
// search (which then leaves its Tries on the stack).
func TestSolveTrace(t *testing.T) {
	m := solvertest.Puzzle(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	s := dlx.New()
	for _, tc := range []struct {
		name  string
		opts  model.Options
		stop  model.Stop
		extra int64 // Nodes - Tries
	}{
		{"unique", model.Options{Limit: 2}, model.Done, 1},
		{"budget", model.Options{Limit: 2, Nodes: 100}, model.NodeLimit, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec model.Recorder
			tc.opts.Trace = rec.Add
			res, err := s.Solve(context.Background(), m, tc.opts)
			require.NoError(t, err)
			require.Equal(t, tc.stop, res.Stop)
			assert.Equal(t, res.Stats.Nodes, solvertest.CountEvents(rec.Events, model.EventTry)+tc.extra)
			_, guesses := solvertest.BranchPoints(rec.Events)
			assert.Equal(t, res.Stats.Guesses, guesses)
			assert.Positive(t, solvertest.CountEvents(rec.Events, model.EventDeadEnd))
			checkPristine(t, s, m)
		})
	}
}

// TestSolveTraceSums: on a killer sudoku the options of the cages choose
// no candidate (NoCand); at the solution the other Tries on the stack
// are the 81 cells.
func TestSolveTraceSums(t *testing.T) {
	m := killerModel(t, wikiKiller)
	var rec model.Recorder
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 1, Trace: rec.Add})
	require.NoError(t, err)
	require.Equal(t, model.Sat, res.Status)
	var stack []model.Event
	sums := 0
	for _, e := range rec.Events {
		switch e.Kind {
		case model.EventTry:
			stack = append(stack, e)
			if e.Cand == model.NoCand {
				sums++
			}
		case model.EventUndo:
			stack = stack[:len(stack)-1]
		}
	}
	assert.Positive(t, sums, "some Tries choose a cage's option")
	cells := 0
	for _, e := range stack {
		if e.Cand != model.NoCand {
			assert.Equal(t, res.Solutions[0][m.CellOf(e.Cand)], e.Cand)
			cells++
		}
	}
	assert.Equal(t, 81, cells)
	assert.Equal(t, model.EventSolution, rec.Events[len(rec.Events)-1].Kind)
}

// TestSolveTraceRecorder: a bounded Recorder keeps the first events of a
// long search and counts the others.
func TestSolveTraceRecorder(t *testing.T) {
	m := solvertest.Blank(t, 2, 2)
	full := model.Recorder{}
	bounded := model.Recorder{Max: 50}
	s := dlx.New()
	_, err := s.Solve(context.Background(), m, model.Options{Trace: full.Add})
	require.NoError(t, err)
	res, err := s.Solve(context.Background(), m, model.Options{Trace: bounded.Add})
	require.NoError(t, err)
	require.Equal(t, 288, res.Count)
	assert.Equal(t, int64(288), solvertest.CountEvents(full.Events, model.EventSolution))
	assert.Equal(t, full.Events[:50], bounded.Events)
	assert.Equal(t, int64(len(full.Events)-50), bounded.Dropped)
	assert.Equal(t, int64(len(full.Events)), bounded.Total())
}
