package auto_test

import (
	"testing"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/solvertest"
)

func TestConformance(t *testing.T) {
	solvertest.Test(t, auto.New(), solvertest.CountsNodes(), solvertest.StopsBuilding())
}
