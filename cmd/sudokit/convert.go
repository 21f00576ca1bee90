package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// Output formats of convert.
var convertFormats = []string{"line", "grid", "tokens", "fpuzzles", "sudokupad", "fpuzzles-json"}

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

The f-puzzles forms carry the puzzle's rules: --variant, a jigsaw layout
(--in jigsaw) and the constraints of an f-puzzles input, so a puzzle opens
in those tools with every rule sudokit solves it with. f-puzzles itself
opens grids up to 16x16 (larger ones need its large-grid add-on);
SudokuPad opens every size.`,
		Example: `  sudokit convert --to fpuzzles --variant diagonal 73...1.....2..4..3.6.......9....5..7......24..48...............4..917...........5
  sudokit convert --to grid 'https://f-puzzles.com/?load=…'`,
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
	case fmtLine:
		return render(it.Grid, fmtLine), nil
	case fmtGrid, fmtTokens:
		return render(it.Grid, to) + "\n", nil
	}
	p := &fpuzzles.Puzzle{Grid: it.Grid, Variants: s.cache.RuleSets(it)}
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
