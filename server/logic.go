package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
)

// candidatesRequest is the body of /api/candidates.
type candidatesRequest struct {
	puzzleFields
	// Singles places every full house, naked and hidden single first, as
	// the CLI's solve --format candidates does.
	Singles bool `json:"singles,omitempty"`
}

// marksRecord is the answer of /api/candidates: the record and the pencil
// marks, per cell in row order.
type marksRecord struct {
	puzzle.Record
	// Candidates holds each cell's possible values, ascending; a placed
	// cell holds its value alone, with Placed set.
	Candidates [][]int `json:"candidates"`
	Placed     []bool  `json:"placed"`
	// Marks is the same in the form hint's "marks" reads.
	Marks string `json:"marks"`
}

// logicFields are the members of /api/hint and /api/explain that choose
// the techniques, as the CLI's --techniques and --assume-unique do.
type logicFields struct {
	// Techniques changes the default techniques: "-nishio,-aic" leaves
	// out, "+unique rectangle" adds, "none" first starts from none (see
	// logic.ParseTechniques; names as GET /api/info lists them).
	Techniques string `json:"techniques,omitempty"`
	// AssumeUnique also uses the techniques that assume the puzzle has
	// exactly one solution (unique rectangles, BUG+1).
	AssumeUnique bool `json:"assume_unique,omitempty"`
}

// defaultTechniques are the techniques hint and explain use unless asked:
// the CLI's, less nested nishio over every rule, whose steps on the
// hardest killers take several seconds each, past a request's default
// deadline (a request may add it: "+nested nishio over every rule").
func defaultTechniques() logic.TechniqueSet {
	return logic.DefaultTechniques() &^ (logic.TechniqueSet(1) << logic.RulesNestedNishio)
}

// options returns the logic options f asks for, with propagator p; a
// spec naming an unknown technique, or leaving none, is a bad request.
func (f logicFields) options(p logic.Propagator) (logic.Options, error) {
	set, err := request.TechniquesFrom(f.Techniques, defaultTechniques())
	if err != nil {
		return logic.Options{}, badRequest(err)
	}
	return logic.Options{Propagator: p, Techniques: set, AssumeUnique: f.AssumeUnique}, nil
}

// hintRequest is the body of /api/hint.
type hintRequest struct {
	puzzleFields
	logicFields
	// Marks are pencil marks to start from, as the CLI's hint --marks
	// reads them.
	Marks string `json:"marks,omitempty"`
}

// candidates answers the pencil marks of a puzzle.
func (s *Server) candidates(ctx context.Context, req *candidatesRequest) (answer, error) {
	p, err := s.prepare(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	if p.stopped() {
		return ok(marksRecord{Record: p.stoppedRecord("", 0)})
	}
	mk, err := logic.Candidates(p.model, req.Singles)
	if err != nil {
		return answer{}, badRequest(err)
	}
	return ok(marksRecord{Record: p.record(), Candidates: mk.Values, Placed: mk.Placed, Marks: mk.String()})
}

// hint answers the next logical step, as the CLI's hint does (one
// function, logic.Hint, for both): the record with "step", or "stuck"
// saying "solved", "none" or "stuck".
func (s *Server) hint(ctx context.Context, req *hintRequest) (answer, error) {
	lopts, err := req.options(s.cfg.Propagator)
	if err != nil {
		return answer{}, err
	}
	p, err := s.prepare(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	if p.stopped() {
		return ok(puzzle.LogicRecord{Record: p.stoppedRecord("", 0)})
	}
	m := p.model
	if req.Marks != "" {
		if m, err = puzzle.WithMarks(m, req.Marks); err != nil {
			return answer{}, badRequest(err)
		}
	}
	r := puzzle.LogicRecord{Record: p.record()}
	ctx, cancel, _, err := s.budget(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	defer cancel()
	path, err := logic.Hint(ctx, m, lopts)
	if request.StopOf(err) != model.Done {
		return stopped(r, err)
	} else if err != nil {
		return answer{}, badRequest(err)
	}
	r.FillHint(path)
	return ok(r)
}

// explainRequest is the body of /api/explain.
type explainRequest struct {
	solveRequest
	logicFields
	// Candidates asks for the pencil marks before each step (grids up to
	// maxMarksSide a side).
	Candidates bool `json:"candidates,omitempty"`
}

// explainRecord is the answer of /api/explain: the path, as the CLI's
// explain --json writes it, and the pencil marks when asked for.
type explainRecord struct {
	puzzle.LogicRecord
	// Candidates holds the pencil marks before each step and after the
	// last (one more than the steps): each cell's candidates, ascending,
	// once the givens, the earlier steps' placements and eliminations, and
	// the placed values' peers are taken out; a placed cell holds its
	// value alone.
	Candidates [][][]int `json:"candidates,omitempty"`
	// CandidatesError says why Candidates is absent though asked for.
	CandidatesError string `json:"candidates_error,omitempty"`
}

// maxMarksSide is the largest grid side whose explanation answers the
// pencil marks of every step (a 16x16 path's are about a megabyte).
const maxMarksSide = 16

// stepMarks returns the pencil marks of m before each of steps and after
// the last.
func stepMarks(m *model.Model, steps []logic.Step) ([][][]int, error) {
	fixed, excl := slices.Clone(m.Fixed()), slices.Clone(m.Excluded())
	out := make([][][]int, 0, len(steps)+1)
	at := m
	for k := 0; ; k++ {
		mk, err := logic.Candidates(at, false)
		if err != nil {
			return nil, err
		}
		out = append(out, mk.Values)
		if k == len(steps) {
			return out, nil
		}
		for _, pl := range steps[k].Placements {
			fixed = append(fixed, m.Cand(pl.Cell, pl.Value))
		}
		for _, e := range steps[k].Eliminations {
			for _, v := range e.Values {
				excl = append(excl, m.Cand(e.Cell, v))
			}
		}
		if at, err = m.WithGivens(fixed, excl); err != nil {
			return nil, err
		}
	}
}

// explain answers the whole logical path and its grade, as the CLI's
// explain --json does; the backend settles uniqueness and supplies the
// guesses where the techniques stop.
func (s *Server) explain(ctx context.Context, xreq *explainRequest) (answer, error) {
	req := &xreq.solveRequest
	lopts, err := xreq.options(s.cfg.Propagator)
	if err != nil {
		return answer{}, err
	}
	be, p, err := s.prepareWith(ctx, req)
	if err != nil {
		return answer{}, err
	}
	if p.stopped() {
		return ok(puzzle.LogicRecord{Record: p.stoppedRecord(be.Name, 0)})
	}
	ctx, cancel, nodes, err := s.budget(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	defer cancel()
	r := puzzle.LogicRecord{Record: p.record()}
	r.Backend = be.Name
	lopts.Solver, lopts.Nodes = be.Solver, nodes
	path, err := logic.Explain(ctx, p.model, lopts)
	if err != nil {
		return stopped(r, err)
	}
	r.Status = path.Status.String()
	if path.Status == model.Unknown {
		// The solver gave up: on the deadline, or else on the budget.
		switch {
		case ctx.Err() != nil:
			r.Stop = model.StopFor(ctx.Err()).String()
		case nodes > 0:
			r.Stop = model.NodeLimit.String()
		}
	}
	r.FillExplain(path)
	if !xreq.Candidates || len(r.Steps) == 0 {
		return ok(r)
	}
	x := explainRecord{LogicRecord: r}
	if side := p.item.Grid.Shape.N(); side > maxMarksSide {
		x.CandidatesError = fmt.Sprintf("a %dx%d grid: pencil marks per step go up to %dx%d", side, side, maxMarksSide, maxMarksSide)
	} else if x.Candidates, err = stepMarks(p.model, r.Steps); err != nil {
		x.CandidatesError = err.Error()
	}
	return ok(x)
}

// stopped answers a logical path that ended with err: "unknown" with the
// stop when the budget ran out, 422 with the error otherwise.
func stopped(r puzzle.LogicRecord, err error) (answer, error) {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		r.Status = model.Unknown.String()
		r.Stop = model.StopFor(err).String()
		return ok(r)
	}
	r.Error = err.Error()
	return answer{http.StatusUnprocessableEntity, r}, nil
}
