package generate_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

func TestRequestOptions(t *testing.T) {
	o, err := generate.Request{}.Options()
	require.NoError(t, err)
	assert.Equal(t, sudoku.Shape{BoxRows: 3, BoxCols: 3}, o.Shape, "9x9 by default")
	assert.Equal(t, generate.NoClues, o.Clues)
	o, err = generate.Request{Size: "2x3", Variants: "thermo,diagonal", Symmetry: "rotate180", Minimal: true, Givens: 12,
		Attempts: 7, Clues: 3, CageSize: 4, Seed: 99, Nodes: 1000}.Options()
	require.NoError(t, err)
	assert.Equal(t, sudoku.Shape{BoxRows: 2, BoxCols: 3}, o.Shape)
	assert.Equal(t, generate.Rotate180, o.Symmetry)
	assert.NotEqual(t, generate.NoClues, o.Clues)
	assert.Len(t, o.Variants, 1, "diagonal is a global rule, thermo the clue kind")
	assert.True(t, o.Minimal)
	assert.Equal(t, []any{12, 7, 3, 4, uint64(99), int64(1000)}, []any{o.Givens, o.Attempts, o.ClueCount, o.CageSize, o.Seed, o.Nodes})
	o, err = generate.Request{Variants: "killer", Difficulty: "expert+"}.Options()
	require.NoError(t, err)
	assert.True(t, o.Killer)
	for name, bad := range map[string]generate.Request{
		"size": {Size: "7x"}, "variant": {Variants: "nosuchrule"}, "symmetry": {Symmetry: "sideways"}, "difficulty": {Difficulty: "hardest"},
		"negative givens": {Givens: -1}, "negative nodes": {Nodes: -1}, "negative clues": {Variants: "thermo", Clues: -1},
		"cage size 1": {Variants: "killer", CageSize: 1}, "clues without a kind": {Clues: 3},
	} {
		_, err := bad.Options()
		assert.Error(t, err, name)
	}
}

func TestDefaultBackend(t *testing.T) {
	for _, tc := range []struct {
		req  generate.Request
		want string
	}{
		{generate.Request{}, "prop"},
		{generate.Request{Size: "2x3"}, "prop"},
		{generate.Request{Size: "16"}, "auto"},
		{generate.Request{Variants: "killer"}, "auto"},
		{generate.Request{Size: "16", Variants: "arrow"}, "prop"},
	} {
		o, err := tc.req.Options()
		require.NoError(t, err)
		assert.Equal(t, tc.want, generate.DefaultBackend(o), "%+v", tc.req)
	}
}

// TestNewRecord checks a killer's record against the puzzle: its cages
// add up to the solution, and its link reads back as the same givens.
func TestNewRecord(t *testing.T) {
	o, err := generate.Request{Size: "4", Variants: "killer", Seed: 7}.Options()
	require.NoError(t, err)
	o.Solver = prop.New()
	g, err := generate.New(o)
	require.NoError(t, err)
	p, err := g.Puzzle(context.Background(), 0)
	require.NoError(t, err)
	r, err := generate.NewRecord(p, o, "prop", 0)
	require.NoError(t, err)
	assert.Empty(t, r.WithoutClues, "no clues drawn")
	assert.Nil(t, r.Score, "no grader")
	total, cells := 0, 0
	for _, c := range r.Cages {
		total += c.Total
		cells += len(c.Cells)
	}
	assert.Equal(t, 16, cells, "every cell in a cage")
	assert.Equal(t, 4*(1+2+3+4), total, "the cages add up to the grid")
	back, err := fpuzzles.Decode(r.Link)
	require.NoError(t, err)
	assert.Equal(t, p.Grid.Cells, back.Grid.Cells)

	classic, err := generate.Request{Size: "4", Minimal: true, Seed: 7}.Options()
	require.NoError(t, err)
	classic.Solver = prop.New()
	g, err = generate.New(classic)
	require.NoError(t, err)
	p, err = g.Puzzle(context.Background(), 3)
	require.NoError(t, err)
	r, err = generate.NewRecord(p, classic, "prop", 2)
	require.NoError(t, err)
	assert.Equal(t, []any{generate.Schema, "generate", 2, 3, uint64(7), generate.PuzzleSeed(7, 3), "prop"},
		[]any{r.Schema, r.Source, r.Line, r.Index, r.Seed, r.PuzzleSeed, r.Backend}, "index 3, the second line of a run from index 2")
	assert.Equal(t, p.Grid.Line(), r.Puzzle)
	assert.Equal(t, p.Solution.Line(), r.Solution)
	require.NotNil(t, r.Minimal, "asked for")
	assert.Equal(t, p.Minimal, *r.Minimal)
	assert.Equal(t, []string{}, r.Variants)
	assert.Empty(t, r.Link, "a classic puzzle's line carries it")
	assert.Empty(t, r.Cages)
	assert.Equal(t, p.Givens, r.Givens)
	assert.Equal(t, p.Symmetry.String(), r.Symmetry)
}
