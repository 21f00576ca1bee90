package puzzle_test

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// A fixedSolver is a model.Solver stub that answers with a solution known
// in advance, so that a benchmark of the batch path measures everything
// but the search.
type fixedSolver struct{ sol model.Solution }

// Solve implements model.Solver.
func (f fixedSolver) Solve(context.Context, *model.Model, model.Options) (model.Result, error) {
	return model.Result{Status: model.Sat, Count: 1, Exact: false, Solutions: []model.Solution{f.sol}}, nil
}

var _ model.Solver = fixedSolver{}

var pipelineSets = []struct {
	name string
	load func(tb testing.TB) []string
}{
	{"top95", func(tb testing.TB) []string {
		return fixture.Lines(tb, filepath.Join(fixture.Root(tb), "testdata", "top95.txt"), 1000)
	}},
	{"sudoku17", func(tb testing.TB) []string { return fixture.Data(tb, "sudoku17", 1000) }},
}

// solveLines solves each 9x9 line with dlx, for the stub to hand back.
func solveLines(tb testing.TB, lines []string) []model.Solution {
	tb.Helper()
	var c puzzle.Cache
	sols := make([]model.Solution, len(lines))
	for i, l := range lines {
		g, err := sudoku.Parse(l, sudoku.ParseOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		m, err := c.Model(puzzle.Item{Grid: g})
		if err != nil {
			tb.Fatal(err)
		}
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 1, Keep: 1})
		if err != nil || len(res.Solutions) != 1 {
			tb.Fatalf("%s: %v %v", l, res.Status, err)
		}
		sols[i] = res.Solutions[0]
	}
	return sols
}

// BenchmarkPipeline runs the batch path of a solve command on a stream of
// puzzle lines with a stub solver: read and parse each line (Reader), build
// its model (Cache), solve (the stub), referee the solution (model.Check)
// and format the output line (AppendSolutionLine; with "grid" in the name,
// through a Grid as Solution(it, sol).Line() does), in input order, with
// one worker. The stream
// repeats a set to n puzzles; ns/puzzle, B/puzzle and allocs/puzzle stay
// flat as n grows when nothing accumulates per puzzle.
func BenchmarkPipeline(b *testing.B) {
	for _, set := range pipelineSets {
		for _, bench := range []struct {
			n    int
			grid bool
		}{{1000, false}, {10000, false}, {10000, true}} {
			n := bench.n
			name := set.name + "/" + strconv.Itoa(n)
			if bench.grid {
				name += "/grid"
			}
			b.Run(name, func(b *testing.B) {
				lines := set.load(b)
				sols := solveLines(b, lines)
				var sb strings.Builder
				for i := 0; i < n; i++ {
					sb.WriteString(lines[i%len(lines)])
					sb.WriteByte('\n')
				}
				text := sb.String()
				var out bytes.Buffer
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for b.Loop() {
					out.Reset()
					r := &puzzle.Reader{Stdin: strings.NewReader(text)}
					batch := puzzle.Batch[string]{
						Read:  func(ch chan<- puzzle.Item) error { return r.Read(nil, ch) },
						Cache: &puzzle.Cache{},
						Jobs:  1,
						Work: func(ctx context.Context, it puzzle.Item, m *model.Model) string {
							s := fixedSolver{sols[it.Index%len(sols)]}
							res, err := s.Solve(ctx, m, model.Options{Limit: 1, Keep: 1})
							if err != nil {
								return "error\n"
							}
							for _, sol := range res.Solutions {
								if err := model.Check(m, sol); err != nil {
									b.Fatal(err)
								}
							}
							if bench.grid {
								return puzzle.Solution(it, res.Solutions[0]).Line() + "\n"
							}
							var line [128]byte
							return string(append(puzzle.AppendSolutionLine(line[:0], it, res.Solutions[0]), '\n'))
						},
						Failed: func(puzzle.Item, error) string { return "error\n" },
						Emit:   func(_ puzzle.Item, s string) { out.WriteString(s) },
					}
					if err := batch.Run(context.Background()); err != nil {
						b.Fatal(err)
					}
					if out.Len() != n*82 {
						b.Fatalf("%d bytes of output for %d puzzles", out.Len(), n)
					}
				}
				runtime.ReadMemStats(&after)
				per := float64(b.N) * float64(n)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/puzzle")
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/per, "B/puzzle")
				b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/puzzle")
			})
		}
	}
}

// BenchmarkReaderArgs reads puzzles given as arguments, one puzzle per
// argument, as "sudokit solve PUZZLE PUZZLE ..." does.
func BenchmarkReaderArgs(b *testing.B) {
	lines := fixture.Lines(b, filepath.Join(fixture.Root(b), "testdata", "top95.txt"), 1000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		out := make(chan puzzle.Item, 64)
		errc := make(chan error, 1)
		go func() { errc <- (&puzzle.Reader{}).Read(lines, out) }()
		n := 0
		for it := range out {
			if it.Err != nil {
				b.Fatal(it.Err)
			}
			n++
		}
		if err := <-errc; err != nil || n != len(lines) {
			b.Fatalf("%d puzzles of %d: %v", n, len(lines), err)
		}
	}
	runtime.ReadMemStats(&after)
	per := float64(b.N) * float64(len(lines))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/puzzle")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/per, "B/puzzle")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/puzzle")
}
