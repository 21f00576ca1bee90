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
		{"master", "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....", "master\n", 0},
		// needed a guess before the nested forcing chains; TestTechniquesFlag grades search
		{"nested", "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5", "master\n", 0},
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
	assert.Regexp(t, `^grade: intermediate, score \d+, ER \d+\.\d, EP \d+\.\d, ED \d+\.\d$`, lines[len(lines)-1])
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

// candidatesFirst is the pencil-mark view of top95first once its singles
// are placed.
const candidatesFirst = `    1.. 12. | 1.3 .23 .2. |     123
 4  ..6 ..6 | ... ..6 ..6 |  8  ...  5
    7.9 7.9 | ..9 ..9 ..9 |     ..9

.2.     12. | 1.. .2. .2. | 12. 12. 12.
..6  3  .56 | 45. 456 456 | ..6 4.. 4.6
789     789 | .89 ..9 .89 | 7.9 ..9 7.9

.2. 1.. 12. |     .23 .2. | 123 123 123
..6 .56 .56 |  7  456 456 | ..6 4.. 4.6
.89 .89 .89 |     ..9 .89 | ..9 ..9 ..9
------------+-------------+------------
..3     1.. | ..3 ..3 ... | 1.3     1.3
...  2  .5. | 45. 45. 45. | .5.  6  ...
789     789 | ..9 7.9 7.9 | 7.9     789

..3 1.. 1.. | ..3     .2. |     123 123
..6 .56 .56 | .5.  8  .56 |  4  .5. ...
7.9 7.9 7.9 | ..9     7.9 |     ..9 7.9

..3     ... | ..3     .2. | .23 .23 .23
..6  4  .56 | .5.  1  .56 | .5. .5. ...
789     789 | ..9     7.9 | 7.9 .89 789
------------+-------------+------------
.2. ... .2. |     ...     | 12.     12.
... ... ... |  6  45.  3  | .5.  7  4..
.89 .89 .89 |     ..9     | ..9     .89

    ...     |     ...     | ... ... ...
 5  ..6  3  |  2  4..  1  | ..6 4.. 4.6
    789     |     7.9     | ..9 .89 .89

    ...     | ... ... ... | .23 .23 .23
 1  ..6  4  | .5. .5. .5. | .56 .5. ..6
    789     | .89 7.9 789 | ..9 .89 .89

`

func TestCandidatesView(t *testing.T) {
	r := run(t, "", "solve", "--format", "candidates", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, candidatesFirst, r.stdout)
	// A 4x4 grid draws 2x2 mini-grids; r1c1 and the singles show their value.
	r = run(t, "", "solve", "--format", "candidates", "1...2......4....")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, "1  .. | .2 .2\n   34 | 34 3.\n\n2  .. | 1. 1.\n   34 | 34 3.\n------+------\n"+
		"3  12 | 12 4\n   .. | ..\n\n4  12 | 12 12\n   .. | 3. 3.\n\n", r.stdout)
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"grade", "--format", "candidates", top95first}, "--format candidates is solve's"},
		{[]string{"solve", "--format", "candidates", "--json", top95first}, "disagree"},
		{[]string{"solve", "--format", "pencil", top95first}, "want line, grid, tokens, candidates or json"},
	} {
		r := run(t, "", tc.args...)
		assert.Equal(t, 2, r.code, tc.args)
		assert.Contains(t, r.stderr, tc.err, tc.args)
	}
}

func TestHintMarks(t *testing.T) {
	open := strings.TrimSpace(strings.Repeat(". ", 79))
	for _, tc := range []struct {
		name, marks, want, err string
		code                   int
	}{
		{"naked single from the marks", "4 1 " + open, "naked single: r1c2 can only be 1\n", "", 0},
		{"all open", ". . " + open, "hidden single: 4 in column 2 must go in r6c2\n", "", 0},
		{"bad value", "4 1x " + open, "error\n", `group 2 "1x": values are 1 to 9`, 2},
		{"given excluded", "5 . " + open, "error\n", "r1c1 is given as 4", 2},
		{"too few groups", "4 1", "error\n", "2 groups for 81 cells", 2},
	} {
		r := run(t, "", "hint", "--marks", tc.marks, top95first)
		assert.Equal(t, tc.want, r.stdout, tc.name)
		assert.Equal(t, tc.code, r.code, tc.name+": "+r.stderr)
		if tc.err != "" {
			assert.Contains(t, r.stderr, tc.err, tc.name)
		}
	}
}

// TestAssumeUnique: --assume-unique lets grade use BUG+1 on a puzzle whose
// path reaches one; without it the path does without.
func TestAssumeUnique(t *testing.T) {
	// fiendish-s18 of testdata/se-ratings.txt: a BUG+1 with
	// --assume-unique.
	const bug = "..246.....3..98.6....1.2..9.17...9.528.....475.3...28.8..5.9....5.87..2.....215.."
	with := run(t, "", "grade", "--json", "--assume-unique", bug)
	require.Equal(t, exitOK, with.code, with.stderr)
	assert.Contains(t, with.stdout, `"bug+1"`)
	without := run(t, "", "grade", "--json", bug)
	require.Equal(t, exitOK, without.code, without.stderr)
	assert.NotContains(t, without.stdout, `"bug+1"`)
}

// TestTechniquesFlag: --techniques leaves techniques out (the forcing
// chains here, so the puzzle needs a guess), refuses unknown names, and
// sudokit techniques lists them.
func TestTechniquesFlag(t *testing.T) {
	const p = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
	r := run(t, "", "grade", "--techniques", "-nishio,-region forcing chains,-cell forcing chains,-dynamic forcing chains,"+
		"-dynamic forcing chains (+),-nested forcing chains,-nested forcing chains (+)", p)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "search ("), r.stdout)
	bad := run(t, "", "grade", "--techniques", "-x-wig", p)
	assert.Equal(t, exitUsage, bad.code)
	assert.Contains(t, bad.stderr, `unknown technique "x-wig"`)
	none := run(t, "", "explain", "--techniques", "none", p)
	assert.Equal(t, exitUsage, none.code)
	list := run(t, "", "techniques")
	require.Equal(t, exitOK, list.code, list.stderr)
	assert.Regexp(t, `(?m)^nishio +master +400 +7\.5 +yes$`, list.stdout)
	assert.Contains(t, list.stdout, "no (--assume-unique)")
}
