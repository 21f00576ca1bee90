package main

import (
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/request"
)

func (a *app) hintCmd() *cobra.Command {
	f := &puzzleFlags{}
	var marks string
	cmd := &cobra.Command{
		Use:   "hint [PUZZLE|FILE|-]...",
		Short: "Print the next logical step of each puzzle",
		Long: `Hint prints, for each puzzle, the easiest step a person can take next: the
technique, why it holds and what it places or eliminates, as
"hidden single: 7 in row 3 must go in r3c5". A full grid prints "solved",
one whose givens contradict each other "none", and one where no technique
applies "stuck" (exit code 1). --json prints one object per puzzle whose
"step" carries technique, placements and eliminations.

--marks starts from your pencil marks instead of the givens' own: one
group per cell, in row order, separated by spaces, each the cell's
candidates as digits ("2379"; with more than 9 values, numbers separated
by commas, "1,12,16"), "." or "0" for every value. A given's group must
hold its value. The marks only remove candidates; what the givens rule out
stays ruled out. They apply to every puzzle read.`,
		Example: `  sudokit hint 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit hint --marks "$(cat marks.txt)" 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.logicAll(cmd, args, f, request.Hint, marks)
		},
	}
	f.register(cmd, false)
	cmd.Flags().Lookup("nodes").Usage = "refused: hint applies techniques and runs no search"
	registerLogicFlags(cmd, f)
	cmd.Flags().StringVar(&marks, "marks", "", `pencil marks to start from: a group per cell, as "4 2379 . 18 …" ("." = every value)`)
	return cmd
}
