package logic_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
)

// TestSEReplay checks the replay the rating follows (Sudoku Explainer's
// order of singles) on published puzzles: it meets the path's positions
// wherever no single is left, so it takes every step of the path that is
// not a single, in order, and fills every open cell; its singles rate no
// higher than a naked single, so its rating is at most the path's own, and
// it is the rating Explain reports.
func TestSEReplay(t *testing.T) {
	ctx := context.Background()
	lower := 0
	for _, line := range fixture.Lines(t, "../testdata/top95.txt", 30) {
		m := build(t, line, "")
		p, err := logic.Explain(ctx, m, logic.Options{Solver: dlx.New()})
		require.NoError(t, err)
		require.True(t, p.Solved, line)
		steps, all, err := logic.SEReplay(ctx, m, p.Steps)
		require.NoError(t, err)
		require.True(t, all, "the replay left steps of the path: %s", line)
		var hard, replayed []logic.Step
		for _, st := range p.Steps {
			if !logic.IsSingle(st.Technique) {
				hard = append(hard, st)
			}
		}
		placed := 0
		for _, st := range steps {
			if !logic.IsSingle(st.Technique) {
				replayed = append(replayed, st)
			}
			placed += len(st.Placements)
		}
		require.Equal(t, hard, replayed, line)
		require.Equal(t, countOpen(line), placed, "the replay fills every open cell: %s", line)
		r := logic.RateSteps(steps)
		require.Equal(t, r, p.Rating, line)
		own := logic.RateSteps(p.Steps)
		require.LessOrEqual(t, r.ER, own.ER, line)
		require.LessOrEqual(t, r.ED, own.ED, line)
		if r.ED < own.ED {
			lower++
		}
	}
	require.Positive(t, lower, "no puzzle starts with an easier single in Sudoku Explainer's order")
}

// countOpen counts the open cells of a puzzle line.
func countOpen(line string) int {
	n := 0
	for _, c := range line[:81] {
		if c == '.' || c == '0' {
			n++
		}
	}
	return n
}
