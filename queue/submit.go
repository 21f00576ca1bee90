package queue

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
	"github.com/sudokit/sudokit/variants"
)

// A Submitter queues the puzzles of a batch and hands back their answers
// in input order, each exactly once.
type Submitter struct {
	Conn     *nats.Conn
	Settings Settings
	// Batch names the batch: the same name resumes it.
	Batch   string
	Request request.Options
	// Generate, when set, makes this a generate batch (RunGenerate):
	// Request then holds only the Timeout of each puzzle.
	Generate *request.GenOptions
	Read     ReadOptions
	// PerMessage is the number of puzzles in one work message (0: 1).
	PerMessage int
	// Emit receives each answer, in input order.
	Emit func(request.Answer)
	// Stored, when set, is told how many answers were already stored when
	// the batch resumed.
	Stored func(n int)
}

// Run reads the puzzles with read (numbered from 0, as puzzle.Reader
// numbers them), queues those not answered yet, and emits every answer in
// input order. When ctx ends it returns ctx's error; the queued work
// stays, and running the same batch again resumes it.
func (s *Submitter) Run(ctx context.Context, read func(chan<- puzzle.Item) error) error {
	if err := CheckBatch(s.Batch); err != nil {
		return err
	}
	per := s.PerMessage
	if per == 0 {
		per = 1
	}
	if per < 1 || per > MaxPerMessage {
		return fmt.Errorf("puzzles per message must be 1 to %d, not %d", MaxPerMessage, per)
	}
	local := &runner{}
	if s.Generate != nil {
		_, local.err = request.NewGenerator(ctx, *s.Generate, Solver)
	} else {
		local = newRunner(s.Request, s.Read)
	}
	if local.err != nil {
		return local.err
	}
	js, err := jetstream.New(s.Conn)
	if err != nil {
		return err
	}
	if _, err := setup(ctx, js, s.Settings); err != nil {
		if errors.Is(err, jetstream.ErrJetStreamNotEnabled) {
			return errNoJetStream
		}
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st := &state{s: s, local: local, got: map[int]answer{}, limit: int(s.Conn.MaxPayload()) - 4096, per: per, run: rand.Text()}
	answersIn, errc, err := s.answers(ctx, js, st)
	if err != nil {
		return err
	}
	gaveUp := make(chan []answer, 16)
	sub, err := s.Conn.Subscribe(maxDeliveriesSubject, func(m *nats.Msg) { s.givenUp(ctx, js, local.r, m, gaveUp) })
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	pub := make(chan job, 64)
	pubErr := make(chan error, 1)
	go func() { pubErr <- publish(ctx, js, pub) }()
	items := make(chan puzzle.Item, 256)
	readErr := make(chan error, 1)
	go func() { readErr <- read(items) }()
	drain := items
	defer func() {
		cancel()
		for range drain { // let the reader finish
		}
	}()
	for !st.ended && !(items == nil && st.next == st.n) {
		select {
		case it, ok := <-items:
			if !ok {
				items = nil
				if err := <-readErr; err != nil {
					return err
				}
				st.flush(pub)
				close(pub)
				continue
			}
			if err := st.add(it, pub); err != nil {
				return err
			}
		case as := <-answersIn:
			for _, a := range as {
				st.store(a)
			}
		case as := <-gaveUp:
			for _, a := range as {
				st.store(a)
			}
		case err := <-errc:
			return err
		case err := <-pubErr:
			if err != nil {
				return err
			}
			pubErr = nil
		case <-ctx.Done():
			return ctx.Err()
		}
		if err := st.emit(); err != nil {
			return err
		}
	}
	if st.ended {
		// The work after the puzzle that ended the run is not wanted.
		if work, err := js.Stream(ctx, WorkStream); err == nil {
			work.Purge(ctx, jetstream.WithPurgeSubject(WorkSubject+"."+s.Batch+".>"))
		}
	}
	stream, err := js.Stream(ctx, AnswerStream)
	if err == nil {
		err = stream.Purge(ctx, jetstream.WithPurgeSubject(AnswerSubject+"."+s.Batch))
	}
	return err
}

// state is a run's bookkeeping: the puzzles read, the answers held until
// their turn, the message being filled.
type state struct {
	s      *Submitter
	local  *runner
	hashes []uint64       // by index, of the puzzles read
	got    map[int]answer // answers not yet emitted
	n      int            // puzzles read
	next   int            // the next index to emit
	cur    job            // the message being filled
	size   int            // its size, roughly
	limit  int            // the largest message
	per    int
	run    string // this run's id
	ended  bool   // a generated puzzle could not be made: the run ends
}

// add takes a puzzle read: answered already, answered here (it could
// not be read), or queued.
func (st *state) add(it puzzle.Item, pub chan<- job) error {
	if it.Index != st.n {
		return fmt.Errorf("puzzle %d read out of order (want %d)", it.Index, st.n)
	}
	if st.n >= MaxItems {
		return fmt.Errorf("a batch holds at most %d puzzles: split the input", MaxItems)
	}
	st.n++
	wi := wireItem{Index: it.Index, Source: it.Source, Line: it.Line, Text: it.Text}
	if it.Err == nil && st.s.Read.Format == puzzle.Jigsaw {
		wi.Layout = jigsawLayout(it)
	}
	h := wi.hash()
	st.hashes = append(st.hashes, h)
	if _, ok := st.got[it.Index]; ok {
		return nil // answered before a restart
	}
	if it.Err != nil || len(it.Text)+len(wi.Layout) > MaxText || len(it.Text)+len(wi.Layout) > st.limit/2 {
		if it.Err == nil {
			it.Err = fmt.Errorf("a puzzle of %d bytes is too large for the queue", len(it.Text))
		}
		st.got[it.Index] = fromRequest(it.Index, h, st.local.r.Answer(it, st.local.r.Failed(it.Err)))
		return nil
	}
	size := len(wi.Text) + len(wi.Layout) + len(wi.Source) + 64
	if len(st.cur.Items) > 0 && st.size+size > st.limit {
		st.flush(pub)
	}
	st.cur.Items = append(st.cur.Items, wi)
	st.size += size
	if len(st.cur.Items) >= st.per {
		st.flush(pub)
	}
	return nil
}

// flush queues the message being filled.
func (st *state) flush(pub chan<- job) {
	if len(st.cur.Items) == 0 {
		return
	}
	st.cur.Version, st.cur.Batch, st.cur.Run, st.cur.Request, st.cur.Read = Version, st.s.Batch, st.run, st.s.Request, st.s.Read
	st.cur.Generate = st.s.Generate
	pub <- st.cur
	st.cur, st.size = job{}, 512
}

// store keeps the first answer of each puzzle.
func (st *state) store(a answer) {
	if a.Index < st.next || a.Index < 0 || a.Index >= MaxItems {
		return
	}
	if _, ok := st.got[a.Index]; !ok {
		st.got[a.Index] = a
	}
}

// emit hands over the answers whose turn has come.
func (st *state) emit() error {
	for st.next < st.n {
		a, ok := st.got[st.next]
		if !ok {
			return nil
		}
		if a.Hash != st.hashes[st.next] {
			return fmt.Errorf("batch %s holds an answer to puzzle %d for another text: the input changed since the batch began; give another --batch", st.s.Batch, st.next)
		}
		delete(st.got, st.next)
		st.next++
		st.s.Emit(a.request())
		if a.End {
			st.ended = true
			return nil
		}
	}
	return nil
}

// publish queues the messages of pub; one still queued from an earlier
// run is not queued again.
func publish(ctx context.Context, js jetstream.JetStream, pub <-chan job) error {
	for j := range pub {
		data, err := json.Marshal(j)
		if err != nil {
			return err
		}
		first := strconv.Itoa(j.Items[0].Index)
		_, err = js.Publish(ctx, WorkSubject+"."+j.Batch+"."+first, data, jetstream.WithMsgID(j.Batch+"."+j.Run+"."+first))
		if err != nil && !strings.Contains(err.Error(), "maximum messages per subject") {
			return fmt.Errorf("queueing puzzles from %s: %w", first, err)
		}
	}
	return nil
}

// answers reads the answers stored for the batch: those there at the
// start go into st before Run queues anything; later ones come on the
// channel.
func (s *Submitter) answers(ctx context.Context, js jetstream.JetStream, st *state) (<-chan []answer, <-chan error, error) {
	cons, err := js.OrderedConsumer(ctx, AnswerStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{AnswerSubject + "." + s.Batch}})
	if err != nil {
		return nil, nil, err
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return nil, nil, err
	}
	it, err := cons.Messages()
	if err != nil {
		return nil, nil, err
	}
	decode := func(m jetstream.Msg) []answer {
		var as answers
		if json.Unmarshal(m.Data(), &as) != nil || as.Version != Version {
			return nil
		}
		return as.Answers
	}
	for range info.NumPending {
		m, err := it.Next()
		if err != nil {
			return nil, nil, err
		}
		for _, a := range decode(m) {
			st.store(a)
		}
	}
	if s.Stored != nil {
		s.Stored(len(st.got))
	}
	out := make(chan []answer, 64)
	errc := make(chan error, 1)
	go func() {
		<-ctx.Done()
		it.Stop()
	}()
	go func() {
		for {
			m, err := it.Next()
			if err != nil {
				if ctx.Err() == nil {
					errc <- fmt.Errorf("reading answers: %w", err)
				}
				return
			}
			select {
			case out <- decode(m):
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, errc, nil
}

// maxDeliveriesSubject is the server's advisory for a message delivered
// MaxDeliver times without an ack.
const maxDeliveriesSubject = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + WorkStream + "." + Consumer

// givenUp answers every puzzle of a message of this batch that the
// workers gave up on, and removes it from the queue.
func (s *Submitter) givenUp(ctx context.Context, js jetstream.JetStream, r *request.Runner, m *nats.Msg, out chan<- []answer) {
	var adv struct {
		Seq        uint64 `json:"stream_seq"`
		Deliveries int    `json:"deliveries"`
	}
	if json.Unmarshal(m.Data, &adv) != nil {
		return
	}
	stream, err := js.Stream(ctx, WorkStream)
	if err != nil {
		return
	}
	raw, err := stream.GetMsg(ctx, adv.Seq)
	if err != nil {
		return
	}
	var j job
	if json.Unmarshal(raw.Data, &j) != nil || j.Batch != s.Batch {
		return
	}
	var as []answer
	for _, wi := range j.Items {
		err := fmt.Errorf("given up after %d deliveries: every worker that took it died or stalled", adv.Deliveries)
		as = append(as, failed(r, wi, err))
	}
	stream.DeleteMsg(ctx, adv.Seq)
	select {
	case out <- as:
	case <-ctx.Done():
	}
}

// failed is the answer of a puzzle that err stopped; with no runner, of
// a generated puzzle, which ends the run.
func failed(r *request.Runner, wi wireItem, err error) answer {
	if r == nil {
		a := fromRequest(wi.Index, wi.hash(), request.Answer{Error: fmt.Sprintf("puzzle %d: %v", wi.Index, err)})
		a.End = true
		return a
	}
	it := puzzle.Item{Index: wi.Index, Source: wi.Source, Line: wi.Line, Text: wi.Text, Err: err}
	return fromRequest(wi.Index, wi.hash(), r.Answer(it, r.Failed(err)))
}

// jigsawLayout is the layout of a jigsaw item read with --in jigsaw, as
// the reader reads it back after the item's text.
func jigsawLayout(it puzzle.Item) string {
	for _, v := range it.Own {
		if j, ok := v.(variants.Jigsaw); ok {
			return j.Layout()
		}
	}
	return ""
}

// RunGenerate runs a generate batch of count puzzles (Generate's First to
// First+count-1), emitting their lines or records in order, as sudokit
// generate prints them. A puzzle that could not be made ends the batch
// after those before it, with its warning or error.
func (s *Submitter) RunGenerate(ctx context.Context, count int) error {
	if s.Generate == nil {
		return errors.New("a generate batch needs generate options")
	}
	if count < 0 || count > MaxItems {
		return fmt.Errorf("a generate batch makes 0 to %d puzzles, not %d", MaxItems, count)
	}
	g := *s.Generate
	return s.Run(ctx, func(out chan<- puzzle.Item) error {
		defer close(out)
		for i := range count {
			// The text names the puzzle: a stored answer for another
			// seed or index is refused as a changed input.
			it := puzzle.Item{Index: i, Source: request.Generate, Line: i + 1,
				Text: fmt.Sprintf("seed %d index %d", g.Seed, g.First+i)}
			select {
			case out <- it:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
}
