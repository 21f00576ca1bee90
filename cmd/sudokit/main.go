package main

import (
	"context"
	"os"
	"os/signal"

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
