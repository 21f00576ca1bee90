package server

import (
	"cmp"
	"context"
	"net/http"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// runs implements multiRequest.
func (r *traceRequest) runs() int { return cmp.Or(min(len(r.Backends), maxRuns), maxRuns) }

// traceRequest is the body of /api/trace.
type traceRequest struct {
	puzzleFields
	// Backends to replay (default: those with Trace set).
	Backends []string `json:"backends,omitempty"`
	// Max is the number of events kept per backend (default
	// defaultEvents, at most Config.MaxEvents); later ones are counted.
	Max int `json:"max,omitempty"`
	// Limit is 1 (find a solution, the default) or 2 (prove it unique).
	Limit *int `json:"limit,omitempty"`
}

// defaultEvents is the events a trace keeps per backend when the request
// does not say.
const defaultEvents = 10000

// traceRun is one backend's replay: its record, the events kept, and the
// counts of every event, kept or not.
type traceRun struct {
	Record    puzzle.Record `json:"record"`
	Events    []traceEvent  `json:"events"`
	Dropped   int64         `json:"dropped"`
	Tries     int64         `json:"tries"`
	Undos     int64         `json:"undos"`
	Solutions int64         `json:"solutions"`
	DeadEnds  int64         `json:"deadends"`
}

// traceEvent is a model.Event with its candidate as a cell (row-major
// index, -1 for none) and a value (from 1, 0 for none).
type traceEvent struct {
	Kind    model.EventKind `json:"kind"`
	Depth   int32           `json:"depth"`
	Cell    int             `json:"cell"`
	Value   int             `json:"value"`
	Options int32           `json:"options,omitempty"`
}

// trace answers, per backend, the search's recorded events: the replay of
// the search on the puzzle, one backend after the other.
func (s *Server) trace(ctx context.Context, req *traceRequest) (answer, error) {
	bes, err := s.backendList(req.Backends, func(b Backend) bool { return b.Trace })
	if err != nil {
		return answer{}, err
	}
	keep := defaultEvents
	switch {
	case req.Max < 0 || req.Max > s.cfg.MaxEvents:
		return answer{}, errorf(http.StatusBadRequest, `"max" %d: want 1 to %d events`, req.Max, s.cfg.MaxEvents)
	case req.Max > 0:
		keep = req.Max
	}
	keep = min(keep, s.cfg.MaxEvents)
	limit := 1
	if req.Limit != nil {
		if limit = *req.Limit; limit != 1 && limit != 2 {
			return answer{}, errorf(http.StatusBadRequest, `"limit" %d: want 1 (solve) or 2 (prove unique)`, limit)
		}
	}
	p, err := s.prepare(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	n := p.item.Grid.Shape.N()
	out := make([]traceRun, 0, len(bes))
	for _, be := range bes {
		var run traceRun
		rec := model.Recorder{Max: keep}
		opts := model.Options{Limit: limit, Keep: limit, Trace: func(e model.Event) {
			switch e.Kind {
			case model.EventTry:
				run.Tries++
			case model.EventUndo:
				run.Undos++
			case model.EventSolution:
				run.Solutions++
			case model.EventDeadEnd:
				run.DeadEnds++
			}
			rec.Add(e)
		}}
		if run.Record, err = s.runWith(ctx, p, be, &req.puzzleFields, opts); err != nil {
			return answer{}, err
		}
		run.Events = make([]traceEvent, len(rec.Events))
		for i, e := range rec.Events {
			run.Events[i] = traceEvent{Kind: e.Kind, Depth: e.Depth, Cell: -1, Options: e.Options}
			if e.Cand != model.NoCand {
				run.Events[i].Cell, run.Events[i].Value = int(e.Cand)/n, int(e.Cand)%n+1
			}
		}
		run.Dropped = rec.Dropped
		out = append(out, run)
	}
	return ok(out)
}
