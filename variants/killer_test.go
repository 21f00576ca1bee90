package variants_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// Shared helpers of the sum and count families' tests.

// sumsChecker returns the independent checker of a sum or count family's
// variant, or nil for another variant.
func sumsChecker(v rules.Variant) func(grid) bool {
	switch v := v.(type) {
	case variants.Killer:
		return func(g grid) bool { return satisfiesKiller(g, v) }
	case variants.LittleKiller:
		return func(g grid) bool { return satisfiesLittleKiller(g, v) }
	case variants.Arrow:
		return func(g grid) bool { return satisfiesArrow(g, v) }
	case variants.Quadruple:
		return func(g grid) bool { return satisfiesQuadruple(g, v) }
	case variants.CountingCircles:
		return func(g grid) bool { return satisfiesCountingCircles(g, v) }
	case variants.Clone:
		return func(g grid) bool { return satisfiesClone(g, v) }
	case variants.MinMax:
		return func(g grid) bool { return satisfiesMinMax(g, v) }
	case variants.Indexer:
		return func(g grid) bool { return satisfiesIndexer(g, v) }
	}
	return nil
}

// randomSolved returns a random valid filled grid of side n (4, 6 or 9):
// the pattern grid of its shape with its digits relabelled and, for square
// boxes, transposed at random.
func randomSolved(rng *rand.Rand, n int) grid {
	s, err := sudoku.ShapeOf(n)
	if err != nil {
		panic(err)
	}
	perm := rng.Perm(n)
	flip := s.BoxRows == s.BoxCols && rng.IntN(2) == 0
	v := make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			base := (r%s.BoxRows*s.BoxCols + r/s.BoxRows + c) % n
			if flip {
				v[c*n+r] = perm[base] + 1
			} else {
				v[r*n+c] = perm[base] + 1
			}
		}
	}
	return grid{n, v}
}

// accepts reports whether the model of vs (no givens) accepts g, by the
// referee: a model-level check that needs no backend.
func accepts(t *testing.T, g grid, vs ...rules.Variant) bool {
	t.Helper()
	s, err := sudoku.ShapeOf(g.n)
	require.NoError(t, err)
	m, err := rules.Build(sudoku.NewGrid(s), vs...)
	require.NoError(t, err, "%+v", vs)
	return model.Check(m, asSolution(g.n, g.v)) == nil
}

// invalidCase is an instance Apply must refuse with ErrInvalid.
type invalidCase struct {
	name string
	n    int
	v    rules.Variant
	want string
}

func checkInvalid(t *testing.T, cases []invalidCase) {
	t.Helper()
	for _, tc := range cases {
		s, err := sudoku.ShapeOf(tc.n)
		require.NoError(t, err)
		_, err = rules.New(s, tc.v)
		require.ErrorIs(t, err, variants.ErrInvalid, tc.name)
		assert.ErrorContains(t, err, tc.want, tc.name)
	}
}

// acceptsAndRejects runs the two model-level halves of a family's
// property check on random solved grids: make(g, true) returns an instance
// read off g, which the model must accept, and make(g, false) one that
// breaks it (or nil when it cannot), which the model must refuse; the
// independent checker must agree with the model each time.
func acceptsAndRejects(t *testing.T, sizes []int, make func(rng *rand.Rand, g grid, valid bool) rules.Variant) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(sizes)), 11))
	rejected := 0
	for trial := 0; trial < 40; trial++ {
		g := randomSolved(rng, sizes[trial%len(sizes)])
		v := make(rng, g, true)
		require.True(t, accepts(t, g, v), "model refuses %+v on its own grid %v", v, g.v)
		require.True(t, sumsChecker(v)(g), "checker refuses %+v on its own grid", v)
		if bad := make(rng, g, false); bad != nil {
			require.False(t, accepts(t, g, bad), "model accepts %+v on %v", bad, g.v)
			require.False(t, sumsChecker(bad)(g), "checker accepts %+v", bad)
			rejected++
		}
	}
	require.Positive(t, rejected, "no broken instance: the test checks half")
}

// satisfiesKiller reads the rule: each cage's digits differ, and add up
// to its total when it has one; a cage of N cells (every digit once) has
// its total ignored, as the f-puzzles reference solver ignores it.
func satisfiesKiller(g grid, k variants.Killer) bool {
	for _, c := range k.Cages {
		sum := 0
		for _, x := range c.Cells {
			sum += g.at(x)
		}
		if !g.distinct(c.Cells) || c.Total != 0 && len(c.Cells) != g.n && sum != c.Total {
			return false
		}
	}
	return true
}

// randomCage returns a connected cage of up to size cells with different
// digits in g.
func randomCage(rng *rand.Rand, g grid, size int) []sudoku.Cell {
	start := sudoku.Cell{Row: rng.IntN(g.n), Col: rng.IntN(g.n)}
	cage := []sudoku.Cell{start}
	used := map[int]bool{g.at(start): true}
	for tries := 0; len(cage) < size && tries < 20; tries++ {
		from := cage[rng.IntN(len(cage))]
		d := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}[rng.IntN(4)]
		q := sudoku.Cell{Row: from.Row + d[0], Col: from.Col + d[1]}
		if !g.in(q) || used[g.at(q)] {
			continue
		}
		dup := false
		for _, c := range cage {
			dup = dup || c == q
		}
		if !dup {
			cage = append(cage, q)
			used[g.at(q)] = true
		}
	}
	return cage
}

func makeKiller(rng *rand.Rand, g grid, valid bool) rules.Variant {
	var k variants.Killer
	for i := 1 + rng.IntN(4); i > 0; i-- {
		c := variants.Cage{Cells: randomCage(rng, g, 2+rng.IntN(4))}
		if rng.IntN(3) > 0 {
			for _, x := range c.Cells {
				c.Total += g.at(x)
			}
		}
		k.Cages = append(k.Cages, c)
	}
	if !valid {
		// A total off by one (not on a cage of N cells, whose total is
		// ignored), or a cage over two cells of equal digits.
		c := &k.Cages[rng.IntN(len(k.Cages))]
		if c.Total > 0 && len(c.Cells) < g.n && rng.IntN(2) == 0 {
			c.Total++
		} else {
			p := sudoku.Cell{Row: 0, Col: 0}
			for i, v := range g.v {
				if q := (sudoku.Cell{Row: i / g.n, Col: i % g.n}); v == g.at(p) && q != p {
					c.Cells, c.Total = []sudoku.Cell{p, q}, 0
					break
				}
			}
		}
	}
	return k
}

func init() {
	propCases = append(propCases, propCase{"killer", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeKiller(rng, randomSolved(rng, n), true).(variants.Killer)
		return v, func(g grid) bool { return satisfiesKiller(g, v) }
	}, []int{4, 6}})
}

func TestKillerModel(t *testing.T) {
	acceptsAndRejects(t, []int{4, 6, 9}, makeKiller)
}

func TestKillerInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"empty cage", 4, variants.Killer{Cages: []variants.Cage{{}}}, "cage 1: 0 cells"},
		{"too big", 4, variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r1c2 r1c3 r1c4 r2c1")}}}, "cage 1: 5 cells"},
		{"off grid", 4, variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r5c1"), Total: 3}}}, "outside"},
		{"twice", 4, variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r1c1"), Total: 3}}}, "listed twice"},
		{"negative", 4, variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r1c2"), Total: -3}}}, "negative"},
	})
}

// TestKillerRules: a cage with a total is one Sum rule with its cells,
// coefficients 1 and the distinct flag; a cage without one adds no Sum.
func TestKillerRules(t *testing.T) {
	s, _ := sudoku.ShapeOf(4)
	m, err := rules.Build(sudoku.NewGrid(s), variants.Killer{Cages: []variants.Cage{
		{Cells: cells("r1c1 r1c2 r2c1"), Total: 6}, {Cells: cells("r4c4 r3c4")},
	}})
	require.NoError(t, err)
	var sums, derived []model.Rule
	for _, r := range m.Rules() {
		switch {
		case r.Kind == model.Sum && strings.HasPrefix(r.Label, "derived"):
			derived = append(derived, r)
		case r.Kind == model.Sum:
			sums = append(sums, r)
		}
	}
	byLabel := map[string]model.Rule{}
	for _, r := range derived {
		byLabel[r.Label] = r
		assert.True(t, r.Payload.Implied, r.Label)
	}
	// The rule of 45 (10 on a 4x4): box 1 minus the cage leaves r2c2 = 4.
	require.Contains(t, byLabel, "derived, box 1")
	assert.Equal(t, []int32{5}, byLabel["derived, box 1"].Payload.Cells)
	assert.Equal(t, []int32{4}, byLabel["derived, box 1"].Payload.Totals)
	// Row 1 with the cage: r1c3 + r1c4 - r2c1 = 10 - 6.
	require.Contains(t, byLabel, "derived, row 1 innies-outies")
	assert.Equal(t, []int32{2, 3, 4}, byLabel["derived, row 1 innies-outies"].Payload.Cells)
	assert.Equal(t, []int32{4}, byLabel["derived, row 1 innies-outies"].Payload.Totals)
	require.Len(t, sums, 1)
	assert.Equal(t, []int32{6}, sums[0].Payload.Totals)
	assert.True(t, sums[0].Payload.Distinct)
	assert.Equal(t, []int32{0, 1, 4}, sums[0].Payload.Cells)
	assert.Equal(t, []int32{1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4}, m.CellWeights(sums[0]))
}

// TestKillerFullCage: a cage of N cells holds every digit once, so its
// total is ignored, as the reference solver ignores it; its digits must
// still differ, and a smaller cage's total still counts.
func TestKillerFullCage(t *testing.T) {
	//	1 2 3 4
	//	3 4 1 2
	//	2 1 4 3
	//	4 3 2 1
	g := grid{4, []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	for _, tc := range []struct {
		name string
		cage variants.Cage
		want bool
	}{
		{"row, total 10", variants.Cage{Cells: cells("r1c1 r1c2 r1c3 r1c4"), Total: 10}, true},
		{"row, total 11", variants.Cage{Cells: cells("r1c1 r1c2 r1c3 r1c4"), Total: 11}, true},
		{"row, total 3", variants.Cage{Cells: cells("r1c1 r1c2 r1c3 r1c4"), Total: 3}, true},
		{"snake, total 11", variants.Cage{Cells: cells("r1c1 r1c2 r2c2 r2c1"), Total: 11}, true},
		{"a repeat, total 11", variants.Cage{Cells: cells("r1c1 r1c2 r2c2 r2c3"), Total: 11}, false},
		{"a repeat, no total", variants.Cage{Cells: cells("r1c1 r1c2 r2c2 r2c3")}, false},
		{"3 cells, total 7", variants.Cage{Cells: cells("r1c1 r1c2 r1c3"), Total: 7}, false},
		{"3 cells, total 6", variants.Cage{Cells: cells("r1c1 r1c2 r1c3"), Total: 6}, true},
	} {
		k := variants.Killer{Cages: []variants.Cage{tc.cage}}
		assert.Equal(t, tc.want, accepts(t, g, k), "model: %s", tc.name)
		assert.Equal(t, tc.want, satisfiesKiller(g, k), "checker: %s", tc.name)
	}
}
