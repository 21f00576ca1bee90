package sat

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/sudoku"
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

func BenchmarkSATSolve16(b *testing.B) {
	_, ms := randomPuzzles(b, sudoku.Shape{BoxRows: 4, BoxCols: 4}, 30, 0.58, 16)
	benchModes(b, ms, 1)
}

func BenchmarkSATSolve25(b *testing.B) {
	_, ms := randomPuzzles(b, sudoku.Shape{BoxRows: 5, BoxCols: 5}, 12, 0.60, 25)
	benchModes(b, ms, 1)
}

func BenchmarkSATUnique16(b *testing.B) {
	_, ms := randomPuzzles(b, sudoku.Shape{BoxRows: 4, BoxCols: 4}, 30, 0.58, 16)
	benchSolve(b, ms, New(), 2)
}

func BenchmarkSATUnique25(b *testing.B) {
	_, ms := randomPuzzles(b, sudoku.Shape{BoxRows: 5, BoxCols: 5}, 12, 0.60, 25)
	benchSolve(b, ms, New(), 2)
}

// BenchmarkEncode measures the encoder alone (propagation and clause
// generation into a sink that drops them) on the hardest set.
func BenchmarkEncode(b *testing.B) {
	ms := models(b, readPuzzles(b, "puzzles5_forum_hardest_1905_11+", 1000))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Encode(ms[i%len(ms)], nopAdder{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}
