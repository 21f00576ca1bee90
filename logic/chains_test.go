package logic_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// cellsOf lists cells given as "r1c1 r5c2".
func cellsOf(names string) [][2]int {
	var out [][2]int
	for _, n := range strings.Fields(names) {
		out = append(out, [2]int{int(n[1] - '0'), int(n[3] - '0')})
	}
	return out
}

// without returns the cells of a row ("r5") or column ("c2") of a 9x9 grid
// other than those listed.
func without(line string, keep ...int) [][2]int {
	var out [][2]int
	for i := 1; i <= 9; i++ {
		if !containsInt(keep, i) {
			if line[0] == 'r' {
				out = append(out, [2]int{int(line[1] - '0'), i})
			} else {
				out = append(out, [2]int{i, int(line[1] - '0')})
			}
		}
	}
	return out
}

func containsInt(vs []int, v int) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

func join(lists ...[]model.Cand) []model.Cand {
	var out []model.Cand
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// TestChainPositions sets up, with pencil marks on an empty grid, positions
// where simple colouring (a trap and a wrap), an X-chain and an XY-chain
// are the easiest step, and checks the exact eliminations.
func TestChainPositions(t *testing.T) {
	no1 := "23456789"
	for _, tc := range []struct {
		name   string
		marks  []model.Cand
		tech   logic.Technique
		elims  string
		reason string
	}{
		// 1 in row 1 only at r1c1 r1c5, in column 5 only at r1c5 r5c5, in
		// row 5 only at r5c5 r5c2: r1c1 or r5c2 is 1 (a colour trap), but
		// rows 1 and 5 are also an X-wing on columns 1 and 5 with the fin
		// r5c2, which is easier and takes the trap's box 4 half.
		{"finned x-wing before a colour trap", join(marks(t, no1, without("r1", 1, 5)...), marks(t, no1, without("c5", 1, 5)...),
			marks(t, no1, without("r5", 2, 5)...)), logic.FinnedXWing,
			"r4c1 -1, r6c1 -1",
			"1 in row 1 and row 5 lies only in column 1 and column 5 but for the fins r5c2 in box 4: a fin or the fish holds 1, so it leaves the cells of both"},
		// The same, and 1 in column 2 only at r5c2 r2c2: r1c1 and r2c2
		// share a colour and a box (a finned X-wing takes r2c2 first: the
		// colouring is asked directly).
		{"colour wrap", join(marks(t, no1, without("r1", 1, 5)...), marks(t, no1, without("c5", 1, 5)...),
			marks(t, no1, without("r5", 2, 5)...), marks(t, no1, without("c2", 2, 5)...)), logic.SimpleColouring,
			"r1c1 -1, r2c2 -1, r5c5 -1",
			"the conjugate pairs of 1 colour r1c5 r5c2 against r1c1 r2c2 r5c5; r1c1 and r2c2 share a colour and see each other, so r1c1 r2c2 r5c5 is not 1"},
		// 1 in row 1 only at r1c1 r1c5, in column 6 only at r3c6 r9c6;
		// r1c5 and r3c6 share box 2: r1c1 or r9c6 is 1.
		{"x-chain", join(marks(t, no1, without("r1", 1, 5)...), marks(t, no1, without("c6", 3, 9)...)), logic.XChain,
			"r9c1 -1",
			"1 in r1c1 = r1c5 - r3c6 = r9c6 (a = b: a or b is 1; a - b: not both), so r1c1 or r9c6 is 1"},
		// r1c1 1/2, r1c5 2/3, r5c5 3/4, r5c2 4/1: r1c1 or r5c2 is 1.
		{"xy-chain", join(marks(t, "12", cellsOf("r1c1")...), marks(t, "23", cellsOf("r1c5")...),
			marks(t, "34", cellsOf("r5c5")...), marks(t, "14", cellsOf("r5c2")...)), logic.XYChain,
			"r1c2 -1, r2c2 -1, r3c2 -1, r4c1 -1, r5c1 -1, r6c1 -1",
			"the chain r1c1 (1/2) - r1c5 (2/3) - r5c5 (3/4) - r5c2 (4/1): r1c1 or r5c2 is 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := build(t, strings.Repeat(".", 81), "")
			m, err := m.WithGivens(nil, tc.marks)
			require.NoError(t, err)
			next := logic.Next
			if tc.name == "colour wrap" {
				next = logic.Colouring
			}
			st, ok, err := next(m)
			require.NoError(t, err)
			require.True(t, ok)
			require.Equal(t, tc.tech, st.Technique, "%v", st)
			_, got, _ := strings.Cut(st.String(), " => ")
			assert.Equal(t, tc.elims, got)
			assert.Equal(t, tc.reason, st.Reason)
		})
	}
}

// TestChainsOnTop95 checks, on real positions of top95 paths (the placed
// values as givens, the rest as pencil marks), steps the path takes: the
// first two positions were an X-chain's and a simple colouring's before
// the finned X-wing, which is easier and now takes the same elimination;
// the third an XY-chain's (6.9) before the UVWXYZ-wing (6.6).
func TestChainsOnTop95(t *testing.T) {
	for _, tc := range []struct{ line, marks, step string }{
		{"6.2.5.........3.42.....2...43..28....1....2........7..5..27...........81...68..27",
			"6 4789 2 14789 5 479 1389 179 39 1789 5789 15789 1789 169 3 1689 4 2 13789 4789 134789 14789 1469 2 1689 15679 569 4 3 5679 1579 2 8 169 1569 569 789 1 56789 34579 349 45679 2 3569 48 289 25689 5689 13459 1349 4569 7 13569 48 5 4689 134689 2 7 149 3469 69 369 279 24679 4679 3459 349 459 4569 8 1 139 49 1349 6 8 1459 3459 2 7",
			"finned x-wing: 7 in row 2 and row 4 lies only in column 3 and column 4 but for the fins r2c1 and r2c2 in box 1: a fin or the fish holds 7, so it leaves the cells of both => r3c3 -7"},
		{"1.5...987.4..57..1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..",
			"1 236 5 34 236 2346 9 8 7 89 4 236 89 5 7 36 236 1 89 236 7 389 123689 1236 346 23456 23456 2 1357 13 3579 4 8 1367 13569 3569 457 9 348 1 367 356 3478 2345 23458 6 13578 1348 2 379 35 13478 13459 34589 3 1578 1489 6 178 145 2 149 489 45 12568 12468 3458 1238 9 13468 7 3468 47 12678 124689 3478 12378 1234 5 13469 34689",
			"finned x-wing: 5 in column 1 and column 4 lies only in row 4 and row 8 but for the fins r5c1 in box 4: a fin or the fish holds 5, so it leaves the cells of both => r4c2 -5"},
		{"1...78..3.6.3.17...73..5..12157..89...758213...8.1.527..18.647...912736.7.64...1.",
			"1 59 24 269 7 8 269 45 3 58 6 24 3 49 1 7 58 29 89 7 3 269 46 5 269 48 1 2 1 5 7 36 34 8 9 46 469 49 7 5 8 2 1 3 46 346 34 8 69 1 49 5 2 7 35 235 1 8 59 6 4 7 259 45 458 9 1 2 7 3 6 58 7 258 6 4 35 39 29 1 258",
			"uvwxyz-wing: r2c1,r3c1,r6c1,r7c1,r8c1 of column 1 hold 3,4,5,6,8,9, r6c4 holds 6/9: it shares 6 with the set only " +
				"in cells it sees, so 9 is in r6c4 or in the set => r3c4 -9"},
	} {
		m := build(t, tc.line, "")
		excl, err := logic.ParseMarks(m, tc.marks)
		require.NoError(t, err)
		m, err = m.WithGivens(m.Fixed(), excl)
		require.NoError(t, err)
		st, ok, err := logic.Next(m)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, tc.step, st.String())
	}
}
