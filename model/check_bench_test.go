package model_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// checkCase is a puzzle's model and a solution of it.
type checkCase struct {
	m   *model.Model
	sol model.Solution
}

// solvedSet builds the models of the first 1000 puzzles of a set and
// solves them with dlx.
func solvedSet(b *testing.B, lines []string) []checkCase {
	b.Helper()
	rs, err := rules.New(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	if err != nil {
		b.Fatal(err)
	}
	solver := dlx.New()
	cases := make([]checkCase, 0, len(lines))
	for _, l := range lines {
		g, err := sudoku.Parse(l, sudoku.ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		m, err := rs.Model(g)
		if err != nil {
			b.Fatal(err)
		}
		res, err := solver.Solve(context.Background(), m, model.Options{Limit: 1, Keep: 1})
		if err != nil || len(res.Solutions) != 1 {
			b.Fatalf("%s: %v %v", l, res.Status, err)
		}
		cases = append(cases, checkCase{m, res.Solutions[0]})
	}
	return cases
}

var checkSets = []struct {
	name string
	load func(tb testing.TB) []string
}{
	{"top95", func(tb testing.TB) []string {
		return fixture.Lines(tb, filepath.Join(fixture.Root(tb), "testdata", "top95.txt"), 1000)
	}},
	{"sudoku17", func(tb testing.TB) []string { return fixture.Data(tb, "sudoku17", 1000) }},
}

// BenchmarkStageCheck referees one solved 9x9 puzzle per op with Check.
func BenchmarkStageCheck(b *testing.B) {
	for _, set := range checkSets {
		b.Run(set.name, func(b *testing.B) {
			cases := solvedSet(b, set.load(b))
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := model.Check(cases[i].m, cases[i].sol); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(cases) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/puzzle")
		})
	}
}
