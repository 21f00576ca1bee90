package server

import (
	"context"
	"encoding/json"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// parseAnswer is the answer of /api/parse: what the page needs to show a
// puzzle it was given as text.
type parseAnswer struct {
	puzzle.Record
	BoxRows int `json:"box_rows"`
	BoxCols int `json:"box_cols"`
	// Cells holds the givens in row order, 0 for a blank.
	Cells []int `json:"cells"`
	// Alphabet names how the text wrote the values; Symbols holds the
	// symbol of each value 1..N in it ("" when it writes numbers).
	Alphabet string `json:"alphabet"`
	Symbols  string `json:"symbols"`
	// Document is the f-puzzles JSON of the puzzle with the rules it
	// carried (cages, lines, dots, regions) and its pencil-mark givens,
	// for drawing them and for sending the puzzle back (a line of givens
	// would lose them); absent for a puzzle that carried neither. Drawing
	// says why it is absent when the puzzle carried some.
	Document json.RawMessage `json:"document,omitempty"`
	Drawing  string          `json:"drawing,omitempty"`
	// FpuzzlesURL and SudokupadURL open the puzzle, with every rule (the
	// request's variants and the puzzle's own) and its pencil marks, in
	// those tools. LinkError says why they are absent: a rule those tools
	// cannot carry.
	FpuzzlesURL  string `json:"fpuzzles_url,omitempty"`
	SudokupadURL string `json:"sudokupad_url,omitempty"`
	LinkError    string `json:"link_error,omitempty"`
	// Warnings are what reading the puzzle noticed (drawings read as no
	// rule, blanks written two ways).
	Warnings []string `json:"warnings,omitempty"`
}

// parse reads a puzzle and answers its givens, shape and rules.
func (s *Server) parse(ctx context.Context, req *puzzleFields) (answer, error) {
	p, err := s.prepare(ctx, req)
	if err != nil {
		return answer{}, err
	}
	g := p.item.Grid
	n := g.Shape.N()
	r := p.record()
	if p.stopped() {
		r = p.stoppedRecord("", 0)
	}
	a := parseAnswer{Record: r, BoxRows: g.Shape.BoxRows, BoxCols: g.Shape.BoxCols, Cells: g.Cells,
		Alphabet: g.Alphabet.String(), Symbols: symbols(g.Alphabet, n), Warnings: p.warnings}
	if len(p.own) > 0 || g.HasMarks() {
		if doc, err := fpuzzles.Encode(&fpuzzles.Puzzle{Grid: g, Variants: p.own}); err != nil {
			a.Drawing = err.Error()
		} else {
			a.Document = json.RawMessage(doc)
		}
	}
	a.FpuzzlesURL, a.SudokupadURL, err = fpuzzles.URL(&fpuzzles.Puzzle{Grid: g, Variants: append([]rules.Variant(nil), p.item.Own...)})
	if err != nil {
		a.LinkError = err.Error()
	}
	return ok(a)
}

// symbols returns the symbols of values 1..n in al, or "" when al does not
// name them all.
func symbols(al sudoku.Alphabet, n int) string {
	if !al.Names(n) {
		return ""
	}
	b := make([]byte, n)
	for v := 1; v <= n; v++ {
		b[v-1] = al.Symbol(v)
	}
	return string(b)
}
