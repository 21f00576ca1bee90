package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// An item is one puzzle read from the input, or the error reading it.
type item struct {
	index  int    // 0-based position among all puzzles read
	source string // "stdin", a file name, or "arg 2"
	line   int    // line in the source where the puzzle starts (1-based)
	text   string // the raw puzzle text
	grid   sudoku.Grid
	block  bool // the puzzle was a grid block rather than one line
	// variants names registered rule sets of this puzzle's own, added to
	// the command's --variant (the built-in samples use it).
	variants string
	// own are rule sets that came with the puzzle (an f-puzzles file, a
	// jigsaw layout).
	own []rules.Variant
	// stored is the solution an f-puzzles file gives, if any.
	stored *sudoku.Grid
	// mixed lists the lines of a text puzzle that write blanks with more
	// than one symbol.
	mixed []sudoku.MixedBlank
	err   error
}

// where names the item's place for messages: "puzzles.txt:12".
func (it item) where() string {
	return fmt.Sprintf("%s:%d", it.source, it.line)
}

// errNoInput means there is nothing to read: no arguments and a terminal
// on stdin.
var errNoInput = errors.New("no input: give puzzles as arguments, files or on stdin (\"-\")")

// Input formats (--in).
const (
	inAuto     = "auto"     // f-puzzles when the input looks like it, else text
	inText     = "text"     // sudoku text formats: lines, grid blocks, tokens
	inFpuzzles = "fpuzzles" // f-puzzles links, lz-string data or JSON
	inJigsaw   = "jigsaw"   // text puzzles, each followed by N lines of region symbols
)

var inFormats = []string{inAuto, inText, inFpuzzles, inJigsaw}

// reader returns a function that reads the puzzles of args for runBatch.
func (a *app) reader(args []string, s *setup) func(chan<- item) error {
	return func(out chan<- item) error { return a.readPuzzles(args, s, out) }
}

// readPuzzles sends every puzzle of every argument to out, in order, and
// closes out. An argument is "-" (stdin), the name of an existing file, or a
// puzzle's text. It returns an error only for arguments it cannot use at all.
func (a *app) readPuzzles(args []string, s *setup, out chan<- item) error {
	defer close(out)
	index := 0
	emit := func(it item) {
		it.index = index
		index++
		out <- it
	}
	if len(args) == 0 {
		if a.stdinIsTerm {
			return errNoInput
		}
		args = []string{"-"}
	}
	for i, arg := range args {
		var err error
		switch {
		case arg == "-":
			err = s.scanSource(a.stdin, "stdin", emit)
		case isDir(arg):
			return fmt.Errorf("%s: is a directory (give the puzzle files in it, e.g. %s)", arg, filepath.Join(arg, "*.txt"))
		case isFile(arg):
			var f *os.File
			if f, err = os.Open(arg); err == nil {
				err = s.scanSource(f, arg, emit)
				f.Close()
			}
		default:
			if looksLikePath(arg) && !fpuzzles.Looks(arg) {
				if _, perr := sudoku.Parse(arg, s.parse); perr != nil {
					return fmt.Errorf("%s: no such file (and not a puzzle: %v)", arg, flagError(perr))
				}
			}
			err = s.scanSource(strings.NewReader(arg), fmt.Sprintf("arg %d", i+1), emit)
		}
		if err != nil {
			return err
		}
	}
	if index == 0 {
		return errors.New("no puzzles found in the input")
	}
	return nil
}

// peekSize is how much of a source is looked at to tell f-puzzles data
// from text puzzles.
const peekSize = 256 << 10

// scanSource reads the puzzles of one source in the format --in names,
// guessing it from the first significant line under auto. A UTF-8
// byte-order mark at the start of the source is skipped.
func (s *setup) scanSource(r io.Reader, source string, emit func(item)) error {
	br := bufio.NewReaderSize(haltReader{r, s.halted}, peekSize)
	if head, _ := br.Peek(len(byteOrderMark)); string(head) == byteOrderMark {
		br.Discard(len(byteOrderMark))
	}
	mode := s.in
	if mode == inAuto {
		head, _ := br.Peek(peekSize)
		mode = inText
		if first := firstSignificant(head); first != "" && fpuzzles.Looks(first) {
			mode = inFpuzzles
		}
	}
	var err error
	switch mode {
	case inFpuzzles:
		err = s.scanFpuzzles(br, source, emit)
	case inJigsaw:
		err = s.scanJigsaw(br, source, emit)
	default:
		err = s.scanText(br, source, func(it item) {
			s.warnMixed(it)
			emit(it)
		})
	}
	if err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	return nil
}

// firstSignificant returns the first line of head that is neither blank
// nor a '#' comment; a JSON document counts from its opening brace.
func firstSignificant(head []byte) string {
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		t := strings.TrimSpace(string(line))
		if t == "" || t[0] == '#' {
			continue
		}
		if t[0] == '{' {
			return "{"
		}
		return t
	}
	return ""
}

// byteOrderMark is the UTF-8 byte-order mark some editors write first.
const byteOrderMark = "\ufeff"

// scanText reads sudoku text formats: one item per line puzzle or grid
// block.
func (s *setup) scanText(r io.Reader, source string, emit func(item)) error {
	sc := sudoku.NewScanner(r, s.parse)
	for sc.Scan() {
		p := sc.Puzzle()
		emit(item{source: source, line: p.Line, text: p.Text, grid: p.Grid,
			block: strings.Contains(strings.TrimSpace(p.Text), "\n"), mixed: p.MixedBlanks, err: flagError(p.Err)})
	}
	return sc.Err()
}

// warnMixed warns, once per line, about the lines of a puzzle that write
// blanks with two or more symbols: one of them may be a mistyped given.
func (s *setup) warnMixed(it item) {
	for _, m := range it.mixed {
		quoted := make([]string, len(m.Symbols))
		for i, sym := range m.Symbols {
			quoted[i] = fmt.Sprintf("%q", sym)
		}
		s.warnf("%s:%d: blank cells written both as %s on one line (. 0 _ - * x X all mean blank); is one a mistyped given?",
			it.source, m.Line, strings.Join(quoted, " and "))
	}
}

// flagError rewrites a parse error that names a ParseOptions field so that
// it names the command-line flag instead; other errors pass unchanged.
func flagError(err error) error {
	pe, ok := err.(*sudoku.ParseError)
	if !ok || pe.Option == "" {
		return err
	}
	return cliParseError{pe}
}

// A cliParseError is a parse error whose hint names a flag.
type cliParseError struct{ *sudoku.ParseError }

// Error returns the parse error's text and the flag that settles it.
func (e cliParseError) Error() string {
	return e.Text() + "; set --" + strings.ToLower(e.Option)
}

// Unwrap returns the parse error.
func (e cliParseError) Unwrap() error { return e.ParseError }

// scanJigsaw reads text puzzles each followed by its layout: N lines of N
// region symbols (any N distinct letters or digits).
func (s *setup) scanJigsaw(r io.Reader, source string, emit func(item)) error {
	var pending *item
	err := s.scanText(r, source, func(it item) {
		if pending == nil {
			pending = &it
			return
		}
		p := *pending
		pending = nil
		s.warnMixed(p)
		if p.err == nil {
			j, err := variants.ParseJigsawLayout(it.text, p.grid.Shape.N())
			if err != nil {
				p.err = fmt.Errorf("jigsaw layout at line %d: %w", it.line, err)
			} else {
				p.own = []rules.Variant{j}
			}
		}
		emit(p)
	})
	if pending != nil {
		p := *pending
		p.err = fmt.Errorf("puzzle without its jigsaw layout (N lines of region symbols after the givens)")
		emit(p)
	}
	return err
}

// scanFpuzzles reads f-puzzles data: a JSON document, or one link or
// lz-string per line.
func (s *setup) scanFpuzzles(br *bufio.Reader, source string, emit func(item)) error {
	head, _ := br.Peek(peekSize)
	if firstSignificant(head) == "{" {
		data, err := io.ReadAll(br)
		if err != nil {
			return err
		}
		emit(s.fpuzzleItem(string(data), source, 1))
		return nil
	}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 0, 64<<10), fpuzzles.MaxInput+1)
	for n := 1; sc.Scan(); n++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || t[0] == '#' {
			continue
		}
		emit(s.fpuzzleItem(t, source, n))
	}
	return sc.Err()
}

// fpuzzleItem decodes one f-puzzles puzzle into an item.
func (s *setup) fpuzzleItem(text, source string, line int) item {
	it := item{source: source, line: line, text: text}
	p, err := fpuzzles.Options{IgnoreUnsupported: s.flags.ignoreUnsupported}.Decode(text)
	if err != nil {
		it.err = err
		return it
	}
	for _, d := range p.Dropped {
		s.warnf("%s:%d: ignoring unsupported constraint %s (--ignore-unsupported): the puzzle may have extra solutions", source, line, d)
	}
	it.grid, it.own, it.stored = p.Grid, p.Variants, p.Solution
	return it
}

// isDir reports whether name is an existing directory.
func isDir(name string) bool {
	if strings.ContainsAny(name, "\n") {
		return false
	}
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}

// isFile reports whether name is an existing regular file.
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
