package variants_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
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
	vs, err := variants.ParseList("")
	require.NoError(t, err)
	assert.Empty(t, vs)
	vs, err = variants.ParseList("diagonal, ")
	require.NoError(t, err)
	require.Len(t, vs, 1)
	_, err = variants.ParseList("diagonal,x")
	require.ErrorContains(t, err, "named twice")
	_, err = variants.ParseList("diagonal,nope")
	require.ErrorContains(t, err, "nope")
}

func TestRegister(t *testing.T) {
	require.Error(t, variants.Register(variants.Entry{Name: "diagonal", New: func() rules.Variant { return variants.Diagonal{} }}))
	require.Error(t, variants.Register(variants.Entry{Name: "fresh", Aliases: []string{"X"}, New: func() rules.Variant { return variants.Diagonal{} }}))
	require.Error(t, variants.Register(variants.Entry{Name: "no-constructor"}))
	_, err := variants.Lookup("fresh")
	require.Error(t, err, "a failed registration leaves nothing behind")
}

func TestDiagonalRules(t *testing.T) {
	for _, n := range []int{4, 6, 9, 12, 16, 25} {
		s, err := sudoku.ShapeOf(n)
		require.NoError(t, err)
		plain, err := rules.New(s)
		require.NoError(t, err)
		diag, err := rules.New(s, variants.Diagonal{})
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

// TestSingleDiagonalRules: each half of Diagonal is the house of its
// diagonal, and the two halves together are Diagonal.
func TestSingleDiagonalRules(t *testing.T) {
	dump := func(s sudoku.Shape, vs ...rules.Variant) string {
		rs, err := rules.New(s, vs...)
		require.NoError(t, err)
		return rs.Base().String()
	}
	for _, n := range []int{4, 6, 9, 16} {
		s, err := sudoku.ShapeOf(n)
		require.NoError(t, err)
		var main, anti []sudoku.Cell
		for r := 0; r < n; r++ {
			main = append(main, sudoku.Cell{Row: r, Col: r})
			anti = append(anti, sudoku.Cell{Row: r, Col: n - 1 - r})
		}
		assert.Equal(t, dump(s, variants.ExtraRegions{Regions: [][]sudoku.Cell{main}}), dump(s, variants.DiagonalMain{}), n)
		assert.Equal(t, dump(s, variants.ExtraRegions{Regions: [][]sudoku.Cell{anti}}), dump(s, variants.DiagonalAnti{}), n)
		assert.Equal(t, dump(s, variants.Diagonal{}), dump(s, variants.DiagonalMain{}, variants.DiagonalAnti{}), n)
		assert.NotEqual(t, dump(s, variants.DiagonalMain{}), dump(s, variants.DiagonalAnti{}), n)
	}
	vs, err := variants.ParseList("diagonal-main,anti-diagonal")
	require.NoError(t, err)
	assert.Equal(t, []rules.Variant{variants.DiagonalMain{}, variants.DiagonalAnti{}}, vs)
}

// TestKropkiForms: the plain pair lists are the valued dots of the default
// values, and Negative is the two one-colour flags together.
func TestKropkiForms(t *testing.T) {
	s, err := sudoku.ShapeOf(6)
	require.NoError(t, err)
	dump := func(k variants.Kropki) string {
		rs, err := rules.New(s, k)
		require.NoError(t, err)
		return rs.Base().String()
	}
	plain := variants.Kropki{White: pairs("r1c1-r1c2 r3c3-r4c3"), Black: pairs("r6c6-r6c5")}
	valued := variants.Kropki{
		WhiteDots: []variants.Dot{{A: cell("r1c1"), B: cell("r1c2")}, {A: cell("r3c3"), B: cell("r4c3"), Value: 1}},
		BlackDots: []variants.Dot{{A: cell("r6c6"), B: cell("r6c5"), Value: 2}},
	}
	assert.Equal(t, dump(plain), dump(valued))
	other := valued
	other.WhiteDots = []variants.Dot{{A: cell("r1c1"), B: cell("r1c2"), Value: 2}, valued.WhiteDots[1]}
	assert.NotEqual(t, dump(plain), dump(other), "a value changes the rule")

	both := plain
	both.Negative = true
	halves := plain
	halves.NegativeWhite, halves.NegativeBlack = true, true
	assert.Equal(t, dump(both), dump(halves))
	white, black := plain, plain
	white.NegativeWhite, black.NegativeBlack = true, true
	for _, k := range []variants.Kropki{white, black} {
		assert.NotEqual(t, dump(plain), dump(k))
		assert.NotEqual(t, dump(both), dump(k))
	}
}
