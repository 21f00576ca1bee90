package auto_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// entrant is a racer that answers res at once, or, with block, waits for
// its context to end and answers Unknown; running counts the entrants
// inside Solve.
type entrant struct {
	res     model.Result
	err     error
	block   bool
	calls   atomic.Int32
	running *atomic.Int32
}

func (e *entrant) Solve(ctx context.Context, _ *model.Model, _ model.Options) (model.Result, error) {
	e.calls.Add(1)
	e.running.Add(1)
	defer e.running.Add(-1)
	if e.block {
		<-ctx.Done()
		return model.Result{Status: model.Unknown, Stop: model.StopFor(ctx.Err())}, nil
	}
	return e.res, e.err
}

// killerModel is a 4x4 model with a sum, which goes to the race.
func killerModel(t *testing.T) *model.Model {
	t.Helper()
	m, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2}),
		variants.Killer{Cages: []variants.Cage{{Cells: []sudoku.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, Total: 3}}})
	require.NoError(t, err)
	return m
}

// TestRace: the first entrant to decide answers, the other is stopped and
// waited for; Then joins after the delay, or at once when Race refuses the
// model; a stopped race is a stop, never an answer.
func TestRace(t *testing.T) {
	m := killerModel(t)
	unique := model.Result{Status: model.Unique, Count: 1}
	for _, tc := range []struct {
		name           string
		race, then     *entrant
		delay, timeout time.Duration
		want           model.Status
		stop           model.Stop
		fallback       bool
		thenCalls      int32
	}{
		{"race decides before then starts", &entrant{res: unique}, &entrant{res: unique}, time.Hour, 0, model.Unique, model.Done, false, 0},
		{"then decides while race searches", &entrant{block: true}, &entrant{res: unique}, 0, 0, model.Unique, model.Done, true, 1},
		{"race refuses: then at once", &entrant{err: model.ErrUnsupported}, &entrant{res: unique}, time.Hour, 0, model.Unique, model.Done, true, 1},
		{"deadline: unknown", &entrant{block: true}, &entrant{block: true}, 0, 50 * time.Millisecond, model.Unknown, model.Deadline, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var running atomic.Int32
			tc.race.running, tc.then.running = &running, &running
			s := &auto.Solver{Race: tc.race, Then: tc.then, RaceDelay: tc.delay, Budget: auto.DefaultBudget}
			ctx := context.Background()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			res, err := s.Solve(ctx, m, model.Options{Limit: 2})
			require.NoError(t, err)
			assert.Equal(t, tc.want, res.Status)
			assert.Equal(t, tc.stop, res.Stop)
			assert.Equal(t, tc.fallback, res.Stats.Fallback)
			assert.Equal(t, tc.thenCalls, tc.then.calls.Load())
			assert.Zero(t, running.Load(), "a search outlived the call")
		})
	}
}

// TestRaceOnlyWhereItPays: models of houses alone, counting and a
// caller's node budget keep their old paths; the race is never entered.
func TestRaceOnlyWhereItPays(t *testing.T) {
	var running atomic.Int32
	race := &entrant{res: model.Result{Status: model.Unique, Count: 1}, running: &running}
	answer := &scripted{res: model.Result{Status: model.Unique, Count: 1}}
	s := &auto.Solver{First: answer, Then: answer, Houses: answer, Race: race, RaceDelay: time.Hour, Budget: auto.DefaultBudget}
	for name, call := range map[string]func() error{
		"houses": func() error {
			_, err := s.Solve(context.Background(), testModel(t), model.Options{Limit: 2})
			return err
		},
		"counting": func() error { _, err := s.Solve(context.Background(), killerModel(t), model.Options{}); return err },
		"budget": func() error {
			_, err := s.Solve(context.Background(), killerModel(t), model.Options{Limit: 2, Nodes: 10})
			return err
		},
	} {
		require.NoError(t, call(), name)
	}
	assert.Zero(t, race.calls.Load())
	_, err := s.Solve(context.Background(), killerModel(t), model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, int32(1), race.calls.Load())
}
