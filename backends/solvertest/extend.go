package solvertest

import (
	"bytes"
	"io"
	"testing"

	"github.com/sudokit/sudokit/model"
)

// Extend returns a model with the rules and groups of base (not its
// givens) and those add adds, for tests that put variant rules on a
// standard grid (Blank) or houses on n-ary rules (RandomNary).
func Extend(tb testing.TB, base *model.Model, add func(b *model.Builder)) *model.Model {
	tb.Helper()
	b := model.NewBuilder(base.Cells(), base.Values())
	for _, r := range base.Rules() {
		switch r.Kind { // what the builder fills in again
		case model.Table:
			r.Cands = nil
		case model.Sum:
			r.Payload.Cells = nil
		}
		b.AddRule(r)
	}
	for _, g := range base.Groups() {
		b.Group(g.Name, g.Cells, g.Rules...)
	}
	add(b)
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// A Writer writes a model as a program for an outside solver, as lp.Write
// and mzn.Write do, each comment first.
type Writer func(w io.Writer, m *model.Model, comments ...string) error

// BenchmarkWriter measures write on the program of a 9x9 puzzle, as export
// and the outside solvers write it once per run, and reports the program's
// size.
func BenchmarkWriter(b *testing.B, write Writer) {
	m := Puzzle(b, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := write(&buf, m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "text-bytes/op")
}
