package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/backends/outside"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/server"
)

// serveFlags are serve's flags.
type serveFlags struct {
	addr    string
	timeout time.Duration
	jobs    int
	nodes   int64
	allow   []string
}

func (a *app) serveCmd() *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve a web page (and its JSON API) to enter, solve, verify, explain and watch puzzles",
		Long: `serve starts a web server with a page to type or paste puzzles (lines, grid
blocks, f-puzzles and SudokuPad links), choose variants and a backend, and solve,
verify, count, show candidates, hints and explanations, generate puzzles, compare
backends and replay their searches. The page calls a JSON API that scripts can
call too: POST /api/solve, /api/verify, /api/count and others, each taking
{"puzzle": "...", "variants": [...], "backend": "..."} and answering the record
--json prints. It listens on the loopback address unless --addr says otherwise;
Ctrl-C stops it.`,
		Example: `  sudokit serve
  sudokit serve --addr 127.0.0.1:9000 --timeout 10s`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return a.serve(cmd.Context(), f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	fl.DurationVar(&f.timeout, "timeout", server.DefaultTimeout, "time limit of each search a request starts (it then answers unknown)")
	fl.IntVar(&f.jobs, "max-jobs", runtime.GOMAXPROCS(0), "requests searching at the same time (others wait, then get 503)")
	fl.Int64Var(&f.nodes, "nodes", 0, "node budget of each search in the backends that count nodes: dlx, prop, backtrack, auto (its first attempt); sat and the outside solvers stop at --timeout only (0: none but --timeout)")
	fl.StringSliceVar(&f.allow, "allow-host", nil, "more host names requests may name besides localhost, 127.0.0.1, [::1] and --addr's host (\"*\": any)")
	return cmd
}

// serverBackends returns the CLI's backends for the server: DLX, SAT and
// prop side by side in /api/compare, DLX and backtracking in /api/trace,
// and the outside solvers only when their programs are installed.
func serverBackends() []server.Backend {
	var out []server.Backend
	for _, b := range backends {
		if o, ok := b.solver.(*outside.Solver); ok {
			if _, err := o.Find(); err != nil {
				continue
			}
		}
		out = append(out, server.Backend{Name: b.name, Summary: b.summary, Solver: b.solver,
			Compare: !b.composite && !b.baseline && !b.outside, Trace: b.traces})
	}
	return out
}

// serve runs the server until ctx ends (Ctrl-C), then shuts it down,
// letting requests under way finish for a few seconds.
func (a *app) serve(ctx context.Context, f serveFlags) error {
	if f.timeout <= 0 || f.jobs < 1 || f.nodes < 0 {
		return fmt.Errorf("--timeout must be positive, --max-jobs at least 1 and --nodes not negative")
	}
	s, err := server.New(server.Config{Backends: serverBackends(), Default: "auto", Propagator: prop.New(), Timeout: f.timeout, MaxJobs: f.jobs,
		Nodes: f.nodes, Addr: f.addr, AllowHosts: f.allow, Logf: func(format string, args ...any) { a.warnf(format, args...) }})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return err
	}
	if w := exposure(f.addr); w != "" {
		fmt.Fprintf(a.stderr, "sudokit: warning: --addr %s %s: anyone who can reach it may use the API, which has no authentication\n", f.addr, w)
	}
	hs := s.HTTPServer(f.addr)
	// Ctrl-C also stops the searches under way: they answer "unknown".
	hs.BaseContext = func(net.Listener) context.Context { return ctx }
	fmt.Fprintf(a.stderr, "sudokit: serving http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// exposure says how addr is reachable beyond this machine's loopback
// interface, or returns "" when it is not.
func exposure(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if host == "" {
		return "listens on every network interface"
	}
	if strings.EqualFold(host, "localhost") {
		return ""
	}
	ip := net.ParseIP(host)
	switch {
	case ip == nil:
		return "names a host that may not be this machine's loopback address"
	case ip.IsUnspecified():
		return "listens on every network interface"
	case !ip.IsLoopback():
		return "listens on a network interface other machines may reach"
	}
	return ""
}
