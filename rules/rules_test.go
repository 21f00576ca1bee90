package rules_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// xSolution is a 9x9 grid valid as a classic sudoku and on both diagonals.
const xSolution = "123456789789123456456789123637218945918534267542697831364972518871345692295861374"

func mustGrid(t *testing.T, line string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(t, err)
	return g
}

// solutionOf turns a full grid into the model solution it stands for.
func solutionOf(g sudoku.Grid) model.Solution {
	n := g.Shape.N()
	sol := make(model.Solution, len(g.Cells))
	for i, v := range g.Cells {
		sol[i] = model.Cand(i*n + v - 1)
	}
	return sol
}

// house names the kind of house a rule of a 9x9 model belongs to. Rules
// are built rows, columns, variants, boxes, N rules (one per digit) each.
func house(rule int, diagonal bool) string {
	h := rule / 9
	switch {
	case h < 9:
		return "row"
	case h < 18:
		return "column"
	case diagonal && h < 20:
		return "diagonal"
	}
	return "box"
}

func TestCheckSudoku(t *testing.T) {
	full := mustGrid(t, xSolution)
	swapCells := func(a, b int) sudoku.Grid {
		g := full.Clone()
		g.Cells[a], g.Cells[b] = g.Cells[b], g.Cells[a]
		return g
	}
	swapCols := func(a, b int) sudoku.Grid {
		g := full.Clone()
		for r := 0; r < 9; r++ {
			g.Cells[r*9+a], g.Cells[r*9+b] = g.Cells[r*9+b], g.Cells[r*9+a]
		}
		return g
	}
	tests := []struct {
		name     string
		sol      sudoku.Grid
		diagonal bool
		want     string // "" valid, "given", or the kind of house violated
	}{
		{"valid classic", full, false, ""},
		{"valid diagonal", full, true, ""},
		{"repeat in a row only", swapCells(0, 9), false, "row"},       // r1c1 <-> r2c1: same column and box
		{"repeat in a column only", swapCells(0, 1), false, "column"}, // r1c1 <-> r1c2: same row and box
		{"repeat in a box only", swapCols(0, 3), false, "box"},        // whole columns across stacks
		{"repeat on a diagonal only", swapCols(0, 1), true, "diagonal"},
		{"columns in a stack swapped, classic", swapCols(0, 1), false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var vs []rules.Variant
			if tt.diagonal {
				vs = append(vs, variants.Diagonal{})
			}
			m, err := rules.Build(sudoku.NewGrid(full.Shape), vs...)
			require.NoError(t, err)
			err = model.Check(m, solutionOf(tt.sol))
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			var ce *model.CheckError
			require.True(t, errors.As(err, &ce), "want a violation, got %v", err)
			assert.Equal(t, tt.want, house(ce.Rule, tt.diagonal), err.Error())
		})
	}

	t.Run("wrong given", func(t *testing.T) {
		puzzle := full.Clone()
		puzzle.Cells[40] = puzzle.Cells[40]%9 + 1 // a given the solution contradicts
		m, err := rules.Build(puzzle)
		require.NoError(t, err)
		err = model.Check(m, solutionOf(full))
		var ce *model.CheckError
		require.True(t, errors.As(err, &ce))
		assert.Equal(t, -1, ce.Rule)
		assert.Equal(t, fmt.Sprintf("model: check failed: given r5c5=%d not kept: r5c5=%d chosen", puzzle.Cells[40], full.Cells[40]), err.Error(),
			"the referee speaks of rows, columns and digits")
	})

	t.Run("repeated digit", func(t *testing.T) {
		bad := full.Clone()
		bad.Cells[0], bad.Cells[1] = bad.Cells[1], bad.Cells[0] // row 1 keeps its digits; their columns and box do not
		m, err := rules.Build(sudoku.NewGrid(full.Shape))
		require.NoError(t, err)
		err = model.Check(m, solutionOf(bad))
		require.Error(t, err)
		assert.Regexp(t, `^model: check failed: rule \d+ \(exactly-one, (column 1|box 1)\) has (none of its candidates chosen: r1c1=\d r2c1=\d|2 chosen: r1c1=\d r\dc1=\d)`, err.Error())
	})
}

func TestBuildShapes(t *testing.T) {
	for _, tt := range []struct {
		rows, cols, n, rules int
	}{
		{2, 2, 4, 3 * 4 * 4},
		{2, 3, 6, 3 * 6 * 6},
		{3, 2, 6, 3 * 6 * 6},
		{3, 3, 9, 3 * 9 * 9},
		{3, 4, 12, 3 * 12 * 12},
		{4, 3, 12, 3 * 12 * 12},
		{4, 4, 16, 3 * 16 * 16},
		{5, 5, 25, 3 * 25 * 25},
	} {
		s, err := sudoku.NewShape(tt.rows, tt.cols)
		require.NoError(t, err)
		rs, err := rules.New(s)
		require.NoError(t, err)
		m := rs.Base()
		assert.Equal(t, tt.n*tt.n, m.Cells(), s.String())
		assert.Equal(t, tt.n, m.Values(), s.String())
		assert.Equal(t, tt.rules, len(m.Rules()), s.String())
		// Every candidate is in exactly one row, column and box rule.
		seen := make([]int, m.NumCands())
		for _, r := range m.Rules() {
			assert.Equal(t, model.ExactlyOne, r.Kind)
			assert.Len(t, r.Cands, tt.n)
			for _, c := range r.Cands {
				seen[c]++
			}
		}
		for c, k := range seen {
			require.Equal(t, 3, k, "%v candidate %d", s, c)
		}
		// Box of each cell agrees with the box rules: cells of one box rule share Box().
		for _, r := range m.Rules()[2*tt.n*tt.n:] {
			first := m.CellOf(r.Cands[0])
			for _, c := range r.Cands {
				cell := m.CellOf(c)
				assert.Equal(t, s.Box(first/tt.n, first%tt.n), s.Box(cell/tt.n, cell%tt.n))
			}
		}
	}
}

func TestRulesModel(t *testing.T) {
	full := mustGrid(t, xSolution)
	rs, err := rules.New(full.Shape, variants.Diagonal{})
	require.NoError(t, err)
	puzzle := full.Clone()
	for i := 0; i < 81; i += 2 {
		puzzle.Cells[i] = 0
	}
	m, err := rs.Model(puzzle)
	require.NoError(t, err)
	assert.Equal(t, rs.Base().RulesID(), m.RulesID(), "puzzles share the rules")
	assert.Len(t, m.Fixed(), puzzle.Givens())
	require.NoError(t, model.Check(m, solutionOf(full)))

	got, err := rules.Decode(full.Shape, solutionOf(full))
	require.NoError(t, err)
	assert.Equal(t, full.Cells, got.Cells)

	_, err = rules.Decode(full.Shape, solutionOf(full)[:80])
	require.Error(t, err)

	small, err := sudoku.ShapeOf(4)
	require.NoError(t, err)
	_, err = rs.Model(sudoku.NewGrid(small))
	require.ErrorIs(t, err, sudoku.ErrShape)

	bad := puzzle.Clone()
	bad.Cells[0] = 10
	_, err = rs.Model(bad)
	require.Error(t, err)
}

// windoku adds the four extra 3x3 windows of windoku to a 9x9 grid.
type windoku struct{}

func (windoku) Name() string { return "windoku" }

func (windoku) Apply(b *rules.Builder) error {
	if b.Shape().N() != 9 {
		return errors.New("windoku needs a 9x9 grid")
	}
	for _, top := range []int{1, 5} {
		for _, left := range []int{1, 5} {
			var cells []sudoku.Cell
			for i := 0; i < 9; i++ {
				cells = append(cells, sudoku.Cell{Row: top + i/3, Col: left + i%3})
			}
			b.House("window", cells)
		}
	}
	return nil
}

func TestVariantErrors(t *testing.T) {
	s, err := sudoku.ShapeOf(4)
	require.NoError(t, err)
	_, err = rules.New(s, windoku{})
	require.ErrorContains(t, err, "variant windoku: windoku needs a 9x9 grid")

	s9, err := sudoku.ShapeOf(9)
	require.NoError(t, err)
	rs, err := rules.New(s9, windoku{})
	require.NoError(t, err)
	assert.Equal(t, 3*81+4*9, len(rs.Base().Rules()))
}

// oddCorner makes r1c1 odd by excluding its even candidates.
type oddCorner struct{}

func (oddCorner) Name() string { return "odd-corner" }

func (oddCorner) Apply(b *rules.Builder) error {
	for v := 2; v <= b.Shape().N(); v += 2 {
		b.Model().Exclude(b.Cand(sudoku.Cell{}, v))
	}
	return nil
}

func TestRulesKeepVariantGivens(t *testing.T) {
	s, err := sudoku.ShapeOf(4)
	require.NoError(t, err)
	rs, err := rules.New(s, oddCorner{})
	require.NoError(t, err)
	g := sudoku.NewGrid(s)
	g.Cells[5] = 3
	m, err := rs.Model(g)
	require.NoError(t, err)
	assert.Equal(t, []model.Cand{1, 3}, m.Excluded(), "the variant's exclusions survive the puzzle's givens")
	assert.Equal(t, []model.Cand{model.Cand(5*4 + 2)}, m.Fixed())
}
