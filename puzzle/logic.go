package puzzle

import (
	"fmt"
	"slices"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// A LogicRecord is the JSON record of a puzzle solved step by step (hint,
// explain and grade): the common Record, plus the path's grade and steps.
type LogicRecord struct {
	Record
	Solved     *bool          `json:"solved,omitempty"`
	Level      string         `json:"level,omitempty"`
	Score      *int           `json:"score,omitempty"`
	Rating     *logic.Rating  `json:"rating,omitempty"`
	Guesses    *int           `json:"guesses,omitempty"`
	Techniques map[string]int `json:"techniques,omitempty"`
	Steps      []logic.Step   `json:"steps,omitempty"`
	Step       *logic.Step    `json:"step,omitempty"`
	Stuck      string         `json:"stuck,omitempty"`
}

// FirstStep returns a path's first step, or the word a hint gives instead:
// "none" (the givens contradict each other), "solved" or "stuck".
func FirstStep(p logic.Path) (*logic.Step, string) {
	switch {
	case len(p.Steps) > 0:
		return &p.Steps[0], ""
	case p.Contradiction != "":
		return nil, "none"
	case p.Solved:
		return nil, "solved"
	}
	return nil, "stuck"
}

// Verdict is the one-word answer for a path that has no grade: "none",
// "multiple", "unknown", or "" when it has one. withSolver says whether a
// solver settled uniqueness for the path.
func Verdict(p logic.Path, withSolver bool) string {
	switch {
	case p.Contradiction != "":
		return "none"
	case withSolver && p.Status != model.Unique:
		return p.Status.String()
	}
	return ""
}

// GradeText is the grade of a path: "expert", "search (2 guesses)", or
// "search (stuck)" for an unsolved path without guesses.
func GradeText(p logic.Path) string {
	switch {
	case p.Guesses == 1:
		return "search (1 guess)"
	case p.Guesses > 0:
		return fmt.Sprintf("search (%d guesses)", p.Guesses)
	case !p.Solved:
		return "search (stuck)"
	}
	return p.Level.String()
}

// FillHint sets the record's next step, or the word FirstStep gives in
// Stuck.
func (r *LogicRecord) FillHint(p logic.Path) {
	if st, v := FirstStep(p); st != nil {
		r.Step = st
	} else {
		r.Stuck = v
	}
}

// FillGrade adds a path's grade to the record; a path without one (see
// Verdict) gets its contradiction in Stuck. A record with a Backend is
// taken to come from a path a solver settled.
func (r *LogicRecord) FillGrade(p logic.Path) {
	if v := Verdict(p, r.Backend != ""); v != "" {
		r.Stuck = p.Contradiction
		return
	}
	r.Solved, r.Score, r.Guesses, r.Rating = &p.Solved, &p.Score, &p.Guesses, &p.Rating
	r.Level = p.Level.String()
	r.Techniques = map[string]int{}
	for t, n := range p.Counts() {
		r.Techniques[t.String()] = n
	}
}

// FillExplain adds a path's grade and, when it has one, its steps.
func (r *LogicRecord) FillExplain(p logic.Path) {
	r.FillGrade(p)
	if r.Level != "" {
		r.Steps = p.Steps
		if r.Steps == nil {
			r.Steps = []logic.Step{}
		}
	}
}

// WithMarks returns m starting from pencil marks (see logic.ParseMarks):
// the candidates the marks leave out are excluded, besides m's own.
func WithMarks(m *model.Model, marks string) (*model.Model, error) {
	excl, err := logic.ParseMarks(m, marks)
	if err != nil {
		return nil, err
	}
	return m.WithGivens(m.Fixed(), append(slices.Clone(m.Excluded()), excl...))
}
