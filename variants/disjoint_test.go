package variants_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// jigsaw4 is a 4x4 jigsaw layout whose groups of k-th cells differ from
// the boxes', and jigsaw4Grid a solution of it whose digits differ in
// every such group but not in every box's:
//
//	a a a b    1 2 3 4
//	c c a b    2 1 4 3
//	c d b b    4 3 1 2
//	c d d d    3 4 2 1
const jigsaw4 = "aaab ccab cdbb cddd"

var jigsaw4Grid = grid{4, []int{1, 2, 3, 4, 2, 1, 4, 3, 4, 3, 1, 2, 3, 4, 2, 1}}

// jigsaw4Doc returns an f-puzzles document of the jigsaw4 layout with
// members added.
func jigsaw4Doc(members string) string {
	var rows []string
	for _, row := range strings.Fields(jigsaw4) {
		var cs []string
		for _, r := range row {
			cs = append(cs, fmt.Sprintf(`{"region":%d}`, r-'a'))
		}
		rows = append(rows, "["+strings.Join(cs, ",")+"]")
	}
	return `{"size":4,"grid":[` + strings.Join(rows, ",") + `],` + members + `}`
}

// satisfiesDisjoint reads the rule: the k-th cells, in reading order, of
// the regions (region(c)) hold different digits.
func satisfiesDisjoint(g grid, region func(c sudoku.Cell) int) bool {
	seen := map[int]int{}             // cells of each region so far
	groups := map[int][]sudoku.Cell{} // by place in the region
	for i := range g.v {
		c := sudoku.Cell{Row: i / g.n, Col: i % g.n}
		k := seen[region(c)]
		seen[region(c)]++
		groups[k] = append(groups[k], c)
	}
	for _, gr := range groups {
		if !g.distinct(gr) {
			return false
		}
	}
	return true
}

// TestDisjointJigsaw: an f-puzzles document's disjoint groups follow its
// jigsaw regions, as the reference solver reads them: group k is the k-th
// cell of each region. jigsaw4Grid breaks the boxes' groups and keeps the
// jigsaw's.
func TestDisjointJigsaw(t *testing.T) {
	p, err := fpuzzles.Decode(jigsaw4Doc(`"disjointgroups":true`))
	require.NoError(t, err)
	require.Len(t, p.Variants, 2)
	dg, ok := p.Variants[1].(variants.DisjointGroups)
	require.True(t, ok, "%T", p.Variants[1])
	assert.Equal(t, []int{0, 0, 0, 1, 2, 2, 0, 1, 2, 3, 1, 1, 2, 3, 3, 3}, dg.RegionOf)

	byLayout := func(c sudoku.Cell) int { return dg.RegionOf[c.Row*4+c.Col] }
	require.True(t, satisfiesDisjoint(jigsaw4Grid, byLayout))
	require.False(t, satisfiesDisjoint(jigsaw4Grid, boxOf(4)))
	for _, tc := range []struct {
		name string
		g    grid
		want bool
	}{
		{"the jigsaw's groups", jigsaw4Grid, true},
		{"a repeat in group 1", grid{4, []int{1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1}}, false},
	} {
		assert.Equal(t, tc.want, accepts(t, tc.g, p.Variants...), "document: %s", tc.name)
		assert.Equal(t, tc.want, satisfiesDisjoint(tc.g, byLayout), "checker: %s", tc.name)
	}
	assert.False(t, accepts(t, jigsaw4Grid, p.Variants[0], variants.DisjointGroups{}), "the named variant keeps the boxes")

	js, err := fpuzzles.Encode(p)
	require.NoError(t, err)
	back, err := fpuzzles.Decode(js)
	require.NoError(t, err, js)
	assert.Equal(t, p.Variants, back.Variants, js)

	// The named variant beside a jigsaw (--variant disjoint on a jigsaw
	// layout) keeps the standard boxes, which a document cannot say.
	boxes := &fpuzzles.Puzzle{Grid: p.Grid, Variants: []rules.Variant{variants.DisjointGroups{}, p.Variants[0]}}
	_, err = fpuzzles.Encode(boxes)
	assert.ErrorContains(t, err, "disjoint groups follow the standard boxes")
}

func TestDisjointInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"length", 4, variants.DisjointGroups{RegionOf: []int{0, 1}}, "2 regions given for 16 cells"},
		{"id", 4, variants.DisjointGroups{RegionOf: []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4}}, "r4c4 is in region 4"},
		{"size", 4, variants.DisjointGroups{RegionOf: []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 2}}, "region 2 has 5 cells"},
	})
}

// TestFollowJigsaw: FollowJigsaw gives the jigsaw's regions to the
// variants that read regions and have none, so that "disjoint" named
// beside a jigsaw layout reads as its f-puzzles document does.
func TestFollowJigsaw(t *testing.T) {
	j, err := variants.ParseJigsawLayout(strings.ReplaceAll(jigsaw4, " ", "\n"), 4)
	require.NoError(t, err)
	rows := []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}
	vs := []rules.Variant{variants.DisjointGroups{}, j, variants.Indexer{Row: cells("r1c1")},
		variants.Indexer{Box: cells("r2c1")}, variants.RegionSum{Lines: lines("r1c1 r1c2"), RegionOf: rows}}
	got := variants.FollowJigsaw(vs)
	require.Len(t, got, len(vs))
	assert.Equal(t, variants.DisjointGroups{}, vs[0], "vs is not modified")
	layout := []int{0, 0, 0, 1, 2, 2, 0, 1, 2, 3, 1, 1, 2, 3, 3, 3}
	assert.Equal(t, variants.DisjointGroups{RegionOf: layout}, got[0])
	assert.Equal(t, j, got[1])
	assert.Equal(t, vs[2], got[2], "no box indexer: no regions")
	assert.Equal(t, variants.Indexer{Box: cells("r2c1"), RegionOf: layout}, got[3])
	assert.Equal(t, vs[4], got[4], "regions of its own")

	assert.False(t, accepts(t, jigsaw4Grid, vs[:2]...))
	assert.True(t, accepts(t, jigsaw4Grid, got[:2]...))
	assert.True(t, accepts(t, jigsaw4Grid, got[1], got[3]))
	_, err = fpuzzles.Encode(&fpuzzles.Puzzle{Grid: sudoku.NewGrid(shape(t, 4)), Variants: got[:4]})
	require.NoError(t, err)

	noJigsaw := []rules.Variant{variants.DisjointGroups{}}
	assert.Equal(t, noJigsaw, variants.FollowJigsaw(noJigsaw))
}
