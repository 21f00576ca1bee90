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

	"github.com/sudokit/sudokit/generate"
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

// localGenerate makes the puzzles as sudokit generate -j 1 does.
func localGenerate(t *testing.T, o request.GenOptions, count int) string {
	t.Helper()
	g, err := request.NewGenerator(context.Background(), o, Solver)
	require.NoError(t, err)
	var out bytes.Buffer
	err = g.Generator().Generate(context.Background(), o.First, count, 1, func(p generate.Puzzle) error {
		a, err := g.Print(context.Background(), p)
		out.Write(a.Text)
		return err
	})
	if err != nil {
		require.ErrorIs(t, err, generate.ErrAttempts)
	}
	return out.String()
}

func TestGenerateMatchesLocalRun(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	for _, tc := range genCases {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.CageSize = generate.DefaultCageSize
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
