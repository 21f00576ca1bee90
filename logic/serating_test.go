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
// order of singles, and its direct techniques before a naked single) on
// published puzzles: it fills the grid, taking the path's steps that are
// not singles or steps Sudoku Explainer rates less; its rating is the one
// Explain reports,
// at most the path's own (a naked single, 2.3, is the hardest single, and a
// direct technique rates less), and on some puzzles lower.
func TestSEReplay(t *testing.T) {
	ctx := context.Background()
	lower := 0
	for _, line := range fixture.Lines(t, "../testdata/top95.txt", 30) {
		m := build(t, line, "")
		p, err := logic.Explain(ctx, m, logic.Options{Solver: dlx.New()})
		require.NoError(t, err)
		require.True(t, p.Solved, line)
		techs, _, solved, err := logic.SEReplay(ctx, m, p.Steps)
		require.NoError(t, err)
		require.True(t, solved, "the replay left open cells: %s", line)
		// Each replayed step that is not a single is of a technique of
		// the path, a direct technique, or one Sudoku Explainer rates less
		// than the path's hardest step.
		own := logic.RateSteps(p.Steps)
		counts := p.Counts()
		for _, tech := range techs {
			if logic.IsSingle(tech) || counts[tech] > 0 || tech.Difficulty() < own.ER {
				continue
			}
			require.Contains(t, []logic.Technique{logic.Pointing, logic.Claiming, logic.HiddenPair, logic.HiddenTriple}, tech, line)
		}
		require.LessOrEqual(t, p.Rating.ER, own.ER, line)
		require.LessOrEqual(t, p.Rating.ED, own.ED, line)
		if p.Rating.ED < own.ED {
			lower++
		}
	}
	require.Positive(t, lower, "no puzzle starts with an easier single in Sudoku Explainer's order")
}
