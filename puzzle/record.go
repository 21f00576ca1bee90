package puzzle

import (
	"cmp"
	"fmt"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Schema is the version of the Record layout.
const Schema = 1

// A Record is one puzzle's answer as a JSON object: where the puzzle came
// from, what it is, and what a backend found. Fields that do not apply are
// left out.
type Record struct {
	Schema   int      `json:"schema"`
	Index    int      `json:"index"`
	Source   string   `json:"source"`
	Line     int      `json:"line"`
	Puzzle   string   `json:"puzzle"`
	Shape    string   `json:"shape,omitempty"`
	Size     int      `json:"size,omitempty"`
	Variants []string `json:"variants"`
	// LibraryRating and LibraryTechnique are what a library line says of
	// the puzzle (Item.Rating, Item.Technique), not sudokit's own grading.
	LibraryRating    string   `json:"library_rating,omitempty"`
	LibraryTechnique string   `json:"library_technique,omitempty"`
	Backend          string   `json:"backend,omitempty"`
	Status           string   `json:"status,omitempty"`
	Stop             string   `json:"stop,omitempty"`
	Count            *int     `json:"count,omitempty"`
	Exact            *bool    `json:"exact,omitempty"`
	Limit            int      `json:"limit,omitempty"`
	Solutions        []string `json:"solutions,omitempty"`
	Differ           []string `json:"differ,omitempty"`
	Minimal          *bool    `json:"minimal,omitempty"`
	Redundant        []string `json:"redundant,omitempty"`
	// RedundantRules names the rules (cages, dots, lines, variants) that
	// can each be removed keeping the puzzle unique (verify --rules), and
	// Unchecked the variants not checked part by part, with why.
	RedundantRules []string     `json:"redundant_rules,omitempty"`
	Unchecked      []string     `json:"unchecked,omitempty"`
	Stats          *model.Stats `json:"stats,omitempty"`
	Error          string       `json:"error,omitempty"`
}

// NewRecord returns the record of it with the names of its rule sets and
// no answer yet.
func NewRecord(it Item, variants []string) Record {
	r := Record{Schema: Schema, Index: it.Index, Source: it.Source, Line: it.Line, Puzzle: it.Text, Variants: variants,
		LibraryRating: it.Rating, LibraryTechnique: it.Technique}
	if r.Variants == nil {
		r.Variants = []string{}
	}
	if it.Err == nil {
		r.Puzzle = it.Grid.Line()
		if it.Grid.HasMarks() {
			// The line of givens would drop the marks; a grid too large
			// for a sukaku line keeps the text it was read from.
			r.Puzzle = cmp.Or(it.Grid.SukakuLine(), it.Text)
		}
		r.Shape = it.Grid.Shape.String()
		r.Size = it.Grid.Shape.N()
	}
	return r
}

// Fill sets the answer fields: the backend, and its result under limit or
// the error it returned.
func (r *Record) Fill(it Item, backend string, res model.Result, err error, limit int) {
	r.Backend = backend
	if err != nil {
		r.Error = err.Error()
		return
	}
	r.Status = res.Status.String()
	r.Stop = res.Stop.String()
	count, exact := res.Count, res.Exact
	r.Count, r.Exact = &count, &exact
	r.Limit = limit
	for _, sol := range res.Solutions {
		r.Solutions = append(r.Solutions, Solution(it, sol).Line())
	}
	r.Differ = Differ(it, res)
	st := res.Stats
	r.Stats = &st
}

// Solution decodes a solution of the item's puzzle into a grid in the
// puzzle's alphabet.
func Solution(it Item, sol model.Solution) sudoku.Grid {
	g, err := rules.Decode(it.Grid.Shape, sol)
	if err != nil {
		panic(err) // a backend returned a solution of another shape
	}
	g.Alphabet = it.Grid.Alphabet
	return g
}

// AppendSolutionLine appends the line format of a solution of the item's
// puzzle, in the puzzle's alphabet, to dst: what Solution(it,
// sol).AppendLine(dst) appends, without a grid, so that a caller writing
// many answers can reuse one buffer.
func AppendSolutionLine(dst []byte, it Item, sol model.Solution) []byte {
	var small [9 * 9]int
	g := sudoku.Grid{Shape: it.Grid.Shape, Cells: small[:], Alphabet: it.Grid.Alphabet}
	if n := g.Shape.Cells(); n != len(small) {
		g.Cells = make([]int, max(n, 0))
	}
	if err := rules.DecodeInto(g.Cells, g.Shape, sol); err != nil {
		panic(err) // a backend returned a solution of another shape
	}
	return g.AppendLine(dst)
}

// Differ returns the cells where the first two solutions of res differ,
// as "r1c2", or nil when res holds fewer than two.
func Differ(it Item, res model.Result) []string {
	if len(res.Solutions) < 2 {
		return nil
	}
	a, b := Solution(it, res.Solutions[0]), Solution(it, res.Solutions[1])
	n := a.Shape.N()
	var cells []string
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			cells = append(cells, sudoku.Cell{Row: i / n, Col: i % n}.String())
		}
	}
	return cells
}

// StoredMismatch compares the solution an f-puzzles file stores with the
// one found when the puzzle turned out unique (or was only solved), and
// describes the first difference, or returns "".
func StoredMismatch(it Item, res model.Result) string {
	if it.Stored == nil || len(res.Solutions) == 0 || (res.Status != model.Unique && res.Status != model.Sat) {
		return ""
	}
	found := Solution(it, res.Solutions[0])
	n := found.Shape.N()
	for i, v := range it.Stored.Cells {
		if v != 0 && v != found.Cells[i] {
			how := "the unique solution"
			if res.Status == model.Sat {
				how = "the solution found (not proven unique)"
			}
			return fmt.Sprintf("the solution stored with the puzzle has %d at %v, %s has %d",
				v, sudoku.Cell{Row: i / n, Col: i % n}, how, found.Cells[i])
		}
	}
	return ""
}
