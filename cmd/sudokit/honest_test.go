package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
	"github.com/sudokit/sudokit/sudoku"
)

// serg3 has 499,035 solutions (qqwing --count-solutions and every backend
// agree); a node budget once cut its count short.
const serg3 = "73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5"

// TestStoppedCountsAreNotAnswers stops count under each kind of stop, on
// every backend, and requires that no partial count passes for an exact
// one: text shows ">=N" or "unknown", JSON says exact false with the stop
// reason, and the exit code is 3.
func TestStoppedCountsAreNotAnswers(t *testing.T) {
	empty9 := strings.Repeat(".", 81)
	for _, be := range []string{"auto", "dlx", "sat", "backtrack"} {
		for _, stop := range []struct {
			name  string
			flags []string
			ctx   func() (context.Context, context.CancelFunc)
		}{
			{"timeout", []string{"--timeout", "50ms"}, nil},
			{"nodes", []string{"--nodes", "20000"}, nil},
			{"interrupt", nil, func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(50*time.Millisecond, cancel)
				return ctx, cancel
			}},
		} {
			if stop.name == "nodes" && be == "sat" {
				continue // SAT has no node measure; the timeout bounds it
			}
			t.Run(be+"/"+stop.name, func(t *testing.T) {
				ctx, cancel := context.Background(), context.CancelFunc(func() {})
				if stop.ctx != nil {
					ctx, cancel = stop.ctx()
				}
				defer cancel()
				args := append([]string{"count", "--limit", "0", "--backend", be}, stop.flags...)
				if stop.name == "interrupt" {
					args = append(args, "--timeout", "20s") // a guard only
				}
				text := runCtx(ctx, append(args, empty9)...)
				assert.Equal(t, exitLimit, text.code, text.stderr)
				assert.Regexp(t, `^(>=\d+|unknown)\n$`, text.stdout)

				if stop.ctx != nil {
					ctx, cancel = stop.ctx()
					defer cancel()
				}
				js := runCtx(ctx, append(append(args, "--json"), empty9)...)
				assert.Equal(t, exitLimit, js.code, js.stderr)
				var rec puzzle.Record
				require.NoError(t, json.Unmarshal([]byte(js.stdout), &rec), js.stdout)
				require.NotNil(t, rec.Exact)
				assert.False(t, *rec.Exact)
				assert.NotEmpty(t, rec.Stop, "the stop reason is given")
				assert.Contains(t, []string{"multiple", "unknown"}, rec.Status)
			})
		}
	}
}

// runCtx runs the CLI in-process under ctx.
func runCtx(ctx context.Context, args ...string) result {
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	code := a.runContext(ctx, args)
	return result{code, out.String(), errb.String()}
}

// TestExactCounts: a count that ran to its end is exact, also when it is
// large, and agrees across backends.
func TestExactCounts(t *testing.T) {
	r := run(t, "", "count", "--limit", "0", "--json", serg3)
	require.Equal(t, 0, r.code, r.stderr)
	var rec puzzle.Record
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
	assert.Equal(t, 499_035, *rec.Count)
	assert.True(t, *rec.Exact)
	assert.Empty(t, rec.Stop)
	assert.Len(t, rec.Solutions, request.MaxListed, "the solutions listed are capped")
}

// TestMultipleShowsTwoSolutions: verify and count list two different
// solutions (up to the limit), each valid, and name exactly the cells where
// the first two differ.
func TestMultipleShowsTwoSolutions(t *testing.T) {
	for _, args := range [][]string{
		{"verify", "--json", serg3},
		{"count", "--json", "--limit", "5", serg3},
		{"verify", "--json", "--backend", "sat", serg3},
	} {
		r := run(t, "", args...)
		wantCode := exitNegative // verify: not unique
		if args[0] == "count" {
			wantCode = exitOK // count: counted to its limit
		}
		require.Equal(t, wantCode, r.code, "%v: %s", args, r.stderr)
		var rec puzzle.Record
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rec))
		want := 2
		if args[0] == "count" {
			want = 5
		}
		require.Len(t, rec.Solutions, want, "%v", args)
		var cells []string
		a, b := rec.Solutions[0], rec.Solutions[1]
		for i := range a {
			require.True(t, serg3[i] == '.' || (serg3[i] == a[i] && serg3[i] == b[i]), "givens kept")
			if a[i] != b[i] {
				cells = append(cells, fmt.Sprintf("r%dc%d", i/9+1, i%9+1))
			}
		}
		assert.NotEmpty(t, cells)
		assert.Equal(t, cells, rec.Differ, "%v", args)
		for _, sol := range rec.Solutions {
			g, err := sudoku.Parse(sol, sudoku.ParseOptions{})
			require.NoError(t, err)
			assert.Equal(t, 81, g.Givens())
			assert.Equal(t, "1\n", run(t, "", "count", sol).stdout, "a listed solution is a valid grid")
		}
	}
}

// failingWriter fails every write after the first ok bytes.
type failingWriter struct {
	ok     int
	writes atomic.Int64
}

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes.Add(1)
	if w.ok >= len(p) {
		w.ok -= len(p)
		return len(p), nil
	}
	n := w.ok
	w.ok = 0
	return n, errors.New("no space left on device")
}

// TestWriteErrorsAreReported: every command notices that its output could
// not be written, says so and exits 4, however far it got.
func TestWriteErrorsAreReported(t *testing.T) {
	batch := strings.Repeat(top95first+"\n", 2000)
	cmds := [][]string{
		{"solve", top95first}, {"solve", "--json", top95first}, {"verify", top95first},
		{"count", top95first}, {"convert", "--to", "grid", top95first}, {"compare"},
		{"variants"}, {"crosscheck", top95first}, {"export", "--to", "cnf", top95first},
		{"export", "--to", "dlx", top95first}, {"--help"}, {"solve", "-"},
	}
	for _, args := range cmds {
		for _, ok := range []int{0, 1} {
			t.Run(fmt.Sprintf("%v/after %d bytes", args, ok), func(t *testing.T) {
				w := &failingWriter{ok: ok}
				var errb bytes.Buffer
				a := &app{stdin: strings.NewReader(batch), stdout: w, stderr: &errb}
				code := a.run(args)
				assert.Equal(t, exitOutput, code, errb.String())
				assert.Contains(t, errb.String(), "writing the output: no space left on device")
			})
		}
	}
}

// TestWriteErrorStopsTheBatch: after the output fails, the rest of a batch
// is not solved for nothing.
func TestWriteErrorStopsTheBatch(t *testing.T) {
	w := &failingWriter{}
	var errb bytes.Buffer
	pr, pw := io.Pipe()
	var fed atomic.Int64
	go func() {
		defer pw.Close()
		for i := 0; i < 1_000_000; i++ {
			if _, err := io.WriteString(pw, top95first+"\n"); err != nil {
				return
			}
			fed.Add(1)
		}
	}()
	a := &app{stdin: pr, stdout: w, stderr: &errb}
	code := a.run([]string{"solve", "-j", "1", "-"})
	pr.Close()
	assert.Equal(t, exitOutput, code)
	assert.Less(t, fed.Load(), int64(1_000_000), "reading stopped early")
}

// TestBatchMemoryIsFlat streams 2,000 and then 20,000 puzzles through solve
// (with each backend) and samples the live heap while they run: nothing may
// be kept per puzzle, so the larger batch must not need more. It runs in a
// fresh process of its own, so that what other tests left in the solvers'
// caches neither counts nor slows the collections it samples. The lower
// quartile of the samples is compared (for the larger batch, of its second
// half, where anything kept per puzzle has piled up): what is kept per
// puzzle raises those samples, while the upper ones mostly measure what the
// workers allocated while the collector ran.
func TestBatchMemoryIsFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 22,000 puzzles per backend")
	}
	if os.Getenv(heapChildEnv) == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBatchMemoryIsFlat$", "-test.v")
		cmd.Env = append(os.Environ(), heapChildEnv+"=1")
		out, err := cmd.CombinedOutput()
		t.Logf("%s", out)
		require.NoError(t, err, "the batch memory check failed in its own process")
		return
	}
	for _, be := range []string{"dlx", "sat"} {
		small := lowerQuartile(liveHeapSamples(t, be, 2_000))
		samples := liveHeapSamples(t, be, 20_000)
		large := lowerQuartile(samples[len(samples)/2:])
		t.Logf("%s: lower quartile of the live heap %d kB over 2,000 puzzles, %d kB over the second half of 20,000", be, small>>10, large>>10)
		assert.Less(t, large, small+2<<20, "%s: the live heap grew with the batch", be)
	}
}

// heapChildEnv marks the process TestBatchMemoryIsFlat starts for itself.
const heapChildEnv = "SUDOKIT_BATCH_MEMORY_CHILD"

// lowerQuartile returns the sample a quarter of the way up.
func lowerQuartile(s []uint64) uint64 {
	s = slices.Clone(s)
	slices.Sort(s)
	return s[len(s)/4]
}

// liveHeapSamples solves n puzzles streamed from a pipe and returns the live
// heap seen after each of the collections it forced while they were solved.
func liveHeapSamples(t *testing.T, backend string, n int) []uint64 {
	t.Helper()
	pr, pw := io.Pipe()
	go func() {
		defer pw.Close()
		// Relabelled digits give different puzzles of one difficulty.
		for i := 0; i < n; i++ {
			p := []byte(top95first)
			shift := byte(i % 9)
			for j, c := range p {
				if c != '.' {
					p[j] = '1' + (c-'1'+shift)%9
				}
			}
			if _, err := fmt.Fprintf(pw, "%s\n", p); err != nil {
				return
			}
		}
	}()
	var samples []uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			samples = append(samples, ms.HeapAlloc)
		}
	}()
	a := &app{stdin: pr, stdout: io.Discard, stderr: io.Discard}
	code := a.run([]string{"solve", "--backend", backend, "-j", "2", "-"})
	close(done)
	wg.Wait()
	require.Equal(t, exitOK, code)
	require.NotEmpty(t, samples)
	return samples
}
