package backtrack_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// withRows returns m with the published solution's first rows given.
func withRows(tb testing.TB, k solvertest.Killer, m *model.Model, rows int) *model.Model {
	tb.Helper()
	g, err := m.WithGivens(k.Published(m)[:9*rows], nil)
	require.NoError(tb, err)
	return g
}

// TestKillers: the published killers, their first three rows given, are
// solved and proved unique, the sums pruned by their bounds as cells are
// placed. (With no givens plain backtracking takes 3e8 to 5e8 nodes:
// BenchmarkKiller.)
func TestKillers(t *testing.T) {
	for _, k := range solvertest.Killers() {
		m := withRows(t, k, k.Model(t, false), 3)
		res, err := backtrack.New().Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		require.Equal(t, model.Unique, res.Status, k.Name)
		assert.Equal(t, k.Published(m), res.Solutions[0], k.Name)
		t.Logf("%s: %d nodes", k.Name, res.Stats.Nodes)
	}
}

// BenchmarkKiller solves each published killer with no givens, and with
// its first three rows given, with Limit 1 (solve) and Limit 2 (prove
// unique). With no givens one op takes tens of seconds: run it with
// -benchtime=1x.
func BenchmarkKiller(b *testing.B) {
	for _, k := range solvertest.Killers() {
		for _, rows := range []int{0, 3} {
			m := withRows(b, k, k.Model(b, false), rows)
			for _, limit := range []int{1, 2} {
				benchKiller(b, fmt.Sprintf("%s/rows%d/limit%d", k.Name, rows, limit), m, limit)
			}
		}
	}
}

// benchKiller runs one BenchmarkKiller case.
func benchKiller(b *testing.B, name string, m *model.Model, limit int) {
	b.Run(name, func(b *testing.B) {
		s := backtrack.New()
		var nodes int64
		b.ReportAllocs()
		for b.Loop() {
			res, err := s.Solve(context.Background(), m, model.Options{Limit: limit})
			if err != nil || res.Count != 1 {
				b.Fatalf("%v %v", res.Status, err)
			}
			nodes = res.Stats.Nodes
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		b.ReportMetric(float64(nodes), "nodes/puzzle")
	})
}
