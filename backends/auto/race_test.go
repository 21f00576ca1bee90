package auto_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/auto"
	"github.com/sudokit/sudokit/backends/prop"
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

// TestDefaultDelay: SAT joins late on models of houses and sums of at
// most 9 values, where prop has always been the one to decide, a little
// later on models of houses and pairs, and at once on the others.
func TestDefaultDelay(t *testing.T) {
	cell := func(r, c int) sudoku.Cell { return sudoku.Cell{Row: r, Col: c} }
	cage := variants.Killer{Cages: []variants.Cage{{Cells: []sudoku.Cell{cell(0, 0), cell(0, 1), cell(1, 1)}, Total: 6}}}
	classic, big := sudoku.Shape{BoxRows: 3, BoxCols: 3}, sudoku.Shape{BoxRows: 4, BoxCols: 4}
	for _, tc := range []struct {
		name  string
		shape sudoku.Shape
		vs    []rules.Variant
		want  time.Duration
	}{
		{"killer", classic, []rules.Variant{cage}, auto.SumsDelay},
		{"little killer and diagonals", classic, []rules.Variant{
			variants.LittleKiller{Clues: []variants.LittleKillerClue{{Outside: cell(-1, 0), Direction: "DR", Total: 17}}},
			variants.Diagonal{}}, auto.SumsDelay},
		{"killer with anti-knight", classic, []rules.Variant{cage, variants.AntiKnight{}}, auto.RaceDelay},
		{"thermometer", classic, []rules.Variant{variants.Thermo{Lines: [][]sudoku.Cell{{cell(0, 0), cell(0, 1), cell(0, 2)}}}}, auto.PairsDelay},
		{"renban and its runs", classic, []rules.Variant{variants.Renban{Lines: [][]sudoku.Cell{{cell(0, 0), cell(0, 1), cell(0, 2)}}}}, auto.PairsDelay},
		{"anti-king", classic, []rules.Variant{variants.AntiKing{}}, auto.PairsDelay},
		{"renban with a cage", classic, []rules.Variant{cage, variants.Renban{Lines: [][]sudoku.Cell{{cell(4, 0), cell(4, 1), cell(4, 2)}}}}, auto.RaceDelay},
		{"16x16 killer", big, []rules.Variant{cage}, auto.RaceDelay},
		{"16x16 thermometer", big, []rules.Variant{variants.Thermo{Lines: [][]sudoku.Cell{{cell(0, 0), cell(0, 1), cell(0, 2)}}}}, auto.RaceDelay},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := rules.Build(sudoku.NewGrid(tc.shape), tc.vs...)
			require.NoError(t, err)
			assert.Equal(t, tc.want, auto.DefaultDelay(m))
		})
	}
}

// TestDelayPerModel: Delay, when set, takes RaceDelay's place.
func TestDelayPerModel(t *testing.T) {
	m := killerModel(t)
	unique := model.Result{Status: model.Unique, Count: 1}
	for _, tc := range []struct {
		name      string
		delay     time.Duration
		fallback  bool
		thenCalls int32
	}{
		{"then at once", 0, true, 1},
		{"then never joins", time.Hour, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var running atomic.Int32
			race := &entrant{res: unique, running: &running}
			if tc.thenCalls > 0 {
				race = &entrant{block: true, running: &running}
			}
			then := &entrant{res: unique, running: &running}
			s := &auto.Solver{Race: race, Then: then, Budget: auto.DefaultBudget, RaceDelay: time.Hour - tc.delay,
				Delay: func(got *model.Model) time.Duration {
					assert.Same(t, m, got)
					return tc.delay
				}}
			res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
			require.NoError(t, err)
			assert.Equal(t, model.Unique, res.Status)
			assert.Equal(t, tc.fallback, res.Stats.Fallback)
			assert.Equal(t, tc.thenCalls, then.calls.Load())
			assert.Zero(t, running.Load(), "a search outlived the call")
		})
	}
}

// reserving is an entrant that runs helpers of its own: it records the
// cores it was asked to leave to Then (see prop.Solver.Reserve), and
// while Then runs, it checks that one is held.
type reserving struct {
	entrant
	held, most atomic.Int32
}

func (r *reserving) Reserve(n int) func() {
	r.most.Store(max(r.most.Load(), r.held.Add(int32(n))))
	return func() { r.held.Add(-int32(n)) }
}

// TestRaceReserves: when Then joins the race, Race leaves it a core
// until the race ends, and gets it back.
func TestRaceReserves(t *testing.T) {
	m := killerModel(t)
	for _, tc := range []struct {
		name      string
		delay     time.Duration
		wantHeld  int32
		thenCalls int32
	}{
		{"then joins", 0, 1, 1},
		{"race decides alone", time.Hour, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var running atomic.Int32
			race := &reserving{entrant: entrant{res: model.Result{Status: model.Unique, Count: 1}, running: &running}}
			if tc.thenCalls > 0 {
				race.block = true
			}
			then := &entrant{res: model.Result{Status: model.Unique, Count: 1}, running: &running}
			s := &auto.Solver{Race: race, Then: then, RaceDelay: tc.delay, Budget: auto.DefaultBudget}
			res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
			require.NoError(t, err)
			assert.Equal(t, model.Unique, res.Status)
			assert.Equal(t, tc.thenCalls, then.calls.Load())
			assert.Equal(t, tc.wantHeld, race.most.Load(), "cores left to Then")
			assert.Zero(t, race.held.Load(), "a core still held after the race")
		})
	}
}

// watched is an entrant that publishes the part of its tree it has
// searched (see prop.Solver.SolveProgress) before it searches, and with
// hold answers only once hold is closed.
type watched struct {
	entrant
	searched  float64
	published chan struct{}
	hold      chan struct{}
}

func (w *watched) SolveProgress(ctx context.Context, m *model.Model, opts model.Options, p *prop.Progress) (model.Result, error) {
	p.Publish(w.searched)
	close(w.published)
	if w.hold != nil {
		select {
		case <-w.hold:
		case <-ctx.Done():
		}
	}
	return w.Solve(ctx, m, opts)
}

// TestRacePatience: past its delay, Then waits while Race says it is near
// its end (prop's progress), within the model's patience; a Race far from
// its end, or out of patience, has Then join.
func TestRacePatience(t *testing.T) {
	m := killerModel(t)
	unique := model.Result{Status: model.Unique, Count: 1}
	for _, tc := range []struct {
		name      string
		searched  float64
		patience  time.Duration
		block     bool // Race never ends
		thenCalls int32
	}{
		{"near its end: then waits", 0.999, time.Hour, false, 0},
		{"far from its end: then joins", 0.001, time.Hour, true, 1},
		{"out of patience: then joins", 0.999, 50 * time.Millisecond, true, 1},
		{"no patience: then joins", 0.999, 0, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var running atomic.Int32
			race := &watched{entrant: entrant{res: unique, block: tc.block, running: &running},
				searched: tc.searched, published: make(chan struct{}), hold: make(chan struct{})}
			then := &entrant{res: unique, running: &running}
			s := &auto.Solver{Race: race, Then: then, Budget: auto.DefaultBudget,
				// Race has published before the delay starts, when it is
				// asked to (with patience): no test of speed.
				Delay: func(*model.Model) time.Duration {
					if tc.patience > 0 {
						<-race.published
					}
					return 0
				},
				Patience: func(*model.Model) time.Duration { return tc.patience }}
			if !tc.block {
				time.AfterFunc(300*time.Millisecond, func() { close(race.hold) })
			}
			res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
			require.NoError(t, err)
			assert.Equal(t, model.Unique, res.Status)
			assert.Equal(t, tc.thenCalls, then.calls.Load())
			assert.Equal(t, tc.thenCalls > 0, res.Stats.Fallback)
			assert.Zero(t, running.Load(), "a search outlived the call")
		})
	}
}

// TestDefaultPatience: only models of houses and pairs get patience.
func TestDefaultPatience(t *testing.T) {
	classic := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	thermo, err := rules.Build(classic, variants.Thermo{Lines: [][]sudoku.Cell{{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 2}}}})
	require.NoError(t, err)
	assert.Equal(t, auto.PairsPatience, auto.DefaultPatience(thermo))
	assert.Zero(t, auto.DefaultPatience(killerModel(t)))
}
