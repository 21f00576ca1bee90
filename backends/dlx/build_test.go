package dlx_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// TestBuildStops: the lowering honours the context, and a lowering cut
// short is not cached.
func TestBuildStops(t *testing.T) {
	solvertest.BuildStops(t, func() model.Solver { return dlx.New() })
}
