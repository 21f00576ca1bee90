package request

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/variants"
)

// The operations a Runner answers.
const (
	Solve   = "solve"
	Count   = "count"
	Verify  = "verify"
	Grade   = "grade"
	Explain = "explain"
	Hint    = "hint"
)

// Ops lists the operations, in the order messages name them.
var Ops = []string{Solve, Count, Verify, Grade, Explain, Hint}

// MaxListed bounds the solutions count and verify keep for JSON records.
const MaxListed = 100

// Options is one operation and its options, as the command's flags give
// them.
type Options struct {
	Op string `json:"op"`
	// Backend names the solver, as records show it; hint runs none.
	Backend string `json:"backend,omitempty"`
	// Limit is count's --limit (0: count all).
	Limit int `json:"limit,omitempty"`
	// Minimal is verify --minimal; Rules (verify --rules) checks the
	// rules too, part by part.
	Minimal bool  `json:"minimal,omitempty"`
	Rules   bool  `json:"rules,omitempty"`
	Nodes   int64 `json:"nodes,omitempty"`
	// Timeout bounds each puzzle (Do); a Batch bounds it in Work's
	// context.
	Timeout time.Duration `json:"timeout,omitempty"`
	// Format is "" (like the input), line, grid, tokens or json.
	Format string `json:"format,omitempty"`
	// Variants are the comma-separated rules applied to every puzzle.
	Variants     string `json:"variants,omitempty"`
	AssumeUnique bool   `json:"assume_unique,omitempty"`
	Techniques   string `json:"techniques,omitempty"`
	// Marks are hint's pencil marks.
	Marks string `json:"marks,omitempty"`
}

// A Result is the work done on one puzzle, before it is printed.
type Result struct {
	res  model.Result
	err  error
	min  *minimality
	path logic.Path
}

// An Answer is one puzzle's output and what it means for the exit code.
type Answer struct {
	// Text is what is printed, ending in a newline.
	Text []byte
	// Negative: no solution, not unique, not minimal, stuck.
	Negative bool
	// Limited: a timeout, node budget or interrupt stopped the work.
	Limited bool
	// Error is an input error to report ("puzzles.txt:3: ..."); Warning
	// a remark about the answer. Both are empty when there is none.
	Error, Warning string
}

// A Runner answers puzzles for one Options. It is safe for concurrent use.
type Runner struct {
	opts   Options
	solver model.Solver
	cache  *puzzle.Cache
	model  model.Options
	logic  logic.Options
}

// New returns the Runner of o, with solver as the backend o names (nil
// for hint, which runs none).
func New(o Options, solver model.Solver) (*Runner, error) {
	if !slices.Contains(Ops, o.Op) {
		return nil, fmt.Errorf("unknown operation %q (want %s)", o.Op, strings.Join(Ops, ", "))
	}
	switch o.Format {
	case "", Line, Grid, Tokens, JSON:
	default:
		return nil, fmt.Errorf("unknown format %q (want line, grid, tokens or json)", o.Format)
	}
	if o.Limit < 0 || o.Nodes < 0 || o.Timeout < 0 {
		return nil, fmt.Errorf("limit, nodes and timeout must not be negative")
	}
	vs, err := variants.ParseList(o.Variants)
	if err != nil {
		return nil, err
	}
	r := &Runner{opts: o, solver: solver, cache: &puzzle.Cache{Variants: vs}}
	switch o.Op {
	case Solve:
		r.model = model.Options{Limit: 1, Keep: 1}
	case Verify:
		r.model = model.Options{Limit: 2, Keep: 2}
	case Count:
		r.model = model.Options{Limit: o.Limit, Keep: MaxListed}
		if o.Limit > 0 {
			r.model.Keep = min(o.Limit, MaxListed)
		}
	case Hint:
		r.opts.Backend, r.solver = "", nil
	}
	r.model.Nodes = o.Nodes
	if r.logical() {
		if r.solver != nil {
			r.logic = logic.Options{Solver: r.solver, Nodes: o.Nodes}
		}
		r.logic.AssumeUnique = o.AssumeUnique
		r.logic.Propagator = prop.New()
		if r.logic.Techniques, err = TechniqueSet(o.Techniques); err != nil {
			return nil, err
		}
	}
	if r.solver == nil && o.Op != Hint {
		return nil, fmt.Errorf("%s needs a backend", o.Op)
	}
	return r, nil
}

// Options returns the runner's options.
func (r *Runner) Options() Options { return r.opts }

// Cache returns the cache that builds the puzzles' models, with the
// options' variants.
func (r *Runner) Cache() *puzzle.Cache { return r.cache }

// logical reports whether the operation walks a logical path.
func (r *Runner) logical() bool {
	return r.opts.Op == Grade || r.opts.Op == Explain || r.opts.Op == Hint
}

// Work does the operation on one puzzle and its model, under ctx.
func (r *Runner) Work(ctx context.Context, it puzzle.Item, m *model.Model) Result {
	if r.logical() {
		if r.opts.Marks != "" {
			var err error
			if m, err = puzzle.WithMarks(m, r.opts.Marks); err != nil {
				return Result{err: err}
			}
		}
		walk := logic.Explain
		if r.opts.Op == Hint {
			walk = logic.Hint // the first step is all hint prints
		}
		p, err := walk(ctx, m, r.logic)
		return Result{path: p, err: err}
	}
	res, err := r.solver.Solve(ctx, m, r.model)
	o := Result{res: res, err: err}
	if err == nil && r.opts.Op == Verify && (r.opts.Minimal || r.opts.Rules) {
		r.checkMinimal(ctx, it, &o)
	}
	return o
}

// Failed is the result of a puzzle that could not be read or built: its
// error, or unknown when a timeout or an interrupt stopped building its
// rules.
func (r *Runner) Failed(err error) Result {
	if stop := StopOf(err); stop != model.Done && !r.logical() {
		return Result{res: model.Result{Status: model.Unknown, Stop: stop}}
	}
	return Result{err: err}
}

// Do answers one puzzle: it builds its model under Options.Timeout, as a
// batch does, and works on it.
func (r *Runner) Do(ctx context.Context, it puzzle.Item) Answer {
	return r.Answer(it, r.do(ctx, it))
}

func (r *Runner) do(ctx context.Context, it puzzle.Item) Result {
	if it.Err != nil {
		return r.Failed(it.Err)
	}
	pctx, cancel := context.WithCancel(ctx)
	if r.opts.Timeout > 0 {
		pctx, cancel = context.WithTimeout(ctx, r.opts.Timeout)
	}
	defer cancel()
	m, err := r.cache.ModelContext(pctx, it)
	if err != nil {
		return r.Failed(err)
	}
	return r.Work(pctx, it, m)
}

// Answer prints a result.
func (r *Runner) Answer(it puzzle.Item, o Result) Answer {
	if r.logical() {
		return r.logicAnswer(it, o)
	}
	var a Answer
	format := OutFormat(r.opts.Format, it)
	if o.err != nil {
		a.Error = fmt.Sprintf("%s: %v", it.Where(), o.err)
	} else {
		a.Limited = !o.res.Finished() || (o.min != nil && o.min.stop != model.Done)
		if msg := puzzle.StoredMismatch(it, o.res); msg != "" {
			a.Warning = fmt.Sprintf("%s: %s", it.Where(), msg)
		}
		a.Negative = r.negative(o)
	}
	switch {
	case format == JSON:
		rec := puzzle.NewRecord(it, r.cache.VariantNames(it))
		rec.Fill(it, r.opts.Backend, o.res, o.err, r.model.Limit)
		o.min.fill(&rec)
		a.Text = jsonLine(rec)
	case o.err != nil:
		a.Text = []byte("error\n")
	default:
		a.Text = []byte(r.text(it, o, format))
	}
	return a
}

// negative reports whether a search's answer is negative.
func (r *Runner) negative(o Result) bool {
	switch r.opts.Op {
	case Solve:
		return o.res.Status == model.Unsat
	case Count:
		return o.res.Exact && o.res.Count == 0
	}
	return o.res.Status == model.Unsat || o.res.Status == model.Multiple || o.min.redundantGivens()
}

// text is a search's answer in a text format.
func (r *Runner) text(it puzzle.Item, o Result, format string) string {
	switch res := o.res; r.opts.Op {
	case Solve:
		if res.Count == 0 {
			return statusText(res, format)
		}
		return solutionText(it, res, format)
	case Count:
		switch {
		case res.Status == model.Unknown:
			return "unknown\n"
		case !res.Exact:
			return fmt.Sprintf(">=%d\n", res.Count)
		}
		return fmt.Sprintf("%d\n", res.Count)
	}
	text := o.res.Status.String()
	if cells := puzzle.Differ(it, o.res); len(cells) > 0 {
		text += " (solutions differ at " + ListCells(cells, 20) + ")"
	}
	if o.min != nil {
		text += " (" + o.min.text() + ")"
	}
	return text + "\n"
}

// jsonLine is v as one line of JSON, as a json.Encoder writes it.
func jsonLine(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // records hold only strings, numbers and slices of them
	}
	return append(b, '\n')
}

// StopOf returns why work ended early: the deadline or an interrupt, when
// err is its context's error; Done otherwise.
func StopOf(err error) model.Stop {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return model.Deadline
	case errors.Is(err, context.Canceled):
		return model.Canceled
	}
	return model.Done
}

// ListCells joins cell names with spaces, naming at most max of them and
// counting the rest.
func ListCells(cells []string, max int) string {
	if len(cells) <= max {
		return strings.Join(cells, " ")
	}
	return fmt.Sprintf("%s … and %d more", strings.Join(cells[:max], " "), len(cells)-max)
}
