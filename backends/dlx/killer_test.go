package dlx_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
)

// wikiKiller is the killer sudoku of Wikipedia's "Killer sudoku" article
// (its figure Killersudoku_color.svg): no givens, 29 cages, each written as
// its total and its cells "r<row>c<col>"; wikiKillerSolution is its one
// solution, row by row.
var wikiKiller = []string{
	"3 r1c1 r1c2", "15 r1c3 r1c4 r1c5", "25 r2c1 r2c2 r3c1 r3c2", "17 r2c3 r2c4",
	"9 r3c3 r3c4 r4c4", "22 r1c6 r2c5 r2c6 r3c5", "4 r1c7 r2c7", "16 r1c8 r2c8",
	"15 r1c9 r2c9 r3c9 r4c9", "20 r3c7 r3c8 r4c7", "8 r3c6 r4c6 r5c6", "17 r4c5 r5c5 r6c5",
	"20 r5c4 r6c4 r7c4", "14 r4c2 r4c3", "6 r4c1 r5c1", "13 r5c2 r5c3 r6c2",
	"6 r6c3 r7c2 r7c3", "17 r4c8 r5c7 r5c8", "27 r6c1 r7c1 r8c1 r9c1", "8 r8c2 r9c2",
	"16 r8c3 r9c3", "10 r7c5 r8c4 r8c5 r9c4", "12 r5c9 r6c9", "6 r6c7 r6c8",
	"20 r6c6 r7c6 r7c7", "15 r8c6 r8c7", "14 r7c8 r7c9 r8c8 r8c9", "13 r9c5 r9c6 r9c7",
	"17 r9c8 r9c9",
}

const wikiKillerSolution = "215647398368952174794381652586274931142593867973816425821739546659428713437165289"

// killerModel builds a 9x9 killer sudoku: rows, columns and boxes as
// houses, each cage a distinct Sum of its cells' values.
func killerModel(tb testing.TB, cages []string) *model.Model {
	tb.Helper()
	b := model.NewBuilder(81, 9)
	for k := range 9 {
		var row, col, box []int
		for j := range 9 {
			row = append(row, 9*k+j)
			col = append(col, 9*j+k)
			box = append(box, 9*(3*(k/3)+j/3)+3*(k%3)+j%3)
		}
		b.House(fmt.Sprintf("row %d", k+1), row)
		b.House(fmt.Sprintf("column %d", k+1), col)
		b.House(fmt.Sprintf("box %d", k+1), box)
	}
	for n, cage := range cages {
		f := strings.Fields(cage)
		var total int
		_, err := fmt.Sscan(f[0], &total)
		require.NoError(tb, err)
		cells := make([]int, len(f)-1)
		ones := make([]int, len(cells))
		for i, name := range f[1:] {
			var r, c int
			_, err := fmt.Sscanf(name, "r%dc%d", &r, &c)
			require.NoError(tb, err)
			cells[i], ones[i] = 9*(r-1)+c-1, 1
		}
		b.Linear(fmt.Sprintf("cage %d", n+1), cells, ones, []int{total}, true)
	}
	m, err := b.Build()
	require.NoError(tb, err)
	return m
}

// TestKiller solves the Wikipedia killer with every Sum lowering and
// through the Solver: one solution, the published one.
func TestKiller(t *testing.T) {
	m := killerModel(t, wikiKiller)
	for _, sums := range []int{dlx.SumAuto, dlx.SumTuples, dlx.SumDigits, dlx.SumChains} {
		got := matrixSolutions(t, m, sums)
		require.Len(t, got, 1, "lowering %d", sums)
	}
	res, err := new(dlx.Solver).Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	require.Equal(t, model.Unique, res.Status)
	var sb strings.Builder
	for _, c := range res.Solutions[0] {
		fmt.Fprint(&sb, m.ValueOf(c))
	}
	require.Equal(t, wikiKillerSolution, sb.String())
}
