package logic_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
)

// TestCyclePositions sets up, with pencil marks on an empty grid, a loop
// of each kind and checks the exact step: the eliminations are the
// candidates outside the loop that see both ends of one of its weak links.
func TestCyclePositions(t *testing.T) {
	no1 := "23456789"
	for _, tc := range []struct {
		name   string
		tech   logic.Technique
		nodes  int
		step   string
		rating float64
	}{
		// 1 in row 1 only at r1c1 r1c5, in column 6 only at r3c6 r9c6, in
		// column 2 only at r2c2 r9c2: r1c1 = r1c5 - r3c6 = r9c6 - r9c2 =
		// r2c2 - r1c1, six links round; 1 leaves the rest of box 2, of
		// row 9 and of box 1.
		{name: "x-cycle", tech: logic.XCycle, nodes: 16, rating: 6.5,
			step: "x-cycle: the continuous loop r1c1=1 - r2c2=1 = r9c2=1 - r9c6=1 = r3c6=1 - r1c5=1 = r1c1=1 (a - b: not both; a = b: a or b holds): each link holds both ways, so one end of each weak link is true and what sees both ends leaves => " +
				"r2c1 -1, r2c3 -1, r2c4 -1, r2c5 -1, r3c1 -1, r3c3 -1, r3c4 -1, r3c5 -1, r9c1 -1, r9c3 -1, r9c4 -1, r9c5 -1, r9c7 -1, r9c8 -1, r9c9 -1"},
		// r1c1 1/2, r1c5 2/3, r5c5 3/4, r5c1 4/1: every weak link joins
		// two cells of a row or column, whose other cells lose its value.
		{name: "xy-cycle", tech: logic.XYCycle, nodes: 16, rating: 6.6,
			step: "xy-cycle: the continuous loop r1c1=1 - r5c1=1 = r5c1=4 - r5c5=4 = r5c5=3 - r1c5=3 = r1c5=2 - r1c1=2 = r1c1=1 (a - b: not both; a = b: a or b holds): each link holds both ways, so one end of each weak link is true and what sees both ends leaves => " +
				"r1c2 -2, r1c3 -2, r1c4 -2, r1c6 -2, r1c7 -2, r1c8 -2, r1c9 -2, r2c1 -1, r2c5 -3, r3c1 -1, r3c5 -3, r4c1 -1, r4c5 -3, r5c2 -4, r5c3 -4, r5c4 -4, r5c6 -4, r5c7 -4, r5c8 -4, r5c9 -4, " +
				"r6c1 -1, r6c5 -3, r7c1 -1, r7c5 -3, r8c1 -1, r8c5 -3, r9c1 -1, r9c5 -3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := build(t, strings.Repeat(".", 81), "")
			var ms = join(marks(t, "12", cellsOf("r1c1")...), marks(t, "23", cellsOf("r1c5")...),
				marks(t, "34", cellsOf("r5c5")...), marks(t, "14", cellsOf("r5c1")...))
			if tc.tech == logic.XCycle {
				ms = join(marks(t, no1, without("r1", 1, 5)...), marks(t, no1, without("c6", 3, 9)...),
					marks(t, no1, without("c2", 2, 9)...))
			}
			m, err := m.WithGivens(nil, ms)
			require.NoError(t, err)
			st, ok, err := logic.Cycle(m, tc.tech, tc.nodes)
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, tc.tech, st.Technique)
			assert.Equal(t, tc.step, st.String())
			assert.InDelta(t, tc.rating, st.Rating(), 1e-9)
			// Too few nodes: none.
			_, ok, err = logic.Cycle(m, tc.tech, 5)
			require.NoError(t, err)
			assert.False(t, ok)
		})
	}
}

// TestCyclesAlongPaths asks, at every position of the first top95 paths
// where the path takes a step that is not a single, each kind of cycle and
// Sudoku Explainer's forcing chains (see logic.ChainsAlong): each kind
// finds something somewhere, every elimination spares the solution's
// value and every placement is the solution's.
func TestCyclesAlongPaths(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 10
	}
	var found [4]int
	for _, line := range fixture.Lines(t, "../testdata/top95.txt", n) {
		m := build(t, line, "")
		sol := solution(t, m)
		cycles, forcing, err := logic.ChainsAlong(m, 16, 7.6)
		require.NoError(t, err)
		for k, steps := range append(cycles[:], forcing) {
			for _, st := range steps {
				found[k]++
				require.NotEmpty(t, append(st.Eliminations, make([]logic.Elimination, len(st.Placements))...), "%v", st)
				for _, e := range st.Eliminations {
					assert.NotContains(t, e.Values, sol[e.Cell], "%s: %v", line, st)
				}
				for _, p := range st.Placements {
					assert.Equal(t, sol[p.Cell], p.Value, "%s: %v", line, st)
				}
				assert.Positive(t, st.Length, "%v", st)
				assert.GreaterOrEqual(t, st.Rating(), st.Technique.Difficulty())
			}
		}
	}
	for k, name := range []string{"x-cycles", "xy-cycles", "nice loops", "forcing chains"} {
		assert.Positive(t, found[k], "no %s", name)
	}
	t.Logf("x-cycles, xy-cycles, nice loops, forcing chains found: %v", found)
}
