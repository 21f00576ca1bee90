package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
	"github.com/sudokit/sudokit/setter"
)

// solveAll answers every puzzle of args with the search operation op
// (solve, count or verify; limit is count's, minimal verify's) and prints
// the answers in order.
func (a *app) solveAll(cmd *cobra.Command, args []string, f *puzzleFlags, o request.Options) error {
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	be, err := lookupBackend(f.backend)
	if err != nil {
		return err
	}
	o.Backend, o.Nodes, o.Format, o.Variants = be.name, f.nodes, s.format, f.variant
	return a.answerAll(cmd, args, s, o, be.solver)
}

// answerAll answers every puzzle of args with the request layer and prints
// the answers in order, with their verdicts for the exit code.
func (a *app) answerAll(cmd *cobra.Command, args []string, s *setup, o request.Options, solver model.Solver) error {
	r, err := request.New(o, solver)
	if err != nil {
		return err
	}
	s.cache = r.Cache()
	out := cmd.OutOrStdout()
	emit := func(it puzzle.Item, res request.Result) { a.print(out, r.Answer(it, res)) }
	return runBatch(cmd, s, s.read(args), r.Work, r.Failed, emit)
}

// print writes an answer and records its verdict for the exit code.
func (a *app) print(out io.Writer, ans request.Answer) {
	switch {
	case ans.Error != "":
		a.inputErrorf("%s", ans.Error)
	case ans.Warning != "":
		a.warnf("%s", ans.Warning)
	}
	if ans.Negative {
		a.markNegative()
	}
	if ans.Limited {
		a.markLimited()
	}
	out.Write(ans.Text)
}

func (a *app) solveCmd() *cobra.Command {
	f := &puzzleFlags{}
	cmd := &cobra.Command{
		Use:   "solve [PUZZLE|FILE|-]...",
		Short: "Print a solution of each puzzle",
		Long: `Solve prints one solution per puzzle, in order, in the input's format and
alphabet: a line for a puzzle line, a grid for a grid block (blank lines and
# comments are not puzzles and get no answer). A puzzle without a solution
prints "none"; one given up on (--timeout, --nodes, Ctrl-C) prints "unknown".
Solve stops at the first solution; use verify to prove it unique.
--format candidates prints instead the pencil marks of each puzzle once
its singles are placed (full houses, naked and hidden singles, repeated;
each placed value removed from the cells it sees, nothing else): a grid
of 3x3 mini-grids (one per cell, shaped like a box) where value v sits at
its place, '.' marks a value ruled out, and a placed cell shows its value
alone in the middle.`,
		Example: `  sudokit solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit solve --backend dlx --json puzzles.txt
  cat puzzles.txt | sudokit solve --variant diagonal -
  sudokit solve --format candidates 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.format == fmtCandidates {
				return a.candidatesAll(cmd, args, f)
			}
			return a.solveAll(cmd, args, f, request.Options{Op: request.Solve})
		},
	}
	f.register(cmd, true)
	f.candidates = true
	cmd.Flags().Lookup("format").Usage = "output: line, grid, tokens or json (default: like the input; token input gives token output), or candidates: the pencil marks"
	return cmd
}

func (a *app) countCmd() *cobra.Command {
	f := &puzzleFlags{}
	limit := 2
	var estimate bool
	var eo setter.EstimateOptions
	cmd := &cobra.Command{
		Use:   "count [PUZZLE|FILE|-]...",
		Short: "Count the solutions of each puzzle, up to a limit",
		Long: `Count prints the number of solutions of each puzzle, one line per puzzle.
The search stops at --limit solutions (default 2, enough to tell unique from
not); the count then prints as ">=LIMIT". --limit 0 counts them all, which can
take very long on puzzles with few givens. A search stopped early (--timeout,
--nodes, Ctrl-C) prints what it found as ">=N" (or "unknown" when it found
fewer than two) and the exit code is 3: such a count is never printed as
exact. --json lists the solutions found (at most 100) and the cells where
the first two differ.

--estimate estimates the count instead, for puzzles whose solutions are too
many to count, with Knuth's estimator: each of --probes probes walks the
cells in order, finds by solving the values each can take given the
choices above it, picks one at random (--seed) and multiplies the numbers
of choices; the mean of the probes is an unbiased estimate. It prints
"~MEAN (± STDERR, 95% LOW..HIGH, N probes)": the standard error of the
mean and a normal 95% interval, rough when few probes carry most of the
weight (more probes narrow it). A stopped estimate keeps the probes it
finished and says so; none finished prints "unknown".`,
		Example: `  sudokit count --limit 10 ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  sudokit count --estimate --probes 200 .......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if estimate {
				if eo.Probes < 1 || eo.Probes > setter.MaxProbes {
					return fmt.Errorf("--probes must be 1..%d, not %d", setter.MaxProbes, eo.Probes)
				}
				return a.estimateAll(cmd, args, f, eo)
			}
			if limit < 0 {
				return fmt.Errorf("--limit must be 0 (all) or positive, not %d", limit)
			}
			if limit == 0 && a.stderrTerm {
				a.warnf("--limit 0 counts every solution: a puzzle with few givens can have billions (stop with Ctrl-C, or bound it with --timeout)")
			}
			return a.solveAll(cmd, args, f, request.Options{Op: request.Count, Limit: limit})
		},
	}
	f.register(cmd, true)
	cmd.Flags().IntVar(&limit, "limit", 2, "stop counting at this many solutions (0 = count all)")
	cmd.Flags().BoolVar(&estimate, "estimate", false, "estimate the count (Knuth's estimator) instead of counting")
	cmd.Flags().IntVar(&eo.Probes, "probes", 100, "--estimate: the number of random probes")
	cmd.Flags().Uint64Var(&eo.Seed, "seed", 1, "--estimate: the seed of the probes' random choices")
	return cmd
}

func (a *app) verifyCmd() *cobra.Command {
	f := &puzzleFlags{}
	var minimal, withRules bool
	cmd := &cobra.Command{
		Use:   "verify [PUZZLE|FILE|-]...",
		Short: "Say whether each puzzle has exactly one solution",
		Long: `Verify prints one verdict per puzzle: "unique", "multiple" or "none" (or
"unknown" when --timeout, --nodes or Ctrl-C stopped the search). For a puzzle
with several solutions it names the cells where two of them differ; --json
lists both solutions. --minimal also checks, for a unique puzzle, whether
every given is needed, and names the givens that could each be removed with
the puzzle staying unique. --rules (with or without --minimal) checks the
rules too: each cage, dot, line, outside clue or whole variant (diagonal,
anti-knight) in turn is taken away, the rules rebuilt without it, and the
ones whose removal keeps the puzzle unique are named ("killer cage 3 (r1c1
r1c2 = 10)"); jigsaw regions and dots under a negative constraint are not
taken away one at a time, and a line "not checked:" says so. Verify exits 0
only when every puzzle is unique (and minimal, with --minimal or --rules),
1 when one is not, 3 when one could not be decided.`,
		Example: `  sudokit verify puzzles.txt && echo all unique
  sudokit verify --minimal 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit verify --rules testdata/killer.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := lookupProver(f.backend, "verify"); err != nil {
				return err
			}
			return a.solveAll(cmd, args, f, request.Options{Op: request.Verify, Minimal: minimal, Rules: withRules})
		},
	}
	f.register(cmd, true)
	cmd.Flags().BoolVar(&minimal, "minimal", false, "also check that every given is needed for uniqueness")
	cmd.Flags().BoolVar(&withRules, "rules", false, "also check every given and every cage, dot, line and variant: which could each be removed")
	return cmd
}
