package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"sync"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK       = 0
	exitNegative = 1 // no solution, not unique, disagreement
	exitUsage    = 2 // usage or input error
	exitLimit    = 3 // a limit or timeout was reached before an answer
)

// An app is one run of the CLI: its streams and the outcome so far.
type app struct {
	stdin       io.Reader
	stdout      io.Writer
	stderr      io.Writer
	stdinIsTerm bool
	stdoutTerm  bool
	stderrTerm  bool

	mu       sync.Mutex
	negative bool // some puzzle got a negative answer
	limited  bool // some puzzle hit a limit
	badInput bool // some input could not be read
}

func (a *app) markNegative() { a.mu.Lock(); a.negative = true; a.mu.Unlock() }
func (a *app) markLimited()  { a.mu.Lock(); a.limited = true; a.mu.Unlock() }
func (a *app) markBadInput() { a.mu.Lock(); a.badInput = true; a.mu.Unlock() }

// inputErrorf prints a message about one input on stderr and records it.
func (a *app) inputErrorf(format string, args ...any) {
	a.markBadInput()
	a.mu.Lock()
	fmt.Fprintf(a.stderr, "sudokit: "+format+"\n", args...)
	a.mu.Unlock()
}

// warnf prints a warning on stderr.
func (a *app) warnf(format string, args ...any) {
	a.mu.Lock()
	fmt.Fprintf(a.stderr, "sudokit: warning: "+format+"\n", args...)
	a.mu.Unlock()
}

// run executes the command line and returns the exit code.
func (a *app) run(args []string) int { return a.runContext(context.Background(), args) }

// runContext is run under ctx: when ctx ends (an interrupt), searches under
// way stop and report "unknown", and the rest of the input does too.
func (a *app) runContext(ctx context.Context, args []string) int {
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	if err := root.ExecuteContext(ctx); err != nil {
		// Errors reaching here are the user's to fix: bad flags,
		// arguments or files. Per-puzzle problems are reported as they
		// happen and counted instead.
		fmt.Fprintf(a.stderr, "sudokit: %v\n", err)
		return exitUsage
	}
	switch {
	case a.badInput:
		return exitUsage
	case a.limited:
		return exitLimit
	case a.negative:
		return exitNegative
	}
	return exitOK
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "sudokit",
		Short: "Solve, count and verify sudokus and variants with Dancing Links and SAT",
		Long: `sudokit solves standard and variant sudokus (4x4 to 25x25) through one constraint
model and interchangeable backends: an exact-cover matrix searched with Dancing
Links (dlx) and SAT clauses solved by gini (sat).

Puzzles come from arguments, files or stdin ("-"), one per line (81 symbols for
9x9, '.' or '0' blank) or as grid blocks.

Exit codes: 0 success, 1 negative answer (no solution, not unique, disagreement),
2 usage or input error, 3 limit or timeout reached before an answer.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.AddCommand(a.solveCmd(), a.countCmd(), a.verifyCmd(), a.variantsCmd())
	for _, c := range a.extraCmds() {
		root.AddCommand(c)
	}
	return root
}

// version reports the module version the binary was built from, or
// "devel" for a build from a work tree.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
