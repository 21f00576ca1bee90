package request

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/model"
)

// Generate names the operation that makes puzzles from options and a seed
// instead of answering puzzles read. A Generator does it; Runner does not.
const Generate = "generate"

// DefaultCageSize is the most cells of a killer cage, unless GenOptions
// says otherwise (--cage-size).
const DefaultCageSize = generate.DefaultCageSize

// GenOptions are generate's options, as the command's flags give them.
// Like Options, it is plain data that travels as JSON.
type GenOptions struct {
	// Shape is --size: a side (9) or box rows x columns (2x3).
	Shape string `json:"shape"`
	// Variant is the comma-separated rules (--variant), CageSize killer's
	// --cage-size, Clues the clues per puzzle (0: the default).
	Variant  string `json:"variant,omitempty"`
	CageSize int    `json:"cage_size,omitempty"`
	Clues    int    `json:"clues,omitempty"`
	Symmetry string `json:"symmetry,omitempty"`
	Minimal  bool   `json:"minimal,omitempty"`
	Givens   int    `json:"givens,omitempty"`
	// Seed is the run's seed and First the index of its first puzzle:
	// puzzle i of a run is generate's index First+i.
	Seed     uint64 `json:"seed"`
	First    int    `json:"first,omitempty"`
	Attempts int    `json:"attempts,omitempty"`
	// Difficulty is --difficulty ("expert+"); "" takes any level.
	Difficulty string `json:"difficulty,omitempty"`
	// Rating is --rating, a band of ratings on Sudoku Explainer's scale
	// ("7.0-7.9", "9.0+"); "" takes any.
	Rating string `json:"rating,omitempty"`
	// Backend proves uniqueness; "" is generate's default (GenBackend).
	Backend string `json:"backend,omitempty"`
	Nodes   int64  `json:"nodes,omitempty"`
	// JSON prints records instead of lines; Crosscheck confirms each
	// puzzle with a second backend (CrosscheckBackend).
	JSON       bool `json:"json,omitempty"`
	Crosscheck bool `json:"crosscheck,omitempty"`
}

// A Generator makes the puzzles of one GenOptions and prints each as
// sudokit generate does. It is safe for concurrent use.
type Generator struct {
	opts    GenOptions
	gen     *generate.Generator
	gopts   generate.Options // gen's, for its records
	backend string
	second  model.Solver
}

// Request returns the generator's request of o: the options the server's
// /api/generate reads too, parsed and checked by the same function.
func (o GenOptions) Request() generate.Request {
	return generate.Request{Size: o.Shape, Variants: o.Variant, Symmetry: o.Symmetry, Difficulty: o.Difficulty,
		Rating: o.Rating, Minimal: o.Minimal, Givens: o.Givens, Attempts: o.Attempts, Clues: o.Clues, CageSize: o.CageSize, Seed: o.Seed, Nodes: o.Nodes}
}

// NewGenerator checks o and returns its generator. lookup returns the
// solver of a backend name: o.Backend (or generate.DefaultBackend) and,
// with o.Crosscheck, the second backend. ctx bounds the grading that
// --difficulty does for JSON records.
func NewGenerator(ctx context.Context, o GenOptions, lookup func(name string) (model.Solver, error)) (*Generator, error) {
	if o.First < 0 {
		return nil, fmt.Errorf("--first %d: must not be negative", o.First)
	}
	gopts, err := o.Request().Options()
	if err != nil {
		return nil, err
	}
	g := &Generator{opts: o, backend: cmp.Or(o.Backend, generate.DefaultBackend(gopts))}
	if gopts.Solver, err = lookup(g.backend); err != nil {
		return nil, err
	}
	if o.Difficulty != "" && o.JSON {
		gopts.Grader = generate.LogicGrader(ctx, gopts.Solver, o.Nodes)
	}
	if g.gen, err = generate.New(gopts); err != nil {
		return nil, err
	}
	g.gopts = gopts
	if o.Crosscheck {
		if g.second, err = lookup(crosscheckBackend(g.backend, gopts)); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Backend returns the name of the backend that proves uniqueness.
func (g *Generator) Backend() string { return g.backend }

// Generator returns the puzzle generator, for a run of many puzzles
// (generate.Generator.Generate) whose puzzles Print prints.
func (g *Generator) Generator() *generate.Generator { return g.gen }

// Do makes puzzle i of the run (generate's index First+i) and prints it.
// A puzzle that could not be made is an Answer without Text: Limited
// with a Warning when the attempts ran out or ctx ended, else an Error;
// a run stops at such a puzzle, after printing those before it.
func (g *Generator) Do(ctx context.Context, i int) Answer {
	p, err := g.gen.Puzzle(ctx, g.opts.First+i)
	if err != nil {
		return GenFailed(err)
	}
	a, err := g.Print(ctx, p)
	if err != nil {
		return GenFailed(err)
	}
	return a
}

// GenFailed is the answer of a puzzle that err stopped: Limited for the
// attempts running out or a context ending (with a warning unless it was
// an interrupt), else an Error.
func GenFailed(err error) Answer {
	switch {
	case errors.Is(err, context.Canceled):
		return Answer{Limited: true}
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, generate.ErrAttempts):
		return Answer{Limited: true, Warning: err.Error()}
	}
	return Answer{Error: err.Error()}
}

// Print checks a puzzle with the second backend when asked (Negative,
// with a Warning, when it disagrees) and prints it: its line, an
// f-puzzles link for a puzzle with rules (a line carries none), or its
// JSON record. An error means the check was cut short by ctx or the link
// could not be written: the puzzle is not printed.
func (g *Generator) Print(ctx context.Context, p generate.Puzzle) (Answer, error) {
	var a Answer
	check := ""
	if g.second != nil {
		check = crosscheckPuzzle(ctx, g.second, p)
		if err := ctx.Err(); err != nil {
			return a, err
		}
		if check != "unique" {
			a.Negative = true
			a.Warning = fmt.Sprintf("puzzle %d: the second backend says %s: %s", p.Index, check, p.Grid.Line())
		}
	}
	line, err := g.line(p, check)
	if err != nil {
		return a, err
	}
	a.Text = append([]byte(line), '\n')
	return a, nil
}

// line returns a puzzle's output line: its line format, an f-puzzles
// link for a puzzle with rules (a diagonal puzzle's line read without
// --variant diagonal is another puzzle), or its JSON record
// (generate.NewRecord, as /api/generate answers it).
func (g *Generator) line(p generate.Puzzle, check string) (string, error) {
	rec, err := generate.NewRecord(p, g.gopts, g.backend, g.opts.First)
	switch {
	case err != nil:
		return "", err
	case !g.opts.JSON:
		return cmp.Or(rec.Link, rec.Puzzle), nil
	}
	rec.Crosscheck = check
	b, err := json.Marshal(rec)
	return string(b), err
}

// crosscheckBackend names the backend --crosscheck asks: sat, or when sat
// proved the puzzles dlx, or prop for clues (DLX refuses a long little
// killer diagonal and can take seconds on an arrow puzzle's few givens);
// for killers prop, since auto answers those with DLX or SAT (sat when
// prop proved them).
func crosscheckBackend(backend string, o generate.Options) string {
	switch {
	case o.Killer && backend != "prop":
		return "prop"
	case backend == "sat" && o.Clues != generate.NoClues:
		return "prop"
	case backend == "sat":
		return "dlx"
	}
	return "sat"
}

// crosscheckPuzzle asks a second solver for two solutions of p and checks
// them with the referee: "unique" when it agrees.
func crosscheckPuzzle(ctx context.Context, s model.Solver, p generate.Puzzle) string {
	res, err := s.Solve(ctx, p.Model, model.Options{Limit: 2})
	if err != nil {
		return "error: " + err.Error()
	}
	for _, sol := range res.Solutions {
		if err := model.Check(p.Model, sol); err != nil {
			return "a wrong solution: " + err.Error()
		}
	}
	if res.Status == model.Unique && len(res.Solutions) == 1 {
		n := p.Grid.Shape.N()
		for cell, c := range res.Solutions[0] {
			if int(c)-cell*n+1 != p.Solution.Cells[cell] {
				return "another solution"
			}
		}
	}
	return res.Status.String()
}
