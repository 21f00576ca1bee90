package model_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

// latin4 returns a builder for the 4x4 Latin square with boxes: rows,
// columns and boxes as houses (cells numbered row by row).
func latin4() *model.Builder {
	b := model.NewBuilder(16, 4)
	for i := 0; i < 4; i++ {
		var row, col, box []int
		for j := 0; j < 4; j++ {
			row = append(row, 4*i+j)
			col = append(col, 4*j+i)
			box = append(box, 4*(2*(i/2)+j/2)+2*(i%2)+j%2)
		}
		b.House("row "+string(rune('1'+i)), row)
		b.House("column "+string(rune('1'+i)), col)
		b.House("box "+string(rune('1'+i)), box)
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
		assert.NotContains(t, label, "outies")
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
