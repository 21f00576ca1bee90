package variants_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// TestRenbanRuns: a renban line of three cells or more also gets the
// implied rule of its runs, a distinct Sum weighing digit d 2^(d-1) whose
// totals are the runs' masks; a line of two gets none.
func TestRenbanRuns(t *testing.T) {
	m, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}),
		variants.Renban{Lines: lines("r1c1 r1c2 r2c2 r3c2 | r5c5 r5c6")})
	require.NoError(t, err)
	var runs []model.Rule
	for _, r := range m.Rules() {
		if r.Kind == model.Sum {
			runs = append(runs, r)
		}
	}
	require.Len(t, runs, 1)
	r := runs[0]
	assert.Equal(t, "renban 1 runs", r.Label)
	assert.True(t, r.Payload.Distinct)
	assert.True(t, r.Payload.Implied)
	assert.Equal(t, []int32{0b1111, 0b11110, 0b111100, 0b1111000, 0b11110000, 0b111100000}, r.Payload.Totals)
	assert.Equal(t, []int32{1, 2, 4, 8, 16, 32, 64, 128, 256}, m.CellWeights(r)[:9])

	// With 5 in r1c1 and 8 in r2c2 the line holds the run 5-8: every
	// solution has 6 and 7 in r1c2 and r3c2.
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	g.Set(0, 0, 5)
	g.Set(1, 1, 8)
	m, err = rules.Build(g, variants.Renban{Lines: lines("r1c1 r1c2 r2c2 r3c2")})
	require.NoError(t, err)
	res, err := prop.New().Solve(context.Background(), m, model.Options{Limit: 5})
	require.NoError(t, err)
	require.Len(t, res.Solutions, 5)
	for _, sol := range res.Solutions {
		require.NoError(t, model.Check(m, sol))
		a, b := m.ValueOf(sol[1]), m.ValueOf(sol[19])
		assert.ElementsMatch(t, []int{6, 7}, []int{a, b})
	}
}
