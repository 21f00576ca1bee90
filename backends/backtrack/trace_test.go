package backtrack_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Example_trace records the first steps of a search of a 4x4 sudoku, cell
// by cell: r1c2 takes 2, the first of its 3 values no given excludes, and
// so on until r3c4 has no value left (a dead end); the search takes back
// r3c3 and r3c2 and tries r3c2's other value. A Recorder bounded to 14
// events counts the others.
func Example_trace() {
	g, err := sudoku.Parse("1...........2..3", sudoku.ParseOptions{})
	if err != nil {
		panic(err)
	}
	rs, err := rules.New(g.Shape)
	if err != nil {
		panic(err)
	}
	m, err := rs.Model(g)
	if err != nil {
		panic(err)
	}
	rec := model.Recorder{Max: 14}
	res, err := backtrack.New().Solve(context.Background(), m, model.Options{Limit: 1, Trace: rec.Add})
	if err != nil {
		panic(err)
	}
	for _, e := range rec.Events {
		fmt.Println(e.Describe(m))
	}
	fmt.Printf("%d more events, %d nodes\n", rec.Dropped, res.Stats.Nodes)
	// Output:
	// try 0 r1c2=2 (of 3)
	// try 1 r1c3=3 (of 2)
	// try 2 r1c4=4 (of 1)
	// try 3 r2c1=3 (of 2)
	// try 4 r2c2=4 (of 1)
	// try 5 r2c3=1 (of 2)
	// try 6 r2c4=2 (of 1)
	// try 7 r3c1=4 (of 1)
	// try 8 r3c2=1 (of 2)
	// try 9 r3c3=2 (of 1)
	// deadend 10
	// undo 9 r3c3=2
	// undo 8 r3c2=1
	// try 8 r3c2=3 (of 2)
	// 5 more events, 15 nodes
}

// refused counts the Tries undone at once, with no event between: the
// placements a Sum or Table rule refuses.
func refused(events []model.Event) (n int) {
	for i := 1; i < len(events); i++ {
		if p, e := events[i-1], events[i]; p.Kind == model.EventTry && e.Kind == model.EventUndo && p.Cand == e.Cand {
			n++
		}
	}
	return n
}

// TestTrace: every node is a Try, whether the search ends, reaches its
// limit or runs out of budget; only Sum and Table rules refuse a
// placement at once.
func TestTrace(t *testing.T) {
	k := solvertest.Killers()[0]
	killer := withRows(t, k, k.Model(t, false), 3)
	hard := solvertest.Puzzle(t, "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56")
	for _, tc := range []struct {
		name    string
		m       *model.Model
		opts    model.Options
		stop    model.Stop
		refuses bool
	}{
		{"sudoku", hard, model.Options{Limit: 2}, model.Done, false},
		{"sudoku budget", hard, model.Options{Limit: 2, Nodes: 5000}, model.NodeLimit, false},
		{"killer", killer, model.Options{Limit: 2}, model.Done, true},
		{"killer first solution", killer, model.Options{Limit: 1}, model.Done, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec model.Recorder
			tc.opts.Trace = rec.Add
			res, err := backtrack.New().Solve(context.Background(), tc.m, tc.opts)
			require.NoError(t, err)
			require.Equal(t, tc.stop, res.Stop)
			assert.Equal(t, res.Stats.Nodes, solvertest.CountEvents(rec.Events, model.EventTry))
			if tc.refuses {
				assert.Positive(t, refused(rec.Events))
			} else {
				assert.Zero(t, refused(rec.Events))
			}
		})
	}
}
