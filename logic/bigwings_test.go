package logic_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// basics are the techniques up to X-wings: with one more, a path takes
// its steps wherever these are stuck.
const basics = "none,+full house,+naked single,+hidden single,+pointing,+claiming,+naked pair,+hidden pair," +
	"+naked triple,+hidden triple,+x-wing,"

// noChains leaves out the chains and almost locked sets, which take the
// steps of the TUVWXYZ-wing and the aligned triplet exclusion (7.5) at a
// lower rating where they hold.
const noChains = "-w-wing,-sue de coq,-x-cycle,-x-chain,-xy-cycle,-xy-chain,-continuous nice loop,-aic,-als-xz," +
	"-als-xy-wing,-grouped aic"

// TestWingsAndExclusions follows the paths of published puzzles (the
// first four rated by SukakuExplainer with these steps: fiendish-s17,
// diabolical-s6, cover-ate, cover-tuvwxyz of testdata/se-ratings.txt; the
// others of top95) and checks the first step of each wing and aligned
// exclusion: its text, its rating on Sudoku Explainer's scale, and with
// every other step, that it keeps the solution. SukakuExplainer's own
// steps there (github.com/gil/SudokuExplainer-ts,
// test/fixtures/puzzles/<id>.json): "WXYZ-Wing 237: Cells
// r2c5,r7c5,r8c5,r9c6 on values 2,6" (5.6, removing r3c5 -4, r7c6 -2,
// r8c4 -6, r8c6 -6, as here) in fiendish-s17, "VWXYZ-Wing 1310"
// (6.4) in diabolical-s6, "VWXYZ-Wing 1411: r1c2,r4c2,r5c2,r6c2,r2c1 on
// value 3" (6.3, removing r5c1 -3) and "Aligned Triplet Exclusion:
// r5c7,r9c8,r6c7" (7.5, removing r5c7 -2) in cover-ate, "TUVWXYZ-Wing
// 2418" (7.5) in cover-tuvwxyz.
func TestWingsAndExclusions(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle, use string // use: a technique spec over the default techniques
		tech              logic.Technique
		want              string
		rating            float64
	}{
		{"fiendish-s17", "..9.8..6..1.....873.5..7.......947..4..3.1..6..725.......5..6.352.....7..3..1.8..", "",
			logic.WXYZWing, "wxyz-wing: r2c5,r7c5,r8c5 of column 5 hold 2,3,4,6, r9c6 holds 2/6: it shares 2 and 6 with the set " +
				"only in cells it sees, so the 4 cells hold 2,3,4,6 once each => r3c5 -4, r7c6 -2, r8c4 -6, r8c6 -6", 5.6},
		{"diabolical-s6", "...6...9...8.42..725......8...8......19.7.85......1...5......249..51.3...8...7...", "",
			logic.VWXYZWing, "vwxyz-wing: r6c2,r6c3,r6c4,r6c5 of row 6 hold 2,3,4,5,6, r5c1 holds 4/6: it shares 6 with the set " +
				"only in cells it sees, so 4 is in r5c1 or in the set => r5c4 -4", 6.4},
		{"cover-ate", "..21....8.68....4.71...9...8..2.17......6......59.8..3...6...17.7....83.2....79..", "",
			logic.VWXYZWing, "vwxyz-wing: r1c2,r4c2,r5c2,r6c2 of column 2 hold 2,3,4,5,9, r2c1 holds 3/5: it shares 5 with the set " +
				"only in cells it sees, so 3 is in r2c1 or in the set => r5c1 -3", 6.3},
		{"cover-ate", "..21....8.68....4.71...9...8..2.17......6......59.8..3...6...17.7....83.2....79..", noChains,
			logic.AlignedTripletExclusion, "aligned triplet exclusion: r5c7 (2/4/5), r6c7 (2/4/6) and r9c8 (5/6) all see r6c8 (2/6) " +
				"and r7c7 (2/4/5): every combination of their values that puts r5c7=2 repeats a digit in a house or takes every " +
				"digit of one of those cells => r5c7 -2", 7.5},
		{"cover-tuvwxyz", "24...9..7..6.....3..16..45.8..3.12.............29.5..1.27..86..1.....7..4..7...89",
			noChains,
			logic.TUVWXYZWing, "tuvwxyz-wing: r1c4,r1c5,r2c5,r2c6,r3c5,r3c6 of box 2 hold 1,2,3,4,5,7,8, r1c7 holds 1/8: it shares " +
				"1 and 8 with the set only in cells it sees, so the 7 cells hold 1,2,3,4,5,7,8 once each => r2c4 -2,5", 7.5},
		{"top95 #4", "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....", basics + "+aligned pair exclusion",
			logic.AlignedPairExclusion, "aligned pair exclusion: r2c3 (3/9) and r7c1 (5/8) all see r2c1 (5/9) and r8c3 (8/9): every " +
				"combination of their values that puts r2c3=9 repeats a digit in a house or takes every digit of one of those " +
				"cells => r2c3 -9", 6.2},
		{"top95 #12", ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...", basics + "+uvwxyz-wing",
			logic.UVWXYZWing, "uvwxyz-wing: r5c2,r5c3,r5c4,r5c5,r5c6 of row 5 hold 1,2,3,4,6,9, r6c5 holds 4/6: it shares 4 and 6 " +
				"with the set only in cells it sees, so the 6 cells hold 1,2,3,4,6,9 once each => r4c5 -1,6, r5c8 -1,2", 6.6},
		{"top95 #7", "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....", basics + "+tuvwxyz-wing",
			logic.TUVWXYZWing, "tuvwxyz-wing: r2c3,r4c3,r5c3,r6c3,r7c3,r8c3 of column 3 hold 1,4,5,6,7,8,9, r9c2 holds 4/9: it " +
				"shares 4 with the set only in cells it sees, so 9 is in r9c2 or in the set => r9c3 -9", 7.5},
	} {
		t.Run(tc.name+"/"+tc.tech.String(), func(t *testing.T) {
			use, err := logic.ParseTechniques(tc.use, logic.DefaultTechniques())
			require.NoError(t, err)
			m := build(t, tc.puzzle, "")
			sol := solution(t, m)
			p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New(), Techniques: use})
			require.NoError(t, err)
			checkPath(t, m, p, sol)
			var got []logic.Step
			for _, st := range p.Steps {
				if st.Technique == tc.tech {
					got = append(got, st)
				}
			}
			require.NotEmpty(t, got, "no %v step", tc.tech)
			assert.Equal(t, tc.want, got[0].String())
			assert.InDelta(t, tc.rating, got[0].Rating(), 1e-9)
		})
	}
}

// wingMarks is an empty grid's pencil marks holding a WXYZ-wing: r1c1
// (1/2/3), r1c2 (1/4) and r1c3 (2/4) hold 1,2,3,4 in row 1, and r5c1
// (3/4) sees the only place of 3 among them, so 4 is in r5c1 or in r1c2
// r1c3, and leaves r2c1 and r3c1, which see all three. Every other cell
// holds every digit.
func wingMarks(t *testing.T, pair [2]int) []model.Cand {
	out := marks(t, "123", [2]int{1, 1})
	out = append(out, marks(t, "14", [2]int{1, 2})...)
	out = append(out, marks(t, "24", [2]int{1, 3})...)
	return append(out, marks(t, "34", pair)...)
}

// exclusionMarks is an empty grid's pencil marks holding an aligned pair
// exclusion: r1c1 (1/2/3/4) and r1c5 (1/2) both see r1c7 (1/3) and r1c8
// (2/3), so r1c1 cannot be 3 (with r1c5 1 or 2, one of those cells would
// be left empty); nor can r1c2 (every digit), as a triplet with them
// shows. Without r1c8, they see one such cell only.
func exclusionMarks(t *testing.T, both bool) []model.Cand {
	out := marks(t, "1234", [2]int{1, 1})
	out = append(out, marks(t, "12", [2]int{1, 5})...)
	out = append(out, marks(t, "13", [2]int{1, 7})...)
	if both {
		out = append(out, marks(t, "23", [2]int{1, 8})...)
	}
	return out
}

// TestWingAndExclusionPositions checks the wings and aligned exclusions
// on pencil-mark positions: what they find, and nothing where the
// pattern is broken or the grid is not plain rows, columns and boxes.
func TestWingAndExclusionPositions(t *testing.T) {
	for _, tc := range []struct {
		name, variants string
		marks          []model.Cand
		tech           logic.Technique
		want           string // empty: no step
	}{
		{"wxyz-wing", "", wingMarks(t, [2]int{5, 1}), logic.WXYZWing,
			"wxyz-wing: r1c1,r1c2,r1c3 of row 1 hold 1,2,3,4, r5c1 holds 3/4: it shares 3 with the set only in cells it sees, " +
				"so 4 is in r5c1 or in the set => r2c1 -4, r3c1 -4"},
		{"pair cell seeing no restricted digit", "", wingMarks(t, [2]int{5, 2}), logic.WXYZWing, ""},
		{"not a vwxyz-wing", "", wingMarks(t, [2]int{5, 1}), logic.VWXYZWing, ""},
		{"wxyz-wing on a diagonal sudoku", "diagonal", wingMarks(t, [2]int{5, 1}), logic.WXYZWing, ""},
		{"aligned pair exclusion", "", exclusionMarks(t, true), logic.AlignedPairExclusion,
			"aligned pair exclusion: r1c1 (1/2/3/4) and r1c5 (1/2) all see r1c7 (1/3) and r1c8 (2/3): every combination of " +
				"their values that puts r1c1=3 repeats a digit in a house or takes every digit of one of those cells => r1c1 -3"},
		{"one excluding cell", "", exclusionMarks(t, false), logic.AlignedPairExclusion, ""},
		{"aligned triplet exclusion", "", exclusionMarks(t, true), logic.AlignedTripletExclusion,
			"aligned triplet exclusion: r1c1 (1/2/3/4), r1c2 (1/2/3/4/5/6/7/8/9) and r1c5 (1/2) all see r1c7 (1/3) and r1c8 " +
				"(2/3): every combination of their values that puts r1c1=3 or r1c2=3 repeats a digit in a house or takes every " +
				"digit of one of those cells => r1c1 -3, r1c2 -3"},
		{"triplets with one excluding cell", "", exclusionMarks(t, false), logic.AlignedTripletExclusion, ""},
		{"aligned pair exclusion on a diagonal sudoku", "diagonal", exclusionMarks(t, true), logic.AlignedPairExclusion, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := build(t, strings.Repeat(".", 81), tc.variants).WithGivens(nil, tc.marks)
			require.NoError(t, err)
			st, ok, err := logic.Find(m, tc.tech)
			require.NoError(t, err)
			if tc.want == "" {
				assert.False(t, ok, "%v", st)
				return
			}
			require.True(t, ok)
			assert.Equal(t, tc.want, st.String())
		})
	}
}

// ExampleNext_wxyzWing shows a WXYZ-wing found in pencil marks: three
// cells of row 1 holding four digits and a cell with two of them.
func ExampleNext_wxyzWing() {
	m := mustBuild(strings.Repeat(".", 81))
	keep := map[int]string{0: "123", 1: "14", 2: "24", 36: "34"} // r1c1, r1c2, r1c3, r5c1
	var out []model.Cand
	for cell, digits := range keep {
		for v := 1; v <= 9; v++ {
			if !strings.ContainsRune(digits, rune('0'+v)) {
				out = append(out, m.Cand(cell, v))
			}
		}
	}
	m, err := m.WithGivens(nil, out)
	if err == nil {
		var st logic.Step
		if st, _, err = logic.Next(m); err == nil {
			fmt.Printf("%v\n%.1f\n", st, st.Rating())
		}
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// wxyz-wing: r1c1,r1c2,r1c3 of row 1 hold 1,2,3,4, r5c1 holds 3/4: it shares 3 with the set only in cells it sees, so 4 is in r5c1 or in the set => r2c1 -4, r3c1 -4
	// 5.6
}
