package dlx_test

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
)

// toy is Knuth's example from TAOCP 7.2.2.1: seven primary items a–g.
var toyOptions = []string{"c e", "a d g", "b c f", "a d f", "b g", "d e g"}

// parseProblem turns item names and option lines into a matrix; names after
// "|" in header are secondary.
func parseProblem(t testing.TB, header string, options []string) *dlx.Matrix {
	t.Helper()
	index := map[string]int32{}
	primary, secondary := 0, 0
	inSecondary := false
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
	var opts [][]int32
	for _, line := range options {
		var o []int32
		for _, name := range strings.Fields(line) {
			i, ok := index[name]
			require.True(t, ok, "unknown item %q", name)
			o = append(o, i)
		}
		opts = append(opts, o)
	}
	x, err := dlx.NewMatrix(primary, secondary, opts)
	require.NoError(t, err)
	return x
}

func TestToyProblem(t *testing.T) {
	x := parseProblem(t, "a b c d e f g", toyOptions)
	assert.Equal(t, 7, x.Primary())
	assert.Equal(t, 0, x.Secondary())
	assert.Equal(t, 6, x.Options())
	assert.Equal(t, 16, x.OptionNodes())
	snap := x.Snapshot()
	var got [][]string
	out := x.Search(context.Background(), dlx.Limits{}, func(opts []int32) bool {
		var sol []string
		for _, o := range opts {
			sol = append(sol, toyOptions[o])
		}
		sort.Strings(sol)
		got = append(got, sol)
		return true
	})
	assert.Equal(t, dlx.Complete, out.Reason)
	assert.Equal(t, 1, out.Count)
	assert.Equal(t, [][]string{{"a d f", "b g", "c e"}}, got)
	assert.Positive(t, out.Nodes)
	assert.Positive(t, out.Updates)
	require.NoError(t, x.SameAs(snap))
}

func TestToyCommitRemove(t *testing.T) {
	x := parseProblem(t, "a b c d e f g", toyOptions)
	snap := x.Snapshot()
	ctx := context.Background()

	// Committing "a d f" leaves "b g" and "c e" to find.
	require.True(t, x.Commit(3))
	require.True(t, x.Commit(3), "committing twice is a no-op")
	assert.False(t, x.Commit(1), `"a d g" overlaps a committed option`)
	var sol []int32
	out := x.Search(ctx, dlx.Limits{}, func(o []int32) bool { sol = slices.Clone(o); return true })
	assert.Equal(t, 1, out.Count)
	slices.Sort(sol)
	assert.Equal(t, []int32{0, 4}, sol)
	x.Reset()
	require.NoError(t, x.SameAs(snap))

	// Removing "b g" kills the only solution; so does a remove after a commit.
	require.True(t, x.Remove(4))
	assert.Equal(t, 0, x.Search(ctx, dlx.Limits{}, nil).Count)
	assert.False(t, x.Commit(4), "a removed option cannot be committed")
	require.True(t, x.Commit(0))
	require.True(t, x.Remove(5), `"d e g" is already hidden by "c e"`)
	assert.False(t, x.Remove(0), "a committed option cannot be removed")
	assert.Equal(t, 0, x.Search(ctx, dlx.Limits{}, nil).Count)
	x.Reset()
	require.NoError(t, x.SameAs(snap))
	assert.Equal(t, 1, x.Search(ctx, dlx.Limits{}, nil).Count)
}

func TestSecondaryItems(t *testing.T) {
	// Two primary items a, b; options may share the secondary item s.
	x := parseProblem(t, "a b | s", []string{"a s", "a", "b s", "b"})
	snap := x.Snapshot()
	out := x.Search(context.Background(), dlx.Limits{}, nil)
	// {a s, b}, {a, b s}, {a, b}; never {a s, b s}.
	assert.Equal(t, 3, out.Count)
	require.NoError(t, x.SameAs(snap))
}

func TestNewMatrixErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		p, s int
		opts [][]int32
	}{
		{"empty option", 2, 0, [][]int32{{0}, {}}},
		{"item out of range", 2, 1, [][]int32{{3}}},
		{"negative item", 2, 0, [][]int32{{-1}}},
		{"repeated item", 2, 0, [][]int32{{0, 1, 0}}},
		{"negative count", -1, 0, nil},
	} {
		_, err := dlx.NewMatrix(tc.p, tc.s, tc.opts)
		assert.ErrorIs(t, err, dlx.ErrMatrix, tc.name)
	}
}

func TestSearchLimitsAndStop(t *testing.T) {
	// 2^k solutions: k items, each with two options of its own.
	const k = 10
	var opts [][]int32
	for i := int32(0); i < k; i++ {
		opts = append(opts, []int32{i}, []int32{i})
	}
	x, err := dlx.NewMatrix(k, 0, opts)
	require.NoError(t, err)
	snap := x.Snapshot()
	ctx := context.Background()

	out := x.Search(ctx, dlx.Limits{}, nil)
	assert.Equal(t, 1<<k, out.Count)
	assert.Equal(t, dlx.Complete, out.Reason)
	require.NoError(t, x.SameAs(snap))

	out = x.Search(ctx, dlx.Limits{Solutions: 5}, nil)
	assert.Equal(t, 5, out.Count)
	assert.Equal(t, dlx.SolutionLimit, out.Reason)
	require.NoError(t, x.SameAs(snap))

	out = x.Search(ctx, dlx.Limits{Nodes: 100}, nil)
	assert.Equal(t, dlx.NodeLimit, out.Reason)
	assert.Equal(t, int64(100), out.Nodes)
	require.NoError(t, x.SameAs(snap))

	n := 0
	out = x.Search(ctx, dlx.Limits{}, func([]int32) bool { n++; return n < 3 })
	assert.Equal(t, dlx.Stopped, out.Reason)
	assert.Equal(t, 3, out.Count)
	require.NoError(t, x.SameAs(snap))

	canceled, cancel := context.WithCancel(ctx)
	cancel()
	out = x.Search(canceled, dlx.Limits{}, nil)
	assert.Equal(t, dlx.Interrupted, out.Reason)
	assert.ErrorIs(t, out.Err, context.Canceled)
	assert.Less(t, out.Count, 1<<k)
	require.NoError(t, x.SameAs(snap))
}

func TestSearchAllocs(t *testing.T) {
	x := parseProblem(t, "a b c d e f g", toyOptions)
	ctx := context.Background()
	count := 0
	visit := func([]int32) bool { count++; return true }
	allocs := testing.AllocsPerRun(100, func() {
		x.Commit(3)
		x.Search(ctx, dlx.Limits{Solutions: 2, Nodes: 1000}, visit)
		x.Reset()
	})
	assert.Zero(t, allocs)
	assert.Equal(t, 101, count)
}

// ExampleMatrix solves Knuth's toy exact-cover problem: items a–g and six
// options, of which exactly one set covers every item once.
func ExampleMatrix() {
	items := "abcdefg"
	options := []string{"c e", "a d g", "b c f", "a d f", "b g", "d e g"}
	var rows [][]int32
	for _, o := range options {
		var row []int32
		for _, name := range strings.Fields(o) {
			row = append(row, int32(strings.Index(items, name)))
		}
		rows = append(rows, row)
	}
	x, err := dlx.NewMatrix(len(items), 0, rows)
	if err != nil {
		panic(err)
	}
	out := x.Search(context.Background(), dlx.Limits{}, func(sol []int32) bool {
		for _, o := range sol {
			fmt.Println(options[o])
		}
		return true
	})
	fmt.Println(out.Count, "solution")
	// Output:
	// a d f
	// b g
	// c e
	// 1 solution
}
