package sudoku_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/sudoku"
)

func TestRandomLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		line := sudoku.RandomLine(rng, 4, 5)
		require.GreaterOrEqual(t, len(line), 2)
		require.LessOrEqual(t, len(line), 5)
		seen := map[sudoku.Cell]bool{}
		for k, c := range line {
			require.False(t, seen[c], "no cell twice")
			seen[c] = true
			require.True(t, c.Row >= 0 && c.Row < 4 && c.Col >= 0 && c.Col < 4)
			if k > 0 {
				p := line[k-1]
				require.LessOrEqual(t, max(abs(c.Row-p.Row), abs(c.Col-p.Col)), 1, "king steps")
			}
		}
	}
}

func TestRandomPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	skip := map[[2]sudoku.Cell]bool{}
	pairs := sudoku.RandomPairs(rng, 4, 10, skip)
	require.Len(t, pairs, 10)
	for _, p := range pairs {
		d := abs(p[0].Row-p[1].Row) + abs(p[0].Col-p[1].Col)
		require.Equal(t, 1, d, "orthogonal neighbours")
		require.True(t, skip[[2]sudoku.Cell{p[1], p[0]}], "both orders are recorded")
	}
	require.Len(t, skip, 20, "no pair twice")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
