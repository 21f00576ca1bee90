package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// A published jigsaw (Cracking the Cryptic, see variants/testdata) in the
// plain text form: the givens, then one region symbol per cell.
const (
	jigsawGivens = "3.......71.......5....68.....5.19......9.............28....3......235..1.......9."
	jigsawLayout = "000000021\n453303021\n453333221\n453322221\n455566121\n445666111\n445566667\n488887777\n888887777\n"
	jigsawSol    = "364891527189374265542168739625719843213987456937456182876523914498235671751642398"
	xPuzzle      = "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"
)

func TestJigsawText(t *testing.T) {
	path := writeFile(t, "jig.txt", jigsawGivens+"\n"+jigsawLayout+"\n"+jigsawGivens+"\n"+jigsawLayout)
	r := run(t, "", "solve", "--in", "jigsaw", path)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, jigsawSol+"\n"+jigsawSol+"\n", r.stdout)

	r = run(t, "", "verify", "--in", "jigsaw", "--backend", "sat", path)
	assert.Equal(t, "unique\nunique\n", r.stdout, r.stderr)

	bad := writeFile(t, "bad.txt", jigsawGivens+"\n"+strings.Replace(jigsawLayout, "000000021", "000000022", 1)+jigsawGivens+"\n")
	r = run(t, "", "solve", "--in", "jigsaw", bad)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, "error\nerror\n", r.stdout)
	assert.Contains(t, r.stderr, "bad.txt:1: jigsaw layout at line 2")
	assert.Contains(t, r.stderr, "bad.txt:11: puzzle without its jigsaw layout")
}

func TestFpuzzlesRoundTrip(t *testing.T) {
	// A diagonal puzzle goes out as an f-puzzles link and comes back with
	// its rule: without --variant, it is unique only if the link carries
	// the diagonals.
	r := run(t, "", "convert", "--to", "fpuzzles", "--variant", "diagonal", xPuzzle)
	require.Equal(t, 0, r.code, r.stderr)
	link := strings.TrimSpace(r.stdout)
	assert.True(t, strings.HasPrefix(link, "https://f-puzzles.com/?load="), link)

	r = run(t, "", "verify", link)
	assert.Equal(t, "unique\n", r.stdout, r.stderr)
	r = run(t, "", "verify", xPuzzle)
	assert.Equal(t, "multiple (solutions differ at r3c7 r3c8 r7c3 r7c8 r9c3 r9c7)\n", r.stdout)

	// In one run, a plain puzzle first and the link after it: the link's
	// own rules are not replaced by the plain puzzle's cached ones.
	r = run(t, "", "verify", "-j", "1", xPuzzle, link, xPuzzle)
	assert.Equal(t, "multiple (solutions differ at r3c7 r3c8 r7c3 r7c8 r9c3 r9c7)\nunique\nmultiple (solutions differ at r3c7 r3c8 r7c3 r7c8 r9c3 r9c7)\n", r.stdout, r.stderr)

	// Links in a file, one per line, and the JSON form on stdin.
	path := writeFile(t, "links.txt", "# two links\n"+link+"\n"+link+"\n")
	r = run(t, "", "solve", "--json", path)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, 2, strings.Count(r.stdout, `"variants":["diagonal"]`), r.stdout)

	r = run(t, "", "convert", "--to", "fpuzzles-json", link)
	require.Equal(t, 0, r.code, r.stderr)
	js := r.stdout
	r = run(t, js, "verify", "-")
	assert.Equal(t, "unique\n", r.stdout, r.stderr)

	r = run(t, "", "convert", "--in", "jigsaw", "--to", "sudokupad", writeFile(t, "j.txt", jigsawGivens+"\n"+jigsawLayout))
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "https://sudokupad.app/fpuzzles"))
	r = run(t, "", "solve", strings.TrimSpace(r.stdout))
	assert.Equal(t, jigsawSol+"\n", r.stdout, "the jigsaw regions travel in the link")

	for _, to := range []string{"line", "grid", "tokens"} {
		r = run(t, "", "convert", "--to", to, xPuzzle)
		require.Equal(t, 0, r.code, r.stderr)
		back := run(t, r.stdout, "convert", "--to", "line", "-")
		assert.Equal(t, xPuzzle+"\n", back.stdout, to)
	}
}

func TestFpuzzlesUnsupported(t *testing.T) {
	doc := `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],` +
		`"skyscraper":[{"cell":"R0C1","value":"3"}],"nabner":[{"lines":[["R2C1","R2C2","R2C3"]]}]}`
	r := run(t, "", "solve", doc)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, "error\n", r.stdout)
	assert.Contains(t, r.stderr, "nabner")
	assert.Contains(t, r.stderr, "skyscraper", "every unsupported constraint is named")

	r = run(t, "", "count", "--limit", "0", "--ignore-unsupported", doc)
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "ignoring unsupported constraint")
	assert.NotEqual(t, "error\n", r.stdout)

	r = run(t, "", "solve", "--in", "fpuzzles", xPuzzle)
	assert.Equal(t, exitUsage, r.code, "forced f-puzzles input refuses plain text")
	r = run(t, "", "solve", "--in", "xml", xPuzzle)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, `unknown --in "xml"`)
	r = run(t, "", "convert", "--to", "pdf", xPuzzle)
	assert.Contains(t, r.stderr, "--to must be one of")
}

func TestSizeFlag(t *testing.T) {
	// 36 symbols are a 6x6 grid with 2x3 boxes (two boxes across) unless
	// told otherwise; 3x2 boxes are two cells wide (three across).
	g := "1....." + strings.Repeat(".", 30)
	separators := func(args ...string) int {
		r := run(t, "", append([]string{"solve", "--format", "grid", g}, args...)...)
		require.Equal(t, 0, r.code, r.stderr)
		return strings.Count(strings.SplitN(r.stdout, "\n", 2)[0], "|")
	}
	assert.Equal(t, 1, separators())
	assert.Equal(t, 2, separators("--shape", "3x2"))
	assert.Equal(t, 2, separators("--size", "3x2"))
	assert.Equal(t, 1, separators("--size", "6"))
}

func TestStoredSolutionChecked(t *testing.T) {
	g, err := sudoku.Parse(xPuzzle, sudoku.ParseOptions{})
	require.NoError(t, err)
	good, err := sudoku.Parse("739521864812764593564398712921845637657139248348276159276453981485917326193682475", sudoku.ParseOptions{})
	require.NoError(t, err)
	bad := good.Clone()
	bad.Cells[80], bad.Cells[79] = bad.Cells[79], bad.Cells[80]
	for _, tc := range []struct {
		stored sudoku.Grid
		warn   bool
	}{{good, false}, {bad, true}} {
		stored := tc.stored
		link, _, err := fpuzzles.URL(&fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{variants.Diagonal{}}, Solution: &stored})
		require.NoError(t, err)
		r := run(t, "", "verify", link)
		assert.Equal(t, "unique\n", r.stdout)
		assert.Equal(t, 0, r.code)
		if tc.warn {
			assert.Contains(t, r.stderr, "the solution stored with the puzzle has 5 at r9c8, the unique solution has 7")
		} else {
			assert.Empty(t, r.stderr)
		}
	}
}

// TestDrawingsWarn: a puzzle that carries drawings gets a warning naming
// them, and is still answered.
func TestDrawingsWarn(t *testing.T) {
	doc := `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"text":[{"cells":["R1C1"],"value":">"}]}`
	r := run(t, doc, "count", "--in", "fpuzzles", "-")
	assert.Equal(t, ">=2\n", r.stdout)
	assert.Contains(t, r.stderr, "stdin:1: the puzzle carries drawings sudokit reads as no rule (text)")
}
