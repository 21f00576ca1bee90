package backtrack_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// TestBuildStops: the exclusion table is built under the context, and a
// build cut short is not cached.
func TestBuildStops(t *testing.T) {
	solvertest.BuildStops(t, func() model.Solver { return backtrack.New() })
}
