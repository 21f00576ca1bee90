package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeSets names, by the label README's headline table gives it, the
// data set of BENCHMARKS.md's 9x9 tables.
var readmeSets = map[string]string{
	"sudoku17":    "sudoku17",
	"top95.txt":   "top95.txt",
	"hardest 11+": "puzzles5_forum_hardest_1905_11+",
}

// benchSections are the headings of BENCHMARKS.md's sections whose
// figures README's headline table quotes, by the mode its columns name.
var benchSections = map[string]string{
	"first":  "## 9x9, first solution, one worker",
	"unique": "## 9x9, uniqueness (count to 2), one worker",
}

// TestReadmeFigures: every figure of README's headline benchmark table is
// the median BENCHMARKS.md gives for the same set, backend and mode, so
// that README quotes the measured tables instead of a copy that drifts.
func TestReadmeFigures(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	bench, err := os.ReadFile(filepath.Join("..", "..", "BENCHMARKS.md"))
	require.NoError(t, err)
	checked, bad, err := readmeFigureMismatches(string(readme), string(bench))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, checked, 9, "the headline table's figures were found")
	assert.Empty(t, bad, "README figures that are not BENCHMARKS.md's")

	// The check fails on a figure that differs, and on one BENCHMARKS.md lacks.
	section := func(mode, set string) string {
		return benchSections[mode] + "\n\n| set | backend | mode | median µs |\n|---|---|---|---:|\n| " + set + " | dlx | " + mode + " | 26.0 |\n"
	}
	snippet := "| median µs | `sudoku17` first | `sudoku17` unique |\n|---|---:|---:|\n| `dlx` | 25.0 | 21.0 |\n"
	n, bad, err := readmeFigureMismatches(snippet, section("first", "sudoku17")+"\n"+section("unique", "top95.txt"))
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, []string{
		"dlx sudoku17 first: README says 25.0, BENCHMARKS.md 26.0",
		"dlx sudoku17 unique: README says 21.0, BENCHMARKS.md has no such row",
	}, bad)
}

// readmeFigureMismatches compares README's headline table (the one whose
// first header cell is "median µs") with BENCHMARKS.md's 9x9 tables: it
// returns how many figures it compared and the ones that differ.
func readmeFigureMismatches(readme, bench string) (int, []string, error) {
	header, rows := markdownTable(readme, func(cells []string) bool { return cells[0] == "median µs" })
	if header == nil {
		return 0, nil, fmt.Errorf("README has no table headed %q", "median µs")
	}
	medians := map[string]string{} // "backend set mode" -> median
	for mode, heading := range benchSections {
		at := strings.Index(bench, heading)
		if at < 0 {
			return 0, nil, fmt.Errorf("BENCHMARKS.md has no section %q", heading)
		}
		text := bench[at+len(heading):]
		if next := strings.Index(text, "\n## "); next >= 0 {
			text = text[:next]
		}
		cols, rows := markdownTable(text, func(cells []string) bool { return cells[0] == "set" })
		set, backend, median := index(cols, "set"), index(cols, "backend"), index(cols, "median µs")
		if set < 0 || backend < 0 || median < 0 {
			return 0, nil, fmt.Errorf("BENCHMARKS.md section %q: no set, backend and median µs columns", heading)
		}
		for _, r := range rows {
			medians[r[backend]+" "+r[set]+" "+mode] = r[median]
		}
	}
	checked := 0
	var bad []string
	for _, r := range rows {
		backend := strings.Trim(r[0], "`")
		for j, label := range header[1:] {
			cut := strings.LastIndexByte(label, ' ')
			if cut < 0 || j+1 >= len(r) {
				return 0, nil, fmt.Errorf("README's headline table: column %q names no set and mode", label)
			}
			set, ok := readmeSets[strings.Trim(label[:cut], "`")]
			if !ok {
				return 0, nil, fmt.Errorf("README's headline table: unknown set %q", label[:cut])
			}
			mode := label[cut+1:]
			key := backend + " " + set + " " + mode
			checked++
			switch want, ok := medians[key]; {
			case !ok:
				bad = append(bad, fmt.Sprintf("%s %s %s: README says %s, BENCHMARKS.md has no such row", backend, set, mode, r[j+1]))
			case want != r[j+1]:
				bad = append(bad, fmt.Sprintf("%s %s %s: README says %s, BENCHMARKS.md %s", backend, set, mode, r[j+1], want))
			}
		}
	}
	return checked, bad, nil
}

// markdownTable returns the header and the body rows, as trimmed cells, of
// the first table of text whose header head accepts; nil when there is
// none.
func markdownTable(text string, head func(cells []string) bool) (header []string, rows [][]string) {
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "|") {
			if header != nil {
				return header, rows
			}
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case header == nil && head(cells):
			header = cells
		case header == nil, strings.HasPrefix(cells[0], "---"):
		default:
			rows = append(rows, cells)
		}
	}
	return header, rows
}

// index returns the position of name in cells, or -1.
func index(cells []string, name string) int {
	for i, c := range cells {
		if c == name {
			return i
		}
	}
	return -1
}

// TestReadmeJSONSample runs README's console examples that print --json
// records and compares each record with the one README shows, field for
// field, except the timings (fields ending in "_ns"), which must be there
// but may differ: TestReadmeCommands leaves --json output out, since it
// holds timings.
func TestReadmeJSONSample(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	t.Chdir(root) // README's examples read testdata/ from the repository root
	samples := 0
	for _, ex := range readmeExamples(string(data)) {
		words := strings.Fields(ex.command)
		if ex.output == "" || words[0] != "sudokit" || !strings.Contains(ex.command, "--json") || strings.ContainsAny(ex.command, "|<>'\"$;&") {
			continue
		}
		samples++
		got := run(t, "", words[1:]...)
		require.Equal(t, 0, got.code, "%s: %s", ex.command, got.stderr)
		want := strings.Split(strings.TrimSpace(ex.output), "\n")
		lines := strings.Split(strings.TrimSpace(got.stdout), "\n")
		require.Len(t, lines, len(want), ex.command)
		for i := range want {
			assert.Equal(t, untimed(t, want[i]), untimed(t, lines[i]), "%s, record %d", ex.command, i+1)
		}
	}
	assert.GreaterOrEqual(t, samples, 1, "README shows a --json record")
}

// untimed decodes a JSON record with every field ending in "_ns" set to 0.
func untimed(t *testing.T, record string) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(record), &v), record)
	var zero func(v any)
	zero = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if strings.HasSuffix(k, "_ns") {
					v[k] = 0
					continue
				}
				zero(x)
			}
		case []any:
			for _, x := range v {
				zero(x)
			}
		}
	}
	zero(v)
	return v
}
