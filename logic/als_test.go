package logic_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// hodoku reads a HoDoKu library line (":code:digits:puzzle:deleted:
// eliminations:…"): the model of its position (every digit placed, the
// deleted candidates excluded), its digits and the eliminations it
// expects, as "r2c7 -3".
func hodoku(t *testing.T, line string) (m *model.Model, digits string, want []string) {
	t.Helper()
	f := strings.Split(line, ":")
	require.GreaterOrEqual(t, len(f), 7, line)
	m = build(t, strings.ReplaceAll(f[3], "+", ""), "")
	var excluded []model.Cand
	for _, tok := range strings.Fields(f[4]) {
		d, cell := hodokuCand(t, tok)
		excluded = append(excluded, m.Cand(cell, d))
	}
	m, err := m.WithGivens(m.Fixed(), excluded)
	require.NoError(t, err)
	for _, tok := range strings.Fields(f[5]) {
		d, cell := hodokuCand(t, tok)
		want = append(want, fmt.Sprintf("%s -%d", m.CellName(cell), d))
	}
	slices.Sort(want)
	return m, f[2], want
}

// hodokuCand reads "<digit><row><column>" (1-based).
func hodokuCand(t *testing.T, tok string) (d, cell int) {
	v, err := strconv.Atoi(tok)
	require.NoError(t, err, tok)
	return v / 100, (v/10%10-1)*9 + v%10 - 1
}

// elimsOf returns a step's eliminations of the given digits as "r2c7 -3",
// sorted.
func elimsOf(st logic.Step, digits string) []string {
	var out []string
	for _, e := range st.Eliminations {
		for _, v := range e.Values {
			if strings.ContainsRune(digits, rune('0'+v)) {
				out = append(out, fmt.Sprintf("%s -%d", e.Name, v))
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestLibraryCases reads HoDoKu's published test cases of ALS-XZ,
// ALS-XY-wing, Sue de Coq and the unique rectangles of types 3, 5 and 6
// and hidden rectangles: among the steps the technique finds in the
// position, one makes exactly the eliminations HoDoKu expects (of the
// digits an ALS line names; HoDoKu's other lines name the pattern's
// digits), none does on a line HoDoKu marks as a case that must not be
// found, and no step removes the solution's digit.
func TestLibraryCases(t *testing.T) {
	techs := map[string]logic.Technique{"0901": logic.ALSXZ, "0902": logic.ALSXYWing, "1101": logic.SueDeCoq,
		"0602": logic.UniqueRectangle, "0604": logic.UniqueRectangle, "0605": logic.UniqueRectangle, "0606": logic.UniqueRectangle}
	found, total := map[string]int{}, map[string]int{}
	for _, file := range []string{"../testdata/hodoku-reglib-als.txt", "../testdata/hodoku-reglib-ur.txt"} {
		for _, line := range fixture.Lines(t, file, 0) {
			code, fail := line[1:5], strings.HasPrefix(line[5:], "-x")
			tech := techs[code]
			require.NotZero(t, tech, line)
			m, digits, want := hodoku(t, line)
			if !strings.HasPrefix(code, "09") {
				digits = "123456789"
			}
			sol := solution(t, m)
			steps, err := logic.AllSteps(m, tech)
			require.NoError(t, err)
			ok := false
			for _, st := range steps {
				checkStep(t, st, sol)
				ok = ok || slices.Equal(elimsOf(st, digits), want)
			}
			if fail {
				assert.False(t, ok, "a step makes the eliminations of a case that must not be found: %s", line)
				continue
			}
			total[code]++
			if ok {
				found[code]++
			} else {
				t.Logf("%v: no step eliminates %v in %s", tech, want, line)
			}
		}
	}
	require.Len(t, total, len(techs))
	for code, n := range total {
		t.Logf("%s (%v): %d of %d of HoDoKu's cases found", code, techs[code], found[code], n)
		assert.Equal(t, n, found[code], "%s", code)
	}
}

// TestLibraryFixpoint: from each of HoDoKu's positions, removing every
// candidate the technique's steps eliminate, again and again, never
// removes a digit of the solution and ends where the technique finds
// nothing; on an empty grid and on a solved one it finds nothing at all.
func TestLibraryFixpoint(t *testing.T) {
	techs := map[string]logic.Technique{"0901": logic.ALSXZ, "0902": logic.ALSXYWing, "1101": logic.SueDeCoq,
		"0602": logic.UniqueRectangle, "0604": logic.UniqueRectangle, "0605": logic.UniqueRectangle, "0606": logic.UniqueRectangle}
	for _, file := range []string{"../testdata/hodoku-reglib-als.txt", "../testdata/hodoku-reglib-ur.txt"} {
		for _, line := range fixture.Lines(t, file, 0) {
			tech := techs[line[1:5]]
			m, _, _ := hodoku(t, line)
			sol := solution(t, m)
			rounds := 0
			for ; rounds < 50; rounds++ {
				steps, err := logic.AllSteps(m, tech)
				require.NoError(t, err)
				if len(steps) == 0 {
					break
				}
				excluded := m.Excluded()
				for _, st := range steps {
					for _, e := range st.Eliminations {
						require.NotContains(t, e.Values, sol[e.Cell], "%v", st)
						for _, v := range e.Values {
							excluded = append(excluded, m.Cand(e.Cell, v))
						}
					}
				}
				m, err = m.WithGivens(m.Fixed(), excluded)
				require.NoError(t, err)
			}
			assert.Less(t, rounds, 50, "%v never stops on %s", tech, line)
			assert.Equal(t, sol, solution(t, m), "the eliminations keep the solution")
		}
	}
	for _, grid := range []string{strings.Repeat(".", 81),
		"417369825632158947958724316825437169791586432346912758289643571573291684164875293"} {
		for _, tech := range []logic.Technique{logic.ALSXZ, logic.ALSXYWing, logic.SueDeCoq, logic.UniqueRectangle} {
			steps, err := logic.AllSteps(build(t, grid, ""), tech)
			require.NoError(t, err)
			assert.Empty(t, steps, "%v on %s", tech, grid)
		}
	}
}

// TestALSOnVariantHouses: the ALS techniques read the model's houses and
// its candidate graph, so on a diagonal grid r1c1 (1/2) and r5c5 r9c9
// (1/2/3) are almost locked sets of the main diagonal linked by 1 and 2,
// which rules 1, 2 and 3 out of the diagonal's other cells; on a plain
// grid those cells share no house and nothing is found.
func TestALSOnVariantHouses(t *testing.T) {
	pencil := join(marks(t, "12", [2]int{1, 1}), marks(t, "123", [2]int{5, 5}), marks(t, "23", [2]int{9, 9}))
	for _, vars := range []string{"diagonal", ""} {
		m, err := build(t, strings.Repeat(".", 81), vars).WithGivens(nil, pencil)
		require.NoError(t, err)
		steps, err := logic.AllSteps(m, logic.ALSXZ)
		require.NoError(t, err)
		if vars == "" {
			assert.Empty(t, steps)
			continue
		}
		found := false
		for _, st := range steps {
			got := elimsOf(st, "123")
			found = found || slices.Contains(got, "r2c2 -1") && slices.Contains(got, "r2c2 -2") && slices.Contains(got, "r8c8 -3")
		}
		assert.True(t, found, "%v", steps)
	}
}
