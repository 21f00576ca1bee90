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

// TestALSLibrary reads HoDoKu's published ALS-XZ, ALS-XY-wing and Sue de
// Coq test cases: among the steps the technique finds in the position,
// one makes exactly the eliminations HoDoKu expects (of the digits the
// line names), and no step removes the solution's digit.
func TestALSLibrary(t *testing.T) {
	techs := map[string]logic.Technique{"0901": logic.ALSXZ, "0902": logic.ALSXYWing, "1101": logic.SueDeCoq}
	found := map[logic.Technique]int{}
	total := map[logic.Technique]int{}
	for _, line := range fixture.Lines(t, "../testdata/hodoku-reglib-als.txt", 0) {
		tech := techs[line[1:5]]
		require.NotZero(t, tech, line)
		m, digits, want := hodoku(t, line)
		sol := solution(t, m)
		steps, err := logic.AllSteps(m, tech)
		require.NoError(t, err)
		ok := false
		for _, st := range steps {
			checkStep(t, st, sol)
			ok = ok || slices.Equal(elimsOf(st, digits), want)
		}
		total[tech]++
		if ok {
			found[tech]++
		} else {
			t.Logf("%v: no step eliminates %v in %s", tech, want, line)
		}
	}
	for tech, n := range total {
		t.Logf("%v: %d of %d of HoDoKu's cases found", tech, found[tech], n)
		assert.Equal(t, n, found[tech], "%v", tech)
	}
}
