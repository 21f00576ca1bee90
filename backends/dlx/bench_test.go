package dlx_test

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// benchSolve solves the first 1,000 puzzles of a data file through
// Solver.Solve, one puzzle per op, cycling through them. Parsing and model
// building happen before the timer starts.
func benchSolve(b *testing.B, file string, limit int) {
	lines := loadPuzzles(b, file, 1000)
	models := make([]*model.Model, len(lines))
	for k, line := range lines {
		models[k] = solvertest.Puzzle(b, line)
	}
	s := new(dlx.Solver)
	ctx := context.Background()
	opts := model.Options{Limit: limit}
	want := model.Sat
	if limit == 2 {
		want = model.Unique
	}
	for _, m := range models { // warm the matrix cache and check the answers
		res, err := s.Solve(ctx, m, opts)
		if err != nil || res.Status != want {
			b.Fatalf("status %v, err %v", res.Status, err)
		}
	}
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; b.Loop(); k++ {
		res, _ := s.Solve(ctx, models[k%len(models)], opts)
		nodes += res.Stats.Nodes
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/puzzle")
}

func BenchmarkDLXSolve17(b *testing.B) { benchSolve(b, "sudoku17", 1) }

// BenchmarkDLXSolve16 runs the repository's 16x16 set (45% givens at
// random). Its 25x25 set is left out: plain DLX cannot finish some of it.
func BenchmarkDLXSolve16(b *testing.B)       { benchSolve(b, "../../testdata/16x16-45.txt", 1) }
func BenchmarkDLXUnique17(b *testing.B)      { benchSolve(b, "sudoku17", 2) }
func BenchmarkDLXSolveHardest(b *testing.B)  { benchSolve(b, "puzzles5_forum_hardest_1905_11+", 1) }
func BenchmarkDLXUniqueHardest(b *testing.B) { benchSolve(b, "puzzles5_forum_hardest_1905_11+", 2) }

// BenchmarkDLXSearch measures the bare matrix search (commit givens, search
// to 2 solutions, reset) on hardest 11+ puzzles; it must report 0 allocs/op.
func BenchmarkDLXSearch(b *testing.B) { benchSearch(b, nil) }

// BenchmarkDLXSearchTrace is BenchmarkDLXSearch with a trace that counts
// the steps: the cost of the calls themselves, without a recorder.
func BenchmarkDLXSearchTrace(b *testing.B) {
	var steps int64
	benchSearch(b, func(dlx.Step) { steps++ })
	b.ReportMetric(float64(steps)/float64(b.N), "steps/puzzle")
}

func benchSearch(b *testing.B, trace func(dlx.Step)) {
	lines := loadPuzzles(b, "puzzles5_forum_hardest_1905_11+", 1000)
	models := make([]*model.Model, len(lines))
	for k, line := range lines {
		models[k] = solvertest.Puzzle(b, line)
	}
	x, err := dlx.Lower(models[0])
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var nodes int64
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		m := models[k%len(models)]
		for _, c := range m.Fixed() {
			x.Commit(int(c))
		}
		nodes += x.SearchTrace(ctx, dlx.Limits{Solutions: 2}, nil, trace).Nodes
		x.Reset()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/puzzle")
}

// BenchmarkDLXKiller solves the Wikipedia killer sudoku (no givens, 29
// distinct cages) to two solutions on its lowered matrix, with each Sum
// lowering: auto (the package's rule), tuples (weight tuples for every
// cage) and digits (digit sets for every cage).
func BenchmarkDLXKiller(b *testing.B) {
	m := killerModel(b, wikiKiller)
	for _, tc := range []struct {
		name string
		sums int
	}{{"auto", dlx.SumAuto}, {"tuples", dlx.SumTuples}, {"digits", dlx.SumDigits}} {
		b.Run(tc.name, func(b *testing.B) {
			x, _, err := dlx.LowerWith(m, tc.sums)
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			var nodes int64
			b.ReportAllocs()
			for b.Loop() {
				out := x.Search(ctx, dlx.Limits{Solutions: 2}, nil)
				if out.Count != 1 {
					b.Fatalf("%d solutions", out.Count)
				}
				nodes += out.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(x.Options()), "options")
		})
	}
}

// BenchmarkDLXLowerKiller lowers the Wikipedia killer sudoku (no givens)
// with each Sum lowering: the cost of the lowering alone, which Solve
// caches per rule set and the other benchmarks therefore leave out.
func BenchmarkDLXLowerKiller(b *testing.B) {
	m := killerModel(b, wikiKiller)
	for _, tc := range []struct {
		name string
		sums int
	}{{"auto", dlx.SumAuto}, {"tuples", dlx.SumTuples}, {"digits", dlx.SumDigits}, {"chains", dlx.SumChains}} {
		b.Run(tc.name, func(b *testing.B) {
			var options int
			b.ReportAllocs()
			for b.Loop() {
				x, _, err := dlx.LowerWith(m, tc.sums)
				if err != nil {
					b.Fatal(err)
				}
				options = x.Options()
			}
			b.ReportMetric(float64(options), "options")
		})
	}
}
