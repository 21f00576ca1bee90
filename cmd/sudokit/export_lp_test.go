package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/export/lp"
	"github.com/sudokit/sudokit/export/mzn"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// TestExportLP: export --to lp writes the program with its header, and
// glpsol (when installed) solves it to the puzzle's solution.
func TestExportLP(t *testing.T) {
	r := run(t, "", "export", "--to", "lp", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "\\ sudokit export\n\\ puzzle "+top95first+"\n"), r.stdout[:60])
	assert.Contains(t, r.stdout, "\nSubject To\n C_1_1: x_1_1_1 + x_1_1_2 ")
	assert.True(t, strings.HasSuffix(r.stdout, "\nEnd\n"))

	r = run(t, "", "export", "--to", "ilp", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "lp (integer program) or mzn (MiniZinc), not \"ilp\"")

	path, err := exec.LookPath("glpsol")
	if err != nil {
		t.Skip("glpsol not installed (apt-get install -y glpk-utils)")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "p.lp"), filepath.Join(dir, "p.out")
	require.NoError(t, os.WriteFile(in, []byte(run(t, "", "export", "--to", "lp", top95first).stdout), 0o644))
	log, err := exec.Command(path, "--lp", in, "-o", out).CombinedOutput()
	require.NoError(t, err, string(log))
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	a, err := lp.ReadGlpsol(f)
	require.NoError(t, err)
	g, err := sudoku.Parse(top95first, sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	sol, err := a.Solution(m)
	require.NoError(t, err)
	require.NoError(t, model.Check(m, sol))
	got, err := rules.Decode(g.Shape, sol)
	require.NoError(t, err)
	assert.Equal(t, top95sol, got.Line())
}

// TestExportMZN: export --to mzn writes the MiniZinc model with its
// header, and minizinc (when installed) solves it to the puzzle's
// solution, and finds no other.
func TestExportMZN(t *testing.T) {
	r := run(t, "", "export", "--to", "mzn", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "% sudokit export\n% puzzle "+top95first+"\n"), r.stdout[:60])
	assert.Contains(t, r.stdout, "\narray[1..9, 1..9] of var 1..9: x;\n% row 1\nconstraint alldifferent([x[1,1], x[1,2],")
	assert.Contains(t, r.stdout, "\nconstraint x[1,1] = 4;\n")
	assert.True(t, strings.HasSuffix(r.stdout, "\nsolve satisfy;\n"+
		`output [show(x[r, c]) ++ if c == 9 then "\n" else " " endif | r in 1..9, c in 1..9];`+"\n"), r.stdout)

	path, err := exec.LookPath("minizinc")
	if err != nil {
		t.Skip("minizinc not installed (apt-get install -y minizinc)")
	}
	in := filepath.Join(t.TempDir(), "p.mzn")
	require.NoError(t, os.WriteFile(in, []byte(r.stdout), 0o644))
	out, err := exec.Command(path, "-a", in).Output()
	require.NoError(t, err)
	g, err := sudoku.Parse(top95first, sudoku.ParseOptions{})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	a, err := mzn.Read(bytes.NewReader(out), m)
	require.NoError(t, err)
	assert.True(t, a.Complete)
	require.Len(t, a.Solutions, 1, "unique")
	require.NoError(t, model.Check(m, a.Solutions[0]))
	got, err := rules.Decode(g.Shape, a.Solutions[0])
	require.NoError(t, err)
	assert.Equal(t, top95sol, got.Line())
}
