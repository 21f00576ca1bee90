package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/model"
)

// generateRequest is the body of /api/generate: the options of the CLI's
// generate.
type generateRequest struct {
	// Size is a grid side ("9") or box rows x columns ("2x3"); default 9.
	Size string `json:"size,omitempty"`
	// Variants are global rule sets, "jigsaw" (random regions), "killer"
	// (cages-only killers) or a clue kind: "arrow", "littlekiller" or
	// "thermo" (generate.Options.SetVariants).
	Variants   []string `json:"variants,omitempty"`
	Symmetry   string   `json:"symmetry,omitempty"`
	Minimal    bool     `json:"minimal,omitempty"`
	Givens     int      `json:"givens,omitempty"`
	Difficulty string   `json:"difficulty,omitempty"`
	// Rating is a band of ratings on Sudoku Explainer's scale, as the
	// CLI's --rating reads it ("7.0-7.9", "9.0+").
	Rating string `json:"rating,omitempty"`
	// Seed makes the puzzles reproducible; absent, one is drawn and
	// answered. It is a whole number from 0 to 2^64-1, as a JSON string
	// (as the answer gives it) or number.
	Seed *seedValue `json:"seed,omitempty"`
	// Count is the number of puzzles (default 1, at most
	// Config.MaxGenerate).
	Count    int `json:"count,omitempty"`
	Attempts int `json:"attempts,omitempty"`
	// Clues and CageSize are the CLI's --clues and --cage-size.
	Clues    int    `json:"clues,omitempty"`
	CageSize int    `json:"cage_size,omitempty"`
	Backend  string `json:"backend,omitempty"`
	bounds
}

// generateAnswer is the answer of /api/generate.
type generateAnswer struct {
	// Seed, as each puzzle's, is a string of digits: a JSON number
	// above 2^53 would be rounded by JavaScript, and the seed would not
	// give the same puzzles again.
	Seed uint64 `json:"seed,string"`
	// Puzzles are the records generate --json prints (generate.Record).
	Puzzles []generate.Record `json:"puzzles"`
	// Stop says why there are fewer puzzles than asked for: "deadline",
	// or the attempts that met no puzzle.
	Stop string `json:"stop,omitempty"`
}

// generate answers new puzzles with exactly one solution.
func (s *Server) generate(ctx context.Context, req *generateRequest) (answer, error) {
	opts, be, err := s.genOptions(ctx, req)
	if err != nil {
		return answer{}, err
	}
	ctx, cancel, nodes, err := s.bounded(ctx, req.bounds)
	if err != nil {
		return answer{}, err
	}
	defer cancel()
	opts.Nodes = nodes
	if req.Difficulty != "" {
		opts.Grader = generate.LogicGrader(ctx, be.Solver, nodes)
	}
	g, err := generate.New(opts)
	if err != nil {
		return answer{}, badRequest(err)
	}
	a := generateAnswer{Seed: opts.Seed, Puzzles: []generate.Record{}}
	err = g.Generate(ctx, 0, max(req.Count, 1), 1, func(p generate.Puzzle) error {
		r, err := generate.NewRecord(p, opts, be.Name, 0)
		a.Puzzles = append(a.Puzzles, r)
		return err
	})
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		a.Stop = model.StopFor(ctx.Err()).String()
	case errors.Is(err, generate.ErrAttempts):
		a.Stop = err.Error()
	case err != nil:
		return answer{}, badRequest(err)
	}
	return ok(a)
}

// genOptions reads a generate request into the generator's options and
// the backend that proves uniqueness: the one the request names, else
// generate.DefaultBackend when the server has it, else the server's
// default.
func (s *Server) genOptions(_ context.Context, req *generateRequest) (generate.Options, Backend, error) {
	if req.Count < 0 || req.Count > s.cfg.MaxGenerate {
		return generate.Options{}, Backend{}, errorf(http.StatusBadRequest, `"count" %d: want 1 to %d`, req.Count, s.cfg.MaxGenerate)
	}
	gr := generate.Request{Size: req.Size, Variants: strings.Join(req.Variants, ","), Symmetry: req.Symmetry,
		Difficulty: req.Difficulty, Rating: req.Rating, Minimal: req.Minimal, Givens: req.Givens, Attempts: req.Attempts, Clues: req.Clues,
		CageSize: req.CageSize, Seed: rand.Uint64()}
	if req.Seed != nil {
		gr.Seed = uint64(*req.Seed)
	}
	o, err := gr.Options()
	if err != nil {
		return o, Backend{}, badRequest(err)
	}
	if n := o.Shape.N(); n > s.cfg.MaxSide {
		return o, Backend{}, errorf(http.StatusBadRequest, "a %dx%d grid is larger than this server takes (at most %dx%d)", n, n, s.cfg.MaxSide, s.cfg.MaxSide)
	}
	name := req.Backend
	if _, has := s.backends[generate.DefaultBackend(o)]; name == "" && has {
		name = generate.DefaultBackend(o)
	}
	be, err := s.backend(name)
	if err != nil {
		return o, be, err
	}
	o.Solver = be.Solver
	return o, be, nil
}

// A seedValue is a request's seed: a JSON number or a string of digits.
type seedValue uint64

// UnmarshalJSON implements json.Unmarshaler.
func (v *seedValue) UnmarshalJSON(b []byte) error {
	text := strings.Trim(string(b), `"`)
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("member \"seed\": want a whole number from 0 to %d, as a number or a string, got %s", uint64(math.MaxUint64), b)
	}
	*v = seedValue(n)
	return nil
}
