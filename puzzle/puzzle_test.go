package puzzle_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

const (
	top95first = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	xPuzzle    = "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"
)

// readAll reads args with r and returns the items and Read's error.
func readAll(r *puzzle.Reader, args ...string) ([]puzzle.Item, error) {
	out := make(chan puzzle.Item)
	errc := make(chan error, 1)
	go func() { errc <- r.Read(args, out) }()
	var items []puzzle.Item
	for it := range out {
		items = append(items, it)
	}
	return items, <-errc
}

func TestReaderFormats(t *testing.T) {
	jigsaw := "3.......71.......5....68.....5.19......9.............28....3......235..1.......9.\n" +
		"000000021\n453303021\n453333221\n453322221\n455566121\n445666111\n445566667\n488887777\n888887777\n"
	tests := []struct {
		name   string
		format string
		stdin  string
		args   []string
		want   []string // Where() of each item, "!" marking an error
		own    []int    // rule sets that came with each item
	}{
		{"lines and a comment", "", top95first + "\n# note\n\n" + xPuzzle + "\n", []string{"-"}, []string{"stdin:1", "stdin:4"}, []int{0, 0}},
		{"an argument and stdin", "", top95first + "\n", []string{xPuzzle, "-"}, []string{"arg 1:1", "stdin:1"}, []int{0, 0}},
		{"a bad line in place", "", top95first + "\n12\n" + xPuzzle + "\n", nil, []string{"stdin:1", "!stdin:2", "stdin:3"}, []int{0, 0, 0}},
		{"jigsaw layouts", puzzle.Jigsaw, jigsaw, nil, []string{"stdin:1"}, []int{1}},
		{"a byte-order mark", "", "\ufeff" + top95first + "\n", nil, []string{"stdin:1"}, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &puzzle.Reader{Format: tt.format, Stdin: strings.NewReader(tt.stdin)}
			items, err := readAll(r, tt.args...)
			require.NoError(t, err)
			var got []string
			var own []int
			for i, it := range items {
				assert.Equal(t, i, it.Index)
				w := it.Where()
				if it.Err != nil {
					w = "!" + w
				}
				got = append(got, w)
				own = append(own, len(it.Own))
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.own, own)
		})
	}
}

func TestReaderRefusals(t *testing.T) {
	_, err := readAll(&puzzle.Reader{StdinIsTerm: true, Stdin: strings.NewReader("")})
	assert.ErrorIs(t, err, puzzle.ErrNoInput)
	_, err = readAll(&puzzle.Reader{Format: "xml"}, top95first)
	assert.ErrorContains(t, err, `unknown input format "xml"`)
	// A missing file or a directory is one failed item, named by the
	// argument, and the arguments after it are read.
	dir := t.TempDir()
	items, err := readAll(&puzzle.Reader{}, "no/such/file.txt", dir, top95first)
	require.NoError(t, err)
	require.Len(t, items, 3)
	assert.Equal(t, "no/such/file.txt", items[0].Where())
	assert.ErrorContains(t, items[0].Err, "no such file")
	assert.Equal(t, dir, items[1].Where())
	assert.ErrorContains(t, items[1].Err, "is a directory")
	assert.NoError(t, items[2].Err)
	assert.Equal(t, []int{0, 1, 2}, []int{items[0].Index, items[1].Index, items[2].Index})
	items, err = readAll(&puzzle.Reader{OptionName: func(f string) string { return "--" + strings.ToLower(f) }},
		strings.Repeat("Z", 16))
	require.NoError(t, err)
	require.Len(t, items, 1)
	assert.ErrorContains(t, items[0].Err, "set --")
}

// TestReaderHalts: once Halted reports true, reading stops.
func TestReaderHalts(t *testing.T) {
	var halted atomic.Bool
	stream := strings.NewReader(strings.Repeat(top95first+"\n", 100_000))
	r := &puzzle.Reader{Stdin: stream, Halted: halted.Load}
	out := make(chan puzzle.Item)
	errc := make(chan error, 1)
	go func() { errc <- r.Read(nil, out) }()
	n := 0
	for range out {
		if n++; n == 10 {
			halted.Store(true)
		}
	}
	require.Error(t, <-errc)
	assert.Less(t, n, 100_000)
}

// TestCacheByContent: items whose rules are equal share one rules.Set,
// whether the rules were named by the caller or came with the puzzle, and
// items with other rules never get them.
func TestCacheByContent(t *testing.T) {
	g, err := sudoku.Parse(xPuzzle, sudoku.ParseOptions{})
	require.NoError(t, err)
	plain := puzzle.Item{Grid: g}
	diag := puzzle.Item{Grid: g, Own: []rules.Variant{variants.Diagonal{}}}
	diag2 := puzzle.Item{Grid: g, Own: []rules.Variant{variants.Diagonal{}}}
	thermo := puzzle.Item{Grid: g, Own: []rules.Variant{variants.Thermo{Lines: [][]sudoku.Cell{{{Row: 0, Col: 1}, {Row: 0, Col: 2}}}}}}
	thermo2 := puzzle.Item{Grid: g, Own: []rules.Variant{variants.Thermo{Lines: [][]sudoku.Cell{{{Row: 0, Col: 2}, {Row: 0, Col: 1}}}}}}

	var c puzzle.Cache
	sets := map[string]*rules.Set{}
	for name, it := range map[string]puzzle.Item{"plain": plain, "diag": diag, "diag2": diag2, "thermo": thermo, "thermo2": thermo2} {
		rs, err := c.Set(it)
		require.NoError(t, err)
		sets[name] = rs
	}
	assert.Same(t, sets["diag"], sets["diag2"], "equal rules are built once")
	assert.NotSame(t, sets["plain"], sets["diag"])
	assert.NotSame(t, sets["thermo"], sets["thermo2"], "a thermometer's direction is part of its content")

	named := puzzle.Cache{Variants: []rules.Variant{variants.Diagonal{}}}
	rs, err := named.Set(plain)
	require.NoError(t, err)
	assert.Equal(t, sets["diag"].Base().String(), rs.Base().String(), "--variant diagonal and a diagonal of the puzzle's own build the same rules")
	assert.Equal(t, []string{"diagonal"}, named.VariantNames(plain))

	res, err := dlx.New().Solve(context.Background(), mustModel(t, &c, diag), model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unique, res.Status)
	res, err = dlx.New().Solve(context.Background(), mustModel(t, &c, plain), model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Multiple, res.Status, "the plain puzzle does not get the diagonal's cached rules")
}

func mustModel(t *testing.T, c *puzzle.Cache, it puzzle.Item) *model.Model {
	t.Helper()
	m, err := c.Model(it)
	require.NoError(t, err)
	return m
}

// TestBatchOrderAndFailures: results come back in input order whatever the
// workers' speed, failed items in their place, each puzzle under its own
// timeout.
func TestBatchOrderAndFailures(t *testing.T) {
	var lines []string
	for i := 0; i < 300; i++ {
		switch {
		case i%50 == 7:
			lines = append(lines, "bad")
		case i%2 == 0:
			lines = append(lines, top95first)
		default:
			lines = append(lines, xPuzzle)
		}
	}
	r := &puzzle.Reader{Stdin: strings.NewReader(strings.Join(lines, "\n"))}
	var got []string
	b := puzzle.Batch[string]{
		Read:    func(out chan<- puzzle.Item) error { return r.Read(nil, out) },
		Cache:   &puzzle.Cache{},
		Jobs:    4,
		Timeout: time.Minute,
		Work: func(ctx context.Context, it puzzle.Item, m *model.Model) string {
			if _, ok := ctx.Deadline(); !ok {
				return "no deadline"
			}
			res, err := dlx.New().Solve(ctx, m, model.Options{Limit: 2})
			if err != nil {
				return err.Error()
			}
			return res.Status.String()
		},
		Failed: func(it puzzle.Item, err error) string { return "error" },
		Emit: func(it puzzle.Item, s string) {
			assert.Equal(t, len(got), it.Index)
			got = append(got, s)
		},
	}
	require.NoError(t, b.Run(context.Background()))
	require.Len(t, got, len(lines))
	for i, s := range got {
		want := map[string]string{top95first: "unique", xPuzzle: "multiple", "bad": "error"}[lines[i]]
		assert.Equal(t, want, s, "line %d", i+1)
	}
}

func TestRecord(t *testing.T) {
	items, err := readAll(&puzzle.Reader{}, xPuzzle, "12")
	require.NoError(t, err)
	m, err := (&puzzle.Cache{}).Model(items[0])
	require.NoError(t, err)
	res, err := dlx.New().Solve(context.Background(), m, model.Options{Limit: 2})
	require.NoError(t, err)
	r := puzzle.NewRecord(items[0], nil)
	r.Fill(items[0], "dlx", res, nil, 2)
	assert.Equal(t, "multiple", r.Status)
	assert.Len(t, r.Solutions, 2)
	assert.Equal(t, []string{"r7c3", "r7c8", "r9c3", "r9c8"}, r.Differ)
	assert.False(t, *r.Exact)
	assert.Equal(t, []string{}, r.Variants)

	bad := puzzle.NewRecord(items[1], nil)
	bad.Fill(items[1], "dlx", model.Result{}, errors.New("boom"), 2)
	assert.Equal(t, "boom", bad.Error)
	assert.Equal(t, "12", bad.Puzzle)
	assert.Empty(t, bad.Shape)
}

// Example reads two puzzles, solves them with two workers and prints the
// answers in input order.
func Example() {
	r := &puzzle.Reader{Stdin: strings.NewReader(top95first + "\n" + xPuzzle + "\n")}
	b := puzzle.Batch[model.Result]{
		Read:  func(out chan<- puzzle.Item) error { return r.Read(nil, out) },
		Cache: &puzzle.Cache{},
		Jobs:  2,
		Work: func(ctx context.Context, it puzzle.Item, m *model.Model) model.Result {
			res, _ := dlx.New().Solve(ctx, m, model.Options{Limit: 2})
			return res
		},
		Failed: func(puzzle.Item, error) model.Result { return model.Result{} },
		Emit: func(it puzzle.Item, res model.Result) {
			fmt.Println(it.Where(), res.Status, puzzle.Differ(it, res))
		},
	}
	if err := b.Run(context.Background()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// stdin:1 unique []
	// stdin:2 multiple [r7c3 r7c8 r9c3 r9c8]
}

// TestRuleSetsFollowJigsaw: a variant the caller names that reads the
// grid's regions (disjoint groups) follows the item's own jigsaw layout, as
// in an f-puzzles document with both.
func TestRuleSetsFollowJigsaw(t *testing.T) {
	j, err := variants.ParseJigsawLayout("0011\n0011\n2233\n2323", 4)
	require.NoError(t, err)
	c := &puzzle.Cache{Variants: []rules.Variant{variants.DisjointGroups{}}}
	vs := c.RuleSets(puzzle.Item{Grid: sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2}), Own: []rules.Variant{j}})
	require.Len(t, vs, 2)
	d, ok := vs[0].(variants.DisjointGroups)
	require.True(t, ok)
	assert.Equal(t, []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 3, 2, 3}, d.RegionOf)

	plain := c.RuleSets(puzzle.Item{Grid: sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2})})
	assert.Equal(t, []rules.Variant{variants.DisjointGroups{}}, plain, "without a jigsaw, the boxes")
}

// TestRecordKeepsMarks: the record of a pencil-mark puzzle writes it as a
// sukaku line, which reads back as the same puzzle; a line of its givens
// would drop the marks.
func TestRecordKeepsMarks(t *testing.T) {
	const marks = "1 2 | 34 34\n34 34 | 12 12\n---------\n2 1 | 34 34\n34 34 | 12 12\n"
	items, err := readAll(&puzzle.Reader{}, marks)
	require.NoError(t, err)
	require.True(t, items[0].Grid.HasMarks())
	r := puzzle.NewRecord(items[0], nil)
	require.Len(t, r.Puzzle, 64)
	back, err := readAll(&puzzle.Reader{}, r.Puzzle)
	require.NoError(t, err)
	// A given reads back as a mark of one value: the same puzzle.
	allowed := func(g sudoku.Grid) []uint64 {
		out := make([]uint64, len(g.Cells))
		for i, v := range g.Cells {
			out[i] = g.MarksAt(i/4, i%4)
			if v != 0 {
				out[i] = 1 << (v - 1)
			}
		}
		return out
	}
	assert.Equal(t, allowed(items[0].Grid), allowed(back[0].Grid))

	// A grid too large for a sukaku line keeps the text it was read from.
	s36, err := sudoku.ShapeOf(36)
	require.NoError(t, err)
	big := puzzle.Item{Text: "the input", Grid: sudoku.NewGrid(s36)}
	big.Grid.SetMarks(0, 0, 1)
	assert.Equal(t, "the input", puzzle.NewRecord(big, nil).Puzzle)
}

func TestParseOptions(t *testing.T) {
	o, err := puzzle.ParseOptions("", "")
	require.NoError(t, err)
	assert.Equal(t, sudoku.ParseOptions{}, o, "both inferred")
	o, err = puzzle.ParseOptions("2x3", "numbers")
	require.NoError(t, err)
	assert.Equal(t, 6, o.Shape.N())
	require.NotNil(t, o.Alphabet)
	assert.Equal(t, sudoku.Numbers, *o.Alphabet)
	_, err = puzzle.ParseOptions("7x", "")
	assert.Error(t, err)
	_, err = puzzle.ParseOptions("", "ab")
	assert.Error(t, err)
}
