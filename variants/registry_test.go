package variants_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

func TestLookup(t *testing.T) {
	for _, name := range []string{"diagonal", "X", " sudoku-x "} {
		v, err := variants.Lookup(name)
		require.NoError(t, err, name)
		assert.Equal(t, "diagonal", v.Name())
	}
	_, err := variants.Lookup("antiknigth")
	require.ErrorContains(t, err, `unknown variant "antiknigth"`)
	require.ErrorContains(t, err, "diagonal")
	assert.Contains(t, variants.Names(), "diagonal")
}

func TestParse(t *testing.T) {
	vs, err := variants.Parse("")
	require.NoError(t, err)
	assert.Empty(t, vs)
	vs, err = variants.Parse("diagonal, ")
	require.NoError(t, err)
	require.Len(t, vs, 1)
	_, err = variants.Parse("diagonal,x")
	require.ErrorContains(t, err, "named twice")
	_, err = variants.Parse("diagonal,nope")
	require.ErrorContains(t, err, "nope")
}

func TestRegister(t *testing.T) {
	require.Error(t, variants.Register(variants.Entry{Name: "diagonal", New: func() sudoku.Variant { return variants.Diagonal{} }}))
	require.Error(t, variants.Register(variants.Entry{Name: "fresh", Aliases: []string{"X"}, New: func() sudoku.Variant { return variants.Diagonal{} }}))
	require.Error(t, variants.Register(variants.Entry{Name: "no-constructor"}))
	_, err := variants.Lookup("fresh")
	require.Error(t, err, "a failed registration leaves nothing behind")
}

func TestDiagonalRules(t *testing.T) {
	for _, n := range []int{4, 6, 9, 12, 16, 25} {
		s, err := sudoku.ShapeOf(n)
		require.NoError(t, err)
		plain, err := sudoku.NewRules(s)
		require.NoError(t, err)
		diag, err := sudoku.NewRules(s, variants.Diagonal{})
		require.NoError(t, err)
		extra := diag.Base().Rules()[2*n*n : 2*n*n+2*n]
		assert.Equal(t, len(plain.Base().Rules())+2*n, len(diag.Base().Rules()))
		m := diag.Base()
		for i, r := range extra {
			assert.Equal(t, model.ExactlyOne, r.Kind)
			require.Len(t, r.Cands, n)
			for _, c := range r.Cands {
				cell := m.CellOf(c)
				row, col := cell/n, cell%n
				if i < n {
					assert.Equal(t, row, col, "main diagonal")
				} else {
					assert.Equal(t, n-1, row+col, "anti-diagonal")
				}
				assert.Equal(t, i%n+1, m.ValueOf(c))
			}
		}
	}
}
