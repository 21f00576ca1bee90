package fpuzzles_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
)

// TestGivenPencilMarks: "givenPencilMarks" restrict a cell to those values
// (an empty 4x4 with r1c1 in {1} and r1c2 in {2} has 288/12 = 24
// solutions, not 288); on a given cell they are not read, as by the
// reference solver, and are named in Unused; Encode writes them back.
func TestGivenPencilMarks(t *testing.T) {
	const doc = `{"size":4,"grid":[[{"givenPencilMarks":[1]},{"givenPencilMarks":[2]},{},{}],` +
		`[{},{},{},{}],[{},{},{"value":3,"given":true,"givenPencilMarks":[1,2]},{}],[{},{},{},{"givenPencilMarks":null}]]}`
	p, err := fpuzzles.Decode(doc)
	require.NoError(t, err)
	assert.Equal(t, uint64(1), p.Grid.MarksAt(0, 0))
	assert.Equal(t, uint64(2), p.Grid.MarksAt(0, 1))
	assert.Equal(t, uint64(0), p.Grid.MarksAt(2, 2), "a given's marks are not read")
	assert.Equal(t, []string{"givenPencilMarks on givens (R3C3)"}, p.Unused)

	count := func(p *fpuzzles.Puzzle) int {
		m, err := rules.Build(p.Grid, p.Variants...)
		require.NoError(t, err)
		res, err := dlx.New().Solve(context.Background(), m, model.Options{})
		require.NoError(t, err)
		return res.Count
	}
	p.Grid.Set(2, 2, 0)
	assert.Equal(t, 24, count(p))

	js, err := fpuzzles.Encode(p)
	require.NoError(t, err)
	assert.Contains(t, js, `"givenPencilMarks":[1]`)
	back, err := fpuzzles.Decode(js)
	require.NoError(t, err)
	assert.Equal(t, p.Grid.Marks, back.Grid.Marks)
	assert.Equal(t, 24, count(back))

	for _, bad := range []string{`[0]`, `[5]`, `["x"]`} {
		_, err := fpuzzles.Decode(`{"size":4,"grid":[[{"givenPencilMarks":` + bad + `},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`)
		require.ErrorIs(t, err, fpuzzles.ErrSyntax, bad)
		assert.ErrorContains(t, err, "R1C1: pencil mark", bad)
	}
}
