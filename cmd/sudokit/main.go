package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"

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

// memoryLimit is the soft heap limit a run keeps to unless GOMEMLIMIT says
// otherwise. Nothing is kept per puzzle (the live heap stays at a few MB
// over any batch), but with the larger GC target below the heap's peak
// follows the largest passing puzzle, so that it crept up with the length
// of a batch; the limit holds it flat. Live heaps above it (big grids with
// SAT) still get the memory they need.
const memoryLimit = 40 << 20

// tuneGC sets the collector's target and limit unless the environment
// sets them.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		// The heap stays small (a model, a matrix or a CNF per worker);
		// collecting less often lets two workers scale better.
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
