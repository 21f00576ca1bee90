package crosscheck

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/sudokit/sudokit/model"
)

// A Backend is a solver under a name.
type Backend struct {
	Name   string
	Solver model.Solver
}

// An Outcome is what one backend answered.
type Outcome struct {
	Backend string
	Result  model.Result
	// Err is the backend's error (an unsupported rule, say); Result is
	// then empty.
	Err error
}

// A Conflict classifies a Disagreement.
type Conflict string

// The conflicts a Disagreement reports.
const (
	// Referee: a backend returned a solution that model.Check rejects.
	Referee Conflict = "referee"
	// Status: two backends reached different conclusions.
	Status Conflict = "status"
	// Count: two complete searches found different numbers of solutions.
	Count Conflict = "count"
	// Solutions: two complete enumerations found different solution sets.
	Solutions Conflict = "solutions"
)

// A Disagreement is one way in which backends disagree, or a backend was
// proven wrong, on one puzzle.
type Disagreement struct {
	// Puzzle is the caller's label for the model (its text, typically).
	Puzzle string   `json:"puzzle"`
	Kind   Conflict `json:"kind"`
	Detail string   `json:"detail"`
}

// String returns "puzzle: kind: detail".
func (d Disagreement) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Puzzle, d.Kind, d.Detail)
}

// A Report is the verdict on one model.
type Report struct {
	Puzzle   string
	Outcomes []Outcome
	// Disagreements lists every failed comparison and rejected solution.
	Disagreements []Disagreement
}

// Agree reports whether there was no disagreement.
func (r Report) Agree() bool { return len(r.Disagreements) == 0 }

// Errors returns the backends' errors, each prefixed with its backend name.
func (r Report) Errors() []error {
	var errs []error
	for _, o := range r.Outcomes {
		if o.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", o.Backend, o.Err))
		}
	}
	return errs
}

// Conclusive reports whether at least two backends answered without error
// and without being stopped early, so that the comparison proved something.
func (r Report) Conclusive() bool {
	n := 0
	for _, o := range r.Outcomes {
		if o.Err == nil && o.Result.Status != model.Unknown && o.Result.Finished() {
			n++
		}
	}
	return n >= 2
}

// Run solves m with every backend under the same options, checks every
// solution with model.Check and compares the answers. puzzle labels the
// model in the report. Backends that give up (status Unknown) or fail are
// left out of the comparisons: a limit is not a disagreement, and errors are
// reported through Report.Errors.
func Run(ctx context.Context, m *model.Model, puzzle string, opts model.Options, backends ...Backend) Report {
	opts.Keep = 0 // keep everything found, up to the limit, to compare sets
	rep := Report{Puzzle: puzzle}
	for _, b := range backends {
		res, err := b.Solver.Solve(ctx, m, opts)
		rep.Outcomes = append(rep.Outcomes, Outcome{Backend: b.Name, Result: res, Err: err})
	}
	disagree := func(k Conflict, format string, args ...any) {
		rep.Disagreements = append(rep.Disagreements, Disagreement{Puzzle: puzzle, Kind: k, Detail: fmt.Sprintf(format, args...)})
	}
	for _, o := range rep.Outcomes {
		if o.Err != nil {
			continue
		}
		for i, s := range o.Result.Solutions {
			if err := model.Check(m, s); err != nil {
				disagree(Referee, "%s solution %d: %v", o.Backend, i+1, err)
			}
		}
		if msg := consistent(o.Result); msg != "" {
			disagree(Referee, "%s: %s", o.Backend, msg)
		}
		if dup := duplicate(o.Result.Solutions); dup >= 0 {
			disagree(Referee, "%s returned solution %d twice", o.Backend, dup+1)
		}
	}
	var ref *Outcome
	for i := range rep.Outcomes {
		o := &rep.Outcomes[i]
		if o.Err != nil || o.Result.Status == model.Unknown {
			continue
		}
		if ref == nil {
			ref = o
			continue
		}
		a, b := ref.Result, o.Result
		if !compatible(a.Status, b.Status) {
			disagree(Status, "%s says %v (%d found), %s says %v (%d found)", ref.Backend, a.Status, a.Count, o.Backend, b.Status, b.Count)
			continue
		}
		if a.Exact && b.Exact { // both enumerated every solution
			if a.Count != b.Count {
				disagree(Count, "%s found %d solutions, %s found %d", ref.Backend, a.Count, o.Backend, b.Count)
			} else if !sameSet(a.Solutions, b.Solutions) {
				disagree(Solutions, "%s and %s found different solutions", ref.Backend, o.Backend)
			}
		}
	}
	return rep
}

// compatible reports whether two statuses can both be true: equal ones,
// or Sat (a solution found, nothing claimed about others: an incomplete
// backend, or a limit of 1) beside Unique or Multiple.
func compatible(a, b model.Status) bool {
	solvable := func(s model.Status) bool { return s == model.Sat || s == model.Unique || s == model.Multiple }
	return a == b || (a == model.Sat || b == model.Sat) && solvable(a) && solvable(b)
}

// consistent checks that a result's status, count and solutions fit
// together, and returns what is wrong, or "".
func consistent(r model.Result) string {
	if len(r.Solutions) > r.Count {
		return fmt.Sprintf("reports %d solutions but returned %d", r.Count, len(r.Solutions))
	}
	ok := true
	switch r.Status {
	case model.Unsat:
		ok = r.Count == 0
	case model.Sat:
		ok = r.Count >= 1
	case model.Unique:
		ok = r.Count == 1
	case model.Multiple:
		ok = r.Count >= 2
	}
	if !ok {
		return fmt.Sprintf("status %v with %d solutions found", r.Status, r.Count)
	}
	if r.Status != model.Unknown && r.Status != model.Unsat && len(r.Solutions) == 0 {
		return fmt.Sprintf("status %v but no solution returned", r.Status)
	}
	return ""
}

func key(s model.Solution) string {
	var sb strings.Builder
	for _, c := range s {
		fmt.Fprintf(&sb, "%d,", c)
	}
	return sb.String()
}

func duplicate(sols []model.Solution) int {
	seen := map[string]bool{}
	for i, s := range sols {
		k := key(s)
		if seen[k] {
			return i
		}
		seen[k] = true
	}
	return -1
}

func sameSet(a, b []model.Solution) bool {
	if len(a) != len(b) {
		return false
	}
	ka := make([]string, len(a))
	kb := make([]string, len(b))
	for i := range a {
		ka[i], kb[i] = key(a[i]), key(b[i])
	}
	sort.Strings(ka)
	sort.Strings(kb)
	for i := range ka {
		if ka[i] != kb[i] {
			return false
		}
	}
	return true
}

// A Tally accumulates reports over many puzzles and keeps at most Max
// disagreements (all of them when Max is 0); the rest are only counted.
type Tally struct {
	Max int
	// Puzzles counts reports added; Agreed those without disagreement
	// that were conclusive; Inconclusive those where fewer than two
	// backends answered; Disagreed those with a disagreement; Errors
	// those where a backend failed.
	Puzzles, Agreed, Disagreed, Inconclusive, Errors int
	// Disagreements holds the first Max disagreements.
	Disagreements []Disagreement
	// Dropped counts disagreements beyond Max.
	Dropped int
}

// Add counts one report.
func (t *Tally) Add(r Report) {
	t.Puzzles++
	if len(r.Errors()) > 0 {
		t.Errors++
	}
	switch {
	case !r.Agree():
		t.Disagreed++
		for _, d := range r.Disagreements {
			if t.Max > 0 && len(t.Disagreements) >= t.Max {
				t.Dropped++
				continue
			}
			t.Disagreements = append(t.Disagreements, d)
		}
	case r.Conclusive():
		t.Agreed++
	default:
		t.Inconclusive++
	}
}
