package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/forum"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/sudokupad"
	"github.com/sudokit/sudokit/variants"
)

// Output formats of convert.
var convertFormats = []string{"line", "grid", "tokens", "fpuzzles", "sudokupad", "fpuzzles-json", "sudokupad-scl", "killer", "killer-long"}

// converted is one puzzle's output, or why there is none.
type converted struct {
	text string
	err  error
}

func (a *app) convertCmd() *cobra.Command {
	f := &puzzleFlags{}
	var to string
	cmd := &cobra.Command{
		Use:   "convert --to FORMAT [PUZZLE|FILE|-]...",
		Short: "Rewrite puzzles in another format: line, grid, tokens, or f-puzzles and SudokuPad links",
		Long: `Convert writes every puzzle in the format --to names, one per line (grids as
blocks):

  line           N*N symbols, '.' for blanks (numbers separated by spaces
                 when the grid's alphabet cannot name every value)
  grid           a grid with '|' and '-+-' box separators
  tokens         N lines of whitespace-separated numbers, 0 for blanks
  fpuzzles       an f-puzzles link (https://f-puzzles.com/?load=…)
  sudokupad      a SudokuPad link (https://sudokupad.app/fpuzzles…)
  fpuzzles-json  the f-puzzles JSON document
  sudokupad-scl  a link in SudokuPad's own format (https://sudokupad.app/scl…):
                 givens, jigsaw regions, killer cages, extra regions,
                 anti-knight, anti-king, non-consecutive; other rules are
                 only drawings there, so they are an error (use sudokupad)
  killer         the forums' 81-character killer line (cage totals and
                 arrows), for 9x9 killers without givens or other rules
  killer-long    SudoCue's "3x3::k:" killer line (total*256+cage per cell)

The f-puzzles forms carry the puzzle's rules: --variant, a jigsaw layout
(--in jigsaw) and the constraints of an f-puzzles input, so a puzzle opens
in those tools with every rule sudokit solves it with, and its pencil-mark
givens. f-puzzles itself opens grids up to 16x16 (larger ones need its
large-grid add-on); SudokuPad opens every size.

The text forms carry no rule, and convert never drops one: no text goes out
that reads back as another puzzle. A puzzle with rules (--variant, cages,
lines, dots, an f-puzzles input's constraints) is an error naming them and
its output line says "error" (exit code 2), and so is a line or tokens of a
grid whose boxes are not its size's usual ones (3x2 on 6x6) unless --shape
says them. A jigsaw whose regions are its only rule is the exception: line,
grid and tokens write its givens followed by N lines of region symbols,
which read back with --in jigsaw. Pencil-mark givens go to line as a
sukaku line (N*N*N symbols) and to grid as a grid of candidates (up to
9x9); tokens cannot carry them.`,
		Example: `  sudokit convert --to fpuzzles --variant diagonal 73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5
  sudokit convert --to grid 'https://f-puzzles.com/?load=…'
  sudokit convert --to line jigsaw-link.txt > jigsaw.txt; sudokit solve --in jigsaw jigsaw.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(convertFormats, to) {
				return fmt.Errorf("--to must be one of %s, not %q", strings.Join(convertFormats, ", "), to)
			}
			s, err := a.newSetup(f)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			work := func(_ context.Context, it puzzle.Item, m *model.Model) converted {
				text, err := convertOne(s, it, to)
				return converted{text, err}
			}
			failed := func(err error) converted { return converted{err: err} }
			emit := func(it puzzle.Item, c converted) {
				if stopOf(c.err) != model.Done {
					a.markLimited() // an interrupt: the rest is not converted
					io.WriteString(out, "unknown\n")
					return
				}
				if c.err != nil {
					a.inputErrorf("%s: %v", it.Where(), c.err)
					io.WriteString(out, "error\n")
					return
				}
				io.WriteString(out, c.text)
			}
			return runBatch(cmd, s, s.read(args), work, failed, emit)
		},
	}
	f.registerInput(cmd)
	cmd.Flags().StringVar(&to, "to", "", "output format: "+strings.Join(convertFormats, ", "))
	return cmd
}

// convertOne renders one puzzle in format to.
func convertOne(s *setup, it puzzle.Item, to string) (string, error) {
	switch to {
	case fmtLine, fmtGrid, fmtTokens:
		return convertText(it.Grid, s.cache.RuleSets(it), to, s.reader.Parse)
	}
	p := &fpuzzles.Puzzle{Grid: it.Grid, Variants: s.cache.RuleSets(it), Solution: it.Stored,
		Title: it.Title, Author: it.Author, Rules: it.Rules}
	switch to {
	case "sudokupad-scl":
		link, err := sudokupad.URL(p)
		return link + "\n", err
	case "killer", "killer-long":
		line, err := forum.EncodeKiller(it.Grid, p.Variants, to == "killer-long")
		return line + "\n", err
	}
	if to == "fpuzzles-json" {
		js, err := fpuzzles.Encode(p)
		if err != nil {
			return "", err
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(js)); err != nil {
			return "", err
		}
		return compact.String() + "\n", nil
	}
	fp, sp, err := fpuzzles.URL(p)
	if err != nil {
		return "", err
	}
	if to == "sudokupad" {
		return sp + "\n", nil
	}
	return fp + "\n", nil
}

// convertText writes a puzzle in a text format: its givens, its pencil
// marks (a sukaku line, a grid of candidates) and, for a jigsaw, the N
// lines of its layout that --in jigsaw reads. A puzzle with rules that the
// format cannot carry is an error naming them and the formats that can, and
// so is a text that reads back, with the reading options parse (--shape,
// --alphabet), as another puzzle: a 3x2-box grid whose line reads as 2x3
// boxes, a 16x16 layout read as 4x4 puzzles.
func convertText(g sudoku.Grid, vs []rules.Variant, to string, parse sudoku.ParseOptions) (string, error) {
	var jigsaw *variants.Jigsaw
	if len(vs) == 1 {
		if j, ok := vs[0].(variants.Jigsaw); ok {
			jigsaw = &j
		}
	}
	if len(vs) > 0 && jigsaw == nil {
		return "", fmt.Errorf("%s format cannot carry the rules %s: use --to fpuzzles or sudokupad", to, ruleNames(vs))
	}
	text := render(g, to)
	if g.HasMarks() {
		var err error
		if text, err = marksText(g, to); err != nil {
			return "", err
		}
	}
	if jigsaw != nil {
		text += jigsaw.Layout()
	}
	if err := readBack(text, to, parse, g, jigsaw); err != nil {
		return "", err
	}
	if to != fmtLine {
		text += "\n" // a blank line between blocks
	}
	return text, nil
}

// readBack reads text, written in format to, as sudokit reads it back: with
// the reading options parse and, for a jigsaw j, --in jigsaw. It returns an
// error when what it reads differs from g (the values each cell may hold,
// its box shape) or from the regions of j, or cannot be read at all. A text
// that reads only with an option (an alphabet that a 36x36 line needs
// named) passes: reading it says which.
func readBack(text, to string, parse sudoku.ParseOptions, g sudoku.Grid, j *variants.Jigsaw) error {
	rd := &puzzle.Reader{Format: puzzle.Text, Parse: parse}
	if j != nil {
		rd.Format = puzzle.Jigsaw
	}
	other := func(format string, args ...any) error {
		return fmt.Errorf("%s format reads back as another puzzle (%s): use --to fpuzzles or sudokupad", to, fmt.Sprintf(format, args...))
	}
	items, err := rd.ReadString(text, "output")
	if err == nil && len(items) != 1 {
		return other("%d puzzles", len(items))
	}
	if err == nil {
		err = items[0].Err
	}
	var pe *sudoku.ParseError
	switch {
	case errors.As(err, &pe) && pe.Option != "":
		return nil
	case err != nil:
		return other("%v", err)
	}
	back, n := items[0].Grid, g.Shape.N()
	switch {
	case back.Shape.N() != n:
		return other("a %dx%d grid", back.Shape.N(), back.Shape.N())
	case back.Shape != g.Shape && j == nil:
		return fmt.Errorf("%s format reads back with %v boxes, not %v: use --to grid, fpuzzles or sudokupad, or --shape %v here and where it is read",
			to, back.Shape, g.Shape, g.Shape)
	}
	for i := range g.Cells {
		if allowed(back, i) != allowed(g, i) {
			return other("other givens or pencil marks at %v", sudoku.Cell{Row: i / n, Col: i % n})
		}
	}
	if j != nil {
		own := items[0].Own
		if len(own) != 1 {
			return other("other rules")
		}
		if bj, ok := own[0].(variants.Jigsaw); !ok || !bj.SameRegions(*j) {
			return other("other jigsaw regions")
		}
	}
	return nil
}

// allowed returns the values cell i of g may hold: its given, its pencil
// marks or every value. A given and a pencil mark of one value are the same
// puzzle (a sukaku line writes givens so), so read-back compares these.
func allowed(g sudoku.Grid, i int) uint64 {
	n := g.Shape.N()
	switch {
	case g.Cells[i] != 0:
		return 1 << (g.Cells[i] - 1)
	case g.MarksAt(i/n, i%n) != 0:
		return g.MarksAt(i/n, i%n)
	}
	return sudoku.AllValues(n)
}

// ruleNames lists the names of rule sets once each, in order, for
// messages.
func ruleNames(vs []rules.Variant) string {
	var names []string
	for _, v := range vs {
		if !slices.Contains(names, v.Name()) {
			names = append(names, v.Name())
		}
	}
	return strings.Join(names, ", ")
}

// marksText returns a grid with pencil marks in format to, ending in a
// newline: a sukaku line for line, a grid of candidate groups for grid (up
// to 9x9). Tokens have no form for them.
func marksText(g sudoku.Grid, to string) (string, error) {
	switch {
	case to == fmtLine && g.SukakuLine() != "":
		return g.SukakuLine() + "\n", nil
	case to == fmtLine:
		return "", fmt.Errorf("a sukaku line writes pencil marks up to 35x35: use --to fpuzzles or sudokupad")
	case to == fmtGrid && g.Shape.N() <= 9:
		return g.MarksGrid(), nil
	case to == fmtGrid:
		return "", fmt.Errorf("grid format carries pencil marks up to 9x9: use --to line (a sukaku line), fpuzzles or sudokupad")
	}
	return "", fmt.Errorf("%s format cannot carry the pencil marks: use --to line (a sukaku line), grid, fpuzzles or sudokupad", to)
}
