package request

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
)

// minimality is what verify --minimal (and --rules) found about a unique
// puzzle.
type minimality struct {
	redundant []sudoku.Cell // givens that can each be removed
	// withRules: the rules were checked too; parts are the source
	// constraints that can each be removed, refused the variants not
	// checked part by part.
	withRules bool
	parts     []string
	refused   []string
	stop      model.Stop // why the check ended early; Done when it finished
}

// checkMinimal is verify's extra step for --minimal and --rules: on a
// puzzle proven unique, look for givens (and, with --rules, rules) that
// are not needed.
func (r *Runner) checkMinimal(ctx context.Context, it puzzle.Item, o *Result) {
	if o.res.Status != model.Unique {
		return
	}
	rs, err := r.cache.Set(it)
	if err != nil {
		o.err = err
		return
	}
	mn := minimality{withRules: r.opts.Rules}
	if r.opts.Rules {
		var red setter.Redundancy
		red, err = setter.Redundant(ctx, rs, it.Grid, r.solver, r.opts.Nodes)
		mn.redundant, mn.refused, mn.stop = red.Givens, red.Refused, red.Stop
		for _, p := range red.Parts {
			mn.parts = append(mn.parts, p.Name)
		}
	} else {
		mn.redundant, mn.stop, err = rules.Redundant(ctx, rs, it.Grid, r.solver, r.opts.Nodes)
	}
	if err != nil {
		o.err = err
		return
	}
	o.min = &mn
}

// text describes the finding for verify's text output.
func (mn *minimality) text() string {
	var text string
	switch {
	case mn.stop != model.Done:
		return fmt.Sprintf("minimality unknown: %v", mn.stop)
	case len(mn.redundant) == 0 && len(mn.parts) == 0:
		text = "minimal"
	case len(mn.redundant) == 0:
		text = "not minimal"
	default:
		text = "not minimal: each of " + ListCells(cellNames(mn.redundant), 20) + " can be removed"
	}
	if len(mn.parts) > 0 {
		text += "; each of these rules can be removed: " + strings.Join(mn.parts, ", ")
	}
	if len(mn.refused) > 0 {
		text += "; not checked: " + strings.Join(mn.refused, "; ")
	}
	return text
}

// redundantGivens reports whether the check finished and found a given
// (or a rule) that is not needed; a nil check found none.
func (mn *minimality) redundantGivens() bool {
	return mn != nil && mn.stop == model.Done && len(mn.redundant)+len(mn.parts) > 0
}

// fill sets the minimality fields of a JSON record; a nil check sets none.
func (mn *minimality) fill(r *puzzle.Record) {
	if mn == nil || mn.stop != model.Done {
		return
	}
	minimal := len(mn.redundant) == 0 && len(mn.parts) == 0
	r.Minimal = &minimal
	r.Redundant = append([]string{}, cellNames(mn.redundant)...)
	if mn.withRules {
		r.RedundantRules = append([]string{}, mn.parts...)
		r.Unchecked = mn.refused
	}
}

// cellNames lists cells by name.
func cellNames(cs []sudoku.Cell) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
