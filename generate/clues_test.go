package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// clueVariant returns the clue variant of p, its last, and the variants
// before it.
func clueVariant(t *testing.T, p Puzzle, k ClueKind) (rules.Variant, []rules.Variant) {
	t.Helper()
	require.NotEmpty(t, p.Variants)
	v := p.Variants[len(p.Variants)-1]
	require.Equal(t, k.String(), v.Name(), "the clues come last")
	return v, p.Variants[:len(p.Variants)-1]
}

// touching reports whether a and b are different cells that share a side
// or a corner.
func touching(a, b sudoku.Cell) bool {
	return a != b && max(a.Row-b.Row, b.Row-a.Row) <= 1 && max(a.Col-b.Col, b.Col-a.Col) <= 1
}

// lines checks drawn lines (each a list of cells, consecutive ones
// touching): no cell on two lines or twice on one, and no two diagonal
// steps crossing in a 2x2 square.
func lines(t *testing.T, ls [][]sudoku.Cell) {
	t.Helper()
	seen := map[sudoku.Cell]bool{}
	diag := map[[2]int]uint8{} // square -> 1 for \, 2 for /
	for _, l := range ls {
		for k, c := range l {
			require.False(t, seen[c], "%v on two lines (%v)", c, l)
			seen[c] = true
			if k == 0 {
				continue
			}
			a := l[k-1]
			require.True(t, touching(a, c), "%v does not touch %v", c, a)
			if a.Row != c.Row && a.Col != c.Col {
				sq := [2]int{min(a.Row, c.Row), min(a.Col, c.Col)}
				bit := uint8(2)
				if (c.Row-a.Row)*(c.Col-a.Col) > 0 {
					bit = 1
				}
				require.Zero(t, diag[sq]&^bit, "%v-%v crosses another step", a, c)
				diag[sq] |= bit
			}
		}
	}
}

// wellFormed checks that p's clues are well formed and hold in its
// solution, and returns how many there are.
func wellFormed(t *testing.T, p Puzzle, k ClueKind) int {
	t.Helper()
	n := p.Grid.Shape.N()
	at := func(c sudoku.Cell) int { return p.Solution.At(c.Row, c.Col) }
	v, _ := clueVariant(t, p, k)
	switch cv := v.(type) {
	case variants.Arrow:
		var ls [][]sudoku.Cell
		for _, a := range cv.Arrows {
			require.Len(t, a.Shafts, 1)
			shaft := a.Shafts[0]
			require.True(t, len(shaft) >= 1 && len(shaft) <= maxShaft, "%v", a)
			number := 0
			for _, c := range a.Circle {
				number = 10*number + at(c)
			}
			switch len(a.Circle) {
			case 1:
			case 2:
				require.LessOrEqual(t, n, 9, "pills only up to 9x9")
				c, d := a.Circle[0], a.Circle[1]
				require.True(t, d == sudoku.Cell{Row: c.Row, Col: c.Col + 1} || d == sudoku.Cell{Row: c.Row + 1, Col: c.Col}, "a pill in reading order: %v", a.Circle)
			default:
				t.Fatalf("a circle of %d cells", len(a.Circle))
			}
			sum := 0
			for _, c := range shaft {
				sum += at(c)
			}
			assert.Equal(t, number, sum, "arrow %v", a)
			// The line as drawn: from the first circle cell touching
			// the shaft; the rest of a pill is a cell of its own.
			from := slices.IndexFunc(a.Circle, func(c sudoku.Cell) bool { return touching(c, shaft[0]) })
			require.GreaterOrEqual(t, from, 0, "the shaft starts next to its circle: %v", a)
			ls = append(ls, append([]sudoku.Cell{a.Circle[from]}, shaft...))
			for i, c := range a.Circle {
				if i != from {
					ls = append(ls, []sudoku.Cell{c})
				}
			}
		}
		lines(t, ls)
		return len(cv.Arrows)
	case variants.Thermo:
		for _, l := range cv.Lines {
			require.True(t, len(l) >= 3 && len(l) <= n, "%v", l)
			for i := 1; i < len(l); i++ {
				assert.Greater(t, at(l[i]), at(l[i-1]), "thermo %v increases", l)
			}
		}
		lines(t, cv.Lines)
		return len(cv.Lines)
	case variants.LittleKiller:
		diags, outs := map[string]bool{}, map[sudoku.Cell]bool{}
		for _, c := range cv.Clues {
			cells, err := c.Cells(n)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(cells), 2, "%v", c)
			sum := 0
			for _, x := range cells {
				sum += at(x)
			}
			assert.Equal(t, c.Total, sum, "little killer %v", c)
			key := fmt.Sprint(cells)
			if cells[0].Row > cells[len(cells)-1].Row {
				slices.Reverse(cells)
				key = fmt.Sprint(cells)
			}
			assert.False(t, diags[key], "one clue per diagonal: %v", c)
			assert.False(t, outs[c.Outside], "one clue per outside cell: %v", c)
			diags[key], outs[c.Outside] = true, true
		}
		return len(cv.Clues)
	}
	t.Fatalf("clue variant %T", v)
	return 0
}

// withoutCluesIn returns the status DLX finds for p's givens without its
// clues.
func withoutCluesIn(t *testing.T, p Puzzle, k ClueKind) model.Status {
	t.Helper()
	_, rest := clueVariant(t, p, k)
	m, err := rules.Build(p.Grid, rest...)
	require.NoError(t, err)
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	return res.Status
}

// linkBack writes p as an f-puzzles link, reads it back with package
// fpuzzles and checks that SAT finds the same unique solution.
func linkBack(t *testing.T, p Puzzle) {
	t.Helper()
	link, _, err := fpuzzles.URL(&fpuzzles.Puzzle{Grid: p.Grid, Variants: p.Variants})
	require.NoError(t, err)
	back, err := fpuzzles.Decode(link)
	require.NoError(t, err)
	require.Equal(t, p.Grid, back.Grid)
	require.Len(t, back.Variants, len(p.Variants))
	m, err := rules.Build(back.Grid, back.Variants...)
	require.NoError(t, err)
	res, err := sat.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	require.Equal(t, model.Unique, res.Status, "the link's puzzle is unique")
	n := p.Grid.Shape.N()
	for cell, c := range res.Solutions[0] {
		require.Equal(t, p.Solution.Cells[cell], int(c)-cell*n+1, "the link's solution, cell %d", cell)
	}
}

// dlxNodes bounds DLX's proofs in the tests: DLX takes about 14 s on some
// 9x9 arrow puzzles with 11 givens, which SAT proves in milliseconds.
const dlxNodes = 300_000

// uniqueDLX checks that DLX does not find p has several solutions or none,
// and reports whether it proved it unique within dlxNodes; false too when
// it refuses a rule too large for exact cover (a long little killer
// diagonal).
func uniqueDLX(t *testing.T, p Puzzle) bool {
	t.Helper()
	res, err := dlx.New().Solve(context.Background(), p.Model, model.Options{Limit: 2, Nodes: dlxNodes})
	if errors.Is(err, model.ErrUnsupported) {
		return false
	}
	require.NoError(t, err)
	require.Contains(t, []model.Status{model.Unique, model.Unknown}, res.Status, "puzzle %d %s", p.Index, p.Grid.Line())
	return res.Status == model.Unique
}

// TestClues generates puzzles with each kind of clue on several shapes and
// rule sets: the referee accepts each solution, SAT and DLX (which the
// generator did not use) find each unique, the clues are well formed and
// hold, the f-puzzles link reads back as the same unique puzzle, and the
// givens alone have several solutions for most puzzles.
func TestClues(t *testing.T) {
	proved9, pills := map[ClueKind]int{}, 0
	for _, tc := range []struct {
		name   string
		br, bc int
		kind   ClueKind
		count  int
		vs     []rules.Variant
		jigsaw bool
		sym    Symmetry
		num    int
	}{
		{"9x9 arrows", 3, 3, Arrows, 0, nil, false, None, 6},
		{"6x6 arrows", 2, 3, Arrows, 0, nil, false, None, 6},
		{"4x4 arrows", 2, 2, Arrows, 0, nil, false, None, 6},
		{"9x9 arrows diagonal", 3, 3, Arrows, 5, []rules.Variant{variants.Diagonal{}}, false, None, 3},
		{"9x9 little killers", 3, 3, LittleKillers, 0, nil, false, None, 6},
		{"6x6 little killers", 2, 3, LittleKillers, 0, nil, false, None, 6},
		{"9x9 little killers rotate180", 3, 3, LittleKillers, 3, nil, false, Rotate180, 3},
		{"9x9 thermos", 3, 3, Thermos, 0, nil, false, None, 6},
		{"6x6 thermos", 2, 3, Thermos, 0, nil, false, None, 6},
		{"4x4 thermos", 2, 2, Thermos, 0, nil, false, None, 6},
		{"9x9 thermos jigsaw", 3, 3, Thermos, 6, nil, true, None, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sh := shape(t, tc.br, tc.bc)
			want := tc.count
			if want == 0 {
				want = DefaultClues(tc.kind, sh.N())
			}
			opts := Options{Shape: sh, Clues: tc.kind, ClueCount: tc.count, Variants: tc.vs, Jigsaw: tc.jigsaw, Symmetry: tc.sym, Seed: 31}
			needed, dlxed := 0, 0
			for _, p := range many(t, opts, tc.num, 2) {
				verify(t, p, sat.New())
				if uniqueDLX(t, p) {
					dlxed++
				}
				assert.Equal(t, want, wellFormed(t, p, tc.kind))
				if a, ok := p.Variants[len(p.Variants)-1].(variants.Arrow); ok {
					for _, ar := range a.Arrows {
						pills += len(ar.Circle) - 1
					}
				}
				_, rest := clueVariant(t, p, tc.kind)
				assert.Len(t, rest, len(tc.vs)+map[bool]int{true: 1}[tc.jigsaw], "the other rules come first")
				assert.Equal(t, withoutCluesIn(t, p, tc.kind), p.WithoutClues, "WithoutClues says what DLX finds: %s", p.Grid.Line())
				if p.WithoutClues == model.Multiple {
					needed++
				}
				for cell, v := range p.Grid.Cells {
					if v != 0 {
						r, c := cell/sh.N(), cell%sh.N()
						for _, img := range tc.sym.Images(sh.N(), cell) {
							assert.NotZero(t, p.Grid.Cells[img], "%v keeps the givens' symmetry at r%dc%d", tc.sym, r+1, c+1)
						}
					}
				}
				linkBack(t, p)
			}
			assert.Positive(t, needed, "the clues matter in some puzzle")
			t.Logf("DLX proved %d of %d unique within %d nodes", dlxed, tc.num, dlxNodes)
			if sh.N() == 9 {
				proved9[tc.kind] += dlxed
			}
			if tc.kind == Thermos || sh.N() < 9 {
				assert.Equal(t, tc.num, dlxed, "DLX proves every thermometer puzzle, and every small one, within its budget")
			}
		})
	}
	for k := Arrows; k < clueKinds; k++ {
		assert.Positive(t, proved9[k], "DLX proves some 9x9 %v puzzle unique within its budget", k)
	}
	assert.Positive(t, pills, "some arrows have pills")
}

// TestCluesFewerGivens: the clues stand in for givens, so a 9x9 puzzle
// with them keeps fewer givens than one without from the same seed.
func TestCluesFewerGivens(t *testing.T) {
	mean := func(ps []Puzzle) float64 {
		s := 0
		for _, p := range ps {
			s += p.Givens
		}
		return float64(s) / float64(len(ps))
	}
	plain := mean(many(t, Options{Shape: shape(t, 3, 3), Seed: 5}, 8, 2))
	for k := Arrows; k < clueKinds; k++ {
		with := mean(many(t, Options{Shape: shape(t, 3, 3), Clues: k, Seed: 5}, 8, 2))
		assert.Less(t, with, plain-4, "%v", k)
	}
}

// TestCluesSeeds: the same seed gives the same puzzles and clues with one
// worker or two; another seed others.
func TestCluesSeeds(t *testing.T) {
	for k := Arrows; k < clueKinds; k++ {
		t.Run(k.String(), func(t *testing.T) {
			opts := Options{Shape: shape(t, 3, 3), Clues: k, Seed: 9}
			key := func(ps []Puzzle) []string {
				var out []string
				for _, p := range ps {
					out = append(out, p.Grid.Line()+fmt.Sprint(p.Variants))
				}
				return out
			}
			one := key(many(t, opts, 4, 1))
			assert.Equal(t, one, key(many(t, opts, 4, 2)))
			assert.Len(t, uniq(one), 4)
			opts.Seed = 10
			assert.NotEqual(t, one, key(many(t, opts, 4, 2)))
		})
	}
}

// TestCluesMinimal: with Minimal, no given of a puzzle with clues can go:
// each removed alone leaves several solutions under the rules and the
// clues, by SAT (DLX can take minutes on these few givens).
func TestCluesMinimal(t *testing.T) {
	for k := Arrows; k < clueKinds; k++ {
		for _, sh := range []sudoku.Shape{shape(t, 3, 3), shape(t, 2, 3)} {
			t.Run(fmt.Sprintf("%v/%dx%d", k, sh.N(), sh.N()), func(t *testing.T) {
				for _, p := range many(t, Options{Shape: sh, Clues: k, Minimal: true, Seed: 17}, 3, 2) {
					require.True(t, p.Minimal)
					rs, err := rules.New(sh, p.Variants...)
					require.NoError(t, err)
					red, stop, err := rules.Redundant(context.Background(), rs, p.Grid, sat.New(), 0)
					require.NoError(t, err)
					require.Equal(t, model.Done, stop)
					assert.Empty(t, red, "no given of %s can go", p.Grid.Line())
				}
			})
		}
	}
}

// TestCluesProofBudget: with clues each proof gets ProofNodes unless Nodes
// or Minimal says otherwise; a 16x16 arrow puzzle so made is still unique
// (SAT proves it), its circles single cells.
func TestCluesProofBudget(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want int64
	}{
		{Options{Shape: shape(t, 3, 3), Clues: Arrows}, ProofNodes},
		{Options{Shape: shape(t, 2, 3), Clues: LittleKillers}, ProofNodes},
		{Options{Shape: shape(t, 3, 3), Clues: Thermos, Minimal: true}, 0},
		{Options{Shape: shape(t, 3, 3), Clues: Thermos, Nodes: 77}, 77},
		{Options{Shape: shape(t, 3, 3)}, 0},
	} {
		tc.opts.Solver = prop.New()
		g, err := New(tc.opts)
		require.NoError(t, err)
		assert.Equal(t, tc.want, g.proof, "%+v", tc.opts)
	}
	if testing.Short() {
		t.Skip("16x16 with clues: a second")
	}
	for _, p := range many(t, Options{Shape: shape(t, 4, 4), Clues: Arrows, Seed: 2}, 1, 1) {
		verify(t, p, sat.New())
		assert.Equal(t, 15, wellFormed(t, p, Arrows), "no pill above 9x9")
	}
}

func TestParseClueKind(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want ClueKind
	}{{"", NoClues}, {"none", NoClues}, {"arrow", Arrows}, {"LittleKiller", LittleKillers}, {" thermo ", Thermos}} {
		k, err := ParseClueKind(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, k, tc.in)
		if tc.in != "" {
			assert.Equal(t, k, must(ParseClueKind(k.String())), "String reads back")
		}
	}
	_, err := ParseClueKind("arrows")
	require.ErrorIs(t, err, ErrClueKind)
	assert.Contains(t, err.Error(), "arrow, littlekiller, thermo")
	assert.Equal(t, "ClueKind(9)", ClueKind(9).String())
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestDefaultClues: the default numbers of clues are at least 2 and at
// most MaxClues on every size.
func TestDefaultClues(t *testing.T) {
	for k := Arrows; k < clueKinds; k++ {
		for _, n := range []int{4, 6, 9, 16, 25} {
			assert.LessOrEqual(t, DefaultClues(k, n), MaxClues(k, n), "%v %d", k, n)
			assert.GreaterOrEqual(t, DefaultClues(k, n), 2, "%v %d", k, n)
		}
	}
	assert.Equal(t, []int{8, 4, 8}, []int{DefaultClues(Arrows, 9), DefaultClues(LittleKillers, 9), DefaultClues(Thermos, 9)})
}

// TestCluesUnplaceable: clues that do not fit are reported, and an
// attempt whose clues do not fit counts against Options.Attempts, which
// then name them.
func TestCluesUnplaceable(t *testing.T) {
	for k := Arrows; k < clueKinds; k++ {
		d := newDrawer(rand.New(rand.NewPCG(1, 2)), 4, make(model.Solution, 16))
		v, ok := d.draw(k, 1)
		if k == LittleKillers {
			assert.True(t, ok, "little killers take no cell")
			continue
		}
		for cell := range d.used {
			d.used[cell] = true
		}
		v, ok = d.draw(k, 1)
		assert.False(t, ok, "%v on a full grid", k)
		assert.Equal(t, k.String(), v.Name())
	}
	g, err := New(Options{Shape: shape(t, 3, 3), Solver: prop.New(), Clues: Arrows, ClueCount: 13})
	require.NoError(t, err)
	assert.Contains(t, g.wanted(), "13 arrow clues that fit")
	// 13 arrows (the most) fit most 9x9 grids.
	for _, p := range many(t, Options{Shape: shape(t, 3, 3), Clues: Arrows, ClueCount: 13, Seed: 1}, 4, 2) {
		assert.Equal(t, 13, wellFormed(t, p, Arrows))
	}
}

// TestDrawerCrossing: a diagonal step is refused where another crosses it,
// in either direction, and allowed alongside or once cleared.
func TestDrawerCrossing(t *testing.T) {
	d := newDrawer(rand.New(rand.NewPCG(1, 2)), 4, make(model.Solution, 16))
	at := func(r, c int) int { return r*4 + c }
	d.step(at(1, 1), at(2, 2), true) // \ in square (1, 1)
	assert.False(t, d.free(at(1, 2), at(2, 1)))
	assert.False(t, d.free(at(2, 1), at(1, 2)))
	assert.True(t, d.free(at(2, 2), at(1, 1)), "the same step")
	assert.True(t, d.free(at(0, 1), at(1, 2)), "another square")
	assert.True(t, d.free(at(1, 2), at(2, 2)), "orthogonal")
	d.step(at(2, 2), at(1, 1), false)
	assert.True(t, d.free(at(1, 2), at(2, 1)), "cleared")
}

// TestLittleKillerDiagonals: the diagonals little killers draw from are
// the 4n-6 of two cells or more, each with its two ends.
func TestLittleKillerDiagonals(t *testing.T) {
	for _, n := range []int{4, 6, 9} {
		val := make(model.Solution, n*n)
		for cell := range val {
			val[cell] = model.Cand(cell * n) // every digit 1
		}
		d := newDrawer(rand.New(rand.NewPCG(3, 4)), n, val)
		v, ok := d.littleKillers(4*n - 6)
		lk := v.(variants.LittleKiller)
		seen := map[string]bool{}
		for _, c := range lk.Clues {
			cells, err := c.Cells(n)
			require.NoError(t, err)
			assert.Equal(t, len(cells), c.Total, "the total of ones is the length")
			if cells[0].Row > cells[len(cells)-1].Row || cells[0].Row == cells[len(cells)-1].Row && cells[0].Col > cells[len(cells)-1].Col {
				slices.Reverse(cells)
			}
			seen[fmt.Sprint(cells)] = true
		}
		assert.Len(t, seen, len(lk.Clues), "%d: no diagonal twice", n)
		if ok {
			assert.Len(t, lk.Clues, 4*n-6)
		} else {
			assert.Greater(t, len(lk.Clues), 2*n-3, "%d: greedy ends place more than MaxClues", n)
		}
	}
}

// FuzzParseClueKind: any name parses to a kind whose String reads back as
// that kind, or to an error wrapping ErrClueKind.
func FuzzParseClueKind(f *testing.F) {
	for _, s := range []string{"", "none", "arrow", "LITTLEKILLER", " thermo", "arrows", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		k, err := ParseClueKind(name)
		if err != nil {
			require.ErrorIs(t, err, ErrClueKind)
			return
		}
		require.Less(t, k, clueKinds)
		back, err := ParseClueKind(k.String())
		require.NoError(t, err)
		assert.Equal(t, k, back)
	})
}
