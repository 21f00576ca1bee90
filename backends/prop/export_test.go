package prop

// WithoutLocks returns a Solver that does not apply locked candidates, for
// the tests and benchmarks that compare.
func WithoutLocks() *Solver { return &Solver{noLocks: true} }
