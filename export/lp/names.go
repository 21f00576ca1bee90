package lp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// Names maps the candidates of a model to the names of their LP variables
// and back: x_ROW_COL_VALUE for a sudoku-shaped model (Cells = Values²),
// x_CELL_VALUE otherwise, every number counted from 1.
type Names struct {
	cells, values int
	grid          bool // sudoku-shaped: names carry row and column
}

// NamesOf returns the naming of m's candidates.
func NamesOf(m *model.Model) Names {
	n := m.Values()
	return Names{cells: m.Cells(), values: n, grid: m.Cells() == n*n}
}

// Pattern returns how variables are named: "x_ROW_COL_VALUE" or
// "x_CELL_VALUE".
func (ns Names) Pattern() string {
	if ns.grid {
		return "x_ROW_COL_VALUE"
	}
	return "x_CELL_VALUE"
}

// Name returns the variable name of candidate c.
func (ns Names) Name(c model.Cand) string {
	k, v := int(c)/ns.values, int(c)%ns.values+1
	if ns.grid {
		return fmt.Sprintf("x_%d_%d_%d", k/ns.values+1, k%ns.values+1, v)
	}
	return fmt.Sprintf("x_%d_%d", k+1, v)
}

// Cell returns the name of cell k's constraint: C_ROW_COL or C_CELL.
func (ns Names) Cell(k int) string {
	if ns.grid {
		return fmt.Sprintf("C_%d_%d", k/ns.values+1, k%ns.values+1)
	}
	return fmt.Sprintf("C_%d", k+1)
}

// Cand returns the candidate a variable name stands for, and false for a
// name that is not a candidate's (an auxiliary variable, a foreign name,
// numbers out of range).
func (ns Names) Cand(name string) (model.Cand, bool) {
	rest, ok := strings.CutPrefix(name, "x_")
	if !ok {
		return 0, false
	}
	parts := strings.Split(rest, "_")
	want := 2
	if ns.grid {
		want = 3
	}
	if len(parts) != want {
		return 0, false
	}
	nums := make([]int, want)
	for i, s := range parts {
		x, err := strconv.Atoi(s)
		if err != nil || x < 1 || strconv.Itoa(x) != s {
			return 0, false
		}
		nums[i] = x
	}
	k, v := nums[0]-1, nums[want-1]
	if ns.grid {
		if nums[0] > ns.values || nums[1] > ns.values {
			return 0, false
		}
		k = (nums[0]-1)*ns.values + nums[1] - 1
	}
	if k >= ns.cells || v > ns.values {
		return 0, false
	}
	return model.Cand(k*ns.values + v - 1), true
}
