package server_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserBackspaceAfterTypo: Backspace right after a symbol clears
// that symbol's cell (the selection had moved on to the next one, which
// Backspace used to clear instead), and the next symbol goes there.
func TestBrowserBackspaceAfterTypo(t *testing.T) {
	ctx := openPage(t, "dlx")
	var grid string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Focus("#board", chromedp.ByID),
		chromedp.SendKeys("#board", "12"+kb.Backspace+"3", chromedp.ByID),
		chromedp.Evaluate(gridJS, &grid)))
	assert.Equal(t, "13"+strings.Repeat(".", 79), grid, "the typo 2 cleared and replaced by 3")
}

// TestBrowserExplainStart: the explanation opens at step 0, which shows
// the givens alone (it used to show every step's placements but the
// last), and step 1 adds the first step's placements.
func TestBrowserExplainStart(t *testing.T) {
	ctx := openPage(t, "dlx")
	load(ctx, t, easy)
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#explain", chromedp.ByID)))
	resultIs(ctx, t, "grade:")
	var grid, pos string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Evaluate(gridJS, &grid),
		chromedp.Text("#step-pos", &pos, chromedp.ByID)))
	assert.True(t, strings.HasPrefix(pos, "step 0 of "), pos)
	assert.Equal(t, easy, grid, "step 0: the givens alone")
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click("#step-next", chromedp.ByID),
		chromedp.Click("#step-next", chromedp.ByID),
		chromedp.Evaluate(gridJS, &grid)))
	filled := 81 - strings.Count(grid, ".")
	givens := 81 - strings.Count(easy, ".")
	assert.Greater(t, filled, givens, "step 2 shows the first step's placements")
	assert.Less(t, filled, 81, "but not the whole path's")
}
