package prop_test

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
)

// loadPuzzles reads up to max puzzles (all when max <= 0) from a shared data
// file, or from a path of its own (the repository's testdata), skipping
// when shared data is absent.
func loadPuzzles(tb testing.TB, name string, max int) []string {
	tb.Helper()
	if strings.Contains(name, "/") {
		return fixture.Lines(tb, name, max)
	}
	return fixture.Data(tb, name, max)
}

// models returns the models of up to max puzzles of a data file.
func models(tb testing.TB, name string, max int) []*model.Model {
	lines := loadPuzzles(tb, name, max)
	ms := make([]*model.Model, len(lines))
	for k, line := range lines {
		ms[k] = solvertest.Puzzle(tb, line)
	}
	return ms
}

// benchSolvers are the solvers each benchmark runs side by side.
var benchSolvers = []struct {
	name string
	s    func() model.Solver
}{
	{"prop", func() model.Solver { return prop.New() }},
	{"prop-nolocks", func() model.Solver { return prop.WithoutLocks() }},
	{"prop-general", func() model.Solver { return prop.General() }},
	{"dlx", func() model.Solver { return dlx.New() }},
}

// benchSolve solves the first 1,000 puzzles of a data file with each
// solver, one puzzle per op, cycling through them. Parsing and model
// building happen before the timer starts; a first pass warms the caches
// and checks the answers.
func benchSolve(b *testing.B, file string, limit int) {
	ms := models(b, file, 1000)
	ctx := context.Background()
	opts := model.Options{Limit: limit}
	want := model.Sat
	if limit == 2 {
		want = model.Unique
	}
	for _, bs := range benchSolvers {
		b.Run(bs.name, func(b *testing.B) {
			s := bs.s()
			for _, m := range ms {
				res, err := s.Solve(ctx, m, opts)
				if err != nil || res.Status != want {
					b.Fatalf("status %v, err %v", res.Status, err)
				}
			}
			var nodes, guesses int64
			b.ReportAllocs()
			b.ResetTimer()
			for k := 0; b.Loop(); k++ {
				res, _ := s.Solve(ctx, ms[k%len(ms)], opts)
				nodes += res.Stats.Nodes
				guesses += res.Stats.Guesses
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/puzzle")
			b.ReportMetric(float64(guesses)/float64(b.N), "guesses/puzzle")
		})
	}
}

func BenchmarkSolve17(b *testing.B)      { benchSolve(b, "sudoku17", 1) }
func BenchmarkUnique17(b *testing.B)     { benchSolve(b, "sudoku17", 2) }
func BenchmarkSolveHardest(b *testing.B) { benchSolve(b, "puzzles5_forum_hardest_1905_11+", 1) }
func BenchmarkUniqueHardest(b *testing.B) {
	benchSolve(b, "puzzles5_forum_hardest_1905_11+", 2)
}

func BenchmarkSolve16(b *testing.B) { benchSolve(b, "../../testdata/16x16-45.txt", 1) }

// BenchmarkUniqueKillers proves published killers of testdata/killers
// unique, one puzzle per op, with prop only (the propagation of killer
// cages is what it measures): the 8 middle ones by prop's nodes, as many
// as the solver's table cache keeps, so that the search is measured and
// not the building of tables.
func BenchmarkUniqueKillers(b *testing.B) {
	benchUniqueLinks(b, "../../testdata/killers/killers.links.txt")
}

// BenchmarkUniqueArrows is BenchmarkUniqueKillers on the 7 published arrow
// puzzles of testdata/killers (pills and long shafts: the sums whose cells
// may repeat a digit, bounded by the distinct digits of their cells in one
// house).
func BenchmarkUniqueArrows(b *testing.B) {
	benchUniqueLinks(b, "../../testdata/killers/arrows.links.txt")
}

// benchUniqueLinks proves unique, one per op, the middle 8 (by nodes) of
// the puzzles of a file of f-puzzles links that prop proves within 200,000
// nodes.
func benchUniqueLinks(b *testing.B, file string) {
	lines := fixture.Lines(b, file, 0)
	ctx := context.Background()
	s := prop.New()
	type puzzle struct {
		m     *model.Model
		nodes int64
	}
	var ps []puzzle
	for _, line := range lines {
		p, err := fpuzzles.Decode(line)
		if err != nil {
			b.Fatal(err)
		}
		m, err := rules.Build(p.Grid, p.Variants...)
		if err != nil {
			b.Fatal(err)
		}
		res, err := s.Solve(ctx, m, model.Options{Limit: 2, Nodes: 200_000})
		if err != nil {
			b.Fatal(err)
		}
		if res.Status == model.Unique {
			ps = append(ps, puzzle{m, res.Stats.Nodes})
		}
	}
	slices.SortFunc(ps, func(x, y puzzle) int { return cmp.Compare(x.nodes, y.nodes) })
	if len(ps) > 8 {
		ps = ps[len(ps)/2-4 : len(ps)/2+4]
	}
	for _, p := range ps { // their tables in the cache, the work states warm
		s.Solve(ctx, p.m, model.Options{Limit: 2})
	}
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for k := 0; b.Loop(); k++ {
		res, _ := s.Solve(ctx, ps[k%len(ps)].m, model.Options{Limit: 2})
		nodes += res.Stats.Nodes
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/puzzle")
}
