package queue

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"hash/fnv"
	"regexp"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sudokit/sudokit/request"
)

// Names of the streams, subjects and consumer.
const (
	WorkStream    = "SUDOKIT_WORK"
	WorkSubject   = "sudokit.work"
	AnswerStream  = "SUDOKIT_ANSWERS"
	AnswerSubject = "sudokit.answers"
	Consumer      = "sudokit-workers"
)

// Limits.
const (
	// MaxPerMessage bounds the puzzles of one work message.
	MaxPerMessage = 1000
	// MaxItems bounds the puzzles of one batch.
	MaxItems = 10_000_000
	// MaxText bounds the text of one puzzle sent on the queue.
	MaxText = 512 << 10
	// Version is the message layout; a worker refuses others by name.
	Version = 1
)

// Settings are the queue's tunables, shared by submitters and workers
// (whoever creates the consumer first sets them).
type Settings struct {
	// AckWait is how long a worker may go without a sign of life before
	// its work goes to another (0: 30s).
	AckWait time.Duration
	// MaxDeliver bounds the deliveries of one message (0: 5).
	MaxDeliver int
	// AnswerAge is how long stored answers are kept (0: 7 days).
	AnswerAge time.Duration
}

func (s Settings) ackWait() time.Duration {
	if s.AckWait > 0 {
		return s.AckWait
	}
	return 30 * time.Second
}

func (s Settings) maxDeliver() int {
	if s.MaxDeliver > 0 {
		return s.MaxDeliver
	}
	return 5
}

// ReadOptions say how workers read the puzzles' text, as the submitter
// read it.
type ReadOptions struct {
	Format            string `json:"format,omitempty"`
	Shape             string `json:"shape,omitempty"`
	Alphabet          string `json:"alphabet,omitempty"`
	IgnoreUnsupported bool   `json:"ignore_unsupported,omitempty"`
}

// A job is one work message: puzzles of a batch and the request.
type job struct {
	Version int    `json:"version"`
	Batch   string `json:"batch"`
	// Run tells one submitter's run from another: message ids (against
	// duplicates) are the batch's, the run's and the first puzzle's, so
	// a batch run again after it finished is queued and answered anew.
	Run     string          `json:"run"`
	Request request.Options `json:"request"`
	// Generate, when set, makes the job's puzzles instead: item i is
	// puzzle i of the run (request.Generator.Do), and Request holds only
	// the timeout of each.
	Generate *request.GenOptions `json:"generate,omitempty"`
	Read     ReadOptions         `json:"read"`
	Items    []wireItem          `json:"items"`
}

// A wireItem is a puzzle as read: where it came from and its text, with
// the jigsaw layout that followed it in the input (--in jigsaw), which the
// text alone does not carry.
type wireItem struct {
	Index  int    `json:"index"`
	Source string `json:"source"`
	Line   int    `json:"line"`
	Text   string `json:"text"`
	Layout string `json:"layout,omitempty"`
}

// hash identifies the item's puzzle: its text and layout.
func (wi wireItem) hash() uint64 {
	if wi.Layout == "" {
		return textHash(wi.Text)
	}
	return textHash(wi.Text + "\n" + wi.Layout)
}

// An answer message holds the answers of consecutive puzzles of a job.
type answers struct {
	Version int      `json:"version"`
	Batch   string   `json:"batch"`
	Answers []answer `json:"answers"`
}

// An answer is one puzzle's request.Answer with its index and the hash of
// its text.
type answer struct {
	Index    int    `json:"index"`
	Hash     uint64 `json:"hash"`
	Text     string `json:"text"`
	Negative bool   `json:"negative,omitempty"`
	Limited  bool   `json:"limited,omitempty"`
	Error    string `json:"error,omitempty"`
	Warning  string `json:"warning,omitempty"`
	// End: a generated puzzle that could not be made; the run ends
	// there, as sudokit generate's does, after the puzzles before it.
	End bool `json:"end,omitempty"`
}

func (a answer) request() request.Answer {
	return request.Answer{Text: []byte(a.Text), Negative: a.Negative, Limited: a.Limited, Error: a.Error, Warning: a.Warning}
}

func fromRequest(index int, hash uint64, a request.Answer) answer {
	return answer{Index: index, Hash: hash, Text: string(a.Text), Negative: a.Negative, Limited: a.Limited, Error: a.Error, Warning: a.Warning}
}

// textHash identifies a puzzle's text.
func textHash(text string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(text))
	return h.Sum64()
}

var batchName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// CheckBatch refuses a batch name that cannot be a subject token.
func CheckBatch(name string) error {
	if !batchName.MatchString(name) {
		return fmt.Errorf("batch name %q: want 1 to 64 letters, digits, '-' or '_'", name)
	}
	return nil
}

// ClientOptions say how to reach a NATS server.
type ClientOptions struct {
	URL string
	// User and Password, or Token, or Creds (a .creds file), authenticate.
	User, Password, Token, Creds string
	// CA verifies the server's certificate; Cert and Key are the client's
	// own (mutual TLS).
	CA, Cert, Key string
	// Name names the connection in the server's monitoring.
	Name string
	// TLS, when set, is used as is (embedded servers in tests).
	TLS *tls.Config
}

// Connect connects to the server, failing fast with an error that names
// the address when it cannot be reached.
func Connect(o ClientOptions) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name(o.Name), nats.Timeout(5 * time.Second), nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second)}
	if o.User != "" || o.Password != "" {
		opts = append(opts, nats.UserInfo(o.User, o.Password))
	}
	if o.Token != "" {
		opts = append(opts, nats.Token(o.Token))
	}
	if o.Creds != "" {
		opts = append(opts, nats.UserCredentials(o.Creds))
	}
	if o.CA != "" {
		opts = append(opts, nats.RootCAs(o.CA))
	}
	if o.Cert != "" || o.Key != "" {
		opts = append(opts, nats.ClientCert(o.Cert, o.Key))
	}
	if o.TLS != nil {
		opts = append(opts, nats.Secure(o.TLS))
	}
	nc, err := nats.Connect(o.URL, opts...)
	if err != nil {
		return nil, fmt.Errorf("connecting to NATS at %s: %w", o.URL, err)
	}
	return nc, nil
}

// setup creates or updates the streams and the workers' consumer.
func setup(ctx context.Context, js jetstream.JetStream, s Settings) (jetstream.Consumer, error) {
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: WorkStream, Subjects: []string{WorkSubject + ".>"}, Retention: jetstream.WorkQueuePolicy,
		Storage: jetstream.FileStorage, Discard: jetstream.DiscardNew, DiscardNewPerSubject: true, MaxMsgsPerSubject: 1,
		Duplicates: 10 * time.Minute, MaxMsgSize: 8 << 20,
	})
	if err != nil {
		return nil, fmt.Errorf("creating stream %s: %w", WorkStream, err)
	}
	age := s.AnswerAge
	if age <= 0 {
		age = 7 * 24 * time.Hour
	}
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: AnswerStream, Subjects: []string{AnswerSubject + ".>"}, Retention: jetstream.LimitsPolicy,
		Storage: jetstream.FileStorage, MaxAge: age, Duplicates: 10 * time.Minute, MaxMsgSize: 8 << 20,
	})
	if err != nil {
		return nil, fmt.Errorf("creating stream %s: %w", AnswerStream, err)
	}
	c, err := js.CreateOrUpdateConsumer(ctx, WorkStream, jetstream.ConsumerConfig{
		Durable: Consumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: s.ackWait(), MaxDeliver: s.maxDeliver(),
		MaxAckPending: 10_000,
	})
	if err != nil {
		return nil, fmt.Errorf("creating consumer %s: %w", Consumer, err)
	}
	return c, nil
}

// errNoJetStream explains a server without JetStream.
var errNoJetStream = errors.New("the NATS server has no JetStream (start nats-server with -js)")
