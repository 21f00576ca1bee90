package logic_test

import (
	"context"
	"testing"

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
