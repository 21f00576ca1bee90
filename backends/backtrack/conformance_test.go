package backtrack_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/solvertest"
)

func TestConformance(t *testing.T) {
	solvertest.Test(t, backtrack.New(), solvertest.CountsNodes(), solvertest.AllocsPerSolve(3),
		solvertest.Traces(solvertest.TraceClaim{}), solvertest.StopsBuilding())
}
