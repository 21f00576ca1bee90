package prop

import (
	"context"

	"github.com/sudokit/sudokit/model"
)

// WithoutLocks returns a Solver that does not apply locked candidates, for
// the tests and benchmarks that compare.
func WithoutLocks() *Solver { return &Solver{noLocks: true} }

// General returns a Solver that keeps classic 9x9 models on the general
// path, for the tests that compare the two.
func General() *Solver { return &Solver{general: true} }

// GeneralWithoutLocks is General without locked candidates.
func GeneralWithoutLocks() *Solver { return &Solver{general: true, noLocks: true} }

// IsClassic reports whether m goes down the classic 9x9 path.
func IsClassic(m *model.Model) bool {
	t, err := newTable(context.Background(), m)
	return err == nil && t.classic
}

// WithLocks returns a Solver that applies locked candidates on every
// model, larger grids included.
func WithLocks() *Solver { return &Solver{allLocks: true} }
