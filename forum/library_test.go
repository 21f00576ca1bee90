package forum_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/forum"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// HoDoKu's published library lines: each reads as the position it
// describes, its deleted candidates are gone from the pencil marks, and
// the step HoDoKu expects agrees with the position's unique solution (a
// placement is the solution's digit, an elimination is not).
func TestHoDoKuLibrary(t *testing.T) {
	ls := lines(t, "../testdata/hodoku-reglib.txt")
	require.Len(t, ls, 7)
	for _, l := range ls {
		require.True(t, forum.LooksLibrary(l), l)
		e, err := forum.ParseLibrary(l, sudoku.ParseOptions{})
		require.NoError(t, err, l)
		assert.Empty(t, e.Rating)
		f := strings.Split(l, ":")
		assert.Equal(t, strings.ReplaceAll(f[3], "+", ""), e.Grid.Line(), "every digit, placed or given, is set")
		for _, tok := range strings.Fields(f[4]) {
			d, r, c := digitAt(tok)
			assert.Zero(t, e.Grid.MarksAt(r, c)&(1<<(d-1)), "deleted %s", tok)
		}
		m, err := rules.Build(e.Grid)
		require.NoError(t, err)
		res, err := auto.New().Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		require.Equal(t, model.Unique, res.Status, l)
		sol, err := rules.Decode(e.Grid.Shape, res.Solutions[0])
		require.NoError(t, err)
		for _, tok := range strings.Fields(f[6]) {
			d, r, c := digitAt(tok)
			assert.Equal(t, d, sol.At(r, c), "placement %s", tok)
		}
		for _, tok := range strings.Fields(f[5]) {
			d, r, c := digitAt(tok)
			assert.NotEqual(t, d, sol.At(r, c), "elimination %s", tok)
		}
	}
	e, err := forum.ParseLibrary(ls[1], sudoku.ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, "Uniqueness Test 4 (0603); digits 3; eliminates 364 365", e.Technique)
}

func digitAt(tok string) (d, r, c int) {
	v, _ := strconv.Atoi(tok)
	return v / 100, v/10%10 - 1, v%10 - 1
}

func TestSudokuExplainerLines(t *testing.T) {
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, tc := range []struct{ line, rating, technique string }{
		{p + " ED=9.4/9.4/9.1", "9.4/9.4/9.1", ""},
		{p + "  ED=11.9/11.9/11.3 Dynamic Forcing Chains", "11.9/11.9/11.3", "Dynamic Forcing Chains"},
		{p + " 2.3/1.2/1.2", "2.3/1.2/1.2", ""},
	} {
		require.True(t, forum.LooksLibrary(tc.line), tc.line)
		e, err := forum.ParseLibrary(tc.line, sudoku.ParseOptions{})
		require.NoError(t, err, tc.line)
		assert.Equal(t, p, e.Grid.Line())
		assert.Equal(t, tc.rating, e.Rating)
		assert.Equal(t, tc.technique, e.Technique)
	}
	assert.False(t, forum.LooksLibrary(p), "a puzzle alone")
	assert.False(t, forum.LooksLibrary(p+" # comment"))
	e, err := forum.ParseLibrary(p+" # unrated, as in a text file", sudoku.ParseOptions{})
	require.NoError(t, err, "a library may mix rated and unrated lines")
	assert.Equal(t, p, e.Grid.Line())
	assert.Empty(t, e.Rating)
}

func TestLibraryErrors(t *testing.T) {
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, tc := range []struct{ line, says string }{
		{":09x1:1:" + p + ":::", "technique code"},
		{":0901:1:" + p[:80] + ":::", "80 cells"},
		{":0901:1:" + p + ":9x1::", `"9x1"`},
		{":0901:1:" + p + ":101:", `"101"`},
		{":0901:1:" + p + "::9999:", `"9999"`},
		{":0901:1:" + p + ":121 221 321 421 521 621 721 821 921::", "every candidate of r2c1"},
		{p + " ED=x", "Sudoku Explainer rating"},
		{p + " 9.4/9.x", "Sudoku Explainer rating"},
		{"12 ED=1.0/1.0/1.0", "sudoku: parse"},
	} {
		_, err := forum.ParseLibrary(tc.line, sudoku.ParseOptions{})
		require.Error(t, err, tc.line)
		assert.Contains(t, err.Error(), tc.says)
	}
}

// TestSERatedPublished: a Sudoku Explainer rated line of a published
// puzzle ("Golden Nugget", rated 11.9/11.9/11.3 by Sudoku Explainer
// 1.2.1) reads with that rating, and the puzzle is unique.
func TestSERatedPublished(t *testing.T) {
	ls := lines(t, "../testdata/se-rated.txt")
	require.Len(t, ls, 1)
	require.True(t, forum.LooksLibrary(ls[0]))
	e, err := forum.ParseLibrary(ls[0], sudoku.ParseOptions{})
	require.NoError(t, err)
	assert.Equal(t, "11.9/11.9/11.3", e.Rating)
	assert.Equal(t, 21, 81-strings.Count(e.Grid.Line(), "."), "Golden Nugget has 21 givens")
	m, err := rules.Build(e.Grid)
	require.NoError(t, err)
	res, err := auto.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unique, res.Status)
}
