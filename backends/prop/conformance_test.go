package prop_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/solvertest"
)

func TestConformance(t *testing.T) {
	solvertest.Test(t, prop.New(), solvertest.CountsNodes(), solvertest.AllocsPerSolve(2))
}
