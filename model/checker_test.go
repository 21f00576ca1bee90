package model_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// verdict is what a referee says of a solution: "" or the error and the
// rule it names.
func verdict(err error) string {
	if err == nil {
		return ""
	}
	ce, ok := err.(*model.CheckError)
	if !ok {
		return "not a *CheckError: " + err.Error()
	}
	return fmt.Sprintf("rule %d: %s", ce.Rule, ce.Error())
}

// mixedModel has every rule kind over 4 cells of 3 values: a house, an
// at-most-one pair, a conditional sum, a table, a given and an excluded
// candidate.
func mixedModel(t *testing.T) *model.Model {
	t.Helper()
	b := model.NewBuilder(4, 3)
	b.NameCells(func(cell int) string { return fmt.Sprintf("cell%d", cell) })
	b.Add(model.ExactlyOne, b.Cand(0, 1), b.Cand(1, 1), b.Cand(2, 1))
	b.Add(model.AtMostOne, b.Cand(2, 3), b.Cand(3, 3))
	b.Linear("cage", []int{1, 2, 3}, []int{1, 1, 1}, []int{5, 6}, true, b.Cand(0, 1))
	b.AddTable("pairs", []int{0, 3}, [][]int{{1, 2}, {2, 3}, {1, 1}})
	b.Add(model.ExactlyOne, b.Cand(3, 1), b.Cand(3, 2), b.Cand(3, 3))
	m, err := b.Build()
	require.NoError(t, err)
	m, err = m.WithGivens([]model.Cand{m.Cand(0, 1)}, []model.Cand{m.Cand(1, 3)})
	require.NoError(t, err)
	return m
}

// TestCheckerAgrees: on every assignment of a small model with every rule
// kind, and on wrong shapes of solutions, a Checker that knows the model's
// rules (and so counts them through its index), a fresh one and Check
// give the same verdict.
func TestCheckerAgrees(t *testing.T) {
	m := mixedModel(t)
	var warm model.Checker
	warm.Check(m, nil)
	warm.Check(m, nil)
	var sols []model.Solution
	for a := range 81 {
		sol := make(model.Solution, 4)
		for cell, x := 0, a; cell < 4; cell, x = cell+1, x/3 {
			sol[cell] = m.Cand(cell, x%3+1)
		}
		sols = append(sols, sol)
	}
	sols = append(sols, nil, model.Solution{0, 3, 6}, model.Solution{0, 3, 7, 9}, model.Solution{0, 3, 6, -1}, model.Solution{0, 3, 6, 12})
	valid := 0
	for _, sol := range sols {
		want := verdict(model.Check(m, sol))
		assert.Equal(t, want, verdict(new(model.Checker).Check(m, sol)), "fresh checker, %v", sol)
		assert.Equal(t, want, verdict(warm.Check(m, sol)), "warm checker, %v", sol)
		if want == "" {
			valid++
		}
	}
	assert.Positive(t, valid, "some assignments are solutions")
	assert.Less(t, valid, 81, "some assignments are not")
}

// TestCheckerSudoku: on solved 9x9 puzzles and on the same solutions with
// two cells swapped or a value changed, a Checker reused across puzzles
// agrees with a fresh one, and accepts exactly the solutions.
func TestCheckerSudoku(t *testing.T) {
	lines := fixture.Lines(t, filepath.Join(fixture.Root(t), "testdata", "top95.txt"), 20)
	rs, err := rules.New(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(3, 4))
	var k model.Checker
	for _, l := range lines {
		g, err := sudoku.Parse(l, sudoku.ParseOptions{})
		require.NoError(t, err)
		m, err := rs.Model(g)
		require.NoError(t, err)
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		sol := res.Solutions[0]
		require.NoError(t, k.Check(m, sol), l)
		for range 20 {
			bad := append(model.Solution(nil), sol...)
			a, b := rng.IntN(81), rng.IntN(81)
			if rng.IntN(2) == 0 {
				va, vb := m.ValueOf(bad[a]), m.ValueOf(bad[b])
				bad[a], bad[b] = m.Cand(a, vb), m.Cand(b, va)
			} else {
				bad[a] = m.Cand(a, rng.IntN(9)+1)
			}
			want := verdict(new(model.Checker).Check(m, bad))
			assert.Equal(t, want, verdict(k.Check(m, bad)), "%s with %v", l, bad)
			assert.Equal(t, want, verdict(model.Check(m, bad)))
		}
	}
}

// TestCheckerAllocs: a Checker that knows the rules checks a solution with
// no allocation.
func TestCheckerAllocs(t *testing.T) {
	rs, err := rules.New(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	require.NoError(t, err)
	g, err := sudoku.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rs.Model(g)
	require.NoError(t, err)
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 1})
	require.NoError(t, err)
	var k model.Checker
	allocs := testing.AllocsPerRun(100, func() {
		if err := k.Check(m, res.Solutions[0]); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

// TestCheckerLargeModel: a model too large to index is checked all the
// same, the same way twice.
func TestCheckerLargeModel(t *testing.T) {
	const cells, values = 20000, 10
	b := model.NewBuilder(cells, values)
	for cell := 0; cell+1 < cells; cell += 2 {
		for v := 1; v <= values; v++ {
			b.Add(model.AtMostOne, b.Cand(cell, v), b.Cand(cell+1, v))
		}
	}
	m, err := b.Build()
	require.NoError(t, err)
	sol := make(model.Solution, cells)
	for cell := range sol {
		sol[cell] = m.Cand(cell, cell%2+1)
	}
	var k model.Checker
	for range 3 {
		require.NoError(t, k.Check(m, sol))
		require.NoError(t, model.Check(m, sol))
	}
	sol[1] = m.Cand(1, 1)
	want := "rule 0: model: check failed: rule 0 (at-most-one) has 2 chosen: c0=1 c1=1"
	assert.Equal(t, want, verdict(k.Check(m, sol)))
	assert.Equal(t, want, verdict(model.Check(m, sol)))
}

// TestCheckAssignment: the form of a solution (a candidate of its own for
// every cell) is all CheckAssignment looks at; Check refuses what it
// refuses.
func TestCheckAssignment(t *testing.T) {
	m := mixedModel(t)
	c := func(cell, value int) model.Cand { return m.Cand(cell, value) }
	tests := []struct {
		name string
		sol  model.Solution
		want string
	}{
		{"breaks rules but well formed", model.Solution{c(0, 3), c(1, 3), c(2, 3), c(3, 3)}, ""},
		{"too short", model.Solution{c(0, 1)}, "1 cells assigned, model has 4"},
		{"another cell's candidate", model.Solution{c(0, 1), c(0, 2), c(2, 1), c(3, 1)}, "cell1 assigned candidate 1, not one of its own"},
		{"negative", model.Solution{-1, c(1, 1), c(2, 1), c(3, 1)}, "cell0 assigned candidate -1"},
		{"past the last", model.Solution{c(0, 1), c(1, 1), c(2, 1), model.Cand(m.NumCands())}, "cell3 assigned candidate 12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := model.CheckAssignment(m, tt.sol)
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tt.want)
			assert.Error(t, model.Check(m, tt.sol), "the referee refuses it too")
		})
	}
}
