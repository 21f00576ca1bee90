package request

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// logicAnswer prints the answer of grade, explain or hint.
func (r *Runner) logicAnswer(it puzzle.Item, o Result) Answer {
	var a Answer
	withSolver := r.opts.Op != Hint
	stop := StopOf(o.err)
	switch {
	case stop != model.Done:
		a.Limited = true // a timeout or an interrupt: unknown, as solve says
	case o.err != nil:
		a.Error = fmt.Sprintf("%s: %v", it.Where(), o.err)
	default:
		a.Negative, a.Limited = judgePath(o.path, withSolver)
	}
	if r.opts.Format == JSON {
		rec := puzzle.LogicRecord{Record: puzzle.NewRecord(it, r.cache.VariantNames(it))}
		switch {
		case stop != model.Done:
			rec.Backend, rec.Status, rec.Stop = r.opts.Backend, model.Unknown.String(), stop.String()
		case o.err != nil:
			rec.Error = o.err.Error()
		default:
			rec.Backend = r.opts.Backend
			if withSolver {
				rec.Status = o.path.Status.String()
			}
			switch r.opts.Op {
			case Grade:
				rec.FillGrade(o.path)
			case Explain:
				rec.FillExplain(o.path)
			default:
				rec.FillHint(o.path)
			}
		}
		a.Text = jsonLine(rec)
		return a
	}
	switch {
	case stop != model.Done:
		a.Text = []byte("unknown\n")
	case o.err != nil:
		a.Text = []byte("error\n")
	case r.opts.Op == Grade:
		a.Text = []byte(gradeText(o.path))
	case r.opts.Op == Explain:
		a.Text = []byte(explainText(o.path))
	default:
		a.Text = []byte(hintText(o.path))
	}
	return a
}

// judgePath says what a path means for the exit code: a puzzle without
// exactly one solution is a negative answer (hint: one it is stuck on),
// one the search gave up on a limited one.
func judgePath(p logic.Path, withSolver bool) (negative, limited bool) {
	switch {
	case p.Contradiction != "":
		return true, false
	case !withSolver:
		return !p.Solved && len(p.Steps) == 0, false
	case p.Status == model.Unknown:
		return false, true
	}
	return p.Status != model.Unique, false
}

// gradeText prints a path's level, or its verdict when it has none.
func gradeText(p logic.Path) string {
	if v := puzzle.Verdict(p, true); v != "" {
		return v + "\n"
	}
	return puzzle.GradeText(p) + "\n"
}

// explainText numbers a path's steps and ends with its grade.
func explainText(p logic.Path) string {
	if v := puzzle.Verdict(p, true); v != "" {
		return v + "\n\n"
	}
	var sb strings.Builder
	for i, st := range p.Steps {
		fmt.Fprintf(&sb, "%d. %s\n", i+1, st)
	}
	fmt.Fprintf(&sb, "grade: %s, score %d, ER %.1f, EP %.1f, ED %.1f\n\n", puzzle.GradeText(p), p.Score, p.Rating.ER, p.Rating.EP, p.Rating.ED)
	return sb.String()
}

// hintText prints the next step, or "solved", "none" or "stuck".
func hintText(p logic.Path) string {
	if st, v := puzzle.FirstStep(p); st != nil {
		return st.String() + "\n"
	} else {
		return v + "\n"
	}
}

// TechniqueSet returns the techniques spec asks for, 0 (the defaults) for
// an empty spec; a spec that leaves none is an error.
func TechniqueSet(spec string) (logic.TechniqueSet, error) {
	if strings.TrimSpace(spec) == "" {
		return 0, nil
	}
	return TechniquesFrom(spec, logic.DefaultTechniques())
}

// TechniquesFrom returns the techniques spec asks for as changes to base,
// base itself for an empty spec; a spec that leaves none is an error.
func TechniquesFrom(spec string, base logic.TechniqueSet) (logic.TechniqueSet, error) {
	if strings.TrimSpace(spec) == "" {
		return base, nil
	}
	set, err := logic.ParseTechniques(spec, base)
	if err != nil {
		return 0, err
	}
	if set == 0 {
		return 0, fmt.Errorf("techniques %q: that leaves no technique", spec)
	}
	return set, nil
}
