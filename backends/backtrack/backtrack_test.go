package backtrack_test

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func solve(t *testing.T, s *backtrack.Solver, m *model.Model, opts model.Options) model.Result {
	t.Helper()
	res, err := s.Solve(context.Background(), m, opts)
	require.NoError(t, err)
	for _, sol := range res.Solutions {
		require.NoError(t, model.Check(m, sol))
	}
	return res
}

func TestEmpty4x4Counts288(t *testing.T) {
	m := solvertest.Blank(t, 2, 2)
	res := solve(t, backtrack.New(), m, model.Options{})
	assert.Equal(t, model.Multiple, res.Status)
	assert.Equal(t, model.Done, res.Stop)
	assert.Equal(t, 288, res.Count)
	require.Len(t, res.Solutions, 288)
	keys := solvertest.Keys(res.Solutions)
	for i := 1; i < len(keys); i++ {
		require.NotEqual(t, keys[i-1], keys[i], "solution found twice")
	}
	assert.Positive(t, res.Stats.Nodes)
	assert.Positive(t, res.Stats.Elapsed)
}

func TestStatuses(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		limit  int
		want   model.Status
		count  int
	}{
		{"unique", "1.3....4..4....1", 2, model.Unique, 1},
		{"first only", "1.3....4..4....1", 1, model.Sat, 1},
		{"count all of a unique one", "1.3....4..4....1", 0, model.Unique, 1},
		{"two solutions", "12..34..........", 2, model.Multiple, 2},
		{"dead cell found by search", "...3...4....12..", 0, model.Unsat, 0},
		{"complete grid", "1234341221434321", 2, model.Unique, 1},
	}
	s := backtrack.New()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := solve(t, s, solvertest.Puzzle(t, tt.puzzle), model.Options{Limit: tt.limit})
			assert.Equal(t, tt.want, res.Status)
			assert.Equal(t, tt.count, res.Count)
			assert.Len(t, res.Solutions, tt.count)
			assert.Equal(t, model.Done, res.Stop)
		})
	}
}

func TestUniqueSolutionValues(t *testing.T) {
	m := solvertest.Puzzle(t, "1.3....4..4....1")
	res := solve(t, backtrack.New(), m, model.Options{Limit: 2})
	require.Equal(t, model.Unique, res.Status)
	g, err := rules.Decode(sudoku.Shape{BoxRows: 2, BoxCols: 2}, res.Solutions[0])
	require.NoError(t, err)
	assert.Equal(t, "1432321421434321", g.Line())
	assert.Positive(t, res.Stats.Nodes)
	assert.Equal(t, res.Stats.Nodes, res.Stats.Guesses, "every placement is a trial")
}

func TestContradictoryGivens(t *testing.T) {
	s := backtrack.New()
	t.Run("equal givens in a row", func(t *testing.T) {
		res := solve(t, s, solvertest.Puzzle(t, "1..1............"), model.Options{Limit: 2})
		assert.Equal(t, model.Unsat, res.Status)
		assert.Zero(t, res.Stats.Nodes)
		assert.Empty(t, res.Solutions)
	})
	base := solvertest.Blank(t, 2, 2)
	cases := []struct {
		name            string
		fixed, excluded []model.Cand
	}{
		{"two values in one cell", []model.Cand{base.Cand(5, 1), base.Cand(5, 3)}, nil},
		{"given excluded", []model.Cand{base.Cand(0, 2)}, []model.Cand{base.Cand(0, 2)}},
		{"givens in one box", []model.Cand{base.Cand(0, 4), base.Cand(5, 4)}, nil},
		{"every value of a cell excluded", nil, []model.Cand{base.Cand(7, 1), base.Cand(7, 2), base.Cand(7, 3), base.Cand(7, 4)}},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			m, err := base.WithGivens(tt.fixed, tt.excluded)
			require.NoError(t, err)
			res := solve(t, s, m, model.Options{})
			assert.Equal(t, model.Unsat, res.Status)
			assert.Zero(t, res.Count)
		})
	}
	t.Run("same given twice is no contradiction", func(t *testing.T) {
		m, err := base.WithGivens([]model.Cand{base.Cand(0, 1), base.Cand(0, 1)}, nil)
		require.NoError(t, err)
		res := solve(t, s, m, model.Options{})
		assert.Equal(t, 288/4, res.Count)
	})
}

func TestExcludedNeverChosen(t *testing.T) {
	base := solvertest.Blank(t, 2, 2)
	ex := []model.Cand{base.Cand(0, 1), base.Cand(0, 2), base.Cand(15, 4)}
	m, err := base.WithGivens(nil, ex)
	require.NoError(t, err)
	res := solve(t, backtrack.New(), m, model.Options{})
	require.Equal(t, model.Multiple, res.Status)
	want, err := dlx.New().Solve(context.Background(), m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, want.Count, res.Count)
	assert.Less(t, res.Count, 288/2) // r1c1 in {3,4} alone leaves 144
}

// TestExactlyOneAtLeaf uses a model where blocking alone would accept an
// assignment that chooses no candidate of an ExactlyOne rule.
func TestExactlyOneAtLeaf(t *testing.T) {
	b := model.NewBuilder(2, 2)
	b.Add(model.ExactlyOne, b.Cand(0, 1), b.Cand(1, 1))
	m, err := b.Build()
	require.NoError(t, err)
	res := solve(t, backtrack.New(), m, model.Options{})
	assert.Equal(t, model.Multiple, res.Status)
	assert.Equal(t, 2, res.Count) // (1,2) and (2,1); not (2,2)

	b = model.NewBuilder(2, 2)
	b.Add(model.AtMostOne, b.Cand(0, 1), b.Cand(1, 1))
	m, err = b.Build()
	require.NoError(t, err)
	res = solve(t, backtrack.New(), m, model.Options{})
	assert.Equal(t, 3, res.Count) // (2,2) is allowed now
}

func TestKeep(t *testing.T) {
	m := solvertest.Blank(t, 2, 2)
	res := solve(t, backtrack.New(), m, model.Options{Keep: 3})
	assert.Equal(t, 288, res.Count)
	assert.Len(t, res.Solutions, 3)
	res = solve(t, backtrack.New(), m, model.Options{Limit: 5, Keep: 10})
	assert.Equal(t, 5, res.Count)
	assert.Len(t, res.Solutions, 5)
	assert.Equal(t, model.Multiple, res.Status)
}

func TestNodeBudget(t *testing.T) {
	m := solvertest.Blank(t, 3, 3)
	res := solve(t, backtrack.New(), m, model.Options{Nodes: 100})
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.NodeLimit, res.Stop)
	assert.Equal(t, int64(100), res.Stats.Nodes)

	// A budget that suffices is not reported as reached.
	m4 := solvertest.Puzzle(t, "1.3....4..4....1")
	full := solve(t, backtrack.New(), m4, model.Options{Limit: 2})
	res = solve(t, backtrack.New(), m4, model.Options{Limit: 2, Nodes: full.Stats.Nodes})
	assert.Equal(t, model.Unique, res.Status)
	res = solve(t, backtrack.New(), m4, model.Options{Limit: 2, Nodes: full.Stats.Nodes - 1})
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.NodeLimit, res.Stop)
}

func TestContext(t *testing.T) {
	m := solvertest.Blank(t, 3, 3)
	s := backtrack.New()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)
	assert.Zero(t, res.Stats.Nodes)

	// r9c9 has no value left, which brute force finds out only after
	// filling the 80 cells before it, every way it can: the deadline must
	// stop it.
	dead := solvertest.Puzzle(t, "........5........6........7........8........9............................1234....")
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	begin := time.Now()
	res, err = s.Solve(ctx, dead, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Deadline, res.Stop)
	assert.Positive(t, res.Stats.Nodes)
	assert.Less(t, time.Since(begin), 5*time.Second)
}

func TestNilModel(t *testing.T) {
	_, err := backtrack.New().Solve(context.Background(), nil, model.Options{})
	assert.Error(t, err)
}

func TestTop95(t *testing.T) {
	const budget = 20_000_000
	lines := readCorpus(t, "top95.txt", 10)
	s := backtrack.New()
	gaveUp := 0
	for _, line := range lines {
		m := solvertest.Puzzle(t, line)
		res := solve(t, s, m, model.Options{Limit: 2, Nodes: budget})
		if res.Status == model.Unknown {
			// Brute force may need far more nodes than the budget; it
			// must then say so, with nothing wrong found on the way.
			assert.Equal(t, model.NodeLimit, res.Stop, line)
			assert.Equal(t, int64(budget), res.Stats.Nodes, line)
			assert.LessOrEqual(t, res.Count, 1, line)
			gaveUp++
			continue
		}
		require.Equal(t, model.Unique, res.Status, line)
		require.Len(t, res.Solutions, 1)
		assert.LessOrEqual(t, res.Stats.Nodes, int64(budget))
	}
	t.Logf("%d of %d top95 puzzles gave up at %d nodes", gaveUp, len(lines), budget)
	assert.Less(t, gaveUp, len(lines), "the budget should solve some")
}

// TestAgreesWithEnumeration compares counts with an enumeration of every
// assignment of the empty cells, judged by model.Check.
func TestAgreesWithEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	base := solvertest.Blank(t, 2, 2)
	grid := []int{1, 4, 3, 2, 3, 2, 1, 4, 2, 1, 4, 3, 4, 3, 2, 1} // a valid 4x4 grid
	s := backtrack.New()
	statuses := map[model.Status]int{}
	for range 40 {
		// Givens from the grid with its digits relabelled, and now and
		// then one random given, often a contradiction.
		relabel := rng.Perm(4)
		var fixed []model.Cand
		for _, cell := range rng.Perm(16)[:8+rng.IntN(5)] {
			fixed = append(fixed, base.Cand(cell, 1+relabel[grid[cell]-1]))
		}
		if rng.IntN(3) == 0 {
			fixed[0] = randomGivens(rng, base, 1)[0]
		}
		m, err := base.WithGivens(fixed, nil)
		require.NoError(t, err)
		want := enumerate(m)
		res := solve(t, s, m, model.Options{})
		require.Equal(t, want, res.Count, "%v", m)
		statuses[res.Status]++
	}
	assert.Positive(t, statuses[model.Unsat], "some models should be contradictory")
	assert.Positive(t, statuses[model.Unique]+statuses[model.Multiple])
}

// randomGivens picks n cells (maybe repeated) with random values.
func randomGivens(rng *rand.Rand, m *model.Model, n int) []model.Cand {
	out := make([]model.Cand, n)
	for i := range out {
		out[i] = m.Cand(rng.IntN(m.Cells()), 1+rng.IntN(m.Values()))
	}
	return out
}

// enumerate counts the valid assignments of m by trying every value of
// every cell not fixed by a given.
func enumerate(m *model.Model) int {
	sol := make(model.Solution, m.Cells())
	set := make([]bool, m.Cells())
	for _, c := range m.Fixed() {
		cell := m.CellOf(c)
		if set[cell] && sol[cell] != c {
			return 0
		}
		sol[cell], set[cell] = c, true
	}
	var empty []int
	for cell, ok := range set {
		if !ok {
			empty = append(empty, cell)
		}
	}
	count := 0
	var rec func(k int)
	rec = func(k int) {
		if k == len(empty) {
			if model.Check(m, sol) == nil {
				count++
			}
			return
		}
		for v := 1; v <= m.Values(); v++ {
			sol[empty[k]] = m.Cand(empty[k], v)
			rec(k + 1)
		}
	}
	rec(0)
	return count
}

// TestAgreesWithDLX compares status, count and solution set with the DLX
// backend on random sudoku models and random generic models.
func TestAgreesWithDLX(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bt, dl := backtrack.New(), dlx.New()
	ctx := context.Background()
	compare := func(m *model.Model) model.Status {
		t.Helper()
		want, err := dl.Solve(ctx, m, model.Options{})
		require.NoError(t, err)
		got := solve(t, bt, m, model.Options{})
		require.Equal(t, want.Status, got.Status, "%v", m)
		require.Equal(t, want.Count, got.Count, "%v", m)
		require.Equal(t, solvertest.Keys(want.Solutions), solvertest.Keys(got.Solutions), "%v", m)
		return got.Status
	}
	seen := map[model.Status]int{}
	for _, shape := range []struct{ r, c, min, spread int }{{2, 2, 2, 6}, {2, 3, 12, 8}} {
		base := solvertest.Blank(t, shape.r, shape.c)
		for range 30 {
			fixed := randomGivens(rng, base, shape.min+rng.IntN(shape.spread))
			var excluded []model.Cand
			if rng.IntN(3) == 0 {
				excluded = randomGivens(rng, base, 1+rng.IntN(6))
			}
			m, err := base.WithGivens(fixed, excluded)
			require.NoError(t, err)
			seen[compare(m)]++
		}
	}
	for range 60 {
		seen[compare(randomModel(t, rng))]++
	}
	assert.Positive(t, seen[model.Unsat])
	assert.Positive(t, seen[model.Multiple])
	assert.Positive(t, seen[model.Unique])
}

// randomModel builds a small model with random ExactlyOne and AtMostOne
// rules over random candidates, and a random given or two.
func randomModel(t *testing.T, rng *rand.Rand) *model.Model {
	cells, values := 2+rng.IntN(4), 2+rng.IntN(3)
	b := model.NewBuilder(cells, values)
	n := cells * values
	for range 1 + rng.IntN(5) {
		perm := rng.Perm(n)[:2+rng.IntN(min(n-1, 4))]
		cands := make([]model.Cand, len(perm))
		for i, p := range perm {
			cands[i] = model.Cand(p)
		}
		b.Add(model.Kind(rng.IntN(2)), cands...)
	}
	for range rng.IntN(3) {
		b.Fix(model.Cand(rng.IntN(n)))
	}
	if rng.IntN(4) == 0 {
		b.Exclude(model.Cand(rng.IntN(n)))
	}
	m, err := b.Build()
	require.NoError(t, err)
	return m
}

func TestConcurrent(t *testing.T) {
	s := backtrack.New()
	puzzles := []struct {
		text  string
		count int
	}{
		{"1.3....4..4....1", 0},
		{"12..34..........", 0},
		{"...3...4....12..", 0},
		{"................", 0},
	}
	for i, p := range puzzles { // counts from DLX
		res, err := dlx.New().Solve(context.Background(), solvertest.Puzzle(t, p.text), model.Options{})
		require.NoError(t, err)
		puzzles[i].count = res.Count
	}
	require.Equal(t, 288, puzzles[3].count)
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Go(func() {
			for k := range 20 {
				p := puzzles[(g+k)%len(puzzles)]
				m := solvertest.Puzzle(t, p.text)
				res, err := s.Solve(context.Background(), m, model.Options{})
				if err != nil || res.Count != p.count {
					errs <- p.text
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("wrong count for %s", e)
	}
}

// TestSearchAllocs: a search that finds no solution allocates nothing once
// the solver has its table and buffers.
func TestSearchAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	m := solvertest.Puzzle(t, "...3...4....12..")
	s := backtrack.New()
	ctx := context.Background()
	res, err := s.Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	require.Equal(t, model.Unsat, res.Status)
	require.Positive(t, res.Stats.Nodes, "the contradiction must need a search")
	allocs := testing.AllocsPerRun(50, func() {
		_, _ = s.Solve(ctx, m, model.Options{})
	})
	assert.Zero(t, allocs)
}
