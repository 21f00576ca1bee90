package queue

import (
	"fmt"

	"github.com/sudokit/sudokit/backends/anneal"
	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
)

// solvers are the backends a worker runs, made once and shared (each is
// safe for concurrent use). The outside programs (glpsol, cbc, minisat,
// minizinc) are not offered: a worker machine need not have them.
var solvers = map[string]func() model.Solver{
	"dlx":       func() model.Solver { return dlx.New() },
	"sat":       func() model.Solver { return sat.New() },
	"prop":      func() model.Solver { return prop.New() },
	"auto":      func() model.Solver { return auto.New() },
	"backtrack": func() model.Solver { return backtrack.New() },
	"anneal":    func() model.Solver { return anneal.New() },
}

// Solver returns a new solver for the backend name, or an error naming
// the backends a queue offers; "" (hint) is no solver.
func Solver(name string) (model.Solver, error) {
	if name == "" {
		return nil, nil
	}
	mk, ok := solvers[name]
	if !ok {
		return nil, fmt.Errorf("backend %q is not offered on the queue (want dlx, sat, prop, auto, backtrack or anneal)", name)
	}
	return mk(), nil
}
