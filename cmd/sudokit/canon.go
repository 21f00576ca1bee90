package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// Output formats of canon.
var canonFormats = []string{fmtLine, fmtGrid, fmtTokens}

// defaultMaxDistinct bounds the distinct puzzles dedupe remembers: about
// 100 bytes each, so 20 million take about 2 GB.
const defaultMaxDistinct = 20_000_000

// A canonical is one puzzle's canonical form, or why there is none.
type canonical struct {
	grid sudoku.Grid
	err  error
}

func (a *app) canonCmd() *cobra.Command {
	f := &puzzleFlags{}
	var to string
	cmd := &cobra.Command{
		Use:   "canon [PUZZLE|FILE|-]...",
		Short: "Print the minlex canonical form of each puzzle or grid (the same for puzzles equal up to symmetry)",
		Long: `Canon prints, for each puzzle or filled grid in input order, its minlex
canonical form: among all the grids the puzzle becomes by permuting bands,
rows within bands, stacks and columns within stacks, and transposing
(square boxes only), with the values relabelled in order of first
appearance, the smallest read row by row with blanks as 0. Two puzzles are
the same up to symmetry and relabelling exactly when their forms are equal.
A full grid's form starts 123456789; a puzzle's starts with as many blanks
as it can. Lines write blanks as '.', which sorts before the digits, so
sorted forms are in minlex order.

Grids up to 9x9 of every box shape are canonicalised (4x4, 6x6 with 2x3
or 3x2 boxes, 8x8, 9x9). Puzzles with variant rules (--variant, jigsaw
regions, f-puzzles constraints) or pencil marks are refused by name: their
rules keep at most part of the symmetries. An "error" line stands for a
puzzle refused (exit code 2).`,
		Example: `  sudokit canon testdata/canon-sample.txt
  sudokit canon --to grid 3.9...4..2..7.9....87......75..6.23.6..9.4..8.28.5..41......59....1.6..7..6...1.4`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runCanon(cmd, f, to, args) },
	}
	f.registerInput(cmd)
	cmd.Flags().StringVar(&to, "to", fmtLine, "output format: "+strings.Join(canonFormats, ", "))
	cmd.Flags().IntVarP(&f.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "puzzles canonicalised in parallel")
	return cmd
}

// runCanon prints the canonical form of every puzzle of args in format to.
func (a *app) runCanon(cmd *cobra.Command, f *puzzleFlags, to string, args []string) error {
	if !slices.Contains(canonFormats, to) {
		return fmt.Errorf("--to must be one of %s, not %q", strings.Join(canonFormats, ", "), to)
	}
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	return a.canonBatch(cmd, s, args, func(it puzzle.Item, c canonical) {
		if c.err != nil {
			a.canonFailed(out, it, c.err)
			return
		}
		text := render(c.grid, to)
		if to != fmtLine {
			text += "\n" // a blank line between blocks
		}
		io.WriteString(out, text)
	})
}

// canonFailed reports a puzzle with no canonical form: "unknown" for one
// cut short by an interrupt, else "error" and the reason on stderr.
func (a *app) canonFailed(out io.Writer, it puzzle.Item, err error) {
	if err == context.Canceled {
		a.markLimited()
		io.WriteString(out, "unknown\n")
		return
	}
	a.inputErrorf("%s: %v", it.Where(), err)
	io.WriteString(out, "error\n")
}

// canonBatch computes the canonical forms of the puzzles of args with
// the setup's workers and calls emit with them in input order. It builds
// no model: canonical forms need only the givens.
func (a *app) canonBatch(cmd *cobra.Command, s *setup, args []string, emit func(puzzle.Item, canonical)) error {
	emit, finish := withBar(cmd, s, emit)
	defer finish()
	ctx := cmd.Context()
	forms := &sync.Pool{New: func() any { return map[sudoku.Shape]*canon.Form{} }}
	in := make(chan puzzle.Item, 256)
	readErr := make(chan error, 1)
	go func() { readErr <- s.reader.Read(args, in) }()
	puzzle.Run(in, s.flags.jobs, func(it puzzle.Item) canonical {
		if ctx.Err() != nil {
			return canonical{err: context.Canceled}
		}
		set := forms.Get().(map[sudoku.Shape]*canon.Form)
		defer forms.Put(set)
		return canonOne(s, set, it)
	}, emit)
	err := <-readErr
	if err == puzzle.ErrNoInput {
		cmd.Usage()
	}
	return err
}

// canonOne returns the canonical form of one puzzle, with the Form of its
// shape from set (made on first use), or why it has none: it could not be
// read, it has rules or pencil marks, or its shape is too large.
func canonOne(s *setup, set map[sudoku.Shape]*canon.Form, it puzzle.Item) canonical {
	if it.Err != nil {
		return canonical{err: it.Err}
	}
	if vs := s.cache.RuleSets(it); len(vs) > 0 {
		return canonical{err: fmt.Errorf("canonical forms are for classic rules: the rules %s keep at most part of the grid's symmetries", ruleNames(vs))}
	}
	g := it.Grid
	if g.HasMarks() {
		return canonical{err: fmt.Errorf("canonical forms cover givens: pencil marks are not canonicalised")}
	}
	f := set[g.Shape]
	if f == nil {
		var err error
		if f, err = canon.New(g.Shape); err != nil {
			return canonical{err: err}
		}
		set[g.Shape] = f
	}
	cells, err := f.Canon(make([]int, 0, len(g.Cells)), g.Cells)
	if err != nil {
		return canonical{err: err}
	}
	return canonical{grid: sudoku.Grid{Shape: g.Shape, Cells: cells, Alphabet: g.Alphabet}}
}

// dedupeFlags are dedupe's own flags.
type dedupeFlags struct {
	count, dups, canon bool
	maxDistinct        int
}

func (a *app) dedupeCmd() *cobra.Command {
	f := &puzzleFlags{}
	d := &dedupeFlags{}
	cmd := &cobra.Command{
		Use:   "dedupe [FILE|-]...",
		Short: "Print each puzzle once: the first of those equal up to symmetry and relabelling",
		Long: `Dedupe reads puzzles and prints each one whose canonical form (see sudokit
canon) has not been seen before, as it was read, in input order, as it
reads: a file of millions of puzzles streams through, and memory grows
with the number of distinct puzzles only. Each is remembered by its
canonical form packed in 4 bits a cell (41 bytes for 9x9, about 100 with
the table's own), so equality is exact: no hash, no collision to allow for.
--max-distinct bounds how many are remembered (exit code 3 past it).

--count prints instead, at the end, one line per distinct puzzle in order
of first appearance: how many times it came, where it came first, and the
puzzle (as a line, for a puzzle read as a grid block). --dups prints instead one line per repeat: where it is, and where
the puzzle it repeats came first. --canon prints canonical forms rather
than the puzzles as read. Puzzles that cannot be canonicalised (rules,
pencil marks, over 9x9) are reported on stderr and left out (exit code 2).`,
		Example: `  sudokit dedupe testdata/canon-sample.txt
  sudokit dedupe --count testdata/canon-sample.txt
  sudokit dedupe --dups testdata/canon-sample.txt`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runDedupe(cmd, f, d, args) },
	}
	f.registerInput(cmd)
	fl := cmd.Flags()
	fl.IntVarP(&f.jobs, "jobs", "j", runtime.GOMAXPROCS(0), "puzzles canonicalised in parallel")
	fl.BoolVar(&d.count, "count", false, "print, at the end, each distinct puzzle with its count and first place")
	fl.BoolVar(&d.dups, "dups", false, "print each repeat and the place of its first occurrence instead")
	fl.BoolVar(&d.canon, "canon", false, "print canonical forms instead of the puzzles as read")
	fl.IntVar(&d.maxDistinct, "max-distinct", defaultMaxDistinct, "most distinct puzzles remembered")
	return cmd
}

// A firstSeen is what --count and --dups keep of a distinct puzzle:
// where it came first and, for --count, its text and count.
type firstSeen struct {
	where string
	text  string
	count int
}

// deduper remembers the distinct puzzles of a dedupe run.
type deduper struct {
	flags  *dedupeFlags
	seen   map[string]int32 // packed canonical form -> index in firsts
	firsts []firstSeen      // --count and --dups: each distinct puzzle's place (and text)
	full   bool             // --max-distinct was reached
	key    []byte
}

// runDedupe prints the first occurrence of each distinct puzzle of args
// (or what d's flags ask for instead).
func (a *app) runDedupe(cmd *cobra.Command, f *puzzleFlags, d *dedupeFlags, args []string) error {
	if d.count && d.dups {
		return fmt.Errorf("--count and --dups print different things: choose one")
	}
	if d.maxDistinct < 1 {
		return fmt.Errorf("--max-distinct must be at least 1, not %d", d.maxDistinct)
	}
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	dd := &deduper{flags: d, seen: map[string]int32{}}
	err = a.canonBatch(cmd, s, args, func(it puzzle.Item, c canonical) {
		if c.err != nil {
			if c.err == context.Canceled {
				a.markLimited()
			} else {
				a.inputErrorf("%s: %v", it.Where(), c.err)
			}
			return
		}
		if text := dd.add(it, c.grid); text != "" {
			io.WriteString(out, text)
		}
	})
	if d.count {
		for _, fs := range dd.firsts {
			fmt.Fprintf(out, "%d\t%s\t%s", fs.count, fs.where, fs.text)
		}
	}
	if dd.full {
		a.markLimited()
		a.warnf("--max-distinct %d reached: later puzzles not seen before were left out", d.maxDistinct)
	}
	return err
}

// add records one puzzle and its canonical form and returns what to print
// for it now: the puzzle when it is new, a line for a repeat with --dups,
// nothing else.
func (dd *deduper) add(it puzzle.Item, form sudoku.Grid) string {
	dd.key = packForm(dd.key[:0], form)
	i, ok := dd.seen[string(dd.key)]
	if ok {
		if dd.flags.count {
			dd.firsts[i].count++
		}
		if dd.flags.dups {
			return fmt.Sprintf("%s\tduplicate of %s\n", it.Where(), dd.firsts[i].where)
		}
		return ""
	}
	if len(dd.seen) >= dd.flags.maxDistinct {
		dd.full = true
		return ""
	}
	text := strings.TrimRight(it.Text, "\n") + "\n"
	if it.Block {
		text += "\n"
	}
	if dd.flags.canon {
		text = render(form, fmtLine)
	}
	dd.seen[string(dd.key)] = int32(len(dd.firsts))
	switch {
	case dd.flags.count:
		if it.Block && !dd.flags.canon {
			text = render(it.Grid, fmtLine) // one line per puzzle
		}
		dd.firsts = append(dd.firsts, firstSeen{where: it.Where(), text: text, count: 1})
	case dd.flags.dups:
		dd.firsts = append(dd.firsts, firstSeen{where: it.Where()})
	default:
		return text // nothing more kept: the key alone says it was seen
	}
	return ""
}

// packForm appends the key of a canonical form to dst: the box shape in
// one byte each, then the cells two to a byte (values up to 9 fit in 4
// bits).
func packForm(dst []byte, g sudoku.Grid) []byte {
	dst = append(dst, byte(g.Shape.BoxRows), byte(g.Shape.BoxCols))
	for i := 0; i < len(g.Cells); i += 2 {
		b := byte(g.Cells[i])
		if i+1 < len(g.Cells) {
			b |= byte(g.Cells[i+1]) << 4
		}
		dst = append(dst, b)
	}
	return dst
}
