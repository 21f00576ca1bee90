package auto_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// scripted answers with a fixed result and records the options it saw.
type scripted struct {
	res  model.Result
	err  error
	seen []model.Options
}

func (s *scripted) Solve(_ context.Context, _ *model.Model, opts model.Options) (model.Result, error) {
	s.seen = append(s.seen, opts)
	return s.res, s.err
}

func testModel(t *testing.T) *model.Model {
	t.Helper()
	g, err := sudoku.Parse("1.3....4..4....1", sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	return m
}

var errBroken = errors.New("dlx: broken")

func TestFallback(t *testing.T) {
	m := testModel(t)
	gaveUp := model.Result{Status: model.Unknown, Stop: model.NodeLimit, Stats: model.Stats{Nodes: 100, Updates: 1000, Guesses: 7}}
	answer := model.Result{Status: model.Unique, Count: 1, Stats: model.Stats{Vars: 5, Clauses: 9}}
	tests := []struct {
		name         string
		first        model.Result
		firstErr     error
		callerNodes  int64
		wantFallback bool
		wantNodes    int64
		wantErr      error
	}{
		{"first answers", answer, nil, 0, false, 50, nil},
		{"first gives up on its budget", gaveUp, nil, 0, true, 50, nil},
		{"caller's smaller budget is final", gaveUp, nil, 10, false, 10, nil},
		{"deadline is not a fallback", model.Result{Status: model.Unknown, Stop: model.Deadline}, nil, 0, false, 50, nil},
		{"errors are returned", model.Result{}, errBroken, 0, false, 50, errBroken},
		{"a refused rule goes to Then", model.Result{}, fmt.Errorf("dlx: rule 3 (sum) too large: %w", model.ErrUnsupported), 0, true, 50, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first := &scripted{res: tt.first, err: tt.firstErr}
			then := &scripted{res: answer}
			s := &auto.Solver{First: first, Then: then, Budget: func(*model.Model) int64 { return 50 }}
			res, err := s.Solve(context.Background(), m, model.Options{Limit: 2, Nodes: tt.callerNodes})
			require.Len(t, first.seen, 1)
			assert.Equal(t, tt.wantNodes, first.seen[0].Nodes)
			assert.Equal(t, 2, first.seen[0].Limit)
			assert.Equal(t, tt.wantErr, err)
			assert.Equal(t, tt.wantFallback, res.Stats.Fallback)
			if tt.wantFallback {
				require.Len(t, then.seen, 1)
				assert.Equal(t, model.Unique, res.Status)
				assert.Equal(t, tt.first.Stats.Nodes, res.Stats.Nodes, "nodes spent before the fallback are counted")
				assert.Equal(t, tt.first.Stats.Guesses, res.Stats.Guesses)
				assert.Equal(t, int64(9), res.Stats.Clauses)
			} else {
				assert.Empty(t, then.seen)
			}
		})
	}
}

func TestTraceIsNotPassedOn(t *testing.T) {
	m := testModel(t)
	first := &scripted{res: model.Result{Status: model.Unknown, Stop: model.NodeLimit}}
	then := &scripted{res: model.Result{Status: model.Unique, Count: 1}}
	s := &auto.Solver{First: first, Then: then, Budget: func(*model.Model) int64 { return 50 }}
	var rec model.Recorder
	_, err := s.Solve(context.Background(), m, model.Options{Limit: 2, Trace: rec.Add})
	require.NoError(t, err)
	require.Len(t, first.seen, 1)
	require.Len(t, then.seen, 1)
	assert.Nil(t, first.seen[0].Trace, "two searches' events would not describe one search")
	assert.Nil(t, then.seen[0].Trace)
}

func TestDefaultBudget(t *testing.T) {
	for _, tt := range []struct {
		n        int
		pairwise bool
		want     int64
	}{{4, false, 200_000}, {9, false, 200_000}, {9, true, 3_000}, {16, false, 20_000}, {16, true, 20_000}, {25, false, 5_000}} {
		s, err := sudoku.ShapeOf(tt.n)
		require.NoError(t, err)
		var vs []rules.Variant
		if tt.pairwise {
			vs = append(vs, variants.AntiKnight{})
		}
		rs, err := rules.New(s, vs...)
		require.NoError(t, err)
		assert.Equal(t, tt.want, auto.DefaultBudget(rs.Base()), "side %d, pairwise %v", tt.n, tt.pairwise)
	}
	// A killer cage (a Sum and its derived rules) goes to SAT at once.
	s, err := sudoku.ShapeOf(9)
	require.NoError(t, err)
	cage := variants.Killer{Cages: []variants.Cage{{Cells: []sudoku.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, Total: 3}}}
	rs, err := rules.New(s, cage)
	require.NoError(t, err)
	assert.Equal(t, auto.SkipFirst, auto.DefaultBudget(rs.Base()))
}

// TestSkipFirst: a model the budget sends to Then skips First when finding
// or proving, and still counts with First.
func TestSkipFirst(t *testing.T) {
	m := testModel(t)
	answer := model.Result{Status: model.Unique, Count: 1, Exact: true}
	first, then := &scripted{res: answer}, &scripted{res: answer}
	s := &auto.Solver{First: first, Then: then, Budget: func(*model.Model) int64 { return auto.SkipFirst }}
	res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unique, res.Status)
	assert.Empty(t, first.seen)
	assert.Len(t, then.seen, 1)
	assert.True(t, res.Stats.Fallback, "Then answered")

	_, err = s.Solve(context.Background(), m, model.Options{Limit: 0})
	require.NoError(t, err)
	assert.Len(t, first.seen, 1, "counting runs First")
}

func TestAutoSolvesHardLargeGrid(t *testing.T) {
	// An empty 25x25 grid: DLX alone finds a solution quickly, and auto must
	// answer either way.
	s, err := sudoku.ShapeOf(25)
	require.NoError(t, err)
	m, err := rules.Build(sudoku.NewGrid(s))
	require.NoError(t, err)
	res, err := auto.New().Solve(context.Background(), m, model.Options{Limit: 1})
	require.NoError(t, err)
	require.Equal(t, model.Sat, res.Status)
	require.NoError(t, model.Check(m, res.Solutions[0]))
}

func TestCountingIsNotCutByTheBudget(t *testing.T) {
	m := testModel(t)
	partial := model.Result{Status: model.Multiple, Stop: model.NodeLimit, Count: 14_426}
	for _, tt := range []struct {
		name        string
		limit       int
		callerNodes int64
		wantNodes   int64
	}{
		{"count all", 0, 0, 0},
		{"count to 1000", 1000, 0, 0},
		{"count all within the caller's budget", 0, 7, 7},
	} {
		t.Run(tt.name, func(t *testing.T) {
			first := &scripted{res: partial}
			then := &scripted{res: model.Result{Status: model.Unique, Count: 1}}
			s := &auto.Solver{First: first, Then: then, Budget: func(*model.Model) int64 { return 50 }}
			res, err := s.Solve(context.Background(), m, model.Options{Limit: tt.limit, Nodes: tt.callerNodes})
			require.NoError(t, err)
			require.Len(t, first.seen, 1)
			assert.Equal(t, tt.wantNodes, first.seen[0].Nodes, "no budget of auto's own when counting")
			assert.Empty(t, then.seen, "SAT does not enumerate")
			assert.Equal(t, model.NodeLimit, res.Stop, "a stopped count stays stopped")
			assert.False(t, res.Exact)
		})
	}
}

// TestCountMatchesQqwing counts every solution of a puzzle with 499,035 of
// them, as qqwing's --count-solutions does, where a node budget once cut
// the count short.
func TestCountMatchesQqwing(t *testing.T) {
	if testing.Short() {
		t.Skip("counts half a million solutions")
	}
	g, err := sudoku.Parse("73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5", sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	res, err := auto.New().Solve(context.Background(), m, model.Options{Limit: 0, Keep: model.KeepNone})
	require.NoError(t, err)
	assert.Equal(t, 499_035, res.Count)
	assert.True(t, res.Exact)
	assert.Equal(t, model.Done, res.Stop)
	assert.Empty(t, res.Solutions, "KeepNone keeps none")
}

// TestHousesFirst: models of houses alone up to 16x16 try Houses first,
// the others First.
func TestHousesFirst(t *testing.T) {
	answer := model.Result{Status: model.Unique, Count: 1, Exact: true}
	s9, err := sudoku.ShapeOf(9)
	require.NoError(t, err)
	s25, err := sudoku.ShapeOf(25)
	require.NoError(t, err)
	for _, tc := range []struct {
		name   string
		shape  sudoku.Shape
		vs     []rules.Variant
		houses bool
	}{
		{"classic 9x9", s9, nil, true},
		{"diagonal 9x9", s9, []rules.Variant{variants.Diagonal{}}, true},
		{"anti-knight 9x9", s9, []rules.Variant{variants.AntiKnight{}}, false},
		{"classic 25x25", s25, nil, false},
	} {
		rs, err := rules.New(tc.shape, tc.vs...)
		require.NoError(t, err)
		first, houses := &scripted{res: answer}, &scripted{res: answer}
		s := &auto.Solver{First: first, Then: &scripted{res: answer}, Houses: houses, Budget: auto.DefaultBudget}
		for _, limit := range []int{2, 0} {
			_, err = s.Solve(context.Background(), rs.Base(), model.Options{Limit: limit})
			require.NoError(t, err)
		}
		if tc.houses {
			assert.Len(t, houses.seen, 2, tc.name)
			assert.Empty(t, first.seen, tc.name)
		} else {
			assert.Len(t, first.seen, 2, tc.name)
			assert.Empty(t, houses.seen, tc.name)
		}
	}
}
