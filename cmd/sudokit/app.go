package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"syscall"

	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK       = 0
	exitNegative = 1 // no solution, not unique, disagreement
	exitUsage    = 2 // usage or input error
	exitLimit    = 3 // a limit or timeout was reached before an answer
	exitOutput   = 4 // the output could not be written
)

// An app is one run of the CLI: its streams and the outcome so far.
type app struct {
	stdin       io.Reader
	stdout      io.Writer
	stderr      io.Writer
	stdinIsTerm bool
	stdoutTerm  bool
	stderrTerm  bool

	out *outWriter // the command's stdout, while it runs

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
	if a.outputFailed() {
		return // the input was cut short on purpose; the write error is the news
	}
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
// way stop and report "unknown", and the rest of the input does too. When
// writing the output fails (a full disk, a closed stdout), the run stops as
// if interrupted and exits with exitOutput, saying why on stderr.
func (a *app) runContext(ctx context.Context, args []string) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	out := &outWriter{w: a.stdout, failed: cancel}
	a.out = out
	if f, ok := a.stdout.(*os.File); ok {
		watchClosed(f, func() { out.fail(syscall.EPIPE) })
	}
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetIn(a.stdin)
	root.SetOut(out)
	root.SetErr(a.stderr)
	err := root.ExecuteContext(ctx)
	if werr := out.Err(); werr != nil {
		fmt.Fprintf(a.stderr, "sudokit: writing the output: %v\n", werr)
		return exitOutput
	}
	if err != nil {
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

// An outWriter passes writes on to w until one fails; it keeps that first
// error, calls failed once, and fails every later write with the same
// error, so that no answer is lost without a word.
type outWriter struct {
	w      io.Writer
	failed func()

	mu  sync.Mutex
	err error
}

// Write implements io.Writer.
func (o *outWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = err
		o.failed()
	}
	return n, err
}

// fail records err as the output's failure, unless a write failed first,
// and stops the run as a failed write does.
func (o *outWriter) fail(err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		o.err = err
		o.failed()
	}
}

// outputFailed reports whether writing the output has failed, so that
// reading more input is pointless.
func (a *app) outputFailed() bool { return a.out != nil && a.out.Err() != nil }

// Err returns the first write error, or nil.
func (o *outWriter) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

func (a *app) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print sudokit's version, the Go release that built it and its source revision",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := io.WriteString(cmd.OutOrStdout(), versionText())
			return err
		},
	}
}

// versionText is what sudokit version prints: the module version, then
// the Go release and the version control revision the build info records.
func versionText() string {
	text := "sudokit " + version()
	if bi, ok := debug.ReadBuildInfo(); ok {
		text += " (" + bi.GoVersion
		for _, s := range bi.Settings {
			switch {
			case s.Key == "vcs.revision":
				text += ", revision " + s.Value
			case s.Key == "vcs.modified" && s.Value == "true":
				text += ", modified"
			}
		}
		text += ")"
	}
	return text + "\n"
}

// version reports the module version the binary was built from, or
// "devel" for a build from a work tree.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
