package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/lp"
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

	r = run(t, "", "export", "--to", "mzn", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "lp (integer program)")

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
