package main

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/queue"
	"github.com/sudokit/sudokit/request"
)

// genFlags are the flags only generate reads; the others it shares with
// the operations (--shape, --variant, --minimal, --nodes, --backend,
// --json, --timeout).
type genFlags struct {
	count, first, givens, attempts, cageSize, clues int
	seed                                            uint64
	symmetry, difficulty, rating                    string
	crosscheck                                      bool
}

// genOnly names the flags only generate reads.
var genOnly = []string{"count", "seed", "first", "symmetry", "givens", "attempts", "difficulty", "rating", "cage-size", "clues", "crosscheck"}

func (g *genFlags) register(cmd *cobra.Command, shape *string) {
	fl := cmd.Flags()
	fl.StringVar(shape, "size", "", "the same as --shape (sudokit generate's name)")
	fl.IntVarP(&g.count, "count", "n", 1, "generate: puzzles to generate")
	fl.Uint64Var(&g.seed, "seed", 0, "generate: random seed (default: drawn and printed on stderr)")
	fl.IntVar(&g.first, "first", 0, "generate: index of the first puzzle")
	fl.StringVar(&g.symmetry, "symmetry", "none", "generate: symmetry of the givens (as sudokit generate's)")
	fl.IntVar(&g.givens, "givens", 0, "generate: stop removing at this many givens")
	fl.IntVar(&g.attempts, "attempts", 0, "generate: grids tried per puzzle (0: 1000)")
	fl.StringVar(&g.difficulty, "difficulty", "", "generate: only puzzles at this level (as sudokit generate's)")
	fl.StringVar(&g.rating, "rating", "", "generate: only classic 9x9 puzzles rated in this band on Sudoku Explainer's scale, LO-HI or LO+ (as sudokit generate's)")
	fl.IntVar(&g.cageSize, "cage-size", request.DefaultCageSize, "generate: with --variant killer, the most cells of a cage")
	fl.IntVar(&g.clues, "clues", 0, "generate: with --variant arrow, littlekiller or thermo, clues per puzzle")
	fl.BoolVar(&g.crosscheck, "crosscheck", false, "generate: confirm each puzzle with a second backend")
}

// genOptions checks generate's flags and returns its options, drawing the
// seed when none is given. Without generate, it refuses generate's flags.
func (a *app) genOptions(ctx context.Context, cmd *cobra.Command, f *submitFlags, op string, args []string) (request.GenOptions, error) {
	var o request.GenOptions
	if op != request.Generate {
		for _, name := range genOnly {
			if cmd.Flags().Changed(name) {
				return o, fmt.Errorf("--%s is generate's, not %s's", name, op)
			}
		}
		return o, nil
	}
	g := &f.gen
	switch {
	case len(args) > 0:
		return o, fmt.Errorf("generate reads no puzzles (got %q)", args[0])
	case f.req.Format != "" && f.req.Format != request.JSON:
		return o, fmt.Errorf("generate prints lines or --json records, not --format %s", f.req.Format)
	case g.count < 0 || g.count > queue.MaxItems:
		return o, fmt.Errorf("--count: 0 to %d puzzles", queue.MaxItems)
	case f.jobs > puzzle.MaxJobs:
		return o, fmt.Errorf("-j: at most %d local workers", puzzle.MaxJobs)
	}
	o = request.GenOptions{Shape: f.read.Shape, Variant: f.req.Variants, CageSize: g.cageSize, Clues: g.clues,
		Symmetry: g.symmetry, Minimal: f.req.Minimal, Givens: g.givens, Seed: g.seed, First: g.first, Attempts: g.attempts,
		Difficulty: g.difficulty, Rating: g.rating, Nodes: f.req.Nodes, JSON: f.json || f.req.Format == request.JSON, Crosscheck: g.crosscheck}
	if o.Shape == "" {
		o.Shape = "9"
	}
	if cmd.Flags().Changed("backend") {
		o.Backend = f.req.Backend
	}
	seeded := cmd.Flags().Changed("seed")
	if !seeded {
		o.Seed = rand.Uint64()
	}
	if _, err := request.NewGenerator(ctx, o, queue.Solver); err != nil {
		return o, err
	}
	if !seeded {
		a.warnf("no --seed: using --seed %d (give it to resume the batch)", o.Seed)
	}
	return o, nil
}
