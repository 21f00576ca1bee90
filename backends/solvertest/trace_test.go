package solvertest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

// TestTraceChecker feeds the checker a well-formed trace of a 4x4 puzzle
// with two empty cells, then broken copies of it, each of which it must
// reject with the error named.
func TestTraceChecker(t *testing.T) {
	m := Puzzle(t, "1234341221434.2.") // r4c2 = 3, r4c4 = 1
	a, b := m.Cand(13, 3), m.Cand(15, 1)
	wrong := m.Cand(13, 2)
	sol := model.Solution(slices4(m, "1234341221434321"))
	try := func(d int32, c model.Cand, n int32) model.Event {
		return model.Event{Kind: model.EventTry, Depth: d, Cand: c, Options: n}
	}
	undo := func(d int32, c model.Cand) model.Event { return model.Event{Kind: model.EventUndo, Depth: d, Cand: c} }
	at := func(k model.EventKind, d int32) model.Event {
		return model.Event{Kind: k, Depth: d, Cand: model.NoCand}
	}
	exact := model.Result{Status: model.Unique, Count: 1, Exact: true, Solutions: []model.Solution{sol}, Stats: model.Stats{Nodes: 3}}
	good := []model.Event{try(0, a, 1), try(1, b, 1), at(model.EventSolution, 2), undo(1, b), undo(0, a)}
	claim := &TraceClaim{RootNodes: 1}

	run := func(events []model.Event, res model.Result, claim *TraceClaim) []string {
		var k traceChecker
		k.init(m, claim)
		for _, e := range events {
			k.add(e)
		}
		return k.finish(res)
	}
	require.Empty(t, run(good, exact, claim))
	limit := exact // Limit 1: the search stops on its solution
	limit.Status, limit.Exact = model.Sat, false
	require.Empty(t, run(good[:3], limit, claim))
	inferred := []model.Event{try(0, b, 1), at(model.EventSolution, 1), undo(0, b)} // r4c2 inferred
	require.Empty(t, run(inferred, exact, &TraceClaim{RootNodes: 2, Infers: true}))
	require.NotEmpty(t, run(inferred, exact, claim), "r4c2 is neither given nor tried")

	for _, tc := range []struct {
		name   string
		events []model.Event
		res    model.Result
		claim  *TraceClaim
		want   string
	}{
		{"try too deep", []model.Event{try(1, a, 1)}, exact, claim, "with 0 Tries on the stack"},
		{"try without options", []model.Event{try(0, a, 0)}, exact, claim, "with 0 Tries on the stack"},
		{"try of a given cell", []model.Event{try(0, m.Cand(0, 1), 1), undo(0, m.Cand(0, 1))}, exact, claim, "placed already"},
		{"cell tried twice", []model.Event{try(0, a, 1), try(1, wrong, 1)}, exact, claim, "placed already"},
		{"no such candidate", []model.Event{try(0, 64, 1)}, exact, claim, "no such candidate"},
		{"undo of another", []model.Event{try(0, a, 1), try(1, b, 1), undo(1, a), undo(0, a)}, exact, claim, "does not undo"},
		{"undo with no try", []model.Event{undo(0, a)}, exact, claim, "no Try on the stack"},
		{"solution too shallow", []model.Event{try(0, a, 1), try(1, b, 1), at(model.EventSolution, 1), undo(1, b), undo(0, a)}, exact, claim, "solution 1"},
		{"dead end off the stack", []model.Event{at(model.EventDeadEnd, 3)}, exact, claim, "deadend 3 with 0 Tries"},
		{"solution missed", []model.Event{try(0, a, 1), try(1, b, 1), undo(1, b), undo(0, a)}, exact, claim, "0 Solution events, count 1"},
		{"solution early", []model.Event{try(0, a, 1), at(model.EventSolution, 1), try(1, b, 1), undo(1, b), undo(0, a)}, exact, claim, "neither given nor tried"},
		{"wrong value", []model.Event{try(0, wrong, 1), try(1, b, 1), at(model.EventSolution, 2), undo(1, b), undo(0, wrong)}, exact, claim, "the stack places r4c2=2, the result r4c2=3"},
		{"wrong value inferred", []model.Event{try(0, wrong, 1), at(model.EventSolution, 1), undo(0, wrong)}, exact, &TraceClaim{RootNodes: 2, Infers: true}, "the stack places r4c2=2"},
		{"left on the stack", good[:4], exact, claim, "ends with 1 Tries on the stack"},
		{"options not tried", []model.Event{try(0, a, 2), try(1, b, 1), at(model.EventSolution, 2), undo(1, b), undo(0, a)}, exact, claim, "left 1 branch points"},
		{"options change", []model.Event{try(0, a, 2), undo(0, a), try(0, wrong, 3), undo(0, wrong)}, model.Result{Exact: true, Stats: model.Stats{Nodes: 3}}, claim, "its branch point had 2 Options"},
		{"more tries than options", []model.Event{try(0, a, 1), undo(0, a), try(0, wrong, 1), undo(0, wrong)}, model.Result{Exact: true, Stats: model.Stats{Nodes: 3}}, claim, "2 Tries at a branch point of 1 Options"},
		{"limit not on a solution", good[:4], limit, claim, "ends on undo 1"},
		{"nodes", good, exact, &TraceClaim{}, "2 Tries and 3 nodes, want 2 nodes"},
		{"unknown kind", append([]model.Event{{Kind: 9}}, good...), exact, claim, "unknown kind event(9)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := run(tc.events, tc.res, tc.claim)
			require.NotEmpty(t, errs)
			assert.Contains(t, errs[0], tc.want, "all: %q", errs)
		})
	}

	t.Run("capped", func(t *testing.T) {
		events := make([]model.Event, 20)
		for i := range events {
			events[i] = undo(0, a)
		}
		assert.Len(t, run(events, exact, claim), maxTraceErrors)
	})
}

// slices4 returns the candidates of a solved 4x4 line.
func slices4(m *model.Model, line string) []model.Cand {
	out := make([]model.Cand, len(line))
	for cell, r := range line {
		out[cell] = m.Cand(cell, int(r-'0'))
	}
	return out
}
