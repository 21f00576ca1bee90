package generate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func TestParseBand(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		spec string
		want Band
		err  string
	}{
		{spec: "7.0-7.9", want: Band{7, 7.9}},
		{spec: " 8-8.9 ", want: Band{8, 8.9}},
		{spec: "9.0+", want: Band{9, inf}},
		{spec: "1+", want: Band{1, inf}},
		{spec: "7.2", want: Band{7.2, 7.2}},
		{spec: "1.0-11.0", want: Band{1, 11}},
		{spec: "", err: "empty"},
		{spec: "hard", err: `"hard" is not a number`},
		{spec: "7.9-7.0", err: "7.9 is above 7.0"},
		{spec: "0.5-2", err: "0.5 is outside 1.0 to 11.0"},
		{spec: "11.5", err: "outside"},
		{spec: "12+", err: "outside"},
		{spec: "7.25", err: "ratings go by tenths"},
		{spec: "7.0-", err: "not a number"},
		{spec: "-", err: "not a number"},
		{spec: "NaN", err: "not a number"},
		{spec: "7-8-9", err: "not a number"},
		{spec: "9++", err: "not a number"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			b, err := ParseBand(tc.spec)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				assert.Contains(t, err.Error(), "want LO-HI")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, b)
		})
	}
}

func FuzzParseBand(f *testing.F) {
	for _, s := range []string{"7.0-7.9", "9.0+", "7.2", "0-1", "11", "1e1", "-1", "7.9-7.0", "+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		b, err := ParseBand(spec)
		if err != nil {
			assert.True(t, b.IsZero())
			return
		}
		assert.GreaterOrEqual(t, b.Lo, MinRating)
		assert.LessOrEqual(t, b.Lo, b.Hi)
		assert.True(t, b.Hi <= MaxRating || math.IsInf(b.Hi, 1))
		again, err := ParseBand(b.String())
		require.NoError(t, err, b.String())
		assert.Equal(t, b, again, "String reads back as the band")
		assert.True(t, b.Has(b.Lo) && !b.Has(b.Lo-0.1))
	})
}

func TestBandStringAndHas(t *testing.T) {
	assert.Equal(t, "7.0-7.9", Band{7, 7.9}.String())
	assert.Equal(t, "9.0+", Band{9, math.Inf(1)}.String())
	assert.Equal(t, "7.2", Band{7.2, 7.2}.String())
	b := Band{7, 7.9}
	for er, want := range map[float64]bool{6.9: false, 7: true, 7.5: true, 7.9: true, 8: false} {
		assert.Equal(t, want, b.Has(er), er)
	}
	assert.True(t, Band{9, math.Inf(1)}.Has(11))
	assert.True(t, Band{}.IsZero())
}

// gradeRating rates a puzzle again from its grid as sudokit grade does:
// logic.Explain with a solver placing a guess where the techniques stop.
func gradeRating(t *testing.T, p Puzzle) logic.Rating {
	t.Helper()
	m, err := rules.Build(p.Grid)
	require.NoError(t, err)
	path, err := logic.Explain(context.Background(), m, logic.Options{Solver: dlx.New()})
	require.NoError(t, err)
	require.Equal(t, model.Unique, path.Status)
	require.True(t, path.Solved)
	return path.Rating
}

// seedForms returns the canonical forms of the seed puzzles.
func seedForms(t *testing.T) map[string]bool {
	t.Helper()
	forms := map[string]bool{}
	for _, line := range seedLines() {
		g, err := sudoku.Parse(line, sudoku.ParseOptions{})
		require.NoError(t, err)
		c, err := canon.Of(g)
		require.NoError(t, err)
		forms[c.Line()] = true
	}
	return forms
}

// TestBands generates puzzles of bands from bottom to top: each is unique
// (the referee and DLX, from its grid), rated in its band by logic again
// from its grid, and, from the seed puzzles, none is one of them moved by
// symmetries.
func TestBands(t *testing.T) {
	if testing.Short() {
		t.Skip("rates hard puzzles")
	}
	seeds := seedForms(t)
	for _, spec := range []string{"1.0-1.9", "2.0-2.9", "3.0-3.9", "4.0-4.9", "6.0-6.9", "7.0-7.9", "8.0-8.9", "9.0+"} {
		t.Run(spec, func(t *testing.T) {
			b, err := ParseBand(spec)
			require.NoError(t, err)
			ps := many(t, Options{Shape: shape(t, 3, 3), Rating: b, Seed: 7}, 2, 2)
			for _, p := range ps {
				verify(t, p, dlx.New())
				require.NotNil(t, p.Rating)
				r := gradeRating(t, p)
				assert.Equal(t, r, *p.Rating, p.Grid.Line())
				assert.True(t, b.Has(r.ER), "%s rated %.1f, not in %v", p.Grid.Line(), r.ER, b)
				c, err := canon.Of(p.Grid)
				require.NoError(t, err)
				assert.False(t, seeds[c.Line()], "%s is a seed puzzle moved", p.Grid.Line())
				assert.Equal(t, p.Givens, 81-countBlank(p.Grid))
			}
		})
	}
}

func countBlank(g sudoku.Grid) int {
	n := 0
	for _, v := range g.Cells {
		if v == 0 {
			n++
		}
	}
	return n
}

// TestBandDeterministic: the same seed gives the same puzzles, whatever
// the workers, drawn and searched from the seeds.
func TestBandDeterministic(t *testing.T) {
	for _, spec := range []string{"3.0-3.9", "8.0-8.9"} {
		b, err := ParseBand(spec)
		require.NoError(t, err)
		o := Options{Shape: shape(t, 3, 3), Rating: b, Seed: 11}
		lines := func(jobs int) []string {
			var out []string
			for _, p := range many(t, o, 2, jobs) {
				out = append(out, p.Grid.Line()+fmt.Sprint(*p.Rating))
			}
			return out
		}
		first := lines(1)
		assert.Equal(t, first, lines(1), spec)
		assert.Equal(t, first, lines(2), spec)
		o.Seed = 12
		assert.NotEqual(t, first, lines(1), spec)
	}
}

// TestBandAttemptsOut: a band no puzzle rates (no step rates 1.1) ends
// with ErrAttempts after its attempts, drawn or searched.
func TestBandAttemptsOut(t *testing.T) {
	for _, b := range []Band{{1.1, 1.1}, {8.05, 8.05}} {
		g, err := New(Options{Shape: shape(t, 3, 3), Rating: b, Solver: prop.New(), Attempts: 3})
		require.NoError(t, err)
		p, err := g.Puzzle(context.Background(), 0)
		require.ErrorIs(t, err, ErrAttempts)
		assert.Contains(t, err.Error(), "rating "+b.String())
		assert.Equal(t, 3, p.Stats.Attempts)
	}
}

func TestBandOptionsErrors(t *testing.T) {
	b := Band{7, 7.9}
	sh := shape(t, 3, 3)
	for name, o := range map[string]Options{
		"4x4":       {Shape: shape(t, 2, 2), Rating: b},
		"variants":  {Shape: sh, Rating: b, Variants: []rules.Variant{mustVariant(t, "diagonal")}},
		"killer":    {Shape: sh, Rating: b, Killer: true},
		"level":     {Shape: sh, Rating: b, Level: "expert", Grader: func(*model.Model) (string, float64, error) { return "", 0, nil }},
		"seed sym":  {Shape: sh, Rating: Band{9, math.Inf(1)}, Symmetry: Rotate180},
		"seed min":  {Shape: sh, Rating: Band{8, 8.9}, Minimal: true},
		"too low":   {Shape: sh, Rating: Band{0.5, 2}},
		"too high":  {Shape: sh, Rating: Band{7, 12}},
		"lo > hi":   {Shape: sh, Rating: Band{8, 7}},
		"NaN":       {Shape: sh, Rating: Band{math.NaN(), 7}},
		"seed give": {Shape: sh, Rating: Band{9, 11}, Givens: 25},
	} {
		o.Solver = prop.New()
		_, err := New(o)
		assert.ErrorIs(t, err, ErrOptions, name)
	}
	_, err := Request{Rating: "7.0-7.9", Difficulty: "expert"}.Options()
	assert.ErrorContains(t, err, "rating and difficulty")
	_, err = Request{Rating: "7.9-7"}.Options()
	assert.ErrorContains(t, err, "above")
	o, err := Request{Rating: "9.0+", Seed: 3}.Options()
	require.NoError(t, err)
	assert.Equal(t, Band{9, math.Inf(1)}, o.Rating)
}

func mustVariant(t *testing.T, name string) rules.Variant {
	t.Helper()
	var o Options
	require.NoError(t, o.SetVariants(name))
	require.Len(t, o.Variants, 1)
	return o.Variants[0]
}

// TestSeedPuzzles: every seed line is a 9x9 puzzle with exactly one
// solution, and no two are the same puzzle moved.
func TestSeedPuzzles(t *testing.T) {
	lines := seedLines()
	require.Len(t, lines, 300)
	solver := dlx.New()
	for _, line := range lines {
		require.Len(t, line, 81)
		g, err := sudoku.Parse(line, sudoku.ParseOptions{})
		require.NoError(t, err)
		m, err := rules.Build(g)
		require.NoError(t, err)
		res, err := solver.Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		require.Equal(t, model.Unique, res.Status, line)
	}
	assert.Len(t, seedForms(t), len(lines))
}

// TestShuffleGrid: a complete grid moved by random symmetries is still a
// sudoku (checked from the definition), holds each digit as often, and a
// puzzle moved keeps its number of givens and its one solution.
func TestShuffleGrid(t *testing.T) {
	sol := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	puz := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	rng := rand.New(rand.NewPCG(1, 2))
	g, err := sudoku.Parse(sol, sudoku.ParseOptions{})
	require.NoError(t, err)
	for range 50 {
		s := shuffleGrid(g, rng)
		for i := range 9 {
			var row, col, box [10]int
			for j := range 9 {
				row[s.Cells[i*9+j]]++
				col[s.Cells[j*9+i]]++
				box[s.Cells[(i/3*3+j/3)*9+i%3*3+j%3]]++
			}
			for v := 1; v <= 9; v++ {
				require.Equal(t, 1, row[v])
				require.Equal(t, 1, col[v])
				require.Equal(t, 1, box[v])
			}
		}
	}
	p, err := sudoku.Parse(puz, sudoku.ParseOptions{})
	require.NoError(t, err)
	moved := 0
	for range 20 {
		s := shuffleGrid(p, rng)
		assert.Equal(t, 81-countBlank(p), 81-countBlank(s))
		m, err := rules.Build(s)
		require.NoError(t, err)
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		assert.Equal(t, model.Unique, res.Status)
		if s.Line() != p.Line() {
			moved++
		}
		a, err := canon.Of(s)
		require.NoError(t, err)
		b, err := canon.Of(p)
		require.NoError(t, err)
		assert.Equal(t, b.Line(), a.Line(), "the same puzzle moved")
	}
	assert.Equal(t, 20, moved)
}

func ExampleParseBand() {
	for _, spec := range []string{"7.0-7.9", "9+", "7.9-7.0"} {
		b, err := ParseBand(spec)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(b, b.Has(7.5), b.Has(11))
	}
	// Output:
	// 7.0-7.9 true false
	// 9.0+ false true
	// rating "7.9-7.0": 7.9 is above 7.0 (want LO-HI such as 7.0-7.9, LO+ such as 9.0+, or one rating, from 1.0 to 11.0)
}
