package server_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/server"
)

// TestCrossSite: the API answers requests that name the server's own
// host, a loopback name or an allowed one, and refuses with 403 a Host
// another site's DNS name would carry (DNS rebinding) and a page of
// another origin.
func TestCrossSite(t *testing.T) {
	ts := newServer(t, server.Config{Addr: "192.0.2.7:8080", AllowHosts: []string{"sudoku.example"}})
	body := `{"puzzle":"` + small + `"}`
	tests := []struct {
		host, origin string
		status       int
	}{
		{"", "", http.StatusOK}, // the test server's 127.0.0.1:port
		{"localhost:8080", "", http.StatusOK},
		{"[::1]:8080", "http://[::1]:8080", http.StatusOK},
		{"192.0.2.7:8080", "", http.StatusOK},
		{"sudoku.example", "http://sudoku.example", http.StatusOK},
		{"attacker.example:8080", "", http.StatusForbidden},
		{"localhost.attacker.example", "", http.StatusForbidden},
		{"", "http://attacker.example", http.StatusForbidden},
	}
	for _, tt := range tests {
		rq, err := http.NewRequest(http.MethodPost, ts.URL+"/api/solve", strings.NewReader(body))
		require.NoError(t, err)
		rq.Header.Set("Content-Type", "application/json")
		if tt.host != "" {
			rq.Host = tt.host
		}
		if tt.origin != "" {
			rq.Header.Set("Origin", tt.origin)
		}
		resp, err := ts.Client().Do(rq)
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, tt.status, resp.StatusCode, "host %q origin %q: %s", tt.host, tt.origin, b)
	}
	// The page too: a rebound name gets no page.
	rq, err := http.NewRequest(http.MethodGet, ts.URL+"/", nil)
	require.NoError(t, err)
	rq.Host = "attacker.example"
	resp, err := ts.Client().Do(rq)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
}

// TestSlowBody: a body that stops coming is answered 408, without the
// socket addresses of the read error.
func TestSlowBody(t *testing.T) {
	s, err := server.New(server.Config{Backends: backends(), Logf: t.Logf})
	require.NoError(t, err)
	hs := s.HTTPServer("127.0.0.1:0")
	hs.ReadTimeout = 100 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	c, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer c.Close()
	_, err = io.WriteString(c, "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"puzzle\":")
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode, "%s", b)
	assert.NotContains(t, string(b), "127.0.0.1")
	assert.Contains(t, string(b), "did not arrive in time")
}

// TestHugeTimeout: a timeout_ms too large for a time.Duration takes the
// server's limit instead of overflowing to a negative one (which answered
// unknown at once).
func TestHugeTimeout(t *testing.T) {
	ts := newServer(t, server.Config{})
	for _, ms := range []int64{9223372036855, 1<<63 - 1} {
		var r puzzle.Record
		postJSON(t, ts, "/api/solve", req{"puzzle": top95first, "backend": "dlx", "timeout_ms": ms}, http.StatusOK, &r)
		assert.Equal(t, "sat", r.Status, "timeout_ms %d", ms)
		assert.Equal(t, []string{top95sol}, r.Solutions)
	}
}

// TestGenerateSeedExact: seeds are answered as strings of digits, which
// JavaScript reads exactly (a number above 2^53 was rounded, and the seed
// the page showed made other puzzles), and a seed sent back as a string
// makes the same puzzle.
func TestGenerateSeedExact(t *testing.T) {
	ts := newServer(t, server.Config{})
	const seed = "18446744073709551557" // 2^64 - 59: no float64 holds it
	var a map[string]any
	postJSON(t, ts, "/api/generate", req{"seed": json.Number(seed), "size": "4", "backend": "dlx"}, http.StatusOK, &a)
	assert.Equal(t, seed, a["seed"])
	puzzles := a["puzzles"].([]any)
	require.Len(t, puzzles, 1)
	first := puzzles[0].(map[string]any)
	assert.IsType(t, "", first["seed"], "a puzzle's seed is a string too")

	var b map[string]any
	postJSON(t, ts, "/api/generate", req{"seed": seed, "size": "4", "backend": "dlx"}, http.StatusOK, &b)
	assert.Equal(t, seed, b["seed"])
	assert.Equal(t, first["puzzle"], b["puzzles"].([]any)[0].(map[string]any)["puzzle"], "the seed as a string, the same puzzle")

	code, body := post(t, ts, "/api/generate", `{"seed":"-1"}`)
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, string(body), `member \"seed\"`)
}
