package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

func shape(t testing.TB, br, bc int) sudoku.Shape {
	t.Helper()
	sh, err := sudoku.NewShape(br, bc)
	require.NoError(t, err)
	return sh
}

// many generates count puzzles with opts.
func many(t testing.TB, opts Options, count, jobs int) []Puzzle {
	t.Helper()
	if opts.Solver == nil {
		opts.Solver = prop.New()
	}
	g, err := New(opts)
	require.NoError(t, err)
	var out []Puzzle
	require.NoError(t, g.Generate(context.Background(), 0, count, jobs, func(p Puzzle) error {
		out = append(out, p)
		return nil
	}))
	require.Len(t, out, count)
	return out
}

// verify checks a puzzle against the referee and a second backend, built
// again from its grid and variants: the solution is a solution, it keeps
// the givens, and the puzzle has no other.
func verify(t *testing.T, p Puzzle, second model.Solver) {
	t.Helper()
	m, err := rules.Build(p.Grid, p.Variants...)
	require.NoError(t, err)
	n := p.Grid.Shape.N()
	sol := make(model.Solution, len(p.Solution.Cells))
	for cell, v := range p.Solution.Cells {
		require.True(t, p.Grid.Cells[cell] == 0 || p.Grid.Cells[cell] == v, "the solution keeps the givens")
		sol[cell] = model.Cand(cell*n + v - 1)
	}
	require.NoError(t, model.Check(m, sol), "the referee accepts the solution")
	require.NoError(t, model.Check(p.Model, sol), "the puzzle's own model accepts it")
	res, err := second.Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	require.Equal(t, model.Unique, res.Status, "puzzle %d %s", p.Index, p.Grid.Line())
	assert.Equal(t, p.Givens, p.Grid.Givens())
}

func TestUnique9x9(t *testing.T) {
	for _, sym := range []Symmetry{None, Rotate180, Random} {
		t.Run(sym.String(), func(t *testing.T) {
			for _, p := range many(t, Options{Shape: shape(t, 3, 3), Symmetry: sym, Seed: 7}, 20, 2) {
				verify(t, p, dlx.New())
				assert.True(t, p.Reached)
				assert.Less(t, p.Givens, 40, "removal went well below half the grid")
			}
		})
	}
}

// TestUniqueQqwing has qqwing, an outside solver, count the solutions of
// generated 9x9 puzzles: one each.
func TestUniqueQqwing(t *testing.T) {
	qq, err := exec.LookPath("qqwing")
	if err != nil {
		t.Skip("qqwing is not installed (apt-get install qqwing)")
	}
	ps := many(t, Options{Shape: shape(t, 3, 3), Symmetry: Rotate180, Seed: 11, Minimal: true}, 30, 2)
	// Puzzles whose removals the singles decided, and expert ones taken
	// back along their removals: no proof by a backend made them.
	ps = append(ps, many(t, Options{Shape: shape(t, 3, 3), Within: rated(logic.Easy, false, true), Steer: true, Seed: 11}, 10, 2)...)
	ps = append(ps, many(t, Options{Shape: shape(t, 3, 3), Within: rated(logic.Expert, false, true), Accept: rated(logic.Expert, false, false), Seed: 11}, 10, 2)...)
	var in strings.Builder
	for _, p := range ps {
		in.WriteString(p.Grid.Line() + "\n")
	}
	cmd := exec.Command(qq, "--solve", "--count-solutions", "--nosolution", "--csv")
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")[1:] // a header first
	require.Len(t, lines, len(ps), "qqwing answered every puzzle: %s", out)
	for i, l := range lines {
		assert.Equal(t, "1", strings.TrimSuffix(strings.TrimSpace(l), ","), "qqwing's count for %s", ps[i].Grid.Line())
	}
}

// TestMinimal removes each given (each symmetry class of givens, with a
// symmetry) of generated minimal puzzles in turn and finds more than one
// solution each time, with a backend the generator did not use.
func TestMinimal(t *testing.T) {
	for _, tc := range []struct {
		br, bc int
		sym    Symmetry
	}{{3, 3, None}, {3, 3, Rotate180}, {3, 3, Diagonal}, {2, 3, Mirror}} {
		t.Run(fmt.Sprintf("%dx%d-%v", tc.br, tc.bc, tc.sym), func(t *testing.T) {
			for _, p := range many(t, Options{Shape: shape(t, tc.br, tc.bc), Symmetry: tc.sym, Minimal: true, Seed: 3}, 5, 1) {
				require.True(t, p.Minimal)
				rs, err := rules.New(p.Grid.Shape)
				require.NoError(t, err)
				if tc.sym == None {
					red, stop, err := rules.Redundant(context.Background(), rs, p.Grid, dlx.New(), 0)
					require.NoError(t, err)
					require.Equal(t, model.Done, stop)
					assert.Empty(t, red, "no given of %s can go", p.Grid.Line())
					continue
				}
				// With a symmetry: no class of givens can go.
				for _, cl := range tc.sym.classes(p.Grid.Shape.N()) {
					if p.Grid.Cells[cl[0]] == 0 {
						continue
					}
					g := p.Grid.Clone()
					for _, cell := range cl {
						g.Cells[cell] = 0
					}
					m, err := rs.Model(g)
					require.NoError(t, err)
					res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
					require.NoError(t, err)
					assert.Equal(t, model.Multiple, res.Status, "class %v of %s can go", cl, p.Grid.Line())
				}
			}
		})
	}
}

// TestNotMinimalWithoutOption: a symmetric removal alone often leaves
// givens that could go one by one, which is what Minimal rules out.
func TestNotMinimalWithoutOption(t *testing.T) {
	redundant := 0
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Symmetry: Rotate90, Seed: 5}, 10, 1) {
		assert.False(t, p.Minimal, "not checked")
		rs, err := rules.New(p.Grid.Shape)
		require.NoError(t, err)
		red, _, err := rules.Redundant(context.Background(), rs, p.Grid, dlx.New(), 0)
		require.NoError(t, err)
		redundant += len(red)
	}
	assert.Positive(t, redundant)
}

func TestSymmetry(t *testing.T) {
	for _, sym := range []Symmetry{None, Rotate90, Rotate180, Mirror, Flip, Diagonal, Random} {
		t.Run(sym.String(), func(t *testing.T) {
			for _, p := range many(t, Options{Shape: shape(t, 3, 3), Symmetry: sym, Seed: 9}, 6, 2) {
				require.NotEqual(t, Random, p.Symmetry, "random resolved")
				if sym != Random {
					require.Equal(t, sym, p.Symmetry)
				}
				for cell := range p.Grid.Cells {
					for _, img := range p.Symmetry.Images(9, cell) {
						assert.Equal(t, p.Grid.Cells[cell] != 0, p.Grid.Cells[img] != 0, "%v: cell %d and its image %d", p.Symmetry, cell, img)
					}
				}
			}
		})
	}
}

func TestImages(t *testing.T) {
	for _, tc := range []struct {
		sym  Symmetry
		n    int
		cell int
		want []int
	}{
		{None, 9, 1, []int{1}},
		{Rotate90, 9, 1, []int{1, 17, 79, 63}},
		{Rotate90, 9, 40, []int{40}},
		{Rotate180, 9, 1, []int{1, 79}},
		{Rotate180, 4, 0, []int{0, 15}},
		{Mirror, 9, 1, []int{1, 7}},
		{Mirror, 9, 4, []int{4}},
		{Flip, 9, 1, []int{1, 73}},
		{Diagonal, 9, 1, []int{1, 9}},
		{Diagonal, 9, 10, []int{10}},
		{Random, 9, 1, []int{1}},
	} {
		assert.Equal(t, tc.want, tc.sym.Images(tc.n, tc.cell), "%v %d", tc.sym, tc.cell)
	}
}

func TestParseSymmetry(t *testing.T) {
	for i, name := range symmetryNames {
		s, err := ParseSymmetry(strings.ToUpper(name))
		require.NoError(t, err)
		assert.Equal(t, Symmetry(i), s)
		assert.Equal(t, name, s.String())
	}
	s, err := ParseSymmetry("")
	require.NoError(t, err)
	assert.Equal(t, None, s)
	_, err = ParseSymmetry("spiral")
	require.ErrorIs(t, err, ErrSymmetry)
	assert.Contains(t, err.Error(), "rotate180")
}

// TestSeeds: the same seed gives the same puzzles with one worker or two,
// and from any first index; another seed gives others.
func TestSeeds(t *testing.T) {
	opts := Options{Shape: shape(t, 3, 3), Symmetry: Rotate180, Seed: 42}
	lines := func(ps []Puzzle) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Grid.Line())
		}
		return out
	}
	one := lines(many(t, opts, 8, 1))
	assert.Equal(t, one, lines(many(t, opts, 8, 2)))
	assert.Equal(t, one, lines(many(t, opts, 8, 3)))
	g, err := New(Options{Shape: opts.Shape, Symmetry: Rotate180, Seed: 42, Solver: dlx.New()})
	require.NoError(t, err)
	p, err := g.Puzzle(context.Background(), 5)
	require.NoError(t, err)
	assert.Equal(t, one[5], p.Grid.Line(), "puzzle 5 on its own, and with another solver")
	opts.Seed = 43
	other := lines(many(t, opts, 8, 2))
	for i := range other {
		assert.NotEqual(t, one[i], other[i])
	}
	assert.Len(t, uniq(one), len(one), "puzzles of one run differ")
}

func uniq(s []string) map[string]bool {
	m := map[string]bool{}
	for _, x := range s {
		m[x] = true
	}
	return m
}

func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		br, bc, count int
		givens        int
		long          bool
	}{{2, 2, 10, 0, false}, {2, 3, 10, 0, false}, {3, 2, 5, 0, false}, {2, 4, 3, 0, false}, {3, 4, 2, 0, false}, {4, 4, 1, 0, false}, {5, 5, 1, 400, true}} {
		t.Run(fmt.Sprintf("%dx%d", tc.br, tc.bc), func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skip("25x25 takes a while")
			}
			var solver model.Solver = prop.New()
			if tc.br*tc.bc > 9 {
				solver = dlx.New()
			}
			for _, p := range many(t, Options{Shape: shape(t, tc.br, tc.bc), Seed: 1, Solver: solver, Givens: tc.givens}, tc.count, 2) {
				verify(t, p, sat.New())
				assert.True(t, p.Reached)
			}
		})
	}
}

// TestLargeGridsBoundTheirProofs: on a grid above 16x16 with no budget
// given, each uniqueness proof gets ProofNodes, so the removals whose proofs
// would need minutes stop and keep their givens (counted as unknown) while
// the puzzle stays unique; an explicit budget is used as given.
func TestLargeGridsBoundTheirProofs(t *testing.T) {
	if testing.Short() {
		t.Skip("25x25")
	}
	g, err := New(Options{Shape: shape(t, 5, 5), Seed: 1, Solver: dlx.New()})
	require.NoError(t, err)
	assert.Equal(t, int64(ProofNodes), g.proof)
	p, err := g.Puzzle(context.Background(), 0)
	require.NoError(t, err)
	assert.Positive(t, p.Stats.Unknown, "some proofs stopped at the budget")
	assert.Less(t, p.Givens, 400)
	verify(t, p, dlx.New())
	for _, o := range []Options{
		{Shape: shape(t, 5, 5), Minimal: true},
		{Shape: shape(t, 4, 4)},
		{Shape: shape(t, 5, 5), Nodes: 123},
	} {
		o.Solver = dlx.New()
		g, err := New(o)
		require.NoError(t, err)
		assert.Equal(t, o.Nodes, g.proof, "%+v", o)
	}
}

// TestVariants generates puzzles under every rule set chosen by name,
// checked by the referee and a second backend, and needing their rules.
func TestVariants(t *testing.T) {
	names := variants.Names()
	require.Contains(t, names, "windoku")
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			v, err := variants.Lookup(name)
			require.NoError(t, err)
			for _, p := range many(t, Options{Shape: shape(t, 3, 3), Variants: []rules.Variant{v}, Seed: 2, Symmetry: Rotate180}, 4, 2) {
				require.Len(t, p.Variants, 1)
				verify(t, p, sat.New())
				plain, err := rules.Build(p.Grid)
				require.NoError(t, err)
				res, err := dlx.New().Solve(context.Background(), plain, model.Options{Limit: 2})
				require.NoError(t, err)
				assert.Equal(t, model.Multiple, res.Status, "the puzzle needs its variant: %s", p.Grid.Line())
			}
		})
	}
}

func TestDiagonalSolution(t *testing.T) {
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Variants: []rules.Variant{variants.Diagonal{}}, Seed: 4}, 5, 1) {
		main, anti := map[int]bool{}, map[int]bool{}
		for i := range 9 {
			main[p.Solution.At(i, i)] = true
			anti[p.Solution.At(i, 8-i)] = true
		}
		assert.Len(t, main, 9)
		assert.Len(t, anti, 9)
	}
}

func TestJigsaw(t *testing.T) {
	ps := many(t, Options{Shape: shape(t, 3, 3), Jigsaw: true, Seed: 8}, 4, 2)
	for _, p := range ps {
		require.Len(t, p.Variants, 1)
		j, ok := p.Variants[0].(variants.Jigsaw)
		require.True(t, ok)
		require.Len(t, j.Regions, 9)
		verify(t, p, sat.New())
	}
	assert.NotEqual(t, ps[0].Variants, ps[1].Variants, "each puzzle has its own layout")
}

func TestRandomJigsaw(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sh := range []sudoku.Shape{shape(t, 2, 2), shape(t, 2, 3), shape(t, 3, 3), shape(t, 4, 4)} {
		n := sh.N()
		j := RandomJigsaw(rng, sh)
		region := make([]int, n*n)
		boxes := true
		for id, cells := range j.Regions {
			require.Len(t, cells, n)
			for _, c := range cells {
				region[c.Row*n+c.Col] = id
			}
		}
		seen := make([]bool, n*n)
		for id, cells := range j.Regions {
			c := cells[0]
			assert.True(t, connected(region, n, c.Row*n+c.Col, seen, nil), "region %d connected", id)
			boxes = boxes && sh.Box(c.Row, c.Col) == sh.Box(cells[n-1].Row, cells[n-1].Col)
		}
		_, err := variants.NewJigsaw(region)
		require.NoError(t, err)
		assert.False(t, boxes, "%v: the layout moved away from the boxes", sh)
	}
}

func TestGivensTarget(t *testing.T) {
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Givens: 36, Seed: 6}, 5, 1) {
		assert.Equal(t, 36, p.Givens)
		assert.True(t, p.Reached)
	}
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Givens: 17, Seed: 6}, 3, 1) {
		assert.Greater(t, p.Givens, 17, "no 17-clue puzzle from one pass")
		assert.False(t, p.Reached)
	}
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Givens: 24, Minimal: true, Seed: 6}, 3, 1) {
		assert.LessOrEqual(t, p.Givens, 24)
		assert.True(t, p.Minimal)
	}
}

// givensGrader grades a puzzle by the parity of its givens.
func givensGrader(m *model.Model) (string, float64, error) {
	k := len(m.Fixed())
	return []string{"even", "odd"}[k%2], float64(k), nil
}

func TestGrader(t *testing.T) {
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Grader: givensGrader, Level: "odd", Seed: 1}, 6, 2) {
		assert.Equal(t, 1, p.Givens%2)
		assert.Equal(t, "odd", p.Level)
		assert.Equal(t, float64(p.Givens), p.Score)
	}
	g, err := New(Options{Shape: shape(t, 3, 3), Solver: prop.New(), Grader: givensGrader, Level: "hard", Attempts: 3})
	require.NoError(t, err)
	p, err := g.Puzzle(context.Background(), 0)
	require.ErrorIs(t, err, ErrAttempts)
	assert.Contains(t, err.Error(), "level hard")
	assert.Equal(t, 3, p.Stats.Attempts)
	boom := errors.New("boom")
	g, err = New(Options{Shape: shape(t, 2, 2), Solver: prop.New(), Grader: func(*model.Model) (string, float64, error) { return "", 0, boom }})
	require.NoError(t, err)
	_, err = g.Puzzle(context.Background(), 0)
	require.ErrorIs(t, err, boom)
}

// TestAccept: Accept decides which puzzles are kept, before the Grader;
// with Level set it only names what it wants.
func TestAccept(t *testing.T) {
	graded := 0
	grader := func(m *model.Model) (string, float64, error) {
		graded++
		return givensGrader(m)
	}
	odd := func(m *model.Model) (bool, error) { return len(m.Fixed())%2 == 1, nil }
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Accept: odd, Grader: grader, Level: "odd givens", Seed: 1}, 6, 1) {
		assert.Equal(t, 1, p.Givens%2)
		assert.Equal(t, "odd", p.Level, "the Grader grades what Accept keeps")
	}
	assert.Equal(t, 6, graded, "only accepted puzzles are graded")
	never := func(*model.Model) (bool, error) { return false, nil }
	g, err := New(Options{Shape: shape(t, 3, 3), Solver: prop.New(), Accept: never, Level: "impossible", Attempts: 4})
	require.NoError(t, err)
	p, err := g.Puzzle(context.Background(), 0)
	require.ErrorIs(t, err, ErrAttempts)
	assert.Contains(t, err.Error(), "level impossible")
	assert.Equal(t, 4, p.Stats.Attempts)
	boom := errors.New("boom")
	g, err = New(Options{Shape: shape(t, 2, 2), Solver: prop.New(), Accept: func(*model.Model) (bool, error) { return false, boom }})
	require.NoError(t, err)
	_, err = g.Puzzle(context.Background(), 0)
	require.ErrorIs(t, err, boom)
}

// TestSteer: removals decided by a logical solver limited to singles give
// unique puzzles the singles solve, at the level of that solver, and no
// uniqueness proof is asked of the Solver.
func TestSteer(t *testing.T) {
	for _, lvl := range []logic.Level{logic.Simple, logic.Easy} {
		t.Run(lvl.String(), func(t *testing.T) {
			for _, sym := range []Symmetry{None, Rotate180} {
				for _, p := range many(t, Options{Shape: shape(t, 3, 3), Symmetry: sym, Within: rated(lvl, false, true), Steer: true, Seed: 4}, 8, 2) {
					verify(t, p, dlx.New())
					path, err := logic.Explain(context.Background(), p.Model, logic.Options{})
					require.NoError(t, err)
					require.True(t, path.Solved)
					assert.LessOrEqual(t, path.Level, lvl)
					assert.Positive(t, p.Stats.Logic)
					assert.Zero(t, p.Stats.Checks, "no proof asked of the solver")
					assert.Less(t, p.Givens, 40)
				}
			}
		})
	}
	// With Minimal, the solver decides: the puzzles are minimal.
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Within: rated(logic.Simple, false, true), Steer: true, Minimal: true, Seed: 4}, 3, 1) {
		assert.True(t, p.Minimal)
		assert.Zero(t, p.Stats.Logic)
	}
}

// TestWithinBack: without Steer, a puzzle that ends harder than Within
// allows goes back to the last puzzle of its removals Within accepts and
// goes on from there. Within here is "unique with 30 givens or more", so
// every puzzle ends with exactly 30 (a removal down to 30 always exists).
func TestWithinBack(t *testing.T) {
	within := func(m *model.Model) (bool, error) {
		if len(m.Fixed()) < 30 {
			return false, nil
		}
		res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
		return res.Status == model.Unique, err
	}
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Within: within, Seed: 14}, 6, 2) {
		verify(t, p, sat.New())
		assert.Equal(t, 30, p.Givens)
		assert.Positive(t, p.Stats.Logic)
	}
	// A Within nothing passes but the full grid: no puzzle.
	g, err := New(Options{Shape: shape(t, 3, 3), Solver: prop.New(), Within: func(m *model.Model) (bool, error) { return len(m.Fixed()) == 81, nil }, Attempts: 2})
	require.NoError(t, err)
	_, err = g.Puzzle(context.Background(), 0)
	require.ErrorIs(t, err, ErrAttempts)
}

// TestWithinExpert: with Within and Accept at expert, as sudokit generate
// --difficulty expert sets them, every puzzle grades expert, and fewer
// grids are drawn than with Accept alone.
func TestWithinExpert(t *testing.T) {
	opts := Options{Shape: shape(t, 3, 3), Accept: rated(logic.Expert, false, false), Seed: 3}
	plain := many(t, opts, 12, 2)
	opts.Within = rated(logic.Expert, false, true)
	backed := many(t, opts, 12, 2)
	grids := [2]int{}
	for i, ps := range [][]Puzzle{plain, backed} {
		for _, p := range ps {
			path, err := logic.Explain(context.Background(), p.Model, logic.Options{Solver: dlx.New()})
			require.NoError(t, err)
			assert.Equal(t, logic.Expert, path.Level)
			grids[i] += p.Stats.Attempts
		}
	}
	t.Logf("grids for 12 expert puzzles: %d drawn and graded, %d going back", grids[0], grids[1])
	assert.Less(t, grids[1], grids[0])
}

func TestOptionsErrors(t *testing.T) {
	sh := shape(t, 3, 3)
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"no solver", Options{Shape: sh}, "no solver"},
		{"no shape", Options{Solver: prop.New()}, "shape"},
		{"level without grader", Options{Shape: sh, Solver: prop.New(), Level: "easy"}, "Grader or Accept"},
		{"negative givens", Options{Shape: sh, Solver: prop.New(), Givens: -1}, "negative"},
		{"bad symmetry", Options{Shape: sh, Solver: prop.New(), Symmetry: 99}, "Symmetry(99)"},
		{"variant off the shape", Options{Shape: shape(t, 2, 3), Solver: prop.New(), Variants: []rules.Variant{variants.Windoku{}}}, ""},
		{"killer with a symmetry", Options{Shape: sh, Solver: prop.New(), Killer: true, Symmetry: Rotate180}, "no givens"},
		{"killer with givens", Options{Shape: sh, Solver: prop.New(), Killer: true, Givens: 30}, "no givens"},
		{"killer minimal", Options{Shape: sh, Solver: prop.New(), Killer: true, Minimal: true}, "no givens"},
		{"cages of one cell", Options{Shape: sh, Solver: prop.New(), Killer: true, CageSize: 1}, "CageSize 1"},
		{"negative cage size", Options{Shape: sh, Solver: prop.New(), Killer: true, CageSize: -2}, "negative"},
		{"unknown kind", Options{Shape: sh, Solver: prop.New(), Clues: clueKinds}, "ClueKind(4)"},
		{"negative count", Options{Shape: sh, Solver: prop.New(), Clues: Arrows, ClueCount: -1}, "negative"},
		{"count without kind", Options{Shape: sh, Solver: prop.New(), ClueCount: 3}, "without a kind"},
		{"with a killer", Options{Shape: sh, Solver: prop.New(), Clues: Thermos, Killer: true}, "killer"},
		{"too many", Options{Shape: sh, Solver: prop.New(), Clues: LittleKillers, ClueCount: 16}, "at most 15"},
		{"too many on 4x4", Options{Shape: shape(t, 2, 2), Solver: prop.New(), Clues: Arrows, ClueCount: 3}, "at most 2 fit a 4x4 grid"},
		{"also a variant", Options{Shape: sh, Solver: prop.New(), Clues: Thermos, Variants: []rules.Variant{variants.Thermo{}}}, "not also among Variants"},
	} {
		_, err := New(tc.opts)
		require.ErrorIs(t, err, ErrOptions, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
}

func TestCanceled(t *testing.T) {
	g, err := New(Options{Shape: shape(t, 3, 3), Solver: prop.New()})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	emitted := 0
	err = g.Generate(ctx, 0, 1000, 2, func(Puzzle) error {
		emitted++
		if emitted == 3 {
			cancel()
		}
		return nil
	})
	require.ErrorIs(t, err, context.Canceled)
	assert.GreaterOrEqual(t, emitted, 3)
	assert.Less(t, emitted, 1000)
	stop := errors.New("stop")
	err = g.Generate(context.Background(), 0, 10, 2, func(p Puzzle) error {
		if p.Index == 4 {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
}

// TestShortcutsSound: the removals the shortcuts decide agree with the
// solver: the puzzles are the same with the shortcuts as when every
// removal is proved (checked through the count of proofs).
func TestShortcutsCount(t *testing.T) {
	p := many(t, Options{Shape: shape(t, 3, 3), Minimal: true, Seed: 12}, 1, 1)[0]
	assert.Positive(t, p.Stats.Forced)
	assert.Positive(t, p.Stats.Known)
	assert.Less(t, p.Stats.Checks, 81+p.Givens, "the shortcuts spared proofs")
}

// killerOf returns the killer among p's variants.
func killerOf(t *testing.T, p Puzzle) variants.Killer {
	t.Helper()
	for _, v := range p.Variants {
		if k, ok := v.(variants.Killer); ok {
			return k
		}
	}
	t.Fatalf("puzzle %d has no killer cages", p.Index)
	return variants.Killer{}
}

// TestKiller: cages-only killers have no givens; their cages cover the
// grid once, hold 2 to CageSize cells with different digits adding up to
// the total, and SAT and prop (which the generator did not use) find them
// unique, with the solution the generator reports.
func TestKiller(t *testing.T) {
	for _, tc := range []struct {
		name   string
		br, bc int
		size   int
		vs     []rules.Variant
		jigsaw bool
		count  int
	}{
		{"9x9", 3, 3, 0, nil, false, 3},
		{"9x9 cages of 3", 3, 3, 3, nil, false, 2},
		{"6x6", 2, 3, 0, nil, false, 3},
		{"4x4", 2, 2, 4, nil, false, 3},
		{"9x9 diagonal", 3, 3, 0, []rules.Variant{variants.Diagonal{}}, false, 2},
		{"9x9 jigsaw", 3, 3, 0, nil, true, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			size := tc.size
			if size == 0 {
				size = DefaultCageSize
			}
			opts := Options{Shape: shape(t, tc.br, tc.bc), Killer: true, CageSize: tc.size, Variants: tc.vs, Jigsaw: tc.jigsaw, Solver: auto.New(), Seed: 21}
			for _, p := range many(t, opts, tc.count, 2) {
				assert.Zero(t, p.Givens)
				assert.Zero(t, p.Grid.Givens())
				n := p.Grid.Shape.N()
				covered := make([]int, n*n)
				for _, c := range killerOf(t, p).Cages {
					require.GreaterOrEqual(t, len(c.Cells), 2, "no cage of one cell")
					require.LessOrEqual(t, len(c.Cells), size)
					sum, digits := 0, map[int]bool{}
					for _, cell := range c.Cells {
						v := p.Solution.At(cell.Row, cell.Col)
						sum += v
						digits[v] = true
						covered[cell.Row*n+cell.Col]++
					}
					assert.Equal(t, c.Total, sum)
					assert.Len(t, digits, len(c.Cells), "different digits")
				}
				for cell, k := range covered {
					require.Equal(t, 1, k, "cell %d in one cage", cell)
				}
				verify(t, p, sat.New())
				verify(t, p, prop.New())
				assert.Positive(t, p.Stats.Merged)
			}
		})
	}
}

// TestKillerSeeds: the same seed gives the same killers with one worker or
// two.
func TestKillerSeeds(t *testing.T) {
	opts := Options{Shape: shape(t, 3, 3), Killer: true, Solver: auto.New(), Seed: 5}
	cages := func(ps []Puzzle) []string {
		var out []string
		for _, p := range ps {
			out = append(out, fmt.Sprint(killerOf(t, p).Cages))
		}
		return out
	}
	one := cages(many(t, opts, 3, 1))
	assert.Equal(t, one, cages(many(t, opts, 3, 2)))
	assert.Len(t, uniq(one), 3)
}

// TestKillerLink: a generated killer written as an f-puzzles link reads
// back as the same puzzle.
func TestKillerLink(t *testing.T) {
	p := many(t, Options{Shape: shape(t, 3, 3), Killer: true, Solver: auto.New(), Seed: 8}, 1, 1)[0]
	link, _, err := fpuzzles.URL(&fpuzzles.Puzzle{Grid: p.Grid, Variants: p.Variants})
	require.NoError(t, err)
	back, err := fpuzzles.Decode(link)
	require.NoError(t, err)
	assert.Equal(t, p.Grid, back.Grid)
	require.Len(t, back.Variants, 1)
	assert.ElementsMatch(t, killerOf(t, p).Cages, back.Variants[0].(variants.Killer).Cages)
}
