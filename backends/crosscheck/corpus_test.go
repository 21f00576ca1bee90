package crosscheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/crosscheck"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// TestCorpus solves the sudoku package's corpus — every grid shape from
// 4x4 to 25x25 and diagonal puzzles — with every backend, requires each
// to prove the puzzle unique, and compares the solution with the stored
// one.
func TestCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "sudoku", "testdata")
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.solutions.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, solFile := range files {
		puzFile := strings.TrimSuffix(solFile, ".solutions.txt") + ".txt"
		diagonal := filepath.Base(filepath.Dir(solFile)) == "diagonal"
		t.Run(strings.TrimPrefix(puzFile, dir), func(t *testing.T) {
			puzzles := lines(t, puzFile)
			sols := lines(t, solFile)
			require.Equal(t, len(puzzles), len(sols))
			for i := range puzzles {
				g, err := sudoku.Parse(puzzles[i], sudoku.ParseOptions{})
				require.NoError(t, err)
				want, err := sudoku.Parse(sols[i], sudoku.ParseOptions{Alphabet: &g.Alphabet})
				require.NoError(t, err)
				var vs []rules.Variant
				if diagonal {
					vs = append(vs, variants.Diagonal{})
				}
				m, err := rules.Build(g, vs...)
				require.NoError(t, err)
				rep := crosscheck.Run(context.Background(), m, g.Line(), model.Options{Limit: 2}, backends...)
				require.True(t, rep.Agree(), "%v", rep.Disagreements)
				for _, o := range rep.Outcomes {
					require.NoError(t, o.Err)
					require.Equal(t, model.Unique, o.Result.Status, "%s on %s #%d", o.Backend, puzFile, i+1)
					got, err := rules.Decode(g.Shape, o.Result.Solutions[0])
					require.NoError(t, err)
					assert.Equal(t, want.Cells, got.Cells, "%s on %s #%d", o.Backend, puzFile, i+1)
				}
			}
		})
	}
}

func lines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
}
