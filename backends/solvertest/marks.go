package solvertest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// grids4 returns every complete 4x4 sudoku grid (288), enumerated row by
// row from the rules of the grid alone, with no model.
func grids4() [][16]int {
	var out [][16]int
	var g [16]int
	ok := func(i, v int) bool {
		r, c := i/4, i%4
		for k := 0; k < 4; k++ {
			if g[r*4+k] == v && r*4+k < i || g[k*4+c] == v && k*4+c < i {
				return false
			}
		}
		br, bc := r/2*2, c/2*2
		for dr := 0; dr < 2; dr++ {
			for dc := 0; dc < 2; dc++ {
				if j := (br+dr)*4 + bc + dc; j < i && g[j] == v {
					return false
				}
			}
		}
		return true
	}
	var walk func(i int)
	walk = func(i int) {
		if i == 16 {
			out = append(out, g)
			return
		}
		for v := 1; v <= 4; v++ {
			if ok(i, v) {
				g[i] = v
				walk(i + 1)
			}
		}
		g[i] = 0
	}
	walk(0)
	return out
}

// MarksCase is a 4x4 pencil-mark puzzle as a sukaku line, with its number
// of solutions counted over every 4x4 grid.
type MarksCase struct {
	Line  string
	Count int
}

// MarksCases returns k random 4x4 sukaku lines (each cell keeps each value
// with probability 3/4, at least one, and now and then a cell keeps one
// value) and their counts, for tests of pencil-mark input against brute
// force. The counts come from the grids, not from a model.
func MarksCases(k int, seed uint64) []MarksCase {
	rng := rand.New(rand.NewPCG(seed, 4))
	all := grids4()
	out := make([]MarksCase, 0, k)
	for len(out) < k {
		var sets [16]uint64
		line := make([]byte, 0, 64)
		for i := range sets {
			for sets[i] == 0 {
				for v := 0; v < 4; v++ {
					if rng.IntN(4) != 0 {
						sets[i] |= 1 << v
					}
				}
				if rng.IntN(8) == 0 {
					sets[i] &= 1 << rng.IntN(4)
				}
			}
			for v := 0; v < 4; v++ {
				if sets[i]&(1<<v) != 0 {
					line = append(line, byte('1'+v))
				} else {
					line = append(line, '.')
				}
			}
		}
		count := 0
		for _, g := range all {
			fits := true
			for i, v := range g {
				fits = fits && sets[i]&(1<<(v-1)) != 0
			}
			if fits {
				count++
			}
		}
		out = append(out, MarksCase{string(line), count})
	}
	return out
}

// testPencilMarks counts 4x4 sukaku puzzles, read by the text parser and
// built by package rules, and compares with the counts over every grid.
func testPencilMarks(t *testing.T, s model.Solver) {
	rs, err := rules.New(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	if err != nil {
		t.Fatal(err)
	}
	for k, tc := range MarksCases(12, 20) {
		g, err := sudoku.Parse(tc.Line, sudoku.ParseOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.Line, err)
		}
		m, err := rs.Model(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range []model.Options{{}, {Limit: 2}} {
			solve(t, s, fmt.Sprintf("marks case %d %s", k, tc.Line), m, opts, tc.Count)
		}
	}
}
