package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/server"
)

const (
	top95first = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	top95sol   = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	// xPuzzle is unique with the diagonals and has several solutions
	// without.
	xPuzzle = "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"
	// clash repeats a given in row 1: no solution.
	clash = "44....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	small = "1.3....4..4....1"
	// easy needs a few hundred backtracking steps.
	easy    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySol = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	// serg3 has exactly 872 solutions (README's count example).
	serg3 = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
)

// backends are the solvers the tests serve, as the sudokit command does.
func backends() []server.Backend {
	return []server.Backend{
		{Name: "dlx", Solver: dlx.New(), Compare: true, Trace: true},
		{Name: "sat", Solver: sat.New(), Compare: true},
		{Name: "prop", Solver: prop.New(), Compare: true},
		{Name: "auto", Solver: auto.New()},
		{Name: "backtrack", Solver: backtrack.New(), Trace: true},
	}
}

// newServer starts a test server with cfg, backends() unless cfg names
// its own.
func newServer(t *testing.T, cfg server.Config) *httptest.Server {
	t.Helper()
	if cfg.Backends == nil {
		cfg.Backends = backends()
	}
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	s, err := server.New(cfg)
	require.NoError(t, err)
	return newHTTPServer(t, s)
}

// newHTTPServer serves h for the test.
func newHTTPServer(t *testing.T, h http.Handler) *httptest.Server {
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts
}

// post sends body to path and returns the status and the answer's bytes.
func post(t *testing.T, ts *httptest.Server, path, body string) (int, []byte) {
	t.Helper()
	resp, err := ts.Client().Post(ts.URL+path, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	if resp.StatusCode != http.StatusOK || strings.HasPrefix(path, "/api/") {
		assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"), "%s: %s", path, b)
	}
	return resp.StatusCode, b
}

// postJSON posts v as JSON and decodes the answer into out, requiring
// the status.
func postJSON(t *testing.T, ts *httptest.Server, path string, v any, status int, out any) {
	t.Helper()
	body, err := json.Marshal(v)
	require.NoError(t, err)
	code, b := post(t, ts, path, string(body))
	require.Equal(t, status, code, "%s %s: %s", path, body, b)
	require.NoError(t, json.Unmarshal(b, out), "%s", b)
}

// req is a request body.
type req = map[string]any

// checkSolutions requires every solution of r to satisfy the puzzle's
// model, checked by the referee.
func checkSolutions(t *testing.T, r puzzle.Record, variants ...string) {
	t.Helper()
	items, err := (&puzzle.Reader{}).ReadString(r.Puzzle, "test")
	require.NoError(t, err)
	it := items[0]
	require.NoError(t, it.Err)
	m, err := (&puzzle.Cache{}).Model(it)
	require.NoError(t, err)
	if len(variants) > 0 {
		m = modelWith(t, it, variants)
	}
	for _, line := range r.Solutions {
		sol := solutionOf(t, m, line)
		require.NoError(t, model.Check(m, sol), line)
	}
}

func TestSolveVerifyCount(t *testing.T) {
	ts := newServer(t, server.Config{})
	tests := []struct {
		name, path string
		body       req
		status     string
		count      int
		exact      bool
		solutions  []string
		differ     []string
	}{
		{"solve", "/api/solve", req{"puzzle": top95first, "backend": "dlx"}, "sat", 1, false, []string{top95sol}, nil},
		{"solve, default backend", "/api/solve", req{"puzzle": top95first}, "sat", 1, false, []string{top95sol}, nil},
		{"verify unique", "/api/verify", req{"puzzle": top95first, "backend": "sat"}, "unique", 1, true, []string{top95sol}, nil},
		{"verify with a variant", "/api/verify", req{"puzzle": xPuzzle, "variants": []string{"diagonal"}, "backend": "dlx"}, "unique", 1, true, nil, nil},
		{"verify multiple", "/api/verify", req{"puzzle": xPuzzle, "backend": "prop"}, "multiple", 2, false, nil,
			[]string{"r3c7", "r3c8", "r7c3", "r7c8", "r9c3", "r9c7"}},
		{"verify none", "/api/verify", req{"puzzle": clash, "backend": "dlx"}, "none", 0, true, nil, nil},
		{"count", "/api/count", req{"puzzle": serg3, "limit": 1000, "backend": "dlx"}, "multiple", 872, true, nil, nil},
		{"count to the limit", "/api/count", req{"puzzle": serg3, "limit": 5, "backend": "dlx"}, "multiple", 5, false, nil, nil},
		{"a grid block", "/api/solve", req{"puzzle": "1 . | 3 .\n. . | . 4\n----+----\n. . | 4 .\n. . | . 1\n"}, "sat", 1, false, []string{"1432321421434321"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r puzzle.Record
			postJSON(t, ts, tt.path, tt.body, http.StatusOK, &r)
			assert.Equal(t, puzzle.Schema, r.Schema)
			assert.Equal(t, tt.status, r.Status)
			assert.Empty(t, r.Stop)
			require.NotNil(t, r.Count)
			assert.Equal(t, tt.count, *r.Count)
			assert.Equal(t, tt.exact, *r.Exact)
			if tt.solutions != nil {
				assert.Equal(t, tt.solutions, r.Solutions)
			}
			if tt.path == "/api/verify" {
				assert.Equal(t, tt.differ, r.Differ)
			} else {
				assert.Equal(t, *r.Count >= 2, len(r.Differ) > 0, "where the first two solutions differ")
			}
			vs, _ := tt.body["variants"].([]string)
			assert.Equal(t, append([]string{}, vs...), r.Variants)
			checkSolutions(t, r, vs...)
			require.NotNil(t, r.Stats)
			want := tt.body["backend"]
			if want == nil {
				want = "dlx" // the first backend is the default
			}
			assert.Equal(t, want, r.Backend)
		})
	}
}

// TestSameRecordAsCLI: an answer is the record puzzle builds for the CLI's
// --json, field for field (but the time taken).
func TestSameRecordAsCLI(t *testing.T) {
	ts := newServer(t, server.Config{})
	var got puzzle.Record
	postJSON(t, ts, "/api/verify", req{"puzzle": xPuzzle, "backend": "dlx"}, http.StatusOK, &got)

	items, err := (&puzzle.Reader{}).ReadString(xPuzzle, "request")
	require.NoError(t, err)
	m, err := (&puzzle.Cache{}).Model(items[0])
	require.NoError(t, err)
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2, Keep: 2})
	require.NoError(t, err)
	want := puzzle.NewRecord(items[0], nil)
	want.Fill(items[0], "dlx", res, nil, 2)
	want.Stats.Elapsed, got.Stats.Elapsed = 0, 0
	assert.Equal(t, want, got)
}

func TestUnknownAtLimits(t *testing.T) {
	ts := newServer(t, server.Config{})
	empty25 := strings.Repeat(".", 625)
	tests := []struct {
		name string
		path string
		body req
		stop string
	}{
		{"a node budget", "/api/verify", req{"puzzle": top95first, "backend": "dlx", "nodes": 1}, "node limit"},
		{"a time limit", "/api/count", req{"puzzle": empty25, "backend": "backtrack", "limit": 10000, "timeout_ms": 1}, "deadline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r puzzle.Record
			postJSON(t, ts, tt.path, tt.body, http.StatusOK, &r)
			assert.Equal(t, tt.stop, r.Stop)
			assert.False(t, *r.Exact, "a stopped count is never exact")
			if *r.Count < 2 {
				assert.Equal(t, "unknown", r.Status)
			}
		})
	}

	// The server's own time limit, whatever the request asks for.
	quick := newServer(t, server.Config{Timeout: time.Millisecond})
	var r puzzle.Record
	postJSON(t, quick, "/api/verify", req{"puzzle": strings.Repeat(".", 1296), "backend": "backtrack", "timeout_ms": 60000}, http.StatusOK, &r)
	assert.Equal(t, "unknown", r.Status)
	assert.Equal(t, "deadline", r.Stop)
}

func TestCompare(t *testing.T) {
	ts := newServer(t, server.Config{})
	var rs []puzzle.Record
	postJSON(t, ts, "/api/compare", req{"puzzle": top95first}, http.StatusOK, &rs)
	require.Len(t, rs, 3)
	for i, name := range []string{"dlx", "sat", "prop"} {
		assert.Equal(t, name, rs[i].Backend)
		assert.Equal(t, "unique", rs[i].Status)
		assert.Equal(t, []string{top95sol}, rs[i].Solutions)
	}
	assert.NotZero(t, rs[0].Stats.Nodes, "dlx counts nodes")
	assert.NotZero(t, rs[1].Stats.Clauses, "sat counts clauses")

	postJSON(t, ts, "/api/compare", req{"puzzle": xPuzzle, "backends": []string{"backtrack", "sat"}, "limit": 1}, http.StatusOK, &rs)
	require.Len(t, rs, 2)
	assert.Equal(t, "backtrack", rs[0].Backend)
	for _, r := range rs {
		assert.Equal(t, "sat", r.Status)
		checkSolutions(t, r)
	}
}

// logicRecord reads a puzzle.LogicRecord's JSON.
type logicRecord struct {
	puzzle.Record
	Level string       `json:"level"`
	Score *int         `json:"score"`
	Steps []stepRecord `json:"steps"`
	Step  *stepRecord  `json:"step"`
	Stuck string       `json:"stuck"`
}

type stepRecord struct {
	Technique  string `json:"technique"`
	Text       string `json:"text"`
	Placements []struct {
		Cell  string `json:"cell"`
		Value int    `json:"value"`
	} `json:"placements"`
	Eliminations []struct {
		Cell   string `json:"cell"`
		Values []int  `json:"values"`
	} `json:"eliminations"`
}

func TestLogicEndpoints(t *testing.T) {
	ts := newServer(t, server.Config{})
	var h logicRecord
	postJSON(t, ts, "/api/hint", req{"puzzle": top95first}, http.StatusOK, &h)
	require.NotNil(t, h.Step)
	assert.Equal(t, "hidden single: 4 in column 2 must go in r6c2", h.Step.Text, "README's hint")
	assert.Equal(t, "hidden single", h.Step.Technique)

	var solved logicRecord
	postJSON(t, ts, "/api/hint", req{"puzzle": top95sol}, http.StatusOK, &solved)
	assert.Equal(t, "solved", solved.Stuck)
	assert.Nil(t, solved.Step)

	var e logicRecord
	postJSON(t, ts, "/api/explain", req{"puzzle": top95first, "backend": "dlx"}, http.StatusOK, &e)
	assert.Equal(t, "unique", e.Status)
	assert.Equal(t, "intermediate", e.Level)
	assert.Equal(t, 256, *e.Score, "README's grade")
	assert.Len(t, e.Steps, 71)

	var multi logicRecord
	postJSON(t, ts, "/api/explain", req{"puzzle": xPuzzle}, http.StatusOK, &multi)
	assert.Equal(t, "multiple", multi.Status)
	assert.Empty(t, multi.Steps)

	var c struct {
		puzzle.Record
		Candidates [][]int `json:"candidates"`
		Placed     []bool  `json:"placed"`
		Marks      string  `json:"marks"`
	}
	postJSON(t, ts, "/api/candidates", req{"puzzle": small}, http.StatusOK, &c)
	require.Len(t, c.Candidates, 16)
	assert.Equal(t, []int{1}, c.Candidates[0])
	assert.True(t, c.Placed[0])
	assert.Equal(t, []int{2, 4}, c.Candidates[1], "r1c2: not 1, 3 (row) and not 4 (column)")
	assert.False(t, c.Placed[1])

	postJSON(t, ts, "/api/candidates", req{"puzzle": small, "singles": true}, http.StatusOK, &c)
	for i, p := range c.Placed {
		assert.True(t, p, "cell %d: singles solve this 4x4", i)
	}

	// Pencil marks given to hint: the same form candidates answers.
	// r1c2 marked 4 alone: a naked single the givens alone do not show.
	var marked logicRecord
	postJSON(t, ts, "/api/hint", req{"puzzle": small, "marks": "1 4 3 2 . . . 4 . . 4 . . . . 1"}, http.StatusOK, &marked)
	require.NotNil(t, marked.Step)
	assert.Equal(t, "naked single: r1c2 can only be 4", marked.Step.Text)
	var unmarked logicRecord
	postJSON(t, ts, "/api/hint", req{"puzzle": small}, http.StatusOK, &unmarked)
	assert.NotEqual(t, marked.Step.Text, unmarked.Step.Text)
}

func TestGenerate(t *testing.T) {
	// Generous limits: a loaded machine must not turn a proof into unknown.
	ts := newServer(t, server.Config{Timeout: 2 * time.Minute})
	type gen = generate.Record
	var a, b struct {
		Seed    uint64 `json:"seed,string"`
		Puzzles []gen  `json:"puzzles"`
		Stop    string `json:"stop"`
	}
	body := req{"count": 3, "seed": 7, "symmetry": "rotate180", "minimal": true, "backend": "dlx"}
	postJSON(t, ts, "/api/generate", body, http.StatusOK, &a)
	assert.Empty(t, a.Stop)
	assert.Equal(t, uint64(7), a.Seed)
	require.Len(t, a.Puzzles, 3)
	for _, p := range a.Puzzles {
		assert.Equal(t, "rotate180", p.Symmetry)
		require.True(t, *p.Minimal)
		line := p.Puzzle
		for i := range line {
			assert.Equal(t, line[i] == '.', line[80-i] == '.', "rotate180 keeps the givens")
		}
		assert.Equal(t, 81-strings.Count(line, "."), p.Givens)
		var v puzzle.Record
		postJSON(t, ts, "/api/verify", req{"puzzle": line, "backend": "sat"}, http.StatusOK, &v)
		assert.Equal(t, "unique", v.Status, line)
		assert.Equal(t, []string{p.Solution}, v.Solutions)
	}
	postJSON(t, ts, "/api/generate", body, http.StatusOK, &b)
	assert.Equal(t, a.Puzzles[2].Puzzle, b.Puzzles[2].Puzzle, "the same seed, the same puzzles")

	var j struct {
		Puzzles []gen `json:"puzzles"`
	}
	for _, tc := range []struct{ size, own string }{{"6", "jigsaw"}, {"6", "killer"}, {"9", "arrow"}, {"9", "littlekiller"}, {"6", "thermo"}} {
		postJSON(t, ts, "/api/generate", req{"size": tc.size, "variants": []string{tc.own}, "seed": 3, "backend": "auto"}, http.StatusOK, &j)
		require.Len(t, j.Puzzles, 1, tc.own)
		assert.Equal(t, []string{tc.own}, j.Puzzles[0].Variants)
		require.NotEmpty(t, j.Puzzles[0].Link, "a puzzle with its own %s travels as a link", tc.own)
		var v puzzle.Record
		postJSON(t, ts, "/api/verify", req{"puzzle": j.Puzzles[0].Link}, http.StatusOK, &v)
		assert.Equal(t, "unique", v.Status, tc.own)
		assert.Equal(t, []string{j.Puzzles[0].Solution}, v.Solutions, tc.own)
	}
	var e struct{ Error string }
	postJSON(t, ts, "/api/generate", req{"variants": []string{"arrow", "thermo"}}, http.StatusBadRequest, &e)
	assert.Contains(t, e.Error, "one kind of clue at a time")
}

func TestParse(t *testing.T) {
	ts := newServer(t, server.Config{})
	killer, err := os.ReadFile("../testdata/killer.json")
	require.NoError(t, err)
	var p struct {
		puzzle.Record
		BoxRows  int             `json:"box_rows"`
		BoxCols  int             `json:"box_cols"`
		Cells    []int           `json:"cells"`
		Symbols  string          `json:"symbols"`
		Document json.RawMessage `json:"document"`
		Fpuzzles string          `json:"fpuzzles_url"`
	}
	postJSON(t, ts, "/api/parse", req{"puzzle": string(killer), "variants": []string{"antiknight"}}, http.StatusOK, &p)
	assert.Equal(t, []string{"antiknight", "killer"}, p.Variants, "the request's variants, then the puzzle's")
	assert.Equal(t, 3, p.BoxRows)
	assert.Len(t, p.Cells, 81)
	assert.Equal(t, "123456789", p.Symbols)
	var doc struct {
		Size       int `json:"size"`
		Killercage []struct {
			Cells []string `json:"cells"`
			Value string   `json:"value"`
		} `json:"killercage"`
		Antiknight bool `json:"antiknight"`
	}
	require.NoError(t, json.Unmarshal(p.Document, &doc))
	assert.Equal(t, 9, doc.Size)
	assert.Len(t, doc.Killercage, 29, "Wikipedia's killer has 29 cages")
	assert.Equal(t, []string{"R1C1", "R1C2"}, doc.Killercage[0].Cells)
	assert.Equal(t, "3", doc.Killercage[0].Value)
	assert.False(t, doc.Antiknight, "the document holds the puzzle's own rules only")
	assert.True(t, strings.HasPrefix(p.Fpuzzles, "https://f-puzzles.com/?load="))

	// The document goes back as the puzzle, with a given written in.
	var killerSol puzzle.Record
	postJSON(t, ts, "/api/verify", req{"puzzle": string(p.Document)}, http.StatusOK, &killerSol)
	assert.Equal(t, "unique", killerSol.Status)
	assert.Equal(t, []string{"killer"}, killerSol.Variants)
	assert.True(t, strings.HasPrefix(killerSol.Solutions[0], "215647398368952174"), "README's killer solution")

	var plain struct {
		Cells    []int           `json:"cells"`
		Document json.RawMessage `json:"document"`
		Symbols  string          `json:"symbols"`
		Alphabet string          `json:"alphabet"`
	}
	postJSON(t, ts, "/api/parse", req{"puzzle": strings.Repeat(".", 255) + "G"}, http.StatusOK, &plain)
	assert.Nil(t, plain.Document, "no rules of its own, no document")
	assert.Equal(t, 16, plain.Cells[255])
	assert.Equal(t, "123456789ABCDEFG", plain.Symbols)
}

func TestTrace(t *testing.T) {
	ts := newServer(t, server.Config{})
	type event struct {
		Kind    string `json:"kind"`
		Depth   int    `json:"depth"`
		Cell    int    `json:"cell"`
		Value   int    `json:"value"`
		Options int    `json:"options"`
	}
	type run struct {
		Record    puzzle.Record `json:"record"`
		Events    []event       `json:"events"`
		Dropped   int64         `json:"dropped"`
		Tries     int64         `json:"tries"`
		Undos     int64         `json:"undos"`
		Solutions int64         `json:"solutions"`
		DeadEnds  int64         `json:"deadends"`
	}
	var runs []run
	postJSON(t, ts, "/api/trace", req{"puzzle": easy}, http.StatusOK, &runs)
	require.Len(t, runs, 2)
	for i, name := range []string{"dlx", "backtrack"} {
		r := runs[i]
		assert.Equal(t, name, r.Record.Backend)
		assert.Equal(t, "sat", r.Record.Status)
		assert.Equal(t, []string{easySol}, r.Record.Solutions)
		if len(r.Events) == 0 {
			t.Fatalf("%s recorded no events", name)
		}
		// Replaying the events from the givens ends on the solution.
		grid := []byte(easy)
		counts := map[string]int64{}
		for _, e := range r.Events {
			counts[e.Kind]++
			switch e.Kind {
			case "try":
				require.GreaterOrEqual(t, e.Cell, 0)
				require.Equal(t, byte('.'), grid[e.Cell], "%s tries a filled cell", name)
				grid[e.Cell] = byte('0' + e.Value)
			case "undo":
				require.Equal(t, byte('0'+e.Value), grid[e.Cell], "%s undoes what it did not try", name)
				grid[e.Cell] = '.'
			}
		}
		assert.Equal(t, int64(0), r.Dropped)
		assert.Equal(t, []int64{counts["try"], counts["undo"], counts["solution"], counts["deadend"]}, []int64{r.Tries, r.Undos, r.Solutions, r.DeadEnds})
		assert.Equal(t, int64(1), r.Solutions)
		// What the search placed agrees with the solution; the rest it
		// deduced without a try.
		for c := range grid {
			if grid[c] != '.' {
				assert.Equal(t, easySol[c], grid[c], "%s cell %d", name, c)
			}
		}
	}

	postJSON(t, ts, "/api/trace", req{"puzzle": top95first, "backends": []string{"backtrack"}, "max": 5}, http.StatusOK, &runs)
	require.Len(t, runs, 1)
	assert.Len(t, runs[0].Events, 5)
	assert.Positive(t, runs[0].Dropped)
	assert.Equal(t, runs[0].Tries+runs[0].Undos+runs[0].Solutions+runs[0].DeadEnds, int64(5)+runs[0].Dropped)
}

func TestInfo(t *testing.T) {
	ts := newServer(t, server.Config{MaxSide: 16})
	get := func(path string, out any) {
		resp, err := ts.Client().Get(ts.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.NoError(t, json.NewDecoder(resp.Body).Decode(out))
	}
	var info struct {
		Backends []struct{ Name string }
		Default  string
		Shapes   []struct {
			Side    int    `json:"side"`
			BoxRows int    `json:"box_rows"`
			Symbols string `json:"symbols"`
		}
		Symmetries []string
		Levels     []string
		Limits     struct {
			TimeoutMS int64 `json:"timeout_ms"`
			MaxSide   int   `json:"max_side"`
		}
	}
	get("/api/info", &info)
	assert.Len(t, info.Backends, 5)
	assert.Equal(t, "dlx", info.Default)
	var sides []int
	for _, s := range info.Shapes {
		sides = append(sides, s.Side)
	}
	assert.Equal(t, []int{4, 6, 8, 9, 10, 12, 14, 15, 16}, sides)
	assert.Equal(t, "123456789ABC", info.Shapes[5].Symbols)
	assert.Contains(t, info.Symmetries, "rotate180")
	assert.Contains(t, info.Levels, "expert")
	assert.Equal(t, server.DefaultTimeout.Milliseconds(), info.Limits.TimeoutMS)

	var vs struct {
		Variants []struct{ Name, Summary string }
		Carried  []struct{ Name string }
	}
	get("/api/variants", &vs)
	var names, carried []string
	for _, v := range vs.Variants {
		names = append(names, v.Name)
		assert.NotEmpty(t, v.Summary, v.Name)
	}
	for _, v := range vs.Carried {
		carried = append(carried, v.Name)
	}
	assert.Contains(t, names, "diagonal")
	assert.Contains(t, names, "antiknight")
	assert.Contains(t, carried, "killer")
	assert.NotContains(t, carried, "diagonal")
}

func TestPage(t *testing.T) {
	ts := newServer(t, server.Config{})
	for _, tt := range []struct {
		path, method string
		status       int
		contentType  string
		contains     string
	}{
		{"/", http.MethodGet, 200, "text/html; charset=utf-8", "<title>sudokit</title>"},
		{"/app.js", http.MethodGet, 200, "text/javascript; charset=utf-8", "/api/solve"},
		{"/draw.js", http.MethodGet, 200, "text/javascript; charset=utf-8", "killercage"},
		{"/style.css", http.MethodGet, 200, "text/css; charset=utf-8", ".grid"},
		{"/secret.txt", http.MethodGet, 404, "application/json; charset=utf-8", `"error"`},
		{"/static/app.js", http.MethodGet, 404, "application/json; charset=utf-8", `"error"`},
		{"/", http.MethodPost, 405, "application/json; charset=utf-8", `want GET`},
	} {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			rq, err := http.NewRequest(tt.method, ts.URL+tt.path, nil)
			require.NoError(t, err)
			resp, err := ts.Client().Do(rq)
			require.NoError(t, err)
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			assert.Equal(t, tt.status, resp.StatusCode)
			assert.Equal(t, tt.contentType, resp.Header.Get("Content-Type"))
			assert.Contains(t, string(b), tt.contains)
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
			assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "default-src 'self'")
		})
	}
}

func TestBadRequests(t *testing.T) {
	ts := newServer(t, server.Config{MaxBody: 1 << 10, MaxSide: 16, MaxCount: 100, MaxGenerate: 3, MaxEvents: 50})
	tests := []struct {
		name, method, path, contentType, body string
		status                                int
		says                                  string // in the error message
	}{
		{"bad JSON", "POST", "/api/solve", "", `{"puzzle":`, 400, "ends early"},
		{"not JSON", "POST", "/api/solve", "", `puzzle=1`, 400, "invalid JSON"},
		{"an unknown member", "POST", "/api/solve", "", `{"puzzle":"` + top95first + `","speed":9}`, 400, `unknown field "speed"`},
		{"a member of the wrong kind", "POST", "/api/solve", "", `{"puzzle":5}`, 400, `member "puzzle": want a string, got a JSON number`},
		{"a list, not an object", "POST", "/api/solve", "", `["x"]`, 400, "want a JSON object"},
		{"two objects", "POST", "/api/solve", "", `{"puzzle":"` + top95first + `"} {}`, 400, "more than one JSON value"},
		{"an empty body", "POST", "/api/verify", "", ``, 400, "empty body"},
		{"no puzzle", "POST", "/api/verify", "", `{}`, 400, "no puzzle"},
		{"an oversize body", "POST", "/api/solve", "", `{"puzzle":"` + strings.Repeat(".", 2000) + `"}`, 413, "over 1024 bytes"},
		{"a form", "POST", "/api/solve", "application/x-www-form-urlencoded", `{}`, 415, "send application/json"},
		{"no content type", "POST", "/api/solve", "none", `{"puzzle":"` + small + `"}`, 415, "no content type"},
		{"plain text", "POST", "/api/solve", "text/plain", `{"puzzle":"` + small + `"}`, 415, "send application/json"},
		{"GET on a POST endpoint", "GET", "/api/solve", "", ``, 405, "want POST"},
		{"POST on a GET endpoint", "POST", "/api/info", "", `{}`, 405, "want GET"},
		{"an unknown endpoint", "POST", "/api/frobnicate", "", `{}`, 404, "no endpoint /api/frobnicate"},
		{"an unknown backend", "POST", "/api/solve", "", `{"puzzle":"` + top95first + `","backend":"quantum"}`, 400, `unknown backend "quantum"`},
		{"an unknown variant", "POST", "/api/solve", "", `{"puzzle":"` + top95first + `","variants":["diagonal","zigzag"]}`, 400, `unknown variant "zigzag"`},
		{"two variants in one entry", "POST", "/api/solve", "", `{"puzzle":"` + top95first + `","variants":["diagonal,antiknight"]}`, 400, "one variant per list entry"},
		{"a puzzle of no size", "POST", "/api/solve", "", `{"puzzle":"` + top95first[:80] + `"}`, 400, "80"},
		{"a grid over the server's size", "POST", "/api/solve", "", `{"puzzle":"` + strings.Repeat(".", 625) + `"}`, 400, "at most 16x16"},
		{"two puzzles", "POST", "/api/solve", "", `{"puzzle":"` + small + `\n` + small + `"}`, 400, "holds 2 puzzles"},
		{"a file name", "POST", "/api/solve", "", `{"puzzle":"/etc/passwd"}`, 400, "sudoku"},
		{"a bad shape", "POST", "/api/solve", "", `{"puzzle":"` + small + `","shape":"7x7"}`, 400, "bad shape"},
		{"a bad alphabet", "POST", "/api/solve", "", `{"puzzle":"` + small + `","alphabet":"runes"}`, 400, "unknown alphabet"},
		{"a negative budget", "POST", "/api/solve", "", `{"puzzle":"` + small + `","nodes":-1}`, 400, "must not be negative"},
		{"count everything", "POST", "/api/count", "", `{"puzzle":"` + small + `","limit":0}`, 400, "want 1 to 100"},
		{"count too far", "POST", "/api/count", "", `{"puzzle":"` + small + `","limit":101}`, 400, "want 1 to 100"},
		{"too many backends", "POST", "/api/compare", "", `{"puzzle":"` + small + `","backends":["dlx","sat","prop","auto","dlx"]}`, 400, "at most 4"},
		{"too many puzzles", "POST", "/api/generate", "", `{"count":4}`, 400, "want 1 to 3"},
		{"a bad symmetry", "POST", "/api/generate", "", `{"symmetry":"spiral"}`, 400, "spiral"},
		{"a bad level", "POST", "/api/generate", "", `{"difficulty":"fiendish"}`, 400, "fiendish"},
		{"a generated grid too large", "POST", "/api/generate", "", `{"size":"25"}`, 400, "at most 16x16"},
		{"too many events", "POST", "/api/trace", "", `{"puzzle":"` + small + `","max":51}`, 400, "want 1 to 50"},
		{"a trace limit", "POST", "/api/trace", "", `{"puzzle":"` + small + `","limit":3}`, 400, "want 1 (solve) or 2"},
		{"unreadable marks", "POST", "/api/hint", "", `{"puzzle":"` + small + `","marks":"1 2"}`, 400, "marks"},
		{"an unknown technique", "POST", "/api/hint", "", `{"puzzle":"` + small + `","techniques":"-x-wingz"}`, 400, "x-wingz"},
		{"no technique left", "POST", "/api/explain", "", `{"puzzle":"` + small + `","techniques":"none"}`, 400, "leaves no technique"},
		{"an unsupported constraint", "POST", "/api/solve", "", `{"puzzle":"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\"clock\":[{}]}"}`, 400, "clock"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rq, err := http.NewRequest(tt.method, ts.URL+tt.path, strings.NewReader(tt.body))
			require.NoError(t, err)
			switch tt.contentType {
			case "":
				rq.Header.Set("Content-Type", "application/json")
			case "none":
			default:
				rq.Header.Set("Content-Type", tt.contentType)
			}
			resp, err := ts.Client().Do(rq)
			require.NoError(t, err)
			defer resp.Body.Close()
			var e struct {
				Error string `json:"error"`
			}
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&e))
			assert.Equal(t, tt.status, resp.StatusCode, e.Error)
			assert.Contains(t, e.Error, tt.says)
			if tt.status == 405 {
				assert.NotEmpty(t, resp.Header.Get("Allow"))
			}
		})
	}
}

// TestRefused: a backend that cannot handle a puzzle's rules answers 422
// with the record, whose error says why.
func TestRefused(t *testing.T) {
	refuse := server.Backend{Name: "refuse", Solver: solverFunc(func(context.Context, *model.Model, model.Options) (model.Result, error) {
		return model.Result{}, fmt.Errorf("refuse: %w", model.ErrUnsupported)
	})}
	ts := newServer(t, server.Config{Backends: []server.Backend{refuse}})
	var r puzzle.Record
	postJSON(t, ts, "/api/solve", req{"puzzle": small}, http.StatusUnprocessableEntity, &r)
	assert.Contains(t, r.Error, "refuse")
	assert.Equal(t, "refuse", r.Backend)
	assert.Equal(t, "1.3....4..4....1", r.Puzzle)
}

// solverFunc is a model.Solver written as a function.
type solverFunc func(context.Context, *model.Model, model.Options) (model.Result, error)

func (f solverFunc) Solve(ctx context.Context, m *model.Model, o model.Options) (model.Result, error) {
	return f(ctx, m, o)
}

// TestPanic: a panic in a search is answered 500 and logged, and the
// server goes on.
func TestPanic(t *testing.T) {
	boom := server.Backend{Name: "boom", Solver: solverFunc(func(context.Context, *model.Model, model.Options) (model.Result, error) {
		panic("boom")
	})}
	var mu sync.Mutex
	var logged []string
	ts := newServer(t, server.Config{Backends: []server.Backend{{Name: "dlx", Solver: dlx.New()}, boom}, MaxJobs: 1,
		Logf: func(format string, args ...any) {
			mu.Lock()
			logged = append(logged, fmt.Sprintf(format, args...))
			mu.Unlock()
		}})
	code, b := post(t, ts, "/api/solve", `{"puzzle":"`+small+`","backend":"boom"}`)
	assert.Equal(t, http.StatusInternalServerError, code)
	assert.JSONEq(t, `{"error":"internal error (logged)"}`, string(b))
	mu.Lock()
	require.Len(t, logged, 1)
	assert.Contains(t, logged[0], "panic serving POST /api/solve: boom")
	mu.Unlock()
	// The job slot was given back: the next request (MaxJobs 1) is served.
	var r puzzle.Record
	postJSON(t, ts, "/api/solve", req{"puzzle": small, "backend": "dlx"}, http.StatusOK, &r)
	assert.Equal(t, "sat", r.Status)
}

// TestConcurrent: with one job slot and a short wait, parallel requests
// are each answered correctly or told the server is busy; none fails
// otherwise. Run with -race.
func TestConcurrent(t *testing.T) {
	ts := newServer(t, server.Config{MaxJobs: 1, Wait: 5 * time.Millisecond})
	const n = 24
	var wg sync.WaitGroup
	codes := make([]int, n)
	bodies := make([][]byte, n)
	paths := []string{"/api/verify", "/api/solve", "/api/compare", "/api/hint", "/api/parse", "/api/trace"}
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := fmt.Sprintf(`{"puzzle":"%s"}`, top95first)
			rq, _ := http.NewRequest("POST", ts.URL+paths[i%len(paths)], strings.NewReader(body))
			rq.Header.Set("Content-Type", "application/json")
			resp, err := ts.Client().Do(rq)
			if err != nil {
				codes[i] = -1
				return
			}
			defer resp.Body.Close()
			codes[i] = resp.StatusCode
			bodies[i], _ = io.ReadAll(resp.Body)
			if resp.StatusCode == http.StatusServiceUnavailable {
				assert.Equal(t, "1", resp.Header.Get("Retry-After"))
			}
		}()
	}
	wg.Wait()
	answered := 0
	for i, code := range codes {
		switch code {
		case http.StatusOK:
			answered++
			if p := paths[i%len(paths)]; p == "/api/verify" {
				var r puzzle.Record
				require.NoError(t, json.Unmarshal(bodies[i], &r))
				assert.Equal(t, "unique", r.Status)
				assert.Equal(t, []string{top95sol}, r.Solutions)
			}
		case http.StatusServiceUnavailable:
			assert.Contains(t, string(bodies[i]), "busy")
		default:
			t.Errorf("request %d: status %d: %s", i, code, bodies[i])
		}
	}
	assert.Positive(t, answered)
	t.Logf("%d of %d answered, the rest busy", answered, n)
}

func TestNewConfig(t *testing.T) {
	for _, tt := range []struct {
		name string
		cfg  server.Config
		says string
	}{
		{"no backends", server.Config{}, "no backends"},
		{"a nameless backend", server.Config{Backends: []server.Backend{{Solver: dlx.New()}}}, "a name and a solver"},
		{"a backend twice", server.Config{Backends: []server.Backend{{Name: "a", Solver: dlx.New()}, {Name: "a", Solver: dlx.New()}}}, "named twice"},
		{"an unknown default", server.Config{Backends: backends(), Default: "z"}, `default backend "z"`},
		{"a negative bound", server.Config{Backends: backends(), MaxJobs: -1}, "negative"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := server.New(tt.cfg)
			assert.ErrorContains(t, err, tt.says)
		})
	}
	s, err := server.New(server.Config{Backends: backends(), Default: "sat"})
	require.NoError(t, err)
	cfg := s.Config()
	assert.Equal(t, server.DefaultTimeout, cfg.Timeout)
	assert.Equal(t, int64(server.DefaultMaxBody), cfg.MaxBody)
	assert.Positive(t, cfg.MaxJobs)
	hs := s.HTTPServer("127.0.0.1:0")
	assert.Greater(t, hs.WriteTimeout, cfg.Timeout*4, "a response outlives the longest request")
	assert.Positive(t, hs.ReadHeaderTimeout)
	assert.Positive(t, hs.MaxHeaderBytes)
}
