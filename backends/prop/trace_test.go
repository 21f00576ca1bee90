package prop_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// TestTrace: on the top95 puzzles and a 16x16 one, Nodes = Tries + 1,
// also when the node budget stops the search, and Guesses = the branch
// points (one more when the budget stopped it after choosing a cell);
// traced on the general path, a classic 9x9 gets the result the
// classic path gives without a trace.
func TestTrace(t *testing.T) {
	lines := fixture.Lines(t, "../../testdata/top95.txt", 20)
	lines = append(lines, fixture.Lines(t, "../../testdata/16x16-45.txt", 1)...)
	s := prop.New()
	for _, line := range lines {
		m := solvertest.Puzzle(t, line)
		for _, opts := range []model.Options{{Limit: 2}, {Limit: 2, Nodes: 3}} {
			plain, err := s.Solve(context.Background(), m, opts)
			require.NoError(t, err)
			var rec model.Recorder
			opts.Trace = rec.Add
			res, err := s.Solve(context.Background(), m, opts)
			require.NoError(t, err)
			assert.Equal(t, res.Stats.Nodes, solvertest.CountEvents(rec.Events, model.EventTry)+1, line)
			points, guesses := solvertest.BranchPoints(rec.Events)
			assert.Equal(t, points, guesses, "every branch point has two values or more")
			if res.Stop == model.Done {
				assert.Equal(t, res.Stats.Guesses, guesses, line)
			} else { // the budget may stop before the first value of the last cell chosen
				assert.Contains(t, []int64{guesses, guesses + 1}, res.Stats.Guesses, line)
			}
			plain.Stats.Elapsed, res.Stats.Elapsed = 0, 0
			assert.Equal(t, plain, res, line)
		}
	}
}

// pairPoints counts the branch points of events whose Tries name two
// cells: branches on a value's two places in a house.
func pairPoints(events []model.Event) int {
	n := 0
	var last, first model.Event
	for _, e := range events {
		if e.Kind == model.EventTry {
			if last.Kind == model.EventUndo && last.Depth == e.Depth {
				if e.Cand/9 != first.Cand/9 {
					n++
				}
			} else {
				first = e
			}
		}
		last = e
	}
	return n
}

// TestHousePairs: on a model of pairs alone (the "miracle" sudoku:
// anti-knight, anti-king, non-consecutive, two givens) the search also
// branches on a digit's two places in a house, traced as two Tries of two
// cells, and finds the published solution; on a killer it branches on
// cells only.
func TestHousePairs(t *testing.T) {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	g.Set(4, 2, 1)
	g.Set(5, 6, 2)
	miracle, err := rules.Build(g, variants.AntiKnight{}, variants.AntiKing{}, variants.NonConsecutive{})
	require.NoError(t, err)
	cage := func(total int, cells ...sudoku.Cell) variants.Cage { return variants.Cage{Total: total, Cells: cells} }
	cell := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r, Col: c} }
	killer, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), variants.Killer{Cages: []variants.Cage{
		cage(6, cell(0, 0), cell(0, 1), cell(1, 0)), cage(24, cell(8, 8), cell(8, 7), cell(7, 8)), cage(15, cell(4, 3), cell(4, 4), cell(4, 5))}})
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		m     *model.Model
		pairs bool
	}{{"miracle", miracle, true}, {"killer", killer, false}} {
		t.Run(tc.name, func(t *testing.T) {
			opts := model.Options{Limit: 2}
			plain, err := prop.New().Solve(context.Background(), tc.m, opts)
			require.NoError(t, err)
			var rec model.Recorder
			opts.Trace = rec.Add
			res, err := prop.New().Solve(context.Background(), tc.m, opts)
			require.NoError(t, err)
			assert.Equal(t, res.Stats.Nodes, solvertest.CountEvents(rec.Events, model.EventTry)+1)
			plain.Stats.Elapsed, res.Stats.Elapsed = 0, 0
			assert.Equal(t, plain, res)
			assert.Equal(t, tc.pairs, pairPoints(rec.Events) > 0, "branches on a digit's two places")
			for _, sol := range res.Solutions {
				require.NoError(t, model.Check(tc.m, sol))
			}
			if tc.pairs {
				require.Equal(t, model.Unique, res.Status)
				grid, err := rules.Decode(sudoku.Shape{BoxRows: 3, BoxCols: 3}, res.Solutions[0])
				require.NoError(t, err)
				assert.Equal(t, "483726159726159483159483726837261594261594837594837261372615948615948372948372615", grid.Line())
			}
		})
	}
}

// TestRefutedBranches: on puzzles of pairs, a cell of three values or more
// with no house pair is branched on its least value and then on the cell
// without it. The trace shows the second branch as a Try of no candidate
// with two Options, is well formed (solvertest.CheckTrace) and leaves the
// result as the untraced search gives it, a team of searches counts the
// same, and SAT agrees.
func TestRefutedBranches(t *testing.T) {
	ctx := context.Background()
	var refuted int
	for _, name := range []string{"renban", "thermo", "whispers", "kropki", "nonconsecutive", "xv", "palindrome"} {
		for k, line := range fixture.Lines(t, "../../variants/testdata/fpuzzles/"+name+".txt", 0) {
			p, err := fpuzzles.Decode(line)
			require.NoError(t, err)
			m, err := rules.Build(p.Grid, p.Variants...)
			require.NoError(t, err)
			opts := model.Options{Limit: 2}
			plain, err := prop.New().Solve(ctx, m, opts)
			require.NoError(t, err)
			var rec model.Recorder
			opts.Trace = rec.Add
			res, err := prop.New().Solve(ctx, m, opts)
			require.NoError(t, err)
			assert.Empty(t, solvertest.CheckTrace(m, traced, rec.Events, res), "%s %d", name, k)
			plain.Stats.Elapsed, res.Stats.Elapsed = 0, 0
			assert.Equal(t, plain, res, "%s %d", name, k)
			for _, e := range rec.Events {
				if e.Kind == model.EventTry && e.Cand == model.NoCand {
					refuted++
					assert.EqualValues(t, 2, e.Options)
				}
			}
			team, err := prop.EagerTeam(3).Solve(ctx, m, model.Options{Limit: 2})
			require.NoError(t, err)
			assert.Equal(t, plain.Status, team.Status, "%s %d", name, k)
			want, err := sat.New().Solve(ctx, m, model.Options{Limit: 2})
			require.NoError(t, err)
			assert.Equal(t, want.Status, plain.Status, "%s %d", name, k)
			assert.Equal(t, want.Count, plain.Count, "%s %d", name, k)
		}
	}
	assert.Positive(t, refuted, "no refuted branch")
}

// snipeLittleKillers is a little killer snipe (ISS's LITTLE_KILLER_SNIPES,
// iss-296 of the published variant set): eight diagonals of 18 on an
// empty 9x9 grid, with one solution.
func snipeLittleKillers(t *testing.T) *model.Model {
	t.Helper()
	clue := func(row, col int, dir string) variants.LittleKillerClue {
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: row, Col: col}, Direction: dir, Total: 18}
	}
	lk := variants.LittleKiller{Clues: []variants.LittleKillerClue{
		clue(-1, -1, "DR"), clue(2, -1, "DR"), clue(3, -1, "DR"), clue(4, -1, "DR"),
		clue(-1, 3, "DL"), clue(-1, 4, "DL"), clue(-1, 5, "DL"), clue(-1, 8, "DL"),
	}}
	m, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), lk)
	require.NoError(t, err)
	return m
}

// TestRefutedSums: on sums without a killer cage (little killers, arrows),
// a cell of four values or more is branched on its greatest value and then
// on the cell without it, a cell of two or three on each value; on
// killers every cell is branched on each value. The traces are well
// formed and leave the results as the untraced searches give them, a team
// of searches counts the same, and SAT agrees.
func TestRefutedSums(t *testing.T) {
	ctx := context.Background()
	arrows := fixture.Lines(t, "../../testdata/killers/arrows.links.txt", 2)
	killers := fixture.Lines(t, "../../testdata/killers/killers.links.txt", 2)
	models := []struct {
		name   string
		m      *model.Model
		refute bool
	}{{"little killers", snipeLittleKillers(t), true}}
	for i, line := range append(arrows, killers...) {
		p, err := fpuzzles.Decode(line)
		require.NoError(t, err)
		m, err := rules.Build(p.Grid, p.Variants...)
		require.NoError(t, err)
		models = append(models, struct {
			name   string
			m      *model.Model
			refute bool
		}{fmt.Sprintf("published sums %d", i+1), m, i < len(arrows)})
	}
	for _, tc := range models {
		opts := model.Options{Limit: 2}
		plain, err := prop.New().Solve(ctx, tc.m, opts)
		require.NoError(t, err)
		require.Equal(t, model.Unique, plain.Status, tc.name)
		var rec model.Recorder
		opts.Trace = rec.Add
		res, err := prop.New().Solve(ctx, tc.m, opts)
		require.NoError(t, err)
		assert.Empty(t, solvertest.CheckTrace(tc.m, traced, rec.Events, res), tc.name)
		plain.Stats.Elapsed, res.Stats.Elapsed = 0, 0
		assert.Equal(t, plain, res, tc.name)
		refuted, three, wide := 0, 0, 0
		for _, e := range rec.Events {
			if e.Kind != model.EventTry {
				continue
			}
			if e.Cand == model.NoCand {
				refuted++
				assert.EqualValues(t, 2, e.Options, tc.name)
			}
			switch {
			case e.Options == 3:
				three++
			case e.Options > 3:
				wide++
			}
		}
		assert.Equal(t, tc.refute, refuted > 0, "%s: %d refuted branches", tc.name, refuted)
		if tc.refute {
			assert.Zero(t, wide, "%s: a branch point of four values or more", tc.name)
			assert.Positive(t, three, "%s: no branch point of three values", tc.name)
		}
		team, err := prop.EagerTeam(3).Solve(ctx, tc.m, model.Options{Limit: 2})
		require.NoError(t, err)
		assert.Equal(t, plain.Status, team.Status, tc.name)
		assert.Equal(t, plain.Solutions, team.Solutions, tc.name)
		want, err := sat.New().Solve(ctx, tc.m, model.Options{Limit: 2})
		require.NoError(t, err)
		assert.Equal(t, want.Status, plain.Status, tc.name)
		assert.Equal(t, want.Solutions, plain.Solutions, tc.name)
	}
}

// TestRefuteChoice: a table of pairs branches two ways from three values,
// its least value first; one of sums without a killer cage from four, its
// greatest value first; a killer never.
func TestRefuteChoice(t *testing.T) {
	line := func(path string) *model.Model {
		p, err := fpuzzles.Decode(fixture.Lines(t, path, 1)[0])
		require.NoError(t, err)
		m, err := rules.Build(p.Grid, p.Variants...)
		require.NoError(t, err)
		return m
	}
	for _, tc := range []struct {
		name   string
		m      *model.Model
		fewest int
		first  uint64
	}{
		{"thermo", line("../../variants/testdata/fpuzzles/thermo.txt"), 3, 0b0010},
		{"little killers", snipeLittleKillers(t), 4, 0b1000_0000},
		{"arrows", line("../../testdata/killers/arrows.links.txt"), 4, 0b1000_0000},
		{"killer", line("../../testdata/killers/killers.links.txt"), 0, 0b1000_0000},
	} {
		fewest, first := prop.RefuteBranch(tc.m, 0b1010_0110)
		assert.Equal(t, tc.fewest, fewest, tc.name)
		if fewest > 0 {
			assert.Equal(t, tc.first, first, tc.name)
		}
	}
}
