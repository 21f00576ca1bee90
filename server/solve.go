package server

import (
	"cmp"
	"context"
	"net/http"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
)

// solveRequest is the body of /api/solve and /api/verify.
type solveRequest struct {
	puzzleFields
	Backend string `json:"backend,omitempty"`
}

// countRequest is the body of /api/count: solveRequest and a limit.
type countRequest struct {
	solveRequest
	// Limit is the count to stop at (default 2, at most Config.MaxCount).
	Limit *int `json:"limit,omitempty"`
}

// compareRequest is the body of /api/compare.
type compareRequest struct {
	puzzleFields
	// Backends to run, side by side (default: those with Compare set).
	Backends []string `json:"backends,omitempty"`
	Limit    *int     `json:"limit,omitempty"`
}

// runs implements multiRequest.
func (r *compareRequest) runs() int { return cmp.Or(min(len(r.Backends), maxRuns), maxRuns) }

// solve answers the record of a search for one solution.
func (s *Server) solve(ctx context.Context, req *solveRequest) (answer, error) {
	return s.answerOne(ctx, req, 1, 1)
}

// verify answers the record of a search for two solutions: unique,
// multiple (with the cells where they differ) or none.
func (s *Server) verify(ctx context.Context, req *solveRequest) (answer, error) {
	return s.answerOne(ctx, req, 2, 2)
}

// count answers the record of a count up to the request's limit.
func (s *Server) count(ctx context.Context, req *countRequest) (answer, error) {
	limit, err := s.limit(req.Limit)
	if err != nil {
		return answer{}, err
	}
	return s.answerOne(ctx, &req.solveRequest, limit, min(limit, request.MaxListed))
}

// limit reads a request's solution limit: 2 when absent, else 1 to
// Config.MaxCount.
func (s *Server) limit(l *int) (int, error) {
	switch {
	case l == nil:
		return 2, nil
	case *l < 1 || *l > s.cfg.MaxCount:
		return 0, errorf(http.StatusBadRequest, `"limit" %d: want 1 to %d (this server counts no further)`, *l, s.cfg.MaxCount)
	}
	return *l, nil
}

// answerOne runs the request's backend with a limit and answers its
// record: 200, or 422 when the backend refused the puzzle (the record's
// error says why).
func (s *Server) answerOne(ctx context.Context, req *solveRequest, limit, keep int) (answer, error) {
	be, p, err := s.prepareWith(ctx, req)
	if err != nil {
		return answer{}, err
	}
	r, err := s.run(ctx, p, be, &req.puzzleFields, limit, keep)
	if err != nil {
		return answer{}, err
	}
	if r.Error != "" {
		return answer{http.StatusUnprocessableEntity, r}, nil
	}
	return ok(r)
}

// prepareWith returns the backend a request names and its puzzle, read
// and built.
func (s *Server) prepareWith(ctx context.Context, req *solveRequest) (Backend, *prepared, error) {
	be, err := s.backend(req.Backend)
	if err != nil {
		return be, nil, err
	}
	p, err := s.prepare(ctx, &req.puzzleFields)
	return be, p, err
}

// run solves a prepared puzzle with one backend under the request's budget
// and returns its record.
func (s *Server) run(ctx context.Context, p *prepared, be Backend, f *puzzleFields, limit, keep int) (puzzle.Record, error) {
	return s.runWith(ctx, p, be, f, model.Options{Limit: limit, Keep: keep})
}

// runWith is run with more options (a trace); their Nodes is the budget's.
func (s *Server) runWith(ctx context.Context, p *prepared, be Backend, f *puzzleFields, opts model.Options) (puzzle.Record, error) {
	ctx, cancel, nodes, err := s.budget(ctx, f)
	if err != nil {
		return puzzle.Record{}, err
	}
	defer cancel()
	if p.stopped() {
		return p.stoppedRecord(be.Name, opts.Limit), nil
	}
	opts.Nodes = nodes
	res, err := be.Solver.Solve(ctx, p.model, opts)
	r := p.record()
	r.Fill(p.item, be.Name, res, err, opts.Limit)
	return r, nil
}

// compare answers the records of several backends on one puzzle, each
// with the request's full budget, one after the other.
func (s *Server) compare(ctx context.Context, req *compareRequest) (answer, error) {
	bes, err := s.backendList(req.Backends, func(b Backend) bool { return b.Compare })
	if err != nil {
		return answer{}, err
	}
	limit, err := s.limit(req.Limit)
	if err != nil {
		return answer{}, err
	}
	p, err := s.prepare(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	out := make([]puzzle.Record, 0, len(bes))
	for _, be := range bes {
		r, err := s.run(ctx, p, be, &req.puzzleFields, limit, min(limit, 2))
		if err != nil {
			return answer{}, err
		}
		out = append(out, r)
	}
	return ok(out)
}
