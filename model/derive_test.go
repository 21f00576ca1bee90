package model_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

// latin4 returns a builder for the 4x4 Latin square with boxes: rows,
// columns and boxes as houses (cells numbered row by row).
func latin4() *model.Builder { return sudokuBuilder(2) }

// sudokuBuilder returns a builder for the sudoku grid of side k*k with
// boxes of k x k: rows, columns and boxes as houses named "row 1", "column
// 1", "box 1" and so on (cells numbered row by row).
func sudokuBuilder(k int) *model.Builder {
	n := k * k
	b := model.NewBuilder(n*n, n)
	for i := 0; i < n; i++ {
		var row, col, box []int
		for j := 0; j < n; j++ {
			row = append(row, n*i+j)
			col = append(col, n*j+i)
			box = append(box, n*(k*(i/k)+j/k)+k*(i%k)+j%k)
		}
		b.House("row "+strconv.Itoa(i+1), row)
		b.House("column "+strconv.Itoa(i+1), col)
		b.House("box "+strconv.Itoa(i+1), box)
	}
	return b
}

func TestDeriveSums(t *testing.T) {
	b := latin4()
	b.Linear("cage 1", []int{0, 1}, []int{1, 1}, []int{3}, true)  // row 1: 1+2
	b.Linear("cage 2", []int{2, 6}, []int{1, 1}, []int{7}, true)  // sticks out of row 1 into row 2
	b.Linear("arrow", []int{3, 7}, []int{-1, 1}, []int{0}, false) // not a cage: weights are not the values
	b.Linear("x", []int{8, 9}, []int{1, 1}, []int{3, 5}, false)   // not a cage: two totals
	require.Positive(t, b.DeriveSums())
	m, err := b.Build()
	require.NoError(t, err)
	derived := map[string]string{}
	for _, r := range m.Rules() {
		if strings.HasPrefix(r.Label, "derived") {
			derived[r.Label] = cellsOf(m, r)
		}
	}
	// Row 1 holds 10: cage 1 leaves cells 2 and 3 adding up to 7 (innies).
	assert.Equal(t, "c2 c3 total 7 distinct", derived["derived, row 1"])
	// Box 1 (cells 0 1 4 5) holds cage 1: cells 4 and 5 add up to 7.
	assert.Equal(t, "c4 c5 total 7 distinct", derived["derived, box 1"])
	// Rows 1 and 2 hold 20: cages 1 and 2 leave cells 3 4 5 7 with 10;
	// they are in no one house, and four such cells are not worth a rule.
	assert.NotContains(t, derived, "derived, row 1 + row 2")
	// No house is covered by cages: cell 3 and the cells of rows 3 and 4
	// are in none.
	for label := range derived {
		assert.False(t, strings.HasSuffix(label, " outies"), label)
	}

	// Every solution of the model with derived rules satisfies the model
	// without them, and the other way round: they are redundant.
	plain := latin4()
	plain.Linear("cage 1", []int{0, 1}, []int{1, 1}, []int{3}, true)
	plain.Linear("cage 2", []int{2, 6}, []int{1, 1}, []int{7}, true)
	plain.Linear("arrow", []int{3, 7}, []int{-1, 1}, []int{0}, false)
	plain.Linear("x", []int{8, 9}, []int{1, 1}, []int{3, 5}, false)
	p, err := plain.Build()
	require.NoError(t, err)
	assert.Equal(t, solutions(p), solutions(m))
}

func TestDeriveOuties(t *testing.T) {
	b := latin4()
	// Row 1 covered by two cages, one reaching into row 2 (cell 4).
	b.Linear("a", []int{0, 1, 4}, []int{1, 1, 1}, []int{8}, true)
	b.Linear("b", []int{2, 3}, []int{1, 1}, []int{5}, true)
	require.Positive(t, b.DeriveSums())
	m, err := b.Build()
	require.NoError(t, err)
	found := false
	for i, r := range m.Rules() {
		if r.Label == "derived, row 1 outies" {
			found = true
			assert.Equal(t, "c4 total 3 distinct", cellsOf(m, r), m.RuleName(i))
		}
	}
	assert.True(t, found, "row 1's outies: cell 4 holds 8+5-10 = 3")
}

func TestDeriveInnieOuties(t *testing.T) {
	build := func(derive bool) *model.Model {
		b := latin4()
		b.Linear("a", []int{0, 1}, []int{1, 1}, []int{3}, true)       // inside row 1
		b.Linear("b", []int{2, 6, 7}, []int{1, 1, 1}, []int{8}, true) // one cell in row 1, two below
		if derive {
			require.Positive(t, b.DeriveSums())
		}
		m, err := b.Build()
		require.NoError(t, err)
		return m
	}
	m := build(true)
	var found *model.Rule
	for i, r := range m.Rules() {
		if r.Label == "derived, row 1 innies-outies" {
			found = &m.Rules()[i]
		}
	}
	require.NotNil(t, found, "row 1 holds 10: cage a leaves cells 2 and 3 (7), cage b puts cell 2 in it with 6 and 7 outside")
	// Cell 3 less cells 6 and 7 adds up to 10 - 3 - 8 = -1.
	assert.Equal(t, []int32{3, 6, 7}, found.Payload.Cells)
	assert.Equal(t, []int32{-1}, found.Payload.Totals)
	assert.False(t, found.Payload.Distinct)
	assert.True(t, found.Payload.Implied)
	w := m.CellWeights(*found)
	assert.Equal(t, []int32{1, 2, 3, 4}, w[:4], "an innie weighs its value")
	assert.Equal(t, []int32{-1, -2, -3, -4}, w[4:8], "an outie weighs minus its value")
	assert.Equal(t, solutions(build(false)), solutions(m), "derived rules remove no solution")
}

func TestDeriveBands(t *testing.T) {
	b := sudokuBuilder(3)
	// One sum over rows 1 to 4 but their last cell: four rows hold 180,
	// so that cell (r4c9, cell 35) holds 5. No union of three houses sees it.
	var cells, ones []int
	for c := 0; c < 35; c++ {
		cells, ones = append(cells, c), append(ones, 1)
	}
	b.Linear("big", cells, ones, []int{175}, false)
	require.Positive(t, b.DeriveSums())
	m, err := b.Build()
	require.NoError(t, err)
	var got []string
	for _, r := range m.Rules() {
		if strings.HasPrefix(r.Label, "derived, row 1 to row 4") {
			got = append(got, cellsOf(m, r))
		}
	}
	assert.Equal(t, []string{"c35 total 5 distinct"}, got)
}

// cellsOf names a derived rule's cells and total.
func cellsOf(m *model.Model, r model.Rule) string {
	var parts []string
	for _, c := range r.Payload.Cells {
		parts = append(parts, m.CellName(int(c)))
	}
	s := strings.Join(parts, " ") + " total " + listTotal(r.Payload.Totals)
	if r.Payload.Distinct {
		s += " distinct"
	}
	return s
}

func listTotal(ts []int32) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, strconv.Itoa(int(t)))
	}
	return strings.Join(parts, ",")
}

// solutions enumerates every solution of a 16-cell model by brute force
// with the referee.
func solutions(m *model.Model) map[string]bool {
	out := map[string]bool{}
	sol := make(model.Solution, m.Cells())
	var walk func(cell int)
	walk = func(cell int) {
		if cell == m.Cells() {
			if model.Check(m, sol) == nil {
				key := make([]byte, len(sol))
				for i, c := range sol {
					key[i] = byte('0' + m.ValueOf(c))
				}
				out[string(key)] = true
			}
			return
		}
		for v := 1; v <= m.Values(); v++ {
			sol[cell] = m.Cand(cell, v)
			if partialOK(m, sol, cell) {
				walk(cell + 1)
			}
		}
	}
	walk(0)
	return out
}

// partialOK rejects a repeated value in a row or column so far.
func partialOK(m *model.Model, sol model.Solution, cell int) bool {
	r, c, v := cell/4, cell%4, m.ValueOf(sol[cell])
	for k := 0; k < cell; k++ {
		if (k/4 == r || k%4 == c) && m.ValueOf(sol[k]) == v {
			return false
		}
	}
	return true
}

// TestDeriveLargeGrid: above 9 values unions of three houses are not walked
// (their number grows as the cube of the houses), and the bands take over:
// on a 16x16 grid a sum over rows 1 to 3 but their last cell leaves that
// cell to "row 1 to row 3".
func TestDeriveLargeGrid(t *testing.T) {
	b := sudokuBuilder(4)
	var cells, ones []int
	for c := 0; c < 47; c++ {
		cells, ones = append(cells, c), append(ones, 1)
	}
	b.Linear("big", cells, ones, []int{3*136 - 5}, false)
	require.Positive(t, b.DeriveSums())
	m, err := b.Build()
	require.NoError(t, err)
	got := map[string]string{}
	for _, r := range m.Rules() {
		if strings.HasPrefix(r.Label, "derived") {
			got[r.Label] = cellsOf(m, r)
			assert.LessOrEqual(t, strings.Count(r.Label, " + "), 1, r.Label)
		}
	}
	assert.Equal(t, "c47 total 5 distinct", got["derived, row 1 to row 3"])
}

// TestDeriveSumsOnce: an innie-outie sum read from the other side (every
// sign turned) is the same rule, derived once. The cages are those of
// Mathemagic killer iss-305 of sigh's Interactive Sudoku Solver, whose
// regions meet many such pairs.
func TestDeriveSumsOnce(t *testing.T) {
	b := sudokuBuilder(3)
	rc := func(r, c int) int { return (r-1)*9 + c - 1 }
	for i, cage := range []struct {
		cells [][2]int
		total int
	}{
		{[][2]int{{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}}, 27}, {[][2]int{{1, 5}, {1, 6}, {1, 7}, {1, 8}, {2, 6}}, 22},
		{[][2]int{{1, 9}, {2, 8}, {2, 9}, {3, 9}, {4, 9}}, 30}, {[][2]int{{2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 4}}, 22},
		{[][2]int{{2, 7}, {3, 7}, {4, 6}, {4, 7}, {5, 6}}, 19}, {[][2]int{{3, 1}, {3, 2}, {3, 3}, {4, 1}, {5, 1}}, 27},
		{[][2]int{{3, 5}, {3, 6}, {4, 3}, {4, 4}, {4, 5}}, 28}, {[][2]int{{3, 8}, {4, 8}, {5, 7}, {5, 8}, {6, 8}}, 27},
		{[][2]int{{4, 2}, {5, 2}, {5, 3}, {6, 2}, {7, 2}}, 25}, {[][2]int{{5, 4}, {6, 3}, {6, 4}, {7, 3}, {8, 3}}, 27},
		{[][2]int{{5, 5}}, 5}, {[][2]int{{5, 9}, {6, 9}, {7, 7}, {7, 8}, {7, 9}}, 22},
		{[][2]int{{6, 1}, {7, 1}, {8, 1}, {8, 2}, {9, 1}}, 25}, {[][2]int{{6, 5}, {6, 6}, {6, 7}, {7, 4}, {7, 5}}, 31},
		{[][2]int{{7, 6}, {8, 5}, {8, 6}, {8, 7}, {8, 8}}, 21}, {[][2]int{{8, 4}, {9, 2}, {9, 3}, {9, 4}, {9, 5}}, 20},
		{[][2]int{{8, 9}, {9, 6}, {9, 7}, {9, 8}, {9, 9}}, 27},
	} {
		var cells, ones []int
		for _, c := range cage.cells {
			cells, ones = append(cells, rc(c[0], c[1])), append(ones, 1)
		}
		b.Linear("cage "+strconv.Itoa(i+1), cells, ones, []int{cage.total}, true)
	}
	require.Positive(t, b.DeriveSums())
	m, err := b.Build()
	require.NoError(t, err)
	seen := map[string]string{} // the signed cells of each derived rule, sorted
	derived := 0
	for _, r := range m.Rules() {
		if !r.Payload.Implied {
			continue
		}
		derived++
		w := m.CellWeights(r)
		key := func(sign int32) string {
			var parts []string
			for i, c := range r.Payload.Cells {
				parts = append(parts, strconv.Itoa(int(c))+":"+strconv.Itoa(int(sign*w[i*9])))
			}
			slices.Sort(parts)
			return strings.Join(parts, " ")
		}
		other, twice := seen[key(-1)]
		assert.False(t, twice, "%s is %s read from the other side", r.Label, other)
		seen[key(1)] = r.Label
	}
	assert.Equal(t, 33, derived)
}
