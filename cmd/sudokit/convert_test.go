package main

import (
	"cmp"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	lzstring "github.com/daku10/go-lz-string"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// thermo4 is a 4x4 f-puzzles document with one thermometer.
const thermo4 = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]}`

// TestConvertRefusesRules: line, grid and tokens carry no rule, so convert
// refuses a puzzle with rules (global, its own, a jigsaw with more) in
// them: an "error" line, exit code 2 and a message naming the rules and
// the formats that carry them, and the other puzzles of the run go on.
func TestConvertRefusesRules(t *testing.T) {
	testdata := filepath.Join("..", "..", "testdata")
	jigsaw := writeFile(t, "j.txt", jigsawGivens+"\n"+jigsawLayout)
	for _, tc := range []struct {
		name  string
		args  []string
		rules string
	}{
		{"global rule", []string{"--variant", "diagonal", xPuzzle}, "diagonal"},
		{"global rules", []string{"--variant", "diagonal,antiknight", xPuzzle}, "diagonal, antiknight"},
		{"killer", []string{filepath.Join(testdata, "killer.json")}, "killer"},
		{"arrow", []string{filepath.Join(testdata, "arrow.json")}, "arrow"},
		{"thermo", []string{thermo4}, "thermo"},
		{"global and thermo", []string{"--variant", "diagonal", thermo4}, "diagonal, thermo"},
		{"jigsaw and global", []string{"--in", "jigsaw", "--variant", "antiking", jigsaw}, "antiking, jigsaw"},
	} {
		for _, to := range []string{"line", "grid", "tokens"} {
			t.Run(tc.name+"/"+to, func(t *testing.T) {
				r := run(t, "", append([]string{"convert", "--to", to}, tc.args...)...)
				assert.Equal(t, exitUsage, r.code)
				assert.Equal(t, "error\n", r.stdout)
				assert.Contains(t, r.stderr, ": "+to+" format cannot carry the rules "+tc.rules+": use --to fpuzzles or sudokupad")
			})
		}
	}

	// In a batch, the plain puzzles are converted and the others refused.
	r := run(t, "", "convert", "--to", "line", top95first, thermo4, top95first)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, top95first+"\nerror\n"+top95first+"\n", r.stdout)
	assert.Contains(t, r.stderr, "arg 2:1: line format cannot carry the rules thermo")
}

// TestConvertJigsawText: a jigsaw whose regions are its only rule goes to
// line, grid and tokens as its givens and N lines of region symbols, which
// --in jigsaw reads back as the same puzzle, whether it came as a layout or
// as an f-puzzles link, up to 16x16 (whose layout lines, 16 symbols each,
// are spaced so as not to read as 4x4 puzzles).
func TestConvertJigsawText(t *testing.T) {
	layout := writeFile(t, "j.txt", jigsawGivens+"\n"+jigsawLayout)
	link := strings.TrimSpace(run(t, "", "convert", "--in", "jigsaw", "--to", "sudokupad", layout).stdout)
	require.True(t, strings.HasPrefix(link, "https://sudokupad.app/"), link)

	rng := rand.New(rand.NewPCG(7, 16))
	big := map[string]string{} // f-puzzles JSON of random jigsaws
	for _, side := range []string{"6", "12", "16"} {
		sh, err := sudoku.ParseShape(side)
		require.NoError(t, err)
		g := sudoku.NewGrid(sh)
		g.Set(0, 0, 1)
		g.Set(sh.N()-1, sh.N()-1, 2)
		js, err := fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g, Variants: []rules.Variant{generate.RandomJigsaw(rng, sh)}})
		require.NoError(t, err)
		big[side] = js
	}

	for _, to := range []string{"line", "grid", "tokens"} {
		t.Run(to, func(t *testing.T) {
			for _, in := range [][]string{{"--in", "jigsaw", layout}, {link}} {
				r := run(t, "", append([]string{"convert", "--to", to}, in...)...)
				require.Equal(t, exitOK, r.code, r.stderr)
				back := run(t, r.stdout+r.stdout, "solve", "--in", "jigsaw", "--format", "line", "-")
				require.Equal(t, exitOK, back.code, "%s\n%s", r.stdout, back.stderr)
				assert.Equal(t, jigsawSol+"\n"+jigsawSol+"\n", back.stdout, "two puzzles, each with its layout")
			}
			for side, js := range big {
				r := run(t, "", "convert", "--to", to, js)
				require.Equal(t, exitOK, r.code, "%s: %s", side, r.stderr)
				back := run(t, r.stdout, "convert", "--in", "jigsaw", "--to", "fpuzzles-json", "-")
				require.Equal(t, exitOK, back.code, "%s: %s\n%s", side, r.stdout, back.stderr)
				p, err := fpuzzles.Decode(js)
				require.NoError(t, err)
				q, err := fpuzzles.Decode(back.stdout)
				require.NoError(t, err)
				assert.Equal(t, p.Grid.Cells, q.Grid.Cells, side)
				require.Len(t, q.Variants, 1, side)
				assert.Equal(t, partition(p.Variants[0].(variants.Jigsaw)), partition(q.Variants[0].(variants.Jigsaw)), "%s: the same regions", side)
			}
		})
	}
}

// partition returns the regions of j as sets of cells, in an order that
// does not depend on how j numbers them: each region's cells sorted, the
// regions by their first cell.
func partition(j variants.Jigsaw) [][]sudoku.Cell {
	less := func(a, b sudoku.Cell) int { return cmp.Or(a.Row-b.Row, a.Col-b.Col) }
	var out [][]sudoku.Cell
	for _, reg := range j.Regions {
		out = append(out, slices.SortedFunc(slices.Values(reg), less))
	}
	slices.SortFunc(out, func(a, b []sudoku.Cell) int { return less(a[0], b[0]) })
	return out
}

// TestConvertBoxShape: a line or tokens do not carry a box shape: a 6x6
// grid with 3x2 boxes would read back with 2x3 ones, so convert refuses it
// unless --shape 3x2 says how it is read; a grid block carries it.
func TestConvertBoxShape(t *testing.T) {
	grid := run(t, "", "convert", "--to", "grid", "--shape", "3x2", "1"+strings.Repeat(".", 35)).stdout
	require.Contains(t, grid, "1 . | . . | . .", "3x2 boxes: three across")
	for _, to := range []string{"line", "tokens"} {
		r := run(t, grid, "convert", "--to", to, "-")
		assert.Equal(t, exitUsage, r.code, to)
		assert.Equal(t, "error\n", r.stdout, to)
		assert.Contains(t, r.stderr, to+" format reads back with 2x3 boxes, not 3x2", to)
		r = run(t, grid, "convert", "--to", to, "--shape", "3x2", "-")
		assert.Equal(t, exitOK, r.code, r.stderr)
	}
	r := run(t, grid, "convert", "--to", "grid", "-")
	assert.Equal(t, grid, r.stdout, r.stderr)
}

// TestConvertPencilMarks: pencil-mark givens go to line as a sukaku line
// and to grid as a candidate grid, both of which read back as the same
// puzzle (as many solutions); tokens cannot carry them and refuse, naming
// them.
func TestConvertPencilMarks(t *testing.T) {
	const doc = `{"size":4,"grid":[[{"value":1,"given":true},{"givenPencilMarks":[2,3]},{},{}],[{},{},{},{"givenPencilMarks":[1,4]}],[{},{},{},{}],[{},{},{},{}]]}`
	count := run(t, "", "count", "--limit", "0", doc)
	require.Equal(t, exitOK, count.code, count.stderr)
	for _, tc := range []struct{ to, want string }{
		{"line", "1..." + ".23." + strings.Repeat("1234", 5) + "1..4" + strings.Repeat("1234", 8) + "\n"},
		{"grid", "1    23   | 1234 1234\n1234 1234 | 1234 14\n----------+----------\n1234 1234 | 1234 1234\n1234 1234 | 1234 1234\n\n"},
	} {
		r := run(t, "", "convert", "--to", tc.to, doc)
		require.Equal(t, exitOK, r.code, r.stderr)
		assert.Equal(t, tc.want, r.stdout, tc.to)
		back := run(t, r.stdout, "count", "--limit", "0", "-")
		assert.Equal(t, count.stdout, back.stdout, "%s reads back as the same puzzle: %s", tc.to, back.stderr)
	}
	r := run(t, "", "convert", "--to", "tokens", doc)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, "error\n", r.stdout)
	assert.Contains(t, r.stderr, "tokens format cannot carry the pencil marks: use --to line (a sukaku line), grid, fpuzzles or sudokupad")

	// A 36x36 grid has no sukaku line (its symbols stop at 35): refused
	// by name; the f-puzzles forms carry its marks.
	rows := make([]string, 36)
	for i := range rows {
		rows[i] = "[" + strings.TrimSuffix(strings.Repeat("{},", 36), ",") + "]"
	}
	rows[0] = `[{"givenPencilMarks":[36]},` + strings.TrimSuffix(strings.Repeat("{},", 35), ",") + "]"
	big := `{"size":36,"grid":[` + strings.Join(rows, ",") + `]}`
	r = run(t, "", "convert", "--to", "line", big)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "a sukaku line writes pencil marks up to 35x35")
	r = run(t, "", "convert", "--to", "fpuzzles-json", big)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, `"givenPencilMarks":[36]`)
}

// TestConvertKeepsMetadata: an f-puzzles input's title, author, rules text
// and stored solution go on into the f-puzzles outputs.
func TestConvertKeepsMetadata(t *testing.T) {
	const doc = `{"size":4,"title":"Tiny","author":"Someone","ruleset":"Normal sudoku rules apply.",` +
		`"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]}`
	r := run(t, "", "convert", "--to", "sudokupad", doc)
	require.Equal(t, exitOK, r.code, r.stderr)
	p, err := fpuzzles.Decode(strings.TrimSpace(r.stdout))
	require.NoError(t, err)
	assert.Equal(t, "Tiny", p.Title)
	assert.Equal(t, "Someone", p.Author)
	assert.Equal(t, "Normal sudoku rules apply.", p.Rules)
	require.NotNil(t, p.Solution)
	assert.Equal(t, []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}, p.Solution.Cells)
}

// TestUnusedWarn: what an f-puzzles document carries that sudokit does not
// read (metadata, solver settings, a solver's marks and colours, values
// that are not givens) is named in one warning per puzzle, whether it
// comes as JSON or inside a SudokuPad link; the puzzle is still answered,
// and a document without such parts gets no warning.
func TestUnusedWarn(t *testing.T) {
	const doc = `{"size":4,"metadata":{"rules":"no 1 in a corner"},"highlightConflicts":true,"successmessage":"Well done",` +
		`"grid":[[{"value":1,"given":true,"centerPencilMarks":[2,3]},{"value":2},{"c":"#fff","highlight":"#ffffff"},{}],` +
		`[{"centerPencilMarks":[1]},{"cornerPencilMarks":[]},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	const want = "the puzzle carries parts sudokit does not read (an entry in R1C2 (not a given), c (R1C3), " +
		"centerPencilMarks (2 cells), highlight (R1C3), highlightConflicts, metadata, successmessage)"
	lz, err := lzstring.CompressToBase64(doc)
	require.NoError(t, err)
	for _, in := range []string{doc, "https://sudokupad.app/fpuzzles" + lz} {
		r := run(t, in, "count", "-")
		assert.Equal(t, ">=2\n", r.stdout, r.stderr)
		assert.Contains(t, r.stderr, "stdin:1: "+want)
		assert.Equal(t, 1, strings.Count(r.stderr, "warning"), r.stderr)
	}
	plain := `{"size":4,"highlightConflicts":false,"metadata":{},"grid":[[{"value":1,"given":true,"centerPencilMarks":[]},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	r := run(t, plain, "count", "-")
	assert.Equal(t, ">=2\n", r.stdout)
	assert.Empty(t, r.stderr)
}
