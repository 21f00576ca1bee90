package canon_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

// FuzzCanon feeds any text through the parser to Of: it never panics,
// refuses only with ErrShape or ErrInput, and a form it gives is of the
// same shape and number of givens, its own form (idempotent), the form of
// a random transformation of the input, and equal to the whole group
// searched from the definition when the grid is small.
func FuzzCanon(f *testing.F) {
	for _, s := range []string{wikiPuzz, wikiGrid, serg, sparse, "1234341221434321", "4321............",
		"12..34" + "......" + "......" + "......" + "......" + "......", "123.", ""} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64) {
		g, err := sudoku.Parse(text, sudoku.ParseOptions{})
		if err != nil {
			return
		}
		c, err := canon.Of(g)
		if err != nil {
			require.True(t, errors.Is(err, canon.ErrShape) || errors.Is(err, canon.ErrInput), "%v", err)
			return
		}
		require.Equal(t, g.Shape, c.Shape)
		require.Equal(t, g.Givens(), c.Givens())
		again, err := canon.Of(c)
		require.NoError(t, err)
		require.Equal(t, c.Cells, again.Cells, "a form is its own form")
		moved := g.Clone()
		moved.Cells = transform(rand.New(rand.NewPCG(seed, 0)), g.Shape, g.Cells)
		mc, err := canon.Of(moved)
		require.NoError(t, err)
		require.Equal(t, c.Cells, mc.Cells, "moved %v", moved.Cells)
		if canon.Symmetries(g.Shape) <= 5000 {
			require.True(t, slices.Equal(brute(g.Shape, g.Cells), c.Cells))
		}
	})
}
