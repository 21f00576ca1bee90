package backtrack_test

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// benchBudget is the node budget of one puzzle in the benchmarks: brute
// force needs far more on some puzzles, which then count as gave-up.
const benchBudget = 2_000_000

// benchSolve solves the first 100 puzzles of a corpus with Limit 1 and a
// node budget, one puzzle per op, cycling through them; run it with
// -benchtime=100x to see each puzzle once. It reports puzzles/s,
// nodes/puzzle and gave-up (puzzles stopped by the budget during the run).
func benchSolve(b *testing.B, file string) {
	lines := readCorpus(b, file, 100)
	models := make([]*model.Model, len(lines))
	for k, line := range lines {
		models[k] = solvertest.Puzzle(b, line)
	}
	s := backtrack.New()
	ctx := context.Background()
	opts := model.Options{Limit: 1, Nodes: benchBudget}
	var nodes int64
	gaveUp := 0
	b.ReportAllocs()
	for k := 0; b.Loop(); k++ {
		res, err := s.Solve(ctx, models[k%len(models)], opts)
		switch {
		case err != nil:
			b.Fatal(err)
		case res.Status == model.Unknown:
			gaveUp++
		case res.Status != model.Sat:
			b.Fatalf("puzzle %d: status %v", k%len(models), res.Status)
		}
		nodes += res.Stats.Nodes
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/puzzle")
	b.ReportMetric(float64(gaveUp), "gave-up")
}

func BenchmarkBacktrackSolve17(b *testing.B)    { benchSolve(b, "sudoku17") }
func BenchmarkBacktrackSolveTop95(b *testing.B) { benchSolve(b, "top95.txt") }
