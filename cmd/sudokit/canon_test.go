package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// canonSample is the README's sample: lines 5, 7 and 8 repeat lines 3, 4
// and 3 up to symmetry.
var canonSample = filepath.Join("..", "..", "testdata", "canon-sample.txt")

// moved returns a 9x9 line turned upside down (the rows in reverse order:
// bands reversed, rows reversed within them), mirrored left to right, and
// with every value v written v+1 (9 as 1): the same puzzle up to
// symmetry.
func moved(line string) string {
	b := make([]byte, 81)
	for i := range 81 {
		ch := line[(8-i/9)*9+(8-i%9)]
		if ch >= '1' && ch <= '9' {
			ch = '1' + (ch-'1'+1)%9
		}
		b[i] = ch
	}
	return string(b)
}

func TestCanon(t *testing.T) {
	r := run(t, "", "canon", canonSample)
	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, 6)
	assert.Equal(t, lines[0], lines[2])
	assert.Equal(t, lines[1], lines[4])
	assert.Equal(t, lines[0], lines[5])
	assert.NotEqual(t, lines[0], lines[1])
	assert.NotEqual(t, lines[0], lines[3])

	// SudokuWiki's Min-Lex example grid and its published form.
	r = run(t, "", "canon", "369218475215749863487635912754861239631924758928357641173482596542196387896573124")
	assert.Equal(t, "123456789457189236698273541261947853745831692839625417384792165512368974976514328\n", r.stdout)

	// -j does not change the answers or their order; stdin streams.
	text := strings.Join([]string{top95first, moved(top95first), twoInRow, moved(twoInRow)}, "\n")
	one := run(t, text, "canon", "-j", "1", "-")
	two := run(t, text, "canon", "-j", "2", "-")
	assert.Equal(t, one, two)
	got := strings.Split(one.stdout, "\n")
	assert.Equal(t, got[0], got[1])
	assert.Equal(t, got[2], got[3])

	r = run(t, "", "canon", "--to", "grid", top95first)
	assert.Equal(t, exitOK, r.code)
	assert.Contains(t, r.stdout, "------+-------+------")
	assert.True(t, strings.HasSuffix(r.stdout, "\n\n"), "a blank line after the block")
}

// TestCanonShapes: 4x4 and 6x6 puzzles have forms of their own shape.
func TestCanonShapes(t *testing.T) {
	r := run(t, "", "canon", "12..34............", "4321............", "2143............")
	assert.Equal(t, exitUsage, r.code, "a line of 18 cells is no grid")
	r = run(t, "", "canon", "4321............", "2143............")
	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Equal(t, "............1234\n............1234\n", r.stdout, "the full row last")
	r = run(t, "", "canon", "123456"+strings.Repeat(".", 30))
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Len(t, strings.TrimSpace(r.stdout), 36)
}

func TestCanonRefuses(t *testing.T) {
	testdata := filepath.Join("..", "..", "testdata")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"variant", []string{"--variant", "diagonal", top95first}, "the rules diagonal keep at most part"},
		{"killer", []string{filepath.Join(testdata, "killer.json")}, "the rules killer keep at most part"},
		{"jigsaw", []string{"--in", "jigsaw", filepath.Join(testdata, "jigsaw.txt")}, "the rules jigsaw keep"},
		{"16x16", []string{filepath.Join(testdata, "16x16-45.txt")}, "canon: shape not canonicalised: 4x4 boxes (16x16 grid)"},
		{"pencil marks", []string{filepath.Join(testdata, "sukaku.txt")}, "pencil marks are not canonicalised"},
		{"unreadable", []string{"12!" + strings.Repeat(".", 78)}, "arg 1:1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := run(t, "", append([]string{"canon"}, tc.args...)...)
			assert.Equal(t, exitUsage, r.code)
			assert.True(t, strings.HasPrefix(r.stdout, "error\n"), r.stdout)
			assert.Contains(t, r.stderr, tc.want)
		})
	}
	r := run(t, "", "canon", "--to", "fpuzzles", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--to must be one of line, grid, tokens")
	r = run(t, "", "canon", "-j", "0", top95first)
	assert.Equal(t, exitUsage, r.code)
}

func TestDedupe(t *testing.T) {
	r := run(t, "", "dedupe", canonSample)
	require.Equal(t, exitOK, r.code, r.stderr)
	data, err := os.ReadFile(canonSample)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	assert.Equal(t, lines[2]+"\n"+lines[3]+"\n"+lines[5]+"\n", r.stdout, "first occurrences, as read")

	r = run(t, "", "dedupe", "--count", canonSample)
	assert.Equal(t, fmt.Sprintf("3\t%[1]s:3\t%[2]s\n2\t%[1]s:4\t%[3]s\n1\t%[1]s:6\t%[4]s\n", canonSample, lines[2], lines[3], lines[5]), r.stdout)

	r = run(t, "", "dedupe", "--dups", canonSample)
	assert.Equal(t, fmt.Sprintf("%[1]s:5\tduplicate of %[1]s:3\n%[1]s:7\tduplicate of %[1]s:4\n%[1]s:8\tduplicate of %[1]s:3\n", canonSample), r.stdout)

	// Grid blocks come out as read, or as lines with --count.
	block := run(t, "", "convert", "--to", "grid", lines[2]).stdout
	blocks := writeFile(t, "blocks.txt", block+run(t, "", "convert", "--to", "grid", moved(lines[2])).stdout)
	r = run(t, "", "dedupe", blocks)
	assert.Equal(t, block, r.stdout)
	r = run(t, "", "dedupe", "--count", blocks)
	assert.Equal(t, "2\t"+blocks+":1\t"+lines[2]+"\n", r.stdout)

	forms := run(t, "", "canon", canonSample).stdout
	r = run(t, "", "dedupe", "--canon", canonSample)
	f := strings.Split(forms, "\n")
	assert.Equal(t, f[0]+"\n"+f[1]+"\n"+f[3]+"\n", r.stdout)
}

// TestDedupeFile: top95.txt holds one puzzle twice (line 76 is line 74
// with its last band moved to the top); a file of its puzzles, each
// followed by a moved copy, and the file again from stdin, dedupes to the
// other 94.
func TestDedupeFile(t *testing.T) {
	top95 := filepath.Join("..", "..", "testdata", "top95.txt")
	r := run(t, "", "dedupe", "--dups", top95)
	assert.Equal(t, top95+":76\tduplicate of "+top95+":74\n", r.stdout)

	data, err := os.ReadFile(top95)
	require.NoError(t, err)
	var puzzles []string
	var b strings.Builder
	for i, line := range strings.Split(string(data), "\n") {
		if len(line) != 81 {
			continue
		}
		if i+1 != 76 {
			puzzles = append(puzzles, line)
		}
		fmt.Fprintf(&b, "%s\n%s\n", line, moved(line))
	}
	require.Len(t, puzzles, 94)
	file := writeFile(t, "doubled.txt", b.String())
	r = run(t, b.String(), "dedupe", "-j", "2", file, "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Equal(t, strings.Join(puzzles, "\n")+"\n", r.stdout)
	r = run(t, "", "dedupe", "--count", file)
	assert.Equal(t, 93, strings.Count(r.stdout, "\n2\t")+btoi(strings.HasPrefix(r.stdout, "2\t")), "twice each")
	assert.Contains(t, r.stdout, "\n4\t"+file+":147\t")
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestDedupeErrors(t *testing.T) {
	r := run(t, "", "dedupe", "--count", "--dups", canonSample)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "choose one")
	r = run(t, "", "dedupe", "--max-distinct", "0", canonSample)
	assert.Equal(t, exitUsage, r.code)

	// Past --max-distinct, new puzzles are left out and said to be.
	r = run(t, "", "dedupe", "--max-distinct", "2", canonSample)
	assert.Equal(t, exitLimit, r.code)
	assert.Equal(t, 2, strings.Count(r.stdout, "\n"))
	assert.Contains(t, r.stderr, "--max-distinct 2 reached")

	// A puzzle that cannot be canonicalised is reported and left out.
	r = run(t, "", "dedupe", "--variant", "diagonal", top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "diagonal")
	r = run(t, "", "dedupe", top95first, "12!"+strings.Repeat(".", 78), moved(top95first))
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, top95first+"\n", r.stdout)
}
