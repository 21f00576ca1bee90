package prop_test

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// agree solves every model with prop (locked candidates by default, off
// and on everywhere; the classic 9x9 path and the general path, the
// latter by a team of three searches too) and dlx under opts and requires the same status and count, and, when both
// keep every solution, the same solution set; every solution goes to the
// referee.
func agree(t *testing.T, name string, ms []*model.Model, opts model.Options) {
	t.Helper()
	ctx := context.Background()
	d := dlx.New()
	props := []model.Solver{prop.New(), prop.WithoutLocks(), prop.WithLocks(), prop.General(), prop.GeneralWithoutLocks(), prop.EagerTeam(3)}
	for k, m := range ms {
		want, err := d.Solve(ctx, m, opts)
		require.NoError(t, err)
		for _, s := range props {
			got, err := s.Solve(ctx, m, opts)
			require.NoError(t, err)
			require.Equal(t, want.Status, got.Status, "%s puzzle %d", name, k)
			require.Equal(t, want.Count, got.Count, "%s puzzle %d", name, k)
			require.Equal(t, model.Done, got.Stop, "%s puzzle %d", name, k)
			solvertest.CheckResult(t, m, got)
			if opts.Keep == 0 && want.Exact {
				assert.ElementsMatch(t, solvertest.Keys(want.Solutions), solvertest.Keys(got.Solutions), "%s puzzle %d", name, k)
			}
		}
	}
}

func TestAgreesWithDLX(t *testing.T) {
	for _, tc := range []struct {
		file string
		max  int
		opts model.Options
	}{
		{"../../testdata/top95.txt", 0, model.Options{Limit: 2}},
		{"../../testdata/top95.txt", 20, model.Options{}},
		{"../../testdata/serg_benchmark_20.txt", 0, model.Options{}},                     // 52 to 872 solutions each
		{"../../testdata/serg_benchmark_20.txt", 0, model.Options{Limit: 50, Keep: 3}},   // capped
		{"../../testdata/serg_benchmark_20.txt", 0, model.Options{Keep: model.KeepNone}}, // counted only
		{"../../testdata/16x16-45.txt", 10, model.Options{Limit: 2}},
		{"puzzles5_forum_hardest_1905_11+", 200, model.Options{Limit: 2}},
		{"sudoku17", 300, model.Options{Limit: 2}},
		{"puzzles3_magictour_top1465", 300, model.Options{Limit: 2}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			agree(t, tc.file, models(t, tc.file, tc.max), tc.opts)
		})
	}
}

// TestSerbCounts checks the counts the testdata README gives for Serg's
// puzzles.
func TestSergCounts(t *testing.T) {
	want := []int{872, 83, 148, 223, 623, 52, 152, 218, 172, 71, 89, 557, 615, 146, 93, 378, 424, 94, 301, 261}
	ms := models(t, "../../testdata/serg_benchmark_20.txt", 0)
	require.Len(t, ms, len(want))
	s := prop.New()
	for k, m := range ms {
		res, err := s.Solve(context.Background(), m, model.Options{Keep: model.KeepNone})
		require.NoError(t, err)
		assert.Equal(t, want[k], res.Count, "puzzle %d", k)
		assert.Equal(t, model.Multiple, res.Status)
	}
}

// TestLarge solves 25x25 puzzles with a deadline of a second each: some
// of these random puzzles are out of the engine's reach (see doc.go), the
// others must be solved, and correctly.
func TestLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	s := prop.New()
	solved := 0
	for k, m := range models(t, "../../testdata/25x25-42.txt", 0) {
		// A node budget, not a deadline: the result does not depend on
		// the machine's speed (five of the ten take under 25,000 nodes).
		res, err := s.Solve(context.Background(), m, model.Options{Limit: 1, Nodes: 100_000})
		require.NoError(t, err)
		if res.Status == model.Unknown {
			require.Equal(t, model.NodeLimit, res.Stop, "puzzle %d", k)
			continue
		}
		require.Equal(t, model.Sat, res.Status, "puzzle %d", k)
		solvertest.CheckResult(t, m, res)
		solved++
	}
	assert.GreaterOrEqual(t, solved, 3)
}

func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		boxRows, boxCols int
		opts             model.Options
		status           model.Status
		count            int
	}{
		{2, 2, model.Options{}, model.Multiple, 288},
		{2, 3, model.Options{Limit: 3}, model.Multiple, 3},
		{3, 3, model.Options{Limit: 1}, model.Sat, 1},
		{3, 4, model.Options{Limit: 2}, model.Multiple, 2},
		{4, 4, model.Options{Limit: 1}, model.Sat, 1},
		{5, 5, model.Options{Limit: 1}, model.Sat, 1},
		{6, 6, model.Options{Limit: 1}, model.Sat, 1},
	} {
		m := solvertest.Blank(t, tc.boxRows, tc.boxCols)
		res, err := prop.New().Solve(context.Background(), m, tc.opts)
		require.NoError(t, err)
		assert.Equal(t, tc.status, res.Status, "%dx%d", tc.boxRows, tc.boxCols)
		assert.Equal(t, tc.count, res.Count, "%dx%d", tc.boxRows, tc.boxCols)
		solvertest.CheckResult(t, m, res)
	}
}

// TestVariants compares prop with dlx on variant rule sets (extra houses,
// AtMostOne pairs, killer cages) under random givens taken from a solved
// grid.
func TestVariants(t *testing.T) {
	const solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	cage := func(total int, cells ...int) variants.Cage {
		c := variants.Cage{Total: total}
		for _, i := range cells {
			c.Cells = append(c.Cells, sudoku.Cell{Row: i / 9, Col: i % 9})
		}
		return c
	}
	sum := func(cells ...int) int {
		t := 0
		for _, i := range cells {
			t += int(solved[i] - '0')
		}
		return t
	}
	var cages []variants.Cage
	for _, cells := range [][]int{{0, 1}, {9, 10, 18}, {30, 31, 39, 40}, {60, 61}, {70, 79, 80}, {44, 53}, {4, 13, 22}} {
		cages = append(cages, cage(sum(cells...), cells...))
	}
	killer := variants.Killer{Cages: cages}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, vs := range [][]rules.Variant{{variants.Diagonal{}}, {variants.AntiKnight{}}, {variants.AntiKing{}}, {killer}, {killer, variants.AntiKnight{}}} {
		var ms []*model.Model
		for _, keep := range []int{20, 26, 32} {
			line := []byte(solved)
			for i := range line {
				if rng.IntN(81) >= keep {
					line[i] = '.'
				}
			}
			g, err := sudoku.Parse(string(line), sudoku.ParseOptions{})
			require.NoError(t, err)
			m, err := rules.Build(g, vs...)
			if err != nil {
				t.Skipf("variant refuses the grid: %v", err)
			}
			ms = append(ms, m)
		}
		agree(t, vs[0].Name(), ms, model.Options{Limit: 3})
	}
}

func TestBudgetAndCancel(t *testing.T) {
	m := models(t, "../../testdata/top95.txt", 1)[0]
	s := prop.New()
	blank := solvertest.Blank(t, 3, 3)
	res, err := s.Solve(context.Background(), blank, model.Options{Limit: 2, Nodes: 3})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.NodeLimit, res.Stop)
	assert.Equal(t, int64(3), res.Stats.Nodes)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = s.Solve(ctx, m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)
}

func TestStats(t *testing.T) {
	s := prop.New()
	// An easy puzzle propagates to its solution: one node, no guess.
	easy := solvertest.Puzzle(t, "......31..1...35.778......994....1.2............92..75......934.2419.75...8......")
	res, err := s.Solve(context.Background(), easy, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unique, res.Status)
	assert.Equal(t, int64(1), res.Stats.Nodes)
	assert.Zero(t, res.Stats.Guesses)
	// The empty grid needs guesses.
	res, err = s.Solve(context.Background(), solvertest.Blank(t, 3, 3), model.Options{Limit: 1})
	require.NoError(t, err)
	assert.Positive(t, res.Stats.Guesses)
	assert.Greater(t, res.Stats.Nodes, res.Stats.Guesses)
}

func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	ms := models(t, "../../testdata/top95.txt", 10)
	s := prop.New()
	ctx := context.Background()
	for _, opts := range []struct {
		opts model.Options
		max  float64
	}{
		{model.Options{Limit: 2, Keep: model.KeepNone}, 0},
		{model.Options{Limit: 2}, 2}, // the kept solution and the slice holding it
	} {
		for _, m := range ms {
			_, _ = s.Solve(ctx, m, opts.opts) // warm-up: the stack grows
		}
		k := 0
		allocs := testing.AllocsPerRun(20, func() {
			_, _ = s.Solve(ctx, ms[k%len(ms)], opts.opts)
			k++
		})
		assert.LessOrEqual(t, allocs, opts.max, "%+v", opts.opts)
	}
	// Killers take the general path with its n-ary rules, seers and memo.
	var killers []*model.Model
	for _, line := range fixture.Lines(t, "../../testdata/killers/killers.links.txt", 4) {
		p, err := fpuzzles.Decode(line)
		require.NoError(t, err)
		m, err := rules.Build(p.Grid, p.Variants...)
		require.NoError(t, err)
		killers = append(killers, m)
	}
	opts := model.Options{Limit: 2, Keep: model.KeepNone, Nodes: 2000}
	for i, m := range killers {
		_, _ = s.Solve(ctx, m, opts) // warm-up, one model at a time: each table pools its own state
		allocs := testing.AllocsPerRun(5, func() { _, _ = s.Solve(ctx, m, opts) })
		assert.Zero(t, allocs, "killer %d", i+1)
	}
}

func TestRefuses(t *testing.T) {
	b := model.NewBuilder(2, 65)
	b.Add(model.ExactlyOne, b.Cand(0, 1), b.Cand(1, 1))
	m, err := b.Build()
	require.NoError(t, err)
	_, err = prop.New().Solve(context.Background(), m, model.Options{})
	require.ErrorContains(t, err, "at most 64")
	_, err = prop.New().Solve(context.Background(), nil, model.Options{})
	require.Error(t, err)
}

// TestClassicPath checks which models take the classic 9x9 path: the plain
// 9x9 rules only, not a variant's extra houses or exclusions, not sums,
// not other sizes.
func TestClassicPath(t *testing.T) {
	const solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	g, err := sudoku.Parse(solved, sudoku.ParseOptions{})
	require.NoError(t, err)
	killer := variants.Killer{Cages: []variants.Cage{{Total: 8, Cells: []sudoku.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}}}
	for _, tc := range []struct {
		name string
		vs   []rules.Variant
		want bool
	}{
		{"classic", nil, true},
		{"diagonal", []rules.Variant{variants.Diagonal{}}, false},
		{"anti-knight", []rules.Variant{variants.AntiKnight{}}, false},
		{"killer", []rules.Variant{killer}, false},
	} {
		m, err := rules.Build(g, tc.vs...)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, prop.IsClassic(m), tc.name)
	}
	assert.True(t, prop.IsClassic(solvertest.Blank(t, 3, 3)))
	assert.False(t, prop.IsClassic(solvertest.Blank(t, 2, 2)))
	assert.False(t, prop.IsClassic(solvertest.Blank(t, 4, 4)))
	assert.False(t, prop.IsClassic(solvertest.Blank(t, 3, 4)))
}

// TestClassicAgreesWithGeneral compares the classic path with the general
// path on whole puzzle sets: status, count, solutions and search tree.
func TestClassicAgreesWithGeneral(t *testing.T) {
	for _, tc := range []struct {
		file string
		max  int
		opts model.Options
	}{
		{"../../testdata/top95.txt", 0, model.Options{Limit: 2}},
		{"../../testdata/serg_benchmark_20.txt", 0, model.Options{Keep: model.KeepNone}},
		{"puzzles6_forum_hardest_1106", 0, model.Options{Limit: 2}},
		{"puzzles2_17_clue", 3000, model.Options{Limit: 2}},
		{"qqwing_generated_1000", 1000, model.Options{Limit: 2}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			ctx := context.Background()
			ms := models(t, tc.file, tc.max)
			for _, pair := range [][2]model.Solver{{prop.New(), prop.General()}, {prop.WithoutLocks(), prop.GeneralWithoutLocks()}} {
				c, g := pair[0], pair[1]
				for k, m := range ms {
					want, err := g.Solve(ctx, m, tc.opts)
					require.NoError(t, err)
					got, err := c.Solve(ctx, m, tc.opts)
					require.NoError(t, err)
					require.Equal(t, want.Status, got.Status, "puzzle %d", k)
					require.Equal(t, want.Count, got.Count, "puzzle %d", k)
					// The same fixpoint and the same branching: the same tree.
					require.Equal(t, want.Stats.Nodes, got.Stats.Nodes, "puzzle %d", k)
					require.Equal(t, want.Stats.Guesses, got.Stats.Guesses, "puzzle %d", k)
					solvertest.CheckResult(t, m, got)
					if want.Status == model.Unique {
						require.Equal(t, want.Solutions, got.Solutions, "puzzle %d", k)
					}
				}
			}
		})
	}
}

// TestClassicRandomGivens compares the classic path with the general path
// on random givens (random digits in random cells, often contradictory,
// sometimes with many solutions) and random exclusions.
func TestClassicRandomGivens(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	ctx := context.Background()
	c, g := prop.New(), prop.General()
	seen := map[model.Status]int{}
	for k := range 400 {
		b := model.NewBuilder(81, 9)
		base := solvertest.Blank(t, 3, 3)
		for _, r := range base.Rules() {
			b.Add(r.Kind, r.Cands...)
		}
		for range 10 + rng.IntN(20) {
			b.Fix(b.Cand(rng.IntN(81), 1+rng.IntN(9)))
		}
		for range rng.IntN(30) {
			b.Exclude(b.Cand(rng.IntN(81), 1+rng.IntN(9)))
		}
		m, err := b.Build()
		if err != nil {
			continue // givens the builder refuses outright
		}
		require.True(t, prop.IsClassic(m))
		opts := model.Options{Limit: 1 + rng.IntN(3)}
		want, err := g.Solve(ctx, m, opts)
		require.NoError(t, err)
		got, err := c.Solve(ctx, m, opts)
		require.NoError(t, err)
		require.Equal(t, want.Status, got.Status, "model %d", k)
		require.Equal(t, want.Count, got.Count, "model %d", k)
		solvertest.CheckResult(t, m, got)
		seen[got.Status]++
	}
	for _, st := range []model.Status{model.Unsat, model.Sat, model.Multiple} {
		assert.Positive(t, seen[st], "%v", st)
	}
}

// TestPropagate: propagation alone solves an easy puzzle (every cell
// keeps one value, the solution's), keeps several values on a hard one,
// and reports givens that leave a rule no way to hold.
func TestPropagate(t *testing.T) {
	easy := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	m := buildPuzzle(t, easy)
	vals, ok, err := prop.New().Propagate(context.Background(), m)
	require.NoError(t, err)
	require.True(t, ok)
	res, err := prop.New().Solve(context.Background(), m, model.Options{Limit: 1, Keep: 1})
	require.NoError(t, err)
	for cell, mask := range vals {
		require.Equal(t, 1, bits.OnesCount64(mask), "cell %d", cell)
		assert.Equal(t, int(res.Solutions[0][cell])%9, bits.TrailingZeros64(mask))
	}
	hard := buildPuzzle(t, "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....")
	vals, ok, err = prop.New().Propagate(context.Background(), hard)
	require.NoError(t, err)
	require.True(t, ok)
	open := 0
	for _, mask := range vals {
		if bits.OnesCount64(mask) > 1 {
			open++
		}
	}
	assert.Positive(t, open)
	_, ok, err = prop.New().Propagate(context.Background(), buildPuzzle(t, "11"+strings.Repeat(".", 79)))
	require.NoError(t, err)
	assert.False(t, ok)
}

// TestPropagateFixpoint checks that propagation stops only where no
// ExactlyOne rule is left with one candidate in a cell that still holds
// others (a hidden single not taken), on grids of thermometers, whose arcs
// remove values after the hidden singles ran: random lines true of one
// solution, with random givens from it.
func TestPropagateFixpoint(t *testing.T) {
	const sol = "827519346396274581145836729531492867982367415764158293259643178618725934473981652"
	rng := rand.New(rand.NewPCG(5, 21))
	checked := 0
	for range 400 {
		var lines [][]sudoku.Cell
		for range 4 + rng.IntN(8) {
			cell := rng.IntN(81)
			line := []sudoku.Cell{{Row: cell / 9, Col: cell % 9}}
			for len(line) < 8 {
				r, c := line[len(line)-1].Row, line[len(line)-1].Col
				next := -1
				for _, i := range rng.Perm(9) {
					r2, c2 := r+i/3-1, c+i%3-1
					if r2 >= 0 && r2 < 9 && c2 >= 0 && c2 < 9 && sol[r2*9+c2] > sol[r*9+c] {
						next = r2*9 + c2
						break
					}
				}
				if next < 0 {
					break
				}
				line = append(line, sudoku.Cell{Row: next / 9, Col: next % 9})
			}
			if len(line) > 1 {
				lines = append(lines, line)
			}
		}
		g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
		for range rng.IntN(20) {
			cell := rng.IntN(81)
			g.Cells[cell] = int(sol[cell] - '0')
		}
		m, err := rules.Build(g, variants.Thermo{Lines: lines})
		require.NoError(t, err)
		s := prop.New()
		if rng.IntN(2) == 0 {
			s = prop.WithoutLocks()
		}
		masks, ok, err := s.Propagate(context.Background(), m)
		require.NoError(t, err)
		require.True(t, ok, "the rules hold for the solution")
		V := m.Values()
		for _, r := range m.Rules() {
			if r.Kind != model.ExactlyOne {
				continue
			}
			var live []model.Cand
			for _, c := range r.Cands {
				if masks[int(c)/V]>>uint(int(c)%V)&1 != 0 {
					live = append(live, c)
				}
			}
			require.NotEmpty(t, live, r.Label)
			if len(live) == 1 {
				checked++
				assert.Equal(t, 1, bits.OnesCount64(masks[int(live[0])/V]), "%s: one place left, not taken", r.Label)
			}
		}
	}
	assert.Positive(t, checked)
}

// buildPuzzle builds the classic model of a puzzle line.
func buildPuzzle(t *testing.T, line string) *model.Model {
	t.Helper()
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	return m
}

// TestHouseWeight checks what a house left without a place for a value
// adds to the conflict weights: 2 to each of its cells on a table of
// pairs (a thermometer), nothing where the rules' own failures weigh (a
// killer cage) and no weights at all on a classic grid.
func TestHouseWeight(t *testing.T) {
	shape := sudoku.Shape{BoxRows: 3, BoxCols: 3}
	line := []sudoku.Cell{{Row: 8, Col: 0}, {Row: 7, Col: 0}, {Row: 6, Col: 1}}
	tests := []struct {
		name    string
		rules   []rules.Variant
		weights bool // the table keeps conflict weights
		house   uint64
	}{
		{"thermometer", []rules.Variant{variants.Thermo{Lines: [][]sudoku.Cell{line}}}, true, 2},
		{"killer", []rules.Variant{variants.Killer{Cages: []variants.Cage{{Cells: line, Total: 12}}}}, true, 0},
		{"classic", nil, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := rules.Build(sudoku.NewGrid(shape), tt.rules...)
			require.NoError(t, err)
			failed, wt := prop.HouseFailWeights(m)
			require.True(t, failed, "a house without a place for 1")
			if !tt.weights {
				assert.Nil(t, wt)
				return
			}
			require.Len(t, wt, 81)
			var in, out []uint64
			for c, x := range wt {
				if c < 9 { // the first house is the first row
					in = append(in, x)
				} else {
					out = append(out, x)
				}
			}
			assert.Equal(t, slices.Repeat([]uint64{tt.house}, 9), in)
			assert.Equal(t, make([]uint64, 72), out)
		})
	}
}

// TestArcSupports checks the support tables of the arcs against the rule
// they replace, a value of p staying while some value of q allows it, on
// thermometers, renban lines, kropki dots and whispers, for random masks;
// and that a 16-value table keeps the loop.
func TestArcSupports(t *testing.T) {
	shape := sudoku.Shape{BoxRows: 3, BoxCols: 3}
	line := func(cells ...int) []sudoku.Cell {
		var out []sudoku.Cell
		for _, c := range cells {
			out = append(out, sudoku.Cell{Row: c / 9, Col: c % 9})
		}
		return out
	}
	m, err := rules.Build(sudoku.NewGrid(shape),
		variants.Thermo{Lines: [][]sudoku.Cell{line(0, 1, 2, 3)}},
		variants.Renban{Lines: [][]sudoku.Cell{line(9, 10), line(18, 19, 20), line(27, 28, 29, 30, 31)}},
		variants.Whispers{Lines: [][]sudoku.Cell{line(36, 37, 38)}, MinDiff: 5},
		variants.Kropki{Black: [][2]sudoku.Cell{{{Row: 5, Col: 0}, {Row: 5, Col: 1}}}})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(9, 9))
	changed := 0
	for range 300 {
		mp, mq := rng.Uint64(), rng.Uint64()&rng.Uint64()
		table, loop, ok := prop.ArcKeeps(m, mp, mq)
		require.True(t, ok)
		require.NotEmpty(t, table)
		require.Equal(t, loop, table, "mp %b mq %b", mp&511, mq&511)
		for _, k := range table {
			if k != mp&511 {
				changed++
			}
		}
	}
	assert.Positive(t, changed, "some arcs remove values")
	big, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 4, BoxCols: 4}),
		variants.Thermo{Lines: [][]sudoku.Cell{line(0, 1, 2)}})
	require.NoError(t, err)
	_, _, ok := prop.ArcKeeps(big, 1, 1)
	assert.False(t, ok, "16 values: no support tables")
}

// TestLockCovers checks that each lock reads the rest of its two houses
// exactly, each cell once, from the intersections of other locks and the
// cells they leave out, and lists its intersection in place, on boxes of
// several shapes, a jigsaw, diagonals and windoku regions.
func TestLockCovers(t *testing.T) {
	jig, err := variants.NewJigsaw([]int{
		0, 0, 0, 1, 1, 1,
		0, 0, 2, 2, 1, 1,
		0, 2, 2, 3, 3, 1,
		4, 2, 3, 3, 5, 5,
		4, 4, 3, 5, 5, 5,
		4, 4, 4, 2, 5, 3,
	})
	require.NoError(t, err)
	tests := []struct {
		name  string
		shape sudoku.Shape
		rules []rules.Variant
		parts bool // every lock reads its rest from parts alone
	}{
		{"9x9", sudoku.Shape{BoxRows: 3, BoxCols: 3}, nil, true},
		{"6x6", sudoku.Shape{BoxRows: 2, BoxCols: 3}, nil, true},
		{"diagonals", sudoku.Shape{BoxRows: 3, BoxCols: 3}, []rules.Variant{variants.Diagonal{}}, false},
		{"windoku", sudoku.Shape{BoxRows: 3, BoxCols: 3}, []rules.Variant{variants.Windoku{}}, false},
		{"jigsaw", sudoku.Shape{BoxRows: 2, BoxCols: 3}, []rules.Variant{jig}, false},
		{"16x16", sudoku.Shape{BoxRows: 4, BoxCols: 4}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := rules.Build(sudoku.NewGrid(tt.shape), tt.rules...)
			require.NoError(t, err)
			want, got, rest, in, inCells := prop.LockCovers(m)
			require.NotEmpty(t, want)
			for i := range want {
				assert.ElementsMatch(t, want[i], got[i], "lock %d, side %d", i/2, i%2)
				if tt.parts {
					assert.Empty(t, rest[i], "lock %d, side %d", i/2, i%2)
				}
			}
			for i := range in {
				if inCells[i] == nil {
					assert.Greater(t, len(in[i]), 4, "lock %d", i)
					continue
				}
				assert.Subset(t, in[i], inCells[i], "lock %d", i)
				assert.Subset(t, inCells[i], in[i], "lock %d", i)
			}
		})
	}
}
