package rules

import (
	"context"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/sudoku"
)

// Redundant looks for givens of g that are not needed: for each given, in
// reading order, it solves the puzzle without it (and with every other
// given) under rs with solver, counting to two, and reports the cells whose
// given can be removed with the puzzle staying unique. Each such given is
// redundant on its own; removing two of them may not keep the puzzle unique.
// A puzzle with none is minimal.
//
// The checks share ctx; opts.Nodes bounds each. When one of them stops
// early, Redundant returns what it found so far with that stop: the
// puzzle's minimality is then unknown. The error is the solver's or the
// model builder's.
func Redundant(ctx context.Context, rs *Set, g sudoku.Grid, solver model.Solver, nodes int64) ([]sudoku.Cell, model.Stop, error) {
	n := g.Shape.N()
	trial := g.Clone()
	var out []sudoku.Cell
	opts := model.Options{Limit: 2, Keep: model.KeepNone, Nodes: nodes}
	for i, v := range g.Cells {
		if v == 0 {
			continue
		}
		trial.Cells[i] = 0
		m, err := rs.Model(trial)
		if err != nil {
			return out, model.Done, err
		}
		res, err := solver.Solve(ctx, m, opts)
		trial.Cells[i] = v
		if err != nil {
			return out, model.Done, err
		}
		if !res.Finished() {
			return out, res.Stop, nil
		}
		if res.Status == model.Unique {
			out = append(out, sudoku.Cell{Row: i / n, Col: i % n})
		}
	}
	return out, model.Done, nil
}
