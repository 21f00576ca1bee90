package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/server"
)

// A screen is a size the page is tried at: a desktop's, or a phone's with
// touch.
type screen struct {
	name  string
	w, h  int64
	phone bool
}

var screens = []screen{{"desktop", 1280, 800, false}, {"phone", 390, 844, true}}

// openScreen starts a browser at the screen's size and a server (default
// backend auto), opens the page at path ("/" or "/?puzzle=…") and returns
// the browser and the server's address.
func openScreen(t *testing.T, sc screen, path string) (context.Context, string) {
	t.Helper()
	return openScreenFor(t, sc, path, 0)
}

// openScreenFor is openScreen with a server deadline per request (0: the
// default), for requests whose time depends on the machine's load.
func openScreenFor(t *testing.T, sc screen, path string, timeout time.Duration) (context.Context, string) {
	t.Helper()
	ctx := browser(t)
	s, err := server.New(server.Config{Backends: backends(), Default: "auto", Logf: t.Logf, Timeout: timeout})
	require.NoError(t, err)
	ts := newHTTPServer(t, s)
	emulate := chromedp.EmulateViewport(sc.w, sc.h)
	if sc.phone {
		emulate = chromedp.EmulateViewport(sc.w, sc.h, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(1))
	}
	require.NoError(t, chromedp.Run(ctx, emulate,
		chromedp.Navigate(ts.URL+path),
		chromedp.WaitVisible(`body[data-ready="true"]`, chromedp.ByQuery)))
	return ctx, ts.URL
}

// eval evaluates a JavaScript expression into out.
func eval(ctx context.Context, t *testing.T, js string, out any) {
	t.Helper()
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(js, out)), js)
}

// waitJS waits until a JavaScript expression is true.
func waitJS(ctx context.Context, t *testing.T, js string) {
	t.Helper()
	if err := chromedp.Run(ctx, chromedp.Poll(js, nil, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		var result, verdict string
		_ = chromedp.Run(ctx, chromedp.Text("#result", &result, chromedp.ByID), chromedp.Evaluate(`document.getElementById("verdict").textContent`, &verdict))
		t.Fatalf("never true: %s (%v); result line %q, verdict %q", js, err, result, verdict)
	}
}

// click clicks a selector.
func click(ctx context.Context, t *testing.T, sel string) {
	t.Helper()
	require.NoError(t, chromedp.Run(ctx, chromedp.Click(sel, chromedp.ByQuery)), sel)
}

// pointAt returns where on the screen a point of the board is, in cells
// from the grid's top-left corner, after scrolling the board into view.
func pointAt(ctx context.Context, t *testing.T, x, y float64) (float64, float64) {
	t.Helper()
	var xy []float64
	eval(ctx, t, fmt.Sprintf(`(() => { const b = document.getElementById("board"); const r = b.getBoundingClientRect();
		if (r.top < 0 || r.bottom > innerHeight) b.scrollIntoView({block: "center"});
		const svg = b.querySelector("svg"); const p = new DOMPoint(%g, %g).matrixTransform(svg.getScreenCTM());
		return [p.x, p.y]; })()`, x, y), &xy)
	return xy[0], xy[1]
}

// drag presses the mouse on the first cell, moves it through the others
// and lets go; each position is read just before its event.
func drag(ctx context.Context, t *testing.T, n int, cells ...int) {
	t.Helper()
	for k, c := range cells {
		x, y := pointAt(ctx, t, float64(c%n)+0.5, float64(c/n)+0.5)
		typ := input.MouseMoved
		if k == 0 {
			typ = input.MousePressed
		}
		acts := []chromedp.Action{input.DispatchMouseEvent(typ, x, y).WithButton(input.Left).WithButtons(1).WithClickCount(1)}
		if k == len(cells)-1 {
			acts = append(acts, input.DispatchMouseEvent(input.MouseReleased, x, y).WithButton(input.Left).WithClickCount(1))
		}
		require.NoError(t, chromedp.Run(ctx, acts...))
	}
}

// clickAt clicks the board at a point, in cells.
func clickAt(ctx context.Context, t *testing.T, x, y float64) {
	t.Helper()
	sx, sy := pointAt(ctx, t, x, y)
	require.NoError(t, chromedp.Run(ctx, chromedp.MouseClickXY(sx, sy)))
}

// typeOn types symbols: on a desktop as keys on the grid, on a phone with
// the digit pad.
func typeOn(ctx context.Context, t *testing.T, sc screen, symbols string) {
	t.Helper()
	for _, ch := range symbols {
		if sc.phone {
			click(ctx, t, "#pad-"+string(ch))
		} else {
			require.NoError(t, chromedp.Run(ctx, chromedp.SendKeys("#board", string(ch), chromedp.ByID)))
		}
	}
}

// shot writes the board area as docs/img/NAME-SCREEN.png, with
// -update-screenshot.
func shot(ctx context.Context, t *testing.T, sc screen, name string) {
	t.Helper()
	if !*updateScreenshot {
		return
	}
	var png []byte
	require.NoError(t, chromedp.Run(ctx, chromedp.Screenshot(".board-area", &png, chromedp.ByQuery)))
	out := filepath.Join("..", "docs", "img", name+"-"+sc.name+".png")
	require.NoError(t, os.MkdirAll(filepath.Dir(out), 0o755))
	require.NoError(t, os.WriteFile(out, png, 0o644))
	t.Logf("wrote %s (%d bytes)", out, len(png))
}

// selectCell clicks cell i of a 9x9 grid.
func selectCell(ctx context.Context, t *testing.T, i int) {
	t.Helper()
	click(ctx, t, fmt.Sprintf(`#board rect.cell[data-cell="%d"]`, i))
}

// TestBrowserPlay plays a puzzle to the end at each screen size: corner
// and centre marks and a colour, a digit that clashes shown where it is,
// undo and redo, a wrong digit found by Check, then every digit, "solved";
// a reload brings the game back.
func TestBrowserPlay(t *testing.T) {
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			ctx, _ := openScreen(t, sc, "/?puzzle="+easy)
			resultIs(ctx, t, "loaded")
			click(ctx, t, `.mode[data-mode="play"]`)
			waitJS(ctx, t, `!document.getElementById("play-bar").hidden`)

			// Marks in r1c1: corner 4 and 8, centre 5, colour 3.
			selectCell(ctx, t, 0)
			if sc.phone {
				click(ctx, t, `.entry[data-entry="corner"]`)
				typeOn(ctx, t, sc, "48")
				click(ctx, t, `.entry[data-entry="centre"]`)
				typeOn(ctx, t, sc, "5")
				click(ctx, t, `.entry[data-entry="colour"]`)
				typeOn(ctx, t, sc, "3")
				click(ctx, t, `.entry[data-entry="digit"]`)
			} else {
				require.NoError(t, chromedp.Run(ctx,
					chromedp.Focus("#board", chromedp.ByID),
					chromedp.KeyEvent("4", chromedp.KeyModifiers(input.ModifierShift)),
					chromedp.KeyEvent("8", chromedp.KeyModifiers(input.ModifierShift)),
					chromedp.KeyEvent("5", chromedp.KeyModifiers(input.ModifierCtrl)),
					chromedp.SendKeys("#board", "v3z", chromedp.ByID)))
			}
			var corner []string
			var centre, label string
			var colours int
			eval(ctx, t, `[...document.querySelectorAll('#board g.value[data-cell="0"] text.corner')].map(e => e.textContent)`, &corner)
			eval(ctx, t, `document.querySelector('#board g.value[data-cell="0"] text.centre').textContent`, &centre)
			eval(ctx, t, `document.querySelectorAll('#board rect.colour-3[x="0"][y="0"]').length`, &colours)
			eval(ctx, t, `document.querySelector('#board g.value[data-cell="0"]').getAttribute("aria-label")`, &label)
			assert.Equal(t, []string{"4", "8"}, corner)
			assert.Equal(t, "5", centre)
			assert.Equal(t, 1, colours)
			assert.Equal(t, "row 1, column 1, corner marks 4 8, centre marks 5, colour 3", label)

			// 3 in r1c1 clashes with the given 3 in r1c3: both marked.
			typeOn(ctx, t, sc, "3")
			var clashing []int
			eval(ctx, t, `[...document.querySelectorAll('#board g.value.conflict')].map(g => +g.dataset.cell)`, &clashing)
			assert.Equal(t, []int{0, 2}, clashing)
			resultIs(ctx, t, "2 cells clash")

			// Undo takes it back (the marks are there again), redo puts it
			// back, undo again.
			click(ctx, t, "#undo")
			eval(ctx, t, `document.querySelectorAll('#board g.value.conflict').length`, &colours)
			assert.Zero(t, colours, "no clash after undo")
			eval(ctx, t, `document.querySelectorAll('#board g.value[data-cell="0"] text.corner').length`, &colours)
			assert.Equal(t, 2, colours, "the corner marks are back")
			click(ctx, t, "#redo")
			var grid string
			eval(ctx, t, gridJS, &grid)
			assert.Equal(t, "3", grid[:1])
			if sc.phone {
				click(ctx, t, "#pad-undo")
			} else {
				require.NoError(t, chromedp.Run(ctx, chromedp.Focus("#board", chromedp.ByID), chromedp.KeyEvent("z", chromedp.KeyModifiers(input.ModifierCtrl))))
			}
			eval(ctx, t, gridJS, &grid)
			assert.Equal(t, easy, grid)
			var focused string
			eval(ctx, t, `document.activeElement.id`, &focused)
			assert.Equal(t, "board", focused, "the grid keeps the focus after the buttons")

			// 5 in r1c1 clashes with nothing but is wrong: Check says so.
			typeOn(ctx, t, sc, "5")
			click(ctx, t, "#check")
			resultIs(ctx, t, "1 wrong: r1c1")
			var wrong []int
			eval(ctx, t, `[...document.querySelectorAll('#board rect.cell.wrong')].map(r => +r.dataset.cell)`, &wrong)
			assert.Equal(t, []int{0}, wrong)

			// Every digit of the solution, to the end.
			for i := range 81 {
				if easy[i] != '.' {
					continue
				}
				selectCell(ctx, t, i)
				typeOn(ctx, t, sc, easySol[i:i+1])
			}
			resultIs(ctx, t, "solved in")
			eval(ctx, t, gridJS, &grid)
			assert.Equal(t, easySol, grid)
			shot(ctx, t, sc, "play")

			// A reload opens the same game, in play mode, solved.
			require.NoError(t, chromedp.Run(ctx, chromedp.Reload(), chromedp.WaitVisible(`body[data-ready="true"]`, chromedp.ByQuery)))
			waitJS(ctx, t, `document.body.dataset.mode === "play"`)
			eval(ctx, t, gridJS, &grid)
			assert.Equal(t, easySol, grid, "the digits came back from the local storage")
			var timer string
			require.NoError(t, chromedp.Run(ctx, chromedp.Text("#timer", &timer, chromedp.ByID)))
			assert.Regexp(t, `^\d+:\d\d$`, timer)
		})
	}
}

// killerCages reads the cages of testdata/killer.json (Wikipedia's killer)
// as 9x9 cell indexes and totals.
func killerCages(t *testing.T) ([][]int, []string) {
	t.Helper()
	data, err := os.ReadFile("../testdata/killer.json")
	require.NoError(t, err)
	var doc struct {
		Killercage []struct {
			Cells []string `json:"cells"`
			Value string   `json:"value"`
		} `json:"killercage"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))
	var cages [][]int
	var totals []string
	for _, c := range doc.Killercage {
		var cells []int
		for _, ref := range c.Cells {
			var r, col int
			_, err := fmt.Sscanf(ref, "R%dC%d", &r, &col)
			require.NoError(t, err)
			cells = append(cells, (r-1)*9+col-1)
		}
		cages = append(cages, cells)
		totals = append(totals, c.Value)
	}
	require.Len(t, cages, 29)
	return cages, totals
}

// TestBrowserSetKiller sets Wikipedia's killer from scratch at each screen
// size: each cage dragged over and its total typed; the live verdict says
// multiple, with a count and the differing cells marked, after the first,
// and unique after the last. The page's URL then opens the same puzzle.
func TestBrowserSetKiller(t *testing.T) {
	cages, totals := killerCages(t)
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			ctx, base := openScreen(t, sc, "/")
			click(ctx, t, `.mode[data-mode="set"]`)
			require.NoError(t, chromedp.Run(ctx, chromedp.SetValue("#tool", "killercage", chromedp.ByID),
				chromedp.Evaluate(`document.getElementById("tool").dispatchEvent(new Event("change"))`, nil)))
			for k, cells := range cages {
				drag(ctx, t, 9, cells...)
				typeOn(ctx, t, sc, totals[k])
				if k == 0 {
					waitJS(ctx, t, `document.getElementById("verdict").dataset.status === "multiple"`)
					var text string
					var differ int
					require.NoError(t, chromedp.Run(ctx, chromedp.Text("#verdict", &text, chromedp.ByID)))
					eval(ctx, t, `document.querySelectorAll('#board rect.cell.differ').length`, &differ)
					assert.Contains(t, text, "at least 100 solutions")
					assert.Positive(t, differ, "the cells where two solutions differ")
				}
			}
			var totalsDrawn []string
			eval(ctx, t, `[...document.querySelectorAll('#board text.cage-total')].map(e => e.textContent)`, &totalsDrawn)
			assert.ElementsMatch(t, totals, totalsDrawn)
			waitJS(ctx, t, `document.getElementById("verdict").dataset.status === "unique"`)
			var text string
			require.NoError(t, chromedp.Run(ctx, chromedp.Text("#verdict", &text, chromedp.ByID)))
			assert.Equal(t, "unique; 1 solution", text)
			shot(ctx, t, sc, "set")

			// The page's URL carries the puzzle: opened afresh, it is the
			// same killer, in set mode.
			waitJS(ctx, t, `location.search.includes("puzzle=")  && decodeURIComponent(location.search).includes("sudokupad")`)
			var url string
			eval(ctx, t, `location.search`, &url)
			require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(base+"/"+url), chromedp.WaitVisible(`body[data-ready="true"]`, chromedp.ByQuery)))
			waitJS(ctx, t, `document.body.dataset.mode === "set"`)
			eval(ctx, t, `[...document.querySelectorAll('#board text.cage-total')].map(e => e.textContent)`, &totalsDrawn)
			assert.ElementsMatch(t, totals, totalsDrawn, "the cages came back from the URL")
			waitJS(ctx, t, `document.getElementById("verdict").dataset.status === "unique"`)
		})
	}
}

// TestBrowserSetFamilies draws one rule of every kind the editor offers
// on an empty grid (a line of each family dragged, dots and XV clicked
// between cells, marks clicked in cells, a little killer clicked outside
// and its total typed) and checks the document holds each and the server
// reads it (the verdict is an answer, not an error).
func TestBrowserSetFamilies(t *testing.T) {
	ctx, _ := openScreen(t, screens[0], "/")
	click(ctx, t, `.mode[data-mode="set"]`)
	tool := func(name string) {
		require.NoError(t, chromedp.Run(ctx, chromedp.SetValue("#tool", name, chromedp.ByID),
			chromedp.Evaluate(`document.getElementById("tool").dispatchEvent(new Event("change"))`, nil)))
	}
	lines := []string{"thermometer", "arrow", "whispers", "renban", "regionsumline", "betweenline", "palindrome", "zipperline", "entropicline", "modularline"}
	for k, key := range lines {
		tool(key)
		// Row k, columns 1 to 3; the tenth down column 5.
		cells := []int{k * 9, k*9 + 1, k*9 + 2}
		if k == 9 {
			cells = []int{6*9 + 4, 7*9 + 4, 8*9 + 4}
		}
		drag(ctx, t, 9, cells...)
	}
	tool("difference")
	clickAt(ctx, t, 4, 0.5) // between r1c4 and r1c5
	tool("ratio")
	clickAt(ctx, t, 4, 1.5)
	tool("xv-X")
	clickAt(ctx, t, 4, 2.5)
	tool("xv-V")
	clickAt(ctx, t, 5.5, 3) // between r3c6 and r4c6
	for k, key := range []string{"minimum", "maximum", "odd", "even"} {
		tool(key)
		clickAt(ctx, t, 8.5, float64(k)+0.5)
	}
	tool("littlekillersum")
	clickAt(ctx, t, 2.75, -0.5) // above r1c3, pointing down-right
	require.NoError(t, chromedp.Run(ctx, chromedp.SendKeys("#board", "17", chromedp.ByID)))

	var doc map[string]any
	eval(ctx, t, `state.doc`, &doc)
	for _, key := range append(lines, "difference", "ratio", "xv", "minimum", "maximum", "odd", "even", "littlekillersum") {
		assert.Contains(t, doc, key)
	}
	assert.Len(t, doc["xv"], 2)
	var lk map[string]any
	eval(ctx, t, `state.doc.littlekillersum[0]`, &lk)
	assert.Equal(t, map[string]any{"cell": "R0C3", "direction": "DR", "value": "17"}, lk)
	var pair []string
	eval(ctx, t, `state.doc.difference[0].cells`, &pair)
	assert.Equal(t, []string{"R1C4", "R1C5"}, pair)
	var thermo []any
	eval(ctx, t, `state.doc.thermometer[0].lines`, &thermo)
	assert.Equal(t, []any{[]any{"R1C1", "R1C2", "R1C3"}}, thermo)

	waitJS(ctx, t, `["unique", "multiple", "none"].includes(document.getElementById("verdict").dataset.status)`)

	// Erasing the rules on r1c1 takes the thermometer off, and nothing else.
	selectCell(ctx, t, 0)
	click(ctx, t, "#erase-selection")
	resultIs(ctx, t, "erased 1 rule")
	doc = nil
	eval(ctx, t, `state.doc`, &doc)
	assert.NotContains(t, doc, "thermometer")
	assert.Contains(t, doc, "arrow")

	// Undo (Ctrl+Z) brings it back; Redo (the button) takes it off again;
	// three undos take back the erasing and the little killer's two typed
	// digits, not its clue.
	require.NoError(t, chromedp.Run(ctx, chromedp.Focus("#board", chromedp.ByID), chromedp.KeyEvent("z", chromedp.KeyModifiers(input.ModifierCtrl))))
	var has bool
	eval(ctx, t, `"thermometer" in state.doc`, &has)
	assert.True(t, has, "undo")
	click(ctx, t, "#set-redo")
	eval(ctx, t, `"thermometer" in state.doc`, &has)
	assert.False(t, has, "redo")
	click(ctx, t, "#set-undo")
	click(ctx, t, "#set-undo")
	click(ctx, t, "#set-undo")
	eval(ctx, t, `state.doc.littlekillersum[0]`, &lk)
	assert.Equal(t, map[string]any{"cell": "R0C3", "direction": "DR", "value": ""}, lk)
}

// TestBrowserLinkIn: GET /?puzzle= opens a line and an f-puzzles link, and
// Ctrl+V on the grid loads a pasted puzzle.
func TestBrowserLinkIn(t *testing.T) {
	killer, err := os.ReadFile("../testdata/killer.json")
	require.NoError(t, err)
	ctx, base := openScreen(t, screens[0], "/?puzzle="+top95first)
	resultIs(ctx, t, "loaded")
	var grid string
	eval(ctx, t, gridJS, &grid)
	assert.Equal(t, top95first, grid)

	// The page's own f-puzzles link of the killer, opened as /?puzzle=.
	load(ctx, t, strings.TrimSpace(string(killer)))
	var href string
	waitJS(ctx, t, `[...document.querySelectorAll('#links a')].some(a => a.textContent.includes("f-puzzles"))`)
	eval(ctx, t, `[...document.querySelectorAll('#links a')].find(a => a.textContent.includes("f-puzzles")).href`, &href)
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(base+"/?puzzle="+href), chromedp.WaitVisible(`body[data-ready="true"]`, chromedp.ByQuery)))
	var cages int
	eval(ctx, t, `document.querySelectorAll('#board text.cage-total').length`, &cages)
	assert.Equal(t, 29, cages, "the link opened unencoded after puzzle=")

	// Ctrl+V with the grid focused.
	require.NoError(t, chromedp.Run(ctx, chromedp.Focus("#board", chromedp.ByID),
		chromedp.Evaluate(`(() => { const dt = new DataTransfer(); dt.setData("text/plain", `+quoteJS(easy)+`);
			document.getElementById("board").dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true})); })()`, nil)))
	waitJS(ctx, t, `document.querySelectorAll('#board text.cage-total').length === 0`)
	eval(ctx, t, gridJS, &grid)
	assert.Equal(t, easy, grid)
}

// TestBrowserExplainCandidates follows an explanation at each screen size
// with the candidates in view: step 0 draws every cell's marks; the
// pointing step (the fourth) crosses out the two 7s it eliminates and
// highlights its box; a single rings the digit it places.
func TestBrowserExplainCandidates(t *testing.T) {
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			ctx, _ := openScreen(t, sc, "/?puzzle="+top95first)
			resultIs(ctx, t, "loaded")
			click(ctx, t, "#explain")
			resultIs(ctx, t, "grade:")
			var marks, crossed, rings, house int
			eval(ctx, t, `document.querySelectorAll('#board text.mark').length`, &marks)
			assert.Positive(t, marks, "step 0: the candidates")

			click(ctx, t, "#step-next")
			eval(ctx, t, `document.querySelectorAll('#board circle.ring').length`, &rings)
			assert.Equal(t, 1, rings, "step 1 places a 4 in r6c2")
			eval(ctx, t, `document.querySelectorAll('#board rect.cell.house, #board rect.cell.pattern, #board rect.cell.placed').length`, &house)
			assert.Equal(t, 9, house, "column 2 highlighted")

			for range 3 {
				click(ctx, t, "#step-next")
			}
			var text string
			require.NoError(t, chromedp.Run(ctx, chromedp.Text("#step-text", &text, chromedp.ByID)))
			assert.Contains(t, text, "pointing: 7 in box 3")
			var crossedAt []string
			eval(ctx, t, `[...document.querySelectorAll('#board text.mark.crossed')].map(e => e.closest('g.value').dataset.cell + ":" + e.textContent)`, &crossedAt)
			assert.Equal(t, []string{"9:7", "11:7"}, crossedAt, "r2c1 -7, r2c3 -7")
			eval(ctx, t, `document.querySelectorAll('#board line.cross').length`, &crossed)
			assert.Equal(t, 2, crossed)
			eval(ctx, t, `document.querySelectorAll('#board rect.cell.house, #board rect.cell.pattern').length`, &house)
			assert.Equal(t, 9, house, "box 3 highlighted")
			shot(ctx, t, sc, "explain")
		})
	}
}

// TestBrowserPhone: on a phone the digit pad shows, every button and
// select on the page is at least 44 pixels each way, each
// cell is labelled for screen readers, and the grid names the selected
// cell as its active descendant.
func TestBrowserPhone(t *testing.T) {
	ctx, _ := openScreen(t, screens[1], "/?puzzle="+top95first+"&mode=play")
	resultIs(ctx, t, "loaded")
	waitJS(ctx, t, `document.body.dataset.mode === "play"`)
	var small []string
	eval(ctx, t, `[...document.querySelectorAll('button, select')].filter(b => b.offsetParent)
		.map(b => { const r = b.getBoundingClientRect(); return r.width < 44 || r.height < 44 ? (b.id || b.textContent) + " " + r.width + "x" + r.height : ""; }).filter(Boolean)`, &small)
	assert.Empty(t, small, "buttons smaller than 44 px")
	var pad int
	eval(ctx, t, `[...document.querySelectorAll('#pad button')].filter(b => b.offsetParent).length`, &pad)
	assert.Equal(t, 12, pad, "nine digits, clear, undo, redo")

	selectCell(ctx, t, 1)
	var label, active string
	eval(ctx, t, `document.getElementById("board").getAttribute("aria-activedescendant")`, &active)
	assert.Equal(t, "cell-1", active)
	eval(ctx, t, `document.getElementById("cell-0").getAttribute("aria-label")`, &label)
	assert.Equal(t, "row 1, column 1, given 4", label)
	click(ctx, t, "#pad-7")
	eval(ctx, t, `document.getElementById("cell-1").getAttribute("aria-label")`, &label)
	assert.Equal(t, "row 1, column 2, 7", label)
	var focused string
	eval(ctx, t, `document.activeElement.id`, &focused)
	assert.Equal(t, "board", focused)
}

// TestBrowserHintMarks: a hint shows the candidates with its step: the
// digit it places ringed, its house highlighted.
func TestBrowserHintMarks(t *testing.T) {
	ctx, _ := openScreen(t, screens[0], "/?puzzle="+top95first)
	resultIs(ctx, t, "loaded")
	click(ctx, t, "#hint")
	resultIs(ctx, t, "hidden single: 4 in column 2 must go in r6c2")
	var marks, rings, house int
	eval(ctx, t, `document.querySelectorAll('#board text.mark').length`, &marks)
	eval(ctx, t, `document.querySelectorAll('#board g.value[data-cell="46"] circle.ring').length`, &rings)
	eval(ctx, t, `document.querySelectorAll('#board rect.cell.house, #board rect.cell.pattern, #board rect.cell.placed').length`, &house)
	assert.Positive(t, marks)
	assert.Equal(t, 1, rings, "the 4 placed in r6c2, ringed")
	assert.Equal(t, 9, house, "column 2")
}
