package logic_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
)

// checkStep requires that a step keeps the solution: no elimination
// removes the solution's value, every placement is the solution's.
func checkStep(t *testing.T, st logic.Step, sol []int) {
	t.Helper()
	for _, p := range st.Placements {
		require.Equal(t, sol[p.Cell], p.Value, "%v", st)
	}
	for _, e := range st.Eliminations {
		require.NotContains(t, e.Values, sol[e.Cell], "%v", st)
	}
	require.NotEmpty(t, append(st.Placements, make([]logic.Placement, len(st.Eliminations))...), "a step changes something")
}

// TestForcingKinds: where nishio takes a step on top95, the region and
// the cell forcing chains find steps too, and every one keeps the
// solution; each names its branches and what they lead to.
func TestForcingKinds(t *testing.T) {
	var region, cell int
	for _, line := range fixture.Lines(t, "../testdata/top95.txt", 40) {
		m := build(t, line, "")
		sol := solution(t, m)
		r, c, err := logic.ForcingSteps(m)
		require.NoError(t, err)
		for _, st := range r {
			checkStep(t, st, sol)
			assert.Equal(t, logic.RegionForcing, st.Technique)
			assert.Contains(t, st.Reason, "each place of")
			assert.Positive(t, st.Length)
		}
		for _, st := range c {
			checkStep(t, st, sol)
			assert.Equal(t, logic.CellForcing, st.Technique)
			assert.True(t, strings.HasPrefix(st.Reason, "each value of"), st.Reason)
		}
		region += len(r)
		cell += len(c)
	}
	assert.Positive(t, region, "region forcing chains never fire")
	assert.Positive(t, cell, "cell forcing chains never fire")
	t.Logf("region forcing: %d steps, cell forcing: %d", region, cell)
}

// TestForcingBeforeGuess: with the forcing chains, the top95 puzzles need
// no guess, and each nishio step says which assumption fails and why.
func TestForcingBeforeGuess(t *testing.T) {
	for _, line := range fixture.Lines(t, "../testdata/top95.txt", 0) {
		m := build(t, line, "")
		p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
		require.NoError(t, err)
		assert.Zero(t, p.Guesses, line)
		for _, st := range p.Steps {
			if st.Technique == logic.Nishio {
				assert.Regexp(t, `^if r\dc\d were \d, .* would follow, and then no (value|place) left`, st.Reason)
				require.Len(t, st.Eliminations, 1)
				assert.GreaterOrEqual(t, st.Rating(), 7.5)
			}
		}
	}
}

// TestRating: the ratings follow Sudoku Explainer's scale: ER is the
// hardest step, ED the first, EP the hardest up to the first placement.
func TestRating(t *testing.T) {
	tests := []struct {
		name  string
		steps []logic.Step
		want  logic.Rating
	}{
		{"empty", nil, logic.Rating{}},
		{"singles", []logic.Step{{Technique: logic.HiddenSingle, Houses: []string{"box 1"}, Placements: make([]logic.Placement, 1)},
			{Technique: logic.NakedSingle, Placements: make([]logic.Placement, 1)}}, logic.Rating{ER: 2.3, EP: 1.2, ED: 1.2}},
		{"row single", []logic.Step{{Technique: logic.HiddenSingle, Houses: []string{"row 4"}, Placements: make([]logic.Placement, 1)}},
			logic.Rating{ER: 1.5, EP: 1.5, ED: 1.5}},
		{"pearl", []logic.Step{{Technique: logic.Pointing}, {Technique: logic.XWing}, {Technique: logic.FullHouse, Placements: make([]logic.Placement, 1)},
			{Technique: logic.NakedPair}}, logic.Rating{ER: 3.2, EP: 3.2, ED: 2.6}},
		{"chain length", []logic.Step{{Technique: logic.Nishio, Length: 13}}, logic.Rating{ER: 7.9, EP: 7.9, ED: 7.9}}, // 13 > 4, 6, 8, 12
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := logic.RateSteps(tt.steps)
			assert.InDelta(t, tt.want.ER, got.ER, 1e-9)
			assert.InDelta(t, tt.want.EP, got.EP, 1e-9)
			assert.InDelta(t, tt.want.ED, got.ED, 1e-9)
		})
	}
}

func TestParseTechniques(t *testing.T) {
	def := logic.DefaultTechniques()
	tests := []struct {
		spec string
		has  []logic.Technique
		not  []logic.Technique
		err  string
	}{
		{spec: "", has: []logic.Technique{logic.Nishio, logic.XWing}, not: []logic.Technique{logic.UniqueRectangle, logic.Guess}},
		{spec: "-nishio, -x-wing", has: []logic.Technique{logic.AIC}, not: []logic.Technique{logic.Nishio, logic.XWing}},
		{spec: "+unique rectangle,BUG+1", has: []logic.Technique{logic.UniqueRectangle, logic.BUGPlusOne}},
		{spec: "none,+naked single", has: []logic.Technique{logic.NakedSingle}, not: []logic.Technique{logic.HiddenSingle}},
		{spec: "-x-wig", err: `unknown technique "x-wig"`},
		{spec: "+guess", err: `unknown technique "guess"`},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			set, err := logic.ParseTechniques(tt.spec, def)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				return
			}
			require.NoError(t, err)
			for _, tech := range tt.has {
				assert.True(t, set.Has(tech), "%v", tech)
			}
			for _, tech := range tt.not {
				assert.False(t, set.Has(tech), "%v", tech)
			}
		})
	}
}

// TestTechniquesOption: a path without the forcing chains guesses where
// they would have gone on; without nothing left it still ends.
func TestTechniquesOption(t *testing.T) {
	m := build(t, "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....", "")
	without, err := logic.ParseTechniques("-nishio,-region forcing chains,-cell forcing chains,-dynamic forcing chains,"+
		"-dynamic forcing chains (+),-nested forcing chains,-nested forcing chains (+)", logic.DefaultTechniques())
	require.NoError(t, err)
	p, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New(), Techniques: without})
	require.NoError(t, err)
	checkPath(t, m, p, solution(t, m))
	assert.Positive(t, p.Guesses)
	assert.Zero(t, p.Counts()[logic.Nishio])
	q, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
	require.NoError(t, err)
	assert.Zero(t, q.Guesses)
	assert.Positive(t, q.Counts()[logic.Nishio])
}
