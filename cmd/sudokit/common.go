package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
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
}

// register adds the flags of commands that solve puzzles: the input flags,
// output, budgets and workers, and --backend when withBackend is set.
func (f *puzzleFlags) register(cmd *cobra.Command, withBackend bool) {
	f.registerInput(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "", "output: line, grid, tokens or json (default: like the input; token input gives token output)")
	fl.BoolVar(&f.json, "json", false, "shorthand for --format json: one JSON object per line")
	fl.DurationVar(&f.timeout, "timeout", 0, "give up on a puzzle after this long (e.g. 2s; 0 = no limit)")
	fl.Int64Var(&f.nodes, "nodes", 0, "give up on a puzzle after this many search nodes (dlx; 0 = no limit)")
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
	fl.StringVar(&f.in, "in", inAuto, "input format: auto (f-puzzles when it looks like it, else text), text, fpuzzles, or jigsaw (each puzzle followed by N lines of region symbols)")
	fl.BoolVar(&f.ignoreUnsupported, "ignore-unsupported", false, "solve f-puzzles puzzles without the constraints sudokit does not support (with a warning) instead of refusing them")
	f.jobs = 1
}

// setup is what a command derives from its flags.
type setup struct {
	flags    *puzzleFlags
	parse    sudoku.ParseOptions
	variants []rules.Variant
	format   string // "", line, grid, tokens or json

	in    string // --in
	warnf func(format string, args ...any)
	// halted reports that the output failed: reading stops.
	halted func() bool
	// progress returns a progress bar for a batch, or nil when none
	// should show: stderr is not a terminal, or stdout is one (the bar
	// would mix with the answers). bench draws its own bars.
	progress func(desc string) *progressbar.ProgressBar

	mu    sync.Mutex
	rules map[rulesKey]*rules.Set
}

// rulesKey identifies the rules of a shape with the command's variants plus
// an item's named ones (the built-in samples'). Rules that came with a
// puzzle (an f-puzzles file, a jigsaw layout) are built for it alone.
type rulesKey struct {
	shape sudoku.Shape
	named string
}

func (a *app) newSetup(f *puzzleFlags) (*setup, error) {
	s := &setup{flags: f, rules: map[rulesKey]*rules.Set{}, in: f.in, warnf: a.warnf, halted: a.outputFailed}
	s.progress = func(desc string) *progressbar.ProgressBar {
		return a.progress(-1, desc, a.stdoutTerm)
	}
	if !slices.Contains(inFormats, f.in) {
		return nil, fmt.Errorf("unknown --in %q (want %s)", f.in, strings.Join(inFormats, ", "))
	}
	if f.shape != "" {
		sh, err := sudoku.ParseShape(f.shape)
		if err != nil {
			return nil, err
		}
		s.parse.Shape = sh
	}
	if f.alphabet != "" {
		al, err := sudoku.ParseAlphabet(f.alphabet)
		if err != nil {
			return nil, err
		}
		s.parse.Alphabet = &al
	}
	vs, err := variants.ParseList(f.variant)
	if err != nil {
		return nil, err
	}
	s.variants = vs
	s.format = f.format
	if f.json {
		if f.format != "" && f.format != "json" {
			return nil, fmt.Errorf("--json and --format %s disagree", f.format)
		}
		s.format = "json"
	}
	switch s.format {
	case "", fmtLine, fmtGrid, fmtTokens, "json":
	default:
		return nil, fmt.Errorf("unknown --format %q (want line, grid, tokens or json)", s.format)
	}
	if f.jobs < 1 {
		return nil, fmt.Errorf("-j must be at least 1, not %d", f.jobs)
	}
	if f.timeout < 0 || f.nodes < 0 {
		return nil, fmt.Errorf("--timeout and --nodes must not be negative")
	}
	return s, nil
}

// model builds the model of an item's grid under the command's variants
// and the item's own, reusing the rules of its shape.
func (s *setup) model(it item) (*model.Model, error) {
	rs, err := s.rulesOf(it)
	if err != nil {
		return nil, err
	}
	return rs.Model(it.grid)
}

// rulesOf returns the rules of an item: its shape under the command's
// variants and the item's own, cached unless they came with the puzzle.
func (s *setup) rulesOf(it item) (*rules.Set, error) {
	// Rules that came with one puzzle are built for it alone (and rarely
	// met again); the others are cached by shape and named variants.
	cacheable := len(it.own) == 0
	key := rulesKey{it.grid.Shape, it.variants}
	if cacheable {
		s.mu.Lock()
		rs, ok := s.rules[key]
		s.mu.Unlock()
		if ok {
			return rs, nil
		}
	}
	vs, err := s.variantsOf(it)
	if err != nil {
		return nil, err
	}
	rs, err := rules.New(it.grid.Shape, vs...)
	if err != nil {
		return nil, err
	}
	if cacheable {
		s.mu.Lock()
		s.rules[key] = rs
		s.mu.Unlock()
	}
	return rs, nil
}

// variantNames lists the variants of an item for JSON output.
func (s *setup) variantNames(it item) []string {
	names := []string{}
	for _, v := range s.variants {
		names = append(names, v.Name())
	}
	for _, v := range strings.Split(it.variants, ",") {
		if v != "" {
			names = append(names, v)
		}
	}
	for _, v := range it.own {
		names = append(names, v.Name())
	}
	return names
}

// context returns the per-puzzle context: the command's, bounded by
// --timeout.
func (s *setup) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.flags.timeout > 0 {
		return context.WithTimeout(ctx, s.flags.timeout)
	}
	return context.WithCancel(ctx)
}

// Output formats of puzzles and solutions (--format).
const (
	fmtLine   = "line"   // N*N symbols on one line
	fmtGrid   = "grid"   // a block of N rows with box separators
	fmtTokens = "tokens" // a block of N rows of numbers, 0 for blanks
	// fmtTokenLine is N*N numbers on one line: the output of a puzzle
	// given as numbers on one line. No flag names it.
	fmtTokenLine = "token-line"
)

// outFormat returns the output format for an item: the flag's, or the
// input's own: grid blocks print as grids, lines as lines, and puzzles
// given as numbers (tokens) print as numbers, a block as a block and a
// line as a line.
func (s *setup) outFormat(it item) string {
	switch {
	case s.format != "":
		return s.format
	case it.grid.Alphabet == sudoku.Numbers && it.block:
		return fmtTokens
	case it.grid.Alphabet == sudoku.Numbers:
		return fmtTokenLine
	case it.block:
		return fmtGrid
	}
	return fmtLine
}

// render writes a grid in the given format, each line ending in a newline.
// line and grid write symbols: a grid read from numbers uses the default
// alphabet of its size; one whose alphabet cannot name every value (a
// 36x36 grid read with 1-9A-Z) is written in numbers all the same.
func render(g sudoku.Grid, format string) string {
	switch format {
	case fmtTokens:
		return g.Tokens()
	case fmtTokenLine:
		g.Alphabet = sudoku.Numbers
		return g.Line() + "\n"
	}
	if g.Alphabet == sudoku.Numbers {
		g.Alphabet = sudoku.DefaultAlphabet(g.Shape.N())
	}
	if format == fmtGrid {
		return g.Pretty()
	}
	return g.Line() + "\n"
}
