package canon_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

// Puzzles and grids the tests use. The grid and its canonical form are
// SudokuWiki's Min-Lex example (https://www.sudokuwiki.org/Sudoku_Min_Lex);
// minGrid and maxGrid are the smallest and largest minlex grids published
// on the New Sudoku Players' Forum ("Minimum min-lex grid", Red Ed, 2007),
// each its own canonical form.
const (
	wikiGrid  = "369218475215749863487635912754861239631924758928357641173482596542196387896573124"
	wikiCanon = "123456789457189236698273541261947853745831692839625417384792165512368974976514328"
	minGrid   = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	maxGrid   = "123456789457893612986217354274538196531964827698721435342685971715349268869172543"
	wikiPuzz  = "3.9...4..2..7.9....87......75..6.23.6..9.4..8.28.5..41......59....1.6..7..6...1.4"
	serg      = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	sparse    = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
)

var shape9 = sudoku.Shape{BoxRows: 3, BoxCols: 3}

// cellsOf reads an N*N line: digits, '0' or '.' for blanks.
func cellsOf(t testing.TB, line string) []int {
	t.Helper()
	cells := make([]int, len(line))
	for i, ch := range line {
		switch {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			cells[i] = int(ch - '0')
		default:
			t.Fatalf("bad symbol %q", ch)
		}
	}
	return cells
}

func lineOf(cells []int) string {
	b := make([]byte, len(cells))
	for i, v := range cells {
		b[i] = byte('0' + v)
	}
	return string(b)
}

func canonOf(t testing.TB, s sudoku.Shape, cells []int) []int {
	t.Helper()
	f, err := canon.New(s)
	require.NoError(t, err)
	got, err := f.Canon(nil, cells)
	require.NoError(t, err)
	return got
}

// orders lists every order of the lines (rows or columns) of a grid of
// side n that keeps its chutes of size k together: the chutes in any
// order, and the lines within each chute in any order.
func orders(n, k int) [][]int {
	var perms func(m int) [][]int
	perms = func(m int) [][]int {
		if m == 0 {
			return [][]int{{}}
		}
		var out [][]int
		for _, p := range perms(m - 1) {
			for i := 0; i <= len(p); i++ {
				q := slices.Insert(slices.Clone(p), i, m-1)
				out = append(out, q)
			}
		}
		return out
	}
	chutes, within := perms(n/k), perms(k)
	out := [][]int{{}}
	for _, ch := range chutes {
		partial := [][]int{{}}
		for _, c := range ch {
			var next [][]int
			for _, p := range partial {
				for _, w := range within {
					q := slices.Clone(p)
					for _, x := range w {
						q = append(q, c*k+x)
					}
					next = append(next, q)
				}
			}
			partial = next
		}
		out = append(out, partial...)
	}
	return out[1:]
}

// brute returns the minlex form of cells from the definition: every
// transformation of the group (transposition when the boxes are square,
// then every row order and every column order keeping bands and stacks),
// each grid relabelled in order of first appearance, the smallest string
// kept.
func brute(s sudoku.Shape, cells []int) []int {
	n := s.N()
	rowOrders, colOrders := orders(n, s.BoxRows), orders(n, s.BoxCols)
	grids := [][]int{cells}
	if s.BoxRows == s.BoxCols {
		tr := make([]int, n*n)
		for i, v := range cells {
			tr[i%n*n+i/n] = v
		}
		grids = append(grids, tr)
	}
	var best []int
	cur := make([]int, n*n)
	lab := make([]int, n+1)
	for _, g := range grids {
		for _, ro := range rowOrders {
			for _, co := range colOrders {
				clear(lab)
				next, below := 1, best == nil
				for i := range n * n {
					v := g[ro[i/n]*n+co[i%n]]
					if v != 0 && lab[v] == 0 {
						lab[v] = next
						next++
					}
					cur[i] = lab[v]
					if !below && cur[i] != best[i] {
						if cur[i] > best[i] {
							break // above the best: the rest cannot matter
						}
						below = true
					}
				}
				if below {
					best = slices.Clone(cur)
				}
			}
		}
	}
	return best
}

// transform applies a random symmetry and a random relabelling to cells.
func transform(rng *rand.Rand, s sudoku.Shape, cells []int) []int {
	n := s.N()
	g := slices.Clone(cells)
	if s.BoxRows == s.BoxCols && rng.IntN(2) == 1 {
		for i, v := range cells {
			g[i%n*n+i/n] = v
		}
	}
	ro, co := randomOrder(rng, n, s.BoxRows), randomOrder(rng, n, s.BoxCols)
	relabel := append([]int{0}, rng.Perm(n)...)
	out := make([]int, n*n)
	for i := range out {
		v := g[ro[i/n]*n+co[i%n]]
		if v != 0 {
			v = relabel[v] + 1
		}
		out[i] = v
	}
	return out
}

func randomOrder(rng *rand.Rand, n, k int) []int {
	var out []int
	for _, c := range rng.Perm(n / k) {
		for _, x := range rng.Perm(k) {
			out = append(out, c*k+x)
		}
	}
	return out
}

func TestPublished(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"sudokuwiki grid", wikiGrid, wikiCanon},
		{"minimum minlex grid", minGrid, minGrid},
		{"maximum minlex grid", maxGrid, maxGrid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, lineOf(canonOf(t, shape9, cellsOf(t, tt.in))))
		})
	}
}

// TestBruteForce checks Canon against the whole symmetry group searched
// from the definition: every shape up to 2x4 boxes on random puzzles and
// grids, and 9x9 on two puzzles and a grid (3,359,232 transformations
// each; one of them with -short).
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []sudoku.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 2}, {BoxRows: 1, BoxCols: 4}, {BoxRows: 2, BoxCols: 4}} {
		grids := solvedGrids(t, s, 3, rng)
		for k, g := range grids {
			for _, keep := range []float64{1, 0.6, 0.3, 0.1} {
				p := thin(rng, g, keep)
				require.Equal(t, brute(s, p), canonOf(t, s, p), "%v grid %d keeping %.0f%%: %v", s, k, keep*100, p)
			}
		}
	}
	// A puzzle of five givens has blank twin rows, columns and bands.
	nine := []string{wikiPuzz, wikiGrid, "1" + strings.Repeat(".", 30) + "2" + strings.Repeat(".", 20) + "13" + strings.Repeat(".", 19) + "4" + strings.Repeat(".", 7)}
	if testing.Short() {
		nine = nine[:1]
	}
	for _, line := range nine {
		cells := cellsOf(t, line)
		assert.Equal(t, lineOf(brute(shape9, cells)), lineOf(canonOf(t, shape9, cells)), line)
	}
}

// thin keeps each given of g with probability keep.
func thin(rng *rand.Rand, g []int, keep float64) []int {
	p := slices.Clone(g)
	for i := range p {
		if rng.Float64() >= keep {
			p[i] = 0
		}
	}
	return p
}

// solvedGrids returns k random filled grids of shape s, by randomised
// backtracking.
func solvedGrids(t testing.TB, s sudoku.Shape, k int, rng *rand.Rand) [][]int {
	n := s.N()
	var out [][]int
	for range k {
		g := make([]int, n*n)
		require.True(t, fill(s, g, 0, rng, nil), "a %v grid exists", s)
		out = append(out, g)
	}
	return out
}

// fill completes g from cell i on, trying values in random order (rng) or
// calling each for every completion (rng nil); it returns true when it
// stopped at a completion.
func fill(s sudoku.Shape, g []int, i int, rng *rand.Rand, each func([]int)) bool {
	n := s.N()
	if i == n*n {
		if each != nil {
			each(g)
			return false
		}
		return true
	}
	vals := make([]int, n)
	for k := range vals {
		vals[k] = k + 1
	}
	if rng != nil {
		rng.Shuffle(n, func(a, b int) { vals[a], vals[b] = vals[b], vals[a] })
	}
	r, c := i/n, i%n
	for _, v := range vals {
		if fits(s, g, r, c, v) {
			g[i] = v
			if fill(s, g, i+1, rng, each) {
				return true
			}
			g[i] = 0
		}
	}
	return false
}

func fits(s sudoku.Shape, g []int, r, c, v int) bool {
	n := s.N()
	for k := range n {
		if g[r*n+k] == v || g[k*n+c] == v {
			return false
		}
	}
	for _, cell := range s.BoxCells(s.Box(r, c)) {
		if g[cell.Row*n+cell.Col] == v {
			return false
		}
	}
	return true
}

// TestInvariant checks that random transformations and relabellings of a
// puzzle or grid do not change its canonical form.
func TestInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	f, err := canon.New(shape9)
	require.NoError(t, err)
	rounds := 40
	if testing.Short() {
		rounds = 10
	}
	for _, line := range []string{wikiPuzz, wikiGrid, serg, sparse, maxGrid} {
		want, err := f.Canon(nil, cellsOf(t, line))
		require.NoError(t, err)
		for range rounds {
			moved := transform(rng, shape9, cellsOf(t, line))
			got, err := f.Canon(nil, moved)
			require.NoError(t, err)
			require.Equal(t, lineOf(want), lineOf(got), "%s moved to %s", line, lineOf(moved))
		}
	}
	for _, s := range []sudoku.Shape{{BoxRows: 2, BoxCols: 3}, {BoxRows: 2, BoxCols: 4}, {BoxRows: 4, BoxCols: 2}} {
		g := solvedGrids(t, s, 1, rng)[0]
		p := thin(rng, g, 0.4)
		for _, cells := range [][]int{g, p} {
			want := canonOf(t, s, cells)
			for range rounds {
				assert.Equal(t, want, canonOf(t, s, transform(rng, s, cells)))
			}
		}
	}
}

// TestClasses counts the essentially different grids, a published
// figure: 2 for 4x4 (all 288 grids) and 49 for 6x6 with 2x3 boxes (every
// grid whose first row is 123456: each class has one, by relabelling).
func TestClasses(t *testing.T) {
	tests := []struct {
		s     sudoku.Shape
		first bool // fix the first row
		grids int
		want  int
	}{
		{sudoku.Shape{BoxRows: 2, BoxCols: 2}, false, 288, 2},
		{sudoku.Shape{BoxRows: 2, BoxCols: 3}, true, 28200960 / 720, 49},
	}
	for _, tt := range tests {
		t.Run(tt.s.String(), func(t *testing.T) {
			if testing.Short() && tt.grids > 1000 {
				t.Skip("39,168 grids")
			}
			f, err := canon.New(tt.s)
			require.NoError(t, err)
			n := tt.s.N()
			g := make([]int, n*n)
			start := 0
			if tt.first {
				for c := range n {
					g[c] = c + 1
				}
				start = n
			}
			classes := map[string]bool{}
			count := 0
			var dst []int
			fill(tt.s, g, start, nil, func(full []int) {
				count++
				dst, err = f.Canon(dst[:0], full)
				require.NoError(t, err)
				classes[lineOf(dst)] = true
			})
			assert.Equal(t, tt.grids, count)
			assert.Len(t, classes, tt.want)
		})
	}
}

func TestErrors(t *testing.T) {
	_, err := canon.New(sudoku.Shape{BoxRows: 4, BoxCols: 4})
	require.ErrorIs(t, err, canon.ErrShape)
	assert.Contains(t, err.Error(), "4x4 boxes (16x16 grid)")

	f, err := canon.New(shape9)
	require.NoError(t, err)
	_, err = f.Canon(nil, make([]int, 80))
	require.ErrorIs(t, err, canon.ErrInput)
	assert.Contains(t, err.Error(), "80 cells")
	bad := make([]int, 81)
	bad[10] = 10
	_, err = f.Canon(nil, bad)
	require.ErrorIs(t, err, canon.ErrInput)
	assert.Contains(t, err.Error(), "value 10 at r2c2")
	bad[10] = -1
	_, err = f.Canon(nil, bad)
	require.ErrorIs(t, err, canon.ErrInput)

	g := sudoku.NewGrid(shape9)
	g.SetMarks(0, 0, 3)
	_, err = canon.Of(g)
	require.ErrorIs(t, err, canon.ErrInput)
	assert.Contains(t, err.Error(), "pencil marks")
}

func TestSymmetries(t *testing.T) {
	tests := []struct {
		s    sudoku.Shape
		want int64
	}{
		{sudoku.Shape{BoxRows: 3, BoxCols: 3}, 3359232},
		{sudoku.Shape{BoxRows: 2, BoxCols: 2}, 128},
		{sudoku.Shape{BoxRows: 2, BoxCols: 3}, 6 * 8 * 2 * 36},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, canon.Symmetries(tt.s), tt.s.String())
		assert.Equal(t, tt.want, int64(len(orders(tt.s.N(), tt.s.BoxRows))*len(orders(tt.s.N(), tt.s.BoxCols)))*map[bool]int64{true: 2, false: 1}[tt.s.BoxRows == tt.s.BoxCols], "the brute force enumerates the group")
	}
}

// TestDistinct: puzzles that differ by one given, or a grid and a puzzle of
// it, have different forms, and a grid keeps its number of givens.
func TestDistinct(t *testing.T) {
	f, err := canon.New(shape9)
	require.NoError(t, err)
	seen := map[string]string{}
	for _, line := range []string{wikiPuzz, wikiGrid, serg, sparse, minGrid, maxGrid} {
		got, err := f.Canon(nil, cellsOf(t, line))
		require.NoError(t, err)
		key := lineOf(got)
		require.NotContains(t, seen, key, "%s and %s", line, seen[key])
		seen[key] = line
		assert.Equal(t, 81-strings0(line), 81-strings0(key), "givens kept")
	}
}

func strings0(s string) int {
	k := 0
	for _, ch := range s {
		if ch == '0' || ch == '.' {
			k++
		}
	}
	return k
}

func TestOf(t *testing.T) {
	g, err := sudoku.Parse(wikiPuzz, sudoku.ParseOptions{})
	require.NoError(t, err)
	c, err := canon.Of(g)
	require.NoError(t, err)
	assert.Equal(t, g.Shape, c.Shape)
	assert.Equal(t, lineOf(canonOf(t, shape9, g.Cells)), lineOf(c.Cells))
	assert.Equal(t, g.Alphabet, c.Alphabet)
	_, err = canon.Of(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 4}))
	require.ErrorIs(t, err, canon.ErrShape)
}
