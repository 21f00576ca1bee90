package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/variants"
)

// decode reads the request's body, one JSON object, into dst: at most
// Config.MaxBody bytes, of content type application/json (required: a
// form or a text/plain body, which a page of another site may send
// without asking, is refused 415), with no member dst does not know. A
// body that does not come in time (http.Server.ReadTimeout) is answered
// 408.
func (s *Server) decode(w http.ResponseWriter, r *http.Request, dst any) error {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return errorf(http.StatusUnsupportedMediaType, "no content type: send application/json")
	}
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		return errorf(http.StatusUnsupportedMediaType, "content type %q: send application/json", ct)
	}
	body := http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil {
		// Nothing but white space may follow the object.
		if _, err2 := dec.Token(); err2 != io.EOF {
			err = errors.New("more than one JSON value: send one object")
		}
	}
	var tooBig *http.MaxBytesError
	var netErr net.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &netErr) && netErr.Timeout():
		return errorf(http.StatusRequestTimeout, "the request body did not arrive in time")
	case errors.As(err, &netErr):
		return errorf(http.StatusBadRequest, "the request body could not be read")
	case errors.As(err, &tooBig):
		return errorf(http.StatusRequestEntityTooLarge, "request body over %d bytes", tooBig.Limit)
	case errors.Is(err, io.EOF):
		return errorf(http.StatusBadRequest, "empty body: send a JSON object such as {\"puzzle\": \"...\"}")
	}
	return errorf(http.StatusBadRequest, "bad request body: %s", jsonMessage(err))
}

// jsonMessage describes a JSON decoding error without Go type names.
func jsonMessage(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if te.Field != "" {
			// The path runs through the Go structs a request embeds
			// ("puzzleFields.puzzle"): the member is its last part.
			field := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
			return fmt.Sprintf("member %q: want %s, got a JSON %s", field, kindOf(te.Type.String()), te.Value)
		}
		return fmt.Sprintf("want a JSON object, got a JSON %s", te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, se)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends early"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// kindOf names a Go type as the JSON it reads.
func kindOf(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"), strings.HasPrefix(goType, "*uint"):
		return "a whole number"
	}
	return "another kind of value"
}

// puzzleFields are the members every request about one puzzle has.
type puzzleFields struct {
	// Puzzle is the puzzle: a line, a grid block, number tokens, an
	// f-puzzles or SudokuPad link, or f-puzzles JSON.
	Puzzle string `json:"puzzle"`
	// Variants names global rule sets (see GET /api/variants).
	Variants []string `json:"variants,omitempty"`
	// Shape, Alphabet and In say how to read the text, as the CLI's
	// --shape, --alphabet and --in do.
	Shape    string `json:"shape,omitempty"`
	Alphabet string `json:"alphabet,omitempty"`
	In       string `json:"in,omitempty"`
	// IgnoreUnsupported solves a link without the constraints sudokit
	// does not support, instead of refusing it.
	IgnoreUnsupported bool `json:"ignore_unsupported,omitempty"`
	bounds
}

// bounds are the members with which a request asks for less than the
// server's bounds: a shorter time limit, a smaller node budget.
type bounds struct {
	TimeoutMS int64 `json:"timeout_ms,omitempty"`
	Nodes     int64 `json:"nodes,omitempty"`
}

// requestBounds returns b: every request with bounds has the method, which
// handle reads to set the request's deadline.
func (b bounds) requestBounds() bounds { return b }

// A bounded request says how long a search of it may take.
type boundedRequest interface{ requestBounds() bounds }

// A multiRequest runs up to runs searches one after the other
// (/api/compare, /api/trace), each with the time limit of one.
type multiRequest interface{ runs() int }

// A prepared puzzle is one read and built: its item (the request's global
// variants first among its own), model, rule set names and the warnings
// reading it gave.
type prepared struct {
	item     puzzle.Item
	own      []rules.Variant // the rule sets the puzzle carried
	model    *model.Model
	names    []string
	warnings []string
	stop     model.Stop // why model is nil: the deadline came first
}

// prepare reads and builds the puzzle of a request, giving up when ctx
// ends (the request's deadline) or when its rules outgrow
// Config.MaxMembers, with an error (422) that says which.
func (s *Server) prepare(ctx context.Context, f *puzzleFields) (*prepared, error) {
	if strings.TrimSpace(f.Puzzle) == "" {
		return nil, errorf(http.StatusBadRequest, `no puzzle: send {"puzzle": "..."}`)
	}
	for _, name := range f.Variants {
		if strings.Contains(name, ",") {
			return nil, errorf(http.StatusBadRequest, "variant %q: name one variant per list entry", name)
		}
	}
	vs, err := variants.ParseList(strings.Join(f.Variants, ","))
	if err != nil {
		return nil, badRequest(err)
	}
	p := &prepared{}
	rd := &puzzle.Reader{Format: f.In, IgnoreUnsupported: f.IgnoreUnsupported,
		Warn:       func(format string, args ...any) { p.warnings = append(p.warnings, fmt.Sprintf(format, args...)) },
		OptionName: func(field string) string { return `"` + strings.ToLower(field) + `"` }}
	if rd.Parse, err = puzzle.ParseOptions(f.Shape, f.Alphabet); err != nil {
		return nil, badRequest(err)
	}
	items, err := rd.ReadString(f.Puzzle, "request")
	switch {
	case err != nil:
		return nil, badRequest(err)
	case len(items) > 1:
		return nil, errorf(http.StatusBadRequest, "the text holds %d puzzles: send one per request", len(items))
	case items[0].Err != nil:
		return nil, badRequest(items[0].Err)
	}
	it := items[0]
	if n := it.Grid.Shape.N(); n > s.cfg.MaxSide {
		return nil, errorf(http.StatusBadRequest, "a %dx%d grid is larger than this server takes (at most %dx%d)", n, n, s.cfg.MaxSide, s.cfg.MaxSide)
	}
	p.own = it.Own
	it.Own = puzzle.RuleSets(vs, it)
	// Rule sets are shared through the server's cache only while small:
	// a puzzle's own rules, or a grid over 16x16, are built for the
	// request alone, so that no stream of requests fills the memory with
	// rule sets.
	cache := &s.cache
	if len(p.own) > 0 || it.Grid.Shape.N() > maxCachedSide {
		cache = &puzzle.Cache{MaxMembers: s.cfg.MaxMembers}
	}
	if p.model, err = cache.ModelContext(ctx, it); err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			// The deadline came first: the answer is unknown.
			p.stop = model.StopFor(ctx.Err())
			p.item, p.names = it, cache.VariantNames(it)
			return p, nil
		}
		return nil, buildError(err)
	}
	p.item, p.names = it, cache.VariantNames(it)
	return p, nil
}

// buildError answers an error building a puzzle's rules: 422 when they
// outgrow Config.MaxMembers, 400 for bad rules.
func buildError(err error) error {
	if errors.Is(err, model.ErrTooLarge) {
		return errorf(http.StatusUnprocessableEntity, "the puzzle's rules are larger than this server builds: %v", err)
	}
	return badRequest(err)
}

// record returns the prepared puzzle's record, without an answer.
func (p *prepared) record() puzzle.Record { return puzzle.NewRecord(p.item, p.names) }

// stopped reports whether the request's deadline ended before the
// puzzle's rules were built (p.model is then nil).
func (p *prepared) stopped() bool { return p.model == nil }

// stoppedRecord returns the record of a puzzle whose rules the deadline
// stopped: unknown, with the stop.
func (p *prepared) stoppedRecord(backend string, limit int) puzzle.Record {
	r := p.record()
	r.Fill(p.item, backend, model.Result{Status: model.Unknown, Stop: p.stop}, nil, limit)
	return r
}

// backend returns the backend a request names, or the default.
func (s *Server) backend(name string) (Backend, error) {
	if name == "" {
		name = s.cfg.Default
	}
	b, ok := s.backends[name]
	if !ok {
		return Backend{}, errorf(http.StatusBadRequest, "unknown backend %q (known: %s)", name, strings.Join(s.backendNames(), ", "))
	}
	return b, nil
}

// backendList returns the backends a request names (at most maxRuns), or
// when it names none those the server's selection picks.
func (s *Server) backendList(names []string, picked func(Backend) bool) ([]Backend, error) {
	if len(names) > maxRuns {
		return nil, errorf(http.StatusBadRequest, "%d backends: name at most %d", len(names), maxRuns)
	}
	var out []Backend
	for _, n := range names {
		b, err := s.backend(n)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	if len(names) == 0 {
		for _, b := range s.cfg.Backends {
			if picked(b) && len(out) < maxRuns {
				out = append(out, b)
			}
		}
	}
	if len(out) == 0 {
		return nil, errorf(http.StatusBadRequest, `no backends: name them in "backends"`)
	}
	return out, nil
}

func (s *Server) backendNames() []string {
	names := make([]string, len(s.cfg.Backends))
	for i, b := range s.cfg.Backends {
		names[i] = b.Name
	}
	return names
}

// budget returns a search's context and node budget: the server's bounds,
// or less where the request asks for less.
func (s *Server) budget(ctx context.Context, f *puzzleFields) (context.Context, context.CancelFunc, int64, error) {
	return s.bounded(ctx, f.bounds)
}

// timeout returns the time limit of one search under b: the server's, or
// less when b asks for less (a timeout_ms above the server's limit, however
// large, takes the server's).
func (s *Server) timeout(b bounds) time.Duration {
	if b.TimeoutMS > 0 && b.TimeoutMS < s.cfg.Timeout.Milliseconds() {
		return time.Duration(b.TimeoutMS) * time.Millisecond
	}
	return s.cfg.Timeout
}

// bounded returns a context and node budget within the server's bounds and
// b's.
func (s *Server) bounded(ctx context.Context, f bounds) (context.Context, context.CancelFunc, int64, error) {
	if f.TimeoutMS < 0 || f.Nodes < 0 {
		return nil, nil, 0, errorf(http.StatusBadRequest, `"timeout_ms" and "nodes" must not be negative`)
	}
	timeout := s.timeout(f)
	nodes := s.cfg.Nodes
	if f.Nodes > 0 && (nodes == 0 || f.Nodes < nodes) {
		nodes = f.Nodes
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	return ctx, cancel, nodes, nil
}
