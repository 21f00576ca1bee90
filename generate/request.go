package generate

import (
	"cmp"
	"errors"

	"github.com/sudokit/sudokit/sudoku"
)

// A Request is what a front end reads from its user to generate puzzles:
// the grid, rules, symmetry and difficulty as text, the rest as numbers.
// The sudokit command's flags and the server's /api/generate both read
// into one, so that the same words mean the same generator.
type Request struct {
	// Size is a grid side ("9") or box rows x columns ("2x3"); "" is 9.
	Size string
	// Variants are comma-separated rules (Options.SetVariants).
	Variants   string
	Symmetry   string
	Difficulty string
	// Rating is a band of ratings on Sudoku Explainer's scale
	// (ParseBand: "7.0-7.9", "9.0+").
	Rating   string
	Minimal  bool
	Givens   int
	Attempts int
	// Clues is Options.ClueCount; CageSize Options.CageSize.
	Clues    int
	CageSize int
	Seed     uint64
	Nodes    int64
}

// Options returns the generator's options for r, without a Solver or a
// Grader (the front end picks the backend, see DefaultBackend). Its
// errors speak of the options by their words, which a front end's flags
// and members share: "givens", "cage size", "clues".
func (r Request) Options() (Options, error) {
	var o Options
	if r.Givens < 0 || r.Attempts < 0 || r.Clues < 0 || r.CageSize < 0 || r.Nodes < 0 {
		return o, errors.New("givens, attempts, clues, cage size and nodes must not be negative")
	}
	if r.CageSize == 1 {
		return o, errors.New("cage size 1: a killer cage has at least 2 cells")
	}
	sh, err := sudoku.ParseShape(cmp.Or(r.Size, "9"))
	if err != nil {
		return o, err
	}
	o.Shape = sh
	if err := o.SetVariants(r.Variants); err != nil {
		return o, err
	}
	if r.Clues != 0 && o.Clues == NoClues {
		return o, errors.New("clues need a variant that draws them: arrow, littlekiller or thermo")
	}
	if o.Symmetry, err = ParseSymmetry(r.Symmetry); err != nil {
		return o, err
	}
	if r.Difficulty != "" {
		if err := o.SetDifficulty(r.Difficulty); err != nil {
			return o, err
		}
	}
	if r.Rating != "" {
		if r.Difficulty != "" {
			return o, errors.New("rating and difficulty: ask for one")
		}
		if o.Rating, err = ParseBand(r.Rating); err != nil {
			return o, err
		}
	}
	o.Minimal, o.Givens, o.Attempts, o.Seed, o.Nodes = r.Minimal, r.Givens, r.Attempts, r.Seed, r.Nodes
	o.ClueCount, o.CageSize = r.Clues, r.CageSize
	return o, nil
}

// DefaultBackend names the backend that proves the puzzles of o unique
// when the user names none: prop up to 9x9 and for clues, auto (which
// picks DLX or SAT) for killers and larger grids.
func DefaultBackend(o Options) string {
	if (o.Shape.N() <= 9 && !o.Killer) || o.Clues != NoClues {
		return "prop"
	}
	return "auto"
}
