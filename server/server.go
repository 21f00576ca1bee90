package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// A Backend is a solver the server offers under a name.
type Backend struct {
	Name    string
	Summary string
	Solver  model.Solver
	// Compare and Trace put the backend among those /api/compare and
	// /api/trace run when a request names none.
	Compare, Trace bool
}

// Config says what a Server offers and how it bounds the work a request
// may ask for. Zero values take the defaults named on each field.
type Config struct {
	// Backends are the solvers, in the order the page lists them.
	// Required.
	Backends []Backend
	// Default names the backend of a request that names none (default:
	// the first); /api/generate takes generate.DefaultBackend first,
	// when the server has it, as the CLI's generate does.
	Default string
	// Propagator, when set, lets explain and hint read every rule of a
	// puzzle with sums in its last steps (see logic.Options.Propagator).
	Propagator logic.Propagator
	// Timeout bounds each search a request starts (each backend's in
	// /api/compare and /api/trace); a request may ask for less. A search
	// stopped by it answers "unknown". Default 5s.
	Timeout time.Duration
	// MaxJobs bounds the requests searching at the same time (default
	// GOMAXPROCS); Wait is how long a request waits for its turn before
	// it is answered 503 (default 1s).
	MaxJobs int
	Wait    time.Duration
	// Nodes bounds a search's node budget (0: no bound but Timeout); a
	// request may ask for less.
	Nodes int64
	// MaxBody bounds a request's body in bytes (default 256 KiB).
	MaxBody int64
	// MaxSide bounds the side of a puzzle's grid (default sudoku.MaxN).
	MaxSide int
	// MaxMembers bounds the memory of a puzzle's rules: the candidates
	// and payload numbers they hold (default DefaultMaxMembers, about
	// 64 MB of rules; a plain 36x36 grid holds 0.14 million). A puzzle
	// with more is answered 422.
	MaxMembers int
	// MaxCount bounds the limit of /api/count (default 10000);
	// MaxGenerate the puzzles of one /api/generate (default 10);
	// MaxEvents the events /api/trace keeps per backend (default 50000).
	MaxCount    int
	MaxGenerate int
	MaxEvents   int
	// Addr is the address the server listens on (host:port). A request
	// must name, in its Host header, a loopback host (localhost,
	// 127.0.0.1, [::1]), Addr's host or one of AllowHosts, and a request
	// from a page (an Origin header) must come from such a host; others
	// are answered 403. This keeps a page of another site, whose DNS name
	// was rebound to this machine, from calling the API.
	Addr string
	// AllowHosts are more host names (or addresses) requests may name;
	// "*" allows any.
	AllowHosts []string
	// Logf receives the server's messages (a recovered panic); nil
	// means log.Printf.
	Logf func(format string, args ...any)
}

// Defaults of Config.
const (
	DefaultTimeout     = 5 * time.Second
	DefaultWait        = time.Second
	DefaultMaxBody     = 256 << 10
	DefaultMaxCount    = 10000
	DefaultMaxGenerate = 10
	DefaultMaxEvents   = 50000
	DefaultMaxMembers  = 8 << 20
	// maxRuns bounds the backends one /api/compare or /api/trace runs.
	maxRuns = 4
	// maxCachedSide and maxCachedSets bound the rule sets the server
	// keeps between requests: grids up to 16x16 with the rules
	// "variants" names, at most 8 of them (0.12 MB for a plain 16x16,
	// 6.6 MB with all eight named rules).
	maxCachedSide = 16
	maxCachedSets = 8
)

// A Server is the web page and the JSON API. It is an http.Handler, safe
// for concurrent use.
type Server struct {
	cfg      Config
	backends map[string]Backend
	jobs     chan struct{} // a slot per search under way
	cache    puzzle.Cache  // rule sets shared by all requests
	routes   map[string]route
	static   http.Handler
}

// A route is one API endpoint: its method and handler.
type route struct {
	method string
	serve  func(w http.ResponseWriter, r *http.Request)
}

// New checks cfg, fills in its defaults and returns the server.
func New(cfg Config) (*Server, error) {
	if len(cfg.Backends) == 0 {
		return nil, errors.New("server: no backends")
	}
	s := &Server{backends: map[string]Backend{}, cache: puzzle.Cache{Max: maxCachedSets}}
	for _, b := range cfg.Backends {
		if b.Name == "" || b.Solver == nil {
			return nil, fmt.Errorf("server: a backend needs a name and a solver")
		}
		if _, dup := s.backends[b.Name]; dup {
			return nil, fmt.Errorf("server: backend %q named twice", b.Name)
		}
		s.backends[b.Name] = b
	}
	if cfg.Default == "" {
		cfg.Default = cfg.Backends[0].Name
	}
	if _, ok := s.backends[cfg.Default]; !ok {
		return nil, fmt.Errorf("server: default backend %q is not among the backends", cfg.Default)
	}
	if cfg.Timeout < 0 || cfg.Wait < 0 || cfg.MaxJobs < 0 || cfg.Nodes < 0 || cfg.MaxBody < 0 || cfg.MaxSide < 0 ||
		cfg.MaxMembers < 0 || cfg.MaxCount < 0 || cfg.MaxGenerate < 0 || cfg.MaxEvents < 0 {
		return nil, errors.New("server: negative bound in Config")
	}
	setDefault(&cfg.Timeout, DefaultTimeout)
	setDefault(&cfg.Wait, DefaultWait)
	setDefault(&cfg.MaxJobs, runtime.GOMAXPROCS(0))
	setDefault(&cfg.MaxBody, DefaultMaxBody)
	setDefault(&cfg.MaxSide, sudoku.MaxN)
	setDefault(&cfg.MaxMembers, DefaultMaxMembers)
	setDefault(&cfg.MaxCount, DefaultMaxCount)
	setDefault(&cfg.MaxGenerate, DefaultMaxGenerate)
	setDefault(&cfg.MaxEvents, DefaultMaxEvents)
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	s.cfg = cfg
	s.cache.MaxMembers = cfg.MaxMembers
	s.jobs = make(chan struct{}, cfg.MaxJobs)
	page, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	s.static = http.FileServerFS(page)
	s.routes = map[string]route{
		"/api/info":           {http.MethodGet, s.info},
		"/api/variants":       {http.MethodGet, s.variants},
		"/api/parse":          {http.MethodPost, handle(s, s.parse)},
		"/api/solve":          {http.MethodPost, handle(s, s.solve)},
		"/api/verify":         {http.MethodPost, handle(s, s.verify)},
		"/api/count":          {http.MethodPost, handle(s, s.count)},
		"/api/compare":        {http.MethodPost, handle(s, s.compare)},
		"/api/candidates":     {http.MethodPost, handle(s, s.candidates)},
		"/api/hint":           {http.MethodPost, handle(s, s.hint)},
		"/api/explain":        {http.MethodPost, handle(s, s.explain)},
		"/api/generate":       {http.MethodPost, handle(s, s.generate)},
		"/api/trace":          {http.MethodPost, handle(s, s.trace)},
		"/api/truecandidates": {http.MethodPost, handle(s, s.trueCandidates)},
		"/api/suggest":        {http.MethodPost, handle(s, s.suggest)},
		"/api/estimate":       {http.MethodPost, handle(s, s.estimate)},
		"/api/minimal":        {http.MethodPost, handle(s, s.minimal)},
	}
	return s, nil
}

func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// Config returns the server's configuration with its defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// pages are the files of the page, by path.
var pages = map[string]bool{"/": true, "/index.html": true, "/app.js": true, "/style.css": true, "/draw.js": true, "/play.js": true, "/editor.js": true}

// ServeHTTP implements http.Handler: the page's files at /, the API under
// /api/. A panic in a handler (there should be none) is logged and
// answered 500.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rw := &recorder{ResponseWriter: w}
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.cfg.Logf("server: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
			if !rw.wrote {
				writeError(rw, http.StatusInternalServerError, "internal error (logged)")
			}
		}
	}()
	h := rw.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	if err := s.checkHost(r); err != nil {
		writeAPIError(rw, err)
		return
	}
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	path := r.URL.Path
	if !strings.HasPrefix(path, "/api/") {
		if !pages[path] {
			writeError(rw, http.StatusNotFound, "no page "+path)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			rw.Header().Set("Allow", "GET, HEAD")
			writeError(rw, http.StatusMethodNotAllowed, r.Method+" "+path+": want GET")
			return
		}
		s.static.ServeHTTP(rw, r)
		return
	}
	rt, ok := s.routes[path]
	if !ok {
		writeError(rw, http.StatusNotFound, "no endpoint "+path+" (see GET /api/info)")
		return
	}
	if r.Method != rt.method {
		rw.Header().Set("Allow", rt.method)
		writeError(rw, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: want %s", r.Method, path, rt.method))
		return
	}
	rt.serve(rw, r)
}

// checkHost refuses a request that names a host other than those the
// server answers to (Config.Addr), or comes from a page of another host.
func (s *Server) checkHost(r *http.Request) error {
	if !s.hostAllowed(r.Host) {
		return errorf(http.StatusForbidden, "host %q: this server answers to localhost, 127.0.0.1, [::1] and its own address only (serve --allow-host adds others)", r.Host)
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !s.hostAllowed(u.Host) {
			return errorf(http.StatusForbidden, "origin %q: requests from pages of other sites are refused", o)
		}
	}
	return nil
}

// hostAllowed reports whether hostport (a Host header, with or without a
// port) names a host the server answers to.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostOnly(hostport)
	switch host {
	case "localhost", "127.0.0.1", "::1":
		return true
	case "":
		return false
	}
	if a := hostOnly(s.cfg.Addr); a != "" && strings.EqualFold(a, host) {
		return true
	}
	for _, h := range s.cfg.AllowHosts {
		if h == "*" || strings.EqualFold(hostOnly(h), host) {
			return true
		}
	}
	return false
}

// hostOnly returns the host of host:port, or of a host alone, without
// the brackets of an IPv6 address.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		hostport = h
	}
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]"))
}

// A recorder notes whether the response has started, so that a panic
// after it does not write a second header.
type recorder struct {
	http.ResponseWriter
	wrote bool
}

// WriteHeader implements http.ResponseWriter.
func (r *recorder) WriteHeader(code int) {
	r.wrote = true
	r.ResponseWriter.WriteHeader(code)
}

// Write implements http.ResponseWriter.
func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	return r.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// HTTPServer returns an http.Server for s at addr, with timeouts that fit
// its bounds: the headers must come within 5s, the body within 10s, and a
// response may take as long as the longest request s allows (maxRuns
// searches after Wait), each search allowed its Timeout and searchSetup
// more, and 10s to spare.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      s.cfg.Wait + maxRuns*(s.cfg.Timeout+searchSetup) + 10*time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
}

// searchSetup is how long a search may overrun its time limit: the
// backends poll the clock while they build their lowering too, and the
// largest overrun seen (an empty 36x36 grid with anti-knight, anti-king,
// diagonals and disjoint groups, on a shared 2-core machine) is under
// 0.1s. Building the rule sets ends by the request's deadline too (see
// lifetime); the 10s to spare cover writing the answer.
const searchSetup = time.Second

// An apiError is an answer other than 200: its status and message.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func errorf(status int, format string, args ...any) *apiError {
	return &apiError{status, fmt.Sprintf(format, args...)}
}

// badRequest wraps err as a 400.
func badRequest(err error) *apiError { return &apiError{http.StatusBadRequest, err.Error()} }

// writeJSON writes v as the JSON answer with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"the answer could not be written as JSON"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// writeError writes {"error": msg} with the status.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, struct {
		Error string `json:"error"`
	}{msg})
}

// An answer is what an endpoint returns: a status (0 means 200) and the
// value written as JSON.
type answer struct {
	status int
	body   any
}

// ok answers v with 200.
func ok(v any) (answer, error) { return answer{body: v}, nil }

// handle returns the HTTP handler of an endpoint whose request is a JSON
// object read into a Req: the body is bounded and read strictly, the work
// waits for a job slot (503 when none frees up within Config.Wait), and
// runs under the request's deadline (see lifetime), which bounds reading
// the puzzle, building its rules, lowering and searching: the slot is
// free again by then.
func handle[Req any](s *Server, work func(ctx context.Context, req *Req) (answer, error)) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		req := new(Req)
		if err := s.decode(w, r, req); err != nil {
			writeAPIError(w, err)
			return
		}
		release, err := s.acquire(r.Context())
		if err != nil {
			writeAPIError(w, err)
			return
		}
		defer release()
		ctx, cancel := context.WithTimeout(r.Context(), s.lifetime(req))
		defer cancel()
		a, err := work(ctx, req)
		if err != nil {
			writeAPIError(w, err)
			return
		}
		writeJSON(w, max(a.status, http.StatusOK), a.body)
	}
}

// lifetime returns how long a request may hold a job slot: the time limit
// it asks for (or the server's), times the searches it runs one after the
// other.
func (s *Server) lifetime(req any) time.Duration {
	var b bounds
	if br, ok := req.(boundedRequest); ok {
		b = br.requestBounds()
	}
	runs := 1
	if mr, ok := req.(multiRequest); ok {
		runs = mr.runs()
	}
	return s.timeout(b) * time.Duration(runs)
}

// writeAPIError answers an endpoint's error: its own status, or 400.
func writeAPIError(w http.ResponseWriter, err error) {
	var ae *apiError
	if errors.As(err, &ae) {
		if ae.status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		writeError(w, ae.status, ae.msg)
		return
	}
	writeError(w, http.StatusBadRequest, err.Error())
}

// acquire waits up to Config.Wait for a job slot and returns its release.
func (s *Server) acquire(ctx context.Context) (func(), error) {
	select {
	case s.jobs <- struct{}{}:
		return func() { <-s.jobs }, nil
	default:
	}
	t := time.NewTimer(s.cfg.Wait)
	defer t.Stop()
	select {
	case s.jobs <- struct{}{}:
		return func() { <-s.jobs }, nil
	case <-t.C:
		return nil, errorf(http.StatusServiceUnavailable, "busy: %d searches under way; try again shortly", cap(s.jobs))
	case <-ctx.Done():
		return nil, errorf(http.StatusServiceUnavailable, "the request ended while waiting for its turn")
	}
}
