package generate

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// SetDifficulty sets the options that keep the puzzles of a difficulty:
// spec is a level of package logic ("expert"), or a level and + for that
// level or harder ("expert+", which is qqwing's expert: a puzzle its
// techniques cannot finish without guessing). logic.Rate decides (it
// gives the level logic.Explain does), and up to expert also steers the
// removal (Within): the singles decide every removal for simple and easy,
// which puzzles drawn at random rarely stay; intermediate and expert
// puzzles that end harder go back to their last removal at the level.
// (Rating extreme puzzles costs more than drawing them.)
func (o *Options) SetDifficulty(spec string) error {
	name, harder := strings.CutSuffix(strings.TrimSpace(spec), "+")
	lvl, err := logic.ParseLevel(name)
	if err != nil {
		return fmt.Errorf("%w (want a level, or a level and + for that level or harder)", err)
	}
	o.Level = lvl.String()
	if harder {
		o.Level += "+"
	}
	switch {
	case harder && lvl == logic.Simple:
		o.Level = "" // any puzzle
	case harder:
		o.Accept = func(m *model.Model) (bool, error) {
			l, err := logic.Rate(m, lvl-1)
			return l == logic.Search, err
		}
	default:
		o.Accept = func(m *model.Model) (bool, error) {
			l, err := logic.Rate(m, lvl)
			return l == lvl, err
		}
	}
	if !harder && lvl <= logic.Expert {
		o.Within = func(m *model.Model) (bool, error) {
			l, err := logic.Rate(m, lvl)
			return l <= lvl, err
		}
		o.Steer = lvl <= logic.Easy
	}
	return nil
}

// LogicGrader returns the Grader of package logic: the level and score of
// logic.Explain, whose guesses (when its techniques are stuck) come from
// solver within a budget of nodes (0: none) and ctx.
func LogicGrader(ctx context.Context, solver model.Solver, nodes int64) Grader {
	return func(m *model.Model) (string, float64, error) {
		p, err := logic.Explain(ctx, m, logic.Options{Solver: solver, Nodes: nodes})
		return p.Level.String(), float64(p.Score), err
	}
}

// checkSearch refuses the level search for puzzles without sums: the
// forcing chains (master) solve all but a few of the hardest known
// classic puzzles, and none drawn at random gets past them. Killers,
// arrows and little killers, whose logic stops sooner, may ask for it.
func checkSearch(o Options) error {
	if lvl, _ := strings.CutSuffix(o.Level, "+"); lvl == logic.Search.String() && !o.Killer && o.Clues == NoClues {
		return fmt.Errorf("%w: no level search without sums: the forcing chains (master) solve all but a few of the hardest known puzzles, and puzzles drawn at random do not get there; ask for master or master+", ErrOptions)
	}
	return nil
}
