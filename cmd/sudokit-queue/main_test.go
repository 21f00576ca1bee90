package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runApp runs a command line and returns its exit code and streams.
func runApp(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}
	code := a.run(context.Background(), args)
	return code, out.String(), errOut.String()
}

func TestSubmitEmbedded(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join("..", "..", "testdata", "qqwing-easy-20.txt")
	embedded := []string{"submit", "--dir", dir, "--listen", "127.0.0.1:0", "-j", "2"}
	code, out, stderr := runApp(t, append(embedded, "verify", "--backend", "dlx", file)...)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, strings.Repeat("unique\n", 20), out)
	assert.Contains(t, stderr, "embedded NATS server on nats://127.0.0.1:")

	// A file with a bad line and a puzzle without a solution: the exit
	// code and the message as sudokit's.
	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("not a puzzle\n11...............................................................................\n"), 0o644))
	code, out, stderr = runApp(t, append(embedded, "--per-message", "1", "solve", bad)...)
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "error\nnone\n", out)
	assert.Contains(t, stderr, "bad.txt:1: ")
}

func TestSubmitRefuses(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"submit", "--dir", dir, "generate", "puzzles.txt"}, "generate reads no puzzles"},
		{[]string{"submit", "--dir", dir, "--count", "3", "solve", "x"}, "--count is generate's"},
		{[]string{"submit", "--dir", dir, "--format", "grid", "generate"}, "not --format grid"},
		{[]string{"submit", "--dir", dir, "--seed", "1", "--symmetry", "spiral", "generate"}, "symmetry"},
		{[]string{"submit", "--dir", dir, "--seed", "1", "-n", "-1", "generate"}, "--count"},
		{[]string{"submit", "--dir", dir, "fly", "x"}, "unknown operation"},
		{[]string{"submit", "--dir", dir, "--in", "nosuch", "solve", "x"}, "unknown --in"},
		{[]string{"submit", "--dir", dir, "--backend", "glpsol", "solve", "x"}, "not offered on the queue"},
		{[]string{"submit", "--dir", dir, "--json", "--format", "line", "solve", "x"}, "disagree"},
		{[]string{"submit", "--dir", dir, "--batch", "a.b", "solve", "x"}, "batch name"},
		{[]string{"submit", "--dir", dir, "--ack-wait", "1ms", "solve", "x"}, "--ack-wait"},
		{[]string{"submit", "--server", "nats://127.0.0.1:1", "solve", "x"}, "connecting to NATS at nats://127.0.0.1:1"},
		{[]string{"submit", "--dir", dir, "--listen", "nohost", "solve", "x"}, "listen address"},
		{[]string{"worker"}, "server"},
		{[]string{"worker", "--server", "nats://127.0.0.1:1"}, "connecting to NATS"},
	} {
		code, _, stderr := runApp(t, tc.args...)
		assert.Equal(t, exitUsage, code, "%v", tc.args)
		assert.Contains(t, stderr, tc.want, "%v", tc.args)
	}
}

// TestSubmitGenerate: a generate batch prints what sudokit generate -j 1
// printed (testdata/generate, which cmd/sudokit's TestGenerateGolden keeps).
func TestSubmitGenerate(t *testing.T) {
	dir := t.TempDir()
	embedded := []string{"submit", "--dir", dir, "--listen", "127.0.0.1:0", "-j", "2", "--per-message", "2"}
	for name, args := range map[string][]string{
		"4x4":          {"--seed", "3", "-n", "5", "--size", "4"},
		"6x6-diagonal": {"--seed", "3", "-n", "3", "--shape", "2x3", "--variant", "diagonal"},
		"9x9-json":     {"--seed", "5", "-n", "4", "--symmetry", "rotate180", "--first", "2", "--json"},
		"attempts-out": {"--seed", "1", "-n", "3", "--minimal", "--givens", "18", "--attempts", "2"},
		"killer-json":  {"--seed", "4", "-n", "3", "--variant", "killer", "--backend", "prop", "--json", "--crosscheck"},
		"rating-json":  {"--seed", "5", "-n", "3", "--rating", "4.0-4.9", "--json"},
	} {
		code, out, stderr := runApp(t, append(append(embedded, "generate"), args...)...)
		want, err := os.ReadFile(filepath.Join("..", "..", "testdata", "generate", name+".txt"))
		require.NoError(t, err)
		assert.Equal(t, string(want), elapsed.ReplaceAllString(out, `"elapsed_ns":0`), name)
		if name == "attempts-out" {
			assert.Equal(t, exitLimit, code, stderr)
			assert.Contains(t, stderr, "no puzzle within the attempts")
		} else {
			assert.Equal(t, exitOK, code, stderr)
		}
	}
	code, _, stderr := runApp(t, append(embedded, "generate", "--shape", "4", "-n", "1")...)
	assert.Equal(t, exitOK, code)
	assert.Contains(t, stderr, "no --seed: using --seed ")
}

// TestSubmitJigsaw: --in jigsaw puzzles travel with their layout.
func TestSubmitJigsaw(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "jigsaw.txt")
	code, out, stderr := runApp(t, "submit", "--dir", t.TempDir(), "--listen", "127.0.0.1:0", "-j", "1", "--in", "jigsaw", "solve", file)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, "364891527189374265542168739625719843213987456937456182876523914498235671751642398\n", out, "the published solution")
}

// elapsed is the time taken in a JSON record, which differs between runs.
var elapsed = regexp.MustCompile(`"elapsed_ns":[0-9]+`)
