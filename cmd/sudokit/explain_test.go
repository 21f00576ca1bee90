package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHint(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle, want string
		code               int
	}{
		{"step", top95first, "hidden single: 4 in column 2 must go in r6c2\n", 0},
		{"solved", top95sol, "solved\n", 0},
		{"contradiction", twoInRow, "none\n", 1},
		{"stuck", strings.Repeat(".", 81), "stuck\n", 1},
	} {
		r := run(t, "", "hint", tc.puzzle)
		assert.Equal(t, tc.want, r.stdout, tc.name)
		assert.Equal(t, tc.code, r.code, tc.name+": "+r.stderr)
	}
}

func TestHintJSON(t *testing.T) {
	r := run(t, "", "hint", "--json", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	var rec struct {
		Step struct {
			Technique  string `json:"technique"`
			Placements []struct {
				Cell  string `json:"cell"`
				Value int    `json:"value"`
			} `json:"placements"`
		} `json:"step"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.Equal(t, "hidden single", rec.Step.Technique)
	require.Len(t, rec.Step.Placements, 1)
	assert.Equal(t, "r6c2", rec.Step.Placements[0].Cell)
	assert.Equal(t, 4, rec.Step.Placements[0].Value)
}

func TestGrade(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle, want string
		code               int
	}{
		{"intermediate", top95first, "intermediate\n", 0},
		{"full grid", top95sol, "simple\n", 0},
		{"search", "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....", "search (", 0},
		{"no solution", twoInRow, "none\n", 1},
		{"several solutions", threeRows, "multiple\n", 1},
	} {
		r := run(t, "", "grade", tc.puzzle)
		assert.True(t, strings.HasPrefix(r.stdout, tc.want), "%s: %q", tc.name, r.stdout)
		assert.Equal(t, tc.code, r.code, tc.name+": "+r.stderr)
	}
}

func TestGradeBatchInOrder(t *testing.T) {
	r := run(t, strings.Join([]string{top95sol, "garbage", top95first}, "\n")+"\n", "grade", "-j", "2", "-")
	assert.Equal(t, "simple\nerror\nintermediate\n", r.stdout)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "stdin:2")
}

func TestGradeJSON(t *testing.T) {
	r := run(t, "", "grade", "--json", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	var rec struct {
		Level      string         `json:"level"`
		Score      int            `json:"score"`
		Guesses    int            `json:"guesses"`
		Status     string         `json:"status"`
		Techniques map[string]int `json:"techniques"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.Equal(t, "intermediate", rec.Level)
	assert.Equal(t, "unique", rec.Status)
	assert.Positive(t, rec.Score)
	assert.Zero(t, rec.Guesses)
	assert.Positive(t, rec.Techniques["hidden single"])
}

func TestExplain(t *testing.T) {
	r := run(t, "", "explain", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n\n"), "\n")
	assert.Equal(t, "1. hidden single: 4 in column 2 must go in r6c2", lines[0])
	assert.Regexp(t, `^grade: intermediate, score \d+$`, lines[len(lines)-1])
	// One step per cell to fill, plus the steps that only eliminate.
	assert.GreaterOrEqual(t, len(lines)-1, strings.Count(top95first, "."))
}

func TestExplainJSON(t *testing.T) {
	r := run(t, "", "explain", "--json", top95first, twoInRow)
	require.Equal(t, 1, r.code, r.stderr)
	recs := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, recs, 2)
	var rec struct {
		Steps []struct {
			Technique    string `json:"technique"`
			Placements   []map[string]any
			Eliminations []struct {
				Cell   string `json:"cell"`
				Values []int  `json:"values"`
			} `json:"eliminations"`
		} `json:"steps"`
		Solved bool `json:"solved"`
	}
	require.NoError(t, json.Unmarshal([]byte(recs[0]), &rec))
	assert.True(t, rec.Solved)
	placed, elims := 0, 0
	for _, st := range rec.Steps {
		placed += len(st.Placements)
		for _, e := range st.Eliminations {
			elims += len(e.Values)
			assert.Regexp(t, `^r\dc\d$`, e.Cell)
		}
	}
	assert.Equal(t, strings.Count(top95first, "."), placed)
	assert.Positive(t, elims)
	assert.Contains(t, recs[1], `"status":"none"`)
	assert.NotContains(t, recs[1], `"steps"`)
}
