package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesIndexer reads the definitions: a row indexer at (r, c) holding
// v means row v of column c holds r; a column indexer at (r, c) holding v,
// column v of row r holds c; a box indexer in place p of its box (reading
// order) holding v, place v of the box holds p (all counted from 1).
func satisfiesIndexer(g grid, x variants.Indexer) bool {
	s, _ := sudoku.ShapeOf(g.n)
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
