package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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
		{[]string{"submit", "--dir", dir, "generate"}, "generate is not offered"},
		{[]string{"submit", "--dir", dir, "fly", "x"}, "unknown operation"},
		{[]string{"submit", "--dir", dir, "--in", "jigsaw", "solve", "x"}, "jigsaw"},
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
