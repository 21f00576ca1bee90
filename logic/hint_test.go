package logic_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
)

// TestHintIsExplainsStart checks Hint against the path Explain walks with
// the same options: its first step, or when there is none the same
// solved, contradictory or stuck ending.
func TestHintIsExplainsStart(t *testing.T) {
	singles, err := logic.ParseTechniques("naked single", 0)
	require.NoError(t, err)
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	tests := []struct {
		name, line, vars string
		opts             logic.Options
		step             bool
	}{
		{"hidden single first", hard, "", logic.Options{}, true},
		{"naked singles only: stuck", hard, "", logic.Options{Techniques: singles}, false},
		{"assume unique", hard, "", logic.Options{AssumeUnique: true}, true},
		{"diagonal", hard, "diagonal", logic.Options{}, true},
		{"full grid", "417369825632158947958724316825437169791586432346912758289643571573291684164875293", "", logic.Options{}, false},
		{"contradictory givens", "11" + strings.Repeat(".", 79), "", logic.Options{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := build(t, tc.line, tc.vars)
			h, err := logic.Hint(context.Background(), m, tc.opts)
			require.NoError(t, err)
			x, err := logic.Explain(context.Background(), m, tc.opts)
			require.NoError(t, err)
			require.Equal(t, tc.step, len(h.Steps) == 1, "a step or none")
			assert.LessOrEqual(t, len(h.Steps), 1, "one step at most")
			if tc.step {
				require.NotEmpty(t, x.Steps)
				assert.Equal(t, x.Steps[0].String(), h.Steps[0].String())
				assert.Equal(t, x.Steps[0], h.Steps[0])
				return
			}
			assert.Empty(t, x.Steps, "Explain finds no first step either")
			assert.Equal(t, x.Solved, h.Solved)
			assert.Equal(t, x.Contradiction, h.Contradiction)
		})
	}
}

func TestHintStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := logic.Hint(ctx, build(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", ""), logic.Options{})
	assert.ErrorIs(t, err, context.Canceled)
}
