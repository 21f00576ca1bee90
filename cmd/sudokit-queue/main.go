package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// Exit codes, as sudokit's.
const (
	exitOK       = 0
	exitNegative = 1 // no solution, not unique
	exitUsage    = 2 // usage or input error
	exitLimit    = 3 // a limit, timeout or interrupt before an answer
)

// An app is one run: its streams and the verdicts so far.
type app struct {
	stdin                          io.Reader
	stdout, stderr                 io.Writer
	stdinTerm, stdoutTerm, errTerm bool

	negative, limited, badInput bool
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		stdinTerm: term.IsTerminal(int(os.Stdin.Fd())), stdoutTerm: term.IsTerminal(int(os.Stdout.Fd())),
		errTerm: term.IsTerminal(int(os.Stderr.Fd()))}
	os.Exit(a.run(ctx, os.Args[1:]))
}

// run executes a command line and returns the exit code.
func (a *app) run(ctx context.Context, args []string) int {
	root := &cobra.Command{
		Use:           "sudokit-queue",
		Short:         "Run sudokit batches on a NATS JetStream work queue",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(a.submitCmd(), a.workerCmd(), a.serverCmd())
	root.SetArgs(args)
	root.SetIn(a.stdin)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintf(a.stderr, "sudokit-queue: %v\n", err)
		if ctx.Err() != nil {
			return exitLimit
		}
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

// notef tells what the command is doing, on stderr.
func (a *app) notef(format string, args ...any) {
	fmt.Fprintf(a.stderr, "sudokit-queue: "+format+"\n", args...)
}

func (a *app) warnf(format string, args ...any) {
	fmt.Fprintf(a.stderr, "sudokit-queue: warning: "+format+"\n", args...)
}
