package sudoku

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// A Puzzle is one puzzle read by a Scanner: where it starts, its text, and
// either its grid or the error that kept it from parsing.
type Puzzle struct {
	Line int    // line number (from 1) of the puzzle's first line
	Text string // the puzzle's lines as read, joined by "\n", without '\r'
	Grid Grid   // the grid, when Err is nil
	Err  error  // a *ParseError naming the line, or nil
	// MixedBlanks lists the puzzle's lines that write blanks with more
	// than one symbol ('.' and 'x', say), when Err is nil.
	MixedBlanks []MixedBlank
}

// MaxLineLen bounds the length of a line a Scanner reads; a longer line
// yields a Puzzle with an error, and scanning goes on after it.
const MaxLineLen = 1 << 20

// A Scanner reads a stream of puzzles, one per line in line format or one
// per grid block, and yields a Puzzle for each, good or bad, so that a batch
// goes on past bad input. A UTF-8 byte-order mark at the start of the
// stream is skipped. Blank lines and lines starting with '#' are skipped; a header line (a '%' title, an .sdk "[Puzzle]" section, qqwing's
// "Puzzle,Solution," CSV header) is skipped and ends the grid block before
// it.
//
// Each line is classified on its own: a line whose first field holds N*N
// symbols of an N x N grid (N >= 4), or more than MaxN symbols, is a puzzle
// in line format; other lines are rows of a grid block, and a block is
// complete when it has as many rows as its first row has symbols. So a
// 16-symbol line is a 4x4 puzzle unless it uses values above 4, comes
// while a block is open, or follows a 16x16 block. ParseOptions.Shape
// settles the doubt: with it, N*N symbols make a line puzzle and N a row.
// Integer tokens on one line count as a line puzzle when there are more
// than MaxN of them; smaller token puzzles must be written as blocks.
type Scanner struct {
	r    *bufio.Reader
	opt  ParseOptions
	num  int // lines read
	eof  bool
	err  error
	cur  Puzzle
	out  []Puzzle // puzzles ready to yield
	blk  block
	last int // side of the last grid block read, 0 if none
}

// A block is the grid block being collected.
type block struct {
	start     int      // line number of its first line
	lines     []string // its lines, comments and separators included
	rows      int      // rows collected
	width     int      // symbols in the first row; 0 while only a border was seen
	dashBlank bool     // a row used '-' for blanks
}

// NewScanner returns a Scanner reading from r with the given options. A
// *bufio.Reader is read through its own buffer, whatever its size.
func NewScanner(r io.Reader, opt ParseOptions) *Scanner {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &Scanner{r: br, opt: opt}
}

// Scan advances to the next puzzle, which Puzzle then returns. It returns
// false at the end of the input or on a read error, which Err reports.
func (s *Scanner) Scan() bool {
	for len(s.out) == 0 {
		if s.eof {
			s.flush()
			if len(s.out) == 0 {
				return false
			}
			break
		}
		line, tooLong, ok := s.readLine()
		if !ok {
			continue
		}
		s.num++
		if tooLong {
			s.flush()
			s.out = append(s.out, Puzzle{Line: s.num, Text: line, Err: perr(s.num, 0, "line longer than %d bytes", MaxLineLen)})
			continue
		}
		s.handle(line)
	}
	s.cur = s.out[0]
	s.out[0] = Puzzle{}
	if len(s.out) == 1 {
		s.out = s.out[:0] // reuse the queue's array
	} else {
		s.out = s.out[1:]
	}
	return true
}

// Puzzle returns the puzzle Scan found.
func (s *Scanner) Puzzle() Puzzle { return s.cur }

// Err returns the first read error other than io.EOF, or nil.
func (s *Scanner) Err() error { return s.err }

// readLine reads one line without its end of line. It keeps at most
// MaxLineLen bytes and reports whether the line was longer. ok is false
// when no line was left.
func (s *Scanner) readLine() (line string, tooLong, ok bool) {
	frag, err := s.r.ReadSlice('\n')
	if err != nil {
		return s.readLongLine(frag, err)
	}
	// The usual case: a whole line in the buffer, shorter than
	// MaxLineLen.
	line = string(frag[:len(frag)-1])
	if s.num == 0 {
		line = strings.TrimPrefix(line, bom)
	}
	return strings.TrimSuffix(line, "\r"), false, true
}

// readLongLine is readLine for a line that did not end in the buffer, or
// the last line: frag and err are what the first ReadSlice returned.
func (s *Scanner) readLongLine(frag []byte, err error) (line string, tooLong, ok bool) {
	var sb strings.Builder
	for first := true; ; first = false {
		if !first {
			frag, err = s.r.ReadSlice('\n')
		}
		if sb.Len()+len(frag) > MaxLineLen {
			tooLong = true
			if room := MaxLineLen - sb.Len(); room > 0 {
				sb.Write(frag[:room])
			}
		} else {
			sb.Write(frag)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			s.eof = true
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
			if sb.Len() == 0 {
				return "", false, false
			}
		}
		break
	}
	line = strings.TrimSuffix(sb.String(), "\n")
	if s.num == 0 {
		line = strings.TrimPrefix(line, bom)
	}
	return strings.TrimSuffix(line, "\r"), tooLong, true
}

// handle classifies one line and yields or collects it.
func (s *Scanner) handle(line string) {
	if s.blk.width == 0 {
		// Outside a grid block, a plain 81-symbol line is a puzzle
		// whatever came before, as the general path below finds.
		if g, blanks, ok := plainLine(line, s.opt); ok {
			s.blk.lines = nil
			p := Puzzle{Line: s.num, Text: line, Grid: g}
			if blanks.n > 1 {
				p.MixedBlanks = []MixedBlank{{Line: s.num, Symbols: append([]string(nil), blanks.syms()...)}}
			}
			s.out = append(s.out, p)
			return
		}
	}
	t := strings.TrimSpace(line)
	switch {
	case t == "":
		s.flush()
		return
	case t[0] == '#':
		if s.blk.lines != nil {
			s.blk.lines = append(s.blk.lines, line)
		}
		return
	case isHeader(t):
		s.flush()
		return
	}
	b := &s.blk
	if isSeparator(t) && !(b.dashBlank && onlyDashes(t) && sigCount(t) == b.width) {
		if b.lines == nil {
			b.start = s.num
		}
		b.lines = append(b.lines, line)
		return
	}
	if b.width > 0 {
		if cells := s.rowCells(t); cells == b.width || !s.linePuzzle(t) {
			s.addRow(line, t)
			return
		}
		s.flush()
	}
	if s.linePuzzle(t) {
		b.lines = nil // a border before a line puzzle belongs to nothing
		var log blankLog
		g, err := parseText(line, s.num, s.opt, &log)
		s.out = append(s.out, puzzle(s.num, line, g, err, &log))
		return
	}
	if w := s.rowCells(t); w < 2 || w > MaxN || !s.sideOK(w) {
		b.lines = nil
		_, err := parseText(line, s.num, s.opt, nil)
		if err == nil {
			err = perr(s.num, 0, "%d symbols: neither a puzzle nor a grid row", w)
		}
		s.out = append(s.out, Puzzle{Line: s.num, Text: line, Err: err})
		return
	}
	s.addRow(line, t)
}

// addRow adds a grid row to the block, starting one if needed, and yields
// the block when it has all its rows.
func (s *Scanner) addRow(line, t string) {
	b := &s.blk
	if b.lines == nil {
		b.start = s.num
	}
	if b.width == 0 {
		b.width = s.rowCells(t)
	}
	b.lines = append(b.lines, line)
	b.rows++
	if strings.IndexByte(t, '-') >= 0 {
		b.dashBlank = true
	}
	if b.rows >= b.width {
		s.flush()
	}
}

// flush yields the block being collected, if it has rows, and resets it.
func (s *Scanner) flush() {
	b := s.blk
	s.blk = block{}
	if b.rows == 0 {
		return
	}
	text := strings.Join(b.lines, "\n")
	var log blankLog
	g, err := parseText(text, b.start, s.opt, &log)
	switch {
	case b.rows == 1 && err != nil:
		// A lone line is more likely a bad line puzzle than a grid:
		// keep Parse's error about it.
	case b.rows < b.width:
		g, err = Grid{}, perr(b.start, 0, "incomplete grid: %d rows of %d symbols, want %d rows", b.rows, b.width, b.width)
	case err == nil:
		s.last = g.Shape.N()
	}
	s.out = append(s.out, puzzle(b.start, text, g, err, &log))
}

// puzzle makes the Puzzle of a parse, with its mixed blanks when it parsed.
func puzzle(line int, text string, g Grid, err error, log *blankLog) Puzzle {
	p := Puzzle{Line: line, Text: text, Grid: g, Err: err}
	if err == nil {
		p.MixedBlanks = log.mixed()
	}
	return p
}

// sideOK reports whether a grid of side n can be read with s's options.
func (s *Scanner) sideOK(n int) bool {
	if s.opt.Shape != (Shape{}) {
		return n == s.opt.Shape.N()
	}
	_, err := ShapeOf(n)
	return err == nil
}

// linePuzzle reports whether t (trimmed, not a separator) is a whole
// puzzle in line format rather than a grid row.
func (s *Scanner) linePuzzle(t string) bool {
	if marksRowSide(t, s.opt) != 0 {
		return false
	}
	if toks, ok := tokenize([]src{{t, 0}}); ok && len(toks) > MaxN {
		return true
	}
	field := firstField(t)
	f := sigCount(field)
	if f > MaxN {
		return true
	}
	if s.opt.Shape != (Shape{}) {
		return f == s.opt.Shape.Cells()
	}
	k := isqrt(f)
	if k*k != f || !s.sideOK(k) || f == s.last {
		return false
	}
	// The symbols must fit a k x k grid in some alphabet.
	return fits(appendSyms(nil, field, 0), k, s.opt.Alphabet)
}

// fits reports whether some alphabet (the forced one, if set) reads every
// symbol as a blank or a value of a grid of side n.
func fits(syms []sym, n int, forced *Alphabet) bool {
	all := []Alphabet{Digits, Hex, Letters}
	if forced != nil {
		all = []Alphabet{*forced}
	}
	for _, a := range all {
		ok := true
		for _, y := range syms {
			if _, ok = readSym(y.r, a, n); !ok {
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// rowCells returns the number of cells in grid row t: its tokens when they
// are all integers or blanks (unless two-digit tokens make a row of no
// usable side while its symbols do, as in "12 34"), otherwise its
// significant symbols.
func (s *Scanner) rowCells(t string) int {
	if n := marksRowSide(t, s.opt); n != 0 {
		return n
	}
	toks, ok := tokenize([]src{{t, 0}})
	if !ok || len(toks) < 2 {
		return sigCount(t)
	}
	for _, tok := range toks {
		if len(tok.s) == 2 && !s.sideOK(len(toks)) {
			return sigCount(t)
		}
	}
	return len(toks)
}

// ParseAll reads every puzzle in text with a Scanner.
func ParseAll(text string, opt ParseOptions) []Puzzle {
	var out []Puzzle
	sc := NewScanner(strings.NewReader(text), opt)
	for sc.Scan() {
		out = append(out, sc.Puzzle())
	}
	return out
}
