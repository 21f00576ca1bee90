package dlx

import (
	"io"

	"github.com/sudokit/sudokit/model"
)

// Hooks for the external tests.

// A Snapshot is a copy of a matrix's link arrays.
type Snapshot = snapshot

// Snapshot copies x's link arrays.
func (x *Matrix) Snapshot() Snapshot { return x.snapshot() }

// SameAs reports the first difference between x's links and s, or nil.
func (x *Matrix) SameAs(s Snapshot) error { return x.sameAs(s) }

// IdleMatrices returns the matrices s holds idle for m's rule set.
func IdleMatrices(s *Solver, m *model.Model) []*Matrix {
	p, err := s.pools.Get(m, func(*model.Model) (*enginePool, error) { return new(enginePool), nil })
	if err != nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*Matrix
	for _, e := range p.idle {
		out = append(out, e.x)
	}
	return out
}

// Sum lowerings, for the tests and benchmarks.
const (
	SumAuto   = int(sumAuto)
	SumTuples = int(sumTuples)
	SumDigits = int(sumDigits)
	SumChains = int(sumChains)
)

// LowerWith is LowerMap with the given Sum lowering.
func LowerWith(m *model.Model, sums int) (*Matrix, *OptionMap, error) {
	return lowerWith(m, lowerConfig{sums: sumLowering(sums)})
}

// WriteKnuthWith is WriteKnuth with the given Sum lowering.
func WriteKnuthWith(w io.Writer, m *model.Model, sums int) error {
	return writeKnuth(w, m, lowerConfig{sums: sumLowering(sums)})
}

// NewWithSums returns a Solver lowering Sums the given way.
func NewWithSums(sums int) *Solver { return &Solver{sums: sumLowering(sums)} }
