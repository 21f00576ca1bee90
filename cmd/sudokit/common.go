package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// puzzleFlags are the flags every puzzle-reading command shares.
type puzzleFlags struct {
	variant  string
	shape    string
	alphabet string
	backend  string
	format   string
	json     bool
	timeout  time.Duration
	nodes    int64
	jobs     int
	in       string

	ignoreUnsupported bool
	// assumeUnique lets hint, explain and grade use the techniques that
	// assume a unique solution (logic.Options.AssumeUnique).
	assumeUnique bool
	// techniques changes the logical solver's techniques (see
	// logic.ParseTechniques).
	techniques string
	// candidates allows --format candidates (solve's pencil-mark view).
	candidates bool
}

// register adds the flags of commands that solve puzzles: the input flags,
// output, budgets and workers, and --backend when withBackend is set.
func (f *puzzleFlags) register(cmd *cobra.Command, withBackend bool) {
	f.registerInput(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "", "output: text (the default) or json; line, grid and tokens are accepted but change only how solve prints grids")
	fl.BoolVar(&f.json, "json", false, "shorthand for --format json: one JSON object per line")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up on a puzzle after this long, with any backend (e.g. 2s; 0 = no limit)")
	fl.Int64Var(&f.nodes, "nodes", 0, nodesHelp)
	if !withBackend {
		fl.Lookup("nodes").Usage = nodesHelpMany
	}
	fl.IntVarP(&f.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "puzzles solved in parallel")
	if withBackend {
		fl.StringVar(&f.backend, "backend", "auto", "solver backend: "+strings.Join(backendNames(), ", "))
	}
}

// registerInput adds the flags that say how to read puzzles and which rules
// apply to them.
func (f *puzzleFlags) registerInput(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.variant, "variant", "", "comma-separated variant rules, e.g. diagonal (see: sudokit variants)")
	fl.StringVar(&f.shape, "shape", "", "grid shape: a side (9, 16) or box rows x columns (2x3, 3x2); inferred when unambiguous")
	fl.StringVar(&f.shape, "size", "", "the same as --shape")
	fl.StringVar(&f.alphabet, "alphabet", "", "value symbols: 1-9A-Z (default), 0-9A-Z (hex), A-Z, or numbers (whitespace-separated); inferred when unambiguous. Blank cells: . 0 _ - * x X (0, x, X only where not a value)")
	fl.StringVar(&f.in, "in", puzzle.Auto, "input format: auto (f-puzzles or SudokuPad links, forum killer or library lines, else text, by the first line), text, fpuzzles (f-puzzles and SudokuPad data), jigsaw (each puzzle followed by N lines of region symbols), killer (forum killer lines), or library (rated lines: Sudoku Explainer's \"puzzle ED=r/p/d\", HoDoKu's \":code:...\")")
	fl.BoolVar(&f.ignoreUnsupported, "ignore-unsupported", false, "solve f-puzzles puzzles without the constraints sudokit does not support (with a warning) instead of refusing them")
	f.jobs = 1
}

// setup is what a command derives from its flags.
type setup struct {
	flags  *puzzleFlags
	reader *puzzle.Reader
	cache  *puzzle.Cache
	format string // "", line, grid, tokens or json
	warnf  func(format string, args ...any)
	// progress returns a progress bar for a batch, or nil when none
	// should show: stderr is not a terminal, or stdout is one (the bar
	// would mix with the answers). bench draws its own bars.
	progress func(desc string) *progressbar.ProgressBar
}

// newReader returns the puzzle reader the input flags describe.
func (a *app) newReader(f *puzzleFlags) (*puzzle.Reader, error) {
	if !slices.Contains(puzzle.Formats, f.in) {
		return nil, fmt.Errorf("unknown --in %q (want %s)", f.in, strings.Join(puzzle.Formats, ", "))
	}
	rd := &puzzle.Reader{Format: f.in, IgnoreUnsupported: f.ignoreUnsupported, Stdin: a.stdin, StdinIsTerm: a.stdinIsTerm,
		Warn: a.warnf, Halted: a.outputFailed, OptionName: func(field string) string { return "--" + strings.ToLower(field) }}
	var err error
	rd.Parse, err = puzzle.ParseOptions(f.shape, f.alphabet)
	return rd, err
}

// runBatch solves the puzzles read by read with the command's workers and
// --timeout, and calls emit with the results in input order, with a
// progress bar when one should show. A puzzle that cannot be read or built
// gets failed(err) instead of work. The error is read's: input that could
// not be used at all.
func runBatch[R any](cmd *cobra.Command, s *setup, read func(chan<- puzzle.Item) error,
	work func(ctx context.Context, it puzzle.Item, m *model.Model) R, failed func(error) R, emit func(puzzle.Item, R)) error {
	emit, finish := withBar(cmd, s, emit)
	defer finish()
	b := puzzle.Batch[R]{Read: read, Cache: s.cache, Jobs: s.flags.jobs, Timeout: s.flags.timeout, Work: work,
		Failed: func(_ puzzle.Item, err error) R { return failed(err) }, Emit: emit}
	err := b.Run(cmd.Context())
	if err == puzzle.ErrNoInput {
		cmd.Usage()
	}
	return err
}

// withBar returns emit advancing the command's progress bar, when one
// should show, and the function that finishes the bar.
func withBar[R any](cmd *cobra.Command, s *setup, emit func(puzzle.Item, R)) (func(puzzle.Item, R), func()) {
	bar := s.progress(cmd.Name())
	if bar == nil {
		return emit, func() {}
	}
	return func(it puzzle.Item, r R) {
		emit(it, r)
		bar.Add(1)
	}, func() { bar.Finish() }
}

// read returns the function that reads the puzzles of args.
func (s *setup) read(args []string) func(chan<- puzzle.Item) error {
	return func(out chan<- puzzle.Item) error { return s.reader.Read(args, out) }
}

func (a *app) newSetup(f *puzzleFlags) (*setup, error) {
	s := &setup{flags: f, warnf: a.warnf}
	s.progress = func(desc string) *progressbar.ProgressBar {
		return a.progress(-1, desc, a.stdoutTerm)
	}
	rd, err := a.newReader(f)
	if err != nil {
		return nil, err
	}
	s.reader = rd
	vs, err := variants.ParseList(f.variant)
	if err != nil {
		return nil, err
	}
	s.cache = &puzzle.Cache{Variants: vs}
	s.format = f.format
	if f.json {
		if f.format != "" && f.format != "json" {
			return nil, fmt.Errorf("--json and --format %s disagree", f.format)
		}
		s.format = "json"
	}
	switch s.format {
	case "", fmtLine, fmtGrid, fmtTokens, "json":
	case fmtCandidates:
		if !f.candidates {
			return nil, fmt.Errorf("--format candidates is solve's (want line, grid, tokens or json)")
		}
	default:
		if f.candidates {
			return nil, fmt.Errorf("unknown --format %q (want line, grid, tokens, candidates or json)", s.format)
		}
		return nil, fmt.Errorf("unknown --format %q (want line, grid, tokens or json)", s.format)
	}
	if f.jobs = a.capJobs(f.jobs, 0); f.jobs < 1 {
		return nil, fmt.Errorf("-j must be at least 1, not %d", f.jobs)
	}
	if f.timeout < 0 || f.nodes < 0 {
		return nil, fmt.Errorf("--timeout and --nodes must not be negative")
	}
	if err := checkNodes(f.nodes, f.backend); err != nil {
		return nil, err
	}
	return s, nil
}

// capJobs bounds -j before any work starts: at most puzzle.MaxJobs
// workers, and at most n when n > 0 pieces of work are known, with a
// warning when it takes fewer than asked for beyond MaxJobs. Workers and
// their channels are sized by the result, never by the flag.
func (a *app) capJobs(jobs, n int) int {
	if jobs > puzzle.MaxJobs {
		a.warnf("-j %d: running %d workers at most", jobs, puzzle.MaxJobs)
		jobs = puzzle.MaxJobs
	}
	if n > 0 {
		jobs = min(jobs, n)
	}
	return jobs
}

// Output formats of puzzles and solutions (--format).
const (
	fmtLine   = request.Line
	fmtGrid   = request.Grid
	fmtTokens = request.Tokens
)

// render writes a grid in the given format (request.Render).
func render(g sudoku.Grid, format string) string { return request.Render(g, format) }

// collect reads up to max puzzles (all when 0) of the given sources.
func (a *app) collect(args []string, s *setup, max int) ([]puzzle.Item, error) {
	in := make(chan puzzle.Item, 64)
	readErr := make(chan error, 1)
	go func() { readErr <- s.reader.Read(args, in) }()
	var items []puzzle.Item
	for it := range in {
		if max == 0 || len(items) < max {
			items = append(items, it)
		}
	}
	return items, <-readErr
}
