package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/server"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// bigDocument returns an f-puzzles document of an empty 36x36 grid with
// the variants.
func bigDocument(t *testing.T, vs ...rules.Variant) string {
	t.Helper()
	s, err := sudoku.NewShape(6, 6)
	require.NoError(t, err)
	doc, err := fpuzzles.Encode(&fpuzzles.Puzzle{Grid: sudoku.NewGrid(s), Variants: vs})
	require.NoError(t, err)
	return doc
}

// expensivePuzzles are 36x36 documents built to be expensive: a 12-cell
// killer cage of 78 (walking every subset of 12 of 36 digits took 20s in
// DLX and SAT), and a sandwich or x-sum of 100 on every row (tens of
// thousands of conditional sums to build and lower).
func expensivePuzzles(t *testing.T) map[string]string {
	cage := variants.Cage{Total: 78}
	for c := range 12 {
		cage.Cells = append(cage.Cells, sudoku.Cell{Row: 0, Col: c})
	}
	var sw variants.Sandwich
	var xs variants.XSum
	for r := range 36 {
		sw.Clues = append(sw.Clues, variants.EdgeClue{Outside: sudoku.Cell{Row: r, Col: -1}, Total: 100})
		xs.Clues = append(xs.Clues, variants.EdgeClue{Outside: sudoku.Cell{Row: r, Col: -1}, Total: 100})
	}
	return map[string]string{
		"killer":   bigDocument(t, variants.Killer{Cages: []variants.Cage{cage}}),
		"sandwich": bigDocument(t, sw),
		"xsum":     bigDocument(t, xs),
	}
}

// TestExpensiveRequestsEndByTheirDeadline sends requests built to be
// expensive, with a time limit of 1s, to a server with two job slots,
// and an ordinary request while they run: every expensive request is
// answered (unknown, or an error saying what stopped it) and frees its
// slot well before the minutes such requests used to hold it, and the
// ordinary request is answered with its solution. The margins are wide
// (each expensive request, waiting for its turn included, is allowed 30
// times its time limit) so that a busy machine does not fail the test.
func TestExpensiveRequestsEndByTheirDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 36x36 puzzles")
	}
	ts := newServer(t, server.Config{MaxJobs: 2, Wait: time.Minute, Timeout: 5 * time.Second})
	const limit = time.Second
	const margin = 30 * limit
	type result struct {
		name   string
		status int
		body   map[string]any
		took   time.Duration
	}
	var wg sync.WaitGroup
	results := make(chan result, 16)
	send := func(name, path string, req map[string]any) {
		defer wg.Done()
		body, err := json.Marshal(req)
		if !assert.NoError(t, err) {
			return
		}
		start := time.Now()
		resp, err := http.Post(ts.URL+path, "application/json", strings.NewReader(string(body)))
		if !assert.NoError(t, err, name) {
			return
		}
		defer resp.Body.Close()
		var out map[string]any
		assert.NoError(t, json.NewDecoder(resp.Body).Decode(&out), name)
		results <- result{name, resp.StatusCode, out, time.Since(start)}
	}
	for name, doc := range expensivePuzzles(t) {
		for _, be := range []string{"dlx", "sat", "auto"} {
			wg.Add(1)
			go send(name+"/"+be, "/api/solve", map[string]any{"puzzle": doc, "backend": be, "timeout_ms": limit.Milliseconds()})
		}
	}
	wg.Add(1)
	go send("parse sandwich", "/api/parse", map[string]any{"puzzle": expensivePuzzles(t)["sandwich"], "timeout_ms": limit.Milliseconds()})
	// The ordinary request queues behind the expensive ones: it is
	// answered only if they free their slots.
	wg.Add(1)
	go send("ordinary", "/api/solve", map[string]any{"puzzle": top95first, "backend": "dlx"})
	wg.Wait()
	close(results)
	n := 0
	for r := range results {
		n++
		if r.name == "ordinary" {
			assert.Equal(t, http.StatusOK, r.status, "%v", r.body)
			assert.Equal(t, []any{top95sol}, r.body["solutions"], "the ordinary request is solved")
			continue
		}
		t.Logf("%s: %d in %v: status %v, error %v", r.name, r.status, r.took.Round(time.Millisecond), r.body["status"], r.body["error"])
		switch r.status {
		case http.StatusOK:
			if r.name != "parse sandwich" {
				assert.Contains(t, []any{"unknown", "sat", "none"}, r.body["status"], r.name)
			}
		case http.StatusUnprocessableEntity:
			assert.NotEmpty(t, r.body["error"], r.name)
		default:
			t.Errorf("%s: status %d: %v", r.name, r.status, r.body)
		}
		assert.Less(t, r.took, margin, "%s held its slot far past its time limit", r.name)
	}
	assert.Equal(t, 11, n, "every request is answered")
}
