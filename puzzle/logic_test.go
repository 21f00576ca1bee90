package puzzle_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/variants"
)

func TestReadString(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.txt")
	require.NoError(t, os.WriteFile(file, []byte(top95first+"\n"), 0o644))
	link := "https://f-puzzles.com/?load=N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA=="

	tests := []struct {
		name  string
		text  string
		want  []string // each item's puzzle line, "!" for an error
		noAll bool     // ReadString itself fails
	}{
		{"a line", top95first, []string{top95first}, false},
		{"two lines and a comment", top95first + "\n# c\n" + xPuzzle + "\n", []string{top95first, xPuzzle}, false},
		{"a grid block", "1 . | 3 .\n. . | . 4\n----+----\n. . | 4 .\n. . | . 1\n", []string{"1.3....4..4....1"}, false},
		{"a file name is text, not a file", file, []string{"!"}, false},
		{"an f-puzzles link", link, []string{"!"}, false}, // a 3x3 grid has no box shape
		{"only a comment", "# nothing\n", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items, err := (&puzzle.Reader{}).ReadString(tt.text, "request")
			if tt.noAll {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			var got []string
			for i, it := range items {
				assert.Equal(t, i, it.Index)
				assert.Equal(t, "request", it.Source)
				if it.Err != nil {
					got = append(got, "!")
				} else {
					got = append(got, it.Grid.Line())
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := (&puzzle.Reader{Format: "xml"}).ReadString(top95first, "request")
	assert.ErrorContains(t, err, `unknown input format "xml"`)
}

// path explains a puzzle line with or without a solver.
func path(t *testing.T, line string, solver model.Solver) (puzzle.Item, logic.Path) {
	t.Helper()
	items, err := (&puzzle.Reader{}).ReadString(line, "test")
	require.NoError(t, err)
	require.NoError(t, items[0].Err)
	m, err := (&puzzle.Cache{}).Model(items[0])
	require.NoError(t, err)
	p, err := logic.Explain(context.Background(), m, logic.Options{Solver: solver})
	require.NoError(t, err)
	return items[0], p
}

func TestLogicRecord(t *testing.T) {
	clash := "11" + top95first[2:]
	tests := []struct {
		name          string
		line          string
		solver        bool
		hint, verdict string // FirstStep's word ("" for a step) and Verdict's
		grade         string
	}{
		{"a step", top95first, true, "", "", "intermediate"},
		{"a contradiction", clash, true, "none", "none", ""},
		{"several solutions", xPuzzle, true, "", "multiple", ""},
		{"stuck without a solver", "...............................................................................12", false, "stuck", "", "search (stuck)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var solver model.Solver
			if tt.solver {
				solver = dlx.New()
			}
			it, p := path(t, tt.line, solver)
			st, word := puzzle.FirstStep(p)
			assert.Equal(t, tt.hint, word)
			assert.Equal(t, word == "", st != nil)
			assert.Equal(t, tt.verdict, puzzle.Verdict(p, tt.solver))

			r := puzzle.LogicRecord{Record: puzzle.NewRecord(it, nil)}
			if tt.solver {
				r.Backend = "dlx"
			}
			r.FillExplain(p)
			if tt.verdict != "" {
				assert.Empty(t, r.Level)
				assert.Nil(t, r.Steps)
				assert.Equal(t, p.Contradiction, r.Stuck)
				return
			}
			assert.Equal(t, tt.grade, puzzle.GradeText(p))
			assert.Equal(t, p.Level.String(), r.Level)
			require.NotNil(t, r.Steps)
			assert.Len(t, r.Steps, len(p.Steps))

			h := puzzle.LogicRecord{}
			h.FillHint(p)
			if st != nil {
				assert.Equal(t, st.String(), h.Step.String())
			}
		})
	}
}

func TestFillHintWords(t *testing.T) {
	for _, tt := range []struct {
		p    logic.Path
		want string
	}{
		{logic.Path{Solved: true}, "solved"},
		{logic.Path{Contradiction: "r1c1 has no value"}, "none"},
		{logic.Path{}, "stuck"},
	} {
		var r puzzle.LogicRecord
		r.FillHint(tt.p)
		assert.Nil(t, r.Step)
		assert.Equal(t, tt.want, r.Stuck)
	}
	assert.Equal(t, "search (2 guesses)", puzzle.GradeText(logic.Path{Guesses: 2, Solved: true}))
	assert.Equal(t, "search (1 guess)", puzzle.GradeText(logic.Path{Guesses: 1, Solved: true}))
}

func TestWithMarks(t *testing.T) {
	items, err := (&puzzle.Reader{}).ReadString("1.3....4..4....1", "test")
	require.NoError(t, err)
	m, err := (&puzzle.Cache{}).Model(items[0])
	require.NoError(t, err)
	marks := "1 24 3 2 . . . 4 . . 4 . . . . 1"
	mm, err := puzzle.WithMarks(m, marks)
	require.NoError(t, err)
	assert.Contains(t, mm.Excluded(), m.Cand(1, 1), "r1c2 loses 1")
	assert.Contains(t, mm.Excluded(), m.Cand(1, 3), "r1c2 loses 3")
	assert.NotContains(t, mm.Excluded(), m.Cand(1, 2), "r1c2 keeps 2")
	assert.NotContains(t, mm.Excluded(), m.Cand(4, 2), "r2c1 keeps every value")
	_, err = puzzle.WithMarks(m, "1 2")
	assert.Error(t, err, "too few groups")
}

// TestCacheMax: a cache holds at most Max rule sets, then starts again.
func TestCacheMax(t *testing.T) {
	items, err := (&puzzle.Reader{}).ReadString(top95first, "test")
	require.NoError(t, err)
	it := items[0]
	with := func(names ...string) puzzle.Item {
		vs, err := variants.ParseList(strings.Join(names, ","))
		require.NoError(t, err)
		x := it
		x.Own = vs
		return x
	}
	a, b, c := with("diagonal"), with("antiknight"), with("antiking")
	for _, tt := range []struct {
		max  int
		kept bool // a's rule set is still the one built first after b and c
	}{{0, true}, {2, false}, {3, true}} {
		cache := &puzzle.Cache{Max: tt.max}
		first, err := cache.Set(a)
		require.NoError(t, err)
		for _, x := range []puzzle.Item{b, c} {
			_, err := cache.Set(x)
			require.NoError(t, err)
		}
		again, err := cache.Set(a)
		require.NoError(t, err)
		assert.Equal(t, tt.kept, first == again, "Max %d", tt.max)
	}
}
