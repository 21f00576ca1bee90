package prop_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
)

// traced is what prop claims about its search events.
var traced = solvertest.TraceClaim{RootNodes: 1, Infers: true}

func TestConformance(t *testing.T) {
	solvertest.Test(t, prop.New(), solvertest.CountsNodes(), solvertest.AllocsPerSolve(2),
		solvertest.Traces(traced), solvertest.StopsBuilding())
}

// TestConformanceNoLocks runs the suite without locked candidates.
func TestConformanceNoLocks(t *testing.T) {
	solvertest.Test(t, prop.WithoutLocks(), solvertest.CountsNodes(), solvertest.AllocsPerSolve(2),
		solvertest.Traces(traced))
}

// TestConformanceGeneral runs the suite with classic 9x9 models on the
// general path.
func TestConformanceGeneral(t *testing.T) {
	solvertest.Test(t, prop.General(), solvertest.CountsNodes(), solvertest.AllocsPerSolve(2),
		solvertest.Traces(traced), solvertest.StopsBuilding())
}

// TestConformanceLocks runs the suite with locked candidates on every
// model, larger grids included.
func TestConformanceLocks(t *testing.T) {
	solvertest.Test(t, prop.WithLocks(), solvertest.CountsNodes(), solvertest.AllocsPerSolve(2),
		solvertest.Traces(traced))
}
