package logic_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// thinned returns puzzles made from the solutions of lines: cells emptied
// in a random order while the puzzle stays unique, stopping after 30 to
// all 81 tries, so that the puzzles span the levels.
func thinned(t *testing.T, lines []string, vars string, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []string
	for i, line := range lines {
		b := []byte(line)
		for cell, v := range solution(t, build(t, line, vars)) {
			b[cell] = symbols[v]
		}
		for k, cell := range rng.Perm(len(b)) {
			if k >= 30+i%6*10 {
				break
			}
			v := b[cell]
			b[cell] = '.'
			res, err := dlx.New().Solve(context.Background(), build(t, string(b), vars), model.Options{Limit: 2})
			require.NoError(t, err)
			if res.Status != model.Unique {
				b[cell] = v
			}
		}
		out = append(out, string(b))
	}
	return out
}

const symbols = ".123456789ABCDEFG"

// checkRate requires Rate to agree with Explain on m at every level: the
// path's level when it is at most the level asked, else Search.
func checkRate(t *testing.T, m *model.Model, name string) logic.Level {
	t.Helper()
	p, err := logic.Explain(context.Background(), m, logic.Options{})
	require.NoError(t, err)
	want := p.Level
	if !p.Solved {
		want = logic.Search
	}
	for _, max := range logic.Levels() {
		got, err := logic.Rate(m, max)
		require.NoError(t, err)
		if want <= max {
			require.Equal(t, want, got, "%s: Rate up to %v", name, max)
		} else {
			require.Equal(t, logic.Search, got, "%s: Rate up to %v (Explain: %v)", name, max, want)
		}
	}
	return want
}

// TestRateAgreesWithExplain: Rate gives Explain's level, on puzzles of
// every level, size and some variants.
func TestRateAgreesWithExplain(t *testing.T) {
	top := fixture.Lines(t, "../testdata/top95.txt", 0)
	diagonal := fixture.Lines(t, "../sudoku/testdata/diagonal/9x9.txt", 0)
	var diagonals []string // each several times, thinned differently
	for range 12 {
		diagonals = append(diagonals, diagonal...)
	}
	for _, tc := range []struct {
		name, vars string
		lines      []string
	}{
		{"top95", "", top},
		{"top95 thinned", "", thinned(t, top, "", 1)},
		{"top95 thinned again", "", thinned(t, top, "", 2)},
		{"4x4", "", fixture.Lines(t, "../sudoku/testdata/shapes/4x4.txt", 0)},
		{"6x6", "", fixture.Lines(t, "../sudoku/testdata/shapes/6x6.txt", 0)},
		{"16x16", "", fixture.Lines(t, "../sudoku/testdata/shapes/16x16.txt", 3)},
		{"diagonal", "diagonal", diagonal},
		{"diagonal thinned", "diagonal", thinned(t, diagonals, "diagonal", 3)},
		{"antiknight", "antiknight", []string{".23.56.89.98.27.36.67.39.25.16.83.54.59.14.68.34.65.17.81.72.43.75.41.92.42.98.71"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			levels := map[logic.Level]int{}
			for _, line := range tc.lines {
				levels[checkRate(t, build(t, line, tc.vars), line)]++
			}
			t.Logf("%d puzzles: %v", len(tc.lines), levels)
			if strings.Contains(tc.name, "thinned") {
				assert.GreaterOrEqual(t, len(levels), 4, "the thinned puzzles span the levels")
			}
		})
	}
}

// TestRateQqwing compares Rate with Explain on qqwing's 1,000 generated
// puzzles (shared data; skipped without it).
func TestRateQqwing(t *testing.T) {
	for _, line := range fixture.Data(t, "qqwing_generated_1000", 0) {
		checkRate(t, build(t, line, ""), line)
	}
}

// TestRateUnsolvable: a puzzle with clashing givens or no solution rates
// Search, as Explain's unsolved path does.
func TestRateUnsolvable(t *testing.T) {
	for _, line := range []string{
		"11...............................................................................",
		"123456.........7.......................................................8.........",
	} {
		m := build(t, line, "")
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		require.Equal(t, model.Unsat, res.Status)
		got, err := logic.Rate(m, logic.Extreme)
		require.NoError(t, err)
		assert.Equal(t, logic.Search, got, line)
	}
}

// TestRateConcurrent rates from several goroutines, which share the
// positions Rate reuses (run with -race).
func TestRateConcurrent(t *testing.T) {
	lines := fixture.Lines(t, "../testdata/top95.txt", 20)
	want := make([]logic.Level, len(lines))
	for i, line := range lines {
		want[i] = checkRate(t, build(t, line, ""), line)
	}
	done := make(chan bool)
	for g := range 4 {
		go func() {
			ok := true
			for k := range 3 * len(lines) {
				i := (k + g) % len(lines)
				got, err := logic.Rate(build(t, lines[i], ""), logic.Master)
				ok = ok && err == nil && got == want[i]
			}
			done <- ok
		}()
	}
	for range 4 {
		assert.True(t, <-done)
	}
}

// BenchmarkRate rates the top95 puzzles (up to Extreme) in turn: ns/op is
// the time per puzzle, against BenchmarkGrade's full paths.
func BenchmarkRate(b *testing.B) {
	var ms []*model.Model
	for _, line := range fixture.Lines(b, "../testdata/top95.txt", 0) {
		ms = append(ms, build(b, line, ""))
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := logic.Rate(ms[i%len(ms)], logic.Extreme); err != nil {
			b.Fatal(err)
		}
	}
}
