package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/sudoku"
)

const bom = "\ufeff"

// TestByteOrderMark: a mark at the start of any source is skipped, so the
// first puzzle reads as it would without it.
func TestByteOrderMark(t *testing.T) {
	link := strings.TrimSpace(run(t, "", "convert", "--to", "fpuzzles", "--variant", "diagonal", xPuzzle).stdout)
	js := run(t, "", "convert", "--to", "fpuzzles-json", "--variant", "diagonal", xPuzzle).stdout
	rows := strings.Join(strings.Split(strings.TrimSpace(run(t, "", "convert", "--to", "grid", top95first).stdout), "\n"), "\n")
	for _, tc := range []struct {
		name, in string
		args     []string
		want     string
	}{
		{"line", top95first + "\n", nil, top95sol + "\n"},
		{"grid", rows + "\n", []string{"--format", "line"}, top95sol + "\n"},
		{"f-puzzles link", link + "\n", []string{"--format", "line"}, "unique\n"},
		{"f-puzzles JSON", js, []string{"--format", "line"}, "unique\n"},
		{"jigsaw", jigsawGivens + "\n" + jigsawLayout, []string{"--in", "jigsaw"}, "unique\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := "solve"
			if strings.HasSuffix(tc.want, "unique\n") {
				cmd = "verify"
			}
			path := writeFile(t, "bom.txt", bom+tc.in)
			r := run(t, "", append([]string{cmd, path}, tc.args...)...)
			assert.Equal(t, 0, r.code, r.stderr)
			assert.Equal(t, tc.want, r.stdout)
			r = run(t, bom+tc.in, append([]string{cmd, "-"}, tc.args...)...)
			assert.Equal(t, tc.want, r.stdout, "stdin: %s", r.stderr)
		})
	}
}

func TestDirectoryArgument(t *testing.T) {
	dir := t.TempDir()
	r := run(t, "", "solve", dir)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, dir+": is a directory")
	assert.NotContains(t, r.stderr, "no such file")

	r = run(t, "", "solve", filepath.Join(dir, "missing.txt"))
	assert.Contains(t, r.stderr, "no such file")
}

// TestErrorsNameFlags: messages shown on the command line name flags, not
// the library's Go fields.
func TestErrorsNameFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"symbol too large", []string{"solve", "G" + top95first[1:]}, "too large for a 9x9 grid; set --alphabet"},
		{"side without boxes", []string{"solve", strings.Repeat(".", 49)}, "a 7x7 grid has no usual box shape; set --shape"},
		{"argument that is neither", []string{"solve", "./" + strings.Repeat(".", 47)}, "no such file (and not a puzzle: sudoku: parse: line 1: 49 symbols: a 7x7 grid has no usual box shape; set --shape)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, "", tc.args...)
			assert.Equal(t, exitUsage, r.code)
			assert.Contains(t, r.stderr, tc.want)
			assert.NotContains(t, r.stderr, "ParseOptions")
		})
	}
}

// TestMixedBlanksWarn: a line that writes blanks two ways gets one warning
// naming its file and line; the puzzle is still solved.
func TestMixedBlanksWarn(t *testing.T) {
	x := strings.Replace(top95first, ".", "x", 1)
	path := writeFile(t, "mixed.txt", "# two puzzles\n"+top95first+"\n"+strings.ReplaceAll(x, ".", "x")+"\n"+strings.Replace(x, ".", "_", 1)+"\n")
	r := run(t, "", "solve", path)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, 3, strings.Count(r.stdout, top95sol))
	assert.Equal(t, 1, strings.Count(r.stderr, "warning"), r.stderr)
	assert.Contains(t, r.stderr, `mixed.txt:4: blank cells written both as "x" and "_" and "." on one line`)

	// Grid rows are lines of their own.
	r = run(t, "1 . 3 .\n. . . 4\n. . 4 .\n. x . 1\n", "solve", "-")
	assert.Contains(t, r.stderr, `stdin:4: blank cells written both as "." and "x"`)
	assert.Equal(t, 1, strings.Count(r.stderr, "warning"), r.stderr)
}

// TestTokenOutput: puzzles given as numbers come back as numbers, a block
// as a block and a line as a line; --format and convert --to name the
// format outright.
func TestTokenOutput(t *testing.T) {
	g, err := sudoku.Parse(top95first, sudoku.ParseOptions{})
	require.NoError(t, err)
	sol, err := sudoku.Parse(top95sol, sudoku.ParseOptions{})
	require.NoError(t, err)
	block, solBlock := g.Tokens(), sol.Tokens()
	line := strings.Join(strings.Fields(block), " ")
	solLine := strings.Join(strings.Fields(solBlock), " ")

	for _, tc := range []struct {
		name string
		in   string
		args []string
		want string
	}{
		{"block", block, nil, solBlock},
		{"line", line + "\n", nil, solLine + "\n"},
		{"two lines in a file", line + "\n" + line + "\n", nil, solLine + "\n" + solLine + "\n"},
		{"--format line", block, []string{"--format", "line"}, top95sol + "\n"},
		{"--format tokens", top95first, []string{"--format", "tokens"}, solBlock},
		{"16x16 tokens", readTestdata(t, "../../sudoku/testdata/formats/16x16.tokens"), []string{"--backend", "sat"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, tc.in, append([]string{"solve", "-"}, tc.args...)...)
			require.Equal(t, 0, r.code, r.stderr)
			if tc.want != "" {
				assert.Equal(t, tc.want, r.stdout)
				return
			}
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			assert.Len(t, lines, 16)
			for _, l := range lines {
				assert.Len(t, strings.Fields(l), 16, l)
			}
		})
	}

	r := run(t, line, "solve", "--json", "-")
	assert.Contains(t, r.stdout, `"solutions":["`+solLine+`"]`)

	r = run(t, "", "convert", "--to", "tokens", top95first)
	assert.Equal(t, block+"\n", r.stdout)
	back := run(t, r.stdout, "convert", "--to", "line", "-")
	assert.Equal(t, top95first+"\n", back.stdout)
	r = run(t, "", "solve", "--format", "csv", top95first)
	assert.Contains(t, r.stderr, "want line, grid, tokens, candidates or json")
}

// Test36 solves a 36x36 puzzle read with 1-9A-Z, whose Z is 35: value 36
// has no symbol, so the answer is written in numbers in every format, and
// reads back as the same grid. No value prints as a blank.
func Test36(t *testing.T) {
	if testing.Short() {
		t.Skip("a 36x36 solve")
	}
	in := "Z" + strings.Repeat(".", 36*36-1)
	for _, format := range []string{"line", "grid", "json"} {
		r := run(t, "", "solve", "--backend", "sat", "--format", format, in)
		require.Equal(t, 0, r.code, r.stderr)
		out := r.stdout
		if format == "json" {
			_, out, _ = strings.Cut(out, `"solutions":["`)
			out, _, _ = strings.Cut(out, `"`)
		}
		assert.NotContains(t, out, ".", format)
		assert.Contains(t, " "+strings.Join(strings.Fields(out), " ")+" ", " 36 ", format)
		if format != "json" {
			v := run(t, out, "verify", "-")
			assert.Equal(t, "unique\n", v.stdout, v.stderr)
		}
	}
}

func readTestdata(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// TestHelpNamesBlanks: the symbols that mean a blank are in --help, so a
// given that disappears can be explained.
func TestHelpNamesBlanks(t *testing.T) {
	r := run(t, "", "--help")
	assert.Contains(t, r.stdout, "'_', '-', '*', 'x' or 'X'")
	assert.Contains(t, r.stdout, "blank lines and '#' comments produce none")
	r = run(t, "", "solve", "--help")
	assert.Contains(t, r.stdout, "Blank cells: . 0 _ - * x X")
	assert.Contains(t, r.stdout, "line, grid, tokens or json")
}
