package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

func TestBench(t *testing.T) {
	path := writeFile(t, "set.txt", top95first+"\n"+threeRows+"\n"+"1.3....4..4....1\n")
	r := run(t, "", "bench", "--backends", "dlx,sat", path)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 3, r.stdout)
	assert.Contains(t, lines[0], "puzzles/s")
	assert.Regexp(t, `set\.txt\s+dlx\s+first\s+\d+\s+3\s+3\s+0\s+0`, lines[1])
	assert.Regexp(t, `set\.txt\s+sat\s+first\s+\d+\s+3\s+3\s+0\s+0`, lines[2])

	r = run(t, "", "bench", "--json", "--mode", "unique", "--backends", "dlx", path)
	require.Equal(t, 0, r.code, r.stderr)
	lines = strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 4, "three puzzle records and a summary")
	var sum benchRow
	require.NoError(t, json.Unmarshal([]byte(lines[3]), &sum))
	assert.True(t, sum.Summary)
	assert.Equal(t, 3, sum.Puzzles)
	assert.Equal(t, 3, sum.Solved)
	assert.Equal(t, "unique", sum.Mode)
	assert.LessOrEqual(t, sum.NodesMin, sum.NodesMedian)
	assert.LessOrEqual(t, sum.NodesMedian, sum.NodesMax)
	assert.Greater(t, sum.PuzzlesPerSec, 0.0)
	assert.Contains(t, lines[1], `"status":"multiple"`)

	r = run(t, "", "bench", "--csv", "--backends", "sat", "--max", "2", path)
	require.Equal(t, 0, r.code, r.stderr)
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, benchColumns, rows[0])
	assert.Equal(t, "2", rows[1][4], "--max caps the puzzles per file")

	r = run(t, "", "bench", "--markdown", "--backends", "dlx", path)
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "| set | backend |"), r.stdout)

	assert.Contains(t, lines[0], `"solved":true`)
}

// TestBenchPlot runs bench --plot with a freshly built sudokit-plot on
// PATH, and without one: then bench refuses before solving anything and
// names the command that installs it.
func TestBenchPlot(t *testing.T) {
	path := writeFile(t, "set.txt", top95first+"\n"+threeRows+"\n")
	// Built first: once PATH is emptied below, no go command is found.
	var plotDir string
	if !testing.Short() {
		plotDir = buildCommands(t, "./cmd/sudokit-plot")
	}
	t.Setenv("PATH", t.TempDir())
	svg := filepath.Join(t.TempDir(), "b.svg")
	r := run(t, "", "bench", "--backends", "dlx", "--plot", svg, path)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "go install ./cmd/sudokit-plot")
	assert.Empty(t, r.stdout, "refused before the run")
	assert.NoFileExists(t, svg)

	if testing.Short() {
		t.Skip("builds sudokit-plot; skipped with -short")
	}
	t.Setenv("PATH", plotDir)
	r = run(t, "", "bench", "--backends", "dlx,sat", "--plot", svg, path)
	require.Equal(t, 0, r.code, r.stderr)
	data, err := os.ReadFile(svg)
	require.NoError(t, err)
	assert.Contains(t, string(data), "<svg")
	assert.Contains(t, string(data), "sudokit bench, mode first")

	png := filepath.Join(t.TempDir(), "b.png")
	r = run(t, "", "bench", "--backends", "dlx", "--plot", png, path)
	require.Equal(t, 0, r.code, r.stderr)
	data, err = os.ReadFile(png)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "\x89PNG"), "a PNG by the file's extension")
}

// TestBenchPlotPath: a --plot path that cannot be written, or names a
// picture sudokit-plot does not draw, is refused before any puzzle is
// solved; a plot that fails after the run still prints the measurements.
func TestBenchPlotPath(t *testing.T) {
	path := writeFile(t, "set.txt", top95first+"\n")
	dir := t.TempDir()
	for _, plot := range []string{
		filepath.Join(dir, "no", "dir", "b.svg"),
		"/nonexistent/x.svg",
		filepath.Join(dir, "b.pdf"),
		filepath.Join(dir, "b"),
		dir, // a directory named like a picture: see below
	} {
		if plot == dir {
			plot = filepath.Join(dir, "d.svg")
			require.NoError(t, os.Mkdir(plot, 0o755))
		}
		r := run(t, "", "bench", "--backends", "dlx", "--plot", plot, path)
		assert.Equal(t, exitUsage, r.code, plot)
		assert.Contains(t, r.stderr, "--plot", plot)
		assert.Empty(t, r.stdout, "%s: refused before the run", plot)
	}
	if runtime.GOOS == "windows" {
		return
	}
	// A plotter that fails: the table is printed all the same.
	bin := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bin, "sudokit-plot"), []byte("#!/bin/sh\necho cannot draw >&2\nexit 1\n"), 0o755))
	t.Setenv("PATH", bin)
	r := run(t, "", "bench", "--backends", "dlx", "--plot", filepath.Join(dir, "b.svg"), path)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "sudokit-plot failed")
	assert.Regexp(t, `set\.txt\s+dlx\s+first`, r.stdout, "the measurements are kept")
}

func TestBenchLimitsAndErrors(t *testing.T) {
	path := writeFile(t, "big.txt", strings.Repeat(".", 625)+"\n"+top95first[:80]+"\n")
	r := run(t, "", "bench", "--backends", "dlx", "--nodes", "10", path)
	assert.Equal(t, exitUsage, r.code, "a bad line is an input error")
	assert.Contains(t, r.stderr, "big.txt:2")
	assert.Regexp(t, `big\.txt\s+dlx\s+first\s+\d+\s+2\s+0\s+1\s+0`, r.stdout, "one gave up, one error")

	r = run(t, "", "bench", "--mode", "all", path)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--mode must be first or unique")

	r = run(t, "", "bench", "missing-file.txt")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "no such file")
}

// liar returns a wrong "solution": every cell takes value 1.
type liar struct{}

func (liar) Solve(_ context.Context, m *model.Model, _ model.Options) (model.Result, error) {
	sol := make(model.Solution, m.Cells())
	for c := range sol {
		sol[c] = m.Cand(c, 1)
	}
	return model.Result{Status: model.Sat, Count: 1, Solutions: []model.Solution{sol}, Stats: model.Stats{Elapsed: time.Microsecond}}, nil
}

func TestBenchRefereesEverySolution(t *testing.T) {
	backends = append(backends, backend{name: "liar", solver: liar{}})
	defer func() { backends = backends[:len(backends)-1] }()
	r := run(t, "", "bench", "--backends", "liar", writeFile(t, "one.txt", top95first+"\n"))
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stderr, "liar returned a wrong solution")
	assert.Regexp(t, `liar\s+first\s+\d+\s+1\s+0\s+0\s+1`, r.stdout, "counted as wrong, not solved")
}

// TestBenchIncomplete: annealing is measured by the solutions it finds
// within its budget, with no guesses counted and no uniqueness asked of it,
// by bench or by the commands that prove uniqueness.
func TestBenchIncomplete(t *testing.T) {
	path := writeFile(t, "set.txt", "1...........2..3\n"+top95first+"\n")
	r := run(t, "", "bench", "--backends", "anneal,dlx", "--nodes", "1000", path)
	assert.Equal(t, exitLimit, r.code, "top95's first puzzle needs more than 1,000 moves")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 3, r.stdout)
	cols := strings.Fields(lines[1])
	require.Len(t, cols, len(benchColumns), lines[1])
	assert.Equal(t, "anneal", cols[1])
	assert.Equal(t, []string{"2", "1", "1", "0"}, cols[4:8], "puzzles, solved, gave up, wrong")
	assert.Equal(t, []string{"-", "-", "-", "-"}, cols[17:], "no guess, vars, clauses, solve calls")
	assert.NotEqual(t, "-", cols[16], "moves are counted as nodes")
	dlx := strings.Fields(lines[2])
	assert.NotEqual(t, "-", dlx[17], "DLX counts the puzzles it solved without a guess")

	r = run(t, "", "bench", "--json", "--backends", "anneal,dlx", path)
	require.Equal(t, 0, r.code, r.stderr)
	var sums []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &rec))
		if rec["summary"] == true {
			sums = append(sums, rec)
		}
	}
	require.Len(t, sums, 2)
	assert.NotContains(t, sums[0], "no_guess", "anneal")
	assert.Contains(t, sums[1], "no_guess", "dlx")

	r = run(t, "", "bench", "--mode", "unique", "--backends", "dlx,anneal", path)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--mode unique: anneal cannot prove uniqueness")

	for _, args := range [][]string{{"verify", top95first}, {"grade", top95first}, {"explain", top95first}, {"generate", "-n", "1", "--seed", "1"}} {
		r = run(t, "", append(args, "--backend", "anneal")...)
		assert.Equal(t, exitUsage, r.code, "%v", args)
		assert.Contains(t, r.stderr, args[0]+": anneal cannot prove uniqueness", "%v", args)
		assert.Empty(t, r.stdout, "%v", args)
	}
	assert.Empty(t, r.stdout)
}

// TestBenchSourceStreams: bench reads a file anew for each backend, the
// first --max puzzles each time, instead of keeping every puzzle, so its
// memory does not grow with the file.
func TestBenchSourceStreams(t *testing.T) {
	path := filepath.Join(t.TempDir(), "five.txt")
	lines := fixture.Lines(t, "../../testdata/top95.txt", 5)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	s, err := a.newSetup(&puzzleFlags{jobs: 1, in: "auto"})
	require.NoError(t, err)
	n, read, err := a.benchSource(path, s, 3)
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	for range 2 { // once per backend
		ch := make(chan puzzle.Item, 8)
		done := make(chan error, 1)
		go func() { done <- read(ch) }()
		var got []string
		for it := range ch {
			got = append(got, it.Grid.Line())
		}
		require.NoError(t, <-done)
		assert.Equal(t, lines[:3], got)
	}
}
