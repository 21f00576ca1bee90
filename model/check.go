package model

import (
	"errors"
	"fmt"
)

// ErrCheck is wrapped by every error Check returns.
var ErrCheck = errors.New("model: check failed")

// Check is the referee: it reports whether sol assigns exactly one value to
// every cell of m, chooses every fixed candidate, avoids every excluded one
// and satisfies every rule. It returns nil for a valid solution and an error
// naming the first violation otherwise. Check never searches.
func Check(m *Model, sol Solution) error {
	if len(sol) != m.Cells() {
		return fmt.Errorf("%w: %d cells assigned, model has %d", ErrCheck, len(sol), m.Cells())
	}
	chosen := make([]bool, m.NumCands())
	for cell, c := range sol {
		if c < 0 || int(c) >= len(chosen) || m.CellOf(c) != cell {
			return fmt.Errorf("%w: cell %d assigned candidate %d of another cell", ErrCheck, cell, c)
		}
		chosen[c] = true
	}
	for _, c := range m.Fixed() {
		if !chosen[c] {
			return fmt.Errorf("%w: given %s not chosen", ErrCheck, m.CandName(c))
		}
	}
	for _, c := range m.Excluded() {
		if chosen[c] {
			return fmt.Errorf("%w: excluded %s chosen", ErrCheck, m.CandName(c))
		}
	}
	for i, r := range m.Rules() {
		n := 0
		for _, c := range r.Cands {
			if chosen[c] {
				n++
			}
		}
		switch r.Kind {
		case ExactlyOne:
			if n != 1 {
				return fmt.Errorf("%w: rule %d (%v) has %d chosen candidates", ErrCheck, i, r.Kind, n)
			}
		case AtMostOne:
			if n > 1 {
				return fmt.Errorf("%w: rule %d (%v) has %d chosen candidates", ErrCheck, i, r.Kind, n)
			}
		default:
			return fmt.Errorf("%w: rule %d has unknown kind %v", ErrCheck, i, r.Kind)
		}
	}
	return nil
}
