package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/logic"
)

func (a *app) techniquesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "techniques",
		Short: "List the techniques of hint, explain and grade, easiest first, with their level and rating",
		Long: `Techniques lists the human techniques hint, explain and grade try, in the
order they try them: each one's name (what --techniques takes), the level a
puzzle needing it gets, the weight it adds to the score, its base difficulty
on Sudoku Explainer's scale, and whether paths use it by default (the
uniqueness techniques need --assume-unique).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return listTechniques(cmd.OutOrStdout())
		},
	}
}

// listTechniques writes the table of techniques.
func listTechniques(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "technique\tlevel\tweight\trating\tdefault")
	def := logic.DefaultTechniques()
	for _, t := range logic.Techniques() {
		if t == logic.Guess {
			continue
		}
		on := "yes"
		if !def.Has(t) {
			on = "no (--assume-unique)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f\t%s\n", t, t.Level(), t.Weight(), t.Difficulty(), on)
	}
	return tw.Flush()
}
