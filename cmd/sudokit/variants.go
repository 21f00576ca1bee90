package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/variants"
)

func (a *app) variantsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "variants",
		Short: "List the variant rule sets --variant accepts, and those puzzles carry",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			fmt.Fprintln(out, "Rules for every puzzle of a run (--variant NAME,...):")
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			for _, e := range variants.Entries() {
				aliases := ""
				if len(e.Aliases) > 0 {
					aliases = "(" + strings.Join(e.Aliases, ", ") + ")"
				}
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", e.Name, aliases, e.Summary)
			}
			tw.Flush()
			fmt.Fprintln(out, "\nRules a puzzle carries with it (f-puzzles or SudokuPad links and JSON, or --in jigsaw):")
			for _, fam := range variants.Families() {
				if fam.Codec != nil && !fam.Named() {
					fmt.Fprintf(tw, "  %s\t%s\n", fam.Name, fam.Summary)
				}
			}
			tw.Flush()
			return nil
		},
	}
}
