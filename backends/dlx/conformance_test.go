package dlx_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
)

func TestConformance(t *testing.T) {
	solvertest.Test(t, dlx.New(), solvertest.CountsNodes(), solvertest.AllocsPerSolve(3),
		solvertest.Traces(solvertest.TraceClaim{RootNodes: 1}), solvertest.StopsBuilding())
}

// TestConformanceChains runs the conformance suite with every Sum chained
// that can be, digit sets and small sums included.
func TestConformanceChains(t *testing.T) {
	solvertest.Test(t, dlx.NewWithSums(dlx.SumChains), solvertest.CountsNodes(), solvertest.AllocsPerSolve(3),
		solvertest.Traces(solvertest.TraceClaim{RootNodes: 1}), solvertest.StopsBuilding())
}
