package puzzle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/forum"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/sudokupad"
	"github.com/sudokit/sudokit/variants"
)

// ErrNoInput means there is nothing to read: no arguments and a terminal
// on stdin.
var ErrNoInput = errors.New("no input: give puzzles as arguments, files or on stdin (\"-\")")

// errNoPuzzles means the input held no puzzle, only blank lines and
// comments.
var errNoPuzzles = errors.New("no puzzles found in the input")

// Input formats (Reader.Format).
const (
	Auto     = "auto"     // f-puzzles when the input looks like it, else text
	Text     = "text"     // sudoku text formats: lines, grid blocks, tokens
	Fpuzzles = "fpuzzles" // f-puzzles links, lz-string data or JSON, SudokuPad links (f-puzzles or SudokuPad's own data)
	Jigsaw   = "jigsaw"   // text puzzles, each followed by N lines of region symbols
	Killer   = "killer"   // forum killer lines: the 81-character form or SudoCue's "3x3::k:"
	Library  = "library"  // rated puzzles: Sudoku Explainer's "puzzle ED=r/p/d", HoDoKu's ":code:…" lines
)

// Formats lists the input formats a Reader knows.
var Formats = []string{Auto, Text, Fpuzzles, Jigsaw, Killer, Library}

// A Reader reads puzzles. The zero value reads text and f-puzzles data
// from arguments and files, with no standard input.
type Reader struct {
	// Parse says how to read text puzzles (shape, alphabet).
	Parse sudoku.ParseOptions
	// Format is one of Formats; "" means Auto.
	Format string
	// IgnoreUnsupported drops f-puzzles constraints sudokit does not
	// support, with a warning, instead of refusing the puzzle.
	IgnoreUnsupported bool
	// Stdin is what "-" reads; StdinIsTerm says it is a terminal, so that
	// no arguments means no input rather than standard input.
	Stdin       io.Reader
	StdinIsTerm bool
	// Warn, when set, receives warnings about the input (a line mixing
	// blank symbols, a constraint dropped).
	Warn func(format string, args ...any)
	// Halted, when set, is polled while reading: once it reports true,
	// reading stops (the output failed, say).
	Halted func() bool
	// OptionName, when set, names the setting that settles a parse error
	// (the field "Alphabet" may be a flag "--alphabet" to a CLI user).
	OptionName func(field string) string
}

func (r *Reader) warnf(format string, args ...any) {
	if r.Warn != nil {
		r.Warn(format, args...)
	}
}

// Read sends every puzzle of every argument to out, in order, numbered from
// 0, and closes out. An argument is "-" (standard input), the name of an
// existing file, or a puzzle's text; no arguments mean standard input. A
// puzzle that cannot be read is an Item with Err set, and so is an
// argument that names a missing or unreadable file, or a directory (one
// Item, its Source the argument, Line 0), so that the rest of a batch goes
// on; the error returned is for input that cannot be used at all.
func (r *Reader) Read(args []string, out chan<- Item) error {
	defer close(out)
	if r.Format != "" && !slices.Contains(Formats, r.Format) {
		return fmt.Errorf("unknown input format %q (want %s)", r.Format, strings.Join(Formats, ", "))
	}
	index := 0
	emit := func(it Item) {
		it.Index = index
		index++
		out <- it
	}
	if len(args) == 0 {
		if r.StdinIsTerm || r.Stdin == nil {
			return ErrNoInput
		}
		args = []string{"-"}
	}
	for i, arg := range args {
		var err error
		stdin := arg == "-" && r.Stdin != nil
		var dir, file bool
		if !stdin {
			dir, file = statArg(arg)
		}
		switch {
		case stdin:
			err = r.scanSource(r.Stdin, "stdin", peekSize, emit)
		case dir:
			emit(Item{Source: arg, Text: arg, Err: fmt.Errorf("is a directory (give the puzzle files in it, e.g. %s)", filepath.Join(arg, "*.txt"))})
		case file:
			f, oerr := os.Open(arg)
			if oerr != nil {
				var pe *os.PathError
				if errors.As(oerr, &pe) {
					oerr = pe.Err // the item names the file
				}
				emit(Item{Source: arg, Text: arg, Err: oerr})
				continue
			}
			err = r.scanSource(f, arg, peekSize, emit)
			f.Close()
		default:
			err = r.scanArg(arg, fmt.Sprintf("arg %d", i+1), emit)
		}
		if err != nil {
			return err
		}
	}
	if index == 0 {
		return errNoPuzzles
	}
	return nil
}

// scanArg reads the puzzles an argument that names no file holds. An
// argument that looks like a path (a separator, an extension) and reads as
// a single bad puzzle was a file name mistyped: that is an error of the
// whole input, not a bad puzzle.
func (r *Reader) scanArg(arg, source string, emit func(Item)) error {
	items, err := r.scanString(arg, source)
	if err != nil {
		return err
	}
	if len(items) == 1 && items[0].Err != nil && looksLikePath(arg) && !fpuzzles.Looks(arg) {
		emit(Item{Source: arg, Text: arg, Err: fmt.Errorf("no such file (and not a puzzle: %v)", items[0].Err)})
		return nil
	}
	for _, it := range items {
		emit(it)
	}
	return nil
}

// ParseOptions returns the options that read text puzzles with a shape
// and an alphabet as a user writes them ("9", "2x3"; "1-9A-Z", "numbers");
// "" leaves either to be inferred.
func ParseOptions(shape, alphabet string) (sudoku.ParseOptions, error) {
	var o sudoku.ParseOptions
	if shape != "" {
		sh, err := sudoku.ParseShape(shape)
		if err != nil {
			return o, err
		}
		o.Shape = sh
	}
	if alphabet != "" {
		al, err := sudoku.ParseAlphabet(alphabet)
		if err != nil {
			return o, err
		}
		o.Alphabet = &al
	}
	return o, nil
}

// ReadString returns the puzzles of text, numbered from 0, read as Read
// reads an argument that names no file, but without looking at the file
// system: a front end that takes puzzles from other people (a web page, an
// API) reads them with it, so that no text is ever taken for a file name.
// A puzzle that cannot be read is an Item with Err set; the error returned
// is for a text that holds no puzzle at all.
func (r *Reader) ReadString(text, source string) ([]Item, error) {
	if r.Format != "" && !slices.Contains(Formats, r.Format) {
		return nil, fmt.Errorf("unknown input format %q (want %s)", r.Format, strings.Join(Formats, ", "))
	}
	items, err := r.scanString(text, source)
	if err == nil && len(items) == 0 {
		err = errNoPuzzles
	}
	for i := range items {
		items[i].Index = i
	}
	return items, err
}

// scanString reads the puzzles of a text held in memory.
func (r *Reader) scanString(text, source string) ([]Item, error) {
	var items []Item
	// A buffer as large as the text holds all of it: a larger one would
	// cost more than reading the puzzle.
	size := min(len(text)+1, peekSize)
	err := r.scanSource(strings.NewReader(text), source, size, func(it Item) { items = append(items, it) })
	return items, err
}

// peekSize is how much of a source is looked at to tell f-puzzles data
// from text puzzles.
const peekSize = 256 << 10

// scanSource reads the puzzles of one source in the format --in names,
// guessing it from the first significant line under auto, through a
// buffer of size bytes (peekSize, or less for a source known to be
// smaller). A UTF-8 byte-order mark at the start of the source is skipped.
func (r *Reader) scanSource(src io.Reader, source string, size int, emit func(Item)) error {
	br := bufio.NewReaderSize(haltReader{src, r.Halted}, size)
	if head, _ := br.Peek(len(byteOrderMark)); string(head) == byteOrderMark {
		br.Discard(len(byteOrderMark))
	}
	mode := r.Format
	if mode == Auto || mode == "" {
		head, _ := br.Peek(peekSize)
		mode = Text
		switch first := firstSignificant(head); {
		case first == "":
		case forum.LooksKiller(first):
			mode = Killer
		case forum.LooksLibrary(first):
			mode = Library
		case fpuzzles.Looks(first):
			mode = Fpuzzles
		}
	}
	var err error
	switch mode {
	case Fpuzzles:
		err = r.scanFpuzzles(br, source, emit)
	case Jigsaw:
		err = r.scanJigsaw(br, source, emit)
	case Killer:
		err = scanLines(br, func(text string, line int) { emit(killerItem(text, source, line)) })
	case Library:
		err = scanLines(br, func(text string, line int) { emit(r.libraryItem(text, source, line)) })
	default:
		err = r.scanText(br, source, func(it Item) {
			r.warnMixed(it)
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
func (r *Reader) scanText(src io.Reader, source string, emit func(Item)) error {
	sc := sudoku.NewScanner(src, r.Parse)
	for sc.Scan() {
		p := sc.Puzzle()
		emit(Item{Source: source, Line: p.Line, Text: p.Text, Grid: p.Grid,
			Block: strings.Contains(strings.TrimSpace(p.Text), "\n"), Mixed: p.MixedBlanks, Err: r.optionError(p.Err)})
	}
	return sc.Err()
}

// warnMixed warns, once per line, about the lines of a puzzle that write
// blanks with two or more symbols: one of them may be a mistyped given.
func (r *Reader) warnMixed(it Item) {
	for _, m := range it.Mixed {
		quoted := make([]string, len(m.Symbols))
		for i, sym := range m.Symbols {
			quoted[i] = fmt.Sprintf("%q", sym)
		}
		r.warnf("%s:%d: blank cells written both as %s on one line (. 0 _ - * x X all mean blank); is one a mistyped given?",
			it.Source, m.Line, strings.Join(quoted, " and "))
	}
}

// optionError rewrites a parse error that names a ParseOptions field so
// that it names the setting r.OptionName gives instead; other errors pass
// unchanged.
func (r *Reader) optionError(err error) error {
	pe, ok := err.(*sudoku.ParseError)
	if !ok || pe.Option == "" || r.OptionName == nil {
		return err
	}
	return optionError{pe, r.OptionName(pe.Option)}
}

// An optionError is a parse error whose hint names a setting of the
// caller's.
type optionError struct {
	*sudoku.ParseError
	name string
}

// Error returns the parse error's text and the setting that settles it.
func (e optionError) Error() string { return e.Text() + "; set " + e.name }

// Unwrap returns the parse error.
func (e optionError) Unwrap() error { return e.ParseError }

// scanJigsaw reads text puzzles each followed by its layout: N lines of N
// region symbols (any N distinct letters or digits).
func (r *Reader) scanJigsaw(src io.Reader, source string, emit func(Item)) error {
	var pending *Item
	err := r.scanText(src, source, func(it Item) {
		if pending == nil {
			pending = &it
			return
		}
		p := *pending
		pending = nil
		r.warnMixed(p)
		if p.Err == nil {
			j, err := variants.ParseJigsawLayout(it.Text, p.Grid.Shape.N())
			if err != nil {
				p.Err = fmt.Errorf("jigsaw layout at line %d: %w", it.Line, err)
			} else {
				p.Own = []rules.Variant{j}
			}
		}
		emit(p)
	})
	if pending != nil {
		p := *pending
		p.Err = fmt.Errorf("puzzle without its jigsaw layout (N lines of region symbols after the givens)")
		emit(p)
	}
	return err
}

// scanFpuzzles reads f-puzzles data: a JSON document, or one link or
// lz-string per line.
func (r *Reader) scanFpuzzles(br *bufio.Reader, source string, emit func(Item)) error {
	head, _ := br.Peek(peekSize)
	if firstSignificant(head) == "{" {
		data, err := io.ReadAll(br)
		if err != nil {
			return err
		}
		emit(r.fpuzzleItem(string(data), source, 1))
		return nil
	}
	return scanLines(br, func(text string, line int) { emit(r.fpuzzleItem(text, source, line)) })
}

// scanLines hands each line of br that is neither blank nor a '#' comment,
// trimmed, to item with its line number.
func scanLines(br *bufio.Reader, item func(text string, line int)) error {
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 0, 64<<10), fpuzzles.MaxInput+1)
	for n := 1; sc.Scan(); n++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || t[0] == '#' {
			continue
		}
		item(t, n)
	}
	return sc.Err()
}

// libraryItem reads one library line into an item.
func (r *Reader) libraryItem(text, source string, line int) Item {
	it := Item{Source: source, Line: line, Text: text}
	e, err := forum.ParseLibrary(text, r.Parse)
	it.Grid, it.Rating, it.Technique, it.Err = e.Grid, e.Rating, e.Technique, r.optionError(err)
	return it
}

// killerItem reads one forum killer line into an item.
func killerItem(text, source string, line int) Item {
	it := Item{Source: source, Line: line, Text: text}
	it.Grid, it.Own, it.Err = forum.ParseKiller(text)
	return it
}

// fpuzzleItem decodes one f-puzzles puzzle into an item.
func (r *Reader) fpuzzleItem(text, source string, line int) Item {
	it := Item{Source: source, Line: line, Text: text}
	var p *fpuzzles.Puzzle
	var err error
	if sudokupad.Looks(text) {
		p, err = sudokupad.Options{IgnoreUnsupported: r.IgnoreUnsupported}.Decode(text)
	} else {
		p, err = fpuzzles.Options{IgnoreUnsupported: r.IgnoreUnsupported}.Decode(text)
	}
	if err != nil {
		it.Err = err
		return it
	}
	if len(p.Drawings) > 0 {
		r.warnf("%s:%d: the puzzle carries drawings sudokit reads as no rule (%s); if its rules give them a meaning, the answer ignores it",
			source, line, strings.Join(p.Drawings, ", "))
	}
	if len(p.Unused) > 0 {
		r.warnf("%s:%d: the puzzle carries parts sudokit does not read (%s); if its rules give them a meaning, the answer ignores it",
			source, line, strings.Join(p.Unused, ", "))
	}
	for _, d := range p.Dropped {
		r.warnf("%s:%d: ignoring unsupported constraint %s (--ignore-unsupported): the puzzle may have extra solutions", source, line, d)
	}
	it.Grid, it.Own, it.Stored = p.Grid, p.Variants, p.Solution
	it.Title, it.Author, it.Rules = p.Title, p.Author, p.Rules
	return it
}

// statArg reports whether an argument names an existing directory, or an
// existing file (anything else that exists), with one look at the file
// system.
func statArg(name string) (dir, file bool) {
	if strings.ContainsAny(name, "\n") {
		return false, false
	}
	st, err := os.Stat(name)
	if err != nil {
		return false, false
	}
	return st.IsDir(), !st.IsDir()
}

// IsFile reports whether name is an existing regular file.
func IsFile(name string) bool {
	_, file := statArg(name)
	return file
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

// errHalted ends the reading of input once Reader.Halted reports true.
var errHalted = errors.New("input not read further")

// A haltReader reads from r until halted reports true.
type haltReader struct {
	r      io.Reader
	halted func() bool
}

// Read implements io.Reader.
func (h haltReader) Read(p []byte) (int, error) {
	if h.halted != nil && h.halted() {
		return 0, errHalted
	}
	return h.r.Read(p)
}
