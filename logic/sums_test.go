package logic_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// cells reads "r1c1 r2c1" as cells.
func cells(names string) []sudoku.Cell {
	var out []sudoku.Cell
	for _, rc := range cellsOf(names) {
		out = append(out, sudoku.Cell{Row: rc[0] - 1, Col: rc[1] - 1})
	}
	return out
}

// variantModel builds an empty 9x9 grid (or the givens of line) under vs.
func variantModel(t *testing.T, line string, vs ...rules.Variant) *model.Model {
	t.Helper()
	if line == "" {
		line = strings.Repeat(".", 81)
	}
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g, vs...)
	require.NoError(t, err)
	return m
}

// TestSumSteps: the first step of each sum technique on a hand-made
// position, its text and its effects.
func TestSumSteps(t *testing.T) {
	for _, tc := range []struct {
		name string
		vs   []rules.Variant
		tech logic.Technique
		text string // the step's String
	}{
		{"two-cell cage", []rules.Variant{variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r2c1"), Total: 3}}}},
			logic.CageCombination, "cage combinations: cage 1 r1c1 r2c1 = 3: {1,2} => r1c1 -3,4,5,6,7,8,9, r2c1 -3,4,5,6,7,8,9"},
		{"cage with two combinations", []rules.Variant{variants.Killer{Cages: []variants.Cage{{Cells: cells("r5c5 r5c6 r6c5"), Total: 7}}}},
			logic.CageCombination, "cage combinations: cage 1 r5c5 r5c6 r6c5 = 7: {1,2,4} => r5c5 -3,5,6,7,8,9, r5c6 -3,5,6,7,8,9, r6c5 -3,5,6,7,8,9"},
		{"cage with a placed cell", []rules.Variant{variants.Killer{Cages: []variants.Cage{{Cells: cells("r1c1 r1c2 r1c3"), Total: 12}}}},
			logic.CageCombination, ""},
		{"arrow", []rules.Variant{variants.Arrow{Arrows: []variants.ArrowClue{{Circle: cells("r1c1"), Shafts: [][]sudoku.Cell{cells("r1c2 r1c3")}}}}},
			logic.SumBounds, "sum bounds: arrow 1 shaft 1 r1c2 + r1c3 - r1c1 = 0: no choice of the other cells' candidates reaches the total with the values removed => r1c1 -1,2, r1c2 -9, r1c3 -9"},
		// r1c8 and r2c9 share box 3: 2+2 is out
		{"little killer", []rules.Variant{variants.LittleKiller{Clues: []variants.LittleKillerClue{{Outside: sudoku.Cell{Row: -1, Col: 6}, Direction: "DR", Total: 4}}}},
			logic.SumBounds, "sum bounds: little killer 1 r1c8 + r2c9 = 4: no choice of the other cells' candidates reaches the total with the values removed => r1c8 -2,4,5,6,7,8,9, r2c9 -2,4,5,6,7,8,9"},
		{"thermometer table", []rules.Variant{variants.Thermo{Lines: [][]sudoku.Cell{cells("r1c1 r1c2 r1c3")}, Lowering: variants.ThermoTable}},
			logic.TableSupport, "table support: thermo 1 (r1c1 r1c2 r1c3): no allowed combination of the other cells' candidates takes the values removed => r1c1 -5,6,7, r1c3 -3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line := ""
			switch tc.name {
			case "cage with a placed cell":
				line = "5" + strings.Repeat(".", 80)
			case "thermometer table": // r1c2=4: r1c1 below it, r1c3 above
				line = ".4" + strings.Repeat(".", 79)
			}
			st, ok, err := logic.Next(variantModel(t, line, tc.vs...))
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, tc.tech, st.Technique)
			if tc.text != "" {
				assert.Equal(t, tc.text, st.String())
			} else {
				assert.Equal(t, "cage combinations: cage 1 r1c1 r1c2 r1c3 = 12: r1c1=5, the rest {3,4} {1,6} => r1c2 -2,7,8,9, r1c3 -2,7,8,9", st.String())
			}
		})
	}
}

// TestCageLockedAndInnies: a cage of {8,9} in row 1 takes 8 and 9 from
// the rest of the row and of box 1; cages covering row 1 but r1c9 (38
// between them) leave it the rest of 45, 7.
func TestCageLockedAndInnies(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cages []variants.Cage
		tech  logic.Technique
		want  string // in the first step of tech
		elim  string // an effect of that step, as "r1c5 -8" or "so r1c9=7"
	}{
		{"cage locked", []variants.Cage{{Cells: cells("r1c1 r1c2"), Total: 17}}, logic.CageLocked,
			"cage 1 r1c1 r1c2 = 17 must contain 8, which lies only in r1c1 r1c2 (row 1 and box 1)", "r1c5 -8"},
		{"innie", []variants.Cage{{Cells: cells("r1c1 r1c2"), Total: 11}, {Cells: cells("r1c3 r1c4"), Total: 12},
			{Cells: cells("r1c5 r1c6"), Total: 8}, {Cells: cells("r1c7 r1c8"), Total: 7}},
			logic.InniesOuties, "derived, row 1 r1c9 = 7", "so r1c9=7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := variantModel(t, "", variants.Killer{Cages: tc.cages})
			step, ok := firstOf(t, m, logic.Options{}, tc.tech)
			require.True(t, ok, "no %v step", tc.tech)
			st := step.String()
			assert.Contains(t, st, tc.want)
			assert.Contains(t, st, tc.elim)
		})
	}
}

// firstOf returns the first step of technique tech in m's path with opts,
// and false when the path has none.
func firstOf(t *testing.T, m *model.Model, opts logic.Options, tech logic.Technique) (logic.Step, bool) {
	t.Helper()
	p, err := logic.Explain(context.Background(), m, opts)
	require.NoError(t, err)
	i := slices.IndexFunc(p.Steps, func(st logic.Step) bool { return st.Technique == tech })
	if i < 0 {
		return logic.Step{}, false
	}
	return p.Steps[i], true
}

// TestPublishedSums replays the paths of the published killers and arrow
// puzzles against their published solutions, and counts those the
// techniques finish (without a guess).
func TestPublishedSums(t *testing.T) {
	for _, tc := range []struct {
		file       string
		atLeast    int  // puzzles solved without a guess, as measured
		propagator bool // nishio over every rule, with prop
	}{
		{"killers.links.txt", 8, false},
		{"arrows.links.txt", 1, false},
		{"killers.links.txt", 32, true},
		{"arrows.links.txt", 7, true},
	} {
		t.Run(fmt.Sprintf("%s/propagator=%v", tc.file, tc.propagator), func(t *testing.T) {
			max := 0
			if testing.Short() {
				max = 4
			}
			opts := logic.Options{}
			if tc.propagator {
				opts.Propagator = prop.New()
			}
			ms, sols := linkPuzzles(t, "../testdata/killers/"+tc.file, max)
			// The puzzles run in parallel (they take minutes in turn on a
			// busy machine), each path checked in its own subtest.
			paths := make([]logic.Path, len(ms))
			t.Run("each", func(t *testing.T) {
				for i, m := range ms {
					t.Run(fmt.Sprint(i+1), func(t *testing.T) {
						t.Parallel()
						require.NoError(t, model.Check(m, asSolution(m, sols[i])))
						p, err := logic.Explain(context.Background(), m, opts)
						require.NoError(t, err)
						checkPath(t, m, p, sols[i])
						paths[i] = p
					})
				}
			})
			clean, rules, forcing, nested := 0, 0, 0, 0
			for _, p := range paths {
				rules += p.Counts()[logic.RulesNishio]
				forcing += p.Counts()[logic.RulesForcing]
				nested += p.Counts()[logic.RulesNestedNishio]
				if p.Solved {
					clean++
					assert.Less(t, p.Level, logic.Search)
				}
			}
			t.Logf("%s: %d of %d without a guess, %d steps of nishio, %d of forcing and %d of nested nishio over every rule",
				tc.file, clean, len(ms), rules, forcing, nested)
			if !tc.propagator {
				assert.Zero(t, rules+forcing+nested, "the techniques over every rule without a propagator")
			}
			if !testing.Short() {
				assert.GreaterOrEqual(t, clean, tc.atLeast, "fewer solved than measured")
				if tc.propagator {
					assert.Positive(t, rules)
					assert.Positive(t, forcing)
					assert.Positive(t, nested)
				}
			}
		})
	}
}

// randomSolution returns a filled 9x9 grid: the solution of a top95 puzzle
// with its digits relabelled.
func randomSolution(t *testing.T, rng *rand.Rand) []int {
	lines := fixture.Lines(t, "../testdata/top95.txt", 0)
	sol := solution(t, build(t, lines[rng.IntN(len(lines))], ""))
	perm := rng.Perm(9)
	for i, v := range sol {
		sol[i] = perm[v-1] + 1
	}
	return sol
}

// randomSums returns random killer cages, arrows, little killers and
// thermometers (as tables) that the solution sol satisfies.
func randomSums(rng *rand.Rand, sol []int) []rules.Variant {
	at := func(c sudoku.Cell) int { return sol[c.Row*9+c.Col] }
	var k variants.Killer
	used := map[sudoku.Cell]bool{}
	for _, i := range rng.Perm(81) {
		c := sudoku.Cell{Row: i / 9, Col: i % 9}
		if used[c] || rng.IntN(3) == 0 {
			continue
		}
		cage, digits := []sudoku.Cell{c}, map[int]bool{at(c): true}
		used[c] = true
		for len(cage) < 1+rng.IntN(5) {
			last := cage[rng.IntN(len(cage))]
			d := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}[rng.IntN(4)]
			n := sudoku.Cell{Row: last.Row + d[0], Col: last.Col + d[1]}
			if n.Row < 0 || n.Row > 8 || n.Col < 0 || n.Col > 8 || used[n] || digits[at(n)] {
				break
			}
			cage, digits[at(n)], used[n] = append(cage, n), true, true
		}
		total := 0
		for _, c := range cage {
			total += at(c)
		}
		k.Cages = append(k.Cages, variants.Cage{Cells: cage, Total: total})
	}
	var a variants.Arrow
	for range 3 {
		shaft := sudoku.RandomLine(rng, 9, 2)
		s := at(shaft[0]) + at(shaft[1])
		for i, v := range sol {
			c := sudoku.Cell{Row: i / 9, Col: i % 9}
			if v == s && !slices.Contains(shaft, c) {
				a.Arrows = append(a.Arrows, variants.ArrowClue{Circle: []sudoku.Cell{c}, Shafts: [][]sudoku.Cell{shaft}})
				break
			}
		}
	}
	var lk variants.LittleKiller
	for _, col := range rng.Perm(8)[:3] {
		clue := variants.LittleKillerClue{Outside: sudoku.Cell{Row: -1, Col: col}, Direction: "DR"}
		diag, _ := clue.Cells(9)
		for _, c := range diag {
			clue.Total += at(c)
		}
		lk.Clues = append(lk.Clues, clue)
	}
	th := variants.Thermo{Lowering: variants.ThermoTable}
	for len(th.Lines) < 3 {
		line := []sudoku.Cell{{Row: rng.IntN(9), Col: rng.IntN(9)}}
		for len(line) < 5 {
			last := line[len(line)-1]
			var up []sudoku.Cell // the neighbours of last with a higher digit
			for _, d := range [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}} {
				c := sudoku.Cell{Row: last.Row + d[0], Col: last.Col + d[1]}
				if c.Row >= 0 && c.Row < 9 && c.Col >= 0 && c.Col < 9 && !slices.Contains(line, c) && at(c) > at(last) {
					up = append(up, c)
				}
			}
			if len(up) == 0 {
				break
			}
			line = append(line, up[rng.IntN(len(up))])
		}
		if len(line) > 2 {
			th.Lines = append(th.Lines, line)
		}
	}
	return []rules.Variant{k, a, lk, th}
}

// TestSumStepsProperty checks every step on random sum puzzles built
// around a known solution (cages, arrows, little killers, thermometers
// and a few givens): no step removes the solution's value or places
// another, whether or not the puzzle is unique.
func TestSumStepsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	n := 40
	if testing.Short() {
		n = 10
	}
	seen := map[logic.Technique]int{}
	for i := range n {
		sol := randomSolution(t, rng)
		b := []byte(strings.Repeat(".", 81))
		for _, c := range rng.Perm(81)[:rng.IntN(20)] {
			b[c] = byte('0' + sol[c])
		}
		vs := randomSums(rng, sol)
		switch i % 3 {
		case 0:
			vs = vs[:1] // killer cages alone
		case 1:
			vs = vs[1:] // arrows, little killers and thermometers
		}
		m := variantModel(t, string(b), vs...)
		require.NoError(t, model.Check(m, asSolution(m, sol)), "the clues hold in the solution")
		p, err := logic.Explain(context.Background(), m, logic.Options{})
		require.NoError(t, err)
		checkPath(t, m, p, sol)
		for tech, k := range p.Counts() {
			seen[tech] += k
		}
	}
	for _, tech := range []logic.Technique{logic.CageCombination, logic.SumBounds, logic.TableSupport} {
		assert.Positive(t, seen[tech], "%v never fires", tech)
	}
	t.Logf("technique counts: %v", seen)
}

// asSolution returns the candidates of a grid of values.
func asSolution(m *model.Model, sol []int) model.Solution {
	out := make(model.Solution, len(sol))
	for i, v := range sol {
		out[i] = m.Cand(i, v)
	}
	return out
}

// TestSumTechniquesFire requires the killer techniques to take part in
// the paths of the published killers (cage locked digits: see
// TestCageLockedAndInnies), and checks their levels.
func TestSumTechniquesFire(t *testing.T) {
	seen := map[logic.Technique]int{}
	for _, m := range linkModels(t, "../testdata/killers/killers.links.txt", 3) {
		p, err := logic.Explain(context.Background(), m, logic.Options{})
		require.NoError(t, err)
		for tech, k := range p.Counts() {
			seen[tech] += k
		}
	}
	for _, tech := range []logic.Technique{logic.CageCombination, logic.InniesOuties, logic.HouseCombination,
		logic.CombinationForcing} {
		assert.Positive(t, seen[tech], "%v never fires", tech)
	}
	assert.Equal(t, logic.Easy, logic.CageCombination.Level(), "a killer of cage combinations and singles is easy")
	assert.Equal(t, logic.Intermediate, logic.InniesOuties.Level())
	t.Logf("technique counts: %v", seen)
}

// ExampleNext_killer shows the first step of a killer: the only digits a
// cage of two cells adding up to 3 can hold.
func ExampleNext_killer() {
	g, err := sudoku.Parse(strings.Repeat(".", 81), sudoku.ParseOptions{})
	if err != nil {
		panic(err)
	}
	cage := variants.Cage{Cells: []sudoku.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 0}}, Total: 3}
	m, err := rules.Build(g, variants.Killer{Cages: []variants.Cage{cage}})
	if err != nil {
		panic(err)
	}
	st, _, err := logic.Next(m)
	if err != nil {
		panic(err)
	}
	fmt.Println(st)
	// Output:
	// cage combinations: cage 1 r1c1 r2c1 = 3: {1,2} => r1c1 -3,4,5,6,7,8,9, r2c1 -3,4,5,6,7,8,9
}

// TestRateAgreesOnSums: Rate gives Explain's level on random sum puzzles
// and on published killers.
func TestRateAgreesOnSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	levels := map[logic.Level]int{}
	for i := range 12 {
		sol := randomSolution(t, rng)
		b := []byte(strings.Repeat(".", 81))
		for _, c := range rng.Perm(81)[:10+rng.IntN(20)] {
			b[c] = byte('0' + sol[c])
		}
		vs := randomSums(rng, sol)
		if i%2 == 0 {
			vs = vs[1:]
		}
		m := variantModel(t, string(b), vs...)
		levels[checkRate(t, m, string(b))]++
	}
	for i, m := range linkModels(t, "../testdata/killers/killers.links.txt", 1) {
		levels[checkRate(t, m, fmt.Sprint("killer ", i+1))]++
	}
	t.Logf("levels: %v", levels)
	assert.GreaterOrEqual(t, len(levels), 2)
}

// failing is a Propagator that cannot answer, as one whose context ended.
type failing struct{}

func (failing) Propagate(ctx context.Context, m *model.Model) ([]uint64, bool, error) {
	return nil, false, context.Canceled
}

// TestPropagatorFailing: a propagator that cannot answer lets the
// techniques over every rule conclude nothing (a branch not followed says
// nothing), and every step of the path still holds.
func TestPropagatorFailing(t *testing.T) {
	ms, sols := linkPuzzles(t, "../testdata/killers/arrows.links.txt", 3)
	for i, m := range ms {
		p, err := logic.Explain(context.Background(), m, logic.Options{Propagator: failing{}})
		require.NoError(t, err)
		checkPath(t, m, p, sols[i])
		assert.Zero(t, p.Counts()[logic.RulesNishio]+p.Counts()[logic.RulesForcing]+p.Counts()[logic.RulesNestedNishio])
	}
}

// TestRulesNestedNishio: on tarek-hard-05's cages, with no other technique,
// nested nishio over every rule removes a candidate whose branch, once the
// candidates that fail beside it are gone, leaves the rules no way to hold;
// the solution keeps its value. It finds nothing without a propagator, or
// on a puzzle without sums (nishio over singles does that work).
func TestRulesNestedNishio(t *testing.T) {
	ms, sols := linkPuzzles(t, "../testdata/killers/killers.links.txt", 5)
	only := logic.TechniqueSet(1) << logic.RulesNestedNishio
	classic := build(t, fixture.Lines(t, "../testdata/top95.txt", 1)[0], "")
	for _, tc := range []struct {
		name string
		m    *model.Model
		opts logic.Options
		text string
	}{
		{"tarek-hard-05", ms[4], logic.Options{Propagator: prop.New(), Techniques: only},
			"nested nishio over every rule: with r1c8=6 placed, each of r4c4=5, r5c1=3, r5c2=3, r5c3=3, r6c4=5, r6c8=1 and 24 more " +
				"in turn leaves the rules (cages and sums too) no way to hold, by their deductions alone; without them r2c7 has no value left; " +
				"so too with r5c1=3, r5c2=3, r1c1=6, r7c8=1, r5c3=3, r1c2=6 and 6 more => " +
				"r1c1 -6, r1c2 -6, r1c8 -6, r4c3 -8, r5c1 -3, r5c2 -3, r5c3 -3, r5c4 -5, r5c6 -3, r7c8 -1, r8c4 -2, r9c4 -9, r9c8 -9"},
		{"no propagator", ms[4], logic.Options{Techniques: only}, ""},
		{"no sums", classic, logic.Options{Propagator: prop.New(), Techniques: only}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := logic.Hint(context.Background(), tc.m, tc.opts)
			require.NoError(t, err)
			if tc.text == "" {
				assert.Empty(t, p.Steps)
				return
			}
			require.Len(t, p.Steps, 1)
			st := p.Steps[0]
			assert.Equal(t, logic.RulesNestedNishio, st.Technique)
			assert.Equal(t, tc.text, st.String())
			assert.InDelta(t, 9.5, st.Rating(), 1e-9)
			checkPath(t, tc.m, p, sols[4])
		})
	}
}

// TestPairRule: a labelled pair rule removes a value that leaves its
// partner no candidate, and the step names the rule. Values with no partner
// at all are gone before any step (the variants exclude them), so a given
// elsewhere in the row makes the case: with 2 in row 1, a black dot's 1 has
// no partner; with 9 in row 1, a thermometer's bulb cannot be 8.
func TestPairRule(t *testing.T) {
	for _, tc := range []struct {
		name string
		line string
		vs   []rules.Variant
		text string
	}{
		{"black dot", strings.Repeat(".", 8) + "2" + strings.Repeat(".", 72),
			[]rules.Variant{variants.Kropki{Black: [][2]sudoku.Cell{{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}}},
			"pair rule: black dot r1c1 r1c2: r1c2 holds {1,3,4,6,8}, and none of them goes with 1 in r1c1 => r1c1 -1"},
		{"thermometer", strings.Repeat(".", 8) + "9" + strings.Repeat(".", 72),
			[]rules.Variant{variants.Thermo{Lines: [][]sudoku.Cell{cells("r1c1 r1c2")}}},
			"pair rule: thermo 1 r1c1 r1c2: r1c2 holds {2,3,4,5,6,7,8}, and none of them goes with 8 in r1c1 => r1c1 -8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, ok, err := logic.Next(variantModel(t, tc.line, tc.vs...))
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, logic.PairRule, st.Technique)
			assert.Equal(t, tc.text, st.String())
		})
	}
}
