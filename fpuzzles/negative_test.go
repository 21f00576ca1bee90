package fpuzzles_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// TestNonconsecutiveWithWhiteDots: f-puzzles' "nonconsecutive" flag is the
// negative constraint of the white dots, so the dotted pairs are exempt. A
// puzzle with a known solution, a white dot on every consecutive pair of it
// and the flag set must solve to that solution; reading the flag as a
// global non-consecutive rule beside the dots made it "none".
func TestNonconsecutiveWithWhiteDots(t *testing.T) {
	const (
		givens   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	)
	at := func(r, c int) int { return int(solution[r*9+c] - '0') }
	ref := func(r, c int) string { return fmt.Sprintf("R%dC%d", r+1, c+1) }
	var dots []map[string]any
	dotted := 0
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				r2, c2 := r+d[0], c+d[1]
				if r2 < 9 && c2 < 9 && (at(r, c)-at(r2, c2) == 1 || at(r2, c2)-at(r, c) == 1) {
					dots = append(dots, map[string]any{"cells": []string{ref(r, c), ref(r2, c2)}})
					dotted++
				}
			}
		}
	}
	require.Greater(t, dotted, 10)
	grid := make([][]map[string]any, 9)
	for r := range grid {
		grid[r] = make([]map[string]any, 9)
		for c := range grid[r] {
			grid[r][c] = map[string]any{}
			if v := givens[r*9+c]; v != '.' {
				grid[r][c]["value"] = int(v - '0')
				grid[r][c]["given"] = true
			}
		}
	}
	doc, err := json.Marshal(map[string]any{"size": 9, "grid": grid, "nonconsecutive": true, "difference": dots})
	require.NoError(t, err)

	p, err := fpuzzles.Decode(string(doc))
	require.NoError(t, err)
	var nc *variants.NonConsecutive
	for _, v := range p.Variants {
		if x, ok := v.(variants.NonConsecutive); ok {
			nc = &x
		}
	}
	require.NotNil(t, nc, "the flag is read")
	assert.Len(t, nc.Except, dotted, "every white-dotted pair is exempt")

	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	for _, s := range []model.Solver{dlx.New(), sat.New()} {
		res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
		require.NoError(t, err)
		require.Equal(t, model.Unique, res.Status, "%T", s)
		g, err := rules.Decode(p.Grid.Shape, res.Solutions[0])
		require.NoError(t, err)
		assert.Equal(t, solution, g.Line())
	}

	// Written back, the flag and the dots make the same puzzle again.
	js, err := fpuzzles.Encode(p)
	require.NoError(t, err)
	back, err := fpuzzles.Decode(js)
	require.NoError(t, err)
	assert.Equal(t, p.Variants, back.Variants)
}

// TestAddOnKeysAndDrawings: the common add-on constraints are refused by
// name, and drawings that may carry a rule are named in Puzzle.Drawings.
func TestAddOnKeysAndDrawings(t *testing.T) {
	const cells4 = `[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`
	for _, key := range []string{"slowthermometer", "doublearrow"} {
		_, err := fpuzzles.Decode(`{"size":4,"grid":` + cells4 + `,"` + key + `":[{"cells":["R1C1","R1C2"]}]}`)
		require.ErrorIs(t, err, fpuzzles.ErrUnsupported, key)
		assert.ErrorContains(t, err, "unsupported constraints: "+key)
	}
	tests := []struct {
		extra string
		want  []string
	}{
		{``, nil},
		{`,"cage":[]`, nil},
		{`,"text":[{"cells":["R1C1"],"value":">"}]`, []string{"text"}},
		{`,"line":[{"lines":[["R1C1","R1C2"]]}],"cage":[{"cells":["R2C1"]}]`, []string{"cage", "line"}},
	}
	for _, tt := range tests {
		p, err := fpuzzles.Decode(`{"size":4,"grid":` + cells4 + tt.extra + `}`)
		require.NoError(t, err, tt.extra)
		assert.Equal(t, tt.want, p.Drawings, tt.extra)
	}
}

// TestPrimeJigsaw: a 7x7 grid has no box shape, and f-puzzles gives it a
// region on every cell; the regions make it a jigsaw that solves, and the
// document goes back out with the same regions.
func TestPrimeJigsaw(t *testing.T) {
	const n = 7
	region := func(r, c int) int { return (r + 2*c) % n } // seven stripes of seven cells
	grid := make([][]map[string]any, n)
	for r := range grid {
		grid[r] = make([]map[string]any, n)
		for c := range grid[r] {
			grid[r][c] = map[string]any{"region": region(r, c)}
		}
	}
	grid[0][0]["value"], grid[0][0]["given"] = 3, true
	doc, err := json.Marshal(map[string]any{"size": n, "grid": grid})
	require.NoError(t, err)
	p, err := fpuzzles.Decode(string(doc))
	require.NoError(t, err)
	require.Len(t, p.Variants, 1)
	assert.Equal(t, "jigsaw", p.Variants[0].Name())
	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	for _, s := range []model.Solver{dlx.New(), sat.New()} {
		res, err := s.Solve(context.Background(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		require.Equal(t, model.Sat, res.Status)
		g, err := rules.Decode(p.Grid.Shape, res.Solutions[0])
		require.NoError(t, err)
		assert.Equal(t, 3, g.At(0, 0))
		seen := map[[2]int]bool{}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				key := [2]int{region(r, c), g.At(r, c)}
				assert.False(t, seen[key], "region %d holds %d twice", key[0], key[1])
				seen[key] = true
			}
		}
	}
	out, err := fpuzzles.Encode(p)
	require.NoError(t, err)
	q, err := fpuzzles.Decode(out)
	require.NoError(t, err)
	assert.Equal(t, p.Variants, q.Variants)
}

// TestStrictKropki: with "nonconsecutive" and negative "ratio" (strict
// kropki), a dot of either colour exempts its pair from both negative
// rules, as the f-puzzles reference solver reads them: a 1-2 pair may carry
// a black dot under the non-consecutive rule, or a white dot under the
// ratio rule. Dots read off a solved grid that way (every consecutive and
// every double pair dotted, a 1-2 pair in either colour) accept that grid,
// and the puzzle they make is never "none".
func TestStrictKropki(t *testing.T) {
	const solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	rng := rand.New(rand.NewPCG(81, 20))
	blackOneTwo, whiteOneTwo := 0, 0
	for trial := 0; trial < 20; trial++ {
		perm := rng.Perm(9)
		at := func(r, c int) int { return perm[solution[r*9+c]-'1'] + 1 }
		ref := func(r, c int) string { return fmt.Sprintf("R%dC%d", r+1, c+1) }
		var white, black []map[string]any
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				for _, d := range [][2]int{{0, 1}, {1, 0}} {
					r2, c2 := r+d[0], c+d[1]
					if r2 >= 9 || c2 >= 9 {
						continue
					}
					lo, hi := min(at(r, c), at(r2, c2)), max(at(r, c), at(r2, c2))
					dot := map[string]any{"cells": []string{ref(r, c), ref(r2, c2)}}
					switch {
					case lo == 1 && hi == 2 && rng.IntN(2) == 0:
						black = append(black, dot)
						blackOneTwo++
					case lo == 1 && hi == 2:
						white = append(white, dot)
						whiteOneTwo++
					case hi-lo == 1:
						white = append(white, dot)
					case hi == 2*lo:
						black = append(black, dot)
					}
				}
			}
		}
		grid := make([][]map[string]any, 9)
		for r := range grid {
			grid[r] = make([]map[string]any, 9)
			for c := range grid[r] {
				grid[r][c] = map[string]any{}
			}
		}
		doc, err := json.Marshal(map[string]any{"size": 9, "grid": grid, "nonconsecutive": true,
			"negative": []string{"ratio"}, "difference": white, "ratio": black})
		require.NoError(t, err)
		p, err := fpuzzles.Decode(string(doc))
		require.NoError(t, err)
		m, err := rules.Build(p.Grid, p.Variants...)
		require.NoError(t, err)
		sol := make(model.Solution, 81)
		for i := range sol {
			sol[i] = model.Cand(i*9 + at(i/9, i%9) - 1)
		}
		require.NoError(t, model.Check(m, sol), "the grid the dots came from breaks the rules")
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		require.Equal(t, model.Sat, res.Status)
		require.NoError(t, model.Check(m, res.Solutions[0]))
	}
	assert.Positive(t, blackOneTwo, "no black dot on a 1-2 pair: the test checks half")
	assert.Positive(t, whiteOneTwo, "no white dot on a 1-2 pair: the test checks half")
}

// TestNonconsecutiveExemptionNeedsADot: f-puzzles carries a non-consecutive
// exemption only as a kropki dot on the pair, so a pair exempt without a
// dot is refused by name rather than written as a stricter puzzle.
func TestNonconsecutiveExemptionNeedsADot(t *testing.T) {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	exempt := [][2]sudoku.Cell{{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}
	_, err := fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.NonConsecutive{Except: exempt}}})
	require.Error(t, err)
	assert.ErrorContains(t, err, "r1c1-r1c2 has no kropki dot")

	for _, dots := range []variants.Kropki{{White: exempt}, {Black: exempt}} {
		js, err := fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.NonConsecutive{Except: exempt}, dots}})
		require.NoError(t, err, "%+v", dots)
		back, err := fpuzzles.Decode(js)
		require.NoError(t, err)
		assert.Contains(t, back.Variants, rules.Variant(variants.NonConsecutive{Except: exempt}), js)
	}
}
