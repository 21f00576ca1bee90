package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/request"
)

// genFlags are generate's flags.
type genFlags struct {
	count, givens, jobs, attempts int
	first, cageSize, clues        int
	shape, variant, symmetry      string
	backend, difficulty, rating   string
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
--minimal each proof stops at the --nodes default.

--rating LO-HI (or LO+, or one rating) keeps classic 9x9 puzzles whose rating
on Sudoku Explainer's scale (grade --json's rating.er) lies in the band, e.g.
--rating 7.0-7.9; ratings go by tenths, so neighbouring bands share none.
Bands below 8.0 are drawn; from 8.0 up the puzzles are searched from hard seed
puzzles built into sudokit (moved by symmetries, a given swapped, givens added
or removed while rated). From 9.0 the ratings come from the dynamic and nested
forcing chains; a puzzle the techniques cannot finish without a guess rates 11.0.`,
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
	fl.StringVar(&f.rating, "rating", "", "only classic 9x9 puzzles whose rating on Sudoku Explainer's scale (sudokit grade --json's rating.er) lies in this band: LO-HI (7.0-7.9), LO+ (9.0+) or one rating, from 1.0 to 11.0 (11.0: the techniques need a guess); from 8.0 up searched from hard seed puzzles")
	fl.IntVar(&f.attempts, "attempts", 0, fmt.Sprintf("grids tried per puzzle for --difficulty, --rating or --minimal with a --givens bound (0: 1000; %d for --rating, %d walks from seed puzzles for --rating from %.1f)", generate.DefaultBandAttempts, generate.DefaultSeedAttempts, generate.SeedFrom))
	fl.StringVar(&f.backend, "backend", "", "solver proving uniqueness: "+strings.Join(backendNames(), ", ")+" (default: prop up to 9x9, else auto)")
	fl.Int64Var(&f.nodes, "nodes", 0, fmt.Sprintf("node budget of each proof (0: none up to 16x16 without clues or with --minimal, else %d; a stopped proof keeps its given)", generate.ProofNodes))
	fl.DurationVar(&f.timeout, "timeout", 0, "stop generating after this long (e.g. 30s; 0 = no limit): the puzzles finished are printed, exit code 3")
	fl.BoolVar(&f.json, "json", false, "one JSON object per puzzle, with its solution and statistics")
	fl.BoolVar(&f.crosscheck, "crosscheck", false, "confirm each puzzle's uniqueness with a second backend (sat; dlx when --backend sat, prop for clues then; prop for killers unless --backend prop)")
	return cmd
}

// genOptions checks the flags and turns them into the request layer's
// generator, which prints each puzzle as the queue's workers do.
func (a *app) genOptions(cmd *cobra.Command, f *genFlags) (*request.Generator, error) {
	if f.count < 0 || f.timeout < 0 || f.jobs < 1 {
		return nil, fmt.Errorf("--count and --timeout must not be negative, -j at least 1")
	}
	o := request.GenOptions{Shape: f.shape, Variant: f.variant, CageSize: f.cageSize, Clues: f.clues, Symmetry: f.symmetry,
		Minimal: f.minimal, Givens: f.givens, Seed: f.seed, First: f.first, Attempts: f.attempts, Difficulty: f.difficulty,
		Rating: f.rating, Backend: f.backend, Nodes: f.nodes, JSON: f.json, Crosscheck: f.crosscheck}
	seeded := cmd.Flags().Changed("seed")
	if !seeded {
		o.Seed = rand.Uint64()
	}
	g, err := request.NewGenerator(cmd.Context(), o, func(name string) (model.Solver, error) {
		be, err := lookupProver(name, "generate")
		return be.solver, err
	})
	if err != nil {
		return nil, err
	}
	if !seeded {
		f.seed = o.Seed
		a.warnf("no --seed: using --seed %d", f.seed)
	}
	return g, nil
}

func (a *app) runGenerate(cmd *cobra.Command, f *genFlags) error {
	g, err := a.genOptions(cmd, f)
	if err != nil {
		return err
	}
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
	err = g.Generator().Generate(ctx, f.first, f.count, a.capJobs(f.jobs, f.count), func(p generate.Puzzle) error {
		ans, err := g.Print(ctx, p)
		if err != nil {
			return err
		}
		if ans.Negative {
			a.markNegative()
			a.warnf("%s", ans.Warning)
		}
		if _, err := out.Write(ans.Text); err != nil {
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
