package crosscheck_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/crosscheck"
	"github.com/sudokit/sudokit/model"
)

// canned is a solver that returns a fixed answer.
type canned struct {
	res model.Result
	err error
}

func (c canned) Solve(context.Context, *model.Model, model.Options) (model.Result, error) {
	return c.res, c.err
}

// twoCells: two cells, values 1..2, different values. Solutions: (1,2), (2,1).
func twoCells(t *testing.T) *model.Model {
	t.Helper()
	b := model.NewBuilder(2, 2)
	for v := 1; v <= 2; v++ {
		b.Add(model.ExactlyOne, b.Cand(0, v), b.Cand(1, v))
	}
	m, err := b.Build()
	require.NoError(t, err)
	return m
}

func TestRun(t *testing.T) {
	m := twoCells(t)
	s12 := model.Solution{m.Cand(0, 1), m.Cand(1, 2)}
	s21 := model.Solution{m.Cand(0, 2), m.Cand(1, 1)}
	bad := model.Solution{m.Cand(0, 1), m.Cand(1, 1)}
	res := func(st model.Status, sols ...model.Solution) model.Result {
		return model.Result{Status: st, Count: len(sols), Solutions: sols}
	}
	tests := []struct {
		name    string
		limit   int
		a, b    canned
		want    []crosscheck.Conflict
		conclus bool
	}{
		{"agree multiple", 2, canned{res: res(model.Multiple, s12, s21)}, canned{res: res(model.Multiple, s21, s12)}, nil, true},
		{"agree complete, other order", 0, canned{res: res(model.Multiple, s12, s21)}, canned{res: res(model.Multiple, s21, s12)}, nil, true},
		{"status differs", 2, canned{res: res(model.Multiple, s12, s21)}, canned{res: res(model.Unique, s12)}, []crosscheck.Conflict{crosscheck.Status}, true},
		{"referee rejects", 1, canned{res: res(model.Sat, s12)}, canned{res: res(model.Sat, bad)}, []crosscheck.Conflict{crosscheck.Referee}, true},
		{"count differs when complete", 0, canned{res: res(model.Multiple, s12, s21)}, canned{res: res(model.Multiple, s12, s21, s12)}, []crosscheck.Conflict{crosscheck.Referee, crosscheck.Count}, true},
		{"unique sets differ", 2, canned{res: res(model.Unique, s12)}, canned{res: res(model.Unique, s21)}, []crosscheck.Conflict{crosscheck.Solutions}, true},
		{"inconsistent status", 2, canned{res: model.Result{Status: model.Unique, Count: 2, Solutions: []model.Solution{s12, s21}}}, canned{res: res(model.Multiple, s12, s21)}, []crosscheck.Conflict{crosscheck.Referee, crosscheck.Status}, true},
		{"a solution found agrees with multiple", 2, canned{res: res(model.Multiple, s12, s21)}, canned{res: res(model.Sat, s21)}, nil, true},
		{"a solution found disagrees with none", 2, canned{res: res(model.Unsat)}, canned{res: res(model.Sat, s21)}, []crosscheck.Conflict{crosscheck.Status}, true},
		{"give-up is not a disagreement", 2, canned{res: res(model.Multiple, s12, s21)}, canned{res: model.Result{Status: model.Unknown, Stop: model.NodeLimit}}, nil, false},
		{"a stopped count is not compared", 0, canned{res: res(model.Multiple, s12, s21)}, canned{res: model.Result{Status: model.Multiple, Stop: model.Deadline, Count: 1_000, Solutions: []model.Solution{s12, s21}}}, nil, false},
		{"error is not compared", 2, canned{res: res(model.Multiple, s12, s21)}, canned{err: errors.New("rule kind not supported")}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []*canned{&tt.a, &tt.b} {
				// A finished search that did not reach the limit counted
				// every solution (what Result.Conclude says).
				r := &c.res
				r.Exact = r.Status != model.Unknown && r.Stop == model.Done && (tt.limit <= 0 || r.Count < tt.limit)
			}
			rep := crosscheck.Run(context.Background(), m, "p", model.Options{Limit: tt.limit},
				crosscheck.Backend{Name: "a", Solver: tt.a}, crosscheck.Backend{Name: "b", Solver: tt.b})
			var kinds []crosscheck.Conflict
			for _, d := range rep.Disagreements {
				kinds = append(kinds, d.Kind)
				assert.Equal(t, "p", d.Puzzle)
			}
			assert.Equal(t, tt.want, kinds)
			assert.Equal(t, tt.want == nil, rep.Agree())
			assert.Equal(t, tt.conclus, rep.Conclusive())
			assert.Equal(t, tt.b.err != nil, len(rep.Errors()) == 1)
		})
	}
}

func TestTallyCaps(t *testing.T) {
	tally := crosscheck.Tally{Max: 2}
	d := crosscheck.Disagreement{Puzzle: "x", Kind: crosscheck.Status}
	for i := 0; i < 3; i++ {
		tally.Add(crosscheck.Report{Disagreements: []crosscheck.Disagreement{d}})
	}
	tally.Add(crosscheck.Report{Outcomes: []crosscheck.Outcome{{Result: model.Result{Status: model.Unique}}, {Result: model.Result{Status: model.Unique}}}})
	tally.Add(crosscheck.Report{Outcomes: []crosscheck.Outcome{{Result: model.Result{Status: model.Unique}}, {Err: errors.New("boom")}}})
	assert.Equal(t, 5, tally.Puzzles)
	assert.Equal(t, 3, tally.Disagreed)
	assert.Equal(t, 1, tally.Agreed)
	assert.Equal(t, 1, tally.Inconclusive)
	assert.Equal(t, 1, tally.Errors)
	assert.Len(t, tally.Disagreements, 2)
	assert.Equal(t, 1, tally.Dropped)
	assert.Equal(t, "x: status: ", tally.Disagreements[0].String())
}
