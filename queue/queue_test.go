package queue

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
)

// testServer starts an embedded server on a free loopback port.
func testServer(t *testing.T) *server.Server {
	t.Helper()
	ns, err := StartServer(ServerOptions{Dir: t.TempDir(), Listen: "127.0.0.1:0"})
	require.NoError(t, err)
	t.Cleanup(ns.Shutdown)
	return ns
}

// testConn connects to ns.
func testConn(t *testing.T, ns *server.Server) *nats.Conn {
	t.Helper()
	nc, err := Connect(ClientOptions{URL: ns.ClientURL(), Name: t.Name()})
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	return nc
}

// reader reads files as the sudokit command does.
func reader(ro ReadOptions, files ...string) func(chan<- puzzle.Item) error {
	rd := newRunner(request.Options{Op: request.Hint}, ro).read
	return func(out chan<- puzzle.Item) error { return rd.Read(files, out) }
}

// localRun answers the files as the command's local -j 1 run does: the
// request layer under puzzle.Batch with one worker.
func localRun(t *testing.T, o request.Options, ro ReadOptions, files ...string) string {
	t.Helper()
	rn := newRunner(o, ro)
	require.NoError(t, rn.err)
	var out bytes.Buffer
	b := puzzle.Batch[request.Result]{Read: reader(ro, files...), Cache: rn.r.Cache(), Jobs: 1, Timeout: o.Timeout,
		Work: rn.r.Work, Failed: func(_ puzzle.Item, err error) request.Result { return rn.r.Failed(err) },
		Emit: func(it puzzle.Item, res request.Result) { out.Write(rn.r.Answer(it, res).Text) }}
	require.NoError(t, b.Run(context.Background()))
	return out.String()
}

// submit runs a submitter to the end and returns what it emitted.
func submit(ctx context.Context, t *testing.T, s *Submitter, files ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	s.Emit = func(a request.Answer) { out.Write(a.Text) }
	err := s.Run(ctx, reader(s.Read, files...))
	return out.String(), err
}

// startWorker runs w until the test ends.
func startWorker(t *testing.T, ctx context.Context, w *Worker) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
}

// elapsed is the time a search took in a JSON record: the one field that
// differs between any two runs.
var elapsed = regexp.MustCompile(`"elapsed_ns":[0-9]+`)

// timeless is out without the times taken.
func timeless(out string) string { return elapsed.ReplaceAllString(out, `"elapsed_ns":0`) }

var fast = Settings{AckWait: time.Second, MaxDeliver: 10}

func TestOperationsMatchLocalRun(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: fast, Jobs: 2})
	file := filepath.Join("..", "testdata", "qqwing-easy-20.txt")
	// a file holding puzzles of its own and a bad line
	mixed := filepath.Join(t.TempDir(), "mixed.txt")
	require.NoError(t, os.WriteFile(mixed, []byte("# two puzzles and a bad line\n"+
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"+
		"not a puzzle\n"+
		"1.......................................................................9......\n"), 0o644))
	cases := []request.Options{
		{Op: request.Solve, Backend: "dlx"},
		{Op: request.Solve, Backend: "prop", Format: request.JSON},
		{Op: request.Count, Backend: "dlx", Limit: 3},
		{Op: request.Verify, Backend: "auto", Format: request.JSON},
		{Op: request.Verify, Backend: "dlx", Minimal: true},
		{Op: request.Grade, Backend: "auto"},
		{Op: request.Grade, Backend: "auto", Format: request.JSON},
		{Op: request.Explain, Backend: "auto"},
		{Op: request.Explain, Backend: "auto", Format: request.JSON},
		{Op: request.Hint, Format: request.JSON},
	}
	for i, o := range cases {
		for _, f := range []string{file, mixed} {
			want := localRun(t, o, ReadOptions{}, f)
			got, err := submit(ctx, t, &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "ops-" + string(rune('a'+i)) + filepath.Base(f)[:3],
				Request: o, PerMessage: 3}, f)
			require.NoError(t, err)
			assert.Equal(t, timeless(want), timeless(got), "%+v on %s", o, f)
		}
	}
}

func TestKilledAndStalledWorkers(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	file := filepath.Join("..", "testdata", "top95.txt")
	o := request.Options{Op: request.Verify, Backend: "dlx", Format: request.JSON}
	want := localRun(t, o, ReadOptions{}, file)

	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := submit(ctx, t, &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "chaos", Request: o, PerMessage: 4}, file)
		done <- result{out, err}
	}()

	// One worker is killed in the middle of its first job (no answer, no
	// ack: the message comes back after AckWait), then works as a
	// restarted one would. Killing every job it takes would make it a
	// sink that the other workers race for each message, so that on a
	// busy machine a message could reach it MaxDeliver times.
	killed := make(chan struct{})
	var once sync.Once
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: fast, onJob: func(_ int, cancel context.CancelFunc) {
		once.Do(func() {
			close(killed)
			cancel()
		})
	}})
	<-killed
	// Another stalls on its first job past the ack deadline (no sign of
	// life), then finishes it: its late answers are duplicates.
	stalled, release := make(chan struct{}), make(chan struct{})
	var first atomic.Bool
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: fast, onJob: func(int, context.CancelFunc) {
		if first.CompareAndSwap(false, true) {
			close(stalled)
			<-release
		}
	}})
	<-stalled
	go func() { time.Sleep(3 * fast.AckWait); close(release) }()
	// The third does the rest.
	var handled atomic.Int64
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: fast, onJob: func(int, context.CancelFunc) { handled.Add(1) }})

	r := <-done
	require.NoError(t, r.err)
	assert.Equal(t, timeless(want), timeless(r.out), "the output is the local run's, byte for byte but the time taken")
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	assert.Len(t, lines, 95, "no puzzle missing or doubled")
	assert.Positive(t, handled.Load())
}

func TestRestartedSubmitterResumes(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	file := filepath.Join("..", "testdata", "top95.txt")
	o := request.Options{Op: request.Solve, Backend: "dlx"}
	want := localRun(t, o, ReadOptions{}, file)
	var handled atomic.Int64 // puzzles the worker took
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: fast, onJob: func(n int, _ context.CancelFunc) { handled.Add(int64(n)) }})

	// The first submitter stops after ten answers.
	cctx, cancel := context.WithCancel(ctx)
	emitted := 0
	s := &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "resume", Request: o, PerMessage: 5,
		Emit: func(request.Answer) {
			if emitted++; emitted == 10 {
				cancel()
			}
		}}
	err := s.Run(cctx, reader(ReadOptions{}, file))
	require.ErrorIs(t, err, context.Canceled)

	// Let the worker drain what was queued, then resume.
	js, err := jetstream.New(testConn(t, ns))
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		st, err := js.Stream(ctx, WorkStream)
		return err == nil && st.CachedInfo().State.Msgs == 0
	}, 30*time.Second, 10*time.Millisecond)
	stored := -1
	before := handled.Load()
	out, err := submit(ctx, t, &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "resume", Request: o, PerMessage: 5,
		Stored: func(n int) { stored = n }}, file)
	require.NoError(t, err)
	assert.Equal(t, want, out, "the whole batch, once, in order")
	assert.GreaterOrEqual(t, stored, 10, "the answers stored before the restart are read back")
	assert.Equal(t, int64(95), handled.Load(), "every puzzle was worked on once: none done again")
	assert.Equal(t, int64(95-stored), handled.Load()-before, "the restart queued only the puzzles without an answer")

	// A finished batch run again is worked on anew.
	out, err = submit(ctx, t, &Submitter{Conn: testConn(t, ns), Settings: fast, Batch: "resume", Request: o, PerMessage: 5,
		Stored: func(n int) { stored = n }}, file)
	require.NoError(t, err)
	assert.Equal(t, want, out)
	assert.Zero(t, stored, "a finished batch's answers are purged")
	assert.Equal(t, int64(2*95), handled.Load())
}

func TestBadServerAddress(t *testing.T) {
	_, err := Connect(ClientOptions{URL: "nats://127.0.0.1:1"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "connecting to NATS at nats://127.0.0.1:1")
	_, err = Connect(ClientOptions{URL: "http://[bad"})
	require.Error(t, err)
	_, err = StartServer(ServerOptions{Dir: t.TempDir(), Listen: "nohost"})
	assert.ErrorContains(t, err, "listen address")
	_, err = StartServer(ServerOptions{})
	assert.ErrorContains(t, err, "storage directory")
}

func TestSubmitterRefusesBadOptions(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	for _, s := range []Submitter{
		{Batch: "a b", Request: request.Options{Op: request.Solve, Backend: "dlx"}},
		{Batch: "x", Request: request.Options{Op: "fly", Backend: "dlx"}},
		{Batch: "x", Request: request.Options{Op: request.Solve, Backend: "glpsol"}},
		{Batch: "x", Request: request.Options{Op: request.Solve, Backend: "dlx"}, PerMessage: MaxPerMessage + 1},
		{Batch: "x", Request: request.Options{Op: request.Solve, Backend: "dlx"}, Read: ReadOptions{Format: "nosuch"}},
	} {
		s.Conn = testConn(t, ns)
		_, err := submit(ctx, t, &s, filepath.Join("..", "testdata", "qqwing-easy-20.txt"))
		assert.Error(t, err, "%+v", s)
	}
}

func TestChangedInputIsRefused(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	o := request.Options{Op: request.Solve, Backend: "dlx"}
	dir := t.TempDir()
	f := filepath.Join(dir, "p.txt")
	lines, err := os.ReadFile(filepath.Join("..", "testdata", "top95.txt"))
	require.NoError(t, err)
	all := strings.SplitAfter(string(lines), "\n")
	require.NoError(t, os.WriteFile(f, []byte(strings.Join(all[:4], "")), 0o644))
	// A stored answer whose text differs from the puzzle read.
	nc := testConn(t, ns)
	require.NoError(t, publishStoredAnswer(ctx, nc, "changed", answer{Index: 0, Hash: textHash("other"), Text: "x\n"}))
	_, err = submit(ctx, t, &Submitter{Conn: nc, Settings: fast, Batch: "changed", Request: o}, f)
	assert.ErrorContains(t, err, "input changed")
}

func FuzzWorkerReadsJob(f *testing.F) {
	f.Add([]byte(`{"version":1,"batch":"b","request":{"op":"solve","backend":"dlx"},"items":[{"index":0,"source":"s","line":1,"text":"1.3"}]}`))
	f.Add([]byte(`{"version":1,"batch":"b","request":{"op":"hint"},"read":{"format":"fpuzzles"},"items":[{"text":"{}"}]}`))
	f.Add([]byte(`{"version":1,"batch":"b","request":{"op":"count","backend":"dlx","limit":-1},"read":{"shape":"2x2","alphabet":"x"}}`))
	f.Add([]byte(`{"version":1,"batch":"b","request":{"op":"solve","backend":"dlx"},"read":{"format":"jigsaw"},"items":[{"text":"1...","layout":"0011\n0011\n2233\n2233\n"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := decodeJob(data)
		if err != nil {
			return
		}
		w := &Worker{}
		for _, wi := range j.Items {
			rn := w.runner(j)
			if rn.err != nil {
				continue
			}
			it := rn.item(wi)
			assert.Equal(t, wi.Index, it.Index)
		}
	})
}

// publishStoredAnswer stores an answer of batch as a worker would.
func publishStoredAnswer(ctx context.Context, nc *nats.Conn, batch string, a answer) error {
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	if _, err := setup(ctx, js, fast); err != nil {
		return err
	}
	return publishAnswers(ctx, js, nc.MaxPayload(), batch, []answer{a})
}

func TestServerAuth(t *testing.T) {
	ns, err := StartServer(ServerOptions{Dir: t.TempDir(), Listen: "127.0.0.1:0", Token: "s3cret"})
	require.NoError(t, err)
	defer ns.Shutdown()
	_, err = Connect(ClientOptions{URL: ns.ClientURL()})
	assert.ErrorContains(t, err, "connecting to NATS at")
	_, err = Connect(ClientOptions{URL: ns.ClientURL(), Token: "wrong"})
	assert.Error(t, err)
	nc, err := Connect(ClientOptions{URL: ns.ClientURL(), Token: "s3cret"})
	require.NoError(t, err)
	nc.Close()

	ns2, err := StartServer(ServerOptions{Dir: t.TempDir(), Listen: "127.0.0.1:0", User: "u", Password: "p"})
	require.NoError(t, err)
	defer ns2.Shutdown()
	_, err = Connect(ClientOptions{URL: ns2.ClientURL(), User: "u", Password: "q"})
	assert.Error(t, err)
	nc, err = Connect(ClientOptions{URL: ns2.ClientURL(), User: "u", Password: "p"})
	require.NoError(t, err)
	nc.Close()
	_, err = StartServer(ServerOptions{Dir: t.TempDir(), Listen: "127.0.0.1:0", CA: "ca.pem"})
	assert.ErrorContains(t, err, "needs the server's own certificate")
	_, err = StartServer(ServerOptions{Dir: t.TempDir(), Listen: "127.0.0.1:0", Cert: "nosuch.pem", Key: "nosuch-key.pem"})
	assert.ErrorContains(t, err, "server TLS")
}

func TestGivenUpAfterMaxDeliver(t *testing.T) {
	ns := testServer(t)
	ctx := context.Background()
	once := Settings{AckWait: time.Second, MaxDeliver: 1}
	file := filepath.Join("..", "testdata", "qqwing-easy-20.txt")
	o := request.Options{Op: request.Verify, Backend: "dlx"}
	// The only worker that takes the first message dies on it; with one
	// delivery allowed, the server gives the message up.
	var first atomic.Bool
	killed := make(chan struct{})
	startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: once, onJob: func(_ int, cancel context.CancelFunc) {
		if first.CompareAndSwap(false, true) {
			cancel()
			close(killed)
		}
	}})
	var out bytes.Buffer
	var errs []string
	s := &Submitter{Conn: testConn(t, ns), Settings: once, Batch: "poison", Request: o, PerMessage: 5,
		Emit: func(a request.Answer) {
			out.Write(a.Text)
			if a.Error != "" {
				errs = append(errs, a.Error)
			}
		}}
	go func() {
		<-killed
		startWorker(t, ctx, &Worker{Conn: testConn(t, ns), Settings: once})
	}()
	require.NoError(t, s.Run(ctx, reader(ReadOptions{}, file)))
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	require.Len(t, lines, 20, "every puzzle answered once")
	assert.Equal(t, 5, strings.Count(out.String(), "error\n"), "the five puzzles of the message given up")
	assert.Equal(t, 15, strings.Count(out.String(), "unique\n"))
	require.Len(t, errs, 5)
	assert.Contains(t, errs[0], "given up after 1 deliveries")
}
