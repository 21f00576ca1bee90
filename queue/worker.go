package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
)

// A Worker takes work from the queue and answers it.
type Worker struct {
	Conn     *nats.Conn
	Settings Settings
	// Jobs is the number of messages worked on at once (0: 1).
	Jobs int
	// Logf, when set, receives what the worker does not answer with (a
	// message it could not read).
	Logf func(format string, args ...any)

	// onJob, in tests, runs when a job is taken, with the job's context
	// canceler: a test "kills" the worker mid-job by calling it.
	onJob func(puzzles int, cancel context.CancelFunc)

	mu      sync.Mutex
	runners map[string]*runner
}

// A runner is the request layer for one batch's options, with the reader
// of its puzzles.
type runner struct {
	r    *request.Runner
	read puzzle.Reader
	err  error
}

// maxRunners bounds the batches a worker keeps runners for.
const maxRunners = 64

// Run works until ctx ends. A job under way when ctx ends is left
// unacknowledged: the server hands it to another worker.
func (w *Worker) Run(ctx context.Context) error {
	js, err := jetstream.New(w.Conn)
	if err != nil {
		return err
	}
	cons, err := setup(ctx, js, w.Settings)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	errs := make(chan error, max(w.Jobs, 1))
	for range max(w.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- w.loop(ctx, js, cons)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil && ctx.Err() == nil {
			return err
		}
	}
	return nil
}

// loop takes one message at a time.
func (w *Worker) loop(ctx context.Context, js jetstream.JetStream, cons jetstream.Consumer) error {
	for ctx.Err() == nil {
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, nats.ErrConnectionClosed) {
				return err
			}
			time.Sleep(100 * time.Millisecond) // a reconnect under way
			continue
		}
		msgs := batch.Messages()
	take:
		for {
			select {
			case msg, ok := <-msgs:
				if !ok {
					break take
				}
				w.handle(ctx, js, msg)
			case <-ctx.Done():
				// The request ends on its own; a message it still
				// brings goes to another worker after AckWait.
				return nil
			}
		}
	}
	return nil
}

// handle answers one message and acks it once the answers are stored.
func (w *Worker) handle(ctx context.Context, js jetstream.JetStream, msg jetstream.Msg) {
	j, err := decodeJob(msg.Data())
	if err != nil {
		w.logf("dropping %s: %v", msg.Subject(), err)
		msg.Term()
		return
	}
	if ctx.Err() != nil {
		msg.Nak() // taken as the worker stops: back to the queue at once
		return
	}
	jctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if w.onJob != nil {
		w.onJob(len(j.Items), cancel)
	}
	// Tell the server the job is alive while it is worked on.
	go func() {
		t := time.NewTicker(w.Settings.ackWait() / 3)
		defer t.Stop()
		for {
			select {
			case <-jctx.Done():
				return
			case <-t.C:
				msg.InProgress()
			}
		}
	}()
	out := w.answer(jctx, j)
	switch {
	case ctx.Err() != nil:
		msg.Nak() // the worker stops: back to the queue at once
		return
	case jctx.Err() != nil:
		return // killed: the work goes to another worker after AckWait
	}
	if err := publishAnswers(jctx, js, w.Conn.MaxPayload(), j.Batch+"."+j.Run, out); err != nil {
		w.logf("storing answers of %s: %v", msg.Subject(), err)
		return
	}
	msg.DoubleAck(jctx)
}

// decodeJob reads a work message.
func decodeJob(data []byte) (job, error) {
	var j job
	if err := json.Unmarshal(data, &j); err != nil {
		return j, fmt.Errorf("not sudokit work: %w", err)
	}
	if j.Version != Version {
		return j, fmt.Errorf("work of layout version %d (this worker reads %d): update the worker or the submitter", j.Version, Version)
	}
	if len(j.Items) > MaxPerMessage {
		return j, fmt.Errorf("%d puzzles in one message (at most %d)", len(j.Items), MaxPerMessage)
	}
	return j, CheckBatch(j.Batch)
}

// answer answers every puzzle of a job.
func (w *Worker) answer(ctx context.Context, j job) []answer {
	if j.Generate != nil {
		return generated(ctx, j)
	}
	rn := w.runner(j)
	out := make([]answer, 0, len(j.Items))
	for _, wi := range j.Items {
		h := wi.hash()
		if rn.err != nil {
			out = append(out, answer{Index: wi.Index, Hash: h, Text: "error\n", Error: fmt.Sprintf("%s:%d: worker: %v", wi.Source, wi.Line, rn.err)})
			continue
		}
		it := rn.item(wi)
		out = append(out, fromRequest(wi.Index, h, rn.r.Do(ctx, it)))
	}
	return out
}

// generated makes the puzzles of a generate job, each under the job's
// timeout; one that could not be made ends the run.
func generated(ctx context.Context, j job) []answer {
	g, err := request.NewGenerator(ctx, *j.Generate, Solver)
	out := make([]answer, 0, len(j.Items))
	for _, wi := range j.Items {
		var a request.Answer
		if err != nil {
			a = request.Answer{Error: fmt.Sprintf("worker: %v", err)}
		} else {
			pctx, cancel := context.WithCancel(ctx)
			if j.Request.Timeout > 0 {
				pctx, cancel = context.WithTimeout(ctx, j.Request.Timeout)
			}
			a = g.Do(pctx, wi.Index)
			cancel()
		}
		ans := fromRequest(wi.Index, wi.hash(), a)
		ans.End = a.Text == nil
		out = append(out, ans)
	}
	return out
}

// item reads a puzzle back from its text (and its jigsaw layout), as the
// submitter read it.
func (rn *runner) item(wi wireItem) puzzle.Item {
	it := puzzle.Item{Index: wi.Index, Source: wi.Source, Line: wi.Line, Text: wi.Text}
	text := wi.Text
	if wi.Layout != "" {
		text = strings.TrimRight(wi.Text, "\n") + "\n" + wi.Layout
	}
	items, err := rn.read.ReadString(text, wi.Source)
	switch {
	case err != nil:
		it.Err = err
	case len(items) != 1:
		it.Err = fmt.Errorf("the text sent holds %d puzzles, not 1", len(items))
	default:
		it = items[0]
		it.Index, it.Source, it.Line, it.Text = wi.Index, wi.Source, wi.Line, wi.Text
	}
	return it
}

// runner returns the request layer for a job's options, made once.
func (w *Worker) runner(j job) *runner {
	key, _ := json.Marshal(struct {
		R request.Options
		P ReadOptions
	}{j.Request, j.Read})
	w.mu.Lock()
	defer w.mu.Unlock()
	if rn, ok := w.runners[string(key)]; ok {
		return rn
	}
	rn := newRunner(j.Request, j.Read)
	if w.runners == nil || len(w.runners) >= maxRunners {
		w.runners = map[string]*runner{}
	}
	w.runners[string(key)] = rn
	return rn
}

// newRunner makes the request layer and the reader for options.
func newRunner(o request.Options, ro ReadOptions) *runner {
	rn := &runner{read: puzzle.Reader{Format: ro.Format, IgnoreUnsupported: ro.IgnoreUnsupported}}
	var err error
	if rn.read.Parse, err = puzzle.ParseOptions(ro.Shape, ro.Alphabet); err != nil {
		rn.err = err
		return rn
	}
	solver, err := Solver(o.Backend)
	if err != nil {
		rn.err = err
		return rn
	}
	rn.r, rn.err = request.New(o, solver)
	return rn
}

// publishAnswers stores answers in messages that fit the server's
// payload limit, each with a message id against duplicates, and waits for
// the stream to store them. An answer too large for any message becomes
// an error answer.
func publishAnswers(ctx context.Context, js jetstream.JetStream, maxPayload int64, batchRun string, out []answer) error {
	limit := int(maxPayload) - 1024
	batch, _, _ := strings.Cut(batchRun, ".")
	subject := AnswerSubject + "." + batch
	for start := 0; start < len(out); {
		msg := answers{Version: Version, Batch: batch}
		size := 64
		end := start
		for end < len(out) {
			b, _ := json.Marshal(out[end])
			if len(b) > limit {
				out[end] = answer{Index: out[end].Index, Hash: out[end].Hash, Text: "error\n",
					Error: fmt.Sprintf("puzzle %d: its answer of %d bytes exceeds the server's message limit", out[end].Index, len(b))}
				b, _ = json.Marshal(out[end])
			}
			if end > start && size+len(b) > limit {
				break
			}
			msg.Answers = append(msg.Answers, out[end])
			size += len(b) + 1
			end++
		}
		data, err := json.Marshal(msg)
		if err != nil {
			return err
		}
		id := batchRun + "." + strconv.Itoa(out[start].Index)
		if _, err := js.Publish(ctx, subject, data, jetstream.WithMsgID(id)); err != nil {
			return err
		}
		start = end
	}
	return nil
}

func (w *Worker) logf(format string, args ...any) {
	if w.Logf != nil {
		w.Logf(format, args...)
	}
}
