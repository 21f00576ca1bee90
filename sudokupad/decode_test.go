package sudokupad_test

import (
	"testing"

	lzstring "github.com/daku10/go-lz-string"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/sudokupad"
	"github.com/sudokit/sudokit/variants"
)

// boxes4 are the regions of a 4x4 grid, zipped.
const boxes4 = `re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]`

const empty4 = `ce:[[,,,],[,,,],[,,,],[,,,]]`

func TestDecodeJSON(t *testing.T) {
	cell := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r, Col: c} }
	for _, tc := range []struct {
		name, text   string
		title, rules string
		givens       string
		want         []rules.Variant
		unused       []string
	}{
		{name: "zipped givens and metadata cages",
			text:  `{ce:[[{v:1},,,],[,,{v:'3'},],[,,,],[,,,{v:4}]],` + boxes4 + `,ca:[{v:'title: Tiny'},{v:'rules: Don\'t repeat'}]}`,
			title: "Tiny", rules: "Don't repeat", givens: "1.....3........4"},
		{name: "killer cages with value, sum, or none but unique",
			text: `{` + empty4 + `,` + boxes4 + `,ca:[{ce:[[0,1],[0,2]],v:5},{ce:[[3,3]],sum:2,unique:t},{ce:[[2,0],[3,0]],unique:t}]}`,
			want: []rules.Variant{variants.Killer{Cages: []variants.Cage{
				{Cells: []sudoku.Cell{cell(0, 1), cell(0, 2)}, Total: 5},
				{Cells: []sudoku.Cell{cell(3, 3)}, Total: 2},
				{Cells: []sudoku.Cell{cell(2, 0), cell(3, 0)}}}}}},
		{name: "jigsaw regions, JSON form",
			text: `{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"regions":[[[0,0],[0,1],[0,2],[1,0]],[[0,3],[1,1],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}`,
			want: []rules.Variant{variants.Jigsaw{Regions: [][]sudoku.Cell{
				{cell(0, 0), cell(0, 1), cell(0, 2), cell(1, 0)},
				{cell(0, 3), cell(1, 1), cell(1, 2), cell(1, 3)},
				{cell(2, 0), cell(2, 1), cell(3, 0), cell(3, 1)},
				{cell(2, 2), cell(2, 3), cell(3, 2), cell(3, 3)}}}}},
		{name: "global rules and extra region",
			text: `{` + empty4 + `,` + boxes4 + `,global:['antiknight','antiking'],ca:[{ce:[[0,0],[3,3]],style:'extraregion',unique:t}]}`,
			want: []rules.Variant{variants.ExtraRegions{Regions: [][]sudoku.Cell{{cell(0, 0), cell(3, 3)}}}, variants.AntiKnight{}, variants.AntiKing{}}},
		{name: "metadata object, solver marks unused",
			text:   `{metadata:{title:'M',author:'A',source:'x'},ce:[[{pencilMarks:[1,2]},,,],[,,,],[,,,],[,,,]],` + boxes4 + `,id:'abc',cs:50}`,
			title:  "M",
			unused: []string{`cell member "pencilMarks" (1 cell)`, `metadata "source"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := sudokupad.Options{}.DecodeJSON(tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.title, p.Title)
			assert.Equal(t, tc.rules, p.Rules)
			if tc.givens != "" {
				assert.Equal(t, tc.givens, p.Grid.String())
			}
			var want []rules.Variant
			want = append(want, tc.want...)
			assert.Equal(t, want, append([]rules.Variant(nil), p.Variants...))
			assert.Equal(t, tc.unused, p.Unused)
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		err        error
		says       string
	}{
		{"cage without total", `{` + empty4 + `,` + boxes4 + `,ca:[{ce:[[0,0],[0,1]]}],metadata:{rules:'Cages show sets'}}`,
			sudokupad.ErrUnsupported, `cage 1 at r1c1 without a total; its rules say: “Cages show sets”`},
		{"lines and unknown global", `{` + empty4 + `,` + boxes4 + `,l:[{wp:[[0.5,0.5],[1.5,1.5]],c:'CFCFCF'}],global:['littlekiller']}`,
			sudokupad.ErrUnsupported, `1 line, global rule "littlekiller"; the puzzle states no rules`},
		{"cage with repeats", `{` + empty4 + `,` + boxes4 + `,ca:[{ce:[[0,0]],v:3,unique:f}]}`, sudokupad.ErrUnsupported, "whose digits may repeat"},
		{"cage with text", `{` + empty4 + `,` + boxes4 + `,ca:[{ce:[[0,0]],v:'x'}]}`, sudokupad.ErrUnsupported, `with value "x"`},
		{"unknown member", `{` + empty4 + `,` + boxes4 + `,stuff:[1]}`, sudokupad.ErrUnsupported, `member "stuff"`},
		{"no regions", `{` + empty4 + `}`, sudokupad.ErrUnsupported, "no regions"},
		{"three regions", `{` + empty4 + `,re:[[[0,0]],[[0,1]],[[0,2]]]}`, sudokupad.ErrUnsupported, "3 regions"},
		{"overlapping regions", `{` + empty4 + `,re:[[[0,0],[0,1],[1,0],[1,1]],[[0,0],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}`, sudokupad.ErrUnsupported, "two regions"},
		{"not square", `{ce:[[,,,],[,,,]],` + boxes4 + `}`, sudokupad.ErrUnsupported, "square grids"},
		{"bad digit", `{ce:[[{v:7},,,],[,,,],[,,,],[,,,]],` + boxes4 + `}`, sudokupad.ErrSyntax, "not a digit 1..4"},
		{"region outside", `{` + empty4 + `,re:[[[0,0],[0,1],[1,0],[9,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}`, sudokupad.ErrSyntax, "outside the grid"},
		{"unterminated", `{ce:[[`, sudokupad.ErrSyntax, "unexpected end"},
		{"bad token", `{ce:@}`, sudokupad.ErrSyntax, `bad value "@"`},
		{"not an object", `[1,2]`, sudokupad.ErrSyntax, "not a JSON object"},
		{"no cells", `{re:[]}`, sudokupad.ErrSyntax, `"cells"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := sudokupad.Options{}.DecodeJSON(tc.text)
			require.ErrorIs(t, err, tc.err)
			assert.Nil(t, p)
			assert.Contains(t, err.Error(), tc.says)
		})
	}
}

// Links, ids and their prefixes; short ids must be fetched, which sudokit
// does not do.
func TestContainers(t *testing.T) {
	data, err := lzstring.CompressToBase64(`{` + empty4 + `,` + boxes4 + `,ca:[{v:'title: Wrapped'}]}`)
	require.NoError(t, err)
	for _, in := range []string{
		"https://sudokupad.app/scl" + data,
		"sudokupad.app/sudoku/scl" + data,
		"https://sudokupad.app/?puzzleid=ctc" + data,
		"https://app.crackingthecryptic.com/sudoku/ctc" + data,
		"scl" + data,
	} {
		assert.True(t, sudokupad.Looks(in), in)
		p, err := sudokupad.Decode(in)
		require.NoError(t, err, in)
		assert.Equal(t, "Wrapped", p.Title)
	}
	_, err = sudokupad.Decode("https://sudokupad.app/wsj7iunsg6")
	require.ErrorIs(t, err, fpuzzles.ErrNetwork)
	assert.Contains(t, err.Error(), "full link")
	for _, other := range []string{"https://f-puzzles.com/?load=N4Ig", "4.......", "fpuzzlesN4Ig"} {
		assert.False(t, sudokupad.Looks(other), other)
		_, err := sudokupad.Decode(other)
		assert.Error(t, err)
	}
}
