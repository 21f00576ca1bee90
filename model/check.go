package model

import (
	"errors"
	"fmt"
	"strings"
	"sync"
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
// It is safe for concurrent use; it borrows a Checker from a pool.
func Check(m *Model, sol Solution) error {
	k := checkers.Get().(*Checker)
	err := k.Check(m, sol)
	if cap(k.chosen) > indexMaxCands {
		k.chosen = nil // the pool keeps no large buffer
	}
	checkers.Put(k)
	return err
}

// CheckAssignment reports whether sol has the form of a solution of m: one
// candidate for every cell, each a candidate of its own cell. It looks at no
// given and no rule (Check does); writers that take solutions to exclude use
// it to refuse malformed ones.
func CheckAssignment(m *Model, sol Solution) error {
	if len(sol) != m.Cells() {
		return fail(-1, "%d cells assigned, model has %d", len(sol), m.Cells())
	}
	values := Cand(m.Values())
	for cell, c := range sol {
		if lo := Cand(cell) * values; c < lo || c >= lo+values {
			return fail(-1, "%s assigned candidate %d, not one of its own", m.CellName(cell), c)
		}
	}
	return nil
}

// checkers holds the Checkers that Check borrows.
var checkers = sync.Pool{New: func() any { return new(Checker) }}

// A Checker is the referee with memory, for callers that check many
// solutions: its Check reports exactly what the function Check reports,
// reusing its buffers from one call to the next, and, once it has met a
// model's rules twice in a row (models derived with WithGivens share them),
// an index from each candidate to the ExactlyOne and AtMostOne rules that
// list it, so that a solution's rules are counted from its chosen
// candidates instead of from every candidate. The zero value is ready to
// use. A Checker is not safe for concurrent use.
type Checker struct {
	chosen []bool  // per candidate: chosen by the solution being checked
	counts []int32 // per rule: chosen candidates it lists
	id     uint64  // RulesID of the last model checked; 0 before any
	index  *ruleIndex
}

// A ruleIndex lists, for each candidate c, the ExactlyOne and AtMostOne
// rules that list it, rules[start[c]:start[c+1]], a rule once per time it
// lists c.
type ruleIndex struct {
	start []int32
	rules []int32
}

// Check reports whether sol is a solution of m, as the function Check does.
func (k *Checker) Check(m *Model, sol Solution) error {
	if len(sol) != m.Cells() {
		return fail(-1, "%d cells assigned, model has %d", len(sol), m.Cells())
	}
	if cap(k.chosen) < m.NumCands() {
		k.chosen = make([]bool, m.NumCands())
	}
	chosen := k.chosen[:m.NumCands()]
	clear(chosen)
	// Cell cell's candidates are lo..lo+values-1: no division per cell.
	values, lo := Cand(m.Values()), Cand(0)
	for cell, c := range sol {
		if c < lo || c >= lo+values || int(c) >= len(chosen) {
			return fail(-1, "%s assigned candidate %d of another cell", m.CellName(cell), c)
		}
		chosen[c] = true
		lo += values
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
	rules := m.Rules()
	ix := k.indexOf(m)
	if ix == nil {
		for i := range rules {
			r := &rules[i] // a Rule is large: no copy on the way
			n := 0
			for _, c := range r.Cands {
				if chosen[c] {
					n++
				}
			}
			if !plainOK(r.Kind, n) {
				if err := checkRule(m, i, r, n, sol, chosen); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if cap(k.counts) < len(rules) {
		k.counts = make([]int32, len(rules))
	}
	counts := k.counts[:len(rules)]
	clear(counts)
	for _, c := range sol {
		for _, i := range ix.rules[ix.start[c]:ix.start[c+1]] {
			counts[i]++
		}
	}
	for i, n := range counts {
		if r := &rules[i]; !plainOK(r.Kind, int(n)) {
			if err := checkRule(m, i, r, int(n), sol, chosen); err != nil {
				return err
			}
		}
	}
	return nil
}

// plainOK reports whether an ExactlyOne or AtMostOne rule that lists n
// chosen candidates holds; false for the other kinds.
func plainOK(k Kind, n int) bool {
	return k == ExactlyOne && n == 1 || k == AtMostOne && n <= 1
}

// checkRule checks rule i of m, which lists n chosen candidates.
func checkRule(m *Model, i int, r *Rule, n int, sol Solution, chosen []bool) error {
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
		return checkNary(m, i, *r, sol, chosen)
	default:
		return fail(i, "%s: unknown kind %v", m.RuleName(i), r.Kind)
	}
	return nil
}

// indexMaxCands bounds the models a Checker indexes (a 36x36 grid has
// 46656 candidates), so that a pooled Checker never holds a large index.
const indexMaxCands = 1 << 17

// indexOf returns the rule index of m's rules, building it when m's rules
// are the ones the previous call met, or nil: a model met once is checked
// without an index, which would cost more to build than it saves.
func (k *Checker) indexOf(m *Model) *ruleIndex {
	if m.NumCands() > indexMaxCands {
		k.id, k.index = 0, nil
		return nil
	}
	id := m.RulesID()
	if id != k.id {
		k.id, k.index = id, nil
		return nil
	}
	if k.index == nil {
		k.index = newRuleIndex(m)
	}
	return k.index
}

// newRuleIndex builds the rule index of m.
func newRuleIndex(m *Model) *ruleIndex {
	ix := &ruleIndex{start: make([]int32, m.NumCands()+1)}
	total := 0
	for _, r := range m.Rules() {
		if r.Kind == ExactlyOne || r.Kind == AtMostOne {
			for _, c := range r.Cands {
				ix.start[c+1]++
			}
			total += len(r.Cands)
		}
	}
	for c := 1; c < len(ix.start); c++ {
		ix.start[c] += ix.start[c-1]
	}
	ix.rules = make([]int32, total)
	next := append([]int32(nil), ix.start[:len(ix.start)-1]...)
	for i, r := range m.Rules() {
		if r.Kind == ExactlyOne || r.Kind == AtMostOne {
			for _, c := range r.Cands {
				ix.rules[next[c]] = int32(i)
				next[c]++
			}
		}
	}
	return ix
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
