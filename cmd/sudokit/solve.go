package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
)

// A mode is what solve, count and verify ask of the backend and how they
// print the answer.
type mode struct {
	name  string
	limit int
	keep  int
	// text returns what to print for a solved puzzle in a text format.
	text func(it puzzle.Item, o outcome, format string) string
	// negative reports whether an answer is negative (exit code 1).
	negative func(o outcome) bool
	// more, when set, does further work on a finished search's outcome
	// (verify --minimal).
	more func(ctx context.Context, s *setup, it puzzle.Item, o *outcome)
}

// outcome is the result of solving one item.
type outcome struct {
	res model.Result
	err error
	// min is the minimality check of verify --minimal, when it ran.
	min *minimality
}

// solveAll runs m on every puzzle of args and prints the answers in order.
func (a *app) solveAll(cmd *cobra.Command, args []string, f *puzzleFlags, m mode) error {
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	be, err := lookupBackend(f.backend)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	enc := json.NewEncoder(out)
	opts := model.Options{Limit: m.limit, Keep: m.keep, Nodes: f.nodes}
	work := func(ctx context.Context, it puzzle.Item, mod *model.Model) outcome {
		res, err := be.solver.Solve(ctx, mod, opts)
		o := outcome{res: res, err: err}
		if err == nil && m.more != nil {
			m.more(ctx, s, it, &o)
		}
		return o
	}
	emit := func(it puzzle.Item, o outcome) {
		format := s.outFormat(it)
		if o.err != nil {
			a.inputErrorf("%s: %v", it.Where(), o.err)
		} else {
			if !o.res.Finished() || (o.min != nil && o.min.stop != model.Done) {
				a.markLimited()
			}
			if msg := puzzle.StoredMismatch(it, o.res); msg != "" {
				a.warnf("%s: %s", it.Where(), msg)
			}
			if m.negative(o) {
				a.markNegative()
			}
		}
		if format == "json" {
			r := puzzle.NewRecord(it, s.cache.VariantNames(it))
			r.Fill(it, be.name, o.res, o.err, m.limit)
			o.min.fill(&r)
			enc.Encode(r)
			return
		}
		if o.err != nil {
			io.WriteString(out, "error\n")
			return
		}
		io.WriteString(out, m.text(it, o, format))
	}
	return runBatch(cmd, s, s.read(args), work, failedOutcome, emit)
}

// failedOutcome is the outcome of a puzzle that could not be read or
// built: its error, or unknown when --timeout or an interrupt stopped
// building its rules.
func failedOutcome(err error) outcome {
	if stop := stopOf(err); stop != model.Done {
		return outcome{res: model.Result{Status: model.Unknown, Stop: stop}}
	}
	return outcome{err: err}
}

// solutionText renders a result's first solution in the given format.
func solutionText(it puzzle.Item, res model.Result, format string) string {
	if format == fmtLine && it.Grid.Alphabet != sudoku.Numbers {
		var buf [128]byte // a 9x9 line and its newline, without allocating the grid
		return string(append(puzzle.AppendSolutionLine(buf[:0], it, res.Solutions[0]), '\n'))
	}
	return render(puzzle.Solution(it, res.Solutions[0]), format)
}

// statusText is the word printed for an answer without a solution.
func statusText(res model.Result, format string) string {
	w := res.Status.String()
	if format == "grid" {
		return w + "\n\n"
	}
	return w + "\n"
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
			return a.solveAll(cmd, args, f, mode{name: "solve", limit: 1, keep: 1, text: solveText,
				negative: func(o outcome) bool { return o.res.Status == model.Unsat }})
		},
	}
	f.register(cmd, true)
	f.candidates = true
	cmd.Flags().Lookup("format").Usage = "output: line, grid, tokens or json (default: like the input; token input gives token output), or candidates: the pencil marks"
	return cmd
}

// solveText prints solve's answer: the solution, or the status.
func solveText(it puzzle.Item, o outcome, format string) string {
	if o.res.Count == 0 {
		return statusText(o.res, format)
	}
	return solutionText(it, o.res, format)
}

// maxListed bounds the solutions count and verify keep for --json.
const maxListed = 100

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
			keep := maxListed
			if limit > 0 {
				keep = min(limit, maxListed)
			}
			return a.solveAll(cmd, args, f, mode{name: "count", limit: limit, keep: keep, text: countText,
				negative: func(o outcome) bool { return o.res.Exact && o.res.Count == 0 }})
		},
	}
	f.register(cmd, true)
	cmd.Flags().IntVar(&limit, "limit", 2, "stop counting at this many solutions (0 = count all)")
	cmd.Flags().BoolVar(&estimate, "estimate", false, "estimate the count (Knuth's estimator) instead of counting")
	cmd.Flags().IntVar(&eo.Probes, "probes", 100, "--estimate: the number of random probes")
	cmd.Flags().Uint64Var(&eo.Seed, "seed", 1, "--estimate: the seed of the probes' random choices")
	return cmd
}

// countText prints count's answer: the exact count, ">=N" when the search
// stopped at its limit or early, or "unknown".
func countText(_ puzzle.Item, o outcome, _ string) string {
	switch res := o.res; {
	case res.Status == model.Unknown:
		return "unknown\n"
	case !res.Exact:
		return fmt.Sprintf(">=%d\n", res.Count)
	default:
		return fmt.Sprintf("%d\n", res.Count)
	}
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
			md := mode{name: "verify", limit: 2, keep: 2, text: verifyText, negative: verifyNegative}
			if minimal || withRules {
				md.more = checkMinimal(f, withRules)
			}
			return a.solveAll(cmd, args, f, md)
		},
	}
	f.register(cmd, true)
	cmd.Flags().BoolVar(&minimal, "minimal", false, "also check that every given is needed for uniqueness")
	cmd.Flags().BoolVar(&withRules, "rules", false, "also check every given and every cage, dot, line and variant: which could each be removed")
	return cmd
}

// verifyText prints verify's verdict, with the cells where two solutions
// differ and the minimality check's finding when there is one.
func verifyText(it puzzle.Item, o outcome, _ string) string {
	text := o.res.Status.String()
	if cells := puzzle.Differ(it, o.res); len(cells) > 0 {
		text += " (solutions differ at " + listCells(cells, 20) + ")"
	}
	if o.min != nil {
		text += " (" + o.min.text() + ")"
	}
	return text + "\n"
}

// verifyNegative: no solution, several, or (with --minimal) a given that is
// not needed.
func verifyNegative(o outcome) bool {
	return o.res.Status == model.Unsat || o.res.Status == model.Multiple || o.min.redundantGivens()
}

// listCells joins cell names with spaces, naming at most max of them and
// counting the rest.
func listCells(cells []string, max int) string {
	if len(cells) <= max {
		return strings.Join(cells, " ")
	}
	return fmt.Sprintf("%s … and %d more", strings.Join(cells[:max], " "), len(cells)-max)
}
