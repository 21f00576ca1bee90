package main

import (
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/logic"
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
			return a.logicAll(cmd, args, f, false, marks, hintText, func(r *logicRecord, p logic.Path) {
				switch st, v := firstStep(p); {
				case st != nil:
					r.Step = st
				default:
					r.Stuck = v
				}
			})
		},
	}
	f.register(cmd, false)
	cmd.Flags().StringVar(&marks, "marks", "", `pencil marks to start from: a group per cell, as "4 2379 . 18 …" ("." = every value)`)
	return cmd
}

// firstStep returns a path's first step, or the word hint prints instead.
func firstStep(p logic.Path) (*logic.Step, string) {
	switch {
	case len(p.Steps) > 0:
		return &p.Steps[0], ""
	case p.Contradiction != "":
		return nil, "none"
	case p.Solved:
		return nil, "solved"
	}
	return nil, "stuck"
}

// hintText prints the next step, or "solved", "none" or "stuck".
func hintText(p logic.Path) string {
	if st, v := firstStep(p); st != nil {
		return st.String() + "\n"
	} else {
		return v + "\n"
	}
}
