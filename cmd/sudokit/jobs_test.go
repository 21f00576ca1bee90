package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJobsCapped: -j far above what helps is capped before any work
// starts, with a warning, instead of sizing workers and channels by it
// (-j 10000000 ran out of memory).
func TestJobsCapped(t *testing.T) {
	r := run(t, "", "solve", "-j", "10000000", top95first, top95first)
	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Equal(t, top95sol+"\n"+top95sol+"\n", r.stdout)
	assert.Contains(t, r.stderr, "-j 10000000: running 256 workers at most")
	r = run(t, "", "solve", "-j", "0", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "-j must be at least 1")
}

// TestBrokenPipeStops: when the reader of the output goes away (count …
// | head -1), the run stops with exit code 4 though no answer is ready to
// be written: an empty 9x9 grid counted to the end would take years.
func TestBrokenPipeStops(t *testing.T) {
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pw.Close()
	var stderr syncBuffer
	a := &app{stdin: strings.NewReader(""), stdout: pw, stderr: &stderr}
	code := make(chan int, 1)
	go func() { code <- a.run([]string{"count", "--limit", "0", "--backend", "dlx", strings.Repeat(".", 81)}) }()
	pr.Close()
	select {
	case c := <-code:
		assert.Equal(t, exitOutput, c, stderr.String())
		assert.Contains(t, stderr.String(), "broken pipe")
	case <-time.After(2 * time.Minute):
		t.Fatal("the run went on after its output's reader left")
	}
}

// TestLogicInterrupted: grade, explain and hint under an interrupted
// context answer "unknown" (with the stop in --json) and exit 3, as solve,
// count and verify do, with no "context canceled" error per puzzle.
func TestLogicInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	input := strings.Repeat(top95first+"\n", 50)
	for _, cmd := range []string{"grade", "explain", "hint"} {
		for _, format := range []string{"text", "json"} {
			args := []string{cmd, "-"}
			if format == "json" {
				args = append(args, "--json")
			}
			var out, errb bytes.Buffer
			a := &app{stdin: strings.NewReader(input), stdout: &out, stderr: &errb}
			code := a.runContext(ctx, args)
			assert.NotContains(t, errb.String(), "context canceled", "%v", args)
			assert.NotContains(t, out.String(), "error", "%v", args)
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			unknown := 0
			for _, l := range lines {
				if l == "unknown" || strings.Contains(l, `"status":"unknown","stop":"canceled"`) {
					unknown++
				}
			}
			assert.Positive(t, unknown, "%v: %s", args, out.String())
			assert.Equal(t, exitLimit, code, "%v: %s", args, errb.String())
		}
	}
}

// TestNodesRefused: --nodes with a backend that counts no nodes (sat, the
// outside solvers), or with hint, which runs no search, is refused with a
// clear error instead of being ignored; the backends that count nodes
// honour it.
func TestNodesRefused(t *testing.T) {
	r := run(t, "", "solve", "--backend", "sat", "--nodes", "10", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--nodes: the sat backend counts no search nodes")
	assert.Empty(t, r.stdout)
	r = run(t, "", "hint", "--nodes", "10", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "runs no search")
	for _, be := range []string{"dlx", "prop", "backtrack"} {
		r = run(t, "", "solve", "--backend", be, "--nodes", "1", strings.Repeat(".", 80)+"1")
		assert.Equal(t, exitLimit, r.code, "%s: %s", be, r.stderr)
		assert.Equal(t, "unknown\n", r.stdout, be)
	}
	r = run(t, "", "solve", "--help")
	assert.Contains(t, r.stdout, "refused with sat")
}

// TestInterruptedBuild: an interrupt stops building the rules of the
// puzzles still to come, and those answer unknown (exit 3), not error,
// in every command that reads a batch.
func TestInterruptedBuild(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"solve", "-"}, {"count", "-"}, {"convert", "--to", "grid", "-"}, {"solve", "--format", "candidates", "-"},
	} {
		var out, errb bytes.Buffer
		a := &app{stdin: strings.NewReader(top95first + "\n" + top95first + "\n"), stdout: &out, stderr: &errb}
		code := a.runContext(ctx, args)
		assert.Equal(t, exitLimit, code, "%v: %s", args, errb.String())
		assert.NotContains(t, out.String(), "error", "%v", args)
		assert.NotContains(t, errb.String(), "context canceled", "%v", args)
		assert.Equal(t, 2, strings.Count(out.String(), "unknown"), "%v: %s", args, out.String())
	}
}
