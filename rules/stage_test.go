package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// benchGrids parses the first 1000 puzzles of testdata/top95.txt and of the
// shared sudoku17 set, when present.
var benchSets = []struct {
	name string
	load func(tb testing.TB) []string
}{
	{"top95", func(tb testing.TB) []string {
		return fixture.Lines(tb, filepath.Join(fixture.Root(tb), "testdata", "top95.txt"), 1000)
	}},
	{"sudoku17", func(tb testing.TB) []string { return fixture.Data(tb, "sudoku17", 1000) }},
}

func parseAll(tb testing.TB, lines []string) []sudoku.Grid {
	tb.Helper()
	grids := make([]sudoku.Grid, len(lines))
	for i, l := range lines {
		g, err := sudoku.Parse(l, sudoku.ParseOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		grids[i] = g
	}
	return grids
}

// BenchmarkStageModel derives one puzzle's model per op from the cached
// rules of its shape (Set.Model: the base model with the givens).
func BenchmarkStageModel(b *testing.B) {
	rs, err := rules.New(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	if err != nil {
		b.Fatal(err)
	}
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			grids := parseAll(b, set.load(b))
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := rs.Model(grids[i]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(grids) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/puzzle")
		})
	}
}

// TestDecodeInto: DecodeInto writes what Decode returns, and refuses what
// Decode refuses, with the same error.
func TestDecodeInto(t *testing.T) {
	s := sudoku.Shape{BoxRows: 2, BoxCols: 2}
	tests := []struct {
		name string
		sol  model.Solution
		err  string
	}{
		{"a solution", model.Solution{0, 5, 10, 15, 18, 23, 24, 29, 33, 36, 43, 46, 51, 54, 57, 60}, ""},
		{"too short", model.Solution{0, 5}, "a solution of 2 cells for a 2x2 grid"},
		{"another cell's candidate", model.Solution{0, 3, 10, 15, 18, 23, 24, 29, 33, 36, 43, 46, 51, 54, 57, 60}, "candidate 3 to cell 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := rules.Decode(s, tt.sol)
			cells := make([]int, 16)
			err2 := rules.DecodeInto(cells, s, tt.sol)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				require.EqualError(t, err2, err.Error())
				return
			}
			require.NoError(t, err)
			require.NoError(t, err2)
			assert.Equal(t, g.Cells, cells)
			assert.Equal(t, "1234341221434321", g.Line())
		})
	}
	require.ErrorIs(t, rules.DecodeInto(make([]int, 3), s, tests[0].sol), sudoku.ErrShape)
}
