package sat

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

func TestPuzzle4(t *testing.T) {
	res, err := New().Solve(context.Background(), build4(t, puzzle4), model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Multiple, res.Status)
	assert.EqualValues(t, 2, res.Stats.SolveCalls, "propagation alone cannot settle puzzle4")
}

// minisat runs minisat on the DIMACS export of m and returns its verdict
// and model.
func minisat(t *testing.T, path string, m *model.Model, comments ...string) (lits []int, sat bool) {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.cnf"), filepath.Join(dir, "out.txt")
	var buf bytes.Buffer
	require.NoError(t, WriteDIMACS(&buf, m, comments...))
	require.NoError(t, os.WriteFile(in, buf.Bytes(), 0o644))
	cmd := exec.Command(path, "-verb=0", in, out)
	err := cmd.Run()
	var exit *exec.ExitError
	require.True(t, err == nil || errors.As(err, &exit), "minisat: %v", err)
	code := 0
	if exit != nil {
		code = exit.ExitCode()
	}
	require.Contains(t, []int{10, 20}, code, "minisat exit code")
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	lits, sat, err = ReadModel(f)
	require.NoError(t, err)
	require.Equal(t, code == 10, sat, "exit code and result file agree")
	return lits, sat
}

// TestMinisat checks the DIMACS export against an outside solver: minisat's
// models decode to solutions the referee accepts, and contradictory givens
// are UNSAT for minisat too.
func TestMinisat(t *testing.T) {
	path, err := exec.LookPath("minisat")
	if err != nil {
		t.Skip("minisat not installed (apt-get install -y minisat)")
	}
	var ms []*model.Model
	var lines []string
	for _, name := range []string{"top95.txt", "hardest.txt"} {
		if _, err := os.Stat(filepath.Join(dataDir, name)); err == nil {
			l := readPuzzles(t, name, 3)
			lines = append(lines, l...)
			ms = append(ms, models(t, l)...)
		}
	}
	_, big := randomPuzzles(t, sudoku.Shape{BoxRows: 4, BoxCols: 4}, 2, 0.55, 7)
	ms = append(ms, big...)
	ms = append(ms, build4(t, puzzle4), build4(t, "................"))
	// Variants: the Miracle Sudoku (anti-knight, anti-king, non-consecutive;
	// two givens) and a thermometer, exported like any model.
	miracle, err := sudoku.Parse(repeat('.', 38)+"1"+repeat('.', 12)+"2"+repeat('.', 29), sudoku.ParseOptions{})
	require.NoError(t, err)
	mm, err := rules.Build(miracle, variants.AntiKnight{}, variants.AntiKing{}, variants.NonConsecutive{})
	require.NoError(t, err)
	thermo := variants.Thermo{Lines: [][]sudoku.Cell{{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 2}, {Row: 2, Col: 2}}}}
	tm, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}), thermo)
	require.NoError(t, err)
	ms = append(ms, mm, tm)
	for i, m := range ms {
		comments := []string{"sudokit sat test"}
		if i < len(lines) {
			comments = append(comments, "puzzle "+lines[i])
		}
		lits, sat := minisat(t, path, m, comments...)
		require.True(t, sat, "model %d", i)
		sol, err := DecodeModel(m, lits)
		require.NoError(t, err, "model %d", i)
		require.NoError(t, model.Check(m, sol), "model %d", i)
	}
	_, sat := minisat(t, path, build4(t, "11.............."))
	assert.False(t, sat, "repeated givens are UNSAT for minisat")
	g, err := sudoku.Parse("......789"+"123......"+"456......"+repeat('.', 54), sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	_, sat = minisat(t, path, m)
	assert.False(t, sat, "a cell with no candidate is UNSAT for minisat")
}
