// Generate batches and jigsaw input on the queue: the output equals the
// local run, byte for byte but the time taken.

package queue

import (
	"bytes"
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

// genCases are generate runs whose output sudokit generate -j 1 recorded
// in testdata/generate (cmd/sudokit's TestGenerateGolden keeps them so).
var genCases = []struct {
	name  string
	opts  request.GenOptions
	count int
}{
	{"4x4", request.GenOptions{Shape: "4", Seed: 3}, 5},
	{"6x6-diagonal", request.GenOptions{Shape: "2x3", Variant: "diagonal", Seed: 3}, 3},
	{"9x9-json", request.GenOptions{Shape: "9", Seed: 5, Symmetry: "rotate180", First: 2, JSON: true}, 4},
	{"jigsaw-json-crosscheck", request.GenOptions{Shape: "9", Variant: "jigsaw", Seed: 3, JSON: true, Crosscheck: true}, 2},
	{"attempts-out", request.GenOptions{Shape: "9", Seed: 1, Minimal: true, Givens: 18, Attempts: 2}, 3},
	{"killer-json", request.GenOptions{Shape: "9", Seed: 4, Variant: "killer", Backend: "prop", JSON: true, Crosscheck: true}, 3},
}

// localGenerate makes the puzzles one after the other, as sudokit
// generate -j 1 does, up to the first that cannot be made (the golden
// files check it against the command's own output).
func localGenerate(t *testing.T, o request.GenOptions, count int) string {
	t.Helper()
	g, err := request.NewGenerator(context.Background(), o, Solver)
	require.NoError(t, err)
	var out bytes.Buffer
	for i := range count {
		a := g.Do(context.Background(), i)
		out.Write(a.Text)
		if a.Text == nil {
			require.Contains(t, a.Warning, "no puzzle within the attempts")
			break
		}
	}
	return out.String()
}

func TestGenerateMatchesLocalRun(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	for _, tc := range genCases {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.CageSize = request.DefaultCageSize
			want := localGenerate(t, tc.opts, tc.count)
			golden, err := os.ReadFile(filepath.Join("..", "testdata", "generate", tc.name+".txt"))
			require.NoError(t, err)
			assert.Equal(t, string(golden), timeless(want), "the request layer prints what sudokit generate printed")

			// Three workers: the first is killed in its first job, the
			// others do the rest.
			wctx, stop := context.WithCancel(ctx)
			defer stop()
			var once sync.Once
			killed := make(chan struct{})
			go (&Worker{Conn: testConn(t, ns), Settings: fast, onJob: func(_ int, cancel context.CancelFunc) {
				once.Do(func() { cancel(); close(killed) })
			}}).Run(wctx)
			var out bytes.Buffer
			var limited, errs int
			s := &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "gen-" + tc.name, Generate: &tc.opts, PerMessage: 2,
				Emit: func(a request.Answer) {
					out.Write(a.Text)
					if a.Limited {
						limited++
					}
					if a.Error != "" {
						errs++
					}
				}}
			go func() {
				<-killed
				for range 2 {
					go (&Worker{Conn: testConn(t, ns), Settings: fast}).Run(wctx)
				}
			}()
			require.NoError(t, s.RunGenerate(ctx, tc.count))
			assert.Equal(t, timeless(want), timeless(out.String()), "byte for byte but the time taken")
			assert.Zero(t, errs)
			if tc.name == "attempts-out" {
				assert.Equal(t, 1, limited, "the run ends at the puzzle the attempts could not make")
			} else {
				assert.Len(t, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n"), tc.count, "no puzzle missing or doubled")
				assert.Zero(t, limited)
			}
		})
	}
}

func TestGenerateRefusesBadOptions(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	for _, tc := range []struct {
		o     request.GenOptions
		count int
		want  string
	}{
		{request.GenOptions{Shape: "7", CageSize: 6}, 1, "7"},
		{request.GenOptions{Shape: "9", Symmetry: "spiral", CageSize: 6}, 1, "symmetry"},
		{request.GenOptions{Shape: "9", Backend: "glpsol", CageSize: 6}, 1, "not offered on the queue"},
		{request.GenOptions{Shape: "9", Givens: -1, CageSize: 6}, 1, "must not be negative"},
		{request.GenOptions{Shape: "9", CageSize: 6}, -1, "0 to"},
	} {
		s := &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "bad", Generate: &tc.o, Emit: func(request.Answer) {}}
		assert.ErrorContains(t, s.RunGenerate(ctx, tc.count), tc.want, "%+v", tc.o)
	}
}

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
