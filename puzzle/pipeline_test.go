package puzzle_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// TestAppendSolutionLine: the line AppendSolutionLine appends is the one
// Solution's grid writes, in the puzzle's alphabet, for every shape.
func TestAppendSolutionLine(t *testing.T) {
	for _, text := range []string{
		top95first,
		"1...\n..2.\n.3..\n...4\n",
		"A . . . . . . . C . . . . . . .\n" + strings.Repeat(strings.Repeat(". ", 15)+".\n", 15),
		"05" + strings.Repeat(".", 254),
	} {
		items, err := readAll(&puzzle.Reader{}, text)
		require.NoError(t, err)
		require.Len(t, items, 1)
		it := items[0]
		require.NoError(t, it.Err, text)
		m, err := (&puzzle.Cache{}).Model(it)
		require.NoError(t, err)
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		require.NotEmpty(t, res.Solutions, text)
		want := puzzle.Solution(it, res.Solutions[0]).Line()
		assert.Equal(t, "> "+want, string(puzzle.AppendSolutionLine([]byte("> "), it, res.Solutions[0])), text)
	}
	it := puzzle.Item{Grid: sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2})}
	assert.Panics(t, func() { puzzle.AppendSolutionLine(nil, it, model.Solution{0, 1}) }, "a solution of another shape")
}

// TestRunLongStream: over a stream many chunks long, whose chunks the
// batch reuses, every item gets its own result, in order.
func TestRunLongStream(t *testing.T) {
	const n = 5000
	items := make([]puzzle.Item, n)
	for i := range items {
		items[i].Text = strconv.Itoa(i)
	}
	in := make(chan puzzle.Item)
	go func() { _ = puzzle.ItemsOf(items)(in) }()
	next := 0
	puzzle.Run(in, 3, func(it puzzle.Item) string { return it.Text + "!" }, func(it puzzle.Item, r string) {
		assert.Equal(t, next, it.Index)
		assert.Equal(t, strconv.Itoa(next)+"!", r)
		next++
	})
	assert.Equal(t, n, next)
}
