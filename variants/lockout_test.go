package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// lockoutOK reads the rule on one line with ends gap apart at least: the
// ends differ by gap or more, and no other cell holds a digit from the
// smaller end to the larger, both included.
func lockoutOK(g grid, line []sudoku.Cell, gap int) bool {
	a, b := g.at(line[0]), g.at(line[len(line)-1])
	lo, hi := min(a, b), max(a, b)
	if hi-lo < gap {
		return false
	}
	for _, c := range line[1 : len(line)-1] {
		if x := g.at(c); lo <= x && x <= hi {
			return false
		}
	}
	return true
}

// lockoutGap is the published default: 4 on 9x9, half the side rounded
// down elsewhere.
func lockoutGap(n int, v variants.Lockout) int {
	if v.MinDiff > 0 {
		return v.MinDiff
	}
	return map[int]int{4: 2, 6: 3, 9: 4}[n]
}

func satisfiesLockout(g grid, v variants.Lockout) bool {
	for _, l := range v.Lines {
		if !lockoutOK(g, l, lockoutGap(g.n, v)) {
			return false
		}
	}
	return true
}

func makeLockout(rng *rand.Rand, g grid, valid bool) rules.Variant {
	gap := lockoutGap(g.n, variants.Lockout{})
	return makeLines(rng, g, valid, 2, 4, func(g grid, l []sudoku.Cell) bool { return lockoutOK(g, l, gap) },
		func(ls [][]sudoku.Cell) rules.Variant { return variants.Lockout{Lines: ls} })
}

func init() {
	propCases = append(propCases, propCase{"lockout", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeLockout(rng, randomSolved(rng, n), true).(variants.Lockout)
		return v, func(g grid) bool { return satisfiesLockout(g, v) }
	}, []int{4, 6}})
}

func TestLockoutModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeLockout, func(g grid, v rules.Variant) bool {
		return satisfiesLockout(g, v.(variants.Lockout))
	})
}

// TestLockoutGap: a line's ends 3 apart pass a gap of 3 and fail the 9x9
// default of 4.
func TestLockoutGap(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := 0; trial < 20; trial++ {
		g := randomSolved(rng, 9)
		l := lineOn(rng, g, 2, 4, func(l []sudoku.Cell) bool {
			return absInt(g.at(l[0])-g.at(l[len(l)-1])) == 3 && lockoutOK(g, l, 3)
		})
		if l == nil {
			continue
		}
		require.True(t, accepts(t, g, variants.Lockout{Lines: [][]sudoku.Cell{l}, MinDiff: 3}))
		require.False(t, accepts(t, g, variants.Lockout{Lines: [][]sudoku.Cell{l}}))
		return
	}
	t.Fatal("no line with ends 3 apart found")
}

// TestLockoutEncodeGap: f-puzzles has no gap field, so a lockout with a
// gap other than the default is refused when encoding.
func TestLockoutEncodeGap(t *testing.T) {
	f, ok := variants.FamilyOf(variants.Lockout{})
	require.True(t, ok)
	s := sudoku.Shape{BoxRows: 3, BoxCols: 3}
	l := lines("r1c1 r1c2 r1c3")
	require.NoError(t, f.Codec.Encode(fpdoc.NewWriter(s), []rules.Variant{variants.Lockout{Lines: l, MinDiff: 4}}))
	require.ErrorContains(t, f.Codec.Encode(fpdoc.NewWriter(s), []rules.Variant{variants.Lockout{Lines: l, MinDiff: 3}}), "gap of 3")
}

func TestLockoutInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"gap too wide", 4, variants.Lockout{Lines: lines("r1c1 r1c2"), MinDiff: 4}, "out of reach"},
		{"negative gap", 9, variants.Lockout{Lines: lines("r1c1 r1c2"), MinDiff: -1}, "out of reach"},
		{"repeat", 9, variants.Lockout{Lines: lines("r1c1 r1c2 r1c1")}, "listed twice"},
	})
}
