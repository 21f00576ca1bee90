package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// logicOutcome is what hint, explain and grade found for one puzzle.
type logicOutcome struct {
	path logic.Path
	err  error
}

// logicAll explains every puzzle of args and prints each with text (or as
// a JSON record completed by fill) in order. With withSolver, the backend
// settles uniqueness and supplies the guesses where the techniques stop.
// With marks (hint --marks), each puzzle starts from those pencil marks.
func (a *app) logicAll(cmd *cobra.Command, args []string, f *puzzleFlags, withSolver bool, marks string,
	text func(logic.Path) string, fill func(*puzzle.LogicRecord, logic.Path)) error {
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	var opts logic.Options
	var be backend
	if !withSolver && f.nodes > 0 {
		return fmt.Errorf("--nodes: %s applies techniques and runs no search, so it has no node budget", cmd.Name())
	}
	if withSolver {
		if be, err = lookupProver(f.backend, cmd.Name()); err != nil {
			return err
		}
		opts = logic.Options{Solver: be.solver, Nodes: f.nodes}
	}
	opts.AssumeUnique = f.assumeUnique
	opts.Propagator = prop.New()
	if opts.Techniques, err = techniqueSet(f.techniques); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	enc := json.NewEncoder(out)
	work := func(ctx context.Context, _ puzzle.Item, m *model.Model) logicOutcome {
		if marks != "" {
			var err error
			if m, err = puzzle.WithMarks(m, marks); err != nil {
				return logicOutcome{err: err}
			}
		}
		p, err := logic.Explain(ctx, m, opts)
		return logicOutcome{path: p, err: err}
	}
	emit := func(it puzzle.Item, o logicOutcome) {
		stop := stopOf(o.err)
		switch {
		case stop != model.Done:
			a.markLimited() // --timeout or Ctrl-C: unknown, as solve says
		case o.err != nil:
			a.inputErrorf("%s: %v", it.Where(), o.err)
		default:
			a.judgePath(o.path, withSolver)
		}
		if s.format == "json" {
			r := puzzle.LogicRecord{Record: puzzle.NewRecord(it, s.cache.VariantNames(it))}
			switch {
			case stop != model.Done:
				r.Backend, r.Status, r.Stop = be.name, model.Unknown.String(), stop.String()
			case o.err != nil:
				r.Error = o.err.Error()
			default:
				r.Backend = be.name
				if withSolver {
					r.Status = o.path.Status.String()
				}
				fill(&r, o.path)
			}
			enc.Encode(r)
			return
		}
		switch {
		case stop != model.Done:
			io.WriteString(out, "unknown\n")
		case o.err != nil:
			io.WriteString(out, "error\n")
		default:
			io.WriteString(out, text(o.path))
		}
	}
	return runBatch(cmd, s, s.read(args), work, func(err error) logicOutcome { return logicOutcome{err: err} }, emit)
}

// stopOf returns why a logical path ended early: the deadline or an
// interrupt, when err is its context's error; Done otherwise.
func stopOf(err error) model.Stop {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return model.Deadline
	case errors.Is(err, context.Canceled):
		return model.Canceled
	}
	return model.Done
}

// judgePath sets the exit code for a path: a puzzle without exactly one
// solution is a negative answer, one the search gave up on a limited one.
func (a *app) judgePath(p logic.Path, withSolver bool) {
	switch {
	case p.Contradiction != "":
		a.markNegative()
	case !withSolver && !p.Solved && len(p.Steps) == 0:
		a.markNegative() // hint: stuck
	case !withSolver:
	case p.Status == model.Unknown:
		a.markLimited()
	case p.Status != model.Unique:
		a.markNegative()
	}
}

func (a *app) explainCmd() *cobra.Command {
	f := &puzzleFlags{}
	cmd := &cobra.Command{
		Use:   "explain [PUZZLE|FILE|-]...",
		Short: "Solve each puzzle step by step with human techniques",
		Long: `Explain prints, for each puzzle, the steps a person could take to solve it,
one per line, easiest technique first after every step (singles, locked
candidates, subsets, fish, wings, colouring, chains), then its grade, then a
blank line. Where the techniques get stuck, the backend's solution supplies a
guess (a "guess" step) and the path goes on. A puzzle without exactly one solution prints "none" or
"multiple" (exit code 1). --json prints one object per puzzle with a "steps"
array: technique, text, placements ({"cell":"r3c5","value":7}) and
eliminations ({"cell":"r1c1","values":[4,7]}).`,
		Example: `  sudokit explain 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  sudokit explain --json puzzles.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.logicAll(cmd, args, f, true, "", explainText, (*puzzle.LogicRecord).FillExplain)
		},
	}
	f.register(cmd, true)
	registerLogicFlags(cmd, f)
	return cmd
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

// registerLogicFlags adds --assume-unique and --techniques to a command of
// the logical solver.
func registerLogicFlags(cmd *cobra.Command, f *puzzleFlags) {
	cmd.Flags().BoolVar(&f.assumeUnique, "assume-unique", false,
		"also use the techniques that assume the puzzle has exactly one solution (unique rectangles, BUG+1; plain grids only): on a puzzle with several they may remove every solution")
	cmd.Flags().StringVar(&f.techniques, "techniques", "",
		`change the techniques: a comma-separated list of names to leave out ("-nishio,-aic") or add ("+unique rectangle"); "none" first starts from no technique (see: sudokit techniques)`)
}

// techniqueSet returns the techniques spec asks for, 0 (the defaults) for
// an empty spec; a spec that leaves none is an error.
func techniqueSet(spec string) (logic.TechniqueSet, error) {
	if strings.TrimSpace(spec) == "" {
		return 0, nil
	}
	set, err := logic.ParseTechniques(spec, logic.DefaultTechniques())
	if err != nil {
		return 0, err
	}
	if set == 0 {
		return 0, fmt.Errorf("--techniques %q leaves no technique", spec)
	}
	return set, nil
}
