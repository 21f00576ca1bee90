package request

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
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
	backend string
	second  model.Solver
	clues   bool
}

// NewGenerator checks o and returns its generator. lookup returns the
// solver of a backend name: o.Backend (or generate's default) and, with
// o.Crosscheck, the second backend. ctx bounds the grading that
// --difficulty does for JSON records.
func NewGenerator(ctx context.Context, o GenOptions, lookup func(name string) (model.Solver, error)) (*Generator, error) {
	var gopts generate.Options
	sh, err := sudoku.ParseShape(o.Shape)
	if err != nil {
		return nil, err
	}
	gopts.Shape = sh
	if err := gopts.SetVariants(o.Variant); err != nil {
		return nil, err
	}
	if o.Clues != 0 && gopts.Clues == generate.NoClues {
		return nil, fmt.Errorf("--clues needs --variant arrow, littlekiller or thermo")
	}
	gopts.ClueCount = o.Clues
	if gopts.Symmetry, err = generate.ParseSymmetry(o.Symmetry); err != nil {
		return nil, err
	}
	if o.First < 0 || o.Givens < 0 || o.Attempts < 0 || o.Nodes < 0 || o.Clues < 0 || o.CageSize < 2 {
		return nil, fmt.Errorf("--first, --givens, --attempts, --nodes and --clues must not be negative and --cage-size at least 2")
	}
	g := &Generator{opts: o, backend: o.Backend, clues: gopts.Clues != generate.NoClues}
	if g.backend == "" {
		g.backend = generate.DefaultBackend(gopts)
	}
	if gopts.Solver, err = lookup(g.backend); err != nil {
		return nil, err
	}
	gopts.Minimal, gopts.Givens, gopts.Seed, gopts.Attempts, gopts.Nodes = o.Minimal, o.Givens, o.Seed, o.Attempts, o.Nodes
	gopts.CageSize = o.CageSize
	if o.Difficulty != "" {
		if err := gopts.SetDifficulty(o.Difficulty); err != nil {
			return nil, err
		}
		if o.JSON {
			gopts.Grader = generate.LogicGrader(ctx, gopts.Solver, o.Nodes)
		}
	}
	if g.gen, err = generate.New(gopts); err != nil {
		return nil, err
	}
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

// GenRecord is one puzzle of generate --json.
type GenRecord struct {
	Schema int `json:"schema"`
	// Source is "generate"; Line the puzzle's line in the output.
	Source string `json:"source"`
	Line   int    `json:"line"`
	Index  int    `json:"index"`
	// Seed is the run's --seed: --seed Seed --first Index -n 1 makes the
	// puzzle again. PuzzleSeed is the seed derived from both that the
	// generator used (generate.PuzzleSeed).
	Seed       uint64   `json:"seed"`
	PuzzleSeed uint64   `json:"puzzle_seed"`
	Puzzle     string   `json:"puzzle"`
	Solution   string   `json:"solution"`
	Link       string   `json:"link,omitempty"`
	Shape      string   `json:"shape"`
	Size       int      `json:"size"`
	Variants   []string `json:"variants"`
	Symmetry   string   `json:"symmetry"`
	Givens     int      `json:"givens"`
	Reached    bool     `json:"reached"`
	Minimal    *bool    `json:"minimal,omitempty"`
	// WithoutClues: what a proof says of the givens without the clues
	// (multiple: the clues matter; unknown: the budget stopped it).
	WithoutClues string         `json:"without_clues,omitempty"`
	Cages        []GenCage      `json:"cages,omitempty"`
	Level        string         `json:"level,omitempty"`
	Score        *float64       `json:"score,omitempty"`
	Crosscheck   string         `json:"crosscheck,omitempty"`
	Backend      string         `json:"backend"`
	Stats        generate.Stats `json:"stats"`
}

// GenCage is a killer cage in generate --json: its cells ("r1c2") and
// total.
type GenCage struct {
	Cells []string `json:"cells"`
	Total int      `json:"total"`
}

// killerCages lists k's cages for JSON.
func killerCages(k variants.Killer) []GenCage {
	out := make([]GenCage, len(k.Cages))
	for i, c := range k.Cages {
		out[i].Total = c.Total
		for _, cell := range c.Cells {
			out[i].Cells = append(out[i].Cells, cell.String())
		}
	}
	return out
}

// line returns a puzzle's output line: its line format, an f-puzzles
// link for a puzzle with rules (a diagonal puzzle's line read without
// --variant diagonal is another puzzle), or its JSON record (which says
// what the givens alone allow when clues were drawn).
func (g *Generator) line(p generate.Puzzle, check string) (string, error) {
	line := p.Grid.Line()
	link := ""
	var cages []GenCage
	for _, v := range p.Variants {
		if k, ok := v.(variants.Killer); ok {
			cages = killerCages(k)
		}
	}
	if len(p.Variants) > 0 {
		var err error
		if link, _, err = fpuzzles.URL(&fpuzzles.Puzzle{Grid: p.Grid, Variants: p.Variants}); err != nil {
			return "", err
		}
	}
	if !g.opts.JSON {
		if link != "" {
			return link, nil
		}
		return line, nil
	}
	o := g.opts
	rec := GenRecord{Schema: puzzle.Schema, Source: "generate", Line: p.Index - o.First + 1, Index: p.Index, Seed: o.Seed, PuzzleSeed: p.Seed, Puzzle: line, Solution: p.Solution.Line(), Link: link,
		Shape: p.Grid.Shape.String(), Size: p.Grid.Shape.N(), Variants: []string{}, Symmetry: p.Symmetry.String(),
		Givens: p.Givens, Reached: p.Reached, Level: p.Level, Cages: cages, Crosscheck: check, Backend: g.backend, Stats: p.Stats}
	for _, v := range p.Variants {
		rec.Variants = append(rec.Variants, v.Name())
	}
	if o.Minimal {
		rec.Minimal = &p.Minimal
	}
	if g.clues {
		rec.WithoutClues = p.WithoutClues.String()
	}
	if p.Level != "" {
		rec.Score = &p.Score
	}
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
