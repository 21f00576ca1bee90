package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/variants"
)

// linkJS reads the href of the page's "Open in SudokuPad" link, or "".
const linkJS = `(() => { const a = [...document.querySelectorAll('#links a')].find(a => a.textContent.includes('SudokuPad')); return a ? a.href : ""; })()`

// pageLink waits until the page shows a SudokuPad link other than not, and
// decodes it.
func pageLink(ctx context.Context, t *testing.T, not string) (*fpuzzles.Puzzle, string) {
	t.Helper()
	var href string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Poll(`(() => { const h = `+linkJS+`; return h !== "" && h !== `+quoteJS(not)+`; })()`, nil, chromedp.WithPollingTimeout(20*time.Second)),
		chromedp.Evaluate(linkJS, &href)))
	p, err := fpuzzles.Decode(href)
	require.NoError(t, err, href)
	return p, href
}

// TestBrowserLinks: the page's links open the puzzle it holds, with the
// rules checked for the whole grid and the givens typed since it was
// loaded: no link leaves a rule or a given behind.
func TestBrowserLinks(t *testing.T) {
	ctx := openPage(t, "dlx")

	load(ctx, t, xPuzzle)
	p, href := pageLink(ctx, t, "")
	assert.Empty(t, p.Variants, "no rule checked, none in the link")

	// Checking the diagonals puts them in the link.
	require.NoError(t, chromedp.Run(ctx, chromedp.Click(`#variants input[value="diagonal"]`, chromedp.ByQuery)))
	p, href = pageLink(ctx, t, href)
	assert.Equal(t, []rules.Variant{variants.Diagonal{}}, p.Variants)

	// A given typed in r1c3 goes into the link too.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#board [data-cell="2"]`, chromedp.ByQuery),
		chromedp.SendKeys("#board", "9", chromedp.ByID)))
	p, _ = pageLink(ctx, t, href)
	assert.Equal(t, 9, p.Grid.At(0, 2))
	assert.Equal(t, []rules.Variant{variants.Diagonal{}}, p.Variants)

	// Loaded with the diagonals already checked, the link has them at once.
	load(ctx, t, top95first)
	p, _ = pageLink(ctx, t, "")
	assert.Equal(t, 4, p.Grid.At(0, 0), "the puzzle loaded")
	assert.Equal(t, []rules.Variant{variants.Diagonal{}}, p.Variants)

	// A puzzle generated for the rules checked loads as its line, not
	// as its link, which would add them a second time as its own.
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#generate", chromedp.ByID)))
	resultIs(ctx, t, "generated")
	var own string
	require.NoError(t, chromedp.Run(ctx, chromedp.Text("#own-rules", &own, chromedp.ByID)))
	assert.Empty(t, own)
	p, _ = pageLink(ctx, t, "")
	assert.Equal(t, []rules.Variant{variants.Diagonal{}}, p.Variants)
}
