package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/queue"
)

// connFlags say how to reach a server, or how to run the embedded one.
type connFlags struct {
	server                       string
	user, password, token, creds string
	ca, cert, key                string
	dir, listen                  string
	ackWait, answerAge           time.Duration
	maxDeliver                   int
}

// register adds the connection flags; embedded adds those of the
// embedded server.
func (f *connFlags) register(cmd *cobra.Command, embedded bool) {
	fl := cmd.Flags()
	fl.StringVar(&f.server, "server", "", "NATS server URL, e.g. nats://host:4222 (submit: none starts an embedded server)")
	fl.StringVar(&f.user, "user", "", "user name for the server (and required by the embedded one)")
	fl.StringVar(&f.password, "password", "", "password for --user (or $SUDOKIT_NATS_PASSWORD)")
	fl.StringVar(&f.token, "token", "", "token for the server (or $SUDOKIT_NATS_TOKEN)")
	fl.StringVar(&f.creds, "creds", "", "NATS credentials file (JWT and NKey seed)")
	fl.StringVar(&f.ca, "tls-ca", "", "CA certificate that signs the server's (embedded: the clients') certificates")
	fl.StringVar(&f.cert, "tls-cert", "", "client certificate (embedded: the server's)")
	fl.StringVar(&f.key, "tls-key", "", "key of --tls-cert")
	fl.DurationVar(&f.ackWait, "ack-wait", 30*time.Second, "time a worker may go without a sign of life before its work goes to another")
	fl.IntVar(&f.maxDeliver, "max-deliver", 5, "deliveries of one message before it is answered with an error")
	fl.DurationVar(&f.answerAge, "answer-age", 7*24*time.Hour, "how long stored answers of an unfinished batch are kept")
	if embedded {
		fl.StringVar(&f.dir, "dir", defaultDir(), "JetStream storage of the embedded server: the queued work and the answers")
		fl.StringVar(&f.listen, "listen", "127.0.0.1:4222", "address of the embedded server: 0.0.0.0:4222 lets other machines join (set --user/--password or --token)")
	}
}

// defaultDir is the embedded server's storage under the user's cache.
func defaultDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "sudokit", "queue")
}

func (f *connFlags) settings() (queue.Settings, error) {
	if f.ackWait < time.Second || f.maxDeliver < 1 || f.maxDeliver > 100 || f.answerAge < time.Minute {
		return queue.Settings{}, fmt.Errorf("--ack-wait must be at least 1s, --max-deliver 1 to 100, --answer-age at least 1m")
	}
	return queue.Settings{AckWait: f.ackWait, MaxDeliver: f.maxDeliver, AnswerAge: f.answerAge}, nil
}

func (f *connFlags) secrets() {
	if f.password == "" {
		f.password = os.Getenv("SUDOKIT_NATS_PASSWORD")
	}
	if f.token == "" {
		f.token = os.Getenv("SUDOKIT_NATS_TOKEN")
	}
}

// connect connects to --server.
func (f *connFlags) connect(name string) (*nats.Conn, error) {
	f.secrets()
	return queue.Connect(queue.ClientOptions{URL: f.server, User: f.user, Password: f.password, Token: f.token,
		Creds: f.creds, CA: f.ca, Cert: f.cert, Key: f.key, Name: name})
}

// embedded starts the embedded server.
func (f *connFlags) embedded() (*server.Server, error) {
	f.secrets()
	if err := os.MkdirAll(f.dir, 0o700); err != nil {
		return nil, err
	}
	return queue.StartServer(queue.ServerOptions{Dir: f.dir, Listen: f.listen, User: f.user, Password: f.password,
		Token: f.token, Cert: f.cert, Key: f.key, CA: f.ca})
}

// local connects to the embedded server through loopback. When it serves
// TLS, the connection trusts exactly the server's certificate (which need
// not name the loopback address) and presents it as its own, for a server
// that requires client certificates.
func (f *connFlags) local(ns *server.Server, name string) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name(name)}
	if f.cert != "" {
		pair, err := tls.LoadX509KeyPair(f.cert, f.key)
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.Secure(&tls.Config{
			Certificates:       []tls.Certificate{pair},
			InsecureSkipVerify: true, // verified below: the server's own certificate, byte for byte
			VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
				if len(raw) == 0 || !bytes.Equal(raw[0], pair.Certificate[0]) {
					return errors.New("the embedded server presented another certificate")
				}
				return nil
			},
		}))
	}
	if f.user != "" {
		opts = append(opts, nats.UserInfo(f.user, f.password))
	}
	if f.token != "" {
		opts = append(opts, nats.Token(f.token))
	}
	nc, err := nats.Connect(ns.ClientURL(), opts...)
	if err != nil {
		return nil, fmt.Errorf("connecting to the embedded server: %w", err)
	}
	return nc, nil
}
