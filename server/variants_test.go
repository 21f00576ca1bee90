package server_test

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/server"
	"github.com/sudokit/sudokit/variants"
)

// TestGlobalVariantsFollowTheJigsaw: a request's variants that read the
// grid's regions follow a jigsaw puzzle's regions, as the CLI's --variant
// does (puzzle.Cache): the server answers what a Cache with those
// variants builds.
func TestGlobalVariantsFollowTheJigsaw(t *testing.T) {
	text, err := os.ReadFile("../testdata/jigsaw.txt")
	require.NoError(t, err)
	rd := &puzzle.Reader{Format: puzzle.Jigsaw}
	// The layout without givens: with disjoint groups following its
	// regions there is no solution, with the standard boxes many.
	blank := strings.Repeat(".", 81) + string(text)[strings.IndexByte(string(text), '\n'):]
	items, err := rd.ReadString(blank, "jigsaw.txt")
	require.NoError(t, err)
	require.NoError(t, items[0].Err)
	ts := newServer(t, server.Config{})
	for _, name := range []string{"disjoint"} {
		vs, err := variants.ParseList(name)
		require.NoError(t, err)
		m, err := (&puzzle.Cache{Variants: vs}).Model(items[0])
		require.NoError(t, err)
		want, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2, Keep: 2})
		require.NoError(t, err)
		var got puzzle.Record
		postJSON(t, ts, "/api/verify", req{"puzzle": blank, "in": "jigsaw", "variants": []string{name}, "backend": "dlx"}, http.StatusOK, &got)
		assert.Equal(t, "none", want.Status.String(), name)
		assert.Equal(t, want.Status.String(), got.Status, name)
	}
}
