package generate

import (
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/variants"
)

// Schema is the version of Record's layout: the number puzzle.Record
// gives, since a generated puzzle's record reads as the others do.
const Schema = 1

// A Record is one generated puzzle as a JSON object: what sudokit
// generate --json prints, a queue's generate writes and /api/generate
// answers, member for member. Members that do not apply are omitted.
type Record struct {
	Schema int `json:"schema"`
	// Source is "generate"; Line the puzzle's line in its run's output.
	Source string `json:"source"`
	Line   int    `json:"line"`
	Index  int    `json:"index"`
	// Seed is the run's seed: it, with Index as the first index, makes
	// the puzzle again. PuzzleSeed is the seed derived from both that the
	// generator used (PuzzleSeed). Both are strings of digits, which a
	// JSON reader takes exactly (a number above 2^53 is rounded by
	// JavaScript and by many other readers).
	Seed       uint64 `json:"seed,string"`
	PuzzleSeed uint64 `json:"puzzle_seed,string"`
	Puzzle     string `json:"puzzle"`
	Solution   string `json:"solution"`
	// Link is an f-puzzles link carrying the puzzle's rules (global,
	// regions, cages, clues); absent for a classic puzzle.
	Link     string   `json:"link,omitempty"`
	Shape    string   `json:"shape"`
	Size     int      `json:"size"`
	Variants []string `json:"variants"`
	Symmetry string   `json:"symmetry"`
	Givens   int      `json:"givens"`
	Reached  bool     `json:"reached"`
	// Minimal is whether the puzzle is minimal, when that was asked.
	Minimal *bool `json:"minimal,omitempty"`
	// WithoutClues, with clues drawn: what a proof says of the givens
	// without them (multiple: the clues matter; unknown: the budget
	// stopped it).
	WithoutClues string `json:"without_clues,omitempty"`
	// Cages are a killer's cages.
	Cages []Cage `json:"cages,omitempty"`
	// Level and Score are the grader's verdict, when there was one.
	Level string   `json:"level,omitempty"`
	Score *float64 `json:"score,omitempty"`
	// Rating is the puzzle's rating on Sudoku Explainer's scale, as
	// sudokit grade --json gives it, when a rating band was asked.
	Rating *logic.Rating `json:"rating,omitempty"`
	// Crosscheck is what a second backend said, when one was asked.
	Crosscheck string `json:"crosscheck,omitempty"`
	// Backend names the backend that proved the puzzle unique.
	Backend string `json:"backend"`
	Stats   Stats  `json:"stats"`
}

// A Cage is a killer cage in a Record: its cells ("r1c2") and total.
type Cage struct {
	Cells []string `json:"cells"`
	Total int      `json:"total"`
}

// NewRecord returns the record of p, generated with o (whose Seed is the
// run's) and proved unique by the backend named backend, in a run whose
// first puzzle has index first. The error is one of writing its link.
func NewRecord(p Puzzle, o Options, backend string, first int) (Record, error) {
	r := Record{Schema: Schema, Source: "generate", Line: p.Index - first + 1, Index: p.Index, Seed: o.Seed, PuzzleSeed: p.Seed,
		Puzzle: p.Grid.Line(), Solution: p.Solution.Line(), Shape: p.Grid.Shape.String(), Size: p.Grid.Shape.N(),
		Variants: []string{}, Symmetry: p.Symmetry.String(), Givens: p.Givens, Reached: p.Reached, Level: p.Level,
		Rating: p.Rating, Backend: backend, Stats: p.Stats}
	if o.Minimal {
		r.Minimal = &p.Minimal
	}
	if o.Clues != NoClues {
		r.WithoutClues = p.WithoutClues.String()
	}
	if p.Level != "" {
		r.Score = &p.Score
	}
	for _, v := range p.Variants {
		r.Variants = append(r.Variants, v.Name())
		if k, ok := v.(variants.Killer); ok {
			r.Cages = killerCages(k)
		}
	}
	if len(p.Variants) > 0 {
		link, _, err := fpuzzles.URL(&fpuzzles.Puzzle{Grid: p.Grid, Variants: p.Variants})
		if err != nil {
			return r, err
		}
		r.Link = link
	}
	return r, nil
}

// killerCages lists k's cages for a Record.
func killerCages(k variants.Killer) []Cage {
	out := make([]Cage, len(k.Cages))
	for i, c := range k.Cages {
		out[i].Total = c.Total
		for _, cell := range c.Cells {
			out[i].Cells = append(out[i].Cells, cell.String())
		}
	}
	return out
}
