package variants_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

var updateLinks = flag.Bool("update-links", false, "rewrite testdata/killers/*.links.txt from the benchmark sets")

// TestBenchSetLinks keeps testdata/killers/NAME.links.txt, the benchmark
// sets as f-puzzles links that sudokit reads (`sudokit bench
// testdata/killers/killers.links.txt`), in step with the sets: each link
// carries the puzzle's name and published solution, decodes to the same
// rules, and that solution passes the decoded model's referee. Run with
// -update-links to rewrite them.
func TestBenchSetLinks(t *testing.T) {
	for _, file := range []string{"killers.txt", "arrows.txt"} {
		set := readBenchSet(t, file)
		var sb strings.Builder
		sb.WriteString("# " + file + " as f-puzzles links, one puzzle a line, each with its title and published\n")
		sb.WriteString("# solution; written by `go test ./variants -run TestBenchSetLinks -update-links`.\n")
		for _, p := range set {
			g := givens(9, p.givens)
			sol, err := sudoku.Parse(p.solution, sudoku.ParseOptions{})
			require.NoError(t, err, p.name)
			link, _, err := fpuzzles.URL(&fpuzzles.Puzzle{Grid: g, Variants: p.rules, Title: p.name, Solution: &sol})
			require.NoError(t, err, p.name)
			sb.WriteString(link + "\n")

			back, err := fpuzzles.Decode(link)
			require.NoError(t, err, p.name)
			assert.Equal(t, p.name, back.Title)
			assert.Equal(t, g.Cells, back.Grid.Cells, p.name)
			m, err := rules.Build(back.Grid, back.Variants...)
			require.NoError(t, err, p.name)
			want := make(model.Solution, len(sol.Cells))
			for i, v := range sol.Cells {
				want[i] = m.Cand(i, v)
			}
			assert.NoError(t, model.Check(m, want), p.name)
		}
		path := filepath.Join("..", "testdata", "killers", strings.TrimSuffix(file, ".txt")+".links.txt")
		if *updateLinks {
			require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
		}
		have, err := os.ReadFile(path)
		require.NoError(t, err, "run with -update-links to write it")
		assert.Equal(t, sb.String(), string(have), "%s is out of step with %s: run with -update-links", path, file)
	}
}
