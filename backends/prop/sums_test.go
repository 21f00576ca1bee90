package prop_test

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// valueMask returns the mask of values vs (bit v-1 for value v).
func valueMask(vs ...int) uint64 {
	var m uint64
	for _, v := range vs {
		m |= 1 << (v - 1)
	}
	return m
}

func TestCombos(t *testing.T) {
	nine := []int32{1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, tc := range []struct {
		name   string
		k      int
		totals []int32
		want   []uint64
	}{
		{"3 in two", 2, []int32{3}, []uint64{valueMask(1, 2)}},
		{"24 in three", 3, []int32{24}, []uint64{valueMask(7, 8, 9)}},
		{"10 in two", 2, []int32{10}, []uint64{valueMask(1, 9), valueMask(2, 8), valueMask(3, 7), valueMask(4, 6)}},
		{"45 in nine", 9, []int32{45}, []uint64{valueMask(1, 2, 3, 4, 5, 6, 7, 8, 9)}},
		{"none", 2, []int32{18}, []uint64{}},
		{"two totals", 2, []int32{3, 17}, []uint64{valueMask(1, 2), valueMask(8, 9)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := prop.Combos(nine, tc.k, tc.totals)
			assert.ElementsMatch(t, tc.want, got)
			assert.NotNil(t, got, "an empty list is not 'too many'")
		})
	}
	sixteen := make([]int32, 16)
	for i := range sixteen {
		sixteen[i] = int32(i + 1)
	}
	all := make([]int32, 0, 136)
	for total := int32(36); total <= 100; total++ {
		all = append(all, total)
	}
	assert.Nil(t, prop.Combos(sixteen, 8, all), "thousands of sets: propagated another way")
}

// TestShiftSums compares the shifts of partial-sum bitsets with a plain
// loop over the bits, across word boundaries, on bitsets of one to four
// words of sums.
func TestShiftSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 64))
	for range 400 {
		nw := 1 + rng.IntN(4)
		n := nw * 64
		a := make([]uint64, 4)
		for i := range nw {
			a[i] = rng.Uint64() & rng.Uint64()
		}
		d := rng.IntN(n)
		for _, down := range []bool{false, true} {
			want := make([]uint64, 4)
			for b := 0; b < n; b++ {
				if a[b/64]&(1<<(b%64)) == 0 {
					continue
				}
				to := b + d
				if down {
					to = b - d
				}
				if to >= 0 && to < n {
					want[to/64] |= 1 << (to % 64)
				}
			}
			assert.Equal(t, want, prop.ShiftSums(make([]uint64, 4), a, d, nw, down), "d=%d nw=%d down=%v", d, nw, down)
			if down {
				continue
			}
			// The shift up meets a set b when b holds one of its sums.
			b := make([]uint64, 4)
			for i := range nw {
				b[i] = rng.Uint64() & rng.Uint64() & rng.Uint64()
			}
			meets := false
			for i := range want {
				meets = meets || want[i]&b[i] != 0
			}
			assert.Equal(t, meets, prop.ShiftMeets(a, b, d, nw), "d=%d nw=%d", d, nw)
			assert.True(t, prop.ShiftMeets(a, want, d, nw) || slices.Equal(want, make([]uint64, 4)), "d=%d nw=%d: a shift meets itself", d, nw)
		}
	}
}

// TestSumPropagation: at the root, without search, a killer cage is read
// by its value sets (r1c1+r2c1 = 3 holds 1 and 2, which leave the rest of
// column 1 and box 1), and a little killer diagonal by the totals its
// cells can reach.
func TestSumPropagation(t *testing.T) {
	cells := func(s string) []sudoku.Cell {
		var out []sudoku.Cell
		for _, f := range []string{s[:4], s[5:]} {
			out = append(out, sudoku.Cell{Row: int(f[1] - '1'), Col: int(f[3] - '1')})
		}
		return out
	}
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	m, err := rules.Build(g, variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r2c1"), Total: 3}}})
	require.NoError(t, err)
	masks := prop.RootMasks(m)
	require.NotNil(t, masks)
	assert.Equal(t, uint64(0b11), masks[0])
	assert.Equal(t, uint64(0b11), masks[9])
	assert.Equal(t, uint64(0b111111100), masks[18], "r3c1: column 1 and box 1")
	assert.Equal(t, uint64(0b111111100), masks[1], "r1c2: box 1")
	assert.Equal(t, uint64(0b111111111), masks[3], "r1c4 sees neither")

	// A sum whose digits may repeat (r1c1 + 2*r5c5 = 25, as an arrow's
	// weights allow) is read by the totals its cells can reach: r5c5 is 8
	// or 9 (2*7+9 < 25), r1c1 is 7 or 9 (odd, 25-16 or 25-18).
	m, err = rules.Build(g, sumRule{cells("r1c1 r5c5"), []int{1, 2}, 25})
	require.NoError(t, err)
	masks = prop.RootMasks(m)
	require.NotNil(t, masks)
	assert.Equal(t, uint64(0b101000000), masks[0])
	assert.Equal(t, uint64(0b110000000), masks[40])
}

// TestLastFew: a sum of one total with two or three cells open is read
// exactly, with the cells that see each other taking different values.
// Two cells of box 1 adding up to 10 cannot be 5 + 5, while two cells in no
// common house may repeat a value, so 5 + 5 stays there. With r1c1 + r1c5 +
// r5c1 = 5, r1c1 seeing both others, r1c1 cannot be 2 (the others would
// have to be 1 and 2, or 2 and 1), r1c5 and r5c1 cannot be 3 (r1c1 would
// repeat the other's 1): bounds and the reachable totals keep all three.
// Two cells of a row cannot differ by 0.
func TestLastFew(t *testing.T) {
	cells := func(rc ...int) []sudoku.Cell {
		var out []sudoku.Cell
		for i := 0; i < len(rc); i += 2 {
			out = append(out, sudoku.Cell{Row: rc[i] - 1, Col: rc[i+1] - 1})
		}
		return out
	}
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	for _, tc := range []struct {
		name string
		sum  sumRule
		at   []int // cell indices
		want uint64
	}{
		{"two in a box", sumRule{cells(1, 2, 2, 1), []int{1, 1}, 10}, []int{1, 9}, valueMask(1, 2, 3, 4, 6, 7, 8, 9)},
		{"three, the first seeing both", sumRule{cells(1, 1, 1, 5, 5, 1), []int{1, 1, 1}, 5}, []int{0}, valueMask(1, 3)},
		{"three, the others", sumRule{cells(1, 1, 1, 5, 5, 1), []int{1, 1, 1}, 5}, []int{4, 36}, valueMask(1, 2)},
		{"two apart", sumRule{cells(1, 1, 5, 5), []int{1, 1}, 10}, []int{0, 40}, valueMask(1, 2, 3, 4, 5, 6, 7, 8, 9)},
		{"a difference in a row", sumRule{cells(1, 1, 1, 2), []int{1, -1}, 0}, []int{0, 1}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := rules.Build(g, tc.sum)
			require.NoError(t, err)
			masks := prop.RootMasks(m)
			if tc.want == 0 {
				assert.Nil(t, masks, "two cells of a row cannot be equal")
				return
			}
			require.NotNil(t, masks)
			for _, c := range tc.at {
				assert.Equal(t, tc.want, masks[c], "cell %d", c)
			}
		})
	}
}

// TestLastFewLarge: on a grid too large for prop's table of who sees whom
// (25x25), the cells that share a house still take different values: two
// cells of box 1 adding up to 26 cannot be 13 + 13.
func TestLastFewLarge(t *testing.T) {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 5, BoxCols: 5})
	sum := sumRule{[]sudoku.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}}, []int{1, 1}, 26}
	m, err := rules.Build(g, sum)
	require.NoError(t, err)
	masks := prop.RootMasks(m)
	require.NotNil(t, masks)
	all := uint64(1)<<25 - 1
	assert.Equal(t, all&^valueMask(13), masks[1])
	assert.Equal(t, all&^valueMask(13), masks[25])
}

// sumRule is a plain weighted sum, whose digits may repeat.
type sumRule struct {
	cells []sudoku.Cell
	coefs []int
	total int
}

func (sumRule) Name() string { return "sum" }

func (s sumRule) Apply(b *rules.Builder) error {
	b.Sum("sum", s.cells, s.coefs, []int{s.total}, false)
	return nil
}

// dlxCount counts the solutions of m with DLX.
func dlxCount(m *model.Model) (int, error) {
	res, err := dlx.New().Solve(context.Background(), m, model.Options{})
	return res.Count, err
}

// TestSumPropagationAgrees: on random killer models over 4x4 grids (cages
// of two and three cells), the
// stronger sum propagation keeps every solution: prop counts what DLX
// counts.
func TestSumPropagationAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 17))
	for trial := range 60 {
		g := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2})
		var k variants.Killer
		used := map[sudoku.Cell]bool{}
		for range 4 {
			a := sudoku.Cell{Row: rng.IntN(4), Col: rng.IntN(4)}
			b := sudoku.Cell{Row: a.Row, Col: a.Col + 1}
			if rng.IntN(2) == 0 {
				b = sudoku.Cell{Row: a.Row + 1, Col: a.Col}
			}
			if b.Row > 3 || b.Col > 3 || used[a] || used[b] {
				continue
			}
			cage := []sudoku.Cell{a, b}
			// Now and then a third cell, beside the second.
			if c := (sudoku.Cell{Row: b.Row + 1, Col: b.Col}); rng.IntN(2) == 0 && c.Row <= 3 && !used[c] {
				cage = append(cage, c)
			}
			for _, x := range cage {
				used[x] = true
			}
			k.Cages = append(k.Cages, variants.Cage{Cells: cage, Total: len(cage) + 1 + rng.IntN(3*len(cage))})
		}
		m, err := rules.Build(g, k)
		require.NoError(t, err)
		want, err := dlxCount(m)
		require.NoError(t, err)
		res, err := prop.New().Solve(context.Background(), m, model.Options{})
		require.NoError(t, err)
		assert.Equal(t, want, res.Count, "trial %d: %+v", trial, k)
	}
}

// TestArcs: pairs of cells whose exclusions say more than "not the same
// value" are kept arc consistent at the root, without search: a white
// kropki dot between r1c1 and r1c2 with r1c1 in {1, 5} leaves r1c2 in
// {2, 4, 6}; two dots r1c1-r1c2-r1c3 around a given 9 in r1c1 leave r1c2
// 8 and r1c3 7 (not 9: the row has it).
func TestArcs(t *testing.T) {
	cell := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r - 1, Col: c - 1} }
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	g.SetMarks(0, 0, 1<<0|1<<4)
	m, err := rules.Build(g, variants.Kropki{White: [][2]sudoku.Cell{{cell(1, 1), cell(1, 2)}}})
	require.NoError(t, err)
	masks := prop.RootMasks(m)
	require.NotNil(t, masks)
	assert.Equal(t, uint64(1<<1|1<<3|1<<5), masks[1])

	g = sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	g.Set(0, 0, 9)
	m, err = rules.Build(g, variants.Kropki{White: [][2]sudoku.Cell{{cell(1, 1), cell(1, 2)}, {cell(1, 2), cell(1, 3)}}})
	require.NoError(t, err)
	masks = prop.RootMasks(m)
	require.NotNil(t, masks)
	assert.Equal(t, uint64(1<<7), masks[1])
	assert.Equal(t, uint64(1<<6), masks[2])
}

// agreeWithDLX requires prop to count m's solutions as DLX does, and each
// solution it returns to pass the referee; it returns the count.
func agreeWithDLX(t *testing.T, m *model.Model, trial int) int {
	t.Helper()
	want, err := dlxCount(m)
	require.NoError(t, err)
	res, err := prop.New().Solve(context.Background(), m, model.Options{})
	require.NoError(t, err)
	require.Equal(t, want, res.Count, "trial %d", trial)
	for _, sol := range res.Solutions {
		require.NoError(t, model.Check(m, sol))
	}
	return want
}

// TestGroupSumsAgree: on random 4x4 grids with sums whose cells may repeat
// a value (lines of two to five cells, some crossing a house, weights 1 or
// -1 per line), the bounds of the cells that share a house keep every
// solution: prop counts what DLX counts, and the sums do prune (some trial
// has fewer solutions than the empty grid's 288).
func TestGroupSumsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	pruned := false
	blank := solvertest.Blank(t, 2, 2)
	for trial := range 80 {
		m := solvertest.Extend(t, blank, func(b *model.Builder) {
			for range 1 + rng.IntN(3) {
				n := 2 + rng.IntN(4)
				cells := rng.Perm(16)[:n]
				coef := 1
				if rng.IntN(4) == 0 {
					coef = -1
				}
				coefs := make([]int, n)
				for i := range coefs {
					coefs[i] = coef
				}
				total := coef * (n + rng.IntN(3*n+1))
				b.Linear("line", cells, coefs, []int{total}, false)
			}
		})
		want := agreeWithDLX(t, m, trial)
		pruned = pruned || want < 288
	}
	assert.True(t, pruned)
}

// TestWideSumsAgree: on random 4x4 grids with sums whose cells may repeat
// a value and weigh it 8 to 21 times over (so that the totals a sum can
// reach span under 64, under 256 or more: read by one word of reachable
// totals, by several, or by bounds), some of whose cells share a house (so
// that the group bounds narrow cells before the totals are read), prop
// counts what DLX counts. Each sum's total is that of a solution of the
// empty grid, so that most trials keep solutions.
func TestWideSumsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 64))
	blank := solvertest.Blank(t, 2, 2)
	all, err := dlx.New().Solve(context.Background(), blank, model.Options{})
	require.NoError(t, err)
	require.Len(t, all.Solutions, 288)
	solved := 0
	for trial := range 120 {
		sol := all.Solutions[rng.IntN(len(all.Solutions))].Values(4)
		m := solvertest.Extend(t, blank, func(b *model.Builder) {
			for range 1 + rng.IntN(3) {
				n := 2 + rng.IntN(5)
				cells := rng.Perm(16)[:n]
				coef := []int{8, 11, 16, 21}[rng.IntN(4)]
				if rng.IntN(4) == 0 {
					coef = -coef
				}
				coefs := make([]int, n)
				total := 0
				for i, c := range cells {
					coefs[i] = coef
					if rng.IntN(5) == 0 { // now and then a cell weighed otherwise
						coefs[i] = coef + 1
					}
					total += coefs[i] * sol[c]
				}
				b.Linear("wide", cells, coefs, []int{total}, false)
			}
		})
		if want := agreeWithDLX(t, m, trial); want > 0 {
			solved++
		}
	}
	assert.Equal(t, 120, solved, "every trial keeps the solution its totals came from")
}

// TestCageHouseNeed: a killer cage's value set must hold every value its
// house can place only in the cage's cells. With 9 ruled out of
// r1c3..r1c9 by the 9s of their columns, the cage r1c1+r1c2 = 10 can only
// be {1,9}, though each of its cells could take most values by itself.
func TestCageHouseNeed(t *testing.T) {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	for _, rc := range [][2]int{{3, 2}, {2, 3}, {4, 4}, {6, 5}, {1, 6}, {5, 7}, {7, 8}} {
		g.Set(rc[0], rc[1], 9)
	}
	cage := variants.Cage{Total: 10, Cells: []sudoku.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}
	m, err := rules.Build(g, variants.Killer{Cages: []variants.Cage{cage}})
	require.NoError(t, err)
	masks := prop.RootMasks(m)
	require.NotNil(t, masks)
	assert.Equal(t, uint64(1|1<<8), masks[0], "r1c1: {1,9}")
	assert.Equal(t, uint64(1|1<<8), masks[1], "r1c2: {1,9}")
	assert.Zero(t, masks[2]&(1|1<<8), "r1c3 loses 1 and 9")
}

// TestNakedPairs: on a table with sums, two cells of a house left with the
// same two values take them from the house's other cells. r1c1 and r1c2
// can only be 1 or 2 (7 to 9 are in row 1, 3 to 6 in their columns), so
// the rest of row 1 and box 1 lose 1 and 2.
func TestNakedPairs(t *testing.T) {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	for _, given := range [][3]int{
		{0, 6, 7}, {0, 7, 8}, {0, 8, 9},
		{3, 0, 3}, {4, 0, 4}, {5, 0, 5}, {6, 0, 6},
		{3, 1, 6}, {6, 1, 3}, {7, 1, 4}, {8, 1, 5},
	} {
		g.Set(given[0], given[1], given[2])
	}
	far := variants.Cage{Total: 17, Cells: []sudoku.Cell{{Row: 4, Col: 4}, {Row: 4, Col: 5}}}
	m, err := rules.Build(g, variants.Killer{Cages: []variants.Cage{far}})
	require.NoError(t, err)
	masks := prop.RootMasks(m)
	require.NotNil(t, masks)
	assert.Equal(t, uint64(0b11), masks[0], "r1c1: {1,2}")
	assert.Equal(t, uint64(0b11), masks[1], "r1c2: {1,2}")
	for _, cell := range []int{2, 4, 9 + 2, 18} {
		assert.Zero(t, masks[cell]&0b11, "cell %d loses 1 and 2", cell)
	}
}

// TestCagePeers: the cells of a killer cage are peers in prop's table even
// where no house holds both (placing a digit clears it from the cage at
// once); a sum whose cells may repeat a digit (a little killer) makes no
// peers.
func TestCagePeers(t *testing.T) {
	cell := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r, Col: c} }
	cand := func(r, c, d int) model.Cand { return model.Cand((r*9+c)*9 + d - 1) }
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	for _, tc := range []struct {
		name string
		v    rules.Variant
		want bool
	}{
		{"killer cage", variants.Killer{Cages: []variants.Cage{{Total: 12, Cells: []sudoku.Cell{cell(0, 2), cell(0, 3), cell(1, 3)}}}}, true},
		{"little killer", variants.LittleKiller{Clues: []variants.LittleKillerClue{{Outside: cell(-1, 1), Direction: "DR", Total: 40}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := rules.Build(g, tc.v)
			require.NoError(t, err)
			// r1c3 and r2c4 (little killer: r1c2 and r2c3 are in one box,
			// so take r3c4 and r4c5) share no house.
			a, b := cand(0, 2, 5), cand(1, 3, 5)
			if !tc.want {
				a, b = cand(2, 3, 5), cand(3, 4, 5)
			}
			assert.Equal(t, tc.want, prop.IsPeer(m, a, b))
			assert.Equal(t, tc.want, prop.IsPeer(m, b, a))
			assert.False(t, prop.IsPeer(m, a, a), "a candidate is not its own peer")
			assert.False(t, prop.IsPeer(m, a, b+1), "another digit of the other cell is no peer")
		})
	}
}

// TestRequiredSeen: a value a killer cage must hold leaves every cell that
// sees all the cage's cells that can take it, not only the cells of a
// house that holds them all. The cage r1c3, r1c4, r2c4 adds up to 6, so it
// holds 1, 2 and 3; no house holds its three cells, but r1c5 and r1c6 see
// r1c3 and r1c4 along row 1 and r2c4 in box 2, so they lose 1, 2 and 3.
// r2c1 sees r1c3 and r2c4 but not r1c4, and keeps them.
func TestRequiredSeen(t *testing.T) {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	cage := variants.Cage{Total: 6, Cells: []sudoku.Cell{{Row: 0, Col: 2}, {Row: 0, Col: 3}, {Row: 1, Col: 3}}}
	m, err := rules.Build(g, variants.Killer{Cages: []variants.Cage{cage}})
	require.NoError(t, err)
	masks := prop.RootMasks(m)
	require.NotNil(t, masks)
	const low = 0b111 // 1, 2 and 3
	for _, cell := range []int{2, 3, 9 + 3} {
		assert.Equal(t, uint64(low), masks[cell], "cage cell %d: {1,2,3}", cell)
	}
	for _, cell := range []int{4, 5} {
		assert.Zero(t, masks[cell]&low, "r1c%d loses 1, 2 and 3", cell+1)
	}
	assert.Equal(t, uint64(low), masks[9]&low, "r2c1 keeps 1, 2 and 3")
}

// TestMemoKeepsTree: the steps the memo skips (see seen)
// would remove nothing, so every search keeps its tree: the same status,
// count and nodes with the memo as without, on the published killers of
// testdata/killers, under a node budget.
func TestMemoKeepsTree(t *testing.T) {
	lines := fixture.Lines(t, "../../testdata/killers/killers.links.txt", 0)
	ctx := context.Background()
	for i, line := range lines {
		if testing.Short() && i >= 6 {
			break
		}
		m := fpuzzlesModel(t, line)
		opts := model.Options{Limit: 2, Nodes: 3000}
		with, err := prop.New().Solve(ctx, m, opts)
		require.NoError(t, err)
		without, err := prop.WithoutMemo().Solve(ctx, m, opts)
		require.NoError(t, err)
		assert.Equal(t, without.Status, with.Status, "puzzle %d", i+1)
		assert.Equal(t, without.Count, with.Count, "puzzle %d", i+1)
		assert.Equal(t, without.Stats.Nodes, with.Stats.Nodes, "puzzle %d", i+1)
	}
}

// TestOwnRemovals propagates the givens of the published killers and
// arrows of testdata/killers with the n-ary rules run again after their own
// removals and without: a second pass of a rule over its own removals can
// only remove more (a value set's reading is not always idempotent), and
// leaving them alone saves passes.
func TestOwnRemovals(t *testing.T) {
	var saved, rerun int64
	weaker := 0 // cells where the second passes removed more
	for _, file := range []string{"killers", "arrows"} {
		lines := fixture.Lines(t, "../../testdata/killers/"+file+".links.txt", 0)
		for i, line := range lines {
			p, err := fpuzzles.Decode(line)
			require.NoError(t, err)
			m, err := rules.Build(p.Grid, p.Variants...)
			require.NoError(t, err)
			a, na := prop.RootPasses(m, false)
			b, nb := prop.RootPasses(m, true)
			require.NotNil(t, a, "%s %d", file, i+1)
			require.Len(t, b, len(a), "%s %d", file, i+1)
			for c := range a {
				require.Zero(t, b[c]&^a[c], "%s %d: cell %d keeps a value only with the second passes", file, i+1, c)
				if a[c] != b[c] {
					weaker++
				}
			}
			assert.LessOrEqual(t, na, nb, "%s %d", file, i+1)
			saved += na
			rerun += nb
		}
	}
	assert.Less(t, saved, rerun, "passes without running a rule again for its own removals")
	t.Logf("passes %d against %d; %d cells keep more without the second passes", saved, rerun, weaker)
}

// TestImpliedWeight checks the conflict weights of a failure: a killer
// cage's adds 1 to each of its cells, an innie-outie sum's (implied by the
// others) adds impliedWeight, 5.
func TestImpliedWeight(t *testing.T) {
	lines := fixture.Lines(t, "../../testdata/killers/killers.links.txt", 1)
	p, err := fpuzzles.Decode(lines[0])
	require.NoError(t, err)
	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	cage, implied := prop.FailWeights(m)
	require.NotNil(t, cage)
	require.NotNil(t, implied, "the killer has innie-outie sums")
	count := func(wt []uint64) map[uint64]int {
		n := map[uint64]int{}
		for _, x := range wt {
			if x != 0 {
				n[x]++
			}
		}
		return n
	}
	assert.Len(t, count(cage), 1)
	assert.Positive(t, count(cage)[1], "a cage's cells weigh 1")
	assert.Len(t, count(implied), 1)
	assert.Positive(t, count(implied)[5], "an implied sum's cells weigh 5")
}

// cageModel returns a model of len(masks) cells of 9 values, cell i
// keeping masks[i] (bit v-1 for value v), under one killer cage: distinct
// values adding up to total.
func cageModel(t *testing.T, masks []uint64, total int) *model.Model {
	t.Helper()
	b := model.NewBuilder(len(masks), 9)
	var cands []model.Cand
	var weights []int32
	for i, m := range masks {
		for v := 1; v <= 9; v++ {
			cands = append(cands, b.Cand(i, v))
			weights = append(weights, int32(v))
			if m&(1<<(v-1)) == 0 {
				b.Exclude(b.Cand(i, v))
			}
		}
	}
	b.AddRule(model.Rule{Kind: model.Sum, Cands: cands, Label: "cage",
		Payload: model.Payload{Weights: weights, Totals: []int32{int32(total)}, Distinct: true}})
	m, err := b.Build()
	require.NoError(t, err)
	return m
}

// cageSupport returns per cell the values some solution of the cage gives
// it (nil when there is none), by trying every assignment.
func cageSupport(masks []uint64, total int) []uint64 {
	out := make([]uint64, len(masks))
	vals := make([]int, len(masks))
	found := false
	var try func(i, used, sum int)
	try = func(i, used, sum int) {
		if i == len(masks) {
			if sum == total {
				found = true
				for k, v := range vals {
					out[k] |= 1 << (v - 1)
				}
			}
			return
		}
		for v := 1; v <= 9; v++ {
			if masks[i]&(1<<(v-1)) != 0 && used&(1<<v) == 0 && sum+v <= total {
				vals[i] = v
				try(i+1, used|1<<v, sum+v)
			}
		}
	}
	try(0, 0, 0)
	if !found {
		return nil
	}
	return out
}

// TestCageAlone: a value one cell of a cage only can take goes there in
// every value set that holds it. In 18 = a + b + c with a in 6..9, b in
// {1, 3, 4, 6} and c in {1, 8, 9}, b alone can take 3 and 4: it takes them
// in the sets {3, 6, 9} and {4, 6, 8}, the only ones that could leave it 6
// ({5, 6, 7} has no cell for 5), so b loses 6.
func TestCageAlone(t *testing.T) {
	masks := []uint64{valueMask(6, 7, 8, 9), valueMask(1, 3, 4, 6), valueMask(1, 8, 9)}
	got := prop.RootMasks(cageModel(t, masks, 18))
	require.NotNil(t, got)
	want := cageSupport(masks, 18)
	assert.Equal(t, valueMask(1, 3, 4), want[1], "the brute force")
	assert.Equal(t, want, got)
}

// TestCageSound: on random cages of three to five cells, propagation keeps
// every value some solution gives, and finds no contradiction where a
// solution exists.
func TestCageSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for trial := range 3000 {
		n := 3 + rng.IntN(3)
		masks := make([]uint64, n)
		for i := range masks {
			for masks[i] == 0 {
				masks[i] = rng.Uint64() & 0x1ff & rng.Uint64()
			}
		}
		lo, hi := n*(n+1)/2, 9*n-n*(n-1)/2 // 1+..+n, and 9+8+.. n times
		total := lo + rng.IntN(hi-lo+1)
		want := cageSupport(masks, total)
		got := prop.RootMasks(cageModel(t, masks, total))
		if want == nil {
			continue
		}
		require.NotNil(t, got, "trial %d: masks %v total %d", trial, masks, total)
		for i := range masks {
			assert.Equal(t, want[i], want[i]&got[i], "trial %d cell %d: masks %v total %d", trial, i, masks, total)
		}
	}
}

// TestGapless: when gapless calls a plain sum's bounds exact, the sums
// that all its cells but any one can make are every number between their
// least and most, checked by listing them; and it says so of most long
// sums whose cells keep runs of values.
func TestGapless(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	exact := 0
	for trial := range 3000 {
		n := 1 + rng.IntN(30)
		masks := make([]uint64, n)
		neg := make([]bool, n)
		var L, H int64
		for i := range masks {
			for masks[i] == 0 {
				masks[i] = rng.Uint64() & 0x1ff
				if trial%2 == 0 { // a run, now and then with a gap
					a := rng.IntN(9)
					masks[i] = (1<<(1+rng.IntN(9-a)) - 1) << a &^ (uint64(rng.IntN(3)/2) << (a + 1))
				}
			}
			neg[i] = rng.IntN(5) == 0
			a, b := int64(bits.TrailingZeros64(masks[i])+1), int64(bits.Len64(masks[i]))
			if neg[i] {
				a, b = -b, -a
			}
			L += a
			H += b
		}
		gl, gh, ok := prop.Gapless(masks, neg)
		assert.Equal(t, [2]int64{L, H}, [2]int64{gl, gh}, "trial %d: bounds", trial)
		if !ok {
			continue
		}
		exact++
		for i := range masks {
			// sums[off+s]: the others can add up to s (|s| <= 9*30).
			const off = 9 * 30
			sums := make([]bool, 2*off+1)
			sums[off] = true
			for j, m := range masks {
				if j == i {
					continue
				}
				next := make([]bool, 2*off+1)
				for s, ok := range sums {
					for v := 1; ok && v <= 9; v++ {
						if m&(1<<(v-1)) != 0 {
							if neg[j] {
								next[s-v] = true
							} else {
								next[s+v] = true
							}
						}
					}
				}
				sums = next
			}
			lo, hi := slices.Index(sums, true), len(sums)-1
			for !sums[hi] {
				hi--
			}
			assert.NotContains(t, sums[lo:hi+1], false, "trial %d: masks %v neg %v: the sums without cell %d have gaps", trial, masks, neg, i)
		}
	}
	assert.Greater(t, exact, 1000, "most sums of runs are exact by bounds")
}

// fpuzzlesModel builds the model of an f-puzzles line.
func fpuzzlesModel(t *testing.T, line string) *model.Model {
	t.Helper()
	p, err := fpuzzles.Decode(line)
	require.NoError(t, err)
	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	return m
}

// TestLanesKeepTree: prop reads some rules of few cells from their masks
// packed in one word, a lane per cell: a cage of at most six open cells
// walks its value sets testing every cell at once (setsPacked), a rule of
// at most six cells gathers a required value's places with one
// multiplication (seen), and a small sum of plain values reads its bounds
// without a branch per cell (quickBounds). Each must find what the reading
// cell by cell finds, so every search keeps its tree. Compared on the
// published killers of testdata/killers (cages and innie-outie sums),
// whole and with random givens taken from their solutions (states the
// search meets deep down: lone cells, placed values, few open cells), on
// its arrows (a circle less its shaft) and on the renban samples (a line's
// runs are value sets too), by status, count and nodes under a node
// budget.
func TestLanesKeepTree(t *testing.T) {
	ctx := context.Background()
	lanes, plain := &prop.Solver{Workers: 1}, prop.WithoutLanes()
	rng := rand.New(rand.NewPCG(21, 7))
	compare := func(name string, m *model.Model) {
		t.Helper()
		opts := model.Options{Limit: 2, Nodes: 3000}
		want, err := plain.Solve(ctx, m, opts)
		require.NoError(t, err)
		got, err := lanes.Solve(ctx, m, opts)
		require.NoError(t, err)
		assert.Equal(t, want.Status, got.Status, name)
		assert.Equal(t, want.Count, got.Count, name)
		assert.Equal(t, want.Stats.Nodes, got.Stats.Nodes, name)
	}
	for _, set := range []struct {
		name, file string
		givens     bool
	}{
		{"killer", "../../testdata/killers/killers.links.txt", true},
		{"arrows", "../../testdata/killers/arrows.links.txt", false},
		{"renban", "../../variants/testdata/fpuzzles/renban.txt", false},
	} {
		for i, line := range fixture.Lines(t, set.file, 0) {
			if testing.Short() && i >= 6 {
				break
			}
			m := fpuzzlesModel(t, line)
			compare(fmt.Sprintf("%s %d", set.name, i+1), m)
			if !set.givens {
				continue
			}
			sol, err := prop.New().Solve(ctx, m, model.Options{Limit: 1})
			require.NoError(t, err)
			require.Len(t, sol.Solutions, 1)
			for k := range 3 {
				// Some givens of the solution, some wrong ones: unique,
				// many solutions, or none.
				var fixed []model.Cand
				for _, c := range sol.Solutions[0] {
					switch r := rng.IntN(100); {
					case r < 20:
						fixed = append(fixed, c)
					case r < 22:
						fixed = append(fixed, m.Cand(m.CellOf(c), 1+rng.IntN(m.Values())))
					}
				}
				g, err := m.WithGivens(fixed, nil)
				require.NoError(t, err)
				compare(fmt.Sprintf("%s %d, givens %d", set.name, i+1, k), g)
			}
		}
	}
}

// TestPlainKeep: a cell of a group of plain values in a sum of one total
// keeps value v when v and the group's k other cells, at distinct values
// other than v from those they hold between them, can add up to at least
// least and at most most (groupBounds). plainKeep answers for every value
// at once; checked here against that definition, value by value, on
// random masks of up to 9 and 16 values and totals past both ends.
func TestPlainKeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	// extremes returns the sums of the k least and greatest values of o
	// (bit v-1 for value v); false when o holds fewer than k.
	extremes := func(o uint64, k int) (int64, int64, bool) {
		var vals []int64
		for x := o; x != 0; x &= x - 1 {
			vals = append(vals, int64(bits.TrailingZeros64(x))+1)
		}
		if len(vals) < k {
			return 0, 0, false
		}
		var lo, hi int64
		for i := range k {
			lo += vals[i]
			hi += vals[len(vals)-1-i]
		}
		return lo, hi, true
	}
	for n := range 200000 {
		V := 9
		if n%4 == 0 {
			V = 16
		}
		full := uint64(1)<<uint(V) - 1
		m, o := rng.Uint64()&full, rng.Uint64()&full
		if n%3 == 0 { // sparse masks: few values left
			m &= rng.Uint64()
			o &= rng.Uint64() & rng.Uint64()
		}
		k := rng.IntN(4)
		least := int64(rng.IntN(4*V+10)) - 5
		most := least + int64(rng.IntN(3*V)) - int64(V)
		var want uint64
		for x := m; x != 0; x &= x - 1 {
			b := x & -x
			v := int64(bits.TrailingZeros64(b)) + 1
			lo, hi, ok := extremes(o&^b, k)
			if ok && v+lo <= most && v+hi >= least {
				want |= b
			}
		}
		require.Equal(t, want, prop.PlainKeep(m, o, k, most, least),
			"m %b o %b k %d most %d least %d", m, o, k, most, least)
	}
}
