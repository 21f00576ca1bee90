package dlx_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
)

// A colored problem: items, options with colors, for brute force.
type coloredProblem struct {
	primary, secondary int
	options, colors    [][]int32
}

// randomColored makes a small colored problem: up to 4 primary and 4
// secondary items, up to 12 options, each with a primary item, colors 0..2
// on secondary items.
func randomColored(rng *rand.Rand) coloredProblem {
	p := coloredProblem{primary: 1 + rng.IntN(4), secondary: rng.IntN(5)}
	n := p.primary + p.secondary
	for range 1 + rng.IntN(12) {
		var items, cols []int32
		for i := range n {
			if rng.IntN(3) != 0 {
				continue
			}
			c := int32(0)
			if i >= p.primary {
				c = int32(rng.IntN(3))
			}
			items = append(items, int32(i))
			cols = append(cols, c)
		}
		if len(items) == 0 || items[0] >= int32(p.primary) {
			// Every option needs a primary item: the search never
			// chooses an option through a secondary one.
			items = append([]int32{int32(rng.IntN(p.primary))}, items...)
			cols = append([]int32{0}, cols...)
		}
		p.options = append(p.options, items)
		p.colors = append(p.colors, cols)
	}
	return p
}

// brute returns every solution of p, as sorted option lists joined into
// strings, in which every option of must appears and none of banned.
func (p coloredProblem) brute(must, banned []int) []string {
	var out []string
	n := len(p.options)
subsets:
	for set := 0; set < 1<<n; set++ {
		for _, o := range must {
			if set>>o&1 == 0 {
				continue subsets
			}
		}
		for _, o := range banned {
			if set>>o&1 == 1 {
				continue subsets
			}
		}
		uses := make([]int, p.primary+p.secondary)
		color := make([]int32, p.primary+p.secondary) // -1: used uncolored
		var chosen []int
		for o := range n {
			if set>>o&1 == 0 {
				continue
			}
			chosen = append(chosen, o)
			for k, i := range p.options[o] {
				c := p.colors[o][k]
				if uses[i] > 0 && (c == 0 || color[i] != c) {
					continue subsets
				}
				uses[i]++
				color[i] = c
				if c == 0 {
					color[i] = -1
				}
			}
		}
		for i := range p.primary {
			if uses[i] != 1 {
				continue subsets
			}
		}
		out = append(out, fmt.Sprint(chosen))
	}
	slices.Sort(out)
	return out
}

// search returns every solution the matrix finds, as brute's strings, with
// the committed options added.
func searchAll(t *testing.T, x *dlx.Matrix, committed []int) ([]string, dlx.Outcome) {
	t.Helper()
	var out []string
	res := x.Search(context.Background(), dlx.Limits{}, func(opts []int32) bool {
		set := slices.Clone(committed)
		for _, o := range opts {
			set = append(set, int(o))
		}
		slices.Sort(set)
		set = slices.Compact(set)
		out = append(out, fmt.Sprint(set))
		return true
	})
	slices.Sort(out)
	return out, res
}

// checkColored compares Algorithm C with brute force on p, first plain,
// then after random commits and removals, and checks that searches and
// Reset restore every link.
func checkColored(t *testing.T, p coloredProblem, rng *rand.Rand) {
	x, err := dlx.NewColoredMatrix(p.primary, p.secondary, p.options, p.colors)
	require.NoError(t, err)
	desc := fmt.Sprintf("%d+%d items, options %v colors %v", p.primary, p.secondary, p.options, p.colors)
	snap := x.Snapshot()
	got, res := searchAll(t, x, nil)
	want := p.brute(nil, nil)
	require.Equal(t, want, got, desc)
	require.Equal(t, len(want), res.Count, desc)
	require.NoError(t, x.SameAs(snap), desc)

	for range 4 {
		var must, banned []int
		ok := true
		for range rng.IntN(3) {
			o := rng.IntN(len(p.options))
			if rng.IntN(2) == 0 {
				ok = x.Commit(o) && ok
				must = append(must, o)
			} else {
				ok = x.Remove(o) && ok
				banned = append(banned, o)
			}
		}
		want := p.brute(must, banned)
		if ok {
			mid := x.Snapshot()
			got, _ := searchAll(t, x, must)
			require.Equal(t, want, got, "%s; commit %v remove %v", desc, must, banned)
			require.NoError(t, x.SameAs(mid), "search after commits restores the links")
		} else {
			require.Empty(t, want, "%s; commit %v remove %v refused, yet brute force has solutions", desc, must, banned)
		}
		x.Reset()
		require.NoError(t, x.SameAs(snap), "Reset restores the links")
	}
}

// TestColoredAgainstBruteForce is a property test: Algorithm C on random
// small colored matrices finds exactly the solutions brute force finds.
func TestColoredAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1500 {
		checkColored(t, randomColored(rng), rng)
	}
}

// FuzzColoredSearch drives the same comparison from fuzzed seeds.
func FuzzColoredSearch(f *testing.F) {
	for _, s := range []uint64{0, 1, 42, 1 << 40} {
		f.Add(s, s+7)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		rng := rand.New(rand.NewPCG(a, b))
		checkColored(t, randomColored(rng), rng)
	})
}

// TestColoredKnuthExample is the small example of Knuth's DLX2 notes
// (TAOCP 7.2.2.1 (49)): primary p q r, secondary x y; two solutions
// would need x colored alike.
func TestColoredKnuthExample(t *testing.T) {
	x := parseColored(t, "p q r | x y", []string{"p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B"})
	got, res := searchAll(t, x, nil)
	assert.Equal(t, []string{"[1 3]"}, got)
	assert.Equal(t, 1, res.Count)
}

// parseColored reads item names and option lines in DLX2's notation
// (item:color; colors are names, numbered in order of appearance).
func parseColored(t testing.TB, header string, options []string) *dlx.Matrix {
	t.Helper()
	index := map[string]int32{}
	colorNum := map[string]int32{}
	primary, secondary, inSecondary := 0, 0, false
	for _, name := range strings.Fields(header) {
		if name == "|" {
			inSecondary = true
			continue
		}
		index[name] = int32(len(index))
		if inSecondary {
			secondary++
		} else {
			primary++
		}
	}
	var opts, cols [][]int32
	for _, line := range options {
		var o, c []int32
		for _, word := range strings.Fields(line) {
			name, color, colored := strings.Cut(word, ":")
			i, ok := index[name]
			require.True(t, ok, "unknown item %q", name)
			o = append(o, i)
			k := int32(0)
			if colored {
				if colorNum[color] == 0 {
					colorNum[color] = int32(len(colorNum) + 1)
				}
				k = colorNum[color]
			}
			c = append(c, k)
		}
		opts, cols = append(opts, o), append(cols, c)
	}
	x, err := dlx.NewColoredMatrix(primary, secondary, opts, cols)
	require.NoError(t, err)
	return x
}

func TestNewColoredMatrixErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		opts   [][]int32
		colors [][]int32
		want   string
	}{
		{"lists mismatch", [][]int32{{0}}, [][]int32{{0}, {0}}, "2 color lists for 1 options"},
		{"lengths mismatch", [][]int32{{0, 1}}, [][]int32{{0}}, "option 0 has 2 items and 1 colors"},
		{"negative", [][]int32{{0, 1}}, [][]int32{{0, -2}}, "negative color"},
		{"primary colored", [][]int32{{0, 1}}, [][]int32{{3, 0}}, "colors primary item 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dlx.NewColoredMatrix(1, 1, tc.opts, tc.colors)
			require.ErrorIs(t, err, dlx.ErrMatrix)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	x, err := dlx.NewColoredMatrix(1, 1, [][]int32{{0, 1}}, [][]int32{{0, 0}})
	require.NoError(t, err)
	assert.False(t, x.Colored(), "all colors 0 is a plain matrix")
}

// TestColoredCommitConflicts checks the givens' machinery on colors: a
// commit purifies, so a second commit of the same color is accepted and one
// of another color, or an uncolored use, is refused.
func TestColoredCommitConflicts(t *testing.T) {
	x := parseColored(t, "a b c d | s", []string{"a s:R", "b s:R", "c s:G", "d s"})
	snap := x.Snapshot()
	require.True(t, x.Colored())
	require.True(t, x.Commit(0))
	assert.True(t, x.Commit(1), "same color: compatible")
	assert.False(t, x.Commit(2), "another color")
	assert.False(t, x.Commit(3), "uncolored use")
	assert.True(t, x.Remove(2), "removing a hidden option is a no-op")
	assert.Equal(t, []int32{0, -1}, x.OptionColors(nil, 1), "purified to its color")
	assert.Equal(t, 0, x.Live(2), "c has no option left")
	out := x.Search(context.Background(), dlx.Limits{}, nil)
	assert.Equal(t, 0, out.Count)
	x.Reset()
	require.NoError(t, x.SameAs(snap))
	assert.Equal(t, []int32{0, 1}, x.OptionColors(nil, 1))
}

// TestColoredStops checks the node budget and an ended context on a
// colored matrix: both stop the search and leave the matrix as it was.
func TestColoredStops(t *testing.T) {
	// n primary items, each coverable by 2 options of a color each on a
	// shared secondary item: 2 solutions (all red or all green).
	const n = 12
	var opts, cols [][]int32
	for i := range n {
		for c := int32(1); c <= 2; c++ {
			opts = append(opts, []int32{int32(i), n})
			cols = append(cols, []int32{0, c})
		}
	}
	x, err := dlx.NewColoredMatrix(n, 1, opts, cols)
	require.NoError(t, err)
	snap := x.Snapshot()
	out := x.Search(context.Background(), dlx.Limits{}, nil)
	assert.Equal(t, 2, out.Count)
	assert.Equal(t, dlx.Complete, out.Reason)

	out = x.Search(context.Background(), dlx.Limits{Nodes: 5}, nil)
	assert.Equal(t, dlx.NodeLimit, out.Reason)
	assert.Equal(t, int64(5), out.Nodes)
	require.NoError(t, x.SameAs(snap))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out = x.Search(ctx, dlx.Limits{}, nil)
	assert.Equal(t, dlx.Interrupted, out.Reason)
	assert.ErrorIs(t, out.Err, context.Canceled)
	require.NoError(t, x.SameAs(snap))

	out = x.Search(context.Background(), dlx.Limits{Solutions: 1}, nil)
	assert.Equal(t, dlx.SolutionLimit, out.Reason)
	require.NoError(t, x.SameAs(snap))

	allocs := testing.AllocsPerRun(20, func() { x.Search(context.Background(), dlx.Limits{}, nil) })
	assert.Zero(t, allocs, "a colored search allocates nothing")
}
