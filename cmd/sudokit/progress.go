package main

import (
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress returns a progress bar on stderr, or nil when stderr is not a
// terminal or the output is machine-readable.
func (a *app) progress(total int, desc string, quiet bool) *progressbar.ProgressBar {
	if !a.stderrTerm || quiet || os.Getenv("NO_PROGRESS") != "" {
		return nil
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("puzzles"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish())
}
