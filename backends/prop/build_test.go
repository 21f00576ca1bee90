package prop_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// TestBuildStops: the table of a rule set is built under the context, and
// a build cut short is not cached; on the classic 9x9 path and the general
// one.
func TestBuildStops(t *testing.T) {
	solvertest.BuildStops(t, func() model.Solver { return prop.New() })
	t.Run("general", func(t *testing.T) {
		solvertest.BuildStops(t, func() model.Solver { return prop.General() })
	})
}
