package dlx_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// readKnuth parses DLX1 text back into a matrix, checking the format's
// rules on the way, and returns it with its option comments.
func readKnuth(t *testing.T, text string) (*dlx.Matrix, []string) {
	t.Helper()
	var header string
	var options, comments []string
	pending := ""
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if strings.HasPrefix(line, "|") {
			pending = strings.TrimSpace(line[1:])
			continue
		}
		if header == "" {
			header = line
			continue
		}
		options = append(options, line)
		comments = append(comments, pending)
	}
	for _, name := range strings.Fields(header) {
		if name == "|" {
			continue
		}
		require.LessOrEqual(t, len(name), 8, name)
		require.NotContains(t, name, ":")
		require.NotContains(t, name, "|")
	}
	return parseProblem(t, header, options), comments
}

func TestWriteKnuthGolden(t *testing.T) {
	for _, tc := range []struct{ name, puzzle string }{
		{"puzzle4", "1..4..1..3..4..2"},
		{"contradiction4", "11.............."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := solvertest.Puzzle(t, tc.puzzle)
			var buf bytes.Buffer
			require.NoError(t, dlx.WriteKnuth(&buf, m))
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -update to create it")
			assert.Equal(t, string(want), buf.String())
		})
	}
}

// TestWriteKnuthEquivalent solves the exported problem and the model and
// compares: same count, and each exported solution plus the givens passes
// the referee.
func TestWriteKnuthEquivalent(t *testing.T) {
	ctx := context.Background()
	s := new(dlx.Solver)
	base := solvertest.Blank(t, 2, 2)
	withExcluded, err := base.WithGivens([]model.Cand{0}, []model.Cand{5, 6, 21})
	require.NoError(t, err)
	for _, m := range []*model.Model{
		solvertest.Puzzle(t, "1..4..1..3..4..2"),
		solvertest.Puzzle(t, "1..............."),
		solvertest.Puzzle(t, "11.............."),
		base,
		withExcluded,
		solvertest.Puzzle(t, loadPuzzles(t, "top95.txt", 1)[0]),
	} {
		var buf bytes.Buffer
		require.NoError(t, dlx.WriteKnuth(&buf, m))
		x, comments := readKnuth(t, buf.String())
		res, err := s.Solve(ctx, m, model.Options{})
		require.NoError(t, err)

		// Candidate of each option, from its comment "c<cell>#<value>".
		cands := make([]model.Cand, len(comments))
		for k, c := range comments {
			var cell, v int
			_, err := fmtSscanf(c, &cell, &v)
			require.NoError(t, err, c)
			cands[k] = m.Cand(cell, v)
		}
		n := 0
		out := x.Search(ctx, dlx.Limits{}, func(opts []int32) bool {
			sol := make(model.Solution, m.Cells())
			for i := range sol {
				sol[i] = -1
			}
			for _, c := range m.Fixed() {
				sol[m.CellOf(c)] = c
			}
			for _, o := range opts {
				sol[m.CellOf(cands[o])] = cands[o]
			}
			assert.NoError(t, model.Check(m, sol))
			n++
			return true
		})
		assert.Equal(t, res.Count, out.Count)
		assert.Equal(t, res.Count, n)
	}
}

func fmtSscanf(s string, cell, v *int) (int, error) { return fmt.Sscanf(s, "c%d#%d", cell, v) }

func TestWriteKnuthFullGrid(t *testing.T) {
	m := solvertest.Puzzle(t, "1234341221434321")
	var buf bytes.Buffer
	require.NoError(t, dlx.WriteKnuth(&buf, m))
	assert.True(t, strings.HasSuffix(buf.String(), "\ndone\ndone\n"), buf.String())
	x, _ := readKnuth(t, buf.String())
	out := x.Search(context.Background(), dlx.Limits{}, nil)
	assert.Equal(t, 1, out.Count, "a full grid has one completion")
}
