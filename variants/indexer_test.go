package variants_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesIndexer reads the definitions: a row indexer at (r, c) holding
// v means row v of column c holds r; a column indexer at (r, c) holding v,
// column v of row r holds c; a box indexer in place p of its box (reading
// order) holding v, place v of the box holds p (all counted from 1). With
// RegionOf, a box indexer's "box" is its region.
func satisfiesIndexer(g grid, x variants.Indexer) bool {
	s, _ := sudoku.ShapeOf(g.n)
	if x.RegionOf != nil {
		for _, c := range x.Box {
			var region []sudoku.Cell // c's, in reading order
			for i, id := range x.RegionOf {
				if id == x.RegionOf[c.Row*g.n+c.Col] {
					region = append(region, sudoku.Cell{Row: i / g.n, Col: i % g.n})
				}
			}
			if g.at(region[g.at(c)-1]) != slices.Index(region, c)+1 {
				return false
			}
		}
		x.Box = nil
	}
	for _, c := range x.Row {
		if g.at(sudoku.Cell{Row: g.at(c) - 1, Col: c.Col}) != c.Row+1 {
			return false
		}
	}
	for _, c := range x.Column {
		if g.at(sudoku.Cell{Row: c.Row, Col: g.at(c) - 1}) != c.Col+1 {
			return false
		}
	}
	for _, c := range x.Box {
		r0, c0 := c.Row/s.BoxRows*s.BoxRows, c.Col/s.BoxCols*s.BoxCols
		place := (c.Row-r0)*s.BoxCols + (c.Col - c0) + 1
		v := g.at(c) - 1
		target := sudoku.Cell{Row: r0 + v/s.BoxCols, Col: c0 + v%s.BoxCols}
		if g.at(target) != place {
			return false
		}
	}
	return true
}

// makeIndexer marks cells whose digit happens to index correctly (broken:
// a cell that does not).
func makeIndexer(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var x variants.Indexer
	for _, i := range rng.Perm(g.n * g.n) {
		c := sudoku.Cell{Row: i / g.n, Col: i % g.n}
		kind := rng.IntN(3)
		one := [3]variants.Indexer{{Row: []sudoku.Cell{c}}, {Column: []sudoku.Cell{c}}, {Box: []sudoku.Cell{c}}}[kind]
		if satisfiesIndexer(g, one) != valid {
			continue
		}
		if !valid {
			return one
		}
		switch kind {
		case 0:
			x.Row = append(x.Row, c)
		case 1:
			x.Column = append(x.Column, c)
		default:
			x.Box = append(x.Box, c)
		}
	}
	return x
}

func init() {
	propCases = append(propCases, propCase{"indexer", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeIndexer(rng, randomSolved(rng, n), true).(variants.Indexer)
		return v, func(g grid) bool { return satisfiesIndexer(g, v) }
	}, []int{4, 6}})
}

func TestIndexerModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, makeIndexer)
}

func TestIndexerInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"twice", 4, variants.Indexer{Row: cells("r1c1 r1c1")}, "row indexer cells: r1c1 is listed twice"},
		{"off grid", 4, variants.Indexer{Box: cells("r5c1")}, "box indexer cells"},
	})
}

// TestIndexerJigsaw: an f-puzzles document's box indexers index within the
// cell's own region, a jigsaw's when the grid has one, as the reference
// solver reads them. In jigsaw4Grid (see disjoint_test.go), r2c1 holds 2
// and is first in its region c, whose second cell r2c2 holds 1: it indexes
// its region, not its box (the box's second cell r1c2 holds 2, not r2c1's
// place 3). r2c4 holds 3, second in region b, whose third cell r3c3 holds
// 1: wrong for its region, right for its box (r2c3 holds its place 4).
func TestIndexerJigsaw(t *testing.T) {
	for _, tc := range []struct {
		cell string
		want bool
	}{
		{"R2C1", true},
		{"R2C4", false},
	} {
		p, err := fpuzzles.Decode(jigsaw4Doc(`"boxindexer":[{"cells":["` + tc.cell + `"]}]`))
		require.NoError(t, err, tc.cell)
		require.Len(t, p.Variants, 2, tc.cell)
		x, ok := p.Variants[1].(variants.Indexer)
		require.True(t, ok, "%T", p.Variants[1])
		require.Len(t, x.RegionOf, 16)
		assert.Equal(t, tc.want, accepts(t, jigsaw4Grid, p.Variants...), "document: %s", tc.cell)
		assert.Equal(t, tc.want, satisfiesIndexer(jigsaw4Grid, x), "checker: %s", tc.cell)
		boxes := x
		boxes.RegionOf = nil
		assert.Equal(t, !tc.want, satisfiesIndexer(jigsaw4Grid, boxes), "the boxes read the other way: %s", tc.cell)

		js, err := fpuzzles.Encode(p)
		require.NoError(t, err, tc.cell)
		back, err := fpuzzles.Decode(js)
		require.NoError(t, err, js)
		assert.Equal(t, p.Variants, back.Variants, js)
		_, err = fpuzzles.Encode(&fpuzzles.Puzzle{Grid: p.Grid, Variants: []rules.Variant{p.Variants[0], boxes}})
		assert.ErrorContains(t, err, "box indexers follow the standard boxes", tc.cell)
	}
}

// TestJigsawLayout: Layout writes what ParseJigsawLayout reads back as the
// same regions, on 9x9 and, with spaces between symbols, on 16x16; and
// SameRegions tells a layout from another.
func TestJigsawLayout(t *testing.T) {
	const layout9 = "000000021\n453303021\n453333221\n453322221\n455566121\n445666111\n445566667\n488887777\n888887777\n"
	j, err := variants.ParseJigsawLayout(layout9, 9)
	require.NoError(t, err)
	back, err := variants.ParseJigsawLayout(j.Layout(), 9)
	require.NoError(t, err, j.Layout())
	assert.True(t, back.SameRegions(j))
	for _, n := range []int{9, 16} {
		s, err := sudoku.ShapeOf(n)
		require.NoError(t, err)
		var boxes variants.Jigsaw
		for b := range n {
			boxes.Regions = append(boxes.Regions, s.BoxCells(b))
		}
		back, err := variants.ParseJigsawLayout(boxes.Layout(), n)
		require.NoError(t, err, boxes.Layout())
		assert.True(t, back.SameRegions(boxes), "%d", n)
		if n == 9 {
			assert.False(t, boxes.SameRegions(j), "the boxes are not the jigsaw")
		}
	}
}
