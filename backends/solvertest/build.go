package solvertest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Countdown returns a context that ends, as if its deadline had passed, at
// the (polls+1)-th call of its Err method: Err returns nil polls times, then
// context.DeadlineExceeded, and Done's channel is closed from then on. It
// stops a solver at each of the places it polls, in turn, whatever the
// speed of the machine: a test runs it with polls = 0, 1, 2 …
func Countdown(polls int) context.Context {
	return &countdown{Context: context.Background(), left: polls, done: make(chan struct{})}
}

type countdown struct {
	context.Context
	mu    sync.Mutex
	left  int
	ended bool
	done  chan struct{}
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.ended && c.left > 0 {
		c.left--
		return nil
	}
	if !c.ended {
		c.ended = true
		close(c.done)
	}
	return context.DeadlineExceeded
}

func (c *countdown) Done() <-chan struct{} { return c.done }

// StopsBuilding claims that the solver polls its context while it builds
// what it searches (a lowered matrix, tables, clauses), not only during
// the search, and that it keeps nothing a stopped build left half done.
// Test then checks, on rule sets new to the solver (so that it builds
// them):
//
//   - Counting every solution of an empty 36x36 grid under a 50ms deadline
//     answers Unknown with model.Deadline, within five times the deadline
//     and 2s more, and the same solver then proves a puzzle of that shape
//     unique (its one solution) and a contradictory one without solution.
//   - A solver whose context ends at its first poll, then at its second,
//     and so on (Countdown), answers a 9x9 puzzle with two solutions with
//     Unknown and model.Deadline or with its two solutions, and then
//     answers right under a live context. It must
//     poll at least once after its first poll (model.Begin's) before the
//     answer: while it builds.
func StopsBuilding() Option { return func(c *config) { c.stopsBuilding = true } }

// testBuildStops checks what StopsBuilding claims.
func testBuildStops(t *testing.T, s model.Solver) {
	t.Run("36x36 under a deadline", func(t *testing.T) {
		const deadline = 50 * time.Millisecond
		big := newRules(t, 6, 6).Base()
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		start := time.Now()
		res, err := s.Solve(ctx, big, model.Options{Keep: model.KeepNone})
		took := time.Since(start)
		cancel()
		checkStopped(t, "empty 36x36", big, res, err, model.Deadline)
		if bound := 5*deadline + 2*time.Second; took > bound {
			t.Errorf("empty 36x36: returned after %v, past %v", took, bound)
		}
		sol, unique, none := nearlyFull(t, big)
		answers(t, s, context.Background(), unique, model.Unique, sol)
		answers(t, s, context.Background(), none, model.Unsat, nil)
	})
	t.Run("stopped at each poll", func(t *testing.T) {
		g, err := sudoku.Parse(twoSolutions9, sudoku.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		finished, stopped := false, 0
		for polls := 0; polls < 10_000 && !finished; polls++ {
			m, err := newRules(t, 3, 3).Model(g)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Solve(Countdown(polls), m, model.Options{Limit: 2})
			if err != nil {
				t.Fatalf("stopped at poll %d: %v", polls, err)
			}
			if finished = res.Finished(); finished {
				checkAnswer(t, "at poll", m, res, model.Multiple, nil)
			} else {
				checkStopped(t, "at poll", m, res, err, model.Deadline)
				stopped++
			}
			// Whatever the stopped call built or left half built, the
			// solver answers right now.
			answers(t, s, context.Background(), m, model.Multiple, nil)
			if t.Failed() {
				t.Fatalf("stopped at poll %d", polls)
			}
		}
		if !finished {
			t.Error("the search never finished: it polls more than 10,000 times")
		}
		// The first poll is Solve's own, before any work (model.Begin);
		// the build polls after it.
		if stopped < 2 {
			t.Errorf("stopped at %d polls only: the build does not poll its context", stopped)
		}
	})
}

// twoSolutions9 is a full 9x9 grid without the four cells r1c2 r1c4 r2c2
// r2c4, which take 1 3 / 3 1 or 3 1 / 1 3: two solutions, quick for every
// solver, that singles alone do not find.
const twoSolutions9 = "4.7.69825" + "6.2.58947" + "958724316" + "825437169" + "791586432" +
	"346912758" + "289643571" + "573291684" + "164875293"

// answers solves m with s under ctx (Limit 2) and checks the answer.
func answers(t *testing.T, s model.Solver, ctx context.Context, m *model.Model, want model.Status, sol []model.Cand) {
	t.Helper()
	res, err := s.Solve(ctx, m, model.Options{Limit: 2})
	if err != nil {
		t.Errorf("%v", err)
		return
	}
	checkAnswer(t, "live context", m, res, want, sol)
}

// checkAnswer checks a finished result of a search with Limit 2: its
// status, both solutions of a model with several, and the one solution of
// a unique model, which must hold the candidates sol.
func checkAnswer(t *testing.T, name string, m *model.Model, res model.Result, want model.Status, sol []model.Cand) {
	t.Helper()
	if res.Status != want || !res.Finished() {
		t.Errorf("%s: got %v stop %q, want %v", name, res.Status, res.Stop, want)
		return
	}
	CheckResult(t, m, res)
	if want == model.Multiple && (len(res.Solutions) != 2 || res.Count != 2) {
		t.Errorf("%s: count %d, %d solutions kept, want 2", name, res.Count, len(res.Solutions))
	}
	if want != model.Unique {
		return
	}
	if len(res.Solutions) != 1 {
		t.Errorf("%s: %d solutions kept, want 1", name, len(res.Solutions))
		return
	}
	for _, c := range sol {
		if res.Solutions[0][m.CellOf(c)] != c {
			t.Errorf("%s: solution has %s, want %s", name, m.Describe(res.Solutions[0][m.CellOf(c)]), m.Describe(c))
			return
		}
	}
}

// newRules returns the standard rules of the shape with boxes br x bc,
// built anew: a rule set no solver has seen.
func newRules(t *testing.T, br, bc int) *rules.Set {
	t.Helper()
	s, err := sudoku.NewShape(br, bc)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rules.New(s)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// nearlyFull returns a solution of base, the empty 36x36 grid (the shifted
// pattern r*6 + r/6 + c), a puzzle with one empty cell per row, so unique,
// and the same puzzle with two equal values in its first row, which has no
// solution; both with base's RulesID.
func nearlyFull(t *testing.T, base *model.Model) (sol []model.Cand, unique, none *model.Model) {
	t.Helper()
	const n = 36
	sol = make([]model.Cand, 0, n*n)
	var givens []model.Cand
	for r := range n {
		for c := range n {
			cand := base.Cand(r*n+c, (r*6+r/6+c)%n+1)
			sol = append(sol, cand)
			if c != r*7%n {
				givens = append(givens, cand)
			}
		}
	}
	unique, err := base.WithGivens(givens, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The second given of the first row takes the first one's value.
	givens[1] = base.Cand(base.CellOf(givens[1]), base.ValueOf(givens[0]))
	none, err = base.WithGivens(givens, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sol, unique, none
}
