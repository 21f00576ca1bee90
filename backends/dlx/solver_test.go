package dlx_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// loadPuzzles reads up to max puzzles (all when max <= 0) from a shared data
// file, or from a path of its own (the repository's testdata), skipping the
// test when shared data is absent.
func loadPuzzles(tb testing.TB, name string, max int) []string {
	tb.Helper()
	if strings.Contains(name, "/") {
		return fixture.Lines(tb, name, max)
	}
	return fixture.Data(tb, name, max)
}

// checkPristine asserts that every matrix the solver caches for m's rules
// has the links of a freshly lowered matrix.
func checkPristine(t *testing.T, s *dlx.Solver, m *model.Model) {
	t.Helper()
	fresh, err := dlx.Lower(m)
	require.NoError(t, err)
	idle := dlx.IdleMatrices(s, m)
	require.NotEmpty(t, idle)
	for _, x := range idle {
		require.NoError(t, x.SameAs(fresh.Snapshot()))
	}
}

func TestSolveSmall(t *testing.T) {
	ctx := context.Background()
	s := new(dlx.Solver)
	const puzzle = "1...........2..3" // a 4x4 puzzle
	for _, tc := range []struct {
		name   string
		m      *model.Model
		opts   model.Options
		status model.Status
		count  int
		kept   int
	}{
		{"empty 4x4 all", solvertest.Blank(t, 2, 2), model.Options{}, model.Multiple, 288, 288},
		{"empty 4x4 keep 3", solvertest.Blank(t, 2, 2), model.Options{Keep: 3}, model.Multiple, 288, 3},
		{"empty 9x9 first", solvertest.Blank(t, 3, 3), model.Options{Limit: 1}, model.Sat, 1, 1},
		{"empty 9x9 uniqueness", solvertest.Blank(t, 3, 3), model.Options{Limit: 2}, model.Multiple, 2, 2},
		{"empty 6x6 first", solvertest.Blank(t, 2, 3), model.Options{Limit: 1}, model.Sat, 1, 1},
		{"empty 16x16 first", solvertest.Blank(t, 4, 4), model.Options{Limit: 1}, model.Sat, 1, 1},
		{"4x4 puzzle", solvertest.Puzzle(t, puzzle), model.Options{}, model.Multiple, 9, 9},
		{"row repeat", solvertest.Puzzle(t, "11.............."), model.Options{}, model.Unsat, 0, 0},
		{"box repeat", solvertest.Puzzle(t, "1....1.........."), model.Options{Limit: 2}, model.Unsat, 0, 0},
		{"solved grid", solvertest.Puzzle(t, "1234341221434321"), model.Options{Limit: 2}, model.Unique, 1, 1},
		{"dead cell", solvertest.Puzzle(t, "12.....3.4......"), model.Options{Limit: 2}, model.Unsat, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := s.Solve(ctx, tc.m, tc.opts)
			require.NoError(t, err)
			assert.Equal(t, tc.status, res.Status)
			assert.Equal(t, model.Done, res.Stop)
			assert.Equal(t, tc.count, res.Count)
			assert.Len(t, res.Solutions, tc.kept)
			solvertest.CheckResult(t, tc.m, res)
			seen := map[string]bool{}
			for _, sol := range res.Solutions {
				seen[fmt.Sprint(sol)] = true
			}
			assert.Len(t, seen, tc.kept, "solutions are distinct")
			checkPristine(t, s, tc.m)
		})
	}
}

func TestContradictoryGivensNoSearch(t *testing.T) {
	s := new(dlx.Solver)
	m := solvertest.Puzzle(t, "5.5"+strings.Repeat(".", 78))
	res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unsat, res.Status)
	assert.Zero(t, res.Stats.Nodes, "found without search")
	assert.Empty(t, res.Solutions)
	checkPristine(t, s, m)

	// The same cell given twice with different values.
	base := solvertest.Blank(t, 3, 3)
	m2, err := base.WithGivens([]model.Cand{base.Cand(0, 1), base.Cand(0, 2)}, nil)
	require.NoError(t, err)
	res, err = s.Solve(context.Background(), m2, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unsat, res.Status)
	assert.Zero(t, res.Stats.Nodes)

	// A candidate both fixed and excluded.
	m3, err := base.WithGivens([]model.Cand{base.Cand(4, 7)}, []model.Cand{base.Cand(4, 7)})
	require.NoError(t, err)
	res, err = s.Solve(context.Background(), m3, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unsat, res.Status)
	checkPristine(t, s, base)
}

// TestGivensOracle compares counts on 4x4 models with fixed and excluded
// candidates against filtering all 288 solutions of the empty grid.
func TestGivensOracle(t *testing.T) {
	ctx := context.Background()
	s := new(dlx.Solver)
	base := solvertest.Blank(t, 2, 2)
	all, err := s.Solve(ctx, base, model.Options{})
	require.NoError(t, err)
	require.Len(t, all.Solutions, 288)
	for k, tc := range solvertest.Givens4() {
		m, err := base.WithGivens(tc.Fixed, tc.Excluded)
		require.NoError(t, err)
		want := 0
		for _, sol := range all.Solutions {
			if model.Check(m, sol) == nil {
				want++
			}
		}
		res, err := s.Solve(ctx, m, model.Options{})
		require.NoError(t, err)
		assert.Equal(t, want, res.Count, "case %d", k)
		solvertest.CheckResult(t, m, res)
		checkPristine(t, s, base)
	}
}

// pigeonhole25 returns an empty 25x25 model whose cells r25c1..r25c13 may
// only take values 1..12: unsatisfiable, but only after a search whose size
// grows like 12!, so it stands for a puzzle too hard to finish.
func pigeonhole25(t *testing.T) *model.Model {
	base := solvertest.Blank(t, 5, 5)
	var excluded []model.Cand
	for col := 0; col < 13; col++ {
		for v := 13; v <= 25; v++ {
			excluded = append(excluded, base.Cand(24*25+col, v))
		}
	}
	m, err := base.WithGivens(nil, excluded)
	require.NoError(t, err)
	return m
}

func TestBudgetAndCancel25(t *testing.T) {
	s := new(dlx.Solver)
	empty := solvertest.Blank(t, 5, 5)
	m := pigeonhole25(t)
	ctx := context.Background()

	// A first solution of the empty grid needs one node per cell at least.
	res, err := s.Solve(ctx, empty, model.Options{Limit: 1, Nodes: 100})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.NodeLimit, res.Stop)
	assert.Equal(t, int64(100), res.Stats.Nodes)
	assert.Zero(t, res.Count)
	checkPristine(t, s, empty)

	res, err = s.Solve(ctx, m, model.Options{Limit: 2, Nodes: 20000})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.NodeLimit, res.Stop)
	assert.Equal(t, int64(20000), res.Stats.Nodes)
	checkPristine(t, s, m)

	// A deadline stops the search.
	dctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err = s.Solve(dctx, m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Deadline, res.Stop)
	assert.Greater(t, res.Stats.Nodes, int64(4096), "stopped by the deadline, not at once")
	checkPristine(t, s, m)

	// Cancellation from another goroutine.
	cctx, cancel2 := context.WithCancel(ctx)
	go func() { time.Sleep(20 * time.Millisecond); cancel2() }()
	res, err = s.Solve(cctx, m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)
	checkPristine(t, s, m)

	// An already canceled context returns at once.
	start = time.Now()
	res, err = s.Solve(cctx, empty, model.Options{Limit: 0})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), time.Second)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)

	// Counting the solutions of the empty grid stops at the limit.
	res, err = s.Solve(ctx, empty, model.Options{Limit: 3, Nodes: 1_000_000})
	require.NoError(t, err)
	assert.Equal(t, model.Multiple, res.Status)
	assert.Equal(t, 3, res.Count)
	solvertest.CheckResult(t, empty, res)

	// Solving, not counting, the empty 25x25 grid is quick.
	res, err = s.Solve(ctx, empty, model.Options{Limit: 1, Nodes: 1_000_000})
	require.NoError(t, err)
	assert.Equal(t, model.Sat, res.Status)
	require.Len(t, res.Solutions, 1)
	require.NoError(t, model.Check(empty, res.Solutions[0]))
	checkPristine(t, s, empty)
}

// TestUnsupportedKind: a rule of a kind no backend knows never reaches
// dlx, since model.Builder refuses it; were that to change, dlx must
// refuse it with an error wrapping model.ErrUnsupported (its default arm).
func TestUnsupportedKind(t *testing.T) {
	b := model.NewBuilder(2, 2)
	b.Add(model.Kind(7), b.Cand(0, 1), b.Cand(1, 1))
	m, err := b.Build()
	if err != nil {
		require.ErrorIs(t, err, model.ErrRule)
		require.ErrorContains(t, err, "unknown kind")
		return
	}
	_, err = dlx.Lower(m)
	require.ErrorIs(t, err, model.ErrUnsupported)
	require.ErrorContains(t, err, "dlx: ")
	_, err = new(dlx.Solver).Solve(context.Background(), m, model.Options{})
	require.ErrorIs(t, err, model.ErrUnsupported)
}

func solveFile(t *testing.T, name string, max int) {
	ctx := context.Background()
	s := new(dlx.Solver)
	for _, line := range loadPuzzles(t, name, max) {
		m := solvertest.Puzzle(t, line)
		res, err := s.Solve(ctx, m, model.Options{Limit: 2})
		require.NoError(t, err)
		require.Equal(t, model.Unique, res.Status, line)
		require.Len(t, res.Solutions, 1)
		require.NoError(t, model.Check(m, res.Solutions[0]), line)
		g, err := rules.Decode(sudoku.Shape{BoxRows: 3, BoxCols: 3}, res.Solutions[0])
		require.NoError(t, err)
		require.Zero(t, strings.Count(g.Line(), "."))
	}
}

func TestTop95(t *testing.T)    { solveFile(t, "top95.txt", 0) }
func TestHardest(t *testing.T)  { solveFile(t, "hardest.txt", 0) }
func TestSudoku17(t *testing.T) { solveFile(t, "sudoku17", 300) }

func TestSergMultiple(t *testing.T) {
	ctx := context.Background()
	s := new(dlx.Solver)
	lines := loadPuzzles(t, "puzzles7_serg_benchmark", 200)
	multiple := 0
	for _, line := range lines {
		m := solvertest.Puzzle(t, line)
		res, err := s.Solve(ctx, m, model.Options{Limit: 2})
		require.NoError(t, err)
		require.Contains(t, []model.Status{model.Unique, model.Multiple}, res.Status, line)
		solvertest.CheckResult(t, m, res)
		if res.Status == model.Multiple {
			multiple++
			require.Len(t, res.Solutions, 2)
			require.NotEqual(t, res.Solutions[0], res.Solutions[1])
		}
	}
	assert.Greater(t, multiple, len(lines)/2, "most serg puzzles have several solutions")
	checkPristine(t, s, solvertest.Puzzle(t, lines[0]))
}

func TestConcurrentSolve(t *testing.T) {
	lines := loadPuzzles(t, "top95.txt", 40)
	s := dlx.New()
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(lines))
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := range lines {
				line := lines[(k+w*7)%len(lines)]
				m := solvertest.Puzzle(t, line)
				res, err := s.Solve(ctx, m, model.Options{Limit: 2})
				if err == nil && res.Status != model.Unique {
					err = fmt.Errorf("%s: status %v", line, res.Status)
				}
				if err == nil {
					err = model.Check(m, res.Solutions[0])
				}
				if err != nil {
					errs <- err
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	checkPristine(t, s, solvertest.Puzzle(t, lines[0]))
}

// TestSolveSearchAllocs checks that applying givens, searching and undoing
// allocate nothing on a reused matrix (Solve itself allocates only the
// solutions it returns).
func TestSolveSearchAllocs(t *testing.T) {
	m := solvertest.Puzzle(t, loadPuzzles(t, "top95.txt", 1)[0])
	x, err := dlx.Lower(m)
	require.NoError(t, err)
	ctx := context.Background()
	var found int
	visit := func([]int32) bool { found++; return true }
	allocs := testing.AllocsPerRun(20, func() {
		for _, c := range m.Fixed() {
			x.Commit(int(c))
		}
		x.Search(ctx, dlx.Limits{Solutions: 2}, visit)
		x.Reset()
	})
	assert.Zero(t, allocs)
	assert.Equal(t, 21, found)

	s := new(dlx.Solver)
	_, err = s.Solve(ctx, m, model.Options{Limit: 2})
	require.NoError(t, err)
	allocs = testing.AllocsPerRun(20, func() {
		_, _ = s.Solve(ctx, m, model.Options{Limit: 2})
	})
	assert.LessOrEqual(t, allocs, 3.0, "Solve allocates the kept solution and its slice only")
}

// funcVariant is a test variant that applies a function.
type funcVariant struct {
	name  string
	apply func(b *rules.Builder) error
}

func (v funcVariant) Name() string                 { return v.name }
func (v funcVariant) Apply(b *rules.Builder) error { return v.apply(b) }

// TestVariantsOracle solves 4x4 models with extra ExactlyOne rules (primary
// items) and AtMostOne rules (secondary items) and compares the counts with
// filtering all 288 solutions of the plain grid through model.Check.
func TestVariantsOracle(t *testing.T) {
	ctx := context.Background()
	s := new(dlx.Solver)
	all, err := s.Solve(ctx, solvertest.Blank(t, 2, 2), model.Options{})
	require.NoError(t, err)
	require.Len(t, all.Solutions, 288)
	shape := sudoku.Shape{BoxRows: 2, BoxCols: 2}
	diagonal := funcVariant{"diagonal", func(b *rules.Builder) error {
		b.House("diagonal", []sudoku.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 1}, {Row: 2, Col: 2}, {Row: 3, Col: 3}})
		return nil
	}}
	knightish := funcVariant{"pairs", func(b *rules.Builder) error {
		b.Distinct(sudoku.Cell{Row: 0, Col: 0}, sudoku.Cell{Row: 1, Col: 2})
		b.Distinct(sudoku.Cell{Row: 2, Col: 1}, sudoku.Cell{Row: 3, Col: 3})
		b.Distinct(sudoku.Cell{Row: 0, Col: 3}, sudoku.Cell{Row: 2, Col: 2})
		return nil
	}}
	partial := funcVariant{"partial", func(b *rules.Builder) error {
		b.House("partial", []sudoku.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 3}, {Row: 3, Col: 0}})
		return nil
	}}
	for _, vs := range [][]rules.Variant{{diagonal}, {knightish}, {partial}, {knightish, partial}, {diagonal, knightish}} {
		rs, err := rules.New(shape, vs...)
		require.NoError(t, err)
		for _, line := range []string{"................", "1...............", "..3....1........"} {
			g, err := sudoku.Parse(line, sudoku.ParseOptions{})
			require.NoError(t, err)
			m, err := rs.Model(g)
			require.NoError(t, err)
			want := 0
			for _, sol := range all.Solutions {
				if model.Check(m, sol) == nil {
					want++
				}
			}
			res, err := s.Solve(ctx, m, model.Options{})
			require.NoError(t, err)
			assert.Equal(t, want, res.Count, "%v %s", vs, line)
			solvertest.CheckResult(t, m, res)
			checkPristine(t, s, m)
		}
	}
}

func TestGuesses(t *testing.T) {
	ctx := context.Background()
	// The qqwing puzzle falls to singles alone: MRV never meets an item
	// with two live options.
	easy := solvertest.Puzzle(t, "......31..1...35.778......994....1.2............92..75......934.2419.75...8......")
	res, err := dlx.New().Solve(ctx, easy, model.Options{Limit: 2})
	require.NoError(t, err)
	require.Equal(t, model.Unique, res.Status)
	assert.Zero(t, res.Stats.Guesses)

	hard := solvertest.Puzzle(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	res, err = dlx.New().Solve(ctx, hard, model.Options{Limit: 2})
	require.NoError(t, err)
	require.Equal(t, model.Unique, res.Status)
	assert.Greater(t, res.Stats.Guesses, int64(0))
	assert.Less(t, res.Stats.Guesses, res.Stats.Nodes)
}
