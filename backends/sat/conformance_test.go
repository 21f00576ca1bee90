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
	// The suite's sums (killers, arrows, conditional sums) with each
	// other encoding.
	for _, enc := range sumEncodings[1:] {
		t.Run(enc.String(), func(t *testing.T) { solvertest.Test(t, &Solver{Sums: enc}, solvertest.StopsBuilding()) })
	}
}
