package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/server"
	"github.com/sudokit/sudokit/sudoku"
)

// techniqueInfo is a technique as GET /api/info lists it.
type techniqueInfo struct {
	Name    string  `json:"name"`
	Level   string  `json:"level"`
	Rating  float64 `json:"rating"`
	Default bool    `json:"default"`
}

// TestInfoTechniques: /api/info lists every technique but the guess, in
// the order paths try them, each with its level, rating and whether paths
// use it by default: as package logic says, but for nested nishio over
// every rule, which the server leaves out unless asked.
func TestInfoTechniques(t *testing.T) {
	ts := newServer(t, server.Config{})
	var info struct {
		Techniques []techniqueInfo `json:"techniques"`
	}
	getJSON(t, ts, "/api/info", &info)
	def := logic.DefaultTechniques() &^ (logic.TechniqueSet(1) << logic.RulesNestedNishio)
	var want []techniqueInfo
	for _, tq := range logic.Techniques() {
		if tq != logic.Guess {
			want = append(want, techniqueInfo{tq.String(), tq.Level().String(), tq.Difficulty(), def.Has(tq)})
		}
	}
	assert.Equal(t, want, info.Techniques)
	byName := map[string]techniqueInfo{}
	for _, tq := range info.Techniques {
		byName[tq.Name] = tq
	}
	assert.True(t, byName["hidden single"].Default)
	assert.False(t, byName["unique rectangle"].Default, "only with assume_unique")
}

// TestLogicTechniques: hint and explain take the CLI's technique changes.
// Without hidden singles, top95's first hint is another technique, and no
// step of the path is a hidden single; "none" with the singles only gets
// stuck where they do, and the path guesses; assume_unique lets a unique
// rectangle in.
func TestLogicTechniques(t *testing.T) {
	ts := newServer(t, server.Config{Timeout: 2 * time.Minute}) // a busy machine does not stop a path
	var h logicRecord
	postJSON(t, ts, "/api/hint", req{"puzzle": top95first, "techniques": "-hidden single"}, http.StatusOK, &h)
	require.NotNil(t, h.Step)
	assert.NotEqual(t, "hidden single", h.Step.Technique)

	var e logicRecord
	postJSON(t, ts, "/api/explain", req{"puzzle": top95first, "backend": "dlx", "techniques": "-hidden single"}, http.StatusOK, &e)
	require.NotEmpty(t, e.Steps)
	for _, st := range e.Steps {
		assert.NotEqual(t, "hidden single", st.Technique, st.Text)
	}
	g, err := sudoku.Parse(top95first, sudoku.ParseOptions{})
	require.NoError(t, err)
	set, err := logic.ParseTechniques("-hidden single", logic.DefaultTechniques())
	require.NoError(t, err)
	want, err := logic.Explain(t.Context(), modelWith(t, puzzle.Item{Grid: g}, nil), logic.Options{Techniques: set, Solver: dlx.New()})
	require.NoError(t, err)
	require.Len(t, e.Steps, len(want.Steps))
	for k, st := range want.Steps {
		assert.Equal(t, st.String(), e.Steps[k].Text)
	}

	var singles logicRecord
	postJSON(t, ts, "/api/explain", req{"puzzle": top95first, "backend": "dlx", "techniques": "none,+naked single,+hidden single"}, http.StatusOK, &singles)
	require.NotEmpty(t, singles.Steps)
	guesses := 0
	for _, st := range singles.Steps {
		assert.Contains(t, []string{"naked single", "hidden single", "full house", "guess"}, st.Technique, st.Text)
		if st.Technique == "guess" {
			guesses++
		}
	}
	assert.Positive(t, guesses, "the singles get stuck, and the path goes on from the solution")
	assert.Equal(t, "search", singles.Level)

	// top95's 11th puzzle: with assume_unique, a unique rectangle.
	const top95eleventh = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
	uses := func(body req) bool {
		var r logicRecord
		postJSON(t, ts, "/api/explain", body, http.StatusOK, &r)
		require.NotEmpty(t, r.Steps)
		for _, st := range r.Steps {
			if st.Technique == "unique rectangle" {
				return true
			}
		}
		return false
	}
	assert.True(t, uses(req{"puzzle": top95eleventh, "backend": "dlx", "assume_unique": true}))
	assert.False(t, uses(req{"puzzle": top95eleventh, "backend": "dlx"}))
}

// getJSON GETs path and decodes its 200 answer into out.
func getJSON(t *testing.T, ts *httptest.Server, path string, out any) {
	t.Helper()
	res, err := ts.Client().Get(ts.URL + path)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NoError(t, json.NewDecoder(res.Body).Decode(out))
}

// TestServerDefaultTechniques: the server's paths leave out nested nishio
// over every rule unless a request adds it by name (its steps on hard
// killers take longer than a request's default deadline).
func TestServerDefaultTechniques(t *testing.T) {
	ts := newServer(t, server.Config{Timeout: 2 * time.Minute})
	var info struct {
		Techniques []techniqueInfo `json:"techniques"`
	}
	getJSON(t, ts, "/api/info", &info)
	def := map[string]bool{}
	for _, tq := range info.Techniques {
		def[tq.Name] = tq.Default
	}
	require.Contains(t, def, "nested nishio over every rule")
	assert.False(t, def["nested nishio over every rule"])
	assert.True(t, def["forcing over every rule"])
	var h logicRecord
	postJSON(t, ts, "/api/hint", req{"puzzle": top95first, "techniques": "+nested nishio over every rule"}, http.StatusOK, &h)
	require.NotNil(t, h.Step)
	var bad struct{ Error string }
	postJSON(t, ts, "/api/hint", req{"puzzle": top95first, "techniques": "+nested nishio"}, http.StatusBadRequest, &bad)
	assert.Contains(t, bad.Error, `unknown technique "nested nishio"`)
}
