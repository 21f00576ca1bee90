package main

import "github.com/spf13/cobra"

// extraCmds returns the commands beyond solve, count and verify.
func (a *app) extraCmds() []*cobra.Command {
	return []*cobra.Command{a.crosscheckCmd(), a.compareCmd(), a.exportCmd(), a.benchCmd(), a.convertCmd(), a.generateCmd(), a.candidatesCmd(), a.suggestCmd()}
}
