package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserSukaku: a sukaku line pasted on the page shows its pencil
// marks as the puzzle's own (each cell 3 to 5 candidates, no givens), and
// verifying and solving start from them.
func TestBrowserSukaku(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sukaku.txt"))
	require.NoError(t, err)
	var line string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && l[0] != '#' {
			line = l
		}
	}
	require.Len(t, line, 729)
	ctx := openPage(t, "dlx")

	load(ctx, t, line)

	var marks, cellsWithMarks int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelectorAll('#board text.mark.given').length`, &marks),
		chromedp.Evaluate(`[...document.querySelectorAll('#board g.value')].filter(g => g.querySelector('text.mark.given')).length`, &cellsWithMarks)))
	assert.Equal(t, strings.Count(line, ".") > 0, marks > 0)
	assert.Equal(t, 729-strings.Count(line, "."), marks, "every candidate of the line is drawn")
	assert.Equal(t, 81, cellsWithMarks)

	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#verify", chromedp.ByID)))
	assert.Equal(t, "unique", resultIs(ctx, t, "unique"))
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#solve", chromedp.ByID)))
	resultIs(ctx, t, "solved")
	var grid string
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(gridJS, &grid)))
	assert.Equal(t, "417369825632158947958724316825437169791586432346912758289643571573291684164875293", grid)
}
