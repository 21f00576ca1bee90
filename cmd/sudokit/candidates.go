package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// fmtCandidates is solve's --format for the pencil-mark grid.
const fmtCandidates = "candidates"

// marksOutcome is the pencil marks of one puzzle.
type marksOutcome struct {
	marks logic.Marks
	err   error
	stop  model.Stop // an interrupt stopped building its rules
}

// candidatesAll prints the pencil marks of every puzzle of args, after the
// singles (solve --format candidates).
func (a *app) candidatesAll(cmd *cobra.Command, args []string, f *puzzleFlags) error {
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	work := func(_ context.Context, _ puzzle.Item, m *model.Model) marksOutcome {
		mk, err := logic.Candidates(m, true)
		return marksOutcome{marks: mk, err: err}
	}
	emit := func(it puzzle.Item, o marksOutcome) {
		if o.stop != model.Done {
			a.markLimited()
			io.WriteString(out, "unknown\n\n")
			return
		}
		text := ""
		if o.err == nil {
			text, o.err = candidatesText(it.Grid, o.marks, nil)
		}
		if o.err != nil {
			a.inputErrorf("%s: %v", it.Where(), o.err)
			io.WriteString(out, "error\n\n")
			return
		}
		io.WriteString(out, text)
	}
	return runBatch(cmd, s, s.read(args), work, func(err error) marksOutcome { return marksOutcome{err: err, stop: stopOf(err)} }, emit)
}

// candidatesText draws pencil marks as a grid of mini-grids, one per cell,
// shaped like a box (3x3 for a 9x9 grid): value v sits at its place in the
// mini-grid and a '.' marks a value ruled out; a placed cell (given or
// single) shows its value alone, in the middle. Cells are separated by a
// space (side by side) or a blank line (one above the other), boxes by '|'
// and a rule of '-'; a blank line ends the grid. Lines carry no trailing
// spaces. When unknown is not nil, a value it reports for cell i (counted
// in row order) that the marks leave out shows as '?': not decided.
func candidatesText(g sudoku.Grid, mk logic.Marks, unknown func(i, v int) bool) (string, error) {
	sh := g.Shape
	n := sh.N()
	al := g.Alphabet
	if !al.Names(n) {
		al = sudoku.DefaultAlphabet(n)
	}
	if !al.Names(n) || len(mk.Values) != n*n {
		return "", fmt.Errorf("no candidates view for a %dx%d grid", n, n)
	}
	mr, mc := sh.BoxRows, sh.BoxCols // the mini-grid's rows and columns
	var sb strings.Builder
	var line []byte
	rule := func() {
		line = line[:0]
		for bc := range n / mc {
			if bc > 0 {
				line = append(line, "-+-"...)
			}
			line = append(line, strings.Repeat("-", mc*mc+mc-1)...)
		}
		sb.Write(line)
		sb.WriteByte('\n')
	}
	for r := range n {
		if r > 0 && r%mr == 0 {
			rule()
		} else if r > 0 {
			sb.WriteByte('\n')
		}
		for k := range mr {
			line = line[:0]
			for c := range n {
				switch {
				case c > 0 && c%mc == 0:
					line = append(line, " | "...)
				case c > 0:
					line = append(line, ' ')
				}
				i := r*n + c
				for j := range mc {
					v := k*mc + j + 1
					switch {
					case mk.Placed[i] && k == (mr-1)/2 && j == (mc-1)/2:
						line = append(line, al.Symbol(mk.Values[i][0]))
					case mk.Placed[i]:
						line = append(line, ' ')
					case has(mk.Values[i], v):
						line = append(line, al.Symbol(v))
					case unknown != nil && unknown(i, v):
						line = append(line, '?')
					default:
						line = append(line, '.')
					}
				}
			}
			sb.WriteString(strings.TrimRight(string(line), " "))
			sb.WriteByte('\n')
		}
	}
	sb.WriteByte('\n')
	return sb.String(), nil
}

// has reports whether the ascending list vs holds v.
func has(vs []int, v int) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}
