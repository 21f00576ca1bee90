// Command sudokit solves, counts and verifies sudokus and their variants
// with interchangeable backends (Dancing Links, SAT), cross-checks the
// backends against each other and exports their encodings.
//
// Run "sudokit help" for the commands. Exit codes: 0 success, 1 a negative
// answer (no solution, not unique, a disagreement), 2 a usage or input
// error, 3 a limit or timeout reached before an answer.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"

	"golang.org/x/term"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// The heap stays small (a model, a matrix or a CNF per worker);
		// collecting less often lets two workers scale better.
		debug.SetGCPercent(400)
	}
	a := &app{
		stdin:       os.Stdin,
		stdout:      os.Stdout,
		stderr:      os.Stderr,
		stdinIsTerm: term.IsTerminal(int(os.Stdin.Fd())),
		stdoutTerm:  term.IsTerminal(int(os.Stdout.Fd())),
		stderrTerm:  term.IsTerminal(int(os.Stderr.Fd())),
	}
	// The first interrupt stops the searches under way: what was solved is
	// printed, the rest reports "unknown" and the exit code is 3. A second
	// interrupt ends the program at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	go func() {
		<-ctx.Done()
		stop()
	}()
	os.Exit(a.runContext(ctx, os.Args[1:]))
}
