package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/generate"
)

func TestGenerate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		lines int
		width int
	}{
		{"9x9", []string{"--seed", "3", "-n", "6"}, 6, 81},
		{"symmetric minimal", []string{"--seed", "3", "-n", "4", "--symmetry", "rotate180", "--minimal"}, 4, 81},
		{"minimal", []string{"--seed", "3", "-n", "2", "--minimal"}, 2, 81},
		{"4x4", []string{"--seed", "3", "-n", "5", "--size", "4"}, 5, 16},
		{"6x6 diagonal", []string{"--seed", "3", "-n", "3", "--shape", "2x3", "--variant", "diagonal"}, 3, 0},
		{"16x16", []string{"--seed", "3", "-n", "1", "--size", "16"}, 1, 256},
		{"givens", []string{"--seed", "3", "-n", "2", "--givens", "40"}, 2, 81},
		{"jigsaw", []string{"--seed", "3", "-n", "2", "--variant", "jigsaw"}, 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, "", append([]string{"generate"}, tc.args...)...)
			require.Equal(t, exitOK, r.code, r.stderr)
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
			require.Len(t, lines, tc.lines)
			for _, l := range lines {
				if tc.width > 0 {
					assert.Len(t, l, tc.width)
				} else {
					assert.True(t, strings.HasPrefix(l, "https://f-puzzles.com/?load="), l)
				}
			}
			// Puzzles with rules are links that carry them: verify
			// needs no --variant.
			var verifyArgs []string
			if v := flagValue(tc.args, "--shape"); v != "" {
				verifyArgs = append(verifyArgs, "--shape", v)
			}
			v := run(t, r.stdout, append(append([]string{"verify", "--backend", "sat"}, verifyArgs...), "-")...)
			require.Equal(t, exitOK, v.code, v.stderr)
			assert.Equal(t, strings.Repeat("unique\n", tc.lines), v.stdout)
			if flagValue(tc.args, "--minimal") != "" && flagValue(tc.args, "--symmetry") == "" {
				// Strictly minimal without a symmetry; with one, no
				// symmetric class can go (the generate package's tests).
				v = run(t, r.stdout, "verify", "--minimal", "-")
				assert.Equal(t, strings.Repeat("unique (minimal)\n", tc.lines), v.stdout)
			}
		})
	}
}

// flagValue returns the value after flag in args, "true" for a flag with
// none, or "".
func flagValue(args []string, flag string) string {
	for i, a := range args {
		if a == flag {
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				return args[i+1]
			}
			return "true"
		}
	}
	return ""
}

func TestGenerateSeedWhateverJobs(t *testing.T) {
	one := run(t, "", "generate", "--seed", "77", "-n", "8", "-j", "1", "--symmetry", "random")
	two := run(t, "", "generate", "--seed", "77", "-n", "8", "-j", "2", "--symmetry", "random")
	require.Equal(t, exitOK, one.code, one.stderr)
	assert.Equal(t, one.stdout, two.stdout)
	other := run(t, "", "generate", "--seed", "78", "-n", "8", "-j", "2", "--symmetry", "random")
	assert.NotEqual(t, one.stdout, other.stdout)
	drawn := run(t, "", "generate", "-n", "1")
	require.Equal(t, exitOK, drawn.code)
	assert.Contains(t, drawn.stderr, "using --seed", "a drawn seed is printed so the run can be repeated")
}

func TestGenerateJSON(t *testing.T) {
	r := run(t, "", "generate", "--seed", "5", "-n", "3", "--json", "--crosscheck", "--minimal", "--difficulty", "easy")
	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 3)
	for i, l := range lines {
		var rec generate.Record
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
		assert.Equal(t, i, rec.Index)
		assert.Equal(t, "unique", rec.Crosscheck)
		assert.Equal(t, "easy", rec.Level)
		require.NotNil(t, rec.Minimal)
		assert.True(t, *rec.Minimal)
		assert.Equal(t, "prop", rec.Backend)
		assert.Equal(t, strings.Count(rec.Puzzle, ".")+rec.Givens, 81)
		for k := range rec.Puzzle {
			if rec.Puzzle[k] != '.' {
				assert.Equal(t, rec.Solution[k], rec.Puzzle[k])
			}
		}
		assert.Positive(t, rec.Stats.Attempts)
		g := run(t, rec.Puzzle, "grade", "-")
		assert.Equal(t, "easy\n", g.stdout)
	}
}

// TestGenerateDifficulty: each --difficulty gives puzzles sudokit grade
// puts at that level; LEVEL+ at that level or harder.
func TestGenerateDifficulty(t *testing.T) {
	levels := []string{"simple", "easy", "intermediate", "expert", "extreme", "master"}
	for i, d := range []string{"simple", "easy", "intermediate", "expert", "extreme", "master", "expert+", "easy+"} {
		t.Run(d, func(t *testing.T) {
			r := run(t, "", "generate", "--seed", "9", "-n", "4", "-j", "2", "--difficulty", d)
			require.Equal(t, exitOK, r.code, r.stderr)
			g := run(t, r.stdout, "grade", "-")
			require.Equal(t, exitOK, g.code, g.stderr)
			grades := strings.Split(strings.TrimSpace(g.stdout), "\n")
			require.Len(t, grades, 4)
			for _, grade := range grades {
				grade, _, _ = strings.Cut(grade, " (") // search (2 guesses)
				if name, ok := strings.CutSuffix(d, "+"); ok {
					assert.GreaterOrEqual(t, slices.Index(levels, grade), slices.Index(levels, name), "%s: %s", d, grade)
				} else {
					assert.Equal(t, levels[i], grade)
				}
			}
		})
	}
}

// uniqueLinks runs generate with args and -j 1, then -j 2, and checks that
// both print the same n f-puzzles links, which verify reads back as
// unique; it returns them.
func uniqueLinks(t *testing.T, n int, args ...string) string {
	t.Helper()
	one := run(t, "", append(args, "-j", "1")...)
	require.Equal(t, exitOK, one.code, one.stderr)
	two := run(t, "", append(args, "-j", "2")...)
	assert.Equal(t, one.stdout, two.stdout, "the same puzzles whatever -j")
	lines := strings.Split(strings.TrimSpace(one.stdout), "\n")
	require.Len(t, lines, n)
	for _, l := range lines {
		assert.True(t, strings.HasPrefix(l, "https://f-puzzles.com/?load="), l)
	}
	v := run(t, one.stdout, "verify", "--backend", "sat", "-")
	require.Equal(t, exitOK, v.code, v.stderr)
	assert.Equal(t, strings.Repeat("unique\n", n), v.stdout)
	return one.stdout
}

// TestGenerateKiller: cages-only killers as f-puzzles links that verify
// reads back as unique, the same whatever -j, with the cages, the solution
// and a second backend's word in --json.
func TestGenerateKiller(t *testing.T) {
	uniqueLinks(t, 3, "generate", "--variant", "killer", "--seed", "4", "-n", "3")

	r := run(t, "", "generate", "--variant", "killer", "--seed", "4", "-n", "2", "-j", "2", "--json", "--crosscheck", "--cage-size", "4")
	require.Equal(t, exitOK, r.code, r.stderr)
	for i, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var rec generate.Record
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
		assert.Equal(t, i, rec.Index)
		assert.Equal(t, "unique", rec.Crosscheck)
		assert.Equal(t, "auto", rec.Backend)
		assert.Equal(t, []string{"killer"}, rec.Variants)
		assert.Zero(t, rec.Givens)
		assert.Equal(t, strings.Repeat(".", 81), rec.Puzzle)
		cells := 0
		for _, c := range rec.Cages {
			assert.True(t, len(c.Cells) >= 2 && len(c.Cells) <= 4, "%v", c)
			sum := 0
			for _, name := range c.Cells {
				var row, col int
				_, err := fmt.Sscanf(name, "r%dc%d", &row, &col)
				require.NoError(t, err)
				sum += int(rec.Solution[(row-1)*9+col-1] - '0')
			}
			assert.Equal(t, c.Total, sum, "%v", c)
			cells += len(c.Cells)
		}
		assert.Equal(t, 81, cells)
		s := run(t, rec.Link, "solve", "-")
		assert.Equal(t, rec.Solution+"\n", s.stdout, "the link reads back with its solution")
	}
}

// TestGenerateTimeout: --timeout stops the run with exit code 3 and a
// message, after printing every puzzle finished, each whole.
func TestGenerateTimeout(t *testing.T) {
	r := run(t, "", "generate", "--seed", "1", "-n", "1000000", "-j", "2", "--timeout", "300ms")
	assert.Equal(t, exitLimit, r.code)
	assert.Contains(t, r.stderr, "--timeout 300ms reached")
	lines := strings.Fields(r.stdout)
	assert.Less(t, len(lines), 1000000)
	assert.Contains(t, r.stderr, fmt.Sprintf(": %d of 1000000 puzzles generated", len(lines)))
	for _, l := range lines {
		require.Len(t, l, 81)
	}
	v := run(t, r.stdout, "verify", "-")
	assert.Equal(t, exitOK, v.code, "every puzzle printed is whole and unique")

	r = run(t, "", "generate", "--seed", "1", "-n", "2", "--size", "25", "--timeout", "50ms", "--crosscheck")
	assert.Equal(t, exitLimit, r.code)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "0 of 2 puzzles")
}

// TestGenerateProgress: with stderr on a terminal and the puzzles going
// elsewhere, generate shows a progress bar on stderr, --json too; not when
// stdout is the terminal as well.
func TestGenerateProgress(t *testing.T) {
	if os.Getenv("NO_PROGRESS") != "" {
		t.Skip("NO_PROGRESS is set")
	}
	for _, tc := range []struct {
		args       []string
		stdoutTerm bool
		bar        bool
	}{
		{[]string{"-n", "30"}, false, true},
		{[]string{"-n", "5", "--json"}, false, true},
		{[]string{"-n", "30"}, true, false},
	} {
		var out, errb bytes.Buffer
		a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, stderrTerm: true, stdoutTerm: tc.stdoutTerm}
		require.Equal(t, exitOK, a.run(append([]string{"generate", "--seed", "1"}, tc.args...)), errb.String())
		assert.Equal(t, tc.bar, strings.Contains(errb.String(), "generate"), "%v: %q", tc.args, errb.String())
		assert.NotEmpty(t, out.String())
	}
}

func TestGenerateErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--symmetry", "spiral"}, "unknown symmetry"},
		{[]string{"--size", "7"}, "7"},
		{[]string{"--variant", "nosuch"}, "nosuch"},
		{[]string{"--difficulty", "impossible"}, "impossible"},
		{[]string{"--difficulty", "expert++"}, "level and +"},
		{[]string{"--variant", "killer", "--cage-size", "1"}, "cage size 1"},
		{[]string{"--variant", "killer", "--symmetry", "rotate180"}, "no givens"},
		{[]string{"--variant", "arrow,thermo"}, "one kind of clue at a time"},
		{[]string{"--variant", "killer,littlekiller"}, "no littlekiller clues"},
		{[]string{"--clues", "4"}, "clues need a variant"},
		{[]string{"--variant", "thermo", "--clues", "-1"}, "clues, cage size and nodes must not be negative"},
		{[]string{"--first", "-1"}, "--first -1"},
		{[]string{"--variant", "arrow", "--clues", "14"}, "at most 13"},
		{[]string{"--variant", "arrows"}, "arrows"},
		{[]string{"--backend", "nosuch"}, "unknown backend"},
		{[]string{"-j", "0"}, "-j"},
		{[]string{"--timeout", "-1s"}, "--timeout"},
		{[]string{"puzzle"}, "unknown command"},
		{[]string{"--rating", "7.9-7.0"}, "7.9 is above 7.0"},
		{[]string{"--rating", "12"}, "outside 1.0 to 11.0"},
		{[]string{"--rating", "0.5-3"}, "outside 1.0 to 11.0"},
		{[]string{"--rating", "hard"}, "not a number"},
		{[]string{"--rating", "7.25"}, "tenths"},
		{[]string{"--rating", "7-7.9", "--difficulty", "expert"}, "rating and difficulty"},
		{[]string{"--rating", "9+", "--symmetry", "rotate180"}, "hard seed puzzles"},
		{[]string{"--rating", "7-7.9", "--size", "4"}, "classic 9x9"},
		{[]string{"--rating", "7-7.9", "--variant", "diagonal"}, "classic 9x9"},
	} {
		r := run(t, "", append([]string{"generate", "--seed", "1"}, tc.args...)...)
		assert.Equal(t, exitUsage, r.code, tc.args)
		assert.Contains(t, r.stderr, tc.want, tc.args)
		assert.Empty(t, r.stdout)
	}
}

// TestGenerateStopped: an interrupted run, or one whose attempts run out,
// exits with 3 after the puzzles it finished.
func TestGenerateStopped(t *testing.T) {
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.Equal(t, exitLimit, a.runContext(ctx, []string{"generate", "--seed", "1", "-n", "100"}))
	assert.Empty(t, out.String())

	r := run(t, "", "generate", "--seed", "1", "-n", "3", "--minimal", "--givens", "18", "--attempts", "2", "-j", "1")
	assert.Equal(t, exitLimit, r.code)
	assert.Contains(t, r.stderr, "at most 18 givens")

	r = run(t, "", "generate", "--seed", "1", "-n", "2", "--rating", "1.1", "--attempts", "3", "-j", "1")
	assert.Equal(t, exitLimit, r.code)
	assert.Contains(t, r.stderr, "3 attempts ([rating 1.1])")
	assert.Empty(t, r.stdout)
}

// TestGenerateRating: --rating gives puzzles whose rating.er, as sudokit
// grade --json gives it again from their lines, lies in the band and is
// the one their records give; drawn (3.0-3.9) and searched from the seed
// puzzles (8.0-8.9, 9.0+). The same seed gives them again whatever -j.
func TestGenerateRating(t *testing.T) {
	type rated struct {
		Puzzle string `json:"puzzle"`
		Rating struct {
			ER float64 `json:"er"`
		} `json:"rating"`
		Status string `json:"status"`
	}
	for _, tc := range []struct {
		band   string
		lo, hi float64
	}{{"3.0-3.9", 3, 3.9}, {"8.0-8.9", 8, 8.9}, {"9.0+", 9, 99}} {
		t.Run(tc.band, func(t *testing.T) {
			args := []string{"generate", "--seed", "5", "-n", "2", "--rating", tc.band, "--json"}
			r := run(t, "", append(args, "-j", "1")...)
			require.Equal(t, exitOK, r.code, r.stderr)
			two := run(t, "", append(args, "-j", "2")...)
			assert.Equal(t, stripElapsed(r.stdout), stripElapsed(two.stdout), "the same puzzles whatever -j")
			var lines []string
			var ers []float64
			for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				var rec rated
				require.NoError(t, json.Unmarshal([]byte(l), &rec))
				lines = append(lines, rec.Puzzle)
				ers = append(ers, rec.Rating.ER)
			}
			require.Len(t, lines, 2)
			g := run(t, strings.Join(lines, "\n")+"\n", "grade", "--json", "-")
			require.Equal(t, exitOK, g.code, g.stderr)
			for i, l := range strings.Split(strings.TrimSpace(g.stdout), "\n") {
				var rec rated
				require.NoError(t, json.Unmarshal([]byte(l), &rec))
				assert.Equal(t, "unique", rec.Status)
				assert.Equal(t, ers[i], rec.Rating.ER, lines[i])
				assert.True(t, rec.Rating.ER >= tc.lo && rec.Rating.ER <= tc.hi, "%s rated %.1f", lines[i], rec.Rating.ER)
			}
		})
	}
}

// stripElapsed blanks the elapsed_ns of generate's records.
func stripElapsed(s string) string {
	return regexp.MustCompile(`"elapsed_ns":\d+`).ReplaceAllString(s, `"elapsed_ns":0`)
}

// TestGenerateClues: arrows, little killers and thermometers come as
// f-puzzles links that verify reads back as unique (minimal with
// --minimal), the same whatever -j, with their rules and a second
// backend's word in --json.
func TestGenerateClues(t *testing.T) {
	for _, tc := range []struct {
		variant string
		size    string
		args    []string
	}{
		{"arrow", "9", nil},
		{"arrow", "6", []string{"--clues", "4"}},
		{"littlekiller", "9", nil},
		{"littlekiller", "6", nil},
		{"thermo", "9", nil},
		{"thermo", "6", nil},
		{"thermo,diagonal", "9", []string{"--clues", "5"}},
		{"arrow", "9", []string{"--minimal"}},
		{"littlekiller", "6", []string{"--minimal"}},
		{"thermo", "9", []string{"--minimal", "--symmetry", "rotate180", "--clues", "4"}},
	} {
		t.Run(tc.variant+"/"+tc.size+strings.Join(tc.args, ""), func(t *testing.T) {
			out := uniqueLinks(t, 3, append([]string{"generate", "--variant", tc.variant, "--size", tc.size, "--seed", "6", "-n", "3"}, tc.args...)...)
			if slices.Contains(tc.args, "--minimal") && !slices.Contains(tc.args, "--symmetry") {
				v := run(t, out, "verify", "--minimal", "-")
				assert.Equal(t, strings.Repeat("unique (minimal)\n", 3), v.stdout)
			}
		})
	}
}

// TestGenerateCluesJSON: --json records of puzzles with clues carry the
// link, which reads back with the record's solution, the rules, what the
// givens alone have, and --crosscheck's word (with the default backend
// and with sat, with anti-knight and without).
func TestGenerateCluesJSON(t *testing.T) {
	for _, backend := range []string{"", "sat"} {
		for _, kind := range []string{"arrow", "littlekiller", "thermo"} {
			rules := []string{"antiknight", kind}
			if backend == "sat" {
				rules = rules[1:] // SAT, which has no node budget, takes seconds on those
			}
			args := []string{"generate", "--variant", strings.Join(rules, ","), "--seed", "8", "-n", "2", "-j", "2", "--json", "--crosscheck"}
			if backend != "" {
				args = append(args, "--backend", backend)
			}
			r := run(t, "", args...)
			require.Equal(t, exitOK, r.code, r.stderr)
			for i, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
				var rec generate.Record
				require.NoError(t, json.Unmarshal([]byte(l), &rec))
				assert.Equal(t, i, rec.Index)
				assert.Equal(t, "unique", rec.Crosscheck, "%s %s", kind, backend)
				assert.Equal(t, cmp.Or(backend, "prop"), rec.Backend)
				assert.Equal(t, rules, rec.Variants)
				assert.Contains(t, []string{"multiple", "unique"}, rec.WithoutClues)
				assert.Equal(t, strings.Count(rec.Puzzle, ".")+rec.Givens, 81)
				require.True(t, strings.HasPrefix(rec.Link, "https://f-puzzles.com/?load="), rec.Link)
				s := run(t, rec.Link, "solve", "--backend", "sat", "-")
				assert.Equal(t, rec.Solution+"\n", s.stdout, "the link reads back with its solution")
			}
		}
	}
	// Plain puzzles stay lines, without the field.
	r := run(t, "", "generate", "--seed", "8", "-n", "1", "--json")
	var rec generate.Record
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.Empty(t, rec.Link)
	assert.Empty(t, rec.WithoutClues)
}

// TestGenerateGlobalRulesTravel: a puzzle with global rules only
// (--variant diagonal, antiknight) is unique under them and not without, so
// a line would read back as another puzzle: it comes as an f-puzzles link
// that verify reads back as unique with no --variant, and --json gives the
// link too. A classic puzzle stays a line.
func TestGenerateGlobalRulesTravel(t *testing.T) {
	for _, tc := range []struct {
		variant string
		size    string
	}{
		{"diagonal", "9"},
		{"antiknight", "9"},
		{"diagonal,antiknight", "9"},
		{"diagonal", "6"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			out := uniqueLinks(t, 2, "generate", "--variant", tc.variant, "--size", tc.size, "--seed", "5", "-n", "2")
			r := run(t, out, "convert", "--to", "line", "-")
			assert.Equal(t, exitUsage, r.code, "the link's rules do not go back into a line")
			assert.Contains(t, r.stderr, "line format cannot carry the rules "+strings.ReplaceAll(tc.variant, ",", ", "))

			j := run(t, "", "generate", "--variant", tc.variant, "--size", tc.size, "--seed", "5", "-n", "1", "--json")
			require.Equal(t, exitOK, j.code, j.stderr)
			var rec generate.Record
			require.NoError(t, json.Unmarshal([]byte(j.stdout), &rec))
			require.True(t, strings.HasPrefix(rec.Link, "https://f-puzzles.com/?load="), rec.Link)
			assert.Equal(t, strings.TrimSpace(out)[:len(rec.Link)], rec.Link, "the record's link is the line's")
		})
	}
	r := run(t, "", "generate", "--seed", "5", "-n", "1")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Len(t, strings.TrimSpace(r.stdout), 81, "a classic puzzle is a line")
}

var update = flag.Bool("update", false, "rewrite testdata/generate from sudokit generate's output")

// TestGenerateGolden: sudokit generate -j 1 prints testdata/generate's
// files (the times taken zeroed), which the queue's generate batches must
// equal too (queue's TestGenerateMatchesLocalRun).
func TestGenerateGolden(t *testing.T) {
	elapsed := regexp.MustCompile(`"elapsed_ns":[0-9]+`)
	for name, args := range map[string]string{
		"4x4":                    "--seed 3 -n 5 --size 4",
		"6x6-diagonal":           "--seed 3 -n 3 --shape 2x3 --variant diagonal",
		"9x9-json":               "--seed 5 -n 4 --symmetry rotate180 --first 2 --json",
		"jigsaw-json-crosscheck": "--seed 3 -n 2 --variant jigsaw --json --crosscheck",
		"attempts-out":           "--seed 1 -n 3 --minimal --givens 18 --attempts 2",
		"killer-json":            "--seed 4 -n 3 --variant killer --backend prop --json --crosscheck",
		"rating-json":            "--seed 5 -n 3 --rating 4.0-4.9 --json",
	} {
		r := run(t, "", append([]string{"generate", "-j", "1"}, strings.Fields(args)...)...)
		got := elapsed.ReplaceAllString(r.stdout, `"elapsed_ns":0`)
		file := filepath.Join("..", "..", "testdata", "generate", name+".txt")
		if *update {
			require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
		}
		want, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Equal(t, string(want), got, "generate %s", args)
		if name == "attempts-out" {
			assert.Equal(t, exitLimit, r.code)
		} else {
			assert.Equal(t, exitOK, r.code, r.stderr)
		}
	}
}
