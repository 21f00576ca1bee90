package auto_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// TestBuildStops: a context that ends while the first backend (or the
// fallback) builds its structures stops auto with it, and leaves both
// usable.
func TestBuildStops(t *testing.T) {
	solvertest.BuildStops(t, func() model.Solver { return auto.New() })
}
