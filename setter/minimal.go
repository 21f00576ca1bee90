package setter

import (
	"context"
	"slices"
	"strconv"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Redundancy is what Redundant found about a unique puzzle.
type Redundancy struct {
	// Givens are the givens that can each be removed with the puzzle
	// staying unique.
	Givens []sudoku.Cell
	// Parts are the source constraints that can each be removed with the
	// puzzle staying unique.
	Parts []Part
	// Checked counts the parts checked, of Total.
	Checked, Total int
	// Refused names the variants whose parts were not checked, with why.
	Refused []string
	// Stop says why the check ended early; the parts after the last one
	// checked are then undecided.
	Stop model.Stop
}

// MaxParts bounds the parts Redundant checks: each costs a rebuild of the
// rules and a solve.
const MaxParts = 2000

// Redundant finds, for a puzzle g that is unique under rs, the givens and
// the parts of its rules (see [Parts]) that can each be removed with the
// puzzle staying unique: one solve to two solutions per given and per part,
// the part's variant rebuilt without it. Each is redundant on its own;
// removing two of them may not keep the puzzle unique. nodes bounds each
// solve; a solve that stops early, or the end of ctx, ends the check with
// that Stop and what was found so far. Rules with more than MaxParts parts
// are refused.
func Redundant(ctx context.Context, rs *rules.Set, g sudoku.Grid, solver model.Solver, nodes int64) (Redundancy, error) {
	var r Redundancy
	givens, stop, err := rules.Redundant(ctx, rs, g, solver, nodes)
	r.Givens = givens
	if err != nil || stop != model.Done {
		r.Stop = stop
		return r, err
	}
	vs := rs.Variants()
	parts, refused := Parts(vs)
	r.Refused = refused
	r.Total = len(parts)
	if len(parts) > MaxParts {
		r.Refused = append(r.Refused, "the rules have more parts than "+strconv.Itoa(MaxParts))
		r.Total = 0
		return r, nil
	}
	opts := model.Options{Limit: 2, Keep: model.KeepNone, Nodes: nodes}
	for _, p := range parts {
		res, err := solveWith(ctx, rs, g, replaceVariant(vs, p.Variant, p.Without), solver, opts)
		if err != nil {
			return r, err
		}
		if !res.Finished() {
			r.Stop = res.Stop
			return r, nil
		}
		r.Checked++
		if res.Status == model.Unique {
			r.Parts = append(r.Parts, p)
		}
	}
	return r, nil
}

// replaceVariant returns vs with variant i replaced by w, or left out when w
// is nil.
func replaceVariant(vs []rules.Variant, i int, w rules.Variant) []rules.Variant {
	out := slices.Clone(vs)
	if w == nil {
		return slices.Delete(out, i, i+1)
	}
	out[i] = w
	return out
}

// solveWith solves g under the rules of rs's shape with variants vs. A
// context that ends while the rules are built is a stop, not an error.
func solveWith(ctx context.Context, rs *rules.Set, g sudoku.Grid, vs []rules.Variant, solver model.Solver, opts model.Options) (model.Result, error) {
	set, err := rules.NewContext(ctx, 0, rs.Shape(), vs...)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return model.Result{Stop: model.StopFor(cerr)}, nil
		}
		return model.Result{}, err
	}
	m, err := set.Model(g)
	if err != nil {
		return model.Result{}, err
	}
	return solver.Solve(ctx, m, opts)
}
