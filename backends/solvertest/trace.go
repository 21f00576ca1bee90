package solvertest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/model"
)

// A TraceClaim states how a solver that reports its search through
// Options.Trace relates its events to its results; see [Traces].
type TraceClaim struct {
	// RootNodes is Stats.Nodes minus the number of Try events, for a
	// search that ran to its end or its limit (1 when the root is a node
	// and every other node a Try, 0 when every node is a Try).
	RootNodes int64
	// Infers says that the search places candidates without events
	// (propagation): the Tries on the stack at a Solution are then part
	// of the solution, not every cell the givens leave empty.
	Infers bool
}

// Traces claims that the solver reports its search through
// Options.Trace, and how (claim). Test then follows the events of easy,
// hard, unsatisfiable and many-solution sudokus, and of n-ary 4x4
// models unless the solver refuses them, and checks that they are well
// formed:
//
//   - a Try comes at the depth of the Tries on the stack, with a
//     candidate of a cell neither given nor on the stack (or
//     model.NoCand) and Options > 0; an Undo withdraws the last Try, at
//     its depth; a Solution or a DeadEnd comes at the stack's depth;
//   - the Tries of one branch point (a Try, then Undo and Try at one
//     depth) agree on Options, and when the search is exhaustive
//     (Result.Exact) every branch point tries all its Options and every
//     Try is undone by the end;
//   - at the k-th Solution the stack's candidates and the givens are the
//     k-th solution of the Result (claim.Infers: are part of it), which
//     model.Check accepts; there are Result.Count Solutions, and a search
//     stopped by its limit ends on one;
//   - Stats.Nodes is the number of Tries plus claim.RootNodes (0 when
//     the givens contradict each other and there was no search).
//
// With the claim a traced search must return the very result of the
// same search without a Trace (Stats.Elapsed aside). Without it Test
// checks only that a Trace changes no status or count (a solver may pass
// it on to another one).
func Traces(claim TraceClaim) Option {
	return func(c *config) { c.trace = &claim }
}

// traceCase is a model and the options it is traced with.
type traceCase struct {
	name string
	m    *model.Model
	opts []model.Options
}

func traceCases(t *testing.T) []traceCase {
	const (
		easy9  = "......31..1...35.778......994....1.2............92..75......934.2419.75...8......"
		hard9  = "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56" // top95.txt, line 20
		unsat9 = "..84...3..1.3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56" // hard9 and a wrong 1
		many9  = "......31..1...35.778......994....1.2............92..75......934.2419.75.........." // 455 solutions
	)
	all := []model.Options{{}, {Limit: 1}, {Limit: 2}}
	cases := []traceCase{
		{"easy 9x9", Puzzle(t, easy9), all},
		{"hard 9x9", Puzzle(t, hard9), all},
		{"unsatisfiable 9x9", Puzzle(t, unsat9), all},
		{"many 9x9", Puzzle(t, many9), []model.Options{{}, {Limit: 1}, {Limit: 2}, {Limit: 10, Keep: 3}}},
		{"dead cell 9x9", Puzzle(t, ".12345678"+"9........"+strings.Repeat(".", 63)), all}, // r1c1 has no value
		{"contradictory givens", Puzzle(t, "11.............."), all},
		{"empty 4x4", Blank(t, 2, 2), []model.Options{{}, {Limit: 1}, {Limit: 7}}},
		{"4x4 puzzle", Puzzle(t, "1...........2..3"), all},
	}
	for _, x := range naryExtras {
		cases = append(cases, traceCase{"4x4 " + x.name, naryLatin(t, x.name, x.add), all})
	}
	return cases
}

// testTrace solves every case with and without a Trace and compares the
// results: all of them with a claim, which also checks the events, and
// without one the statuses and counts only.
func testTrace(t *testing.T, s model.Solver, claim *TraceClaim) {
	var kinds [model.EventDeadEnd + 1]int64 // events of every search, by kind
	for _, tc := range traceCases(t) {
		for _, opts := range tc.opts {
			name := fmt.Sprintf("%s (limit %d, keep %d)", tc.name, opts.Limit, opts.Keep)
			plain, err := s.Solve(context.Background(), tc.m, opts)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			var k traceChecker
			k.init(tc.m, claim)
			opts.Trace = k.add
			traced, err := s.Solve(context.Background(), tc.m, opts)
			if err != nil {
				t.Errorf("%s traced: %v", name, err)
				continue
			}
			if claim == nil { // a search may depend on earlier ones (a SAT solver's learnt clauses)
				plain.Solutions, plain.Stats, traced.Solutions, traced.Stats = nil, model.Stats{}, nil, model.Stats{}
			}
			if msg := sameResult(plain, traced); msg != "" {
				t.Errorf("%s: the Trace changed the result: %s", name, msg)
			}
			if claim == nil {
				continue
			}
			for _, msg := range k.finish(traced) {
				t.Errorf("%s: %s", name, msg)
			}
			for i, n := range k.kinds {
				kinds[i] += n
			}
		}
	}
	for kind := model.EventTry; claim != nil && kind <= model.EventDeadEnd; kind++ {
		if kinds[kind] == 0 {
			t.Errorf("no %v event in any case", kind)
		}
	}
}

// sameResult describes how two results differ, Stats.Elapsed aside, or
// returns "".
func sameResult(a, b model.Result) string {
	a.Stats.Elapsed, b.Stats.Elapsed = 0, 0
	switch {
	case a.Status != b.Status || a.Stop != b.Stop || a.Count != b.Count || a.Exact != b.Exact:
		return fmt.Sprintf("%v/%q/%d/%v, traced %v/%q/%d/%v", a.Status, a.Stop, a.Count, a.Exact, b.Status, b.Stop, b.Count, b.Exact)
	case a.Stats != b.Stats:
		return fmt.Sprintf("stats %+v, traced %+v", a.Stats, b.Stats)
	case !slices.EqualFunc(a.Solutions, b.Solutions, slices.Equal):
		return "other solutions"
	}
	return ""
}

// maxTraceErrors caps the errors one traced search reports.
const maxTraceErrors = 5

// A traceChecker follows the events of one search as they come, keeping
// only the stack of Tries and one counter per depth, so that long
// searches need no record of their events.
type traceChecker struct {
	m     *model.Model
	claim TraceClaim
	given []model.Cand // per cell: its given, or NoCand

	stack   []model.Event // the Tries not undone
	onStack []bool        // per cell: a Try of the stack places it
	tried   []int32       // per depth: Tries made at its branch point so far
	options []int32       // per depth: the Options of its branch point
	last    model.Event   // the previous event
	n       int64         // events so far

	kinds     [model.EventDeadEnd + 1]int64 // events by kind
	solutions []model.Solution              // the assignments at the Solution events
	short     int                           // branch points left before all their Options were tried
	errs      []string
}

func (k *traceChecker) init(m *model.Model, claim *TraceClaim) {
	k.m = m
	if claim != nil {
		k.claim = *claim
	}
	k.given = make([]model.Cand, m.Cells())
	for i := range k.given {
		k.given[i] = model.NoCand
	}
	for _, c := range m.Fixed() {
		k.given[m.CellOf(c)] = c // contradictory givens make no search
	}
	k.onStack = make([]bool, m.Cells())
}

func (k *traceChecker) fail(format string, args ...any) {
	if len(k.errs) < maxTraceErrors {
		k.errs = append(k.errs, fmt.Sprintf("event %d: ", k.n)+fmt.Sprintf(format, args...))
	}
}

// add checks one event; it is the Trace of the traced search.
func (k *traceChecker) add(e model.Event) {
	k.n++
	if e.Kind <= model.EventDeadEnd {
		k.kinds[e.Kind]++
	}
	depth := int32(len(k.stack))
	switch e.Kind {
	case model.EventTry:
		k.try(e, depth)
	case model.EventUndo:
		if depth == 0 {
			k.fail("%v with no Try on the stack", e)
			break
		}
		top := k.stack[depth-1]
		if e.Depth != depth-1 || e.Cand != top.Cand || e.Options != 0 {
			k.fail("%v does not undo %v", e, top)
		}
		k.stack = k.stack[:depth-1]
		if top.Cand != model.NoCand {
			k.onStack[k.m.CellOf(top.Cand)] = false
		}
		if k.last.Kind == model.EventUndo && k.last.Depth == depth {
			k.branchDone(depth) // the branch point below had no Option left
		}
	case model.EventSolution, model.EventDeadEnd:
		if e.Depth != depth || e.Cand != model.NoCand || e.Options != 0 {
			k.fail("%v with %d Tries on the stack", e, depth)
		}
		if e.Kind == model.EventSolution {
			k.solution()
		}
	default:
		k.fail("unknown kind %v", e.Kind)
	}
	k.last = e
}

func (k *traceChecker) try(e model.Event, depth int32) {
	if e.Depth != depth || e.Options <= 0 {
		k.fail("%v with %d Tries on the stack", e, depth)
	}
	if e.Cand != model.NoCand {
		if e.Cand < 0 || int(e.Cand) >= k.m.NumCands() {
			k.fail("%v: no such candidate", e)
			return
		}
		cell := k.m.CellOf(e.Cand)
		if k.given[cell] != model.NoCand || k.onStack[cell] {
			k.fail("%v: cell %d is placed already", e, cell)
		}
		k.onStack[cell] = true
	}
	for int32(len(k.tried)) <= depth {
		k.tried = append(k.tried, 0)
		k.options = append(k.options, 0)
	}
	if k.last.Kind == model.EventUndo && k.last.Depth == depth {
		k.tried[depth]++ // the next Option of the same branch point
		if k.options[depth] != e.Options {
			k.fail("%v: its branch point had %d Options", e, k.options[depth])
		}
	} else {
		k.tried[depth], k.options[depth] = 1, e.Options
	}
	k.stack = append(k.stack, e)
}

// branchDone records that the branch point at depth is left: it should
// have tried all its Options unless the search stopped inside it.
func (k *traceChecker) branchDone(depth int32) {
	if int(depth) >= len(k.tried) {
		return // no Try at that depth: reported already
	}
	if k.tried[depth] < k.options[depth] {
		k.short++
	}
	if k.tried[depth] > k.options[depth] {
		k.fail("%d Tries at a branch point of %d Options, depth %d", k.tried[depth], k.options[depth], depth)
	}
}

// solution builds the assignment of a Solution event: the givens and the
// candidates on the stack.
func (k *traceChecker) solution() {
	sol := slices.Clone(model.Solution(k.given))
	for _, e := range k.stack {
		if e.Cand != model.NoCand {
			sol[k.m.CellOf(e.Cand)] = e.Cand
		}
	}
	k.solutions = append(k.solutions, sol)
}

// finish checks the whole trace against the result of its search and
// returns what is wrong.
func (k *traceChecker) finish(res model.Result) []string {
	if res.Exact && k.n > 0 {
		if len(k.stack) > 0 {
			k.fail("an exhaustive search ends with %d Tries on the stack", len(k.stack))
		} else if k.last.Kind == model.EventUndo && k.last.Depth == 0 {
			k.branchDone(0)
		}
		if k.short > 0 {
			k.fail("an exhaustive search left %d branch points before all their Options were tried", k.short)
		}
	}
	if len(k.solutions) != res.Count {
		k.fail("%d Solution events, count %d", len(k.solutions), res.Count)
	}
	if res.Stop == model.Done && !res.Exact && res.Count > 0 && k.last.Kind != model.EventSolution {
		k.fail("a search stopped by its limit ends on %v", k.last)
	}
	for i, sol := range k.solutions {
		if i < len(res.Solutions) {
			k.sameSolution(i, sol, res.Solutions[i])
		} else if !k.claim.Infers {
			if err := model.Check(k.m, sol); err != nil {
				k.fail("solution %d: %v", i, err)
			}
		}
	}
	if want := k.kinds[model.EventTry] + k.claim.RootNodes; res.Stats.Nodes != want && (res.Stats.Nodes != 0 || k.kinds[model.EventTry] != 0) {
		k.fail("%d Tries and %d nodes, want %d nodes", k.kinds[model.EventTry], res.Stats.Nodes, want)
	}
	return k.errs
}

// sameSolution compares the assignment of the i-th Solution event with
// the i-th solution of the result.
func (k *traceChecker) sameSolution(i int, got, want model.Solution) {
	if len(want) != len(got) {
		k.fail("solution %d has %d cells", i, len(want))
		return
	}
	for cell, c := range got {
		switch {
		case c == model.NoCand && !k.claim.Infers:
			k.fail("solution %d: cell %d is neither given nor tried", i, cell)
			return
		case c != model.NoCand && c != want[cell]:
			k.fail("solution %d: the stack places %s, the result %s", i, k.m.Describe(c), k.m.Describe(want[cell]))
			return
		}
	}
	if !k.claim.Infers {
		if err := model.Check(k.m, got); err != nil {
			k.fail("solution %d: %v", i, err)
		}
	}
}

// CheckTrace checks the events of one traced search of m against its
// result res, as a solver's claim is checked under [Traces], and returns
// what is wrong: for a backend's own tests on models beyond the suite's.
func CheckTrace(m *model.Model, claim TraceClaim, events []model.Event, res model.Result) []string {
	var k traceChecker
	k.init(m, &claim)
	for _, e := range events {
		k.add(e)
	}
	return k.finish(res)
}

// CountEvents returns the number of events of the given kind.
func CountEvents(events []model.Event, kind model.EventKind) int64 {
	var n int64
	for _, e := range events {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// BranchPoints returns the number of branch points in events (each
// starts with a Try that does not follow the Undo of a Try at its depth)
// and how many of them had more than one option (guesses).
func BranchPoints(events []model.Event) (all, guesses int64) {
	var last model.Event
	for _, e := range events {
		if e.Kind == model.EventTry && (last.Kind != model.EventUndo || last.Depth != e.Depth) {
			all++
			if e.Options > 1 {
				guesses++
			}
		}
		last = e
	}
	return all, guesses
}
