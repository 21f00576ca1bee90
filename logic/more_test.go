package logic_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// TestStepsKeepEverySolution runs the techniques on puzzles with many
// solutions (top95 puzzles with givens removed): a step that is not a
// deduction would contradict one of them, even where the puzzle's own
// solution happens to agree. The nested forcing chains, slow where
// nothing follows, have their own: TestNetsKeepEverySolution.
func TestStepsKeepEverySolution(t *testing.T) {
	lines := fixture.Lines(t, "../testdata/top95.txt", 0)
	use, err := logic.ParseTechniques("-nested forcing chains,-nested forcing chains (+)", logic.DefaultTechniques())
	require.NoError(t, err)
	keepEverySolution(t, lines, use)
}

// keepEverySolution removes one to three givens of each line and checks
// each step of the path the techniques of use take (no solver) against
// every solution (up to 300).
func keepEverySolution(t *testing.T, lines []string, use logic.TechniqueSet) map[logic.Technique]int {
	t.Helper()
	seen := map[logic.Technique]int{}
	steps := 0
	for i, line := range lines {
		b := []byte(line)
		for k, dropped := 0, 0; k < len(b) && dropped < 1+i%3; k += 7 {
			if b[k] != '.' {
				b[k], dropped = '.', dropped+1
			}
		}
		m := build(t, string(b), "")
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 300})
		require.NoError(t, err)
		p, err := logic.Explain(context.Background(), m, logic.Options{Techniques: use})
		require.NoError(t, err)
		require.Empty(t, p.Contradiction)
		for _, st := range p.Steps {
			steps++
			seen[st.Technique]++
			for _, sol := range res.Solutions {
				for _, pl := range st.Placements {
					require.Equal(t, m.ValueOf(sol[pl.Cell]), pl.Value, "%s: %v", b, st)
				}
				for _, e := range st.Eliminations {
					require.NotContains(t, e.Values, m.ValueOf(sol[e.Cell]), "%s: %v", b, st)
				}
			}
		}
	}
	t.Logf("%d steps checked against up to 300 solutions each", steps)
	return seen
}

// TestShapesAndVariants checks every step on other sizes and on variants.
func TestShapesAndVariants(t *testing.T) {
	for _, tc := range []struct{ file, variants string }{
		{"../sudoku/testdata/shapes/4x4.txt", ""},
		{"../sudoku/testdata/shapes/6x6.txt", ""},
		{"../sudoku/testdata/shapes/12x12.txt", ""},
		{"../sudoku/testdata/shapes/16x16.txt", ""},
		{"../sudoku/testdata/diagonal/9x9.txt", "diagonal"},
	} {
		for _, line := range fixture.Lines(t, tc.file, 3) {
			m := build(t, line, tc.variants)
			sol := solution(t, m)
			p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
			require.NoError(t, err, tc.file)
			checkPath(t, m, p, sol)
			require.True(t, p.Solved, tc.file)
			t.Logf("%s %s: %v, score %d, %d guesses", tc.file, tc.variants, p.Level, p.Score, p.Guesses)
		}
	}
}

// TestAntiKnight checks the steps where "at most one" pairs outside houses
// (a knight's move) take part, on a unique anti-knight puzzle: a solution of
// those rules with every third cell emptied.
func TestAntiKnight(t *testing.T) {
	m := build(t, ".23.56.89.98.27.36.67.39.25.16.83.54.59.14.68.34.65.17.81.72.43.75.41.92.42.98.71", "antiknight")
	sol := solution(t, m)
	p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
	require.NoError(t, err)
	checkPath(t, m, p, sol)
	require.True(t, p.Solved)
}

// TestEveryTechniqueFires requires each technique to take part in the
// paths of top95, so none is dead code, and checks its level and weight.
func TestEveryTechniqueFires(t *testing.T) {
	seen := map[logic.Technique]int{}
	for _, line := range fixture.Lines(t, "../testdata/top95.txt", 0) {
		p, err := logic.Explain(context.Background(), build(t, line, ""), logic.Options{Solver: dlx.New()})
		require.NoError(t, err)
		for tech, n := range p.Counts() {
			seen[tech] += n
		}
	}
	for _, tech := range logic.Techniques() {
		switch tech {
		case logic.LockedCandidates, logic.NakedQuad, logic.HiddenQuad, logic.Jellyfish:
			continue // TestPositions: top95 does not need them
		case logic.RegionForcing, logic.CellForcing, logic.Guess:
			continue // nishio settles top95; TestForcingKinds
		case logic.DynamicForcing, logic.DynamicForcingPlus, logic.NestedForcing, logic.NestedForcingPlus:
			continue // top95 does not need them: TestHardest, TestNetSteps
		case logic.UniqueRectangle, logic.BUGPlusOne:
			continue // only with AssumeUnique: TestUniquenessOnTop95
		case logic.RulesNishio, logic.RulesForcing, logic.RulesNestedNishio:
			continue // only with a Propagator, on sums: TestPublishedSums
		case logic.CageCombination, logic.SumBounds, logic.TableSupport, logic.CageLocked, logic.InniesOuties,
			logic.HouseCombination, logic.CombinationForcing:
			continue // TestSumTechniquesFire: they read Sum and Table rules
		case logic.PairRule:
			continue // TestPairRule: it reads the pair rules of variants
		case logic.AlignedPairExclusion, logic.TUVWXYZWing:
			continue // TestWingsAndExclusions: top95 needs them only with fewer techniques
		case logic.XCycle:
			continue // simple colouring and the fish take top95's loops of one value: TestCyclePositions, TestCyclesAlongPaths
		}
		assert.Positive(t, seen[tech], "%v never fires on top95", tech)
		assert.Positive(t, tech.Weight())
	}
	t.Logf("technique counts on top95: %v", seen)
}

func TestLevels(t *testing.T) {
	seen := map[logic.Technique]bool{}
	for _, tech := range logic.Techniques() {
		assert.False(t, seen[tech], "%v twice", tech)
		seen[tech] = true
	}
	assert.Len(t, seen, int(logic.Guess)+1, "every technique once")
	assert.Equal(t, logic.Guess, logic.Techniques()[len(seen)-1], "the guess last")
	prev := -1
	for _, tech := range logic.Techniques() {
		assert.GreaterOrEqual(t, int(tech.Level()), prev, "%v: levels follow the order of the techniques", tech)
		prev = int(tech.Level())
	}
	for _, l := range logic.Levels() {
		got, err := logic.ParseLevel(l.String())
		require.NoError(t, err)
		assert.Equal(t, l, got)
	}
	_, err := logic.ParseLevel("fiendish")
	assert.Error(t, err)
	assert.Equal(t, "hidden single", logic.HiddenSingle.String())
	assert.Equal(t, logic.Search, logic.Guess.Level())
}

func TestStepJSON(t *testing.T) {
	st := logic.Step{Technique: logic.Pointing, Reason: "4 in box 1 lies only in r2c1 r2c2",
		Eliminations: []logic.Elimination{{Cell: 4, Name: "r1c5", Values: []int{4, 7}}}}
	b, err := json.Marshal(st)
	require.NoError(t, err)
	assert.JSONEq(t, `{"technique":"pointing","text":"pointing: 4 in box 1 lies only in r2c1 r2c2 => r1c5 -4,7",
		"placements":[],"eliminations":[{"cell":"r1c5","values":[4,7]}],"rating":2.6}`, string(b))
}

func TestNext(t *testing.T) {
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	m := build(t, line, "")
	st, ok, err := logic.Next(m)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "hidden single: 4 in column 2 must go in r6c2", st.String())
	// Pencil marks: with r1c2 marked 1 only, a naked single comes first.
	var marks []model.Cand
	for v := 2; v <= 9; v++ {
		marks = append(marks, m.Cand(1, v))
	}
	m2, err := m.WithGivens(m.Fixed(), marks)
	require.NoError(t, err)
	st2, ok, err := logic.Next(m2)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "naked single: r1c2 can only be 1", st2.String())
	// No step on a full grid, or on contradictory givens.
	for _, p := range []string{"417369825632158947958724316825437169791586432346912758289643571573291684164875293",
		"11" + strings.Repeat(".", 79)} {
		_, ok, err = logic.Next(build(t, p, ""))
		require.NoError(t, err)
		assert.False(t, ok, p)
	}
}

func ExampleExplain() {
	g := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	m := mustBuild(g)
	p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range p.Steps[:4] {
		fmt.Println(st)
	}
	fmt.Println(p.Level, p.Solved, p.Guesses)
	// Output:
	// hidden single: 4 in column 2 must go in r6c2
	// hidden single: 3 in box 7 must go in r8c3
	// hidden single: 1 in box 8 must go in r8c6
	// pointing: 7 in box 3 lies only in r2c7 r2c9, so it leaves the rest of row 2 => r2c1 -7, r2c3 -7
	// intermediate true 0
}

// marks returns the model of an empty 9x9 grid whose pencil marks keep,
// in each listed cell (row, column from 1), only the values in keep.
func marks(t *testing.T, keep string, cells ...[2]int) []model.Cand {
	var out []model.Cand
	for _, rc := range cells {
		cell := (rc[0]-1)*9 + rc[1] - 1
		for v := 1; v <= 9; v++ {
			if !strings.ContainsRune(keep, rune('0'+v)) {
				out = append(out, model.Cand(cell*9+v-1))
			}
		}
	}
	return out
}

// TestPositions sets up, with pencil marks on an empty grid, positions
// where one technique is the easiest step, and checks what it finds.
func TestPositions(t *testing.T) {
	row1 := func(cols ...int) [][2]int {
		var out [][2]int
		for _, c := range cols {
			out = append(out, [2]int{1, c})
		}
		return out
	}
	var jelly [][2]int
	for _, r := range []int{1, 2, 4, 7} {
		for _, c := range []int{3, 5, 6, 8, 9} {
			jelly = append(jelly, [2]int{r, c})
		}
	}
	for _, tc := range []struct {
		name  string
		marks []model.Cand
		tech  logic.Technique
		elims string
	}{
		{"naked quad", marks(t, "1234", row1(1, 2, 3, 4)...), logic.NakedQuad,
			"r1c5 -1,2,3,4, r1c6 -1,2,3,4, r1c7 -1,2,3,4, r1c8 -1,2,3,4, r1c9 -1,2,3,4"},
		{"hidden quad", marks(t, "56789", row1(5, 6, 7, 8, 9)...), logic.HiddenQuad,
			"r1c1 -5,6,7,8,9, r1c2 -5,6,7,8,9, r1c3 -5,6,7,8,9, r1c4 -5,6,7,8,9"},
		{"naked pair", marks(t, "12", row1(1, 5)...), logic.NakedPair, ""},
		{"x-wing", marks(t, "23456789", [][2]int{{1, 2}, {1, 3}, {1, 5}, {1, 6}, {1, 7}, {1, 8}, {1, 9},
			{5, 2}, {5, 3}, {5, 5}, {5, 6}, {5, 7}, {5, 8}, {5, 9}}...), logic.XWing, ""},
		{"jellyfish", marks(t, "23456789", jelly...), logic.Jellyfish, ""},
		{"finned x-wing", marks(t, "23456789", [][2]int{{1, 3}, {1, 5}, {1, 6}, {1, 7}, {1, 8}, {1, 9},
			{5, 2}, {5, 3}, {5, 5}, {5, 6}, {5, 7}, {5, 8}, {5, 9}}...), logic.FinnedXWing, "r2c1 -1, r3c1 -1"},
	} {
		m := build(t, strings.Repeat(".", 81), "")
		m, err := m.WithGivens(nil, tc.marks)
		require.NoError(t, err)
		st, ok, err := logic.Next(m)
		require.NoError(t, err)
		require.True(t, ok, tc.name)
		assert.Equal(t, tc.tech, st.Technique, "%s: %v", tc.name, st)
		if tc.elims != "" {
			_, got, _ := strings.Cut(st.String(), " => ")
			assert.Equal(t, tc.elims, got, tc.name)
		}
		t.Log(st)
	}
}
