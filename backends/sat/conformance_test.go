package sat

import (
	"testing"

	"github.com/sudokit/sudokit/backends/solvertest"
)

func TestConformance(t *testing.T) {
	t.Run("fresh", func(t *testing.T) { solvertest.Test(t, New(), solvertest.StopsBuilding()) })
	t.Run("incremental", func(t *testing.T) {
		solvertest.Test(t, &Solver{Mode: Incremental}, solvertest.StopsBuilding())
	})
}
