package generate

import (
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/variants"
)

// A Record is what a generated puzzle's JSON record says of it beyond the
// puzzle and its solution, with the same members in generate --json and
// /api/generate. Whether the puzzle is minimal (when asked) is the front
// end's "minimal", as puzzle.Record has it.
type Record struct {
	// Link is an f-puzzles link carrying the puzzle's rules (global,
	// regions, cages, clues); absent for a classic puzzle.
	Link     string `json:"link,omitempty"`
	Symmetry string `json:"symmetry"`
	Givens   int    `json:"givens"`
	Reached  bool   `json:"reached"`
	// WithoutClues, with clues drawn: what a proof says of the givens
	// without them (multiple: the clues matter; unknown: the budget
	// stopped it).
	WithoutClues string `json:"without_clues,omitempty"`
	// Cages are a killer's cages.
	Cages []Cage `json:"cages,omitempty"`
	// Level and Score are the grader's verdict, when there was one.
	Level string   `json:"level,omitempty"`
	Score *float64 `json:"score,omitempty"`
}

// A Cage is a killer cage in a Record: its cells ("r1c2") and total.
type Cage struct {
	Cells []string `json:"cells"`
	Total int      `json:"total"`
}

// NewRecord returns the record of p, generated with o; the error is one
// of writing its link.
func NewRecord(p Puzzle, o Options) (Record, error) {
	r := Record{Symmetry: p.Symmetry.String(), Givens: p.Givens, Reached: p.Reached, Level: p.Level}
	if o.Clues != NoClues {
		r.WithoutClues = p.WithoutClues.String()
	}
	if p.Level != "" {
		r.Score = &p.Score
	}
	for _, v := range p.Variants {
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
