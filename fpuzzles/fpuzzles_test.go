package fpuzzles_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	lzstring "github.com/daku10/go-lz-string"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

func cell(r, c int) sudoku.Cell { return sudoku.Cell{Row: r - 1, Col: c - 1} }

func pair(r1, c1, r2, c2 int) [2]sudoku.Cell { return [2]sudoku.Cell{cell(r1, c1), cell(r2, c2)} }

func grid(t testing.TB, n int, givens ...[3]int) sudoku.Grid {
	t.Helper()
	s, err := sudoku.ShapeOf(n)
	require.NoError(t, err)
	g := sudoku.NewGrid(s)
	for _, v := range givens {
		g.Set(v[0]-1, v[1]-1, v[2])
	}
	return g
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	return string(b)
}

func compress(t *testing.T, js string) string {
	t.Helper()
	s, err := lzstring.CompressToBase64(js)
	require.NoError(t, err)
	return s
}

// samePuzzle checks two puzzles have the same grid, variants and metadata,
// and build the same model.
func samePuzzle(t *testing.T, want, got *fpuzzles.Puzzle, msg string) {
	t.Helper()
	require.NotNil(t, got, msg)
	assert.Equal(t, want.Grid.Shape, got.Grid.Shape, msg)
	assert.Equal(t, want.Grid.Cells, got.Grid.Cells, msg)
	assert.Equal(t, want.Variants, got.Variants, msg)
	assert.Equal(t, want.Title, got.Title, msg)
	assert.Equal(t, want.Author, got.Author, msg)
	assert.Equal(t, want.Rules, got.Rules, msg)
	if want.Solution == nil {
		assert.Nil(t, got.Solution, msg)
	} else if assert.NotNil(t, got.Solution, msg) {
		assert.Equal(t, want.Solution.Cells, got.Solution.Cells, msg)
	}
	assert.Equal(t, dump(t, want), dump(t, got), msg)
}

func dump(t *testing.T, p *fpuzzles.Puzzle) string {
	t.Helper()
	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	return fixture.Constraints(m)
}

// TestContainers decodes one puzzle from every form users paste.
func TestContainers(t *testing.T) {
	var js, lz string
	for i := 0; !strings.Contains(lz, "+") || !strings.Contains(lz, "/"); i++ {
		js = `{"size":4,"title":"tiny` + strconv.Itoa(i) + `","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{"value":3,"given":true},{}],[{},{},{},{}],[{},{},{},{"value":2}]],"diagonal+":true,"diagonal-":true}`
		lz = compress(t, js)
	}
	title := js[len(`{"size":4,"title":"`):strings.Index(js, `","grid"`)]
	want := &fpuzzles.Puzzle{Grid: grid(t, 4, [3]int{1, 1, 1}, [3]int{2, 3, 3}), Variants: []rules.Variant{variants.Diagonal{}}, Title: title}

	forms := map[string]string{
		"json":              "  " + js + "\n",
		"bare":              lz,
		"bare fpuzzles":     "fpuzzles" + lz,
		"bare fpuz":         "fpuz" + lz,
		"f-puzzles":         "https://f-puzzles.com/?load=" + lz,
		"f-puzzles www":     "https://www.f-puzzles.com/?load=" + lz + "&other=1",
		"no scheme":         "www.f-puzzles.com/?load=" + lz,
		"percent-encoded":   "https://f-puzzles.com/?load=" + url.QueryEscape(lz),
		"plus as space":     "https://f-puzzles.com/?load=" + strings.ReplaceAll(lz, "+", " "),
		"plus as %20":       "https://f-puzzles.com/?load=" + strings.ReplaceAll(lz, "+", "%20"),
		"sudokupad":         "https://sudokupad.app/fpuzzles" + lz,
		"sudokupad fpuz":    "https://sudokupad.app/fpuz" + lz,
		"sudokupad escaped": "https://sudokupad.app/fpuzzles" + url.PathEscape(lz) + "?setting-nogrid=1",
		"sudokupad beta":    "https://beta.sudokupad.app/fpuzzles" + lz,
		"legacy ctc app":    "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + lz,
		"legacy ctc path":   "https://app.crackingthecryptic.com/sudoku/fpuzzles" + lz,
	}
	for name, in := range forms {
		assert.True(t, fpuzzles.Looks(in), name)
		got, err := fpuzzles.Decode(in)
		require.NoError(t, err, name)
		samePuzzle(t, want, got, name)
	}
}

// TestRealTiny decodes a tiny lz-string f-puzzles document of the kind
// SudokuPad's own tests use: a 3x3 grid, which sudokit has no box shape for.
func TestRealTiny(t *testing.T) {
	const real = "N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA=="
	assert.True(t, fpuzzles.Looks(real))
	_, err := fpuzzles.Decode(real)
	require.ErrorIs(t, err, fpuzzles.ErrUnsupported, "decompressed and read the size")
	require.ErrorContains(t, err, "size 3")
	_, err = fpuzzles.Decode("https://sudokupad.app/fpuzzles" + real)
	require.ErrorContains(t, err, "size 3")
}

// TestRealNegativeXV solves a published negative-XV puzzle (Bill Murphy,
// f-puzzles JSON as exported) and checks the author's stored solution.
func TestRealNegativeXV(t *testing.T) {
	p, err := fpuzzles.Decode(readFile(t, "testdata/xv-negative.json"))
	require.NoError(t, err)
	assert.Equal(t, "XV (-) Sudoku", p.Title)
	assert.Equal(t, "Bill Murphy", p.Author)
	assert.Equal(t, []rules.Variant{variants.XV{Negative: true}}, p.Variants)
	assert.Equal(t, 20, p.Grid.Givens())
	require.NotNil(t, p.Solution)

	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	require.Equal(t, model.Unique, res.Status)
	sol, err := rules.Decode(p.Grid.Shape, res.Solutions[0])
	require.NoError(t, err)
	assert.Equal(t, p.Solution.Cells, sol.Cells)

	// Without the negative constraint the givens leave several solutions.
	m, err = rules.Build(p.Grid)
	require.NoError(t, err)
	res, err = dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Multiple, res.Status)
}

// TestJigsawPartialRegions reads regions the way f-puzzles writes them:
// "region" only on cells moved out of their default box.
func TestJigsawPartialRegions(t *testing.T) {
	p, err := fpuzzles.Decode(readFile(t, "testdata/jigsaw6.json"))
	require.NoError(t, err)
	require.Len(t, p.Variants, 1)
	j, ok := p.Variants[0].(variants.Jigsaw)
	require.True(t, ok, "%T", p.Variants[0])
	assert.Equal(t, []sudoku.Cell{cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 3), cell(3, 3)}, j.Regions[0])
	assert.Equal(t, []sudoku.Cell{cell(2, 2), cell(3, 1), cell(3, 2), cell(4, 1), cell(4, 2), cell(4, 3)}, j.Regions[2])
	assert.Equal(t, []sudoku.Cell{cell(1, 4), cell(1, 5), cell(1, 6), cell(2, 4), cell(2, 5), cell(2, 6)}, j.Regions[1], "untouched box")

	js, err := fpuzzles.Encode(p)
	require.NoError(t, err)
	assert.Equal(t, 4, strings.Count(js, `"region"`), "only moved cells carry a region: %s", js)

	// Regions that restate the default boxes are no jigsaw.
	p, err = fpuzzles.Decode(`{"size":4,"grid":[[{"region":0},{"region":0},{"region":1},{"region":1}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`)
	require.NoError(t, err)
	assert.Empty(t, p.Variants)
}

// roundTrips lists one puzzle per supported constraint (and a few
// mixtures), each in the canonical form Decode produces.
func roundTrips(t testing.TB) map[string]*fpuzzles.Puzzle {
	g9 := grid(t, 9, [3]int{1, 1, 5}, [3]int{9, 9, 3})
	sol6 := grid(t, 6)
	for i := range sol6.Cells {
		sol6.Cells[i] = (i%6+i/6*3+i/12)%6 + 1
	}
	jig := variants.Jigsaw{Regions: [][]sudoku.Cell{
		{cell(1, 1), cell(1, 2), cell(1, 3), cell(1, 4), cell(2, 1), cell(2, 2)},
		{cell(1, 5), cell(1, 6), cell(2, 3), cell(2, 4), cell(2, 5), cell(2, 6)},
		{cell(3, 1), cell(3, 2), cell(3, 3), cell(4, 1), cell(4, 2), cell(4, 3)},
		{cell(3, 4), cell(3, 5), cell(3, 6), cell(4, 4), cell(4, 5), cell(4, 6)},
		{cell(5, 1), cell(5, 2), cell(5, 3), cell(5, 4), cell(6, 1), cell(6, 2)},
		{cell(5, 5), cell(5, 6), cell(6, 3), cell(6, 4), cell(6, 5), cell(6, 6)},
	}}
	line := []sudoku.Cell{cell(1, 1), cell(2, 2), cell(3, 2), cell(4, 3)}
	line2 := []sudoku.Cell{cell(9, 9), cell(8, 9), cell(7, 8)}
	anti := make([]sudoku.Cell, 9)
	for i := range anti {
		anti[i] = sudoku.Cell{Row: i, Col: 8 - i}
	}
	main := make([]sudoku.Cell, 9)
	for i := range main {
		main[i] = sudoku.Cell{Row: i, Col: i}
	}
	box := []sudoku.Cell{cell(4, 4), cell(4, 5), cell(5, 4)}
	p := func(g sudoku.Grid, vs ...rules.Variant) *fpuzzles.Puzzle {
		return &fpuzzles.Puzzle{Grid: g.Clone(), Variants: vs}
	}
	return map[string]*fpuzzles.Puzzle{
		"classic":                   {Grid: g9.Clone(), Title: "T <&>", Author: "A \"q\"", Rules: "line 1\nline 2"},
		"solution":                  {Grid: grid(t, 6, [3]int{1, 1, 1}), Solution: &sol6},
		"16x16":                     p(grid(t, 16, [3]int{16, 16, 16}), variants.Diagonal{}),
		"diagonal":                  p(g9, variants.Diagonal{}),
		"diagonal+":                 p(g9, variants.DiagonalAnti{}),
		"diagonal-":                 p(g9, variants.DiagonalMain{}, variants.ExtraRegions{Regions: [][]sudoku.Cell{box}}),
		"diagonal- and anti region": p(g9, variants.DiagonalMain{}, variants.ExtraRegions{Regions: [][]sudoku.Cell{anti}}),
		"diagonal+ 6x6":             p(grid(t, 6, [3]int{1, 6, 2}), variants.DiagonalAnti{}),
		"extraregion":               p(g9, variants.ExtraRegions{Regions: [][]sudoku.Cell{box, {cell(9, 1), cell(9, 2)}}}),
		"windoku":                   p(g9, variants.Windoku{}),
		"jigsaw":                    p(grid(t, 6, [3]int{2, 2, 4}), jig),
		"antiknight":                p(g9, variants.AntiKnight{}),
		"antiking":                  p(g9, variants.AntiKing{}),
		"nonconsec":                 p(g9, variants.NonConsecutive{}),
		"disjoint":                  p(g9, variants.DisjointGroups{}),
		"odd-even":                  p(g9, variants.OddEven{Odd: []sudoku.Cell{cell(1, 2), cell(3, 3)}, Even: []sudoku.Cell{cell(9, 8)}}),
		"odd only":                  p(g9, variants.OddEven{Odd: []sudoku.Cell{cell(1, 2)}}),
		"xv":                        p(g9, variants.XV{X: [][2]sudoku.Cell{pair(1, 1, 1, 2)}, V: [][2]sudoku.Cell{pair(2, 2, 3, 2), pair(5, 5, 5, 6)}}),
		"xv negative":               p(g9, variants.XV{V: [][2]sudoku.Cell{pair(2, 2, 3, 2)}, Negative: true}),
		"kropki":                    p(g9, variants.Kropki{White: [][2]sudoku.Cell{pair(1, 1, 1, 2)}, Black: [][2]sudoku.Cell{pair(4, 4, 5, 4)}}),
		"kropki neg":                p(g9, variants.Kropki{Black: [][2]sudoku.Cell{pair(4, 4, 5, 4)}, Negative: true}),
		"kropki neg white":          p(g9, variants.Kropki{Black: [][2]sudoku.Cell{pair(4, 4, 5, 4)}, NegativeWhite: true}),
		"kropki neg black":          p(g9, variants.Kropki{White: [][2]sudoku.Cell{pair(4, 4, 5, 4)}, NegativeBlack: true}),
		"kropki neg white only":     p(g9, variants.Kropki{NegativeWhite: true}),
		"kropki neg black only":     p(g9, variants.Kropki{NegativeBlack: true}),
		"kropki values": p(g9, variants.Kropki{
			White:     [][2]sudoku.Cell{pair(1, 1, 1, 2)},
			WhiteDots: []variants.Dot{{A: cell(2, 2), B: cell(2, 3), Value: 3}, {A: cell(9, 9), B: cell(8, 9), Value: 8}},
			BlackDots: []variants.Dot{{A: cell(5, 5), B: cell(6, 5), Value: 3}, {A: cell(1, 1), B: cell(1, 2), Value: 4}},
		}),
		"kropki values neg white": p(g9, variants.Kropki{
			Black:         [][2]sudoku.Cell{pair(3, 3, 3, 4)},
			WhiteDots:     []variants.Dot{{A: cell(7, 7), B: cell(7, 8), Value: 2}},
			NegativeWhite: true,
		}),
		"kropki values neg": p(grid(t, 6), variants.Kropki{
			BlackDots: []variants.Dot{{A: cell(1, 1), B: cell(2, 1), Value: 3}},
			WhiteDots: []variants.Dot{{A: cell(6, 6), B: cell(6, 5), Value: 5}},
			Negative:  true,
		}),
		"thermo":       p(g9, variants.Thermo{Lines: [][]sudoku.Cell{line, line2}}),
		"palindrome":   p(g9, variants.Palindrome{Lines: [][]sudoku.Cell{line}}),
		"renban":       p(g9, variants.Renban{Lines: [][]sudoku.Cell{line2}}),
		"whispers":     p(g9, variants.Whispers{Lines: [][]sudoku.Cell{line, line2}}),
		"whispers gap": p(g9, variants.Whispers{Lines: [][]sudoku.Cell{line2}}, variants.Whispers{Lines: [][]sudoku.Cell{line}, MinDiff: 3}),
		"everything": p(g9, variants.Diagonal{}, variants.ExtraRegions{Regions: [][]sudoku.Cell{box}},
			variants.AntiKnight{}, variants.AntiKing{}, variants.NonConsecutive{Except: [][2]sudoku.Cell{pair(1, 1, 1, 2)}}, variants.DisjointGroups{},
			variants.OddEven{Even: []sudoku.Cell{cell(6, 6)}},
			variants.XV{X: [][2]sudoku.Cell{pair(7, 1, 7, 2)}, Negative: true},
			variants.Kropki{White: [][2]sudoku.Cell{pair(1, 1, 1, 2)}, Negative: true},
			variants.Thermo{Lines: [][]sudoku.Cell{line}}, variants.Palindrome{Lines: [][]sudoku.Cell{line2}},
			variants.Renban{Lines: [][]sudoku.Cell{line2}}, variants.Whispers{Lines: [][]sudoku.Cell{line}}),
	}
}

// TestRoundTrip encodes each puzzle, decodes it through JSON and both
// links, and gets the same grid, variants and model back.
func TestRoundTrip(t *testing.T) {
	for name, want := range roundTrips(t) {
		js, err := fpuzzles.Encode(want)
		require.NoError(t, err, name)
		got, err := fpuzzles.Decode(js)
		require.NoError(t, err, "%s: %s", name, js)
		if name == "windoku" {
			// Windoku travels as four extra regions and comes back as windoku.
			assert.Contains(t, js, `"extraregion":[{"cells":["R2C2"`)
		}
		samePuzzle(t, want, got, name)

		fp, sp, err := fpuzzles.URL(want)
		require.NoError(t, err, name)
		require.True(t, strings.HasPrefix(fp, "https://f-puzzles.com/?load="), fp)
		require.True(t, strings.HasPrefix(sp, "https://sudokupad.app/fpuzzles"), sp)
		for _, link := range []string{fp, sp} {
			got, err := fpuzzles.Decode(link)
			require.NoError(t, err, name)
			samePuzzle(t, want, got, name+" link")
		}
	}
}

// TestEncodeShapes writes a grid whose box shape f-puzzles would not
// assume with explicit regions, so the boxes survive as a jigsaw.
func TestEncodeShapes(t *testing.T) {
	tall, err := sudoku.NewShape(3, 2) // 6x6 with 3x2 boxes; f-puzzles assumes 2x3
	require.NoError(t, err)
	g := sudoku.NewGrid(tall)
	for r := 2; r < 6; r++ { // a 3x2-box solution, the top two rows left blank
		for c := 0; c < 6; c++ {
			g.Set(r, c, (c+2*(r%3)+r/3)%6+1)
		}
	}
	js, err := fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g})
	require.NoError(t, err)
	got, err := fpuzzles.Decode(js)
	require.NoError(t, err)
	require.Len(t, got.Variants, 1)
	assert.IsType(t, variants.Jigsaw{}, got.Variants[0])

	count := func(g sudoku.Grid, vs ...rules.Variant) int {
		m, err := rules.Build(g, vs...)
		require.NoError(t, err)
		res, err := dlx.New().Solve(context.Background(), m, model.Options{})
		require.NoError(t, err)
		return res.Count
	}
	want := count(g)
	require.Positive(t, want)
	assert.Equal(t, want, count(got.Grid, got.Variants...))
	assert.Zero(t, count(got.Grid), "the default 2x3 boxes would make the givens contradictory")
}

type custom struct{}

func (custom) Name() string               { return "my-rule" }
func (custom) Apply(*rules.Builder) error { return nil }

func TestEncodeErrors(t *testing.T) {
	g := grid(t, 9)
	_, err := fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{custom{}}})
	require.ErrorContains(t, err, `"my-rule"`)
	_, err = fpuzzles.Encode(&fpuzzles.Puzzle{Grid: grid(t, 6), Variants: []rules.Variant{variants.Windoku{}}})
	require.ErrorContains(t, err, "windoku needs square boxes")
	two := []rules.Variant{variants.XV{Negative: true}, variants.XV{}}
	_, err = fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g, Variants: two})
	require.ErrorContains(t, err, "two xv variants")
	_, _, err = fpuzzles.URL(&fpuzzles.Puzzle{Grid: sudoku.Grid{Shape: g.Shape}})
	require.Error(t, err, "a grid without cells")
}

func TestDecodeErrors(t *testing.T) {
	const cells4 = `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	doc := func(extra string) string { return `{"size":4,"grid":` + cells4 + extra + `}` }
	for _, tc := range []struct {
		name, in string
		is       error
		want     []string
	}{
		{"empty", "  ", fpuzzles.ErrSyntax, []string{"empty"}},
		{"bad json", `{"size":4,`, fpuzzles.ErrSyntax, []string{"bad JSON"}},
		{"json list", `{"size":[4]}`, fpuzzles.ErrSyntax, []string{"size"}},
		{"no size", `{"grid":[]}`, fpuzzles.ErrSyntax, []string{`no "size"`}},
		{"size too large", `{"size":37,"grid":[]}`, fpuzzles.ErrUnsupported, []string{"size 37"}},
		{"short grid", `{"size":4,"grid":[[{}]]}`, fpuzzles.ErrSyntax, []string{"4 rows"}},
		{"short row", `{"size":4,"grid":[[{}],[],[],[]]}`, fpuzzles.ErrSyntax, []string{"row 1 has 1 cells"}},
		{"bad given", `{"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, fpuzzles.ErrSyntax, []string{"R1C1", `"5"`}},
		{"null region", `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{"region":null},{}],[{},{},{},{}]]}`, fpuzzles.ErrUnsupported, []string{"R3C3", "no region"}},
		{"bad region", `{"size":4,"grid":[[{"region":9},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, fpuzzles.ErrSyntax, []string{"R1C1", "region 9"}},
		{"lopsided regions", `{"size":4,"grid":[[{"region":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, fpuzzles.ErrSyntax, []string{"region"}},
		{"ref row 0", doc(`,"thermometer":[{"lines":[["R0C1","R1C1"]]}]`), fpuzzles.ErrSyntax, []string{"thermometer[0].lines[0]", `"R0C1"`}},
		{"ref too far", doc(`,"odd":[{"cell":"R5C1"}]`), fpuzzles.ErrSyntax, []string{"odd[0].cell", `"R5C1"`}},
		{"ref junk", doc(`,"extraregion":[{"cells":["R1C1","X"]}]`), fpuzzles.ErrSyntax, []string{"extraregion[0].cells", `"X"`}},
		{"ref lower", doc(`,"even":[{"cell":"r1c1"}]`), fpuzzles.ErrSyntax, []string{`"r1c1"`}},
		{"xv value", doc(`,"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]`), fpuzzles.ErrSyntax, []string{"xv[0]", `"Y"`}},
		{"xv one cell", doc(`,"xv":[{"cells":["R1C1"],"value":"X"}]`), fpuzzles.ErrSyntax, []string{"xv[0]", "1 cells"}},
		{"dot value junk", doc(`,"difference":[{"cells":["R1C1","R1C2"],"value":"x"}]`), fpuzzles.ErrSyntax, []string{"difference[0]", `"x"`}},
		{"dot value zero", doc(`,"difference":[{"cells":["R1C1","R1C2"],"value":0}]`), fpuzzles.ErrSyntax, []string{"difference[0]", `"0"`}},
		{"ratio value negative", doc(`,"ratio":[{"cells":["R1C1","R1C2"],"value":"-2"}]`), fpuzzles.ErrSyntax, []string{"ratio[0]", `"-2"`}},
		{"dot value too big", doc(`,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":4}]`), variants.ErrInvalid, []string{"white dot r2c1-r2c2", "differ by 4"}},
		{"ratio value one", doc(`,"ratio":[{"cells":["R3C1","R4C1"],"value":"1"}]`), variants.ErrInvalid, []string{"black dot r3c1-r4c1", "ratio 1"}},
		{"ratio value too big", doc(`,"ratio":[{"cells":["R3C1","R4C1"],"value":5}]`), variants.ErrInvalid, []string{"black dot r3c1-r4c1", "ratio 5"}},
		{"dot twice", doc(`,"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R1C2","R1C1"],"value":3}]`), variants.ErrInvalid, []string{"white dot r1c2-r1c1", "marked twice"}},
		{"not adjacent", doc(`,"ratio":[{"cells":["R1C1","R3C1"]}]`), fpuzzles.ErrSyntax, []string{"adjacent"}},
		{"thermo type", doc(`,"thermometer":5`), fpuzzles.ErrSyntax, []string{"thermometer"}},
		{"flag type", doc(`,"antiknight":"yes"`), fpuzzles.ErrSyntax, []string{"antiknight"}},
		{"bad solution", doc(`,"solution":[1,2,3]`), fpuzzles.ErrSyntax, []string{"solution has 3 cells"}},
		{"unknown negative", doc(`,"negative":["ratio","sum"]`), fpuzzles.ErrUnsupported, []string{"negative sum"}},
		{"unsupported", doc(`,"nabner":[{"lines":[["R1C1","R1C2","R1C3"]]}],"doublearrow":[{"lines":[["R1C1","R1C2","R1C3"]]}],"skyscraper":[{"cell":"R0C1","value":"5"}],"clone":[],"rainbow":{"x":1}`),
			fpuzzles.ErrUnsupported, []string{"unsupported constraints: doublearrow, nabner, skyscraper;", "unknown f-puzzles keys: rainbow"}},
		{"bad base64", "N4Ig*zglg", fpuzzles.ErrSyntax, []string{"not lz-string base64"}},
		{"base64 garbage", "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=", fpuzzles.ErrSyntax, []string{"lz-string"}},
		{"f-puzzles id", "https://f-puzzles.com/?id=ywayluvu", fpuzzles.ErrNetwork, []string{"ywayluvu", "?load="}},
		{"tinyurl", "https://tinyurl.com/3ceakdz7", fpuzzles.ErrNetwork, []string{"short link"}},
		{"sudokupad short id", "https://sudokupad.app/psxczr0jpr", fpuzzles.ErrNetwork, []string{"short id"}},
		{"scl", "https://sudokupad.app/sclN4IgzglgXgpiBcBmANCA5gJwgEwQbT2", fpuzzles.ErrUnsupported, []string{`"scl"`}},
		{"ctc", "ctcN4IgzglgXgpiBcBmANCA5gJwgEwQbT2", fpuzzles.ErrUnsupported, []string{`"ctc"`}},
		{"other site", "https://example.com/?load=N4Ig", fpuzzles.ErrSyntax, []string{"example.com"}},
		{"no load", "https://f-puzzles.com/", fpuzzles.ErrSyntax, []string{"?load="}},
	} {
		p, err := fpuzzles.Decode(tc.in)
		require.Error(t, err, tc.name)
		assert.Nil(t, p, tc.name)
		assert.ErrorIs(t, err, tc.is, "%s: %v", tc.name, err)
		for _, w := range tc.want {
			assert.ErrorContains(t, err, w, tc.name)
		}
	}
}

func TestUnsupportedError(t *testing.T) {
	in := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"skyscraper":[{"cell":"R0C1","value":"5"}],"nabner":[{"lines":[["R1C1","R1C2","R1C3"]]}],"maximum":[],"killercage":null,"antiknight":true}`
	_, err := fpuzzles.Decode(in)
	var ue *fpuzzles.UnsupportedError
	require.True(t, errors.As(err, &ue), "%v", err)
	assert.Equal(t, []string{"nabner", "skyscraper"}, ue.Keys, "empty constraints are no loss")
	assert.Empty(t, ue.Unknown)

	p, err := fpuzzles.Options{IgnoreUnsupported: true}.Decode(in)
	require.NoError(t, err)
	assert.Equal(t, []string{"nabner", "skyscraper"}, p.Dropped)
	assert.Equal(t, []rules.Variant{variants.AntiKnight{}}, p.Variants)
}

// TestCosmeticAndEntries: drawings are ignored, a solver's entries are not
// givens unless asked for.
func TestCosmeticAndEntries(t *testing.T) {
	in := `{"size":4,"grid":[[{"value":1,"given":true,"c":"#fff","centerPencilMarks":[2]},{"value":2},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
		"cage":[{"cells":["R1C1"],"value":"title: x"}],"text":[{"cells":["R1C1"],"value":"hi"}],"line":[{"lines":[["R1C1","R2C2"]]}],
		"circle":[],"rectangle":[],"disabledlogic":["tuples"],"truecandidatesoptions":["colored"],"highlightConflicts":true,"diagonal+":false,"negative":[]}`
	p, err := fpuzzles.Decode(in)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 0, 0, 0}, p.Grid.Cells[:4])
	assert.Empty(t, p.Variants)
	p, err = fpuzzles.Options{IncludeEntries: true}.Decode(in)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 0, 0}, p.Grid.Cells[:4])
}

func TestSolutionForms(t *testing.T) {
	const cells4 = `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	want := []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}
	for _, sol := range []string{
		`"1234341221434321"`,
		`"1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1"`,
		`[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]`,
		`["1","2","3","4","3","4","1","2","2","1","4","3","4","3","2","1"]`,
	} {
		p, err := fpuzzles.Decode(`{"size":4,"grid":` + cells4 + `,"solution":` + sol + `}`)
		require.NoError(t, err, sol)
		require.NotNil(t, p.Solution, sol)
		assert.Equal(t, want, p.Solution.Cells, sol)
	}
	p, err := fpuzzles.Decode(`{"size":4,"grid":` + cells4 + `,"solution":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}`)
	require.NoError(t, err)
	assert.Nil(t, p.Solution, "an all-blank solution is none")
}

func TestLooks(t *testing.T) {
	lz := compress(t, `{"size":9,"grid":[]}`+strings.Repeat(" ", 40))
	for in, want := range map[string]bool{
		"https://f-puzzles.com/?load=" + lz:   true,
		"https://f-puzzles.com/?id=abc":       true,
		"https://sudokupad.app/fpuzzles" + lz: true,
		"fpuzzles" + lz:                       true,
		`{"size":9}`:                          true,
		lz:                                    true,
		"530070000600195000098000060800060003400803001700020006060000280000419005000080079": false,
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop":                                        false,
		"https://example.com/x": false,
		"":                      false,
		"ctc-not-data":          false,
	} {
		assert.Equal(t, want, fpuzzles.Looks(in), in)
	}
}

// TestSingleDiagonals: f-puzzles' "diagonal+" runs from the bottom-left
// corner to the top-right one (DiagonalAnti), "diagonal-" from the top-left
// corner to the bottom-right one (DiagonalMain).
func TestSingleDiagonals(t *testing.T) {
	const cells4 = `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	plus := []sudoku.Cell{cell(1, 4), cell(2, 3), cell(3, 2), cell(4, 1)}
	minus := []sudoku.Cell{cell(1, 1), cell(2, 2), cell(3, 3), cell(4, 4)}
	for _, tc := range []struct {
		key   string
		v     rules.Variant
		cells []sudoku.Cell
	}{
		{"diagonal+", variants.DiagonalAnti{}, plus},
		{"diagonal-", variants.DiagonalMain{}, minus},
	} {
		p, err := fpuzzles.Decode(`{"size":4,"grid":` + cells4 + `,"` + tc.key + `":true}`)
		require.NoError(t, err, tc.key)
		assert.Equal(t, []rules.Variant{tc.v}, p.Variants, tc.key)
		// The same model as the diagonal given as an extra region.
		region := &fpuzzles.Puzzle{Grid: p.Grid, Variants: []rules.Variant{variants.ExtraRegions{Regions: [][]sudoku.Cell{tc.cells}}}}
		assert.Equal(t, dump(t, region), dump(t, p), tc.key)

		js, err := fpuzzles.Encode(p)
		require.NoError(t, err)
		assert.Contains(t, js, `"`+tc.key+`":true`)
		assert.Equal(t, 1, strings.Count(js, `"diagonal`), js)
		assert.NotContains(t, js, "extraregion")

		// An extra region on a diagonal still travels as the diagonal.
		js, err = fpuzzles.Encode(region)
		require.NoError(t, err)
		assert.Contains(t, js, `"`+tc.key+`":true`)
		assert.NotContains(t, js, "extraregion")
		back, err := fpuzzles.Decode(js)
		require.NoError(t, err)
		assert.Equal(t, []rules.Variant{tc.v}, back.Variants, tc.key)
		assert.Equal(t, dump(t, region), dump(t, back), tc.key)
	}

	// Next to a diagonal variant, a diagonal extra region stays a region.
	both := &fpuzzles.Puzzle{Grid: grid(t, 4), Variants: []rules.Variant{
		variants.ExtraRegions{Regions: [][]sudoku.Cell{minus}}, variants.DiagonalAnti{}}}
	js, err := fpuzzles.Encode(both)
	require.NoError(t, err)
	assert.Contains(t, js, `"diagonal+":true`)
	assert.NotContains(t, js, `"diagonal-"`)
	assert.Contains(t, js, `"extraregion":[{"cells":["R1C1","R2C2","R3C3","R4C4"]}]`)
}

// TestKropkiForms reads the kropki forms f-puzzles writes: a value equal
// to the default is a plain dot, other values are valued dots, and a
// negative constraint on one colour sets that colour's flag.
func TestKropkiForms(t *testing.T) {
	const cells4 = `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	for _, tc := range []struct {
		name, extra string
		want        variants.Kropki
	}{
		{"default values", `"difference":[{"cells":["R1C1","R1C2"],"value":"1"}],"ratio":[{"cells":["R2C1","R2C2"],"value":2}]`,
			variants.Kropki{White: [][2]sudoku.Cell{pair(1, 1, 1, 2)}, Black: [][2]sudoku.Cell{pair(2, 1, 2, 2)}}},
		{"other values", `"difference":[{"cells":["R1C1","R1C2"],"value":"3"}],"ratio":[{"cells":["R2C1","R2C2"],"value":3},{"cells":["R3C1","R3C2"],"value":""}]`,
			variants.Kropki{
				Black:     [][2]sudoku.Cell{pair(3, 1, 3, 2)},
				WhiteDots: []variants.Dot{{A: cell(1, 1), B: cell(1, 2), Value: 3}},
				BlackDots: []variants.Dot{{A: cell(2, 1), B: cell(2, 2), Value: 3}},
			}},
		{"negative difference", `"negative":["difference"],"ratio":[{"cells":["R2C1","R2C2"]}]`,
			variants.Kropki{Black: [][2]sudoku.Cell{pair(2, 1, 2, 2)}, NegativeWhite: true}},
		{"negative ratio", `"negative":["ratio"]`, variants.Kropki{NegativeBlack: true}},
		{"negative both", `"negative":["difference","ratio"]`, variants.Kropki{Negative: true}},
	} {
		p, err := fpuzzles.Decode(`{"size":4,"grid":` + cells4 + `,` + tc.extra + `}`)
		require.NoError(t, err, tc.name)
		assert.Equal(t, []rules.Variant{tc.want}, p.Variants, tc.name)
	}

	// The one-colour flags are the two halves of Negative: together they
	// build the same model, and encode as both names.
	g := grid(t, 4)
	halves := &fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.Kropki{NegativeWhite: true, NegativeBlack: true}}}
	whole := &fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.Kropki{Negative: true}}}
	assert.Equal(t, dump(t, whole), dump(t, halves))
	js, err := fpuzzles.Encode(halves)
	require.NoError(t, err)
	assert.Contains(t, js, `"negative":["ratio","difference"]`)
	back, err := fpuzzles.Decode(js)
	require.NoError(t, err)
	assert.Equal(t, whole.Variants, back.Variants)

	// Each colour's negative constraint is a different model.
	white := &fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.Kropki{NegativeWhite: true}}}
	black := &fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.Kropki{NegativeBlack: true}}}
	assert.NotEqual(t, dump(t, white), dump(t, black))
	assert.NotEqual(t, dump(t, white), dump(t, whole))

	// A valued dot of value 0 means the default and is written without a value.
	js, err = fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.Kropki{
		WhiteDots: []variants.Dot{{A: cell(1, 1), B: cell(1, 2)}, {A: cell(2, 1), B: cell(2, 2), Value: 1}},
		BlackDots: []variants.Dot{{A: cell(3, 1), B: cell(3, 2), Value: 2}, {A: cell(4, 1), B: cell(4, 2), Value: 4}},
	}}})
	require.NoError(t, err)
	assert.Contains(t, js, `"difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"]}]`)
	assert.Contains(t, js, `"ratio":[{"cells":["R3C1","R3C2"]},{"cells":["R4C1","R4C2"],"value":"4"}]`)
}

// TestVariantErrors: a rule the variants package refuses fails Decode,
// keeping both errors in the chain.
func TestVariantErrors(t *testing.T) {
	_, err := fpuzzles.Decode(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R3C3"]]}]}`)
	require.ErrorIs(t, err, fpuzzles.ErrSyntax)
	require.ErrorIs(t, err, variants.ErrInvalid)
	require.ErrorContains(t, err, "does not touch")
}

// TestFamiliesRoundTrip: a random instance of every registered family, on
// every shape it accepts, encodes and decodes to the same model.
func TestFamiliesRoundTrip(t *testing.T) {
	for i, f := range variants.Families() {
		if f.Codec == nil {
			continue // no f-puzzles form (counting circles)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		for _, n := range []int{4, 6, 9} {
			for k := 0; k < 5; k++ {
				g := grid(t, n)
				v := f.Fuzz(g.Shape, rng)
				if _, err := rules.New(g.Shape, v); err != nil {
					continue // the shape refuses this instance
				}
				p := &fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{v}}
				js, err := fpuzzles.Encode(p)
				require.NoError(t, err, "%s %dx%d", f.Name, n, n)
				got, err := fpuzzles.Decode(js)
				require.NoError(t, err, "%s: %s", f.Name, js)
				assert.Equal(t, dump(t, p), dump(t, got), "%s: %s", f.Name, js)
			}
		}
	}
}
