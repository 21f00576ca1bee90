package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// An item is one puzzle read from the input, or the error reading it.
type item struct {
	index  int    // 0-based position among all puzzles read
	source string // "stdin", a file name, or "arg 2"
	line   int    // line in the source where the puzzle starts (1-based)
	text   string // the raw puzzle text
	grid   sudoku.Grid
	block  bool // the puzzle was a grid block rather than one line
	// variants names rule sets of this puzzle's own, added to the
	// command's --variant (the built-in samples use it).
	variants string
	err      error
}

// where names the item's place for messages: "puzzles.txt:12".
func (it item) where() string {
	return fmt.Sprintf("%s:%d", it.source, it.line)
}

// errNoInput means there is nothing to read: no arguments and a terminal
// on stdin.
var errNoInput = errors.New("no input: give puzzles as arguments, files or on stdin (\"-\")")

// reader returns a function that reads the puzzles of args for runBatch.
func (a *app) reader(args []string, s *setup) func(chan<- item) error {
	return func(out chan<- item) error { return a.readPuzzles(args, s.parse, out) }
}

// readPuzzles sends every puzzle of every argument to out, in order, and
// closes out. An argument is "-" (stdin), the name of an existing file, or a
// puzzle's text. It returns an error only for arguments it cannot use at all.
func (a *app) readPuzzles(args []string, opt sudoku.ParseOptions, out chan<- item) error {
	defer close(out)
	index := 0
	scan := func(r io.Reader, source string) error {
		sc := sudoku.NewScanner(r, opt)
		for sc.Scan() {
			p := sc.Puzzle()
			out <- item{index: index, source: source, line: p.Line, text: p.Text, grid: p.Grid,
				block: strings.Contains(strings.TrimSpace(p.Text), "\n"), err: p.Err}
			index++
		}
		if err := sc.Err(); err != nil {
			return fmt.Errorf("%s: %w", source, err)
		}
		return nil
	}
	if len(args) == 0 {
		if a.stdinIsTerm {
			return errNoInput
		}
		args = []string{"-"}
	}
	for i, arg := range args {
		switch {
		case arg == "-":
			if err := scan(a.stdin, "stdin"); err != nil {
				return err
			}
		case isFile(arg):
			f, err := os.Open(arg)
			if err != nil {
				return err
			}
			err = scan(f, arg)
			f.Close()
			if err != nil {
				return err
			}
		default:
			if looksLikePath(arg) {
				if _, err := sudoku.Parse(arg, opt); err != nil {
					return fmt.Errorf("%s: no such file (and not a puzzle: %v)", arg, err)
				}
			}
			if err := scan(strings.NewReader(arg), fmt.Sprintf("arg %d", i+1)); err != nil {
				return err
			}
		}
	}
	if index == 0 {
		return errors.New("no puzzles found in the input")
	}
	return nil
}

// isFile reports whether name is an existing regular file. Puzzle text never
// names one by accident: it has no path separators and rarely a file of that
// name in the working directory.
func isFile(name string) bool {
	if strings.ContainsAny(name, "\n") {
		return false
	}
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}

// looksLikePath reports whether an argument that names no file was probably
// meant as one: it has a path separator or a file extension.
func looksLikePath(arg string) bool {
	if strings.ContainsAny(arg, "/\\") {
		return true
	}
	dot := strings.LastIndexByte(arg, '.')
	if dot < 0 || dot == len(arg)-1 || len(arg)-dot > 5 {
		return false
	}
	for _, r := range arg[dot+1:] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}
