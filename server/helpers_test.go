package server_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// modelWith builds the model of an item with global variants by name.
func modelWith(t *testing.T, it puzzle.Item, names []string) *model.Model {
	t.Helper()
	vs, err := variants.ParseList(strings.Join(names, ","))
	require.NoError(t, err)
	m, err := rules.Build(it.Grid, append(vs, it.Own...)...)
	require.NoError(t, err)
	return m
}

// solutionOf reads a solution line as m's candidates.
func solutionOf(t *testing.T, m *model.Model, line string) model.Solution {
	t.Helper()
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(t, err)
	require.Len(t, g.Cells, m.Cells())
	sol := make(model.Solution, len(g.Cells))
	for i, v := range g.Cells {
		require.NotZero(t, v, "a solution fills every cell")
		sol[i] = m.Cand(i, v)
	}
	return sol
}
