package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCountsMatchQqwing counts every solution of the multi-solution
// puzzles in testdata with each complete backend and compares the counts
// with qqwing's --count-solutions, an outside solver. .ci/run installs
// qqwing; without it the test is skipped.
func TestCountsMatchQqwing(t *testing.T) {
	qq, err := exec.LookPath("qqwing")
	if err != nil {
		t.Skip("qqwing is not installed (apt-get install qqwing)")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "serg_benchmark_20.txt"))
	require.NoError(t, err)
	var puzzles []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			puzzles = append(puzzles, line)
		}
	}
	require.Len(t, puzzles, 20)

	cmd := exec.Command(qq, "--solve", "--count-solutions", "--nosolution", "--csv")
	cmd.Stdin = strings.NewReader(strings.Join(puzzles, "\n") + "\n")
	out, err := cmd.Output()
	require.NoError(t, err)
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n")[1:] { // a header first
		want = append(want, strings.TrimSuffix(strings.TrimSpace(line), ","))
	}
	require.Len(t, want, len(puzzles), "qqwing answered every puzzle: %s", out)

	backends := []string{"auto", "dlx", "sat"}
	if testing.Short() {
		backends = backends[:1]
	}
	for _, be := range backends {
		r := run(t, strings.Join(puzzles, "\n")+"\n", "count", "--limit", "0", "--backend", be, "-")
		require.Equal(t, exitOK, r.code, r.stderr)
		assert.Equal(t, strings.Join(want, "\n")+"\n", r.stdout, "%s against qqwing", be)
	}
}
