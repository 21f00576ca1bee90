package model

import (
	"context"
	"fmt"
	"time"
)

// A Solution is a complete assignment: the chosen candidate of every cell,
// indexed by cell.
type Solution []Cand

// Values returns the chosen value of every cell, counted from 1, for a model
// with the given number of values per cell.
func (s Solution) Values(values int) []int {
	out := make([]int, len(s))
	for i, c := range s {
		out[i] = int(c)%values + 1
	}
	return out
}

// A Status is the outcome of a search.
type Status uint8

const (
	// Unknown: the search stopped (node budget, deadline, cancellation)
	// before it could answer; Result.Stop says why.
	Unknown Status = iota
	// Unsat: the model has no solution.
	Unsat
	// Sat: a solution was found and the search was asked for one only, so
	// nothing is known about others.
	Sat
	// Unique: the search was complete and found exactly one solution.
	Unique
	// Multiple: at least two solutions exist.
	Multiple
)

var statusNames = [...]string{Unknown: "unknown", Unsat: "none", Sat: "sat", Unique: "unique", Multiple: "multiple"}

// String returns "unknown", "none", "sat", "unique" or "multiple".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", uint8(s))
}

// MarshalText implements encoding.TextMarshaler with String's names.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// A Stop says why a search ended early.
type Stop uint8

const (
	// Done: the search was not stopped early.
	Done Stop = iota
	// NodeLimit: the node budget (Options.Nodes) ran out.
	NodeLimit
	// Deadline: the context's deadline passed.
	Deadline
	// Canceled: the context was canceled.
	Canceled
)

var stopNames = [...]string{Done: "", NodeLimit: "node limit", Deadline: "deadline", Canceled: "canceled"}

// String returns a short reason ("node limit", "deadline", "canceled"), or ""
// for Done.
func (s Stop) String() string {
	if int(s) < len(stopNames) {
		return stopNames[s]
	}
	return fmt.Sprintf("stop(%d)", uint8(s))
}

// MarshalText implements encoding.TextMarshaler with String's names.
func (s Stop) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// StopFor maps a context error to the Stop it means.
func StopFor(err error) Stop {
	switch err {
	case nil:
		return Done
	case context.DeadlineExceeded:
		return Deadline
	default:
		return Canceled
	}
}

// Options control a search.
type Options struct {
	// Limit is the number of solutions after which the search stops:
	// 1 finds one, 2 proves uniqueness, 0 or less counts them all.
	Limit int
	// Keep bounds how many solutions Result.Solutions retains; 0 keeps
	// every solution found (up to Limit) and KeepNone (any negative
	// value) keeps none, which is what counting many solutions wants.
	// The count is unaffected.
	Keep int
	// Nodes bounds the search effort in backend units (DLX: search nodes);
	// 0 means no bound. Backends without a node measure ignore it and rely
	// on the context.
	Nodes int64
	// Trace, when not nil, receives the search's events in order (see
	// [Event]). Backends that record no events ignore it (their
	// Result.Stats are unchanged). A nil Trace costs the search nothing
	// measurable.
	Trace func(Event)
}

// KeepNone is the Options.Keep that retains no solution: the search only
// counts.
const KeepNone = -1

// Keeps reports whether a search that already holds kept solutions may
// keep one more under o.Keep.
func (o Options) Keeps(kept int) bool {
	return o.Keep == 0 || (o.Keep > 0 && kept < o.Keep)
}

// Stats describes the work a backend did. Each backend fills the fields it
// measures and leaves the others zero.
type Stats struct {
	Nodes      int64         `json:"nodes,omitempty"`       // DLX: search tree nodes
	Updates    int64         `json:"updates,omitempty"`     // DLX: list updates (Knuth's "updates")
	Guesses    int64         `json:"guesses,omitempty"`     // search: branch points with more than one choice
	Vars       int64         `json:"vars,omitempty"`        // SAT: variables after simplification
	Clauses    int64         `json:"clauses,omitempty"`     // SAT: clauses after simplification
	SolveCalls int64         `json:"solve_calls,omitempty"` // SAT: calls to the solver
	Fallback   bool          `json:"fallback,omitempty"`    // auto: the first backend gave up, the second answered
	Elapsed    time.Duration `json:"elapsed_ns"`            // wall time of the whole call
}

// A Result is the outcome of Solver.Solve.
type Result struct {
	Status Status
	// Stop says why the search ended early; Done when it ran to its end
	// or to its solution limit. A search stopped early can still have a
	// status (Multiple: two solutions were found before the stop), but
	// then Count is only a lower bound.
	Stop Stop
	// Count is the number of solutions found (at most Limit).
	Count int
	// Exact reports that Count is the number of solutions of the model:
	// the search finished without reaching its limit or being stopped.
	Exact bool
	// Solutions holds the first solutions found, at most Options.Keep.
	Solutions []Solution
	Stats     Stats
}

// Conclude sets r.Status, r.Stop and r.Exact from r.Count, the options and
// why the search ended (stop; Done when it was not stopped early). Backends
// call it once at the end so that every backend maps counts to statuses
// alike. A stop that came after the limit was reached is no stop: the
// search had its answer. Otherwise the stop is kept, even when the count
// already decides the status (two solutions make Multiple), so that a
// partial count is never taken for an exact one.
func (r *Result) Conclude(opts Options, stop Stop) {
	limitHit := opts.Limit > 0 && r.Count >= opts.Limit
	if limitHit {
		stop = Done
	}
	r.Stop = stop
	r.Exact = stop == Done && !limitHit
	switch {
	case r.Count >= 2:
		r.Status = Multiple
	case limitHit && opts.Limit == 1:
		r.Status = Sat
	case stop != Done && !limitHit:
		r.Status = Unknown
	case r.Count == 1:
		r.Status = Unique
	default:
		r.Status = Unsat
	}
}

// Finished reports whether the search ran to its end or its limit, so that
// its status and count are an answer rather than the state it was stopped
// in.
func (r Result) Finished() bool { return r.Stop == Done }

// A Solver searches a Model for solutions.
type Solver interface {
	// Solve reports up to opts.Limit solutions of m, honouring ctx and the
	// budget in opts. "No solution", "several solutions" and "gave up" are
	// statuses of the Result; the error is for models the solver cannot
	// handle.
	Solve(ctx context.Context, m *Model, opts Options) (Result, error)
}

// Begin starts a Solve call of backend (its name, for messages): it refuses
// a nil model, takes a nil ctx as context.Background(), and reports
// whether ctx has already ended, in which case res is the answer to return
// at once: stopped before any search. Backends call it first so that they
// treat their arguments alike.
func Begin(backend string, ctx context.Context, m *Model, opts Options) (c context.Context, res Result, ended bool, err error) {
	if m == nil {
		return ctx, res, false, fmt.Errorf("%s: nil model", backend)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		res.Conclude(opts, StopFor(err))
		return ctx, res, true, nil
	}
	return ctx, res, false, nil
}
