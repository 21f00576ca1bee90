package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/variants"
)

func (a *app) variantsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "variants",
		Short: "List the variant rule sets --variant accepts",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, e := range variants.Entries() {
				name := e.Name
				if len(e.Aliases) > 0 {
					name += " (" + strings.Join(e.Aliases, ", ") + ")"
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%-28s %s\n", name, e.Summary)
			}
			return nil
		},
	}
}
