package sudoku_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/sudoku"
)

// benchSets are the puzzle files the stage benchmarks read: the first 1000
// lines of testdata/top95.txt and of the shared sudoku17 set (skipped when
// it is absent).
var benchSets = []struct {
	name string
	load func(tb testing.TB) []string
}{
	{"top95", func(tb testing.TB) []string {
		return fixture.Lines(tb, filepath.Join(fixture.Root(tb), "testdata", "top95.txt"), 1000)
	}},
	{"sudoku17", func(tb testing.TB) []string { return fixture.Data(tb, "sudoku17", 1000) }},
}

// perPuzzle reports the time per puzzle when each op handles n puzzles.
func perPuzzle(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/puzzle")
}

// BenchmarkStageParse parses one puzzle line per op with Parse.
func BenchmarkStageParse(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			lines := set.load(b)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := sudoku.Parse(lines[i], sudoku.ParseOptions{}); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(lines) {
					i = 0
				}
			}
			perPuzzle(b, 1)
		})
	}
}

// BenchmarkStageScan reads a whole set, one puzzle per line, with the
// Scanner puzzle.Reader uses; an op is the whole set.
func BenchmarkStageScan(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			lines := set.load(b)
			text := strings.Join(lines, "\n") + "\n"
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				sc := sudoku.NewScanner(strings.NewReader(text), sudoku.ParseOptions{})
				n := 0
				for sc.Scan() {
					if err := sc.Puzzle().Err; err != nil {
						b.Fatal(err)
					}
					n++
				}
				if n != len(lines) {
					b.Fatalf("%d puzzles of %d", n, len(lines))
				}
			}
			perPuzzle(b, len(lines))
		})
	}
}

// BenchmarkStageLine formats a solved 9x9 grid as a line, one per op.
func BenchmarkStageLine(b *testing.B) {
	g, err := sudoku.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179", sudoku.ParseOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(g.Line()) != 81 {
			b.Fatal("short line")
		}
	}
	perPuzzle(b, 1)
}
