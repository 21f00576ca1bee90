package queue

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ServerOptions configure an embedded NATS server.
type ServerOptions struct {
	// Dir holds JetStream's storage: the queued work and the answers.
	Dir string
	// Listen is host:port; "" is 127.0.0.1:4222, and port 0 picks a free
	// port. Nothing listens beyond loopback unless Listen names another
	// host.
	Listen string
	// User and Password, or Token, are required of clients when set.
	User, Password, Token string
	// Cert and Key serve TLS; CA, with them, requires client certificates
	// signed by it.
	Cert, Key, CA string
	// MaxStore bounds JetStream's file storage in bytes (0: the server's
	// default, a share of the disk).
	MaxStore int64
}

// StartServer starts an embedded NATS server with JetStream and waits
// until it accepts connections.
func StartServer(o ServerOptions) (*server.Server, error) {
	if o.Dir == "" {
		return nil, fmt.Errorf("an embedded server needs a storage directory")
	}
	host, port := "127.0.0.1", 4222
	if o.Listen != "" {
		h, p, err := net.SplitHostPort(o.Listen)
		if err != nil {
			return nil, fmt.Errorf("listen address %q: %w", o.Listen, err)
		}
		if port, err = strconv.Atoi(p); err != nil || port < 0 || port > 65535 {
			return nil, fmt.Errorf("listen address %q: bad port", o.Listen)
		}
		if h != "" {
			host = h
		}
		if port == 0 {
			port = server.RANDOM_PORT
		}
	}
	opts := &server.Options{ServerName: "sudokit", Host: host, Port: port, JetStream: true, StoreDir: o.Dir,
		JetStreamMaxStore: o.MaxStore, NoSigs: true, NoLog: true, Username: o.User, Password: o.Password,
		Authorization: o.Token}
	if o.Cert != "" || o.Key != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: o.Cert, KeyFile: o.Key, CaFile: o.CA, Verify: o.CA != ""})
		if err != nil {
			return nil, fmt.Errorf("server TLS: %w", err)
		}
		opts.TLS, opts.TLSConfig, opts.TLSVerify, opts.TLSTimeout = true, tc, o.CA != "", 2
	} else if o.CA != "" {
		return nil, fmt.Errorf("a server CA needs the server's own certificate and key")
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("embedded NATS server: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("embedded NATS server on %s did not start (is the port taken?)", net.JoinHostPort(host, strconv.Itoa(port)))
	}
	return ns, nil
}
