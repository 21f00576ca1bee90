package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// genFlags are generate's flags.
type genFlags struct {
	count, givens, jobs, attempts int
	first, cageSize, clues        int
	shape, variant, symmetry      string
	backend, difficulty           string
	seed                          uint64
	nodes                         int64
	timeout                       time.Duration
	minimal, json, crosscheck     bool
}

func (a *app) generateCmd() *cobra.Command {
	var f genFlags
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Generate puzzles with exactly one solution (symmetric, minimal, reproducible)",
		Long: `generate fills random complete grids and takes givens away while a solver proves
the puzzle still unique. One puzzle per line: a classic puzzle in line format,
a puzzle with any other rule (global rules such as --variant diagonal as much
as jigsaw regions, cages and clues) as an f-puzzles link that carries its
rules, since a line carries none: every line reads back as its puzzle with no
flag (sudokit verify -; sudokit convert --to sudokupad - for SudokuPad links).
Or --json records with the solution, the link and statistics. The same --seed
gives the same puzzles whatever -j.

--variant killer makes cages-only killers: no givens, every cell in a cage of 2
to --cage-size cells with a total, the cages merged while the puzzle stays
unique (the backend is auto unless --backend says otherwise).

--variant arrow, littlekiller or thermo draws --clues clues of that kind from
each puzzle's solution before the givens go: arrows (a circle, now and then a
two-cell pill up to 9x9, and a shaft of 1 to 4 cells adding up to it), little
killer totals of diagonals, or thermometers (3 cells or more, digits
increasing from the bulb). Clues share no cell and lines do not cross. They
combine with global rules (--variant thermo,diagonal), --symmetry, --minimal
and --givens; the backend is prop unless --backend says otherwise, and without
--minimal each proof stops at the --nodes default.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return a.runGenerate(cmd, &f) },
	}
	fl := cmd.Flags()
	fl.IntVarP(&f.count, "count", "n", 1, "puzzles to generate")
	fl.StringVar(&f.shape, "size", "9", "grid side (4 to 25 and more) or box rows x columns (2x3)")
	fl.StringVar(&f.shape, "shape", "9", "the same as --size")
	fl.StringVar(&f.variant, "variant", "", "comma-separated global rules, e.g. diagonal,antiknight; jigsaw for random regions, killer for cages-only killers; arrow, littlekiller or thermo for clues drawn per puzzle (see: sudokit variants)")
	fl.IntVar(&f.cageSize, "cage-size", generate.DefaultCageSize, "with --variant killer: the most cells of a cage")
	fl.IntVar(&f.clues, "clues", 0, "with --variant arrow, littlekiller or thermo: clues per puzzle (0: N-1 arrows or thermometers, N/2 little killers on an NxN grid)")
	fl.StringVar(&f.symmetry, "symmetry", "none", "symmetry of the givens: none, rotate90, rotate180, mirror, flip, diagonal or random")
	fl.BoolVar(&f.minimal, "minimal", false, "only puzzles from which no given (with --symmetry: no symmetric class of givens) can be removed")
	fl.IntVar(&f.givens, "givens", 0, "stop removing at this many givens (with --minimal: at most this many)")
	fl.Uint64Var(&f.seed, "seed", 0, "random seed (default: drawn and printed on stderr)")
	fl.IntVar(&f.first, "first", 0, "index of the first puzzle: --seed S --first I -n 1 makes again the puzzle --json recorded with seed S and index I")
	fl.IntVarP(&f.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "puzzles generated in parallel")
	fl.StringVar(&f.difficulty, "difficulty", "", "only puzzles sudokit grade puts at this level: simple, easy, intermediate, expert, extreme, master, or search (killers, arrows and little killers only); with + that level or harder (expert+ is qqwing's expert)")
	fl.IntVar(&f.attempts, "attempts", 0, "grids tried per puzzle for --difficulty or --minimal with a --givens bound (0: 1000)")
	fl.StringVar(&f.backend, "backend", "", "solver proving uniqueness: "+strings.Join(backendNames(), ", ")+" (default: prop up to 9x9, else auto)")
	fl.Int64Var(&f.nodes, "nodes", 0, fmt.Sprintf("node budget of each proof (0: none up to 16x16 without clues or with --minimal, else %d; a stopped proof keeps its given)", generate.ProofNodes))
	fl.DurationVar(&f.timeout, "timeout", 0, "stop generating after this long (e.g. 30s; 0 = no limit): the puzzles finished are printed, exit code 3")
	fl.BoolVar(&f.json, "json", false, "one JSON object per puzzle, with its solution and statistics")
	fl.BoolVar(&f.crosscheck, "crosscheck", false, "confirm each puzzle's uniqueness with a second backend (sat; dlx when --backend sat, prop for clues then; prop for killers unless --backend prop)")
	return cmd
}

// genRecord is one puzzle of generate --json.
type genRecord struct {
	Schema int `json:"schema"`
	// Source is "generate"; Line the puzzle's line in the output.
	Source string `json:"source"`
	Line   int    `json:"line"`
	Index  int    `json:"index"`
	// Seed is the run's --seed: --seed Seed --first Index -n 1 makes the
	// puzzle again. PuzzleSeed is the seed derived from both that the
	// generator used (generate.PuzzleSeed).
	Seed       uint64   `json:"seed"`
	PuzzleSeed uint64   `json:"puzzle_seed"`
	Puzzle     string   `json:"puzzle"`
	Solution   string   `json:"solution"`
	Shape      string   `json:"shape"`
	Size       int      `json:"size"`
	Variants   []string `json:"variants"`
	Minimal    *bool    `json:"minimal,omitempty"`
	generate.Record
	Crosscheck string         `json:"crosscheck,omitempty"`
	Backend    string         `json:"backend"`
	Stats      generate.Stats `json:"stats"`
}

// genOptions turns the flags into generator options and the name of the
// backend that proves uniqueness.
func (a *app) genOptions(cmd *cobra.Command, f *genFlags) (generate.Options, string, error) {
	req := generate.Request{Size: f.shape, Variants: f.variant, Symmetry: f.symmetry, Difficulty: f.difficulty, Minimal: f.minimal,
		Givens: f.givens, Attempts: f.attempts, Clues: f.clues, CageSize: f.cageSize, Nodes: f.nodes}
	o, err := req.Options()
	if err != nil {
		return o, "", err
	}
	if f.clues != 0 && o.Clues == generate.NoClues {
		return o, "", fmt.Errorf("--clues needs --variant arrow, littlekiller or thermo")
	}
	if f.count < 0 || f.first < 0 || f.givens < 0 || f.attempts < 0 || f.nodes < 0 || f.timeout < 0 || f.clues < 0 || f.jobs < 1 || f.cageSize < 2 {
		return o, "", fmt.Errorf("--count, --first, --givens, --attempts, --nodes, --timeout and --clues must not be negative, -j at least 1 and --cage-size at least 2")
	}
	name := cmp.Or(f.backend, generate.DefaultBackend(o))
	be, err := lookupProver(name, "generate")
	if err != nil {
		return o, "", err
	}
	if !cmd.Flags().Changed("seed") {
		f.seed = rand.Uint64()
		a.warnf("no --seed: using --seed %d", f.seed)
	}
	o.Solver, o.Seed = be.solver, f.seed
	if f.difficulty != "" && f.json {
		o.Grader = generate.LogicGrader(cmd.Context(), be.solver, f.nodes)
	}
	return o, name, nil
}

func (a *app) runGenerate(cmd *cobra.Command, f *genFlags) error {
	opts, backend, err := a.genOptions(cmd, f)
	if err != nil {
		return err
	}
	g, err := generate.New(opts)
	if err != nil {
		return err
	}
	second := secondSolver(backend, opts)
	out := cmd.OutOrStdout()
	bar := a.progress(f.count, "generate", a.stdoutTerm)
	if bar != nil {
		defer bar.Finish()
	}
	ctx := cmd.Context()
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	done := 0
	err = g.Generate(ctx, f.first, f.count, a.capJobs(f.jobs, f.count), func(p generate.Puzzle) error {
		check := ""
		if f.crosscheck {
			check = crosscheckPuzzle(ctx, second, p)
			if err := ctx.Err(); err != nil {
				return err // the check was cut short: the puzzle is not printed
			}
			if check != "unique" {
				a.markNegative()
				a.warnf("puzzle %d: the second backend says %s: %s", p.Index, check, p.Grid.Line())
			}
		}
		line, err := genLine(p, f, opts, backend, check)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintln(out, line); err != nil {
			return err
		}
		done++
		if bar != nil {
			bar.Add(1)
		}
		return nil
	})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		a.warnf("--timeout %v reached: %d of %d puzzles generated", f.timeout, done, f.count)
		a.markLimited()
		return nil
	case errors.Is(err, context.Canceled) || errors.Is(err, generate.ErrAttempts):
		if !errors.Is(err, context.Canceled) {
			a.warnf("%v", err)
		}
		a.markLimited()
		return nil
	case a.outputFailed():
		return nil
	}
	return err
}

// secondSolver returns the backend --crosscheck asks: sat, or when sat
// proved the puzzles dlx, or prop for clues (DLX refuses a long little
// killer diagonal and can take seconds on an arrow puzzle's few givens);
// for killers prop, since auto answers those with DLX or SAT (sat when
// prop proved them).
func secondSolver(backend string, o generate.Options) model.Solver {
	switch {
	case o.Killer && backend != "prop":
		return prop.New()
	case backend == "sat" && o.Clues != generate.NoClues:
		return prop.New()
	case backend == "sat":
		return dlx.New()
	}
	return sat.New()
}

// genLine returns a puzzle's output line: its line format, an f-puzzles
// link for a puzzle with rules (a line carries none: a diagonal puzzle's
// line read without --variant diagonal is another puzzle), or its JSON
// record (which says what the givens alone allow when clues were drawn).
func genLine(p generate.Puzzle, f *genFlags, opts generate.Options, backend, check string) (string, error) {
	gr, err := generate.NewRecord(p, opts)
	if err != nil {
		return "", err
	}
	if !f.json {
		return cmp.Or(gr.Link, p.Grid.Line()), nil
	}
	rec := genRecord{Schema: puzzle.Schema, Source: "generate", Line: p.Index - f.first + 1, Index: p.Index, Seed: f.seed, PuzzleSeed: p.Seed,
		Puzzle: p.Grid.Line(), Solution: p.Solution.Line(), Shape: p.Grid.Shape.String(), Size: p.Grid.Shape.N(), Variants: []string{},
		Record: gr, Crosscheck: check, Backend: backend, Stats: p.Stats}
	for _, v := range p.Variants {
		rec.Variants = append(rec.Variants, v.Name())
	}
	if f.minimal {
		rec.Minimal = &p.Minimal
	}
	b, err := json.Marshal(rec)
	return string(b), err
}

// crosscheckPuzzle asks a second solver for two solutions of p and checks
// them with the referee: "unique" when it agrees.
func crosscheckPuzzle(ctx context.Context, s model.Solver, p generate.Puzzle) string {
	res, err := s.Solve(ctx, p.Model, model.Options{Limit: 2})
	if err != nil {
		return "error: " + err.Error()
	}
	for _, sol := range res.Solutions {
		if err := model.Check(p.Model, sol); err != nil {
			return "a wrong solution: " + err.Error()
		}
	}
	if res.Status == model.Unique && len(res.Solutions) == 1 {
		n := p.Grid.Shape.N()
		for cell, c := range res.Solutions[0] {
			if int(c)-cell*n+1 != p.Solution.Cells[cell] {
				return "another solution"
			}
		}
	}
	return res.Status.String()
}
