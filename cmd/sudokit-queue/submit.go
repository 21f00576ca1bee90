package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/queue"
	"github.com/sudokit/sudokit/request"
)

// submitFlags are submit's flags.
type submitFlags struct {
	conn       connFlags
	req        request.Options
	read       queue.ReadOptions
	json       bool
	jobs       int
	perMessage int
	batch      string
	gen        genFlags
}

func (a *app) submitCmd() *cobra.Command {
	f := &submitFlags{}
	cmd := &cobra.Command{
		Use:   "submit OPERATION [PUZZLE|FILE|-]...",
		Short: "Queue a batch and write its answers in input order",
		Long: `submit queues the puzzles of the arguments (any input sudokit reads: puzzle
lines, grid blocks, tokens, f-puzzles files and links, "-" for standard
input) with an operation (solve, count, verify, grade, explain or hint) and
its options, and writes every answer in input order, exactly as sudokit's
command of that name prints it (text, or --json records).

"submit generate" reads no puzzles: it queues one work item per puzzle of
the run (-n, from --first, each made from --seed and its index as sudokit
generate makes it) and writes the lines or --json records sudokit generate
-j 1 prints. A puzzle that cannot be made (--attempts run out, --timeout)
ends the output there, as it ends sudokit generate's.

With no --server it starts an embedded NATS server with JetStream storage in
--dir, listening on --listen (loopback unless told otherwise), and -j local
workers; other machines join with "sudokit-queue worker --server
nats://HOST:PORT". With --server it queues on that server, for the workers
started there (-j adds local ones).

A batch is named by --batch (default: a digest of the operation, its options
and the arguments). Running the same batch again after an interruption
resumes it: the answers already stored are not worked on again, and every
answer is written once, in order.`,
		Example: `  sudokit-queue submit solve testdata/top95.txt
  sudokit-queue submit --server nats://queue.example:4222 --json verify puzzles.txt
  sudokit-queue submit -j 0 --listen 0.0.0.0:4222 --token "$TOKEN" grade puzzles.txt
  sudokit-queue submit generate -n 1000 --seed 7 --symmetry rotate180 --json
  sudokit-queue submit --in jigsaw solve testdata/jigsaw.txt`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return a.submit(cmd, f, args[0], args[1:]) },
	}
	f.conn.register(cmd, true)
	fl := cmd.Flags()
	fl.StringVar(&f.req.Backend, "backend", "auto", "solver backend: dlx, sat, prop, auto, backtrack or anneal")
	fl.IntVar(&f.req.Limit, "limit", 2, "count: stop counting at this many solutions (0 = count all)")
	fl.BoolVar(&f.req.Minimal, "minimal", false, "verify: also check that every given is needed; generate: only minimal puzzles")
	fl.Int64Var(&f.req.Nodes, "nodes", 0, "give up on a puzzle after this many search nodes (0 = no limit)")
	fl.DurationVar(&f.req.Timeout, "timeout", 0, "give up on a puzzle after this long (0 = no limit)")
	fl.StringVar(&f.req.Format, "format", "", "output: line, grid, tokens or json (default: like the input)")
	fl.BoolVar(&f.json, "json", false, "shorthand for --format json")
	fl.StringVar(&f.req.Variants, "variant", "", "comma-separated variant rules, e.g. diagonal")
	fl.BoolVar(&f.req.AssumeUnique, "assume-unique", false, "grade, explain, hint: also use the techniques that assume a unique solution")
	fl.StringVar(&f.req.Techniques, "techniques", "", "grade, explain, hint: change the techniques (as sudokit's --techniques)")
	fl.StringVar(&f.req.Marks, "marks", "", "hint: pencil marks to start from")
	fl.StringVar(&f.read.Format, "in", puzzle.Auto, "input format: auto, text or fpuzzles")
	fl.StringVar(&f.read.Shape, "shape", "", "grid shape: a side (9, 16) or box rows x columns (2x3); generate: the grid to make (default 9)")
	fl.StringVar(&f.read.Alphabet, "alphabet", "", "value symbols: 1-9A-Z, 0-9A-Z, A-Z or numbers")
	fl.BoolVar(&f.read.IgnoreUnsupported, "ignore-unsupported", false, "drop f-puzzles constraints sudokit does not support, with a warning")
	fl.IntVarP(&f.jobs, "jobs", "j", -1, "local workers (default: one per core with the embedded server, none with --server)")
	fl.IntVar(&f.perMessage, "per-message", 10, fmt.Sprintf("puzzles in one work message (1 to %d)", queue.MaxPerMessage))
	fl.StringVar(&f.batch, "batch", "", "batch name (letters, digits, - and _): the same name resumes the batch")
	f.gen.register(cmd, &f.read.Shape)
	return cmd
}

// options checks the flags and returns the request.
func (f *submitFlags) options(op string) (request.Options, error) {
	o := f.req
	o.Op = op
	if !slices.Contains(request.Ops, op) {
		return o, fmt.Errorf("unknown operation %q (want %s or generate)", op, strings.Join(request.Ops, ", "))
	}
	if f.json {
		if o.Format != "" && o.Format != request.JSON {
			return o, fmt.Errorf("--json and --format %s disagree", o.Format)
		}
		o.Format = request.JSON
	}
	if op == request.Hint {
		o.Backend = ""
	}
	if op != request.Count {
		o.Limit = 0
	}
	if !slices.Contains(puzzle.Formats, f.read.Format) {
		return o, fmt.Errorf("unknown --in %q (want %s)", f.read.Format, strings.Join(puzzle.Formats, ", "))
	}
	if f.jobs > puzzle.MaxJobs {
		return o, fmt.Errorf("-j: at most %d local workers", puzzle.MaxJobs)
	}
	// The worker's checks, before anything is queued.
	solver, err := queue.Solver(o.Backend)
	if err != nil {
		return o, err
	}
	_, err = request.New(o, solver)
	return o, err
}

// batchName is --batch, or a digest of the request and the arguments.
func (f *submitFlags) batchName(o request.Options, gen *request.GenOptions, args []string) string {
	if f.batch != "" {
		return f.batch
	}
	count := 0
	if gen != nil {
		count = f.gen.count
	}
	b, _ := json.Marshal(struct {
		R request.Options
		P queue.ReadOptions
		A []string
		G *request.GenOptions `json:",omitempty"`
		N int                 `json:",omitempty"`
	}{o, f.read, args, gen, count})
	sum := sha256.Sum256(b)
	return o.Op + "-" + hex.EncodeToString(sum[:8])
}

func (a *app) submit(cmd *cobra.Command, f *submitFlags, op string, args []string) error {
	genOpts, err := a.genOptions(cmd.Context(), cmd, f, op, args)
	if err != nil {
		return err
	}
	var gen *request.GenOptions
	var o request.Options
	if op == request.Generate {
		gen, o = &genOpts, request.Options{Op: op, Timeout: f.req.Timeout}
	} else if o, err = f.options(op); err != nil {
		return err
	}
	settings, err := f.conn.settings()
	if err != nil {
		return err
	}
	rd, err := a.reader(f.read)
	if err != nil {
		return err
	}
	batch := f.batchName(o, gen, args)
	if err := queue.CheckBatch(batch); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(cmd.Context())
	defer cancel()
	var nc *nats.Conn
	jobs := f.jobs
	var connect func() (*nats.Conn, error)
	if f.conn.server == "" {
		ns, err := f.conn.embedded()
		if err != nil {
			return err
		}
		defer ns.Shutdown()
		a.notef("embedded NATS server on %s, storage in %s; batch %s", ns.ClientURL(), f.conn.dir, batch)
		connect = func() (*nats.Conn, error) { return f.conn.local(ns, "sudokit-queue") }
		if jobs < 0 {
			jobs = runtime.GOMAXPROCS(0)
		}
	} else {
		connect = func() (*nats.Conn, error) { return f.conn.connect("sudokit-queue submit") }
		jobs = max(jobs, 0)
	}
	if nc, err = connect(); err != nil {
		return err
	}
	defer nc.Close()
	if jobs > 0 {
		wc, err := connect()
		if err != nil {
			return err
		}
		w := &queue.Worker{Conn: wc, Settings: settings, Jobs: jobs, Logf: a.warnf}
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); w.Run(ctx) }()
		defer func() {
			// Stop the workers; closing their connection ends the
			// requests for work they are waiting on.
			cancel()
			wc.Close()
			wg.Wait()
		}()
	}
	out := cmd.OutOrStdout()
	var bar *progressbar.ProgressBar
	if a.errTerm && !a.stdoutTerm && os.Getenv("NO_PROGRESS") == "" {
		bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(a.stderr), progressbar.OptionSetDescription(op),
			progressbar.OptionShowCount(), progressbar.OptionShowIts(), progressbar.OptionSetItsString("puzzles"),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
		defer bar.Finish()
	}
	s := &queue.Submitter{Conn: nc, Settings: settings, Batch: batch, Request: o, Generate: gen, Read: f.read, PerMessage: f.perMessage,
		Emit: func(ans request.Answer) {
			a.print(out, ans)
			if bar != nil {
				bar.Add(1)
			}
		},
		Stored: func(n int) {
			if n > 0 {
				a.notef("batch %s: resuming with %d answers stored", batch, n)
			}
		}}
	if gen != nil {
		err = s.RunGenerate(ctx, f.gen.count)
	} else {
		err = s.Run(ctx, func(ch chan<- puzzle.Item) error { return rd.Read(args, ch) })
	}
	if err == puzzle.ErrNoInput {
		cmd.Usage()
	}
	if ctx.Err() != nil && cmd.Context().Err() != nil {
		return fmt.Errorf("interrupted: the work stays queued; run the same command again to resume batch %s", batch)
	}
	return err
}

// print writes an answer and records its verdict for the exit code, as
// sudokit does.
func (a *app) print(out io.Writer, ans request.Answer) {
	switch {
	case ans.Error != "":
		a.badInput = true
		fmt.Fprintf(a.stderr, "sudokit-queue: %s\n", ans.Error)
	case ans.Warning != "":
		a.warnf("%s", ans.Warning)
	}
	a.negative = a.negative || ans.Negative
	a.limited = a.limited || ans.Limited
	out.Write(ans.Text)
}

// reader returns the puzzle reader of the input flags.
func (a *app) reader(ro queue.ReadOptions) (*puzzle.Reader, error) {
	rd := &puzzle.Reader{Format: ro.Format, IgnoreUnsupported: ro.IgnoreUnsupported, Stdin: a.stdin, StdinIsTerm: a.stdinTerm,
		Warn: a.warnf, OptionName: func(field string) string { return "--" + strings.ToLower(field) }}
	var err error
	rd.Parse, err = puzzle.ParseOptions(ro.Shape, ro.Alphabet)
	return rd, err
}
