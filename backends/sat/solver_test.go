package sat

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// requireSolved checks every solution of res with the referee and that they
// are distinct.
func requireSolved(t *testing.T, m *model.Model, res model.Result) {
	t.Helper()
	seen := make(map[string]bool)
	for _, sol := range res.Solutions {
		require.NoError(t, model.Check(m, sol))
		key := string(sudokuLine(sol, m.Values()))
		require.False(t, seen[key], "solution returned twice")
		seen[key] = true
	}
}

func sudokuLine(sol model.Solution, values int) []byte {
	b := make([]byte, len(sol))
	for i, v := range sol.Values(values) {
		b[i] = byte('0' + v)
	}
	return b
}

func TestSolveUniqueSets(t *testing.T) {
	for _, name := range []string{"top95.txt", "hardest.txt"} {
		t.Run(name, func(t *testing.T) {
			for _, mode := range []Mode{Auto, Fresh, Incremental} {
				s := &Solver{Mode: mode}
				for i, m := range models(t, readPuzzles(t, name, 0)) {
					res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
					require.NoError(t, err)
					require.Equal(t, model.Unique, res.Status, "%v puzzle %d", mode, i)
					require.Equal(t, 1, res.Count)
					require.Len(t, res.Solutions, 1)
					requireSolved(t, m, res)
					res1, err := s.Solve(context.Background(), m, model.Options{Limit: 1})
					require.NoError(t, err)
					require.Equal(t, model.Sat, res1.Status)
					require.Equal(t, res.Solutions, res1.Solutions, "%v puzzle %d", mode, i)
				}
			}
		})
	}
}

func TestSolveSergCounts(t *testing.T) {
	ms := models(t, readPuzzles(t, "puzzles7_serg_benchmark", 200))
	s := New()
	var multiple int
	for i, m := range ms {
		res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		require.Contains(t, []model.Status{model.Unique, model.Multiple}, res.Status, "puzzle %d", i)
		require.Len(t, res.Solutions, res.Count)
		requireSolved(t, m, res)
		if res.Status == model.Multiple {
			require.Equal(t, 2, res.Count)
			multiple++
		}
	}
	assert.Positive(t, multiple, "the serg set has puzzles with several solutions")
}

func TestSolveContradiction(t *testing.T) {
	g, err := sudoku.Parse("11"+repeat('.', 79), sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	for _, mode := range []Mode{Auto, Fresh, Incremental} {
		res, err := (&Solver{Mode: mode}).Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		assert.Equal(t, model.Unsat, res.Status)
		assert.Zero(t, res.Stats.SolveCalls, "contradictory givens need no solver call")
		assert.Zero(t, res.Count)
	}
}

func repeat(b byte, n int) string {
	return string(slices.Repeat([]byte{b}, n))
}

func TestSolveUnsatByPropagation(t *testing.T) {
	// No two givens share a house, but r1c1 has no candidate left: its box
	// holds 1..6 and its row 7..9.
	line := "......789" + "123......" + "456......" + repeat('.', 54)
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	for _, mode := range []Mode{Fresh, Incremental} {
		res, err := (&Solver{Mode: mode}).Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		assert.Equal(t, model.Unsat, res.Status, "%v", mode)
		assert.Zero(t, res.Count)
		assert.Zero(t, res.Stats.SolveCalls)
	}
}

func TestSolveEmptyGrids(t *testing.T) {
	m4, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2}))
	require.NoError(t, err)
	for _, mode := range []Mode{Fresh, Incremental} {
		s := &Solver{Mode: mode}
		res, err := s.Solve(context.Background(), m4, model.Options{})
		require.NoError(t, err)
		assert.Equal(t, model.Multiple, res.Status)
		assert.Equal(t, 288, res.Count, "%v", mode)
		requireSolved(t, m4, res)
		assert.Len(t, res.Solutions, 288)
		assert.EqualValues(t, 289, res.Stats.SolveCalls)

		res, err = s.Solve(context.Background(), m4, model.Options{Keep: 3})
		require.NoError(t, err)
		assert.Equal(t, 288, res.Count)
		assert.Len(t, res.Solutions, 3)

		// The incremental instance must forget the blocking clauses.
		res, err = s.Solve(context.Background(), m4, model.Options{Limit: 5})
		require.NoError(t, err)
		assert.Equal(t, 5, res.Count, "%v", mode)
	}
	m9, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}))
	require.NoError(t, err)
	res, err := New().Solve(context.Background(), m9, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Multiple, res.Status)
	requireSolved(t, m9, res)
	assert.Len(t, res.Solutions, 2)
}

func TestSolveBigGrids(t *testing.T) {
	cases := []struct {
		shape sudoku.Shape
		count int
		blank float64
		limit int
	}{
		{sudoku.Shape{BoxRows: 4, BoxCols: 4}, 4, 0.58, 2},
		{sudoku.Shape{BoxRows: 3, BoxCols: 4}, 4, 0.55, 2},
		{sudoku.Shape{BoxRows: 5, BoxCols: 5}, 2, 0.55, 1},
		{sudoku.Shape{BoxRows: 5, BoxCols: 5}, 2, 0.60, 2},
	}
	for i, tc := range cases {
		_, ms := randomPuzzles(t, tc.shape, tc.count, tc.blank, uint64(i+1))
		for j, m := range ms {
			res, err := New().Solve(context.Background(), m, model.Options{Limit: tc.limit})
			require.NoError(t, err)
			require.NotEqual(t, model.Unknown, res.Status)
			require.NotEqual(t, model.Unsat, res.Status, "made from a full grid: %v puzzle %d", tc.shape, j)
			require.NotEmpty(t, res.Solutions)
			requireSolved(t, m, res)
		}
	}
}

// hard25 returns 25x25 models with about 40% givens, near the hardness peak.
func hard25(t testing.TB, count int) []*model.Model {
	_, ms := randomPuzzles(t, sudoku.Shape{BoxRows: 5, BoxCols: 5}, count, 0.60, 42)
	return ms
}

func TestSolveCanceled(t *testing.T) {
	m := hard25(t, 1)[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := New().Solve(ctx, m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)
	assert.Zero(t, res.Stats.SolveCalls)
}

func TestSolveDeadline(t *testing.T) {
	for _, mode := range []Mode{Fresh, Incremental} {
		for _, m := range hard25(t, 2) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
			start := time.Now()
			res, err := (&Solver{Mode: mode}).Solve(ctx, m, model.Options{Limit: 0})
			cancel()
			require.NoError(t, err)
			// Counting every solution of a 40%-givens 25x25 never ends in 1ms.
			assert.Equal(t, model.Unknown, res.Status, "%v", mode)
			assert.Equal(t, model.Deadline, res.Stop, "%v", mode)
			assert.Less(t, time.Since(start), 2*time.Second, "must return promptly")
		}
	}
}

func TestSolveCancelDuringSearch(t *testing.T) {
	m := hard25(t, 1)[0]
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	start := time.Now()
	res, err := New().Solve(ctx, m, model.Options{}) // count all: never finishes
	require.NoError(t, err)
	assert.Equal(t, model.Canceled, res.Stop)
	assert.Less(t, time.Since(start), 2*time.Second)
	// Whatever was found before the cancel is a valid solution.
	requireSolved(t, m, res)
	if res.Count < 2 {
		assert.Equal(t, model.Unknown, res.Status)
	}
}

func TestModesAgree(t *testing.T) {
	lines := readPuzzles(t, "puzzles7_serg_benchmark", 150)
	lines = append(lines, readPuzzles(t, "puzzles5_forum_hardest_1905_11+", 150)...)
	ms := models(t, lines)
	fr := &Solver{Mode: Fresh}
	inc := &Solver{Mode: Incremental, Recycle: 40}
	for i, m := range ms {
		for _, limit := range []int{1, 2} {
			a, err := fr.Solve(context.Background(), m, model.Options{Limit: limit})
			require.NoError(t, err)
			b, err := inc.Solve(context.Background(), m, model.Options{Limit: limit})
			require.NoError(t, err)
			require.Equal(t, a.Status, b.Status, "puzzle %d limit %d", i, limit)
			require.Equal(t, a.Count, b.Count)
			requireSolved(t, m, a)
			requireSolved(t, m, b)
			if a.Status == model.Unique {
				require.Equal(t, a.Solutions, b.Solutions, "puzzle %d", i)
			}
		}
	}
}

func TestSolveConcurrent(t *testing.T) {
	ms := models(t, readPuzzles(t, "top95.txt", 0))
	for _, mode := range []Mode{Fresh, Incremental} {
		s := &Solver{Mode: mode, Recycle: 10}
		var wg sync.WaitGroup
		errs := make(chan error, 4*len(ms))
		for w := 0; w < 4; w++ {
			wg.Go(func() {
				for i := w; i < len(ms)+w; i++ {
					m := ms[i%len(ms)]
					res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
					if err == nil && res.Status != model.Unique {
						err = assert.AnError
					}
					if err == nil {
						err = model.Check(m, res.Solutions[0])
					}
					if err != nil {
						errs <- err
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err, "%v", mode)
		}
	}
}

func TestModeString(t *testing.T) {
	assert.Equal(t, "auto", Auto.String())
	assert.Equal(t, "fresh", Fresh.String())
	assert.Equal(t, "incremental", Incremental.String())
	assert.Equal(t, "mode(9)", Mode(9).String())
}

// pigeonhole returns the CNF of n+1 pigeons in n holes: unsatisfiable and
// exponentially hard for CDCL (n=7 takes gini tens of milliseconds, n=10
// much more than a test can wait).
func pigeonhole(n int) *gini.Gini {
	g := gini.New()
	v := func(p, h int) z.Lit { return z.Var(p*n + h + 1).Pos() }
	for p := 0; p <= n; p++ {
		for h := 0; h < n; h++ {
			g.Add(v(p, h))
		}
		g.Add(z.LitNull)
	}
	for h := 0; h < n; h++ {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				g.Add(v(p, h).Not())
				g.Add(v(q, h).Not())
				g.Add(z.LitNull)
			}
		}
	}
	return g
}

// TestSolveCallLong runs solves longer than the synchronous first slice:
// they must continue under GoSolve to the answer, not stop at the stale
// deadline of the first Try.
func TestSolveCallLong(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, stop := solveCall(ctx, pigeonhole(7), nil)
	assert.Equal(t, -1, r)
	assert.Equal(t, model.Done, stop)

	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	g := pigeonhole(7)
	r, stop = solveCall(ctx, g, nil)
	assert.Equal(t, -1, r)
	assert.Equal(t, model.Done, stop)
	// The instance stays usable without a context after a timed solve.
	r, stop = solveCall(context.Background(), g, nil)
	assert.Equal(t, -1, r)
	assert.Equal(t, model.Done, stop)
}

func TestSolveCallStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	start := time.Now()
	r, stop := solveCall(ctx, pigeonhole(10), nil)
	assert.Zero(t, r)
	assert.Equal(t, model.Canceled, stop)
	assert.Less(t, time.Since(start), time.Second)

	ctx, cancel = context.WithTimeout(context.Background(), 40*time.Millisecond)
	defer cancel()
	start = time.Now()
	r, stop = solveCall(ctx, pigeonhole(10), nil)
	assert.Zero(t, r)
	assert.Equal(t, model.Deadline, stop)
	assert.Less(t, time.Since(start), time.Second)
}

func TestEncodeAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	ms := models(t, readPuzzles(t, "top95.txt", 10))
	var sink nopAdder
	s := New()
	for _, m := range ms {
		require.NoError(t, s.Encode(m, sink)) // warm the shape cache and pool
	}
	allocs := testing.AllocsPerRun(50, func() {
		for _, m := range ms {
			_ = s.Encode(m, sink)
		}
	})
	assert.Zero(t, allocs, "Encode reuses pooled buffers")
}

type nopAdder struct{}

func (nopAdder) Add(z.Lit) {}
