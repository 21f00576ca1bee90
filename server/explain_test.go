package server_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/server"
)

// explainMarks is /api/explain's answer with the pencil marks per step.
type explainMarks struct {
	logicRecord
	Candidates      [][][]int `json:"candidates"`
	CandidatesError string    `json:"candidates_error"`
}

// cellIndex reads "r3c5" as a 9x9 cell index.
func cellIndex(t *testing.T, name string) int {
	t.Helper()
	var r, c int
	_, err := fmt.Sscanf(name, "r%dc%d", &r, &c)
	require.NoError(t, err, name)
	return (r-1)*9 + c - 1
}

// TestExplainCandidates: asked for them, the explanation answers the pencil
// marks before every step and after the last. The first are /api/candidates'
// own; each step's eliminated values are there before it and gone after;
// each placed value is among its cell's marks before and alone after; the
// last are the solution. Not asked for, there are none.
func TestExplainCandidates(t *testing.T) {
	ts := newServer(t, server.Config{})
	var plain explainMarks
	postJSON(t, ts, "/api/explain", req{"puzzle": top95first, "backend": "dlx"}, http.StatusOK, &plain)
	assert.Nil(t, plain.Candidates, "only when asked for")

	var e explainMarks
	postJSON(t, ts, "/api/explain", req{"puzzle": top95first, "backend": "dlx", "candidates": true}, http.StatusOK, &e)
	require.Empty(t, e.CandidatesError)
	require.Len(t, e.Candidates, len(e.Steps)+1)
	assert.Len(t, e.Steps, 71, "the path as without the marks")

	var c struct {
		Candidates [][]int `json:"candidates"`
	}
	postJSON(t, ts, "/api/candidates", req{"puzzle": top95first}, http.StatusOK, &c)
	assert.Equal(t, c.Candidates, e.Candidates[0])

	for k, st := range e.Steps {
		before, after := e.Candidates[k], e.Candidates[k+1]
		for _, el := range st.Eliminations {
			i := cellIndex(t, el.Cell)
			for _, v := range el.Values {
				assert.Contains(t, before[i], v, "step %d: %s", k+1, st.Text)
				assert.NotContains(t, after[i], v, "step %d: %s", k+1, st.Text)
			}
		}
		for _, p := range st.Placements {
			i := cellIndex(t, p.Cell)
			assert.Contains(t, before[i], p.Value, "step %d: %s", k+1, st.Text)
			assert.Equal(t, []int{p.Value}, after[i], "step %d: %s", k+1, st.Text)
		}
	}
	last := e.Candidates[len(e.Steps)]
	for i, ch := range top95sol {
		assert.Equal(t, []int{int(ch - '0')}, last[i], "cell %d", i)
	}
}
