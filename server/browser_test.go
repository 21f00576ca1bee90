package server_test

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/server"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write the page's screenshot to docs/serve.png")

// browserPath returns the first headless-capable browser on PATH, or "".
func browserPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless browser for the test and returns its context.
// The flags keep it off the network (the test machine has none: without
// them the browser waits on connections) and out of the user's profile.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := browserPath()
	if path == "" {
		t.Skip("no browser: install chromium (apt-get install -y chromium) to run the page's test")
	}
	// The profile is removed by hand: the browser's helper processes may
	// still write to it as the test ends, which t.TempDir counts as a
	// failure.
	profile, err := os.MkdirTemp("", "sudokit-browser-")
	require.NoError(t, err)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1200, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
		os.RemoveAll(profile)
	})
	return ctx
}

// openPage starts a browser and a server whose default backend is
// backend, and opens the page, ready.
func openPage(t *testing.T, backend string) context.Context {
	t.Helper()
	ctx := browser(t)
	s, err := server.New(server.Config{Backends: backends(), Default: backend, Logf: t.Logf})
	require.NoError(t, err)
	ts := newHTTPServer(t, s)
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(ts.URL),
		chromedp.WaitVisible(`body[data-ready="true"]`, chromedp.ByQuery)))
	return ctx
}

// gridJS reads the values the board shows, one symbol per cell ('.' for
// none), from the cells' data-value attributes.
const gridJS = `[...document.querySelectorAll('#board g.value')].map(g => { const v = +g.dataset.value; return v ? "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v-1] : "."; }).join("")`

// resultIs waits until the result line holds text, and returns it.
func resultIs(ctx context.Context, t *testing.T, text string) string {
	t.Helper()
	var got string
	err := chromedp.Run(ctx, chromedp.Poll(`document.getElementById("result").textContent.includes(`+quoteJS(text)+`)`, nil,
		chromedp.WithPollingTimeout(30*time.Second)), chromedp.Text("#result", &got, chromedp.ByID))
	if err != nil {
		chromedp.Run(ctx, chromedp.Text("#result", &got, chromedp.ByID))
		t.Fatalf("the result line never said %q: it says %q (%v)", text, got, err)
	}
	return got
}

func quoteJS(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }

// load pastes a puzzle and loads it.
func load(ctx context.Context, t *testing.T, puzzle string) {
	t.Helper()
	require.NoError(t, chromedp.Run(ctx,
		chromedp.SetValue("#paste", puzzle, chromedp.ByID),
		chromedp.Click("#load", chromedp.ByID)))
	resultIs(ctx, t, "loaded")
}

// replaySteps records the searches of the puzzle on the page and steps
// through k events.
func replaySteps(ctx context.Context, t *testing.T, k int) {
	t.Helper()
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click("#replay-load", chromedp.ByID),
		chromedp.WaitEnabled("#replay-step", chromedp.ByID)))
	resultIs(ctx, t, "recorded")
	for range k {
		require.NoError(t, chromedp.Run(ctx, chromedp.Click("#replay-step", chromedp.ByID)))
	}
}

// TestBrowser drives the page in a headless browser: paste, solve, verify
// unique and multiple (with the differing cells highlighted), replay the
// searches a few steps. With -update-screenshot it writes docs/serve.png.
func TestBrowser(t *testing.T) {
	ctx := openPage(t, "auto")
	var grid string

	// Typing: a symbol sets the selected cell and moves right; arrows
	// move; Backspace clears.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Focus("#board", chromedp.ByID),
		chromedp.SendKeys("#board", "12"+kb.ArrowDown+"3"+kb.ArrowLeft+kb.Backspace, chromedp.ByID),
		chromedp.Evaluate(gridJS, &grid)))
	assert.Equal(t, "12"+strings.Repeat(".", 79), grid, "r1c1=1, r1c2=2, r2c3 set then cleared")

	// Paste, solve: the grid shows the solution.
	load(ctx, t, top95first)
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(gridJS, &grid)))
	assert.Equal(t, top95first, grid, "the givens, loaded")
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#solve", chromedp.ByID)))
	resultIs(ctx, t, "solved")
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(gridJS, &grid)))
	assert.Equal(t, top95sol, grid)

	// Verify: unique, and the statistics name the backend.
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#verify", chromedp.ByID)))
	assert.Equal(t, "unique", resultIs(ctx, t, "unique"))
	var stats string
	require.NoError(t, chromedp.Run(ctx, chromedp.Text("#stats", &stats, chromedp.ByID)))
	assert.Contains(t, stats, "auto")

	// A puzzle with two solutions: multiple, the differing cells marked.
	load(ctx, t, xPuzzle)
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#verify", chromedp.ByID)))
	got := resultIs(ctx, t, "multiple")
	assert.Contains(t, got, "r3c7 r3c8 r7c3 r7c8 r9c3 r9c7")
	var differ []int
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`[...document.querySelectorAll('#board rect.cell.differ')].map(r => +r.dataset.cell)`, &differ)))
	assert.Equal(t, []int{2*9 + 6, 2*9 + 7, 6*9 + 2, 6*9 + 7, 8*9 + 2, 8*9 + 6}, differ)
	var seconds int
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll('#board text.second').length`, &seconds)))
	assert.Equal(t, 6, seconds, "the second solution's values where it differs")

	// With the diagonals checked it is unique.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#variants input[value="diagonal"]`, chromedp.ByQuery),
		chromedp.Click("#verify", chromedp.ByID)))
	resultIs(ctx, t, "unique")
	require.NoError(t, chromedp.Run(ctx, chromedp.Click(`#variants input[value="diagonal"]`, chromedp.ByQuery)))

	// Replay: record both searches, step three times.
	load(ctx, t, easy)
	replaySteps(ctx, t, 3)
	for _, name := range []string{"dlx", "backtrack"} {
		var caption string
		require.NoError(t, chromedp.Run(ctx, chromedp.Text("#replay-"+name+" figcaption", &caption, chromedp.ByQuery)))
		assert.Contains(t, caption, "step 3 of", name)
		var tried int
		require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll('#replay-`+name+` g.value.tried').length`, &tried)))
		assert.Positive(t, tried, "%s: values placed by the search show", name)
	}

	if *updateScreenshot {
		screenshot(ctx, t)
	}
}

// screenshot sets the page up as README shows it (a killer with its cages,
// solved, and the replay part way) and writes docs/serve.png.
func screenshot(ctx context.Context, t *testing.T) {
	killer, err := os.ReadFile("../testdata/killer.json")
	require.NoError(t, err)
	load(ctx, t, strings.TrimSpace(string(killer)))
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#verify", chromedp.ByID)))
	resultIs(ctx, t, "unique")
	replaySteps(ctx, t, 40)
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#verify", chromedp.ByID)))
	resultIs(ctx, t, "unique")
	var png []byte
	require.NoError(t, chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)))
	out := filepath.Join("..", "docs", "serve.png")
	require.NoError(t, os.WriteFile(out, png, 0o644))
	t.Logf("wrote %s (%d bytes)", out, len(png))
}
