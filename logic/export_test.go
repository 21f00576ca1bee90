package logic

import (
	"context"

	"github.com/sudokit/sudokit/model"
)

// ForcingSteps follows m's path with the techniques and, at every position
// where nishio takes the next step, asks the region and the cell forcing
// chains too: it returns the steps they find there.
func ForcingSteps(m *model.Model) (region, cell []Step, err error) {
	s, err := start(m)
	if err != nil {
		return nil, nil, err
	}
	for s.left > 0 && s.broken() == "" {
		st, ok := next(s)
		if !ok {
			break
		}
		if st.Technique == Nishio {
			if r, ok := regionForcing(s); ok {
				region = append(region, r)
			}
			if c, ok := cellForcing(s); ok {
				cell = append(cell, c)
			}
		}
		s.apply(&st)
	}
	return region, cell, nil
}
func RateSteps(steps []Step) Rating {
	run := make([]seStep, len(steps))
	for i, st := range steps {
		run[i] = seStep{tech: st.Technique, rating: st.Rating(), places: len(st.Placements) > 0}
	}
	return rate(run)
}

// UniquenessStep returns the step the unique rectangles, then BUG+1, find
// in m's givens and marks, with uniqueness assumed or not.
func UniquenessStep(m *model.Model, assume bool) (Step, bool, error) {
	s, err := start(m)
	if err != nil {
		return Step{}, false, err
	}
	if assume {
		s.use |= Uniqueness
	}
	if !s.use.Has(UniqueRectangle) {
		return Step{}, false, nil
	}
	if st, ok := uniqueRectangle(s); ok {
		return st, true, nil
	}
	st, ok := bugPlusOne(s)
	return st, ok, nil
}

// Colouring returns the step simple colouring finds in m's givens and
// marks, whatever easier technique applies there.
func Colouring(m *model.Model) (Step, bool, error) {
	s, err := start(m)
	if err != nil {
		return Step{}, false, err
	}
	st, ok := colouring(s)
	return st, ok, nil
}

// AllSteps returns every step ALS-XZ, ALS-XY-wing, Sue de Coq or the
// unique rectangles (t, assuming uniqueness) find
// in m's givens and marks, not only the one a path takes.
func AllSteps(m *model.Model, t Technique) ([]Step, error) {
	s, err := start(m)
	if err != nil {
		return nil, err
	}
	var out []Step
	add := func(st Step) { out = append(out, st) }
	switch t {
	case ALSXZ:
		s.eachALSXZ(true, add)
	case ALSXYWing:
		s.eachALSXYWing(true, add)
	case SueDeCoq:
		s.eachSueDeCoq(func(st Step) bool { add(st); return true })
	case UniqueRectangle:
		s.eachRectangle(func(st Step) bool { add(st); return true })
	}
	return out, nil
}

// NetSearch returns a search of technique t (one of the dynamic and
// nested forcing chains) on m's givens and marks, to run again and again
// on the same position (its scratch memory kept), under ctx.
func NetSearch(ctx context.Context, m *model.Model, t Technique) (func() (Step, bool), error) {
	s, err := start(m)
	if err != nil {
		return nil, err
	}
	s.ctx = ctx
	depth := int(t - DynamicForcing)
	return func() (Step, bool) { return s.netStep(t, depth) }, nil
}

// FirstStep follows m's path with the techniques of use (a solver's value
// where they are stuck) and returns the first step of technique t, if any.
func FirstStep(ctx context.Context, m *model.Model, sol []int, use TechniqueSet, t Technique) (Step, bool) {
	s, _ := start(m)
	s.ctx, s.use = ctx, use
	for s.left > 0 && s.broken() == "" {
		st, ok := next(s)
		if !ok {
			cell := -1
			for c := range s.val {
				if s.val[c] == 0 {
					cell = c
					break
				}
			}
			st = Step{Technique: Guess, Placements: s.placement(cell, sol[cell])}
		}
		if st.Technique == t {
			return st, true
		}
		s.apply(&st)
	}
	return Step{}, false
}

// SEReplay is seReplay, for the tests: the techniques of its steps, whether
// it took every step of the path that is not a single, and whether it
// filled the grid.
func SEReplay(ctx context.Context, m *model.Model, path []Step) ([]Technique, bool, bool, error) {
	steps, all, solved, err := seReplay(ctx, m, Options{}, path)
	var techs []Technique
	for _, st := range steps {
		techs = append(techs, st.tech)
	}
	return techs, all, solved, err
}

// IsSingle is isSingle, for the tests.
func IsSingle(t Technique) bool { return isSingle(t) }

// ChainsAlong follows m's path with the techniques and, at every position
// where it takes a step that is not a single, returns what each kind of
// cycle (x, xy, nice loop: at most maxNodes nodes) and Sudoku Explainer's
// forcing chains rated below below find there.
func ChainsAlong(m *model.Model, maxNodes int, below float64) (cycles [3][]Step, forcing []Step, err error) {
	s, err := start(m)
	if err != nil {
		return cycles, nil, err
	}
	for s.left > 0 && s.broken() == "" {
		st, ok := next(s)
		if !ok {
			break
		}
		if !isSingle(st.Technique) {
			for k, links := range []loopLinks{xLoop, yLoop, xyLoop} {
				if c, ok := s.shortestCycle(links, maxNodes); ok {
					cycles[k] = append(cycles[k], c)
				}
			}
			if f, ok := seForcing(s, below); ok {
				forcing = append(forcing, f)
			}
		}
		s.apply(&st)
	}
	return cycles, forcing, nil
}

// Cycle returns the shortest cycle of technique t's kind (XCycle, XYCycle
// or NiceLoop) of at most maxNodes nodes from m's givens.
func Cycle(m *model.Model, t Technique, maxNodes int) (Step, bool, error) {
	s, err := start(m)
	if err != nil {
		return Step{}, false, err
	}
	links, _ := cycleLinks(t)
	st, ok := s.shortestCycle(links, maxNodes)
	return st, ok, nil
}

// Find returns the step technique t's finder finds in m's givens and
// marks, whatever easier technique applies there.
func Find(m *model.Model, t Technique) (Step, bool, error) {
	s, err := start(m)
	if err != nil {
		return Step{}, false, err
	}
	for _, f := range finders {
		if f.tech == t {
			st, ok := f.find(s)
			return st, ok, nil
		}
	}
	return Step{}, false, nil
}
