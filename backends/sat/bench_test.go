package sat

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// benchSolve solves one distinct puzzle per op, cycling through ms, and
// reports puzzles/s and the mean gini instance size. Every result must be
// definite (a model solved twice only when b.N exceeds len(ms)).
func benchSolve(b *testing.B, ms []*model.Model, s *Solver, limit int) {
	b.Helper()
	ctx := context.Background()
	opts := model.Options{Limit: limit}
	var vars, clauses, calls int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := ms[i%len(ms)]
		res, err := s.Solve(ctx, m, opts)
		if err != nil {
			b.Fatal(err)
		}
		if res.Status == model.Unknown || res.Status == model.Unsat {
			b.Fatalf("puzzle %d: %v", i%len(ms), res.Status)
		}
		vars += res.Stats.Vars
		clauses += res.Stats.Clauses
		calls += res.Stats.SolveCalls
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(vars)/float64(b.N), "vars/op")
	b.ReportMetric(float64(clauses)/float64(b.N), "clauses/op")
	b.ReportMetric(float64(calls)/float64(b.N), "calls/op")
}

// benchModes runs fn for the Auto, Fresh and Incremental modes.
func benchModes(b *testing.B, ms []*model.Model, limit int) {
	for _, mode := range []Mode{Auto, Fresh, Incremental} {
		b.Run(mode.String(), func(b *testing.B) {
			benchSolve(b, ms, &Solver{Mode: mode}, limit)
		})
	}
}

func BenchmarkSATSolve17(b *testing.B) {
	benchModes(b, models(b, readPuzzles(b, "sudoku17", 1000)), 1)
}

func BenchmarkSATUnique17(b *testing.B) {
	benchModes(b, models(b, readPuzzles(b, "sudoku17", 1000)), 2)
}

func BenchmarkSATSolveHardest(b *testing.B) {
	benchModes(b, models(b, readPuzzles(b, "puzzles5_forum_hardest_1905_11+", 1000)), 1)
}

func BenchmarkSATUniqueHardest(b *testing.B) {
	benchModes(b, models(b, readPuzzles(b, "puzzles5_forum_hardest_1905_11+", 1000)), 2)
}

// The 16x16 and 25x25 sets are the repository's testdata/16x16-45.txt and
// testdata/25x25-42.txt: random holes near the hardness peak.

func BenchmarkSATSolve16(b *testing.B) { benchModes(b, setModels(b, "16x16-45.txt"), 1) }

func BenchmarkSATSolve25(b *testing.B) { benchModes(b, setModels(b, "25x25-42.txt"), 1) }

func BenchmarkSATUnique16(b *testing.B) { benchSolve(b, setModels(b, "16x16-45.txt"), New(), 2) }

func BenchmarkSATUnique25(b *testing.B) { benchSolve(b, setModels(b, "25x25-42.txt"), New(), 2) }

// setModels reads a puzzle set of the repository's testdata folder.
func setModels(tb testing.TB, name string) []*model.Model {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	require.NoError(tb, err)
	var out []*model.Model
	sets := map[sudoku.Shape]*rules.Set{}
	for _, p := range sudoku.ParseAll(string(data), sudoku.ParseOptions{}) {
		require.NoError(tb, p.Err)
		rs, ok := sets[p.Grid.Shape]
		if !ok {
			rs, err = rules.New(p.Grid.Shape)
			require.NoError(tb, err)
			sets[p.Grid.Shape] = rs
		}
		m, err := rs.Model(p.Grid)
		require.NoError(tb, err)
		out = append(out, m)
	}
	require.NotEmpty(tb, out)
	return out
}

// BenchmarkEncode measures the encoder alone (propagation and clause
// generation into a sink that drops them) on the hardest set.
func BenchmarkEncode(b *testing.B) {
	ms := models(b, readPuzzles(b, "puzzles5_forum_hardest_1905_11+", 1000))
	s := New()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.Encode(ms[i%len(ms)], nopAdder{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkLoad measures what a fresh solve does before gini searches:
// the clauses of an empty grid written and loaded into a new gini
// instance (the graph is built once, outside the timer). The 36x36 grid
// with anti-knight, anti-king, diagonals and disjoint groups is the
// largest the CLI's examples reach.
//
//	go test ./backends/sat -run '^$' -bench BenchmarkLoad -benchtime 3x
func BenchmarkLoad(b *testing.B) {
	for _, tc := range []struct {
		name     string
		shape    sudoku.Shape
		variants string
	}{
		{"9x9", sudoku.Shape{BoxRows: 3, BoxCols: 3}, ""},
		{"25x25", sudoku.Shape{BoxRows: 5, BoxCols: 5}, ""},
		{"36x36_four_variants", sudoku.Shape{BoxRows: 6, BoxCols: 6}, "antiknight,antiking,diagonal,disjoint"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			vs, err := variants.ParseList(tc.variants)
			require.NoError(b, err)
			m, err := rules.Build(sudoku.NewGrid(tc.shape), vs...)
			require.NoError(b, err)
			ctx := context.Background()
			sh, err := New().shapeOf(ctx, m)
			require.NoError(b, err)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e := sh.get()
				require.True(b, e.s.Propagate(nil, nil))
				if _, err := e.load(ctx, freshCapacity); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(e.nclauses), "clauses/op")
				sh.put(e)
			}
		})
	}
}
