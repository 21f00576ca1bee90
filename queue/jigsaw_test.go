package queue

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
)

// jigsawFile writes a --in jigsaw file: testdata's jigsaw, the same
// puzzle as a grid block with its regions named by letters, a 4x4 jigsaw
// with several solutions, one whose layout is wrong and, last, one
// without its layout.
func jigsawFile(t *testing.T) string {
	t.Helper()
	ctc, err := os.ReadFile(filepath.Join("..", "testdata", "jigsaw.txt"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(ctc)), "\n")
	var block strings.Builder
	for r := range 9 {
		block.WriteString(lines[0][9*r:9*r+9] + "\n")
	}
	letters := strings.NewReplacer("0", "A", "1", "B", "2", "C", "3", "D", "4", "E", "5", "F", "6", "G", "7", "H", "8", "I")
	text := string(ctc) + "\n# the same, as a block, regions in letters\n" + block.String() + "\n" +
		letters.Replace(strings.Join(lines[1:], "\n")) + "\n" +
		"1...............\nAAAB\nCABB\nCCDB\nCDDD\n" +
		"1...............\nAAAA\nCABB\nCCDB\nCDDD\n" +
		lines[0] + "\n"
	f := filepath.Join(t.TempDir(), "jigsaws.txt")
	require.NoError(t, os.WriteFile(f, []byte(text), 0o644))
	return f
}

func TestJigsawMatchesLocalRun(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	file := jigsawFile(t)
	ro := ReadOptions{Format: puzzle.Jigsaw}
	// One worker is killed in its first job; two others do the rest.
	var once sync.Once
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: fast, onJob: func(_ int, cancel context.CancelFunc) { once.Do(cancel) }})
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: fast, Jobs: 2})
	for i, o := range []request.Options{
		{Op: request.Solve, Backend: "dlx"},
		{Op: request.Verify, Backend: "auto", Format: request.JSON},
		{Op: request.Count, Backend: "dlx", Limit: 5},
		{Op: request.Grade, Backend: "auto"},
		{Op: request.Explain, Backend: "auto", Format: request.JSON},
	} {
		want := localRun(t, o, ro, file)
		got, err := submit(ctx, t, &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "jigsaw-" + string(rune('a'+i)),
			Request: o, Read: ro, PerMessage: 2}, file)
		require.NoError(t, err)
		assert.Equal(t, timeless(want), timeless(got), "%+v", o)
		if o.Format == request.JSON {
			assert.Len(t, strings.Split(strings.TrimSuffix(got, "\n"), "\n"), 5, "%+v: a record per puzzle", o)
		}
		if o.Op == request.Solve {
			assert.True(t, strings.HasPrefix(got, "364891527189374265542168739625719843213987456937456182876523914498235671751642398\n"),
				"the published solution, under its regions")
		}
	}
}

func TestJigsawLayoutTravels(t *testing.T) {
	// The worker reads back what the submitter read: the layout's
	// regions, and the text as given.
	rn := newRunner(request.Options{Op: request.Solve, Backend: "dlx"}, ReadOptions{Format: puzzle.Jigsaw})
	require.NoError(t, rn.err)
	items, err := rn.read.ReadString(strings.Join([]string{
		"12..", "..3.", "....", "....", "ABBB", "AACB", "ACCD", "CDDD"}, "\n"), "f")
	require.NoError(t, err)
	require.Len(t, items, 1)
	it := items[0]
	require.NoError(t, it.Err)
	wi := wireItem{Index: 0, Source: "f", Line: 1, Text: it.Text, Layout: jigsawLayout(it)}
	assert.Equal(t, "0111\n0021\n0223\n2333\n", wi.Layout)
	back := rn.item(wi)
	require.NoError(t, back.Err)
	assert.Equal(t, it.Text, back.Text)
	assert.Equal(t, it.Block, back.Block)
	assert.Equal(t, it.Own, back.Own)
	assert.NotEqual(t, textHash(wi.Text), wi.hash(), "the hash covers the layout")

	// A layout that does not read is the puzzle's error.
	wi.Layout = "0000\n"
	assert.ErrorContains(t, rn.item(wi).Err, "jigsaw layout")
}
