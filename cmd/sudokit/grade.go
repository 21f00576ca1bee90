package main

import (
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/request"
)

func (a *app) gradeCmd() *cobra.Command {
	f := &puzzleFlags{}
	cmd := &cobra.Command{
		Use:   "grade [PUZZLE|FILE|-]...",
		Short: "Grade each puzzle by the human techniques it needs",
		Long: `Grade prints one level per puzzle, by the hardest technique its step-by-step
path needs: simple (naked singles), easy (hidden singles), intermediate
(locked candidates, pairs), expert (triples, quads, X-wing and finned
X-wing, XY- and XYZ-wings), extreme (swordfish, jellyfish and their finned
forms, W-wing, simple colouring, Sue de Coq, X- and XY-cycles and chains,
continuous nice loops, AICs,
ALS-XZ, ALS-XY-wing, grouped AICs), master (forcing chains: nishio, region and cell
forcing chains, then dynamic, dynamic (+) and nested forcing chains).
A puzzle the techniques cannot finish is graded by the search it needs:
"search (N guesses)", each guess being the backend's solution placed where
the techniques stop. A puzzle without exactly one solution prints "none" or
"multiple" (exit code 1). --json adds the numeric score (the sum of the
steps' weights), the rating on Sudoku Explainer's scale (ER, EP, ED), the
number of guesses and how often each technique was used.`,
		Example: `  sudokit grade 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit grade --json puzzles.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.logicAll(cmd, args, f, request.Grade, "")
		},
	}
	f.register(cmd, true)
	registerLogicFlags(cmd, f)
	return cmd
}
