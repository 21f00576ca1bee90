package dlx_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
)

// nary4 builds a 4x4 sudoku (cells row by row) with a killer cage, a
// table, a conditional sum and the givens fixed, excluded.
func nary4(t *testing.T, fixed, excluded []model.Cand) *model.Model {
	t.Helper()
	b := model.NewBuilder(16, 4)
	for k := range 4 {
		var row, col, box []int
		for j := range 4 {
			row = append(row, 4*k+j)
			col = append(col, 4*j+k)
			box = append(box, 4*(2*(k/2)+j/2)+2*(k%2)+j%2)
		}
		b.House(fmt.Sprintf("row %d", k+1), row)
		b.House(fmt.Sprintf("column %d", k+1), col)
		b.House(fmt.Sprintf("box %d", k+1), box)
	}
	b.Linear("cage", []int{0, 1, 4}, []int{1, 1, 1}, []int{7}, true)
	b.AddTable("pair", []int{10, 11}, [][]int{{1, 2}, {2, 1}, {3, 4}})
	b.Linear("x-sum", []int{12, 13}, []int{1, 1}, []int{5}, false, b.Cand(12, 2))
	m, err := b.Build()
	require.NoError(t, err)
	m, err = m.WithGivens(fixed, excluded)
	require.NoError(t, err)
	return m
}

// readDLX2 parses DLX2 text back into a matrix, checking the format's
// rules on the way (names and colors of at most 8 characters, colors
// only on secondary items), and returns it with its option comments.
func readDLX2(t *testing.T, text string) (*dlx.Matrix, []string) {
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
	secondary := map[string]bool{}
	inSecondary := false
	for _, name := range strings.Fields(header) {
		if name == "|" {
			inSecondary = true
			continue
		}
		require.LessOrEqual(t, len(name), 8, name)
		require.NotContains(t, name, ":")
		secondary[name] = inSecondary
	}
	for _, line := range options {
		for _, word := range strings.Fields(line) {
			name, color, colored := strings.Cut(word, ":")
			if colored {
				require.True(t, secondary[name], "color on primary item %s", name)
				require.NotEmpty(t, color)
				require.LessOrEqual(t, len(color), 8, color)
				require.NotContains(t, color, "|")
				require.NotContains(t, color, ":")
			}
		}
	}
	return parseColored(t, header, options), comments
}

func TestWriteKnuthDLX2Golden(t *testing.T) {
	m := nary4(t, []model.Cand{0}, []model.Cand{5})
	var buf bytes.Buffer
	require.NoError(t, dlx.WriteKnuth(&buf, m))
	assert.Contains(t, buf.String(), ":", "colors are written")
	path := filepath.Join("testdata", "nary4.golden")
	if *update {
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), buf.String())
}

// TestWriteKnuthDLX2Equivalent solves the exported DLX2 problem with the
// matrix search and compares with the solver: same count, and every
// exported solution, decoded through its comments, passes the referee.
func TestWriteKnuthDLX2Equivalent(t *testing.T) {
	ctx := context.Background()
	s := new(dlx.Solver)
	for _, g := range []struct{ fixed, excluded []model.Cand }{
		{nil, nil},
		{[]model.Cand{0}, []model.Cand{5}},
		{[]model.Cand{4*12 + 1}, nil},                    // the x-sum's condition given
		{[]model.Cand{0, 4 + 1}, nil},                    // two cage cells given
		{[]model.Cand{4*10 + 2}, []model.Cand{4*11 + 0}}, // the table's pair cut to nothing
	} {
		m := nary4(t, g.fixed, g.excluded)
		var buf bytes.Buffer
		require.NoError(t, dlx.WriteKnuth(&buf, m))
		x, comments := readDLX2(t, buf.String())
		res, err := s.Solve(ctx, m, model.Options{})
		require.NoError(t, err)

		n := 0
		out := x.Search(ctx, dlx.Limits{}, func(opts []int32) bool {
			sol := make(model.Solution, m.Cells())
			for _, c := range m.Fixed() {
				sol[m.CellOf(c)] = c
			}
			for _, o := range opts {
				if strings.HasPrefix(comments[o], "rule ") {
					continue
				}
				var cell, v int
				_, err := fmtSscanf(comments[o], &cell, &v)
				require.NoError(t, err, comments[o])
				sol[cell] = m.Cand(cell, v)
			}
			assert.NoError(t, model.Check(m, sol))
			n++
			return true
		})
		assert.Equal(t, res.Count, out.Count, "givens %v", g)
		assert.Equal(t, res.Count, n)
	}
}
