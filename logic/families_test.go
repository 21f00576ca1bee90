package logic_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// TestStepsEveryFamily replays the steps of random puzzles of every variant
// family against a solution: a random instance of the family (its fuzz
// maker, on a 6x6 or a 9x9 grid), solved by prop when it has a
// solution, with a few of that solution's values as givens; the path, with
// every technique and the forcing over every rule, must keep the solution's
// value in every cell it touches (a sound step keeps every solution). Each
// family must yield at least one such puzzle; for a family whose random
// instances have none in their first four (jigsaw layouts), its published
// puzzles are replayed instead.
func TestStepsEveryFamily(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	shapes := []sudoku.Shape{{BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 3}}
	for _, f := range variants.Families() {
		if f.Fuzz == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			checked := 0
			for try := 0; try < 12 && checked < 2 && (try < 4 || checked > 0); try++ {
				s := shapes[try%len(shapes)]
				v := f.Fuzz(s, rng)
				blank := sudoku.NewGrid(s)
				m, err := rules.Build(blank, v)
				if err != nil {
					continue // a variant the shape refuses
				}
				// A node budget, not a deadline, so that a busy machine finds
				// the same puzzles.
				res, err := prop.New().Solve(context.Background(), m, model.Options{Limit: 1, Keep: 1, Nodes: 1 << 16})
				require.NoError(t, err)
				if res.Status == model.Unknown || len(res.Solutions) == 0 {
					continue
				}
				sol := make([]int, m.Cells())
				for i, c := range res.Solutions[0] {
					sol[i] = m.ValueOf(c)
				}
				g := sudoku.NewGrid(s)
				for _, i := range rng.Perm(len(sol))[:rng.IntN(len(sol)/3+1)] {
					g.Cells[i] = sol[i]
				}
				m, err = rules.Build(g, v)
				require.NoError(t, err)
				p, err := logic.Explain(context.Background(), m, logic.Options{Propagator: prop.New()})
				require.NoError(t, err)
				checkPath(t, m, p, sol)
				checked++
			}
			if checked == 0 {
				// Random layouts of some families (jigsaw regions) have no
				// solution: their published puzzles stand in.
				checked = publishedSteps(t, f.Name)
			}
			require.Positive(t, checked, "no random or published %s puzzle with a solution", f.Name)
		})
	}
}

// publishedSteps replays the paths of the published puzzles of
// variants/testdata/fpuzzles/<name>.txt (f-puzzles links) against their
// solutions, and returns how many it replayed.
func publishedSteps(t *testing.T, name string) int {
	path := filepath.Join("..", "variants", "testdata", "fpuzzles", name+".txt")
	if _, err := os.Stat(path); err != nil {
		return 0
	}
	n := 0
	for _, line := range fixture.Lines(t, path, 3) {
		p, err := fpuzzles.Decode(line)
		require.NoError(t, err, line)
		m, err := rules.Build(p.Grid, p.Variants...)
		require.NoError(t, err, line)
		path, err := logic.Explain(context.Background(), m, logic.Options{Propagator: prop.New()})
		require.NoError(t, err, line)
		checkPath(t, m, path, solution(t, m))
		n++
	}
	return n
}
