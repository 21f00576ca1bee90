package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/internal/fixture"
)

// needs skips the test unless every program of names is installed.
func needs(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			t.Skipf("%s not installed", n)
		}
	}
}

// TestCrosscheckOutside: crosscheck --outside adds glpsol, cbc, minisat
// and minizinc to the default backends, and they agree with them on unique,
// multiple and contradictory puzzles, sums included.
func TestCrosscheckOutside(t *testing.T) {
	needs(t, "glpsol", "cbc", "minisat", "minizinc")
	set := writeFile(t, "set.txt", top95first+"\n"+threeRows+"\n"+twoInRow+"\n")
	for _, args := range [][]string{{set}, {filepath.Join("..", "..", "testdata", "killer.json")}} {
		r := run(t, "", append([]string{"crosscheck", "--outside", "glpsol,cbc,minisat,minizinc"}, args...)...)
		require.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stdout, "backends:      dlx, sat, prop, glpsol, cbc, minisat, minizinc (limit 2)\n")
		assert.Contains(t, r.stdout, "disagreed:     0\n")
		assert.NotContains(t, r.stdout, "inconclusive")
	}

	r := run(t, "", "crosscheck", "--json", "--backends", "dlx", "--outside", "minisat", set)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 7, "two records per puzzle and a summary")
	var statuses []string
	for _, line := range lines[:6] {
		var rec struct {
			Backend string `json:"backend"`
			Status  string `json:"status"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &rec))
		statuses = append(statuses, rec.Backend+" "+rec.Status)
	}
	assert.Equal(t, []string{"dlx unique", "minisat unique", "dlx multiple", "minisat multiple", "dlx none", "minisat none"}, statuses)
}

func TestOutsideRefusals(t *testing.T) {
	r := run(t, "", "crosscheck", "--outside", "dlx", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, `--outside: unknown outside solver "dlx" (known: glpsol, cbc, minisat, minizinc)`)

	t.Setenv("PATH", t.TempDir())
	for _, args := range [][]string{
		{"crosscheck", "--outside", "glpsol", top95first},
		{"solve", "--backend", "glpsol", top95first},
		{"bench", "--backends", "dlx,glpsol", writeFile(t, "one.txt", top95first+"\n")},
	} {
		r := run(t, "", args...)
		assert.Equal(t, exitUsage, r.code, "%v", args)
		assert.Contains(t, r.stderr, "glpsol is not installed or not on PATH (Debian and Ubuntu: apt-get install glpk-utils)", "%v", args)
		assert.Empty(t, r.stdout, "%v: refused before solving", args)
	}
}

// TestOutsideBackend: the outside programs are backends of solve, verify
// and count, and --timeout stops them with an honest unknown.
func TestOutsideBackend(t *testing.T) {
	needs(t, "glpsol", "minisat")
	r := run(t, "", "solve", "--backend", "glpsol", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, top95sol+"\n", r.stdout)

	r = run(t, "", "verify", "--backend", "minisat", top95first, threeRows, twoInRow)
	assert.Equal(t, exitNegative, r.code, r.stderr)
	assert.Regexp(t, `^unique\nmultiple \(solutions differ at .*\)\nnone\n$`, r.stdout)

	r = run(t, "", "count", "--backend", "minisat", "--limit", "0", "1...........2..3")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, "9\n", r.stdout)

	big := fixture.Lines(t, filepath.Join(fixture.Root(t), "testdata", "25x25-42.txt"), 1)[0]
	r = run(t, "", "solve", "--backend", "glpsol", "--timeout", "200ms", big)
	assert.Equal(t, exitLimit, r.code, r.stderr)
	assert.Equal(t, "unknown\n", r.stdout)
}
