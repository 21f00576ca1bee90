package model

import (
	"errors"
	"fmt"
	"strings"
)

// ErrCheck is wrapped by every error Check returns.
var ErrCheck = errors.New("model: check failed")

// A CheckError is a violation Check found.
type CheckError struct {
	// Rule is the index in Model.Rules of the violated rule, or -1 when
	// the violation is not a rule's (a cell, a given, an excluded
	// candidate).
	Rule int
	Msg  string
}

// Error returns "model: check failed: " and the violation.
func (e *CheckError) Error() string { return ErrCheck.Error() + ": " + e.Msg }

// Unwrap returns ErrCheck.
func (e *CheckError) Unwrap() error { return ErrCheck }

func fail(rule int, format string, args ...any) error {
	return &CheckError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// Check is the referee: it reports whether sol assigns exactly one value to
// every cell of m, chooses every fixed candidate, avoids every excluded one
// and satisfies every rule. It returns nil for a valid solution and a
// *CheckError naming the first violation otherwise. Check never searches.
func Check(m *Model, sol Solution) error {
	if len(sol) != m.Cells() {
		return fail(-1, "%d cells assigned, model has %d", len(sol), m.Cells())
	}
	chosen := make([]bool, m.NumCands())
	for cell, c := range sol {
		if c < 0 || int(c) >= len(chosen) || m.CellOf(c) != cell {
			return fail(-1, "%s assigned candidate %d of another cell", m.CellName(cell), c)
		}
		chosen[c] = true
	}
	for _, c := range m.Fixed() {
		if !chosen[c] {
			return fail(-1, "given %s not kept: %s chosen", m.Describe(c), m.Describe(sol[m.CellOf(c)]))
		}
	}
	for _, c := range m.Excluded() {
		if chosen[c] {
			return fail(-1, "excluded %s chosen", m.Describe(c))
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
			if n == 0 {
				return fail(i, "%s has none of its candidates chosen: %s", m.RuleName(i), listCands(m, r.Cands, nil))
			}
			if n > 1 {
				return fail(i, "%s has %d chosen: %s", m.RuleName(i), n, listCands(m, r.Cands, chosen))
			}
		case AtMostOne:
			if n > 1 {
				return fail(i, "%s has %d chosen: %s", m.RuleName(i), n, listCands(m, r.Cands, chosen))
			}
		case Sum, Table:
			if err := checkNary(m, i, r, sol, chosen); err != nil {
				return err
			}
		default:
			return fail(i, "%s: unknown kind %v", m.RuleName(i), r.Kind)
		}
	}
	return nil
}

// listCands names cands (only the chosen ones when chosen is not nil),
// at most ten of them.
func listCands(m *Model, cands []Cand, chosen []bool) string {
	const most = 10
	var names []string
	more := 0
	for _, c := range cands {
		if chosen != nil && !chosen[c] {
			continue
		}
		if len(names) == most {
			more++
			continue
		}
		names = append(names, m.Describe(c))
	}
	s := strings.Join(names, " ")
	if more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}
