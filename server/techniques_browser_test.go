package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
)

// TestBrowserTechniques: the page lists every technique /api/info names,
// ticked by default; with hidden singles left out, Hint gives another
// step than README's hidden single; the choice outlives a reload, and
// Defaults restores it.
func TestBrowserTechniques(t *testing.T) {
	ctx, url := openScreen(t, screens[0], "/?puzzle="+top95first)
	resultIs(ctx, t, "loaded")
	var names []string
	eval(ctx, t, `[...document.querySelectorAll('#techniques input')].map(b => b.value)`, &names)
	assert.Len(t, names, len(logic.Techniques())-1, "every technique but the guess")
	assert.Contains(t, names, "hidden single")

	click(ctx, t, "#techniques-box summary")
	click(ctx, t, `#techniques input[value="hidden single"]`)
	click(ctx, t, "#hint")
	waitJS(ctx, t, `!document.getElementById("result").classList.contains("busy")`)
	var text string
	eval(ctx, t, `document.getElementById("result").textContent`, &text)
	assert.NotEmpty(t, text)
	assert.False(t, strings.HasPrefix(text, "hidden single"), text)
	assert.NotContains(t, text, "error")

	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(url+"/?puzzle="+top95first),
		chromedp.WaitVisible(`body[data-ready="true"]`, chromedp.ByQuery)))
	var on bool
	eval(ctx, t, `document.querySelector('#techniques input[value="hidden single"]').checked`, &on)
	assert.False(t, on, "kept across a reload")
	click(ctx, t, "#techniques-box summary")
	click(ctx, t, "#techniques-default")
	eval(ctx, t, `document.querySelector('#techniques input[value="hidden single"]').checked`, &on)
	assert.True(t, on, "the defaults again")
	click(ctx, t, "#hint")
	resultIs(ctx, t, "hidden single: 4 in column 2 must go in r6c2")
}

// TestBrowserGenerateMinimal: the generator's "minimal" box reaches
// /api/generate, whose record says the puzzle is minimal, and the page
// says so; without it, the page does not. The server's deadline is long, so
// that a busy machine does not stop the generation.
func TestBrowserGenerateMinimal(t *testing.T) {
	ctx, _ := openScreenFor(t, screens[0], "/", 2*time.Minute)
	click(ctx, t, "#generate")
	plain := resultIs(ctx, t, "generated:")
	assert.NotContains(t, plain, "minimal")
	click(ctx, t, "#minimal")
	click(ctx, t, "#generate")
	resultIs(ctx, t, "givens, none, minimal, seed")
}
