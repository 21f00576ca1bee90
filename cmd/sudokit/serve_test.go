package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/outside"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/server"
	"github.com/sudokit/sudokit/sudoku"
)

// syncBuffer is a strings.Builder safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}

// TestServe runs sudokit serve on a free port, asks it to verify a puzzle
// as a script would, and stops it as Ctrl-C does.
func TestServe(t *testing.T) {
	var stderr syncBuffer
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := make(chan int, 1)
	go func() {
		code <- a.runContext(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--timeout", "3s", "--max-jobs", "1"})
	}()

	served := regexp.MustCompile(`serving (http://127\.0\.0\.1:\d+/)`)
	var url string
	require.Eventually(t, func() bool {
		m := served.FindStringSubmatch(stderr.String())
		if m != nil {
			url = m[1]
		}
		return m != nil
	}, 10*time.Second, 10*time.Millisecond, "serve says where it listens: %s", stderr.String())

	resp, err := http.Post(url+"api/verify", "application/json",
		strings.NewReader(`{"puzzle":"`+xPuzzle+`","variants":["diagonal"],"backend":"sat"}`))
	require.NoError(t, err)
	var r puzzle.Record
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&r))
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "unique", r.Status)
	assert.Equal(t, []string{"diagonal"}, r.Variants)
	assert.Equal(t, "sat", r.Backend)

	page, err := http.Get(url)
	require.NoError(t, err)
	page.Body.Close()
	assert.Equal(t, http.StatusOK, page.StatusCode)

	cancel()
	select {
	case c := <-code:
		assert.Equal(t, exitOK, c, stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop on its context")
	}
}

func TestServeFlags(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--timeout", "0s"},
		{"serve", "--max-jobs", "0"},
		{"serve", "--nodes", "-1"},
		{"serve", "--addr", "not an address"},
		{"serve", "extra"},
	} {
		r := run(t, "", args...)
		assert.Equal(t, exitUsage, r.code, "%v: %s", args, r.stderr)
	}
}

func TestServerBackends(t *testing.T) {
	var compare, trace []string
	for _, b := range serverBackends() {
		if b.Compare {
			compare = append(compare, b.Name)
		}
		if b.Trace {
			trace = append(trace, b.Name)
		}
		if o, ok := b.Solver.(*outside.Solver); ok {
			_, err := o.Find()
			assert.NoError(t, err, "%s is offered only when installed", b.Name)
		}
	}
	assert.Equal(t, []string{"dlx", "sat", "prop"}, compare)
	assert.Equal(t, []string{"dlx", "backtrack"}, trace)
}

// TestServeExposure: serve warns when it listens beyond the loopback
// interface (--addr :0 listens on every one), and not otherwise.
func TestServeExposure(t *testing.T) {
	for addr, warn := range map[string]bool{
		":0": true, "0.0.0.0:0": true, "[::]:8080": true, "192.0.2.1:80": true, "example.com:80": true,
		"127.0.0.1:0": false, "localhost:8080": false, "[::1]:0": false,
	} {
		assert.Equal(t, warn, exposure(addr) != "", addr)
	}
	var stderr syncBuffer
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := make(chan int, 1)
	go func() { code <- a.runContext(ctx, []string{"serve", "--addr", ":0"}) }()
	require.Eventually(t, func() bool { return strings.Contains(stderr.String(), "serving") }, 10*time.Second, 10*time.Millisecond)
	assert.Contains(t, stderr.String(), "warning: --addr :0 listens on every network interface")
	cancel()
	<-code
}

// TestTracingBackendsTrace: the backends marked traces (those /api/trace
// replays) do report their search through model.Options.Trace.
func TestTracingBackendsTrace(t *testing.T) {
	g, err := sudoku.Parse("1...........2..3", sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	marked := 0
	for _, b := range backends {
		if !b.traces {
			continue
		}
		marked++
		events := 0
		_, err := b.solver.Solve(context.Background(), m, model.Options{Limit: 2, Trace: func(model.Event) { events++ }})
		require.NoError(t, err, b.name)
		assert.Positive(t, events, "%s reports its steps", b.name)
	}
	assert.Equal(t, 2, marked, "dlx and backtrack")
}

// TestGenerateRecordIsTheServers: for the same seed and options, sudokit
// generate --json prints, record for record, the bytes /api/generate
// answers (the times taken zeroed): one record and one options path for
// both front ends, defaults included (no backend, no cage size).
func TestGenerateRecordIsTheServers(t *testing.T) {
	s, err := server.New(server.Config{Backends: serverBackends(), Default: "auto", Propagator: prop.New(), Timeout: 2 * time.Minute})
	require.NoError(t, err)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	elapsed := regexp.MustCompile(`"elapsed_ns":[0-9]+`)
	for _, tc := range []struct {
		args string // generate's flags, beside -n and --seed
		body map[string]any
	}{
		{"--symmetry rotate180 --minimal", map[string]any{"symmetry": "rotate180", "minimal": true}},
		{"--size 2x3 --variant diagonal --backend dlx", map[string]any{"size": "2x3", "variants": []string{"diagonal"}, "backend": "dlx"}},
		{"--size 6 --variant killer", map[string]any{"size": "6", "variants": []string{"killer"}}},
		{"--size 6 --variant killer --cage-size 3", map[string]any{"size": "6", "variants": []string{"killer"}, "cage_size": 3}},
		{"--variant thermo --clues 4 --givens 30", map[string]any{"variants": []string{"thermo"}, "clues": 4, "givens": 30}},
		{"--size 4 --variant jigsaw --symmetry mirror", map[string]any{"size": "4", "variants": []string{"jigsaw"}, "symmetry": "mirror"}},
		{"--difficulty easy", map[string]any{"difficulty": "easy"}},
	} {
		const seed, count = 11, 2
		r := run(t, "", append([]string{"generate", "-j", "1", "--json", "-n", strconv.Itoa(count), "--seed", strconv.Itoa(seed)}, strings.Fields(tc.args)...)...)
		require.Equal(t, exitOK, r.code, "%s: %s", tc.args, r.stderr)
		cli := strings.Split(strings.TrimSpace(elapsed.ReplaceAllString(r.stdout, `"elapsed_ns":0`)), "\n")

		tc.body["seed"], tc.body["count"] = seed, count
		body, err := json.Marshal(tc.body)
		require.NoError(t, err)
		resp, err := http.Post(ts.URL+"/api/generate", "application/json", bytes.NewReader(body))
		require.NoError(t, err)
		var a struct {
			Puzzles []json.RawMessage `json:"puzzles"`
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&a))
		require.NoError(t, resp.Body.Close())
		require.Equal(t, http.StatusOK, resp.StatusCode, tc.args)
		require.Len(t, a.Puzzles, count, tc.args)
		for i, rec := range a.Puzzles {
			assert.Equal(t, cli[i], elapsed.ReplaceAllString(string(rec), `"elapsed_ns":0`), "%s: puzzle %d", tc.args, i)
		}
	}
}
