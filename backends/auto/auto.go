package auto

import (
	"context"
	"errors"
	"time"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
)

// A Solver runs First within a node budget and falls back to Then when
// First gives up on the budget. The zero value is not usable; call New.
// A Solver is safe for concurrent use when its solvers are.
type Solver struct {
	First, Then model.Solver
	// Houses, when set, takes First's place on models of houses alone
	// (every rule ExactlyOne: rows, columns, boxes, jigsaw regions,
	// diagonals) with at most 16 values.
	Houses model.Solver
	// Budget returns the node budget of First for a model, or SkipFirst
	// to hand the model to Then at once.
	Budget func(m *model.Model) int64
	// Race, when set, answers in First's and Then's place the models with
	// rules beyond exact cover (sums, tables, pairs) of at most 16 values,
	// when finding a solution or proving uniqueness with no node budget:
	// Race starts at once, Then beside it after RaceDelay, and the first
	// to decide answers while the other is stopped (see Solve).
	Race      model.Solver
	RaceDelay time.Duration
	// Delay, when set, gives Then's delay in the race per model, in
	// RaceDelay's place (see DefaultDelay).
	Delay func(m *model.Model) time.Duration
	// Patience, when set, gives per model how much longer than its delay
	// Then may wait while Race, a search that publishes its progress
	// (prop.Solver.SolveProgress), looks to be within NearEnd of its end
	// (see DefaultPatience).
	Patience func(m *model.Model) time.Duration
}

// SkipFirst, returned by a Budget, sends a model straight to Then when
// finding or proving a solution (counting still runs First).
const SkipFirst int64 = -1

var _ model.Solver = (*Solver)(nil)

// New returns the default policy: candidate propagation (prop) first on
// models of houses alone up to 16x16, DLX first on the others, SAT when the
// first gives up on DefaultBudget — and at once for sums and tables.
//
// Measured on top95 (uniqueness, one worker; BENCHMARKS.md), prop's
// median is 16 µs against DLX's 138 µs and SAT's 300 µs, and it counts
// all 499,035 solutions of a 9x9 puzzle in 0.5 s against DLX's 1.6 s; on
// 16x16 the two are even; at 25x25 both give up where SAT does not, and
// on variants of pairs DLX's lead on single puzzles comes from its
// cheaper set-up.
//
// Models with rules beyond exact cover (up to 16x16) are raced instead:
// prop, whose propagation of sums and pairs finds the published killers,
// little killers, renban lines and thermometers SAT struggles with,
// against SAT, which wins on sandwiches, region sums and a renban "zero
// solution" test (see Solve and DefaultDelay).
func New() *Solver {
	return &Solver{First: dlx.New(), Then: sat.New(), Houses: prop.New(), Budget: DefaultBudget,
		Race: prop.New(), RaceDelay: RaceDelay, Delay: DefaultDelay, Patience: DefaultPatience}
}

// RaceDelay is how long New's race lets prop run alone before SAT joins
// it: most published variant puzzles take either backend a few
// milliseconds, and those need not pay for two searches.
const RaceDelay = 20 * time.Millisecond

// SumsDelay is how long New's race lets prop run alone on a model of
// houses and sums only, of at most 9 values (killer cages, little
// killers, arrows; see DefaultDelay).
const SumsDelay = 5 * time.Second

// PairsDelay is how long New's race lets prop run alone on a model of
// houses and pairs only (AtMostOne rules, with the sums they imply, such
// as a renban line's runs), of at most 9 values: thermometers, renban,
// kropki, anti-king (see DefaultDelay), unless prop's progress says it is
// near its end (PairsPatience). Of the 45 such published models, prop
// alone, with both cores, decides all but one within 0.6 s, and the renban
// and anti-king iss-176 in 1.4-2.2 s, which SAT does not decide within 10
// s; SAT decides the renban "zero solution" test iss-168, which prop
// cannot, in about 1.3 s. Before prop published its progress, SAT joined
// after 1 s, then 0.5 s: with the patience below, joining after 0.25 s
// took iss-168 from 1.49-1.86 s of wall time to 1.01-1.41 s and iss-176
// from 2.25-3.32 s to 1.43-1.78 s (four rounds, both alternating), and
// the 45 from 9.07 to 6.95 s of CPU in all.
const PairsDelay = 250 * time.Millisecond

// PairsPatience is how much longer than PairsDelay New's race lets prop
// run alone on a model of houses and pairs while its progress says it is
// near its end (see Solver.Patience). Prop's estimate of the part of its
// tree it has searched (prop.Progress) tells the two published models of
// pairs that outlast PairsDelay apart at once: with both cores, iss-176
// stood at 0.91 after 0.4 s, 0.04 s from its end by the estimate, and
// iss-168 at 0.016 after 0.5 s, 31 s from it. The estimate runs ahead of
// the truth while the first branches are the larger (iss-176 stood at
// 0.53 after 0.1 s), so the wait is bounded.
const PairsPatience = 2 * time.Second

// NearEnd is how close to its end, by its own estimate (the time it has
// run times the part left over the part searched), Race must look for
// Then to wait past its delay (see Solver.Patience).
const NearEnd = time.Second

// recheck is how often the race reads Race's progress while Then waits
// past its delay.
const recheck = 100 * time.Millisecond

// DefaultPatience is New's patience for m: PairsPatience on a model of
// houses and pairs only of at most 9 values (see DefaultDelay), none on
// the others.
func DefaultPatience(m *model.Model) time.Duration {
	if DefaultDelay(m) == PairsDelay {
		return PairsPatience
	}
	return 0
}

// DefaultDelay is New's delay before SAT joins the race on m: SumsDelay on
// a model whose rules are houses and sums only, of at most 9 values per
// cell, PairsDelay on one of houses and pairs only (AtMostOne rules and
// the sums they imply), RaceDelay on any other. On the 229 published
// variant puzzles of BENCHMARKS.md, SAT never decided a model of sums that
// prop did not, and was the faster on one of about a hundred (0.1 s
// against 0.27 s), while on the hardest (ISS's Mathemagic killers, which
// prop proves in 1.2 to 7 s) it never finished within 10 s: there the race
// only doubled the CPU time. Of the 46 models of pairs, prop alone decides
// 45 within 10 s, SAT alone 44, and SAT alone decides one prop does not
// (the renban "zero solution" test iss-168, in 1.5 s); prop is the faster
// by more than 0.1 s on iss-165 and iss-175 (0.4 s against 1.4 s, 1.05 s
// against over 10 s), SAT on dcl-023 and iss-178 (0.01 and 0.08 s against
// 0.39 and 0.38 s). With SAT joining after a second rather than 20 ms,
// auto's CPU on those 46 went from 23.6 s to 21.1 s in all, iss-175 from
// 2.32 to 1.04 s and iss-168 from 2.90 to 3.49 s; see PairsDelay and
// PairsPatience for the quarter second it is now, and the wait past it
// while prop is near its end. Each delay still lets SAT in on a model that
// prop cannot finish.
func DefaultDelay(m *model.Model) time.Duration {
	if m.Values() > 9 {
		return RaceDelay
	}
	sums, pairs := false, false
	for _, r := range m.Rules() {
		switch {
		case r.Kind == model.ExactlyOne:
		case r.Kind == model.Sum && r.Payload.Implied:
		case r.Kind == model.Sum:
			sums = true
		case r.Kind == model.AtMostOne:
			pairs = true
		default:
			return RaceDelay
		}
	}
	switch {
	case sums && pairs:
		return RaceDelay
	case pairs:
		return PairsDelay
	}
	return SumsDelay
}

// races reports whether m goes to the race: a rule beyond exact cover and
// at most 16 values per cell.
func races(m *model.Model) bool {
	if m.Values() > 16 {
		return false
	}
	for _, r := range m.Rules() {
		if r.Kind != model.ExactlyOne {
			return true
		}
	}
	return false
}

// first returns the solver that tries m first.
func (s *Solver) first(m *model.Model) model.Solver {
	if s.Houses == nil || m.Values() > 16 {
		return s.First
	}
	for _, r := range m.Rules() {
		if r.Kind != model.ExactlyOne {
			return s.First
		}
	}
	return s.Houses
}

// DefaultBudget gives DLX room to finish almost every classic 9x9 puzzle
// (the hardest known need about 25,000 nodes) and the easy larger ones, and
// stops it early where SAT is the robust choice: big grids, and models with
// rules beyond exact cover — AtMostOne pairs (anti-knight, kropki, renban …),
// which DLX enforces only one step ahead, and the n-ary sums and tables
// (killer cages, arrows, lines), whose options DLX only checks by colour —
// while SAT propagates them fully. There DLX gets about the nodes it can
// search in the time SAT needs for the whole puzzle (1–3 ms) — except on
// models with sums or tables, which go to SAT at once: on the published
// killer set DLX proved 20 of 35 unique within 5 s each (median 3.8 s)
// where SAT proved 33 (median 66 ms), and lowering a puzzle's own sums
// into exact cover costs more than SAT's whole answer on easy ones. (New's
// Solver races prop against SAT on those models up to 16 values, and on
// models with pairs; the budget serves the larger ones and callers that
// set no Race.)
func DefaultBudget(m *model.Model) int64 {
	pairwise := false // rules beyond exact cover
	for _, r := range m.Rules() {
		switch r.Kind {
		case model.ExactlyOne:
		case model.AtMostOne:
			pairwise = true
		default:
			return SkipFirst // sums and tables
		}
	}
	switch n := m.Values(); {
	case n <= 9 && !pairwise:
		return 200_000
	case n <= 9:
		return 3_000
	case n <= 16:
		return 20_000
	default:
		return 5_000
	}
}

// Solve implements model.Solver. A caller's node budget (opts.Nodes) caps
// the first attempt too; the fallback is bounded by the context only. The
// result's Stats add up both attempts, and Stats.Fallback tells that Then
// answered.
//
// The budget serves finding one solution or proving uniqueness (Limit 1 or
// 2). Counting further (Limit 0 or above 2) runs the first solver alone
// (prop or DLX), bounded only by the caller's budget: enumeration is what
// those do best and what SAT does worst (one blocking clause per solution), and a count cut
// short by a budget is never passed on as the answer. A model First
// refuses (model.ErrUnsupported: a rule too large for exact cover) goes to
// Then whatever the limit.
//
// auto records no search events: an answer may come from two searches, and
// their events together would not describe one search, so opts.Trace is
// ignored (trace the backend itself to watch it).
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	start := time.Now()
	if m == nil {
		return model.Result{}, errors.New("auto: nil model")
	}
	opts.Trace = nil
	first := opts
	counting := opts.Limit <= 0 || opts.Limit > 2
	if s.Race != nil && !counting && opts.Nodes <= 0 && races(m) {
		res, err := s.race(ctx, m, opts)
		res.Stats.Elapsed = time.Since(start)
		return res, err
	}
	skip := false
	if !counting {
		first.Nodes = s.Budget(m)
		skip = first.Nodes == SkipFirst
		if opts.Nodes > 0 && opts.Nodes < first.Nodes {
			first.Nodes = opts.Nodes
		}
	}
	var res model.Result
	var err error
	if !skip {
		res, err = s.first(m).Solve(ctx, m, first)
	}
	if skip || errors.Is(err, model.ErrUnsupported) {
		res, err = model.Result{}, nil // First cannot lower m: Then answers
	} else if err != nil || counting || res.Stop != model.NodeLimit || (opts.Nodes > 0 && opts.Nodes <= first.Nodes) {
		res.Stats.Elapsed = time.Since(start)
		return res, err
	}
	spent := res.Stats
	res, err = s.Then.Solve(ctx, m, opts)
	res.Stats.Nodes += spent.Nodes
	res.Stats.Updates += spent.Updates
	res.Stats.Guesses += spent.Guesses
	res.Stats.Fallback = true
	res.Stats.Elapsed = time.Since(start)
	return res, err
}

// A reserver runs searches of its own beside the caller's and can be
// asked to leave cores to others (prop.Solver.Reserve).
type reserver interface {
	Reserve(n int) (release func())
}

// A progressor publishes, as it solves, the part of its search tree it
// has searched (prop.Solver.SolveProgress).
type progressor interface {
	SolveProgress(ctx context.Context, m *model.Model, opts model.Options, p *prop.Progress) (model.Result, error)
}

// nearEnd reports whether a search that has run for elapsed and searched
// the part done of its tree looks to be within NearEnd of its end.
func nearEnd(done float64, elapsed time.Duration) bool {
	if done <= 0 {
		return false
	}
	return elapsed.Seconds()*(1-done)/done <= NearEnd.Seconds()
}

// An entrant's answer in a race.
type entrant struct {
	res  model.Result
	err  error
	then bool // Then answered
}

// decided reports whether e's search ran to its end.
func (e entrant) decided() bool { return e.err == nil && e.res.Stop == model.Done }

// race runs s.Race on m at once and s.Then beside it after s.Delay(m) or
// s.RaceDelay (at
// once when Race ends undecided or refuses m), and returns the first
// answer of a search that ran to its end, after stopping the other and
// waiting for it: no search outlives the call. When neither decides (the
// context ended), it returns Then's answer, or Race's when Then did not
// run, with the stop reason; when both refuse m, Then's error.
func (s *Solver) race(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	answers := make(chan entrant, 2)
	run := func(solve func() (model.Result, error), then bool) {
		res, err := solve()
		answers <- entrant{res, err, then}
	}
	// With patience, Race publishes its progress in prog (see Patience).
	var prog prop.Progress
	var patience time.Duration
	solveRace := func() (model.Result, error) { return s.Race.Solve(ctx, m, opts) }
	if pr, ok := s.Race.(progressor); ok && s.Patience != nil {
		if patience = s.Patience(m); patience > 0 {
			solveRace = func() (model.Result, error) { return pr.SolveProgress(ctx, m, opts, &prog) }
		}
	}
	start := time.Now()
	go run(solveRace, false)
	running, thenStarted := 1, false
	release := func() {}
	defer func() { release() }()
	startThen := func() {
		if !thenStarted {
			thenStarted = true
			running++
			// Then takes a core from Race's helpers (prop's team), if
			// Race has any, until the race ends.
			if r, ok := s.Race.(reserver); ok {
				release = r.Reserve(1)
			}
			go run(func() (model.Result, error) { return s.Then.Solve(ctx, m, opts) }, true)
		}
	}
	delay := s.RaceDelay
	if s.Delay != nil {
		delay = s.Delay(m)
	}
	timer := time.NewTimer(delay)
	defer timer.Stop()
	var best entrant
	have := false
	for running > 0 {
		select {
		case <-timer.C:
			// Then waits while Race looks near its end, within its patience.
			if el := time.Since(start); !thenStarted && el < delay+patience && nearEnd(prog.Searched(), el) {
				timer.Reset(min(recheck, delay+patience-el))
				continue
			}
			startThen()
		case e := <-answers:
			running--
			if e.decided() {
				cancel()
				for ; running > 0; running-- {
					<-answers
				}
				e.res.Stats.Fallback = e.then
				return e.res, nil
			}
			if !have || e.then || best.err != nil {
				best, have = e, true
			}
			if ctx.Err() == nil {
				startThen()
			}
		}
	}
	best.res.Stats.Fallback = best.then
	return best.res, best.err
}
