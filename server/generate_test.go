package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/server"
)

// TestGenerateDefaultBackend checks that /api/generate without a backend
// takes generate.DefaultBackend, as the CLI's generate does, when the
// server has it, and the server's default otherwise; and that a killer's
// answer lists its cages as generate --json does.
func TestGenerateDefaultBackend(t *testing.T) {
	var a struct {
		Puzzles []generate.Record `json:"puzzles"`
	}
	ts := newServer(t, server.Config{Timeout: 2 * time.Minute, Default: "dlx"})
	for _, tc := range []struct {
		body req
		want string
	}{
		{req{"size": "4", "seed": 1}, "prop"},
		{req{"size": "6", "variants": []string{"killer"}, "seed": 1}, "auto"},
		{req{"size": "4", "seed": 1, "backend": "sat"}, "sat"},
	} {
		postJSON(t, ts, "/api/generate", tc.body, http.StatusOK, &a)
		require.Len(t, a.Puzzles, 1)
		assert.Equal(t, tc.want, a.Puzzles[0].Backend, "%v", tc.body)
	}
	postJSON(t, ts, "/api/generate", req{"size": "6", "variants": []string{"killer"}, "seed": 1}, http.StatusOK, &a)
	require.NotEmpty(t, a.Puzzles[0].Cages, "a killer's cages")
	total := 0
	for _, c := range a.Puzzles[0].Cages {
		total += c.Total
	}
	assert.Equal(t, 6*21, total, "the cages add up to the grid")

	only := newServer(t, server.Config{Timeout: 2 * time.Minute, Default: "dlx", Backends: backends()[:1]})
	postJSON(t, only, "/api/generate", req{"size": "4", "seed": 1}, http.StatusOK, &a)
	require.Len(t, a.Puzzles, 1)
	assert.Equal(t, "dlx", a.Puzzles[0].Backend, "no prop here: the server's default")
}

// TestGenerateRating checks that /api/generate reads a rating band as the
// CLI's --rating does: the record's rating lies in it, and a bad band is
// a bad request.
func TestGenerateRating(t *testing.T) {
	var a struct {
		Puzzles []generate.Record `json:"puzzles"`
	}
	ts := newServer(t, server.Config{Timeout: 2 * time.Minute, Default: "dlx"})
	postJSON(t, ts, "/api/generate", req{"rating": "3.0-3.9", "seed": 2, "count": 2}, http.StatusOK, &a)
	require.Len(t, a.Puzzles, 2)
	for _, p := range a.Puzzles {
		require.NotNil(t, p.Rating, p.Puzzle)
		assert.True(t, p.Rating.ER >= 3 && p.Rating.ER <= 3.9, "%s rated %.1f", p.Puzzle, p.Rating.ER)
	}
	var e struct {
		Error string `json:"error"`
	}
	postJSON(t, ts, "/api/generate", req{"rating": "8-7"}, http.StatusBadRequest, &e)
	assert.Contains(t, e.Error, "8.0 is above 7.0")
	postJSON(t, ts, "/api/generate", req{"rating": "7-8", "size": "4"}, http.StatusBadRequest, &e)
	assert.Contains(t, e.Error, "classic 9x9")
}
