package forum_test

import (
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/forum"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

func lines(tb testing.TB, name string) []string {
	tb.Helper()
	b, err := os.ReadFile(name)
	require.NoError(tb, err)
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
}

// sorted returns the cages of vs' killer, each cage's cells and the cages
// in row-major order, and the other variants' names.
func sorted(vs []rules.Variant) ([]variants.Cage, []string) {
	var cages []variants.Cage
	var names []string
	for _, v := range vs {
		k, ok := v.(variants.Killer)
		if !ok {
			names = append(names, v.Name())
			continue
		}
		for _, c := range k.Cages {
			cells := append([]sudoku.Cell(nil), c.Cells...)
			sort.Slice(cells, func(i, j int) bool { return cells[i].Row*9+cells[i].Col < cells[j].Row*9+cells[j].Col })
			cages = append(cages, variants.Cage{Cells: cells, Total: c.Total})
		}
	}
	sort.Slice(cages, func(i, j int) bool {
		a, b := cages[i].Cells[0], cages[j].Cells[0]
		return a.Row*9+a.Col < b.Row*9+b.Col
	})
	return cages, names
}

// The 35 published killers of testdata/killers, in the short and long
// forms as their sources publish them: each reads as the same puzzle as its
// f-puzzles link, its published solution satisfies every cage, and it
// writes back in both forms (the short one where the cages allow) to the
// same puzzle.
func TestPublishedKillers(t *testing.T) {
	text := lines(t, "../testdata/killers/killers.txt")
	links := lines(t, "../testdata/killers/killers.links.txt")
	require.Len(t, text, 35)
	require.Len(t, links, 35)
	short, long, identical := 0, 0, 0
	for i, l := range text {
		f := strings.Split(l, " | ")
		require.Len(t, f, 3)
		name, solution, line := f[0], f[1], f[2]
		if strings.HasPrefix(line, ".") {
			continue // the solver's own constraint list, not a forum form
		}
		require.True(t, forum.LooksKiller(line), name)
		if strings.HasPrefix(line, "3x3:") {
			long++
		} else {
			short++
		}
		g, vs, err := forum.ParseKiller(line)
		require.NoError(t, err, name)
		assert.Equal(t, 0, g.Givens(), name)
		p, err := fpuzzles.Decode(links[i])
		require.NoError(t, err, name)
		want, wantNames := sorted(p.Variants)
		want = slices.DeleteFunc(want, func(c variants.Cage) bool { return len(c.Cells) == 1 && c.Total == 0 }) // no rule
		got, gotNames := sorted(vs)
		assert.Equal(t, want, got, name)
		assert.Equal(t, wantNames, gotNames, name)
		for _, c := range got {
			sum, seen := 0, map[byte]bool{}
			for _, at := range c.Cells {
				d := solution[at.Row*9+at.Col]
				assert.False(t, seen[d], "%s: a digit repeats in the cage at %v", name, c.Cells[0])
				seen[d] = true
				sum += int(d - '0')
			}
			if c.Total > 0 {
				assert.Equal(t, c.Total, sum, "%s: cage at %v", name, c.Cells[0])
			}
		}
		for _, asLong := range []bool{false, true} {
			out, err := forum.EncodeKiller(g, vs, asLong)
			if !asLong && len(gotNames) > 0 {
				require.Error(t, err, "the short form has no diagonals")
				continue
			}
			if asLong && slices.ContainsFunc(got, func(c variants.Cage) bool { return c.Total == 0 }) {
				require.Error(t, err, "the long form has no cage without a total")
				continue
			}
			require.NoError(t, err, name)
			if !asLong && line == out {
				identical++
			}
			_, back, err := forum.ParseKiller(out)
			require.NoError(t, err, out)
			again, againNames := sorted(back)
			assert.Equal(t, got, again, "%s: %s", name, out)
			assert.Equal(t, gotNames, againNames)
		}
	}
	assert.Equal(t, 12, long)
	assert.Equal(t, 22, short)
	// The writer's arrows (straight first, from the cage's first cell) are
	// the published ones byte for byte on 19 of the 22 short lines; the
	// other 3 draw one cage's tree otherwise, reading as the same cages.
	assert.Equal(t, 19, identical)
}

func TestParseKillerErrors(t *testing.T) {
	heads := strings.Repeat("0", 81)
	for _, tc := range []struct{ name, line, says string }{
		{"short length", "1<<", "3 characters"},
		{"bad symbol", "k" + heads[1:], `'k' at r1c1`},
		{"arrow off grid", "<" + heads[1:], "off the grid"},
		{"loop", "><" + heads[2:], "loop"},
		{"too many cells", "9" + strings.Repeat("<", 8) + "^" + heads[10:], "10 cells"},
		{"long count", "3x3::k:1:2:", "81 numbers"},
		{"long variant", "3x3:x:k:" + strings.Repeat("1:", 81), `"x"`},
		{"long number", "3x3::k:z:" + strings.Repeat("1:", 80), `"z"`},
		{"long totals differ", "3x3::k:769:1281:" + strings.Repeat("1:", 79), "total 5 here and 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := forum.ParseKiller(tc.line)
			require.ErrorIs(t, err, forum.ErrSyntax)
			assert.Contains(t, err.Error(), tc.says)
		})
	}
}

func TestLooksKiller(t *testing.T) {
	assert.True(t, forum.LooksKiller("3x3::k:1:2"))
	assert.False(t, forum.LooksKiller("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"), "a plain puzzle line")
	assert.False(t, forum.LooksKiller(strings.Repeat("1", 81)), "a grid without arrows")
}

func TestEncodeKillerErrors(t *testing.T) {
	s := sudoku.Shape{BoxRows: 3, BoxCols: 3}
	g := sudoku.NewGrid(s)
	cell := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r, Col: c} }
	split := variants.Killer{Cages: []variants.Cage{{Cells: []sudoku.Cell{cell(0, 0), cell(0, 2)}, Total: 3}}}
	_, err := forum.EncodeKiller(g, []rules.Variant{split}, false)
	assert.ErrorContains(t, err, "not connected")
	line, err := forum.EncodeKiller(g, []rules.Variant{split}, true)
	require.NoError(t, err, "the long form writes any cage")
	_, back, err := forum.ParseKiller(line)
	require.NoError(t, err)
	assert.Equal(t, []rules.Variant{split}, back)
	_, err = forum.EncodeKiller(g, []rules.Variant{variants.AntiKnight{}}, true)
	assert.ErrorContains(t, err, `"antiknight"`)
	noTotal := variants.Killer{Cages: []variants.Cage{{Cells: []sudoku.Cell{cell(0, 0), cell(0, 1)}}}}
	_, err = forum.EncodeKiller(g, []rules.Variant{noTotal}, true)
	assert.ErrorContains(t, err, "totals 1..45")
	g.Set(0, 0, 5)
	_, err = forum.EncodeKiller(g, nil, false)
	assert.ErrorContains(t, err, "givens")
}
