package backtrack_test

import (
	"testing"

	"github.com/sudokit/sudokit/internal/fixture"
)

// readCorpus returns the first n puzzle lines of a shared data file, or
// skips tb when the file is missing.
func readCorpus(tb testing.TB, name string, n int) []string {
	tb.Helper()
	return fixture.Data(tb, name, n)
}
