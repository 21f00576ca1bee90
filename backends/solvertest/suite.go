package solvertest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/sudokit/sudokit/model"
)

// An Option states what a solver claims beyond what every solver must do.
type Option func(*config)

type config struct {
	countsNodes   bool
	stopsBuilding bool
	allocs        float64     // < 0: no claim
	trace         *TraceClaim // nil: no claim
}

// CountsNodes claims that the solver measures its work in nodes
// (Stats.Nodes) and honours Options.Nodes: a search that would pass the
// budget stops with model.NodeLimit. Without it, Test checks that the
// budget is ignored.
func CountsNodes() Option { return func(c *config) { c.countsNodes = true } }

// AllocsPerSolve claims that, once warm, solving a 9x9 puzzle for
// uniqueness allocates at most max times per Solve (the kept solution and
// the slice holding it, at least). The check is skipped under the race
// detector.
func AllocsPerSolve(max float64) Option { return func(c *config) { c.allocs = max } }

// Test runs the conformance suite on s as subtests of t. s must be safe for
// concurrent use, as model.Solver implementations are.
func Test(t *testing.T, s model.Solver, opts ...Option) {
	cfg := config{allocs: -1}
	for _, o := range opts {
		o(&cfg)
	}
	t.Run("statuses", func(t *testing.T) { testStatuses(t, s) })
	t.Run("givens", func(t *testing.T) { testGivens(t, s) })
	t.Run("pencil marks", func(t *testing.T) { testPencilMarks(t, s) })
	t.Run("contradictions", func(t *testing.T) { testContradictions(t, s) })
	t.Run("variants", func(t *testing.T) { testVariants(t, s) })
	t.Run("nary", func(t *testing.T) { testNary(t, s) })
	t.Run("nil", func(t *testing.T) { testNil(t, s) })
	t.Run("stops", func(t *testing.T) { testStops(t, s) })
	t.Run("budget", func(t *testing.T) { testBudget(t, s, cfg.countsNodes) })
	t.Run("concurrent", func(t *testing.T) { testConcurrent(t, s) })
	t.Run("trace", func(t *testing.T) { testTrace(t, s, cfg.trace) })
	if cfg.allocs >= 0 {
		t.Run("allocs", func(t *testing.T) { testAllocs(t, s, cfg.allocs) })
	}
	if cfg.stopsBuilding {
		t.Run("build stops", func(t *testing.T) { testBuildStops(t, s) })
	}
}

// many stands for a solution count larger than any limit a case uses.
const many = 1 << 30

// expect returns the result a complete search of a model with total
// solutions must give under opts: status, count, exactness and the number
// of solutions kept.
func expect(total int, opts model.Options) (st model.Status, count int, exact bool, kept int) {
	count, exact = total, true
	if opts.Limit > 0 && total >= opts.Limit {
		count, exact = opts.Limit, false
	}
	switch {
	case count >= 2:
		st = model.Multiple
	case !exact && opts.Limit == 1:
		st = model.Sat
	case count == 1:
		st = model.Unique
	default:
		st = model.Unsat
	}
	switch {
	case opts.Keep < 0:
		kept = 0
	case opts.Keep > 0:
		kept = min(opts.Keep, count)
	default:
		kept = count
	}
	return st, count, exact, kept
}

// solve runs s on m and checks the result of a search that runs to its end
// or its limit against a model with total solutions.
func solve(t *testing.T, s model.Solver, name string, m *model.Model, opts model.Options, total int) model.Result {
	t.Helper()
	res, err := s.Solve(context.Background(), m, opts)
	if err != nil {
		t.Errorf("%s %+v: %v", name, opts, err)
		return res
	}
	st, count, exact, kept := expect(total, opts)
	if res.Status != st || res.Count != count || res.Exact != exact || res.Stop != model.Done || len(res.Solutions) != kept {
		t.Errorf("%s %+v: got %v count %d exact %v stop %q kept %d, want %v count %d exact %v kept %d",
			name, opts, res.Status, res.Count, res.Exact, res.Stop, len(res.Solutions), st, count, exact, kept)
	}
	CheckResult(t, m, res)
	return res
}

func testStatuses(t *testing.T, s model.Solver) {
	const easy9 = "......31..1...35.778......994....1.2............92..75......934.2419.75...8......"
	for _, tc := range []struct {
		name  string
		m     *model.Model
		total int
		opts  []model.Options
	}{
		{"empty 4x4", Blank(t, 2, 2), 288, []model.Options{
			{}, {Keep: 3}, {Keep: model.KeepNone}, {Limit: 1}, {Limit: 2}, {Limit: 5, Keep: 2}, {Limit: 288}, {Limit: 289},
		}},
		{"4x4 puzzle", Puzzle(t, "1...........2..3"), 9, []model.Options{{}, {Limit: 2}, {Limit: 9}, {Limit: 10, Keep: model.KeepNone}}},
		{"solved 4x4", Puzzle(t, "1234341221434321"), 1, []model.Options{{}, {Limit: 1}, {Limit: 2}}},
		{"row repeat", Puzzle(t, "11.............."), 0, []model.Options{{}, {Limit: 1}, {Limit: 2}}},
		{"box repeat", Puzzle(t, "1....1.........."), 0, []model.Options{{Limit: 2}}},
		{"dead cell", Puzzle(t, "12.....3.4......"), 0, []model.Options{{}, {Limit: 2}}},
		{"unique 9x9", Puzzle(t, easy9), 1, []model.Options{{Limit: 1}, {Limit: 2}, {}}},
		{"empty 9x9", Blank(t, 3, 3), many, []model.Options{{Limit: 1}, {Limit: 2}, {Limit: 3, Keep: 1}}},
		{"empty 6x6", Blank(t, 2, 3), many, []model.Options{{Limit: 1}, {Limit: 2}}},
	} {
		for _, opts := range tc.opts {
			solve(t, s, tc.name, tc.m, opts, tc.total)
		}
	}
}

// Givens are the fixed and excluded candidates of one test case.
type Givens struct{ Fixed, Excluded []model.Cand }

// Givens4 returns the givens the suite applies to the empty 4x4 grid
// (Blank(tb, 2, 2)): consistent ones, repeated ones and ones that leave no
// solution. Each call returns new slices.
func Givens4() []Givens {
	return []Givens{
		{nil, []model.Cand{0}},
		{[]model.Cand{0}, []model.Cand{5, 6}},
		{[]model.Cand{0, 0}, []model.Cand{5, 5, 9}}, // repeats are harmless
		{[]model.Cand{0, 6}, nil},
		{[]model.Cand{3, 63}, []model.Cand{4, 8, 12, 16, 20, 24}},
		{nil, []model.Cand{1, 2, 3, 5, 17, 33, 49}},
		{[]model.Cand{0, 5}, []model.Cand{10, 11, 14}},
		{[]model.Cand{0, 49, 62}, nil}, // the 4x4 puzzle "1...........2..3"
	}
}

// testGivens compares counts of 4x4 models with fixed and excluded
// candidates, repeats included, with the enumeration.
func testGivens(t *testing.T, s model.Solver) {
	base := Blank(t, 2, 2)
	for k, tc := range Givens4() {
		m, err := base.WithGivens(tc.Fixed, tc.Excluded)
		if err != nil {
			t.Fatal(err)
		}
		total := Count(m, 0)
		for _, opts := range []model.Options{{}, {Limit: 2}} {
			solve(t, s, fmt.Sprintf("givens case %d", k), m, opts, total)
		}
	}
}

// testContradictions: givens that contradict each other answer "none",
// exactly, whatever the limit; never "multiple".
func testContradictions(t *testing.T, s model.Solver) {
	b4, b9 := Blank(t, 2, 2), Blank(t, 3, 3)
	for _, tc := range []struct {
		name            string
		base            *model.Model
		fixed, excluded []model.Cand
	}{
		{"two givens in a row", b4, []model.Cand{b4.Cand(0, 1), b4.Cand(1, 1)}, nil},
		{"two values in a cell", b4, []model.Cand{b4.Cand(0, 1), b4.Cand(0, 2)}, nil},
		{"fixed and excluded", b4, []model.Cand{b4.Cand(5, 3)}, []model.Cand{b4.Cand(5, 3)}},
		{"cell with no value", b4, nil, []model.Cand{b4.Cand(6, 1), b4.Cand(6, 2), b4.Cand(6, 3), b4.Cand(6, 4)}},
		{"9x9 box repeat", b9, []model.Cand{b9.Cand(0, 9), b9.Cand(20, 9)}, nil},
		{"9x9 dead cell", b9, []model.Cand{b9.Cand(1, 1), b9.Cand(2, 2), b9.Cand(3, 3), b9.Cand(4, 4), b9.Cand(5, 5),
			b9.Cand(6, 6), b9.Cand(7, 7), b9.Cand(8, 8), b9.Cand(9, 9)}, nil},
	} {
		m, err := tc.base.WithGivens(tc.fixed, tc.excluded)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range []model.Options{{}, {Limit: 1}, {Limit: 2}, {Keep: model.KeepNone}} {
			solve(t, s, tc.name, m, opts, 0)
		}
	}
}

// testVariants solves 4x4 models with extra ExactlyOne rules (a diagonal)
// and AtMostOne rules (pairs of cells that differ, a partial house), under
// random givens, and compares the counts with the enumeration.
func testVariants(t *testing.T, s model.Solver) {
	type extra func(b *model.Builder)
	diagonal := func(b *model.Builder) { b.House("diagonal", []int{0, 5, 10, 15}) }
	pairs := func(b *model.Builder) {
		for _, p := range [][2]int{{0, 6}, {9, 15}, {3, 10}} {
			for v := 1; v <= 4; v++ {
				b.AddRule(model.Rule{Kind: model.AtMostOne, Cands: []model.Cand{b.Cand(p[0], v), b.Cand(p[1], v)}, Label: "pair"})
			}
		}
	}
	partial := func(b *model.Builder) {
		for v := 1; v <= 4; v++ {
			b.AddRule(model.Rule{Kind: model.AtMostOne, Cands: []model.Cand{b.Cand(1, v), b.Cand(7, v), b.Cand(12, v)}, Label: "cage"})
		}
	}
	rng := rand.New(rand.NewPCG(9, 4))
	for k, extras := range [][]extra{{diagonal}, {pairs}, {partial}, {pairs, partial}, {diagonal, pairs}} {
		b := latin(2, 2)
		for _, x := range extras {
			x(b)
		}
		base, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		for j := range 4 {
			var fixed, excluded []model.Cand
			for range j {
				fixed = append(fixed, model.Cand(rng.IntN(base.NumCands())))
				excluded = append(excluded, model.Cand(rng.IntN(base.NumCands())))
			}
			m, err := base.WithGivens(fixed, excluded)
			if err != nil {
				t.Fatal(err)
			}
			total := Count(m, 0)
			name := fmt.Sprintf("variant %d givens %d", k, j)
			solve(t, s, name, m, model.Options{}, total)
			solve(t, s, name, m, model.Options{Limit: 2}, total)
		}
	}
}

// testNil: a nil context is context.Background; a nil model is an error.
func testNil(t *testing.T, s model.Solver) {
	m := Puzzle(t, "1...........2..3")
	//lint:ignore SA1012 the nil context is what is tested
	res, err := s.Solve(nil, m, model.Options{}) //nolint:staticcheck
	if err != nil || res.Count != 9 || res.Status != model.Multiple || !res.Exact {
		t.Errorf("nil context: %v count %d err %v, want 9 solutions", res.Status, res.Count, err)
	}
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Errorf("nil model: panic %v, want an error", p)
			}
		}()
		if _, err := s.Solve(context.Background(), nil, model.Options{}); err == nil {
			t.Error("nil model: no error")
		}
	}()
}

// checkStopped checks a result that stop ended early: the stop is kept,
// the count is not exact, and the status says no more than the count.
func checkStopped(t *testing.T, name string, m *model.Model, res model.Result, err error, stop model.Stop) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	want := model.Unknown
	if res.Count >= 2 {
		want = model.Multiple
	}
	if res.Stop != stop || res.Exact || res.Status != want {
		t.Errorf("%s: got %v stop %q exact %v count %d, want %v stop %q, not exact", name, res.Status, res.Stop, res.Exact, res.Count, want, stop)
	}
	CheckResult(t, m, res)
}

// testStops: deadlines and cancellation, before and during a search. The
// search counts every solution of the empty 9x9 grid, which no solver
// finishes.
func testStops(t *testing.T, s model.Solver) {
	m := Blank(t, 3, 3)
	count := model.Options{Keep: model.KeepNone}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Solve(ctx, m, count)
	checkStopped(t, "canceled before", m, res, err, model.Canceled)
	if res.Count != 0 {
		t.Errorf("canceled before: count %d, want 0", res.Count)
	}

	ctx, cancel = context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	res, err = s.Solve(ctx, m, count)
	cancel()
	checkStopped(t, "deadline passed", m, res, err, model.Deadline)

	start := time.Now()
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	res, err = s.Solve(ctx, m, count)
	cancel()
	checkStopped(t, "deadline during search", m, res, err, model.Deadline)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("deadline during search: returned after %v", d)
	}

	ctx, cancel = context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	res, err = s.Solve(ctx, m, model.Options{Keep: 3})
	checkStopped(t, "canceled during search", m, res, err, model.Canceled)
	if len(res.Solutions) > 3 {
		t.Errorf("canceled during search: %d solutions kept, Keep is 3", len(res.Solutions))
	}
}

// testBudget: a solver that counts nodes stops at its budget, without an
// answer; one that does not ignores the budget.
func testBudget(t *testing.T, s model.Solver, countsNodes bool) {
	m9, m4 := Blank(t, 3, 3), Blank(t, 2, 2)
	if !countsNodes {
		solve(t, s, "budget ignored", m9, model.Options{Limit: 1, Nodes: 5}, many)
		return
	}
	res, err := s.Solve(context.Background(), m9, model.Options{Limit: 1, Nodes: 5})
	checkStopped(t, "first solution, 5 nodes", m9, res, err, model.NodeLimit)
	if res.Stats.Nodes <= 0 || res.Stats.Nodes > 5 {
		t.Errorf("first solution, 5 nodes: %d nodes searched", res.Stats.Nodes)
	}
	res, err = s.Solve(context.Background(), m4, model.Options{Nodes: 40})
	checkStopped(t, "count 4x4, 40 nodes", m4, res, err, model.NodeLimit)
	if res.Count >= 288 {
		t.Errorf("count 4x4, 40 nodes: count %d", res.Count)
	}
	// A budget large enough changes nothing.
	solve(t, s, "ample budget", m4, model.Options{Nodes: 1 << 40}, 288)
}

func testConcurrent(t *testing.T, s model.Solver) {
	models := []struct {
		m     *model.Model
		total int
	}{
		{Blank(t, 2, 2), 288},
		{Puzzle(t, "1...........2..3"), 9},
		{Puzzle(t, "......31..1...35.778......994....1.2............92..75......934.2419.75...8......"), 1},
		{Puzzle(t, "11.............."), 0},
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 8 {
				tc := models[(g+k)%len(models)]
				res, err := s.Solve(context.Background(), tc.m, model.Options{})
				if err != nil || res.Count != tc.total {
					t.Errorf("goroutine %d: count %d err %v, want %d", g, res.Count, err, tc.total)
				}
			}
		}()
	}
	wg.Wait()
}

func testAllocs(t *testing.T, s model.Solver, max float64) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	m := Puzzle(t, "......31..1...35.778......994....1.2............92..75......934.2419.75...8......")
	ctx := context.Background()
	opts := model.Options{Limit: 2}
	solve(t, s, "warm-up", m, opts, 1)
	allocs := testing.AllocsPerRun(10, func() { _, _ = s.Solve(ctx, m, opts) })
	if allocs > max {
		t.Errorf("%v allocations per Solve, claimed at most %v", allocs, max)
	}
}
