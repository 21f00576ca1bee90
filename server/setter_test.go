package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/server"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
)

// trueAnswer is the answer of /api/truecandidates.
type trueAnswer struct {
	puzzle.Record
	Candidates [][]int `json:"candidates"`
	Unknown    [][]int `json:"unknown"`
	Undecided  int     `json:"undecided"`
}

// wantTrue returns the true candidates of serg3 from the library.
func wantTrue(t *testing.T, puzzleText string) [][]int {
	t.Helper()
	items, err := (&puzzle.Reader{}).ReadString(puzzleText, "test")
	require.NoError(t, err)
	m, err := (&puzzle.Cache{}).Model(items[0])
	require.NoError(t, err)
	c, err := setter.TrueCandidates(context.Background(), m, dlx.New(), 0)
	require.NoError(t, err)
	require.Zero(t, c.Undecided())
	out := make([][]int, m.Cells())
	for i := range out {
		out[i], _ = c.Digits(i)
	}
	return out
}

func TestTrueCandidatesEndpoint(t *testing.T) {
	ts := newServer(t, server.Config{})
	var a trueAnswer
	postJSON(t, ts, "/api/truecandidates", req{"puzzle": serg3, "backend": "dlx"}, http.StatusOK, &a)
	assert.Equal(t, wantTrue(t, serg3), a.Candidates)
	assert.Zero(t, a.Undecided)
	assert.Equal(t, "dlx", a.Backend)

	// A node budget of one decides little: the rest is unknown, never
	// dropped.
	var b trueAnswer
	postJSON(t, ts, "/api/truecandidates", req{"puzzle": serg3, "backend": "dlx", "nodes": 1}, http.StatusOK, &b)
	assert.Positive(t, b.Undecided)
	for i := range b.Candidates {
		assert.ElementsMatch(t, a.Candidates[i], append(b.Candidates[i], intersect(a.Candidates[i], b.Unknown[i])...), "cell %d", i)
	}
}

// intersect returns the values of xs also in ys.
func intersect(xs, ys []int) []int {
	var out []int
	for _, x := range xs {
		for _, y := range ys {
			if x == y {
				out = append(out, x)
			}
		}
	}
	return out
}

func TestSuggestEndpoint(t *testing.T) {
	ts := newServer(t, server.Config{})
	var a struct {
		puzzle.Record
		Sample    int  `json:"sample"`
		Exact     bool `json:"sample_exact"`
		Additions []struct {
			Kind   string   `json:"kind"`
			Cells  []string `json:"cells"`
			Value  int      `json:"value"`
			Status string   `json:"status"`
		} `json:"additions"`
		Kinds []string `json:"kinds"`
	}
	postJSON(t, ts, "/api/suggest", req{"puzzle": xPuzzle, "backend": "dlx", "max": 10}, http.StatusOK, &a)
	assert.Equal(t, "multiple", a.Status)
	require.Len(t, a.Additions, 10)
	for _, ad := range a.Additions {
		if ad.Status == "unchecked" {
			continue
		}
		var v struct{ Status string }
		fixed := []byte(xPuzzle)
		cell := cellIndex(t, ad.Cells[0])
		fixed[cell] = byte('0' + ad.Value)
		postJSON(t, ts, "/api/verify", req{"puzzle": string(fixed)}, http.StatusOK, &v)
		assert.Equal(t, ad.Status, v.Status, "%v", ad)
	}
	code, body := post(t, ts, "/api/suggest", `{"puzzle":"`+xPuzzle+`","sample":100000000}`)
	assert.Equal(t, http.StatusBadRequest, code, "%s", body)
}

func TestMinimalEndpoint(t *testing.T) {
	ts := newServer(t, server.Config{})
	var a struct {
		puzzle.Record
		Checked int `json:"checked"`
		Parts   int `json:"parts"`
	}
	postJSON(t, ts, "/api/minimal", req{"puzzle": top95first, "backend": "dlx", "variants": []string{}}, http.StatusOK, &a)
	require.NotNil(t, a.Minimal)
	assert.True(t, *a.Minimal, "top95's first puzzle is minimal")
	assert.Empty(t, a.RedundantRules)

	// xPuzzle needs its diagonals.
	var d struct {
		puzzle.Record
		Parts int `json:"parts"`
	}
	postJSON(t, ts, "/api/minimal", req{"puzzle": xPuzzle, "backend": "dlx", "variants": []string{"diagonal"}}, http.StatusOK, &d)
	assert.Equal(t, "unique", d.Status)
	assert.Equal(t, 1, d.Parts)
	assert.Empty(t, d.RedundantRules, "the diagonals are needed")

	var m struct{ puzzle.Record }
	postJSON(t, ts, "/api/minimal", req{"puzzle": xPuzzle, "backend": "dlx"}, http.StatusOK, &m)
	assert.Equal(t, "multiple", m.Status)
	assert.Nil(t, m.Minimal, "only a unique puzzle is judged")
}

// TestBrowserTrueCandidates: the True candidates button draws, over the
// blanks, exactly the values some solution holds.
func TestBrowserTrueCandidates(t *testing.T) {
	ctx := openPage(t, "dlx")
	load(ctx, t, serg3)
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#truecandidates", chromedp.ByID)))
	resultIs(ctx, t, "true candidates:")
	var shown [][]int
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(
		`[...document.querySelectorAll('#board g.value')].map(g => [...g.querySelectorAll('text.mark')].map(t => +t.textContent))`, &shown)))
	want := wantTrue(t, serg3)
	for i := range want {
		if serg3[i] != '.' {
			want[i] = []int{} // a given shows its value, not marks
		}
	}
	assert.Equal(t, want, shown)
}

// TestBrowserSuggestRedundant: the page's Suggest lists the additions the
// API ranks first (serg3 has several solutions and no single given makes
// it unique) and Redundant the givens the API finds redundant on a
// unique puzzle, marking their cells.
func TestBrowserSuggestRedundant(t *testing.T) {
	ctx := openPage(t, "dlx")
	load(ctx, t, serg3)
	var adds []struct {
		Kind   string   `json:"kind"`
		Cells  []string `json:"cells"`
		Value  int      `json:"value"`
		Status string   `json:"status"`
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`api("/api/suggest", puzzleRequest({backend: "dlx"})).then(a => a.additions)`, &adds,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })))
	require.NotEmpty(t, adds)
	var names []string
	for _, a := range adds[:min(8, len(adds))] {
		require.Equal(t, "given", a.Kind)
		require.NotEqual(t, "unique", a.Status, "serg3: no single given makes it unique")
		names = append(names, fmt.Sprintf("%s=%d", a.Cells[0], a.Value))
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#suggest", chromedp.ByID)))
	got := resultIs(ctx, t, "fewest solutions left with:")
	assert.Contains(t, got, "none makes it unique alone; fewest solutions left with: "+strings.Join(names, ", "))

	// top95's first puzzle, minimal, with r1c2 of its solution added:
	// that given is redundant.
	const unique = "41....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	load(ctx, t, unique)
	var red struct {
		Redundant []string `json:"redundant"`
		Minimal   bool     `json:"minimal"`
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`api("/api/minimal", puzzleRequest({backend: "dlx"}))`, &red,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })))
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#redundant", chromedp.ByID)))
	require.False(t, red.Minimal)
	require.Contains(t, red.Redundant, "r1c2")
	resultIs(ctx, t, "each of these can be removed keeping it unique: givens "+strings.Join(red.Redundant, " "))
}

// TestEstimateEndpoint: /api/estimate answers the library's estimate for
// the same seed and probes (serg3 has 872 solutions, which the interval
// holds here), refuses too many probes, and a tiny node budget says where
// it stopped.
func TestEstimateEndpoint(t *testing.T) {
	// A generous deadline: the comparison needs every probe, whatever the
	// machine's load.
	ts := newServer(t, server.Config{Timeout: 2 * time.Minute})
	var a struct {
		puzzle.Record
		Mean, Low, High float64
		Probes          int
	}
	postJSON(t, ts, "/api/estimate", req{"puzzle": serg3, "backend": "dlx", "probes": 300, "seed": 7}, http.StatusOK, &a)
	g, err := sudoku.Parse(serg3, sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	want, err := setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: 300, Seed: 7})
	require.NoError(t, err)
	assert.Equal(t, want.Mean, a.Mean)
	assert.Equal(t, 300, a.Probes)
	assert.LessOrEqual(t, a.Low, 872.0)
	assert.GreaterOrEqual(t, a.High, 872.0)

	var e struct{ Error string }
	postJSON(t, ts, "/api/estimate", req{"puzzle": serg3, "probes": 1_000_000}, http.StatusBadRequest, &e)
	assert.Contains(t, e.Error, "probes")

	var s struct {
		puzzle.Record
		Probes int
	}
	postJSON(t, ts, "/api/estimate", req{"puzzle": serg3, "backend": "dlx", "nodes": 1}, http.StatusOK, &s)
	assert.Equal(t, "node limit", s.Stop)
}

// TestBrowserEstimate: the Estimate button says about how many solutions
// the puzzle has, with its interval (and, on a machine so busy that the
// page's deadline ends the probes early, where it stopped).
func TestBrowserEstimate(t *testing.T) {
	ctx := openPage(t, "dlx")
	load(ctx, t, serg3)
	require.NoError(t, chromedp.Run(ctx, chromedp.Click("#estimate", chromedp.ByID)))
	got := resultIs(ctx, t, "solutions (95%:")
	assert.Regexp(t, `^about [0-9,]+ solutions \(95%: [0-9,]+ to [0-9,]+; [0-9]+ probes\)( \(stopped: deadline\))?$`, got)
}
