package variants_test

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/fpuzzles from the puzzles of published_test.go")

// TestPuzzleFiles keeps testdata/fpuzzles/<variant>.txt, one f-puzzles
// link per puzzle of publishedPuzzles and constructedPuzzles, in step with
// the Go values: "sudokit bench" and "sudokit crosscheck" read these files.
// Each link must decode to the same model as the puzzle it came from.
func TestPuzzleFiles(t *testing.T) {
	byVariant := map[string][]string{}
	for _, p := range append(append([]published{}, publishedPuzzles...), constructedPuzzles...) {
		link, _, err := fpuzzles.URL(&fpuzzles.Puzzle{Grid: p.grid(), Variants: p.rules})
		require.NoError(t, err, p.name)
		back, err := fpuzzles.Decode(link)
		require.NoError(t, err, p.name)
		want, err := rules.Build(p.grid(), p.rules...)
		require.NoError(t, err)
		got, err := rules.Build(back.Grid, back.Variants...)
		require.NoError(t, err)
		assert.Equal(t, len(want.Rules()), len(got.Rules()), p.name)
		assert.Equal(t, sortedDump(want), sortedDump(got), "%s: the link keeps every rule", p.name)
		byVariant[p.variant] = append(byVariant[p.variant], "# "+p.name+"\n"+link+"\n")
	}
	dir := filepath.Join("testdata", "fpuzzles")
	if *update {
		require.NoError(t, os.MkdirAll(dir, 0o755))
		old, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		for _, f := range old {
			require.NoError(t, os.Remove(f))
		}
		for v, entries := range byVariant {
			require.NoError(t, os.WriteFile(filepath.Join(dir, v+".txt"), []byte(strings.Join(entries, "")), 0o644))
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	require.NoError(t, err)
	require.Len(t, files, len(byVariant), "run go test ./variants -run TestPuzzleFiles -update")
	for v, entries := range byVariant {
		data, err := os.ReadFile(filepath.Join(dir, v+".txt"))
		require.NoError(t, err, "run go test ./variants -run TestPuzzleFiles -update")
		assert.Equal(t, strings.Join(entries, ""), string(data), v)
	}
}

// sortedDump is a model's constraints with the rule lines sorted, so that
// two models with the same rules in another order (and other labels)
// compare equal.
func sortedDump(m *model.Model) string {
	lines := strings.Split(fixture.Constraints(m), "\n")
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
