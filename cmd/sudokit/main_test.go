package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/variants"
)

const (
	top95first = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	top95sol   = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

var (
	// twoInRow has two equal givens in its first row: no solution.
	twoInRow = "11" + strings.Repeat(".", 79)
	// threeRows keeps only the first three rows of a solution: many solutions.
	threeRows = top95sol[:27] + strings.Repeat(".", 54)
)

type result struct {
	code           int
	stdout, stderr string
}

// run executes the CLI in-process with the given stdin.
func run(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	code := a.run(args)
	return result{code, out.String(), errb.String()}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

func TestSolve(t *testing.T) {
	for _, be := range []string{"dlx", "sat", "auto"} {
		r := run(t, "", "solve", "--backend", be, top95first)
		assert.Equal(t, 0, r.code, be+": "+r.stderr)
		assert.Equal(t, top95sol+"\n", r.stdout, be)
	}
}

func TestSolveBatchKeepsGoing(t *testing.T) {
	input := strings.Join([]string{
		top95first,
		"# a comment line",
		top95first[:80], // wrong length
		twoInRow,
		strings.Replace(top95first, "4", "Z", 1), // unknown symbol
		top95first,
	}, "\n") + "\n"
	path := writeFile(t, "batch.txt", input)
	r := run(t, "", "solve", "-j", "2", path)
	assert.Equal(t, exitUsage, r.code, "bad lines make the exit code 2")
	assert.Equal(t, top95sol+"\nerror\nnone\nerror\n"+top95sol+"\n", r.stdout, "one output line per puzzle line, in order")
	assert.Contains(t, r.stderr, "batch.txt:3")
	assert.Contains(t, r.stderr, "80")
	assert.Contains(t, r.stderr, "batch.txt:5")
	assert.Contains(t, r.stderr, `'Z'`)
	assert.NotContains(t, r.stderr, "batch.txt:4", "no solution is an answer, not an input error")
}

func TestSolveStdinAndGrid(t *testing.T) {
	r := run(t, top95first+"\n", "solve", "-")
	assert.Equal(t, 0, r.code)
	assert.Equal(t, top95sol+"\n", r.stdout)

	r = run(t, "", "solve", "--format", "grid", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
	assert.Len(t, lines, 11, "9 rows and 2 separators:\n"+r.stdout)
	assert.Contains(t, lines[0], "|")

	// A grid block in prints a grid out, and it parses back to the solution.
	r2 := run(t, r.stdout, "solve", "-", "--format", "line")
	assert.Equal(t, top95sol+"\n", r2.stdout, r2.stderr)
}

func TestSolveJSON(t *testing.T) {
	r := run(t, "", "solve", "--json", top95first, twoInRow)
	require.Equal(t, exitNegative, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 2)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	assert.Equal(t, float64(1), rec["schema"])
	assert.Equal(t, "sat", rec["status"])
	assert.Equal(t, "auto", rec["backend"], "auto is the default backend")
	assert.Equal(t, []any{top95sol}, rec["solutions"])
	assert.Equal(t, "3x3", rec["shape"])
	assert.Contains(t, rec["stats"], "nodes")
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &rec))
	assert.Equal(t, "none", rec["status"])
	assert.Equal(t, float64(1), rec["index"])
}

func TestVerifyAndCount(t *testing.T) {
	tests := []struct {
		args []string
		out  string
		code int
	}{
		{[]string{"verify", top95first}, "unique\n", 0},
		{[]string{"verify", threeRows}, "multiple (solutions differ at r8c1 r8c2 r8c3 r8c4 r8c5 r8c6 r8c7 r8c8 r8c9 r9c1 r9c2 r9c3 r9c4 r9c5 r9c6 r9c7 r9c8 r9c9)\n", 1},
		{[]string{"verify", twoInRow}, "none\n", 1},
		{[]string{"verify", top95first, twoInRow}, "unique\nnone\n", 1},
		{[]string{"verify", "--backend", "sat", top95first, twoInRow}, "unique\nnone\n", 1},
		{[]string{"count", top95first}, "1\n", 0},
		{[]string{"count", threeRows}, ">=2\n", 0},
		{[]string{"count", "--limit", "10", threeRows}, ">=10\n", 0},
		{[]string{"count", "--limit", "0", "1.3....4..4....1"}, "1\n", 0},
		{[]string{"count", "--limit", "0", "................"}, "288\n", 0},
		{[]string{"count", "--limit", "0", "--backend", "sat", "................"}, "288\n", 0},
		{[]string{"count", twoInRow}, "0\n", 1},
		{[]string{"verify", "--variant", "diagonal", "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"}, "unique\n", 0},
		{[]string{"verify", "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"}, "multiple (solutions differ at r3c7 r3c8 r7c3 r7c8 r9c3 r9c7)\n", 1},
		{[]string{"count", "--limit", "0", "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"}, "499035\n", 0},
		{[]string{"verify", "--minimal", top95first}, "unique (minimal)\n", 0},
		{[]string{"verify", "--minimal", "1.3....4..4....1"}, "unique (minimal)\n", 0},
		{[]string{"verify", "--minimal", "1.3....4..4....."}, "multiple (solutions differ at r2c1 r2c2 r3c1 r3c2 r3c4 r4c2 r4c4)\n", 1},
		{[]string{"verify", "--minimal", top95sol}, "unique (not minimal: each of r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9 r3c1 r3c2 … and 61 more can be removed)\n", 1},
		{[]string{"verify", "--minimal", twoInRow}, "none\n", 1},
	}
	for _, tt := range tests {
		r := run(t, "", tt.args...)
		assert.Equal(t, tt.out, r.stdout, "%v: %s", tt.args, r.stderr)
		assert.Equal(t, tt.code, r.code, "%v", tt.args)
	}
}

func TestLimits(t *testing.T) {
	empty25 := strings.Repeat(".", 625)
	r := run(t, "", "verify", "--nodes", "50", empty25, "1.3....4..4....1")
	assert.Equal(t, exitLimit, r.code, r.stderr)
	assert.Equal(t, "unknown\nunique\n", r.stdout)

	r = run(t, "", "solve", "--timeout", "1ns", "--json", empty25)
	assert.Equal(t, exitLimit, r.code, r.stderr)
	assert.Contains(t, r.stdout, `"status":"unknown"`)
	assert.Contains(t, r.stdout, `"stop":"deadline"`)
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"wrong length", []string{"solve", top95first[:80]}, "80"},
		{"unknown symbol", []string{"solve", strings.Replace(top95first, "8", "?", 1)}, "'?'"},
		{"value too large for the size", []string{"solve", "1.3....5..4....1"}, "5"},
		{"size with no box shape", []string{"solve", strings.Repeat(".", 49)}, "7x7 grid has no usual box shape"},
		{"size too large", []string{"solve", strings.Repeat(".", 37*37)}, "larger than the largest supported"},
		{"shape that does not fit", []string{"solve", "--shape", "2x2", top95first}, "81"},
		{"unknown variant", []string{"solve", "--variant", "antiknigt", top95first}, `unknown variant "antiknigt"`},
		{"unknown backend", []string{"solve", "--backend", "cplex", top95first}, `unknown backend "cplex"`},
		{"unknown format", []string{"solve", "--format", "xml", top95first}, `unknown --format "xml"`},
		{"bad shape", []string{"solve", "--shape", "3x", top95first}, "shape"},
		{"missing file", []string{"solve", "puzzles/missing.txt"}, "no such file"},
		{"unknown flag", []string{"solve", "--frobnicate", top95first}, "frobnicate"},
		{"empty input", []string{"solve", "-"}, "no puzzles"},
		{"negative limit", []string{"count", "--limit", "-1", top95first}, "--limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, "", tt.args...)
			assert.Equal(t, exitUsage, r.code, r.stdout)
			assert.Contains(t, r.stderr, tt.msg)
			assert.NotContains(t, r.stderr, "panic")
		})
	}
}

func TestNoInputOnTerminalPrintsUsage(t *testing.T) {
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, stdinIsTerm: true}
	code := a.run([]string{"verify"})
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, out.String()+errb.String(), "Usage:")
	assert.Contains(t, errb.String(), "no input")
}

func TestVariantsList(t *testing.T) {
	r := run(t, "", "variants")
	assert.Equal(t, 0, r.code)
	for _, e := range variants.Entries() {
		assert.Contains(t, r.stdout, "  "+e.Name+" ", "a named rule set is listed")
	}
	for _, fam := range variants.Families() {
		if fam.Codec != nil && !fam.Named() {
			assert.Contains(t, r.stdout, fam.Summary, "a family puzzles carry is listed: %s", fam.Name)
		}
	}
}

func TestCrosscheck(t *testing.T) {
	path := writeFile(t, "p.txt", top95first+"\n"+threeRows+"\n"+twoInRow+"\n")
	r := run(t, "", "crosscheck", path)
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "puzzles:       3")
	assert.Contains(t, r.stdout, "agreed:        3")
	assert.Contains(t, r.stdout, "disagreed:     0")

	r = run(t, "", "crosscheck", "--json", "--limit", "0", "................")
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 4, "one puzzle.Record per backend (dlx, sat, prop) and a summary")
	for _, line := range lines[:3] {
		assert.Contains(t, line, `"count":288`)
	}
	assert.Contains(t, lines[3], `"summary":true`)
	assert.Contains(t, lines[3], `"agreed":1`)

	r = run(t, "", "crosscheck", "--backends", "dlx,backtrack,auto", "1.3....4..4....1")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "backends:      dlx, backtrack, auto")
	assert.Contains(t, r.stdout, "agreed:        1")

	r = run(t, "", "crosscheck", "--backends", "dlx", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "at least two backends")
}

func TestCompare(t *testing.T) {
	r := run(t, "", "compare")
	require.Equal(t, 0, r.code, r.stderr)
	for _, s := range samples {
		assert.Contains(t, r.stdout, s.name)
	}
	assert.Contains(t, r.stdout, "nodes")
	assert.Contains(t, r.stdout, "clauses")
	assert.Contains(t, r.stdout, "answered 9")
	assert.NotContains(t, r.stdout, "unknown")

	r = run(t, "", "compare", "--json", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 4, "dlx, sat, prop and a summary")
	assert.Contains(t, lines[3], `"summary":true`)
}

func TestSamplesAreUnique(t *testing.T) {
	for _, s := range samples {
		args := []string{"verify", s.puzzle}
		if s.variants != "" {
			args = append(args, "--variant", s.variants)
		}
		r := run(t, "", args...)
		assert.Equal(t, "unique\n", r.stdout, s.name)
	}
}

func TestExport(t *testing.T) {
	r := run(t, "", "export", "--to", "cnf", top95first)
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "c sudokit export\n"), r.stdout[:40])
	assert.Contains(t, r.stdout, "c puzzle "+top95first)
	assert.Contains(t, r.stdout, "p cnf 729 ")

	r = run(t, "", "export", "--to", "dlx", "--variant", "diagonal", "1.3....4..4....1")
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "| sudokit export: puzzle 1.3....4..4....1 shape 2x2 variants diagonal\n"), r.stdout)

	cnf := run(t, "", "export", "--to", "cnf", top95first)
	dimacs := run(t, "", "export", "--to", "dimacs", top95first)
	assert.Equal(t, cnf.stdout, dimacs.stdout, "dimacs is cnf")

	r = run(t, "", "export", "--to", "cnf", top95first, top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "one puzzle")

	r = run(t, "", "export", "--to", "smt", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--to must be cnf or dlx")
}

func TestVersion(t *testing.T) {
	r := run(t, "", "--version")
	assert.Equal(t, 0, r.code)
	assert.Equal(t, "sudokit version devel\n", r.stdout, "a test binary is a work-tree build")
}

func TestInterruptReportsUnknown(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as after Ctrl-C
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(top95first + "\n" + top95first + "\n"), stdout: &out, stderr: &errb}
	code := a.runContext(ctx, []string{"solve", "-"})
	assert.Equal(t, exitLimit, code)
	assert.Equal(t, "unknown\nunknown\n", out.String(), "every line still gets its answer line")
}
