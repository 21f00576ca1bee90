package variants_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

func shape(t *testing.T, n int) sudoku.Shape {
	t.Helper()
	s, err := sudoku.ShapeOf(n)
	require.NoError(t, err)
	return s
}

// TestApplyErrors: every validation error wraps ErrInvalid and names the
// offending cell (or what is wrong).
func TestApplyErrors(t *testing.T) {
	boxes9 := func() [][]sudoku.Cell {
		var regs [][]sudoku.Cell
		for b := 0; b < 9; b++ {
			var reg []sudoku.Cell
			for i := 0; i < 9; i++ {
				reg = append(reg, sudoku.Cell{Row: b/3*3 + i/3, Col: b%3*3 + i%3})
			}
			regs = append(regs, reg)
		}
		return regs
	}
	swapped := boxes9()
	swapped[1][0] = swapped[0][0] // region 2 takes r1c1 from region 1
	short := boxes9()
	short[8] = short[8][:8]
	tests := []struct {
		name string
		n    int
		v    rules.Variant
		want string
	}{
		{"thermo outside", 9, variants.Thermo{Lines: lines("r9c9 r9c10")}, "thermo line 1: r9c10 is outside the 9x9 grid"},
		{"thermo gap", 9, variants.Thermo{Lines: lines("r1c1 r1c2 | r5c5 r5c7")}, "thermo line 2: r5c7 does not touch r5c5"},
		{"thermo repeat", 9, variants.Thermo{Lines: lines("r1c1 r1c2 r1c1")}, "thermo line 1: r1c1 is listed twice"},
		{"thermo too long", 4, variants.Thermo{Lines: lines("r1c1 r1c2 r1c3 r1c4 r2c4")}, "5 cells from r1c1, at most 4 fit"},
		{"thermo one cell", 9, variants.Thermo{Lines: lines("r3c3")}, "thermo line 1: 1 cells"},
		{"renban too long", 4, variants.Renban{Lines: lines("r1c1 r1c2 r1c3 r1c4 r2c4")}, "renban line 1: 5 cells from r1c1, at most 4 fit"},
		{"renban gap", 9, variants.Renban{Lines: lines("r1c1 r3c1")}, "renban line 1: r3c1 does not touch r1c1"},
		{"whispers outside", 9, variants.Whispers{Lines: lines("r0c1 r1c1")}, "whispers line 1: r0c1 is outside"},
		{"whispers gap unreachable", 9, variants.Whispers{Lines: lines("r1c1 r1c2"), MinDiff: 9}, "gap of 9"},
		{"palindrome gap", 9, variants.Palindrome{Lines: lines("r1c1 r1c2 r2c4")}, "palindrome line 1: r2c4 does not touch r1c2"},
		{"xv diagonal", 9, variants.XV{X: pairs("r1c1-r2c2")}, "X r1c1-r2c2: r2c2 is not orthogonally adjacent to r1c1"},
		{"xv outside", 9, variants.XV{V: pairs("r9c9-r10c9")}, "V r9c9-r10c9: r10c9 is outside"},
		{"xv both marks", 9, variants.XV{X: pairs("r1c1-r1c2"), V: pairs("r1c2-r1c1")}, "r1c2-r1c1 is marked both X and V"},
		{"x on 4x4", 4, variants.XV{X: pairs("r1c1-r1c2")}, "X r1c1-r1c2: no two digits of 1..4 sum to 10"},
		{"kropki far", 9, variants.Kropki{White: pairs("r1c1-r1c3")}, "white dot r1c1-r1c3: r1c3 is not orthogonally adjacent to r1c1"},
		{"kropki twice", 9, variants.Kropki{Black: pairs("r1c1-r1c2 r1c2-r1c1")}, "black dot r1c2-r1c1: pair marked twice"},
		{"white value too big", 4, variants.Kropki{WhiteDots: []variants.Dot{{A: cell("r2c3"), B: cell("r2c4"), Value: 4}}}, "white dot r2c3-r2c4: no two digits of 1..4 differ by 4"},
		{"white value negative", 9, variants.Kropki{WhiteDots: []variants.Dot{{A: cell("r5c5"), B: cell("r6c5"), Value: -1}}}, "white dot r5c5-r6c5: value -1 is negative"},
		{"black value one", 9, variants.Kropki{BlackDots: []variants.Dot{{A: cell("r3c3"), B: cell("r3c4"), Value: 1}}}, "black dot r3c3-r3c4: no two digits of 1..9 have ratio 1"},
		{"black value too big", 6, variants.Kropki{BlackDots: []variants.Dot{{A: cell("r1c1"), B: cell("r1c2"), Value: 7}}}, "black dot r1c1-r1c2: no two digits of 1..6 have ratio 7"},
		{"black value negative", 9, variants.Kropki{BlackDots: []variants.Dot{{A: cell("r1c1"), B: cell("r1c2"), Value: -2}}}, "black dot r1c1-r1c2: value -2 is negative"},
		{"valued dot far", 9, variants.Kropki{BlackDots: []variants.Dot{{A: cell("r1c1"), B: cell("r2c2"), Value: 3}}}, "black dot r1c1-r2c2: r2c2 is not orthogonally adjacent to r1c1"},
		{"valued dot outside", 9, variants.Kropki{WhiteDots: []variants.Dot{{A: cell("r9c9"), B: cell("r9c10"), Value: 2}}}, "white dot r9c9-r9c10: r9c10 is outside the 9x9 grid"},
		{"valued dot repeats plain dot", 9, variants.Kropki{White: pairs("r4c4-r4c5"), WhiteDots: []variants.Dot{{A: cell("r4c5"), B: cell("r4c4"), Value: 3}}}, "white dot r4c5-r4c4: pair marked twice"},
		{"valued dots twice", 9, variants.Kropki{BlackDots: []variants.Dot{{A: cell("r7c1"), B: cell("r8c1"), Value: 3}, {A: cell("r7c1"), B: cell("r8c1"), Value: 4}}}, "black dot r7c1-r8c1: pair marked twice"},
		{"odd-even both", 9, variants.OddEven{Odd: cells("r1c1 r4c4"), Even: cells("r4c4")}, "r4c4 is marked both odd and even"},
		{"odd outside", 9, variants.OddEven{Odd: cells("r10c1")}, "odd cells: r10c1 is outside"},
		{"extra region too big", 4, variants.ExtraRegions{Regions: lines("r1c1 r1c2 r1c3 r1c4 r2c1")}, "extra region 1: 5 cells from r1c1, want 1..4"},
		{"extra region repeat", 9, variants.ExtraRegions{Regions: lines("r1c1 r2c2 | r3c3 r3c3")}, "extra region 2: r3c3 is listed twice"},
		{"extra region empty", 9, variants.ExtraRegions{Regions: [][]sudoku.Cell{{}}}, "extra region 1: 0 cells"},
		{"jigsaw count", 9, variants.Jigsaw{Regions: boxes9()[:8]}, "jigsaw: 8 regions for a 9x9 grid, want 9"},
		{"jigsaw overlap", 9, variants.Jigsaw{Regions: swapped}, "jigsaw region 2: r1c1 is already in region 1"},
		{"jigsaw short", 9, variants.Jigsaw{Regions: short}, "jigsaw region 9: 8 cells from r7c7, want 9"},
		{"windoku oblong", 6, variants.Windoku{}, "windoku needs square boxes, not 2x3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rules.New(shape(t, tt.n), tt.v)
			require.ErrorIs(t, err, variants.ErrInvalid)
			assert.ErrorContains(t, err, tt.want)
		})
	}
}

// TestApplyAccepts: valid edge cases build.
func TestApplyAccepts(t *testing.T) {
	for _, tt := range []struct {
		name string
		n    int
		v    rules.Variant
	}{
		{"thermo of N cells", 4, variants.Thermo{Lines: lines("r1c1 r1c2 r1c3 r1c4")}},
		{"branching thermo", 9, variants.Thermo{Lines: lines("r5c5 r4c4 | r5c5 r6c6")}},
		{"diagonal steps", 9, variants.Renban{Lines: lines("r1c1 r2c2 r3c3")}},
		{"whispers on 4x4", 4, variants.Whispers{Lines: lines("r1c1 r2c2")}},
		{"kropki both dots", 9, variants.Kropki{White: pairs("r1c1-r1c2"), Black: pairs("r1c2-r1c1")}},
		{"kropki valued dots of both colours", 9, variants.Kropki{WhiteDots: []variants.Dot{{A: cell("r1c1"), B: cell("r1c2"), Value: 2}}, BlackDots: []variants.Dot{{A: cell("r1c2"), B: cell("r1c1"), Value: 2}}}},
		{"kropki largest values", 9, variants.Kropki{WhiteDots: []variants.Dot{{A: cell("r1c1"), B: cell("r1c2"), Value: 8}}, BlackDots: []variants.Dot{{A: cell("r2c1"), B: cell("r2c2"), Value: 9}}}},
		{"kropki value 0 is the default", 4, variants.Kropki{WhiteDots: []variants.Dot{{A: cell("r1c1"), B: cell("r1c2")}}, BlackDots: []variants.Dot{{A: cell("r2c1"), B: cell("r2c2")}}}},
		{"kropki one-colour negatives", 4, variants.Kropki{NegativeWhite: true, NegativeBlack: true}},
		{"single diagonals 6x6", 6, variants.DiagonalMain{}},
		{"single diagonals 25x25", 25, variants.DiagonalAnti{}},
		{"windoku 4x4", 4, variants.Windoku{}},
		{"windoku 16x16", 16, variants.Windoku{}},
		{"disjoint 6x6", 6, variants.DisjointGroups{}},
		{"small extra region", 9, variants.ExtraRegions{Regions: lines("r1c1 r5c5 r9c9")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rules.New(shape(t, tt.n), tt.v)
			require.NoError(t, err)
		})
	}
}

func TestNewJigsaw(t *testing.T) {
	j, err := variants.NewJigsaw([]int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3})
	require.NoError(t, err)
	require.Len(t, j.Regions, 4)
	assert.Equal(t, cells("r1c1 r1c2 r2c1 r2c2"), j.Regions[0])
	assert.Equal(t, cells("r3c3 r3c4 r4c3 r4c4"), j.Regions[3])

	for _, tt := range []struct {
		name     string
		regionOf []int
		want     string
	}{
		{"not square", make([]int, 15), "15 cells is not a square grid"},
		{"bad id", []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 4}, "r4c4 is in region 4, regions are 0..3"},
		{"region too big", []int{0, 0, 1, 1, 0, 0, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3}, "r3c1 is the 5th cell of region 0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := variants.NewJigsaw(tt.regionOf)
			require.ErrorIs(t, err, variants.ErrInvalid)
			assert.ErrorContains(t, err, tt.want)
		})
	}
}

func TestParseJigsawLayout(t *testing.T) {
	j, err := variants.ParseJigsawLayout("# a comment\n\n a a b b\naabb\nc c d d\n\nccdd\n", 4)
	require.NoError(t, err)
	want, err := variants.NewJigsaw([]int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3})
	require.NoError(t, err)
	assert.Equal(t, want, j)

	j, err = variants.ParseJigsawLayout("1122\n1122\n3344\n3344", 4)
	require.NoError(t, err)
	assert.Equal(t, want, j, "digits are symbols too, numbered by first use")

	for _, tt := range []struct {
		name, text string
		n          int
		want       string
	}{
		{"bad side", "ab\nab", 1, "side 1"},
		{"bad symbol", "aabb\naa.b\nccdd\nccdd", 4, "line 2, column 3: '.' is not a letter or digit"},
		{"long row", "aabb\naabbb\nccdd\nccdd", 4, "line 2, column 5: more than 4 cells"},
		{"short row", "aabb\naab\nccdd\nccdd", 4, "line 2: 3 cells, want 4"},
		{"too many rows", "aabb\naabb\nccdd\nccdd\naabb", 4, "line 5: more than 4 rows"},
		{"too few rows", "aabb\naabb\nccdd", 4, "3 rows, want 4"},
		{"fifth symbol", "aabb\naabb\nccdd\ncced", 4, "line 4, column 3: 'e' is region symbol number 5"},
		{"unbalanced", "aaab\naabb\nccdd\nccdd", 4, "line 1, column 1: region 'a' has 5 cells, want 4"},
		{"unbalanced later", "aabb\naabb\ncccd\nccdd", 4, "line 3, column 1: region 'c' has 5 cells, want 4"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := variants.ParseJigsawLayout(tt.text, tt.n)
			require.ErrorIs(t, err, variants.ErrInvalid)
			assert.ErrorContains(t, err, tt.want)
		})
	}
}

func TestRegistryNames(t *testing.T) {
	for want, names := range map[string][]string{
		"antiknight":     {"antiknight", "Anti-Knight"},
		"antiking":       {"antiking", "anti-king"},
		"nonconsecutive": {"nonconsecutive", "non-consecutive"},
		"windoku":        {"windoku", "hyper"},
		"disjoint":       {"disjoint", "disjointgroups", "disjoint-groups"},
		"diagonal":       {"diagonal", "x"},
		"diagonal-main":  {"diagonal-main", "Main-Diagonal"},
		"diagonal-anti":  {"diagonal-anti", "anti-diagonal", "antidiagonal"},
	} {
		for _, name := range names {
			v, err := variants.Lookup(name)
			require.NoError(t, err, name)
			assert.Equal(t, want, v.Name(), name)
		}
		assert.Contains(t, variants.Names(), want)
	}
	vs, err := variants.ParseList("antiknight,anti-king,nonconsecutive")
	require.NoError(t, err)
	require.Len(t, vs, 3)
	_, err = variants.ParseList("hyper,windoku")
	require.ErrorContains(t, err, "named twice")
	for _, e := range variants.Entries() {
		assert.NotEmpty(t, e.Summary, e.Name)
		assert.Equal(t, e.Name, e.New().Name(), "an entry's name is its variant's name")
	}
}
