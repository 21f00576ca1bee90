package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func main() {
	// The first interrupt stops the searches under way: what was solved is
	// printed, the rest reports "unknown" and the exit code is 3. A second
	// interrupt ends the program at once. The handler goes in first, so
	// that an early interrupt is one too.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	go func() {
		<-ctx.Done()
		stop()
	}()
	if closedAtStart(os.Stdout) {
		os.Stderr.WriteString("sudokit: writing the output: standard output is closed\n")
		os.Exit(exitOutput)
	}
	tuneGC()
	a := &app{
		stdin:       os.Stdin,
		stdout:      os.Stdout,
		stderr:      os.Stderr,
		stdinIsTerm: term.IsTerminal(int(os.Stdin.Fd())),
		stdoutTerm:  term.IsTerminal(int(os.Stdout.Fd())),
		stderrTerm:  term.IsTerminal(int(os.Stderr.Fd())),
	}
	os.Exit(a.runContext(ctx, os.Args[1:]))
}

// rootCmd is the sudokit command with every subcommand.
func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "sudokit",
		Short: "Solve, count, verify, explain and generate sudokus and variants with interchangeable engines",
		Long: `sudokit solves standard and variant sudokus (4x4 to 36x36) through one constraint
model and interchangeable backends: candidate propagation with guessing (prop),
an exact-cover matrix searched with Dancing Links (dlx), SAT clauses solved by
gini (sat), auto, which picks among them and is the default, a backtracking
baseline, simulated annealing and outside programs (glpsol, cbc, minisat,
minizinc), chosen with --backend. It also explains and grades puzzles the way a
person solves them, generates new ones and serves a web page.

Puzzles come from arguments, files or stdin ("-"), one per line (81 symbols for
9x9), as grid blocks, or as whitespace-separated numbers. A blank cell is '.'
or '0', and also '_', '-', '*', 'x' or 'X' ('0', 'x' and 'X' only where they
are not a value): a mistyped given may read as a blank, so a line that writes
blanks with two different symbols gets a warning. One answer per puzzle, in
order; blank lines and '#' comments produce none.

Exit codes: 0 success, 1 negative answer (no solution, not unique, disagreement),
2 usage or input error, 3 limit or timeout reached before an answer, 4 the
output could not be written.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.AddCommand(a.solveCmd(), a.countCmd(), a.verifyCmd(), a.variantsCmd())
	root.AddCommand(a.hintCmd(), a.explainCmd(), a.gradeCmd(), a.techniquesCmd())
	root.AddCommand(a.serveCmd(), a.versionCmd())
	root.AddCommand(a.crosscheckCmd(), a.compareCmd(), a.exportCmd(), a.benchCmd(), a.convertCmd(), a.generateCmd())
	root.AddCommand(a.candidatesCmd(), a.suggestCmd(), a.canonCmd(), a.dedupeCmd())
	return root
}
