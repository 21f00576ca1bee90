package dlx

// Hooks for the external tests.

// A Snapshot is a copy of a matrix's link arrays.
type Snapshot = snapshot

// Snapshot copies x's link arrays.
func (x *Matrix) Snapshot() Snapshot { return x.snapshot() }

// SameAs reports the first difference between x's links and s, or nil.
func (x *Matrix) SameAs(s Snapshot) error { return x.sameAs(s) }

// IdleMatrices returns the matrices s holds in its cache for rule set id.
func IdleMatrices(s *Solver, id uint64) []*Matrix {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Matrix
	for _, sl := range s.cache {
		if sl.id == id {
			for _, e := range sl.idle {
				out = append(out, e.x)
			}
		}
	}
	return out
}
