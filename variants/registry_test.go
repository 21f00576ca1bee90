package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/internal/fixture"
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
		return fixture.Constraints(rs.Base())
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
		return fixture.Constraints(rs.Base())
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

// TestFamilies: every family registers a fuzz maker whose instances are of
// its codec's types (when it has a codec), and the families come in Order.
func TestFamilies(t *testing.T) {
	fams := variants.Families()
	require.NotEmpty(t, fams)
	assert.Equal(t, "jigsaw", fams[0].Name, "a jigsaw's regions replace the boxes before anything else")
	seen := map[string]bool{}
	for i, f := range fams {
		if i > 0 {
			assert.Less(t, fams[i-1].Order, f.Order, f.Name)
		}
		assert.NotEmpty(t, f.Summary, f.Name)
		require.NotNil(t, f.Fuzz, f.Name)
		for _, e := range f.Entries {
			assert.False(t, seen[e.Name], e.Name)
			seen[e.Name] = true
			got, ok := variants.FamilyOf(e.New())
			require.True(t, ok, e.Name)
			assert.Equal(t, f.Name, got.Name, e.Name)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 1))
		for _, s := range []sudoku.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 3}} {
			v := f.Fuzz(s, rng)
			if f.Codec == nil { // no f-puzzles form (counting circles): found by no type
				_, ok := variants.FamilyOf(v)
				assert.False(t, ok, f.Name)
				continue
			}
			got, ok := variants.FamilyOf(v)
			require.True(t, ok, "%s: %T", f.Name, v)
			assert.Equal(t, f.Name, got.Name)
		}
	}
	assert.ElementsMatch(t, variants.Names(), mapKeys(seen), "every named variant belongs to a family")
}

func mapKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestRegisterFamily: a family that claims a name, key, negative name or
// variant type another family holds is refused, and leaves nothing behind.
func TestRegisterFamily(t *testing.T) {
	type mine struct{ variants.Diagonal }
	codec := func(keys, negatives []string, types ...rules.Variant) *variants.Codec {
		return &variants.Codec{
			Keys: keys, Negatives: negatives, Types: types,
			Decode: func(*fpdoc.Reader) ([]rules.Variant, error) { return nil, nil },
			Encode: func(*fpdoc.Writer, []rules.Variant) error { return nil },
		}
	}
	for name, f := range map[string]variants.Family{
		"family name": {Name: "kropki"},
		"no name":     {},
		"entry name":  {Name: "fresh", Entries: []variants.Entry{{Name: "fresh", Aliases: []string{"x"}, New: func() rules.Variant { return mine{} }}}},
		"key":         {Name: "fresh", Codec: codec([]string{"fresh", "thermometer"}, nil, mine{})},
		"negative":    {Name: "fresh", Codec: codec([]string{"fresh"}, []string{"xv"}, mine{})},
		"type":        {Name: "fresh", Codec: codec([]string{"fresh"}, nil, variants.Thermo{})},
		"no decoder":  {Name: "fresh", Codec: &variants.Codec{Keys: []string{"fresh"}, Types: []rules.Variant{mine{}}}},
	} {
		require.Error(t, variants.RegisterFamily(f), name)
	}
	for _, f := range variants.Families() {
		assert.NotEqual(t, "fresh", f.Name)
	}
	_, ok := variants.FamilyOf(mine{})
	assert.False(t, ok, "a failed registration leaves nothing behind")
	_, err := variants.Lookup("fresh")
	require.Error(t, err)
}

// TestWhispersLoop: a whispers line through a cell twice (legal in
// f-puzzles) means the same as the line cut where it comes back.
func TestWhispersLoop(t *testing.T) {
	s, err := sudoku.ShapeOf(9)
	require.NoError(t, err)
	c := func(r, col int) sudoku.Cell { return sudoku.Cell{Row: r, Col: col} }
	loop := []sudoku.Cell{c(0, 0), c(0, 1), c(1, 1), c(1, 0), c(0, 0), c(0, 1), c(0, 2)}
	cut := [][]sudoku.Cell{{c(0, 0), c(0, 1), c(1, 1), c(1, 0)}, {c(1, 0), c(0, 0), c(0, 1)}, {c(0, 1), c(0, 2)}}
	build := func(lines [][]sudoku.Cell) string {
		rs, err := rules.New(s, variants.Whispers{Lines: lines})
		require.NoError(t, err)
		return fixture.Constraints(rs.Base())
	}
	assert.Equal(t, build(cut), build([][]sudoku.Cell{loop}))
	_, err = rules.New(s, variants.Renban{Lines: [][]sudoku.Cell{loop}})
	assert.ErrorContains(t, err, "listed twice", "a set rule on a loop stays refused")
}
