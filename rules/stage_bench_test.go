package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// benchGrids parses the first 1000 puzzles of testdata/top95.txt and of the
// shared sudoku17 set, when present.
var benchSets = []struct {
	name string
	load func(tb testing.TB) []string
}{
	{"top95", func(tb testing.TB) []string {
		return fixture.Lines(tb, filepath.Join(fixture.Root(tb), "testdata", "top95.txt"), 1000)
	}},
	{"sudoku17", func(tb testing.TB) []string { return fixture.Data(tb, "sudoku17", 1000) }},
}

func parseAll(tb testing.TB, lines []string) []sudoku.Grid {
	tb.Helper()
	grids := make([]sudoku.Grid, len(lines))
	for i, l := range lines {
		g, err := sudoku.Parse(l, sudoku.ParseOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		grids[i] = g
	}
	return grids
}

// BenchmarkStageModel derives one puzzle's model per op from the cached
// rules of its shape (Set.Model: the base model with the givens).
func BenchmarkStageModel(b *testing.B) {
	rs, err := rules.New(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	if err != nil {
		b.Fatal(err)
	}
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			grids := parseAll(b, set.load(b))
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := rs.Model(grids[i]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(grids) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/puzzle")
		})
	}
}
