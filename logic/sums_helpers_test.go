package logic_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// linkModels reads a file of f-puzzles links (testdata/killers) and
// returns each puzzle's model, at most max of them (all when max <= 0).
func linkModels(tb testing.TB, path string, max int) []*model.Model {
	ms, _ := linkPuzzles(tb, path, max)
	return ms
}

// linkPuzzles is linkModels with each puzzle's published solution, a
// value per cell.
func linkPuzzles(tb testing.TB, path string, max int) ([]*model.Model, [][]int) {
	tb.Helper()
	r := puzzle.Reader{}
	text, err := os.ReadFile(path)
	require.NoError(tb, err)
	items, err := r.ReadString(string(text), path)
	require.NoError(tb, err)
	var c puzzle.Cache
	var out []*model.Model
	var sols [][]int
	for _, it := range items {
		if max > 0 && len(out) == max {
			break
		}
		m, err := c.Model(it)
		require.NoError(tb, err, it.Where())
		require.NotNil(tb, it.Stored, it.Where())
		out, sols = append(out, m), append(sols, it.Stored.Cells)
	}
	return out, sols
}

// BenchmarkGradeKillers explains the published killers in turn (no
// solver: the path stops where the techniques do); ns/op is a puzzle.
func BenchmarkGradeKillers(b *testing.B) {
	ms := linkModels(b, "../testdata/killers/killers.links.txt", 0)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := logic.Explain(context.Background(), ms[i%len(ms)], logic.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
