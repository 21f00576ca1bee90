package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/server"
)

// TestGenerateLinkCarriesRules: a generated puzzle with global rules only
// is unique under them, not without, so its answer gives the link that
// carries them, as for its own rules; a classic puzzle gets none.
func TestGenerateLinkCarriesRules(t *testing.T) {
	ts := newServer(t, server.Config{})
	type answer struct {
		Puzzles []generate.Record `json:"puzzles"`
	}
	var a, classic answer
	postJSON(t, ts, "/api/generate", req{"variants": []string{"diagonal"}, "seed": 5, "backend": "dlx"}, http.StatusOK, &a)
	require.Len(t, a.Puzzles, 1)
	p := a.Puzzles[0]
	assert.Equal(t, []string{"diagonal"}, p.Variants)
	require.True(t, strings.HasPrefix(p.Link, "https://f-puzzles.com/?load="), p.Link)
	var v puzzle.Record
	postJSON(t, ts, "/api/verify", req{"puzzle": p.Link}, http.StatusOK, &v)
	assert.Equal(t, "unique", v.Status, "the link reads back with its rules")
	assert.Equal(t, []string{p.Solution}, v.Solutions)

	postJSON(t, ts, "/api/generate", req{"seed": 5, "backend": "dlx"}, http.StatusOK, &classic)
	require.Len(t, classic.Puzzles, 1)
	assert.Empty(t, classic.Puzzles[0].Link, "a classic puzzle is its line")
}

// parsed is what these tests read of an /api/parse answer.
type parsed struct {
	puzzle.Record
	Document  json.RawMessage `json:"document"`
	Sudokupad string          `json:"sudokupad_url"`
	Warnings  []string        `json:"warnings"`
}

// TestParseKeepsMarks: a puzzle with pencil-mark givens and no rules gets
// its document, so that the page sends the marks back with the givens
// rather than a line of givens alone, and links that carry the marks.
func TestParseKeepsMarks(t *testing.T) {
	ts := newServer(t, server.Config{})
	const doc = `{"size":4,"grid":[[{"givenPencilMarks":[1]},{"givenPencilMarks":[2]},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	var p parsed
	postJSON(t, ts, "/api/parse", req{"puzzle": doc}, http.StatusOK, &p)
	require.NotNil(t, p.Document, "a document for the marks")
	assert.Contains(t, string(p.Document), `"givenPencilMarks":[2]`)

	count := func(text string) int {
		var c puzzle.Record
		postJSON(t, ts, "/api/count", req{"puzzle": text, "limit": 1000}, http.StatusOK, &c)
		require.NotNil(t, c.Count)
		return *c.Count
	}
	assert.Equal(t, 24, count(doc), "288 grids, 1 in 12 with 1 and 2 in r1c1 and r1c2")
	assert.Equal(t, 24, count(string(p.Document)), "the document is the same puzzle")
	link, err := fpuzzles.Decode(p.Sudokupad)
	require.NoError(t, err)
	assert.Equal(t, uint64(2), link.Grid.MarksAt(0, 1), "the link carries the marks")
}

// TestParseWarnsUnused: what an f-puzzles document carries that sudokit
// does not read is named in the parse answer's warnings; a plain document
// gets none.
func TestParseWarnsUnused(t *testing.T) {
	ts := newServer(t, server.Config{})
	const doc = `{"size":4,"metadata":{"rules":"no 1 in a corner"},"grid":[[{"value":1,"given":true},{"value":2},{"centerPencilMarks":[3]},{}],` +
		`[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	var p parsed
	postJSON(t, ts, "/api/parse", req{"puzzle": doc}, http.StatusOK, &p)
	require.Len(t, p.Warnings, 1)
	assert.Contains(t, p.Warnings[0], "the puzzle carries parts sudokit does not read (an entry in R1C2 (not a given), centerPencilMarks (R1C3), metadata)")

	var plain parsed
	postJSON(t, ts, "/api/parse", req{"puzzle": `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`}, http.StatusOK, &plain)
	assert.Empty(t, plain.Warnings)
}
