package server

import (
	"cmp"
	"context"
	"net/http"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/request"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/setter"
)

// trueRecord is the answer of /api/truecandidates: the record and, per
// cell in row order, the values some solution holds and those left
// undecided when the request's deadline or node budget stopped a solve.
type trueRecord struct {
	puzzle.Record
	Candidates [][]int `json:"candidates"`
	Unknown    [][]int `json:"unknown"`
	Undecided  int     `json:"undecided"`
	Solves     int     `json:"solves"`
}

// suggestRequest is the body of /api/suggest.
type suggestRequest struct {
	solveRequest
	// Sample is the number of solutions sampled (default 200, at most
	// Config.MaxCount); Max the additions answered (default 20).
	Sample int `json:"sample,omitempty"`
	Max    int `json:"max,omitempty"`
}

// suggestRecord is the answer of /api/suggest.
type suggestRecord struct {
	puzzle.Record
	Sample    int          `json:"sample"`
	Exact     bool         `json:"sample_exact"`
	Additions []suggestion `json:"additions"`
	Kinds     []string     `json:"kinds"`
	Refused   []string     `json:"refused,omitempty"`
}

// suggestion is one addition: its kind, cells, value (a given's) and
// status with it ("unique", "multiple", or "unchecked").
type suggestion struct {
	Kind   string   `json:"kind"`
	Cells  []string `json:"cells"`
	Value  int      `json:"value,omitempty"`
	Kept   int      `json:"kept"`
	Status string   `json:"status"`
}

// minimalRecord is the answer of /api/minimal: the verdict (puzzle.Record
// with minimal, redundant and redundant_rules) and how many rules were
// checked.
type minimalRecord struct {
	puzzle.Record
	Checked int `json:"checked"`
	Parts   int `json:"parts"`
}

// trueCandidates answers the true candidates of a puzzle, each decided by
// a solve within the request's deadline and node budget.
func (s *Server) trueCandidates(ctx context.Context, req *solveRequest) (answer, error) {
	be, p, err := s.prepareWith(ctx, req)
	if err != nil {
		return answer{}, err
	}
	if p.stopped() {
		return ok(trueRecord{Record: p.stoppedRecord(be.Name, 0)})
	}
	ctx, cancel, nodes, err := s.budget(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	defer cancel()
	c, err := setter.TrueCandidates(ctx, p.model, be.Solver, nodes)
	if err != nil {
		return answer{}, errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	r := trueRecord{Record: p.record(), Undecided: c.Undecided(), Solves: c.Solves}
	r.Backend, r.Stop = be.Name, c.Stop.String()
	cells := p.model.Cells()
	r.Candidates, r.Unknown = make([][]int, cells), make([][]int, cells)
	for i := range cells {
		yes, unknown := c.Digits(i)
		r.Candidates[i], r.Unknown[i] = nonNil(yes), nonNil(unknown)
	}
	return ok(r)
}

// nonNil returns vs, or an empty list for nil (JSON [] rather than null).
func nonNil(vs []int) []int {
	if vs == nil {
		return []int{}
	}
	return vs
}

// rulesOf returns the context and node budget of a request's analysis
// (call cancel when done) and the rule set of its prepared puzzle, for the
// analyses that rebuild it without a part or with an addition.
func (s *Server) rulesOf(ctx context.Context, p *prepared, f *puzzleFields) (context.Context, context.CancelFunc, int64, *rules.Set, error) {
	ctx, cancel, nodes, err := s.budget(ctx, f)
	if err != nil {
		return nil, nil, 0, nil, err
	}
	rs, err := rules.NewContext(ctx, s.cfg.MaxMembers, p.item.Grid.Shape, p.item.Own...)
	if err != nil {
		cancel()
		return nil, nil, 0, nil, buildError(err)
	}
	return ctx, cancel, nodes, rs, nil
}

// suggest answers the single additions that would make a puzzle with
// several solutions unique, best first.
func (s *Server) suggest(ctx context.Context, req *suggestRequest) (answer, error) {
	if req.Sample < 0 || req.Sample > s.cfg.MaxCount || req.Max < 0 || req.Max > request.MaxListed {
		return answer{}, errorf(http.StatusBadRequest, `"sample" must be 0 to %d and "max" 0 to %d`, s.cfg.MaxCount, request.MaxListed)
	}
	be, p, err := s.prepareWith(ctx, &req.solveRequest)
	if err != nil {
		return answer{}, err
	}
	if p.stopped() {
		return ok(suggestRecord{Record: p.stoppedRecord(be.Name, 0), Additions: []suggestion{}})
	}
	ctx, cancel, nodes, rs, err := s.rulesOf(ctx, p, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	defer cancel()
	sg, err := setter.Suggest(ctx, rs, p.item.Grid, be.Solver, setter.SuggestOptions{Nodes: nodes, Sample: req.Sample, Max: cmp.Or(req.Max, 20)})
	if err != nil {
		return answer{}, errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	r := suggestRecord{Record: p.record(), Sample: sg.Sample, Exact: sg.Exact, Kinds: sg.Kinds, Refused: sg.Refused, Additions: []suggestion{}}
	r.Backend, r.Status, r.Stop = be.Name, sg.Status.String(), sg.Stop.String()
	for _, a := range sg.Additions {
		cells := make([]string, len(a.Cells))
		for i, c := range a.Cells {
			cells[i] = c.String()
		}
		st := a.Status.String()
		if a.Status == model.Unknown {
			st = "unchecked"
		}
		r.Additions = append(r.Additions, suggestion{Kind: a.Kind, Cells: cells, Value: a.Value, Kept: a.Kept, Status: st})
	}
	return ok(r)
}

// minimal answers, for a unique puzzle, the givens and the rules (cages,
// dots, lines, variants) that can each be removed keeping it unique.
func (s *Server) minimal(ctx context.Context, req *solveRequest) (answer, error) {
	be, p, err := s.prepareWith(ctx, req)
	if err != nil {
		return answer{}, err
	}
	r, err := s.run(ctx, p, be, &req.puzzleFields, 2, 0)
	switch {
	case err != nil:
		return answer{}, err
	case r.Error != "":
		return answer{http.StatusUnprocessableEntity, minimalRecord{Record: r}}, nil
	case r.Status != model.Unique.String():
		return ok(minimalRecord{Record: r})
	}
	ctx, cancel, nodes, rs, err := s.rulesOf(ctx, p, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	defer cancel()
	red, err := setter.Redundant(ctx, rs, p.item.Grid, be.Solver, nodes)
	if err != nil {
		return answer{}, errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	r.Stop = red.Stop.String()
	if red.Stop == model.Done {
		minimal := len(red.Givens)+len(red.Parts) == 0
		r.Minimal = &minimal
	}
	r.Redundant, r.RedundantRules, r.Unchecked = []string{}, []string{}, red.Refused
	for _, c := range red.Givens {
		r.Redundant = append(r.Redundant, c.String())
	}
	for _, pt := range red.Parts {
		r.RedundantRules = append(r.RedundantRules, pt.Name)
	}
	return ok(minimalRecord{Record: r, Checked: red.Checked, Parts: red.Total})
}

// estimateRequest is the body of /api/estimate.
type estimateRequest struct {
	solveRequest
	// Probes is the number of probes (default 100, at most maxProbes);
	// Seed seeds their random choices.
	Probes int    `json:"probes,omitempty"`
	Seed   uint64 `json:"seed,omitempty"`
}

// maxProbes bounds an estimate's probes on the server: each probe solves
// once per cell at most, within the request's deadline.
const maxProbes = 10_000

// estimateRecord is the answer of /api/estimate: Knuth's estimate of the
// number of solutions, its standard error and a 95% interval, and how many
// probes and solves it took; Stop says why it ended early (then it stands
// on the probes done).
type estimateRecord struct {
	puzzle.Record
	Mean   float64 `json:"mean"`
	StdErr float64 `json:"stderr"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	Probes int     `json:"probes"`
	Solves int     `json:"solves"`
}

// estimate answers an estimate of the number of solutions, for puzzles
// whose count would take too long.
func (s *Server) estimate(ctx context.Context, req *estimateRequest) (answer, error) {
	if req.Probes < 0 || req.Probes > maxProbes {
		return answer{}, errorf(http.StatusBadRequest, `"probes" must be 0 to %d`, maxProbes)
	}
	be, p, err := s.prepareWith(ctx, &req.solveRequest)
	if err != nil {
		return answer{}, err
	}
	if p.stopped() {
		return ok(estimateRecord{Record: p.stoppedRecord(be.Name, 0)})
	}
	ctx, cancel, nodes, err := s.budget(ctx, &req.puzzleFields)
	if err != nil {
		return answer{}, err
	}
	defer cancel()
	e, err := setter.EstimateCount(ctx, p.model, be.Solver, setter.EstimateOptions{Probes: req.Probes, Seed: req.Seed, Nodes: nodes})
	if err != nil {
		return answer{}, errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	r := estimateRecord{Record: p.record(), Mean: e.Mean, StdErr: e.StdErr, Low: e.Low, High: e.High, Probes: e.Probes, Solves: e.Solves}
	r.Backend, r.Stop = be.Name, e.Stop.String()
	return ok(r)
}
