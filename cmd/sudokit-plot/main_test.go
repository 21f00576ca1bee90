package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/internal/report"
)

// benchJSON is what sudokit bench --json writes for two puzzles and two
// backends: per-puzzle records (one gave up, one failed to parse) and a
// summary per backend.
const benchJSON = `{"schema":1,"index":0,"source":"set.txt","line":1,"puzzle":"4.....8.5","backend":"dlx","status":"sat","count":1,"limit":1,"stats":{"nodes":461,"updates":9815,"elapsed_ns":207000},"set":"set.txt","solved":true}
{"schema":1,"index":1,"source":"set.txt","line":2,"puzzle":"1....","backend":"dlx","status":"unknown","stop":"node limit","count":0,"limit":1,"stats":{"nodes":10,"elapsed_ns":9000},"set":"set.txt","solved":false}
{"schema":1,"index":2,"source":"set.txt","line":3,"puzzle":"12","backend":"dlx","error":"81 symbols expected","set":"set.txt","solved":false}
{"schema":1,"summary":true,"set":"set.txt","backend":"dlx","mode":"first","jobs":2,"puzzles":3,"solved":1,"gave_up":1,"wrong":0,"errors":1}

{"schema":1,"index":0,"source":"set.txt","line":1,"puzzle":"4.....8.5","backend":"sat","status":"sat","count":1,"limit":1,"stats":{"vars":271,"clauses":2050,"solve_calls":1,"elapsed_ns":818241},"set":"set.txt","solved":true}
{"schema":1,"summary":true,"set":"set.txt","backend":"sat","mode":"first","jobs":2,"puzzles":1,"solved":1,"gave_up":0,"wrong":0,"errors":0}
`

func TestReadSamples(t *testing.T) {
	got, err := readSamples(strings.NewReader(benchJSON), "run.jsonl")
	require.NoError(t, err)
	assert.Equal(t, []report.Sample{
		{Backend: "dlx", Set: "set.txt", Elapsed: 207 * time.Microsecond, Nodes: 461, Solved: true},
		{Backend: "dlx", Set: "set.txt", Elapsed: 9 * time.Microsecond, Nodes: 10, Solved: false},
		{Backend: "sat", Set: "set.txt", Elapsed: 818241, Solved: true},
	}, got, "summaries and errors are skipped")

	// solve --json records carry no "solved": the status, the stop reason
	// and the referee's objection decide.
	solve := `{"source":"a.txt","backend":"dlx","status":"unique","stats":{"nodes":5,"elapsed_ns":1000}}
{"source":"dir/a.txt","backend":"dlx","status":"multiple","stop":"deadline","stats":{"nodes":5,"elapsed_ns":1000}}
{"source":"a.txt","backend":"dlx","status":"unknown","stats":{"nodes":5,"elapsed_ns":1000}}
{"source":"a.txt","backend":"dlx","status":"sat","wrong":"r1c1 is 1 twice","stats":{"elapsed_ns":1000}}
{"source":"a.txt","status":"sat"}
`
	got, err = readSamples(strings.NewReader(solve), "solve.jsonl")
	require.NoError(t, err)
	require.Len(t, got, 4, "a record without backend or stats is not a measurement")
	assert.True(t, got[0].Solved)
	assert.Equal(t, "a.txt", got[1].Set, "the source's file name stands for the set")
	for _, s := range got[1:] {
		assert.False(t, s.Solved, "stopped, unknown or wrong")
	}

	_, err = readSamples(strings.NewReader(benchJSON+"set.txt dlx first 3\n"), "run.jsonl")
	assert.ErrorContains(t, err, "run.jsonl:8: not a JSON record")
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "run.jsonl")
	require.NoError(t, os.WriteFile(in, []byte(benchJSON), 0o644))

	var stderr bytes.Buffer
	svg := filepath.Join(dir, "b.svg")
	require.Equal(t, 0, run([]string{"-o", svg, "-title", "a title", in}, nil, &stderr), stderr.String())
	data, err := os.ReadFile(svg)
	require.NoError(t, err)
	assert.Contains(t, string(data), "<svg")
	assert.Contains(t, string(data), "a title")

	png := filepath.Join(dir, "b.PNG")
	require.Equal(t, 0, run([]string{"-o", png}, strings.NewReader(benchJSON), &stderr), "stdin by default: %s", stderr.String())
	data, err = os.ReadFile(png)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(data, []byte("\x89PNG")))

	for _, tc := range []struct {
		args  []string
		stdin string
		code  int
		msg   string
	}{
		{[]string{in}, "", exitUsage, "-o FILE is required"},
		{[]string{"-o", svg, "-bogus"}, "", exitUsage, "flag provided but not defined"},
		{[]string{"-o", svg, filepath.Join(dir, "missing.jsonl")}, "", exitUsage, "missing.jsonl"},
		{[]string{"-o", svg}, "not json\n", exitUsage, "stdin:1: not a JSON record"},
		{[]string{"-o", svg, "-"}, `{"summary":true,"backend":"dlx","solved":3}` + "\n", exitUsage, "no per-puzzle records in -"},
		{[]string{"-o", filepath.Join(dir, "no", "such", "dir.svg"), in}, "", exitFailed, "no such file or directory"},
	} {
		stderr.Reset()
		assert.Equal(t, tc.code, run(tc.args, strings.NewReader(tc.stdin), &stderr), "%v", tc.args)
		assert.Contains(t, stderr.String(), tc.msg, "%v", tc.args)
	}
	stderr.Reset()
	assert.Equal(t, 0, run([]string{"-h"}, nil, &stderr))
	assert.Contains(t, stderr.String(), "usage: sudokit-plot -o")
}
