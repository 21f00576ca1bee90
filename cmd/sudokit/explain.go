package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/request"
)

// logicAll explains every puzzle of args with the logical operation op
// (grade, explain or hint) and prints the answers in order. With
// withSolver, the backend settles uniqueness and supplies the guesses
// where the techniques stop. With marks (hint --marks), each puzzle starts
// from those pencil marks.
func (a *app) logicAll(cmd *cobra.Command, args []string, f *puzzleFlags, op string, marks string) error {
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	withSolver := op != request.Hint
	var be backend
	if !withSolver && f.nodes > 0 {
		return fmt.Errorf("--nodes: %s applies techniques and runs no search, so it has no node budget", cmd.Name())
	}
	if withSolver {
		if be, err = lookupProver(f.backend, cmd.Name()); err != nil {
			return err
		}
	}
	o := request.Options{Op: op, Backend: be.name, Nodes: f.nodes, Format: s.format, Variants: f.variant,
		AssumeUnique: f.assumeUnique, Techniques: f.techniques, Marks: marks}
	return a.answerAll(cmd, args, s, o, be.solver)
}

// stopOf returns why work ended early (request.StopOf).
func stopOf(err error) model.Stop { return request.StopOf(err) }

func (a *app) explainCmd() *cobra.Command {
	f := &puzzleFlags{}
	cmd := &cobra.Command{
		Use:   "explain [PUZZLE|FILE|-]...",
		Short: "Solve each puzzle step by step with human techniques",
		Long: `Explain prints, for each puzzle, the steps a person could take to solve it,
one per line, easiest technique first after every step (singles, locked
candidates, subsets, fish, wings, colouring, chains), then its grade, then a
blank line. Where the techniques get stuck, the backend's solution supplies a
guess (a "guess" step) and the path goes on. A puzzle without exactly one solution prints "none" or
"multiple" (exit code 1). --json prints one object per puzzle with a "steps"
array: technique, text, placements ({"cell":"r3c5","value":7}) and
eliminations ({"cell":"r1c1","values":[4,7]}).`,
		Example: `  sudokit explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit explain --json puzzles.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.logicAll(cmd, args, f, request.Explain, "")
		},
	}
	f.register(cmd, true)
	registerLogicFlags(cmd, f)
	return cmd
}

// registerLogicFlags adds --assume-unique and --techniques to a command of
// the logical solver.
func registerLogicFlags(cmd *cobra.Command, f *puzzleFlags) {
	cmd.Flags().BoolVar(&f.assumeUnique, "assume-unique", false,
		"also use the techniques that assume the puzzle has exactly one solution (unique rectangles, BUG+1; plain grids only): on a puzzle with several they may remove every solution")
	cmd.Flags().StringVar(&f.techniques, "techniques", "",
		`change the techniques: a comma-separated list of names to leave out ("-nishio,-aic") or add ("+unique rectangle"); "none" first starts from no technique (see: sudokit techniques)`)
}
