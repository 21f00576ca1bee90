package logic_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// BenchmarkGrade grades the top95 puzzles in turn, with DLX supplying the
// guesses where the techniques stop: ns/op is the time per puzzle.
func BenchmarkGrade(b *testing.B) {
	var ms []*model.Model
	for _, line := range fixture.Lines(b, "../testdata/top95.txt", 0) {
		ms = append(ms, build(b, line, ""))
	}
	opts := logic.Options{Solver: dlx.New()}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := logic.Explain(context.Background(), ms[i%len(ms)], opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGradeEasy grades a puzzle the techniques finish alone.
func BenchmarkGradeEasy(b *testing.B) {
	m := build(b, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := logic.Explain(context.Background(), m, logic.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGradeMedian grades every puzzle of a set once per iteration, as
// sudokit grade does (DLX settles uniqueness and supplies the guesses),
// and reports the median and the slowest per-puzzle time over all
// iterations (median-ns/puzzle, max-ns/puzzle); ns/op is a whole set.
func BenchmarkGradeMedian(b *testing.B) {
	for _, set := range []struct {
		name  string
		lines func(b *testing.B) []string
	}{
		{"top95", func(b *testing.B) []string { return fixture.Lines(b, "../testdata/top95.txt", 0) }},
		{"qqwing1000", func(b *testing.B) []string { return fixture.Data(b, "qqwing_generated_1000", 0) }},
		{"top1465", func(b *testing.B) []string { return fixture.Data(b, "puzzles3_magictour_top1465", 0) }},
	} {
		b.Run(set.name, func(b *testing.B) {
			var ms []*model.Model
			for _, line := range set.lines(b) {
				ms = append(ms, build(b, line, ""))
			}
			opts := logic.Options{Solver: dlx.New()}
			var times []time.Duration
			b.ReportAllocs()
			for b.Loop() {
				for _, m := range ms {
					t0 := time.Now()
					if _, err := logic.Explain(context.Background(), m, opts); err != nil {
						b.Fatal(err)
					}
					times = append(times, time.Since(t0))
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/puzzle")
			b.ReportMetric(float64(times[len(times)-1].Nanoseconds()), "max-ns/puzzle")
		})
	}
}
