package request

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// minimality is what verify --minimal found about a unique puzzle.
type minimality struct {
	redundant []sudoku.Cell // givens that can each be removed
	stop      model.Stop    // why the check ended early; Done when it finished
}

// checkMinimal is verify's extra step for --minimal: on a puzzle proven
// unique, look for givens that are not needed.
func (r *Runner) checkMinimal(ctx context.Context, it puzzle.Item, o *Result) {
	if o.res.Status != model.Unique {
		return
	}
	rs, err := r.cache.Set(it)
	if err != nil {
		o.err = err
		return
	}
	var mn minimality
	mn.redundant, mn.stop, err = rules.Redundant(ctx, rs, it.Grid, r.solver, r.opts.Nodes)
	if err != nil {
		o.err = err
		return
	}
	o.min = &mn
}

// text describes the finding for verify's text output.
func (mn *minimality) text() string {
	switch {
	case mn.stop != model.Done:
		return fmt.Sprintf("minimality unknown: %v", mn.stop)
	case len(mn.redundant) == 0:
		return "minimal"
	}
	names := make([]string, len(mn.redundant))
	for i, c := range mn.redundant {
		names[i] = c.String()
	}
	return "not minimal: each of " + ListCells(names, 20) + " can be removed"
}

// redundantGivens reports whether the check finished and found a given
// that is not needed; a nil check found none.
func (mn *minimality) redundantGivens() bool {
	return mn != nil && mn.stop == model.Done && len(mn.redundant) > 0
}

// fill sets the minimality fields of a JSON record; a nil check sets none.
func (mn *minimality) fill(r *puzzle.Record) {
	if mn == nil || mn.stop != model.Done {
		return
	}
	minimal := len(mn.redundant) == 0
	r.Minimal = &minimal
	r.Redundant = []string{}
	for _, c := range mn.redundant {
		r.Redundant = append(r.Redundant, c.String())
	}
}
