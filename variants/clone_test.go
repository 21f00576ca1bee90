package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// satisfiesClone reads the rule: each cell holds its copy's digit.
func satisfiesClone(g grid, c variants.Clone) bool {
	for _, p := range c.Clones {
		for k := range p.Cells {
			if g.at(p.Cells[k]) != g.at(p.Copies[k]) {
				return false
			}
		}
	}
	return true
}

// makeClone pairs cells with equal digits (broken: one pair of different
// digits).
func makeClone(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var c variants.Clone
	var pair variants.ClonePair
	used := map[int]bool{}
	for _, i := range rng.Perm(g.n * g.n)[:1+rng.IntN(4)] {
		for _, j := range rng.Perm(g.n * g.n) {
			if j != i && !used[i] && !used[j] && (g.v[j] == g.v[i]) == valid {
				used[i], used[j] = true, true
				pair.Cells = append(pair.Cells, sudoku.Cell{Row: i / g.n, Col: i % g.n})
				pair.Copies = append(pair.Copies, sudoku.Cell{Row: j / g.n, Col: j % g.n})
				break
			}
		}
		if !valid {
			break
		}
	}
	c.Clones = append(c.Clones, pair)
	return c
}

func init() {
	propCases = append(propCases, propCase{"clone", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeClone(rng, randomSolved(rng, n), true).(variants.Clone)
		return v, func(g grid) bool { return satisfiesClone(g, v) }
	}, []int{4, 6}})
}

func TestCloneModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, makeClone)
}

func TestCloneInvalid(t *testing.T) {
	pair := func(a, b string) variants.Clone {
		return variants.Clone{Clones: []variants.ClonePair{{Cells: cells(a), Copies: cells(b)}}}
	}
	checkInvalid(t, []invalidCase{
		{"lengths", 4, pair("r1c1 r1c2", "r3c3"), "2 cells and 1 copies"},
		{"empty", 4, pair("", ""), "0 cells"},
		{"itself", 4, pair("r1c1", "r1c1"), "its own copy"},
		{"off grid", 4, pair("r1c1", "r1c5"), "outside"},
	})
}
