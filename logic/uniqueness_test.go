package logic_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// TestUniquenessPositions sets up unique rectangles and a BUG+1 with pencil
// marks and checks what each finds, and that nothing is found without
// AssumeUnique or on a grid with more rules than rows, columns and boxes.
func TestUniquenessPositions(t *testing.T) {
	rect := [][2]int{{1, 1}, {1, 4}, {2, 1}}
	tests := []struct {
		name  string
		marks []model.Cand
		vars  string
		want  string // the step's eliminations or placement, "" for none
	}{
		{"type 1", join(marks(t, "12", rect...), marks(t, "123", [2]int{2, 4})), "", "r2c4 -1,2"},
		{"type 1 in one box", join(marks(t, "12", [2]int{1, 1}, [2]int{1, 2}, [2]int{2, 1}), marks(t, "123", [2]int{2, 2})), "", ""},
		{"type 1 on a diagonal grid", join(marks(t, "12", rect...), marks(t, "123", [2]int{2, 4})), "diagonal", ""},
		{"type 2", join(marks(t, "12", [2]int{1, 1}, [2]int{1, 4}), marks(t, "123", [2]int{2, 1}, [2]int{2, 4})), "",
			"r2c2 -3, r2c3 -3, r2c5 -3, r2c6 -3, r2c7 -3, r2c8 -3, r2c9 -3"},
		{"type 4", join(marks(t, "12", [2]int{1, 1}, [2]int{1, 4}), marks(t, "1234", [2]int{2, 1}, [2]int{2, 4}),
			marks(t, "23456789", [2]int{2, 2}, [2]int{2, 3}, [2]int{2, 5}, [2]int{2, 6}, [2]int{2, 7}, [2]int{2, 8}, [2]int{2, 9})), "",
			"r2c1 -2, r2c4 -2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := build(t, strings.Repeat(".", 81), tt.vars).WithGivens(nil, tt.marks)
			require.NoError(t, err)
			st, ok, err := logic.UniquenessStep(m, false)
			require.NoError(t, err)
			assert.False(t, ok, "without AssumeUnique: %v", st)
			st, ok, err = logic.UniquenessStep(m, true)
			require.NoError(t, err)
			if tt.want == "" {
				assert.False(t, ok, "%v", st)
				return
			}
			require.True(t, ok)
			assert.Equal(t, logic.UniqueRectangle, st.Technique)
			_, got, _ := strings.Cut(st.String(), " => ")
			assert.Equal(t, tt.want, got, st.String())
			assert.Contains(t, st.Reason, "swap")
		})
	}
}

// TestBUGPlusOne: a puzzle whose path with AssumeUnique reaches a BUG+1
// (fiendish-s18 of testdata/se-ratings.txt, whose hardest step for
// SukakuExplainer is a "BUG type 1"), which places the solution's digit
// (checkPath checks every step) and names the house where the digit
// appears three times.
func TestBUGPlusOne(t *testing.T) {
	m := build(t, "..246.....3..98.6....1.2..9.17...9.528.....475.3...28.8..5.9....5.87..2.....215..", "")
	p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New(), AssumeUnique: true})
	require.NoError(t, err)
	checkPath(t, m, p, solution(t, m))
	found := false
	for _, st := range p.Steps {
		if st.Technique == logic.BUGPlusOne {
			found = true
			require.Len(t, st.Placements, 1)
			assert.Contains(t, st.Reason, "three times in")
		}
	}
	assert.True(t, found, "no BUG+1 on the path")
	q, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
	require.NoError(t, err)
	assert.Zero(t, q.Counts()[logic.BUGPlusOne], "BUG+1 without AssumeUnique")
}

// TestUniquenessOnTop95: with AssumeUnique the paths of the top95 puzzles
// (all unique) stay right step by step and use the unique rectangles;
// without it they never do.
func TestUniquenessOnTop95(t *testing.T) {
	seen := 0
	for _, line := range fixture.Lines(t, "../testdata/top95.txt", 0) {
		m := build(t, line, "")
		p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New(), AssumeUnique: true})
		require.NoError(t, err)
		checkPath(t, m, p, solution(t, m))
		seen += p.Counts()[logic.UniqueRectangle] + p.Counts()[logic.BUGPlusOne]
	}
	assert.Positive(t, seen, "the uniqueness techniques never fire on top95")
	t.Logf("uniqueness steps on top95: %d", seen)
}
