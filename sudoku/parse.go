package sudoku

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrParse is wrapped by every parse error.
var ErrParse = errors.New("sudoku: parse")

// A ParseError reports text that is not a puzzle. Line and Col locate the
// problem in the text (counted from 1; Col counts characters) when it has
// one place, and are 0 otherwise. A ParseError wraps [ErrParse], and Err
// when set (e.g. [ErrShape] for a grid side with no box shape).
type ParseError struct {
	Line, Col int
	Msg       string
	Err       error
	// Option names the ParseOptions field that settles the problem
	// ("Shape", "Alphabet"), or is "". Error adds "; set
	// ParseOptions.<Option>"; a command line names its own flag instead.
	Option string
}

// Error returns "sudoku: parse: line L, column C: message", followed by
// "; set ParseOptions.<Option>" when Option is set.
func (e *ParseError) Error() string {
	s := e.Text()
	if e.Option != "" {
		s += "; set ParseOptions." + e.Option
	}
	return s
}

// Text returns the error's text without the hint that names Option.
func (e *ParseError) Text() string {
	var b strings.Builder
	b.WriteString("sudoku: parse: ")
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ", column %d", e.Col)
		}
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns ErrParse and, when set, Err.
func (e *ParseError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrParse, e.Err}
	}
	return []error{ErrParse}
}

// ParseOptions control Parse and Scanner. The zero value infers everything.
type ParseOptions struct {
	// Shape forces the grid shape. The zero Shape infers it from the number
	// of symbols with ShapeOf, which picks boxes wider than tall when the
	// side is not a square (6x6 → 2x3, 12x12 → 3x4), unless a grid block
	// shows its boxes with '|' or separator lines. Set Shape for 3x2 boxes.
	Shape Shape
	// Alphabet forces the symbols; nil infers them (see Parse).
	Alphabet *Alphabet
}

// Parse reads one puzzle. A UTF-8 byte-order mark at the start of text is
// skipped. It accepts
//
//   - the line format: N*N symbols in one line, optionally followed by
//     whitespace (or a comma) and a comment; 16, 36, 81, 144, 256 and 625
//     symbols make 4x4, 6x6, 9x9, 12x12, 16x16 and 25x25 grids (qqwing's
//     CSV "puzzle,solution," lines and its header read too);
//   - grid blocks of N lines of N symbols, with or without spaces between
//     symbols, '|' between boxes and separator lines made of '-', '+', '*',
//     '=' and '|' (Simple Sudoku .ss, qqwing and Debian pretty grids);
//     lines starting with '#' are comments or .sdk metadata and are skipped,
//     and a '[Puzzle]' or '%' header line may come first (a header after
//     the rows ends the puzzle);
//   - N*N integer tokens (0..N) separated by whitespace or commas, on one
//     line or many, the usual format for 16x16 and 25x25 grids.
//
// A blank cell is '.', '_', '-', '*' or '0' ('0' only where it is not a
// value), or 'x' or 'X' where that is not a value (so a mistyped given
// may read as a blank: Scanner reports lines that mix blank symbols). Symbols are read with
// opt.Alphabet when it is set. Otherwise Parse picks the one alphabet that
// can read every symbol: Digits (1-9A-Z) unless symbols rule it out; for
// 10x10 and larger grids Hex (0-9A-Z) when '0' occurs at most N times
// (a value among other blanks, not a blank); Letters (A-Z) when digits are
// absent and Digits cannot read the letters. When Digits and another
// alphabet both read the symbols (a 16x16 puzzle with no '0' and no 'G'),
// Digits wins: 1-9A-G is the convention, 0-9A-F needs opt.Alphabet
// (--alphabet). The grid records the alphabet it was read with.
//
// Errors are *ParseError values wrapping ErrParse. Parse never panics.
func Parse(text string, opt ParseOptions) (Grid, error) {
	return parseText(strings.TrimPrefix(text, bom), 1, opt, nil)
}

// bom is the UTF-8 byte-order mark some editors put at the start of a file.
const bom = "\ufeff"

// A MixedBlank is a line that writes blank cells with more than one symbol
// ('.' and 'x', say): a sign that one of them was meant as a value.
type MixedBlank struct {
	Line    int      // line number, from 1
	Symbols []string // the blank symbols, in order of appearance
}

// blankLog collects the blank symbols of each line, in order.
type blankLog struct {
	lines []int
	syms  map[int][]string
}

// add records blank symbol s on line l.
func (b *blankLog) add(l int, s string) {
	if b == nil {
		return
	}
	if b.syms == nil {
		b.syms = map[int][]string{}
	}
	have, seen := b.syms[l]
	if !seen {
		b.lines = append(b.lines, l)
	}
	for _, h := range have {
		if h == s {
			return
		}
	}
	b.syms[l] = append(have, s)
}

// mixed returns the lines with more than one blank symbol.
func (b *blankLog) mixed() []MixedBlank {
	var out []MixedBlank
	for _, l := range b.lines {
		if len(b.syms[l]) > 1 {
			out = append(out, MixedBlank{Line: l, Symbols: b.syms[l]})
		}
	}
	return out
}

// A src is one line of the input with its line number (from 1).
type src struct {
	text string
	num  int
}

// A sym is one significant symbol of the input and where it stands.
type sym struct {
	r         rune
	line, col int
}

// A token is one whitespace- or comma-separated field in token format.
type token struct {
	s         string
	line, col int
}

func perr(line, col int, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// parseText is Parse for text whose first line is line number first. When
// log is not nil, it records the blank symbols of each line.
func parseText(text string, first int, opt ParseOptions, log *blankLog) (Grid, error) {
	if g, blanks, ok := plainLine(text, opt); ok {
		for _, b := range blanks.syms() {
			log.add(first, b)
		}
		return g, nil
	}
	return parseGeneral(text, first, opt, log)
}

// plainSize is the length of the lines plainLine reads: a 9x9 grid.
const plainSize = 81

// plainSymbol classifies the bytes of a plain line: 1..9 for a value,
// plainBlank+k for the blank symbol blankNames[k], 0 for anything else.
var plainSymbol = func() (t [256]uint8) {
	for v := 1; v <= 9; v++ {
		t['0'+v] = uint8(v)
	}
	for k, b := range blankNames {
		t[b[0]] = plainBlank + uint8(k)
	}
	return t
}()

// blankNames holds the blank symbols of plain lines.
var blankNames = [...]string{".", "_", "-", "*", "0", "x", "X"}

const plainBlank = 16

// plainBlanks lists the distinct blank symbols of a line in order of first
// appearance.
type plainBlanks struct {
	seen uint8 // bit k: blankNames[k] was seen
	n    int
	list [len(blankNames)]string
}

// syms returns the blank symbols.
func (p *plainBlanks) syms() []string { return p.list[:p.n] }

// plainLine reads the most common puzzle text without the general parser:
// exactly 81 bytes, each a digit 1-9 or a blank symbol ('.', '_', '-', '*',
// '0', 'x', 'X'), under options that infer the alphabet and ask for no
// shape but 3x3. It returns what the general parser returns for such text,
// a 9x9 grid in Digits, with the line's distinct blank symbols, and false
// for any other text. A line made only of '-' and '*' is a separator line,
// not a puzzle: it is left to the general parser.
func plainLine(text string, opt ParseOptions) (Grid, plainBlanks, bool) {
	var blanks plainBlanks
	if len(text) != plainSize || opt.Alphabet != nil || (opt.Shape != Shape{} && opt.Shape != Shape{3, 3}) {
		return Grid{}, blanks, false
	}
	text = text[:plainSize]
	cells := make([]int, plainSize)
	separator := true
	for i := 0; i < plainSize; i++ {
		v := plainSymbol[text[i]]
		switch {
		case v == 0:
			return Grid{}, blanks, false
		case v < plainBlank:
			cells[i] = int(v)
			separator = false
			continue
		}
		k := v - plainBlank
		if blanks.seen&(1<<k) == 0 {
			blanks.seen |= 1 << k
			blanks.list[blanks.n] = blankNames[k]
			blanks.n++
			if c := text[i]; c != '-' && c != '*' {
				separator = false
			}
		}
	}
	if separator {
		return Grid{}, blanks, false
	}
	return Grid{Shape: Shape{3, 3}, Cells: cells, Alphabet: Digits}, blanks, true
}

// parseGeneral is parseText for any text.
func parseGeneral(text string, first int, opt ParseOptions, log *blankLog) (Grid, error) {
	if opt.Shape != (Shape{}) {
		if _, err := NewShape(opt.Shape.BoxRows, opt.Shape.BoxCols); err != nil {
			return Grid{}, &ParseError{Msg: fmt.Sprintf("bad shape %dx%d", opt.Shape.BoxRows, opt.Shape.BoxCols), Err: err, Option: "Shape"}
		}
	}
	lines := splitLines(text, first)
	rows, seps := gridLines(lines)
	if len(rows) == 0 {
		if len(lines) > 0 && strings.TrimSpace(text) != "" {
			return Grid{}, perr(0, 0, "empty input: no puzzle, only comments or separator lines")
		}
		return Grid{}, perr(0, 0, "empty input")
	}
	if len(rows) == 1 {
		return parseLine(rows[0], opt, log)
	}
	if f := sigCount(firstField(rows[0].text)); f > MaxN {
		return Grid{}, perr(rows[1].num, 0, "more than one puzzle: a second starts on this line (use a Scanner for many puzzles)")
	}
	if g, ok, err := parseMarksGrid(rows, seps, opt); ok {
		return g, err
	}
	syms := make([]sym, 0, len(text))
	widths := make([]int, len(rows))
	for i, r := range rows {
		n := len(syms)
		syms = appendSyms(syms, r.text, r.num)
		widths[i] = len(syms) - n
	}
	if toks, ok := tokenize(rows); ok && useTokens(toks, len(syms), opt, !hasBar(rows)) {
		return parseTokens(toks, rows[0].num, opt, log)
	}
	if k := isqrt(len(syms)); k*k != len(syms) || (opt.Shape != Shape{} && len(syms) != opt.Shape.Cells()) {
		if err := rowError(rows, widths); err != nil {
			return Grid{}, err
		}
	}
	return parseSyms(syms, rows[0].num, opt, blockShape(rows, seps, widths), log)
}

// parseLine reads a puzzle given on one line: the line format with an
// optional comment, integer tokens, or symbols separated by spaces.
func parseLine(l src, opt ParseOptions, log *blankLog) (Grid, error) {
	field := firstField(l.text)
	if isSukakuLine(field, opt) {
		return parseSukaku(field, l.num, opt)
	}
	f := sigCount(field)
	if k := isqrt(f); k*k == f && (opt.Shape == Shape{} && k >= 2 || f == opt.Shape.Cells()) {
		return parseSyms(appendSyms(nil, field, l.num), l.num, opt, Shape{}, log)
	}
	if toks, ok := tokenize([]src{l}); ok && len(toks) > 1 && useTokens(toks, sigCount(l.text), opt, !hasBar([]src{l})) {
		return parseTokens(toks, l.num, opt, log)
	}
	if f <= MaxN && strings.ContainsAny(strings.TrimSpace(l.text), " \t,") {
		if syms := appendSyms(nil, l.text, l.num); len(syms) > f {
			return parseSyms(syms, l.num, opt, Shape{}, log)
		}
	}
	return parseSyms(appendSyms(nil, field, l.num), l.num, opt, Shape{}, log)
}

// splitLines splits text into lines numbered from first, dropping '\r'.
func splitLines(text string, first int) []src {
	var out []src
	for i := 0; text != ""; i++ {
		line := text
		if j := strings.IndexByte(text, '\n'); j >= 0 {
			line, text = text[:j], text[j+1:]
		} else {
			text = ""
		}
		out = append(out, src{strings.TrimRight(line, "\r"), first + i})
	}
	return out
}

// gridLines picks the lines that hold grid rows, dropping blank lines,
// comments, headers and separator lines. It stops at a header ('[...]' or
// '%') that follows rows: that starts another section or puzzle. For each
// separator line between rows, seps holds the number of rows above it.
func gridLines(lines []src) (rows []src, seps []int) {
	var dashOnly []int // indexes into lines of lines made only of '-'
	isRow := make([]bool, len(lines))
	dashBlank, seenRow := false, false
	end := len(lines)
loop:
	for i, l := range lines {
		t := strings.TrimSpace(l.text)
		switch {
		case t == "" || t[0] == '#':
		case isHeader(t):
			if seenRow {
				end = i
				break loop
			}
		case isSeparator(t):
			if onlyDashes(t) {
				dashOnly = append(dashOnly, i)
			}
		default:
			isRow[i], seenRow = true, true
			if strings.IndexByte(t, '-') >= 0 {
				dashBlank = true
			}
		}
	}
	// A line of dashes is a row of blanks when rows use '-' for blanks and
	// it is as wide as they are, or when there are no other rows at all.
	width := -1
	for i := range lines[:end] {
		if isRow[i] {
			width = sigCount(lines[i].text)
			break
		}
	}
	for _, i := range dashOnly {
		if i < end && (width < 0 || dashBlank && sigCount(lines[i].text) == width) {
			isRow[i] = true
		}
	}
	for i, l := range lines[:end] {
		if isRow[i] {
			rows = append(rows, l)
			continue
		}
		if t := strings.TrimSpace(l.text); t != "" && t[0] != '#' && isSeparator(t) && len(rows) > 0 {
			seps = append(seps, len(rows))
		}
	}
	return rows, seps
}

// isHeader reports whether t (trimmed, non-empty) is a header line: an
// .sdk section such as "[Puzzle]", a Debian "% title", or qqwing's CSV
// header "Puzzle,Solution,".
func isHeader(t string) bool {
	return t[0] == '[' || t[0] == '%' || len(t) >= 7 && strings.EqualFold(t[:7], "puzzle,")
}

// isSeparator reports whether t (trimmed, non-empty) is a separator or
// border line: only '-', '=', '+', '*', '|', ':' and spaces, with at least
// one '-' or '='.
func isSeparator(t string) bool {
	line := false
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '-', '=':
			line = true
		case '+', '*', '|', ':', ' ', '\t':
		default:
			return false
		}
	}
	return line
}

// onlyDashes reports whether t holds only '-', '|' and spaces.
func onlyDashes(t string) bool {
	for i := 0; i < len(t); i++ {
		if c := t[i]; c != '-' && c != '|' && c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// insignificant reports the characters that only lay symbols out.
func insignificant(r rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '|' || r == ','
}

// firstField returns the line-format part of a line: up to the first
// whitespace or comma after leading space.
func firstField(s string) string {
	s = strings.TrimLeft(s, " \t")
	if i := strings.IndexAny(s, " \t,"); i >= 0 {
		s = s[:i]
	}
	return s
}

// sigCount returns the number of significant symbols in s.
func sigCount(s string) int {
	n := 0
	for _, r := range s {
		if !insignificant(r) {
			n++
		}
	}
	return n
}

// appendSyms appends the significant symbols of line s (line number num).
func appendSyms(dst []sym, s string, num int) []sym {
	if dst == nil {
		dst = make([]sym, 0, len(s))
	}
	col := 0
	for _, r := range s {
		col++
		if !insignificant(r) {
			dst = append(dst, sym{r, num, col})
		}
	}
	return dst
}

// tokenize splits rows into tokens and reports whether every token is an
// integer of one or two digits or a lone blank symbol.
func tokenize(rows []src) ([]token, bool) {
	var toks []token
	for _, l := range rows {
		col, start, startCol := 0, -1, 0
		for i, r := range l.text + " " {
			col++
			if r == ' ' || r == '\t' || r == ',' || r == ';' || r == '|' || r == '\r' {
				if start >= 0 {
					t := l.text[start:i]
					if !numeric(t) && !(len(t) == 1 && strings.IndexByte("._-*", t[0]) >= 0) {
						return nil, false
					}
					toks = append(toks, token{t, l.num, startCol})
					start = -1
				}
				continue
			}
			if start < 0 {
				start, startCol = i, col
			}
		}
	}
	return toks, true
}

func numeric(t string) bool {
	if len(t) == 0 || len(t) > 2 {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// hasBar reports whether some row holds a '|' box separator.
func hasBar(rows []src) bool {
	for _, r := range rows {
		if strings.IndexByte(r.text, '|') >= 0 {
			return true
		}
	}
	return false
}

// tokenMode decides whether tokens (all numeric or blank) are integer
// tokens rather than symbols separated by spaces. They are when their count
// fits a grid and some token has two digits, or the alphabet asked for is
// Numbers or cannot name every value of the grid, or, when no alphabet
// other than Digits was asked for, when every token is a number and the
// rows have no '|' (plain: a pretty grid is symbols), or, for a 10x10 or
// larger grid, when '0' is not mixed with other blanks (which would mean a
// hex grid).
func tokenMode(toks []token, opt ParseOptions, plain bool) bool {
	n := isqrt(len(toks))
	if opt.Shape != (Shape{}) {
		if len(toks) != opt.Shape.Cells() {
			return false
		}
	} else if n*n != len(toks) || n < 2 || n > MaxN {
		return false
	}
	if opt.Shape != (Shape{}) {
		n = opt.Shape.N()
	}
	if opt.Alphabet != nil && !opt.Alphabet.Names(n) {
		return true
	}
	multi, zero, blank := false, false, false
	for _, t := range toks {
		switch {
		case len(t.s) == 2:
			multi = true
		case t.s == "0":
			zero = true
		case !numeric(t.s):
			blank = true
		}
	}
	if multi {
		return true
	}
	if opt.Alphabet != nil && *opt.Alphabet != Digits {
		return false
	}
	return plain && !blank || n >= 10 && !(zero && blank)
}

// useTokens decides whether to read numeric tokens as integers: when
// tokenMode says so, or when some token has two digits and the symbols,
// read one by one, do not make a square either (so that errors speak of
// tokens).
func useTokens(toks []token, symbols int, opt ParseOptions, plain bool) bool {
	if tokenMode(toks, opt, plain) {
		return true
	}
	for _, t := range toks {
		if len(t.s) == 2 {
			k := isqrt(symbols)
			return k*k != symbols || opt.Shape != (Shape{}) && symbols != opt.Shape.Cells()
		}
	}
	return false
}

// parseTokens reads integer tokens: 0 or a blank symbol for an empty cell,
// 1..N for a value. The grid gets opt.Alphabet, or Numbers, so that it is
// written back as tokens.
func parseTokens(toks []token, line int, opt ParseOptions, log *blankLog) (Grid, error) {
	s, err := shapeFor(len(toks), "tokens", line, opt, Shape{})
	if err != nil {
		return Grid{}, err
	}
	n := s.N()
	g := Grid{Shape: s, Cells: make([]int, s.Cells()), Alphabet: Numbers}
	if opt.Alphabet != nil {
		g.Alphabet = *opt.Alphabet
	}
	for i, t := range toks {
		if !numeric(t.s) {
			log.add(t.line, t.s)
			continue
		}
		v := int(t.s[0] - '0')
		if len(t.s) == 2 {
			v = v*10 + int(t.s[1]-'0')
		}
		if v == 0 {
			log.add(t.line, t.s)
		}
		if v > n {
			return Grid{}, perr(t.line, t.col, "value %d at %v is too large for a %dx%d grid", v, Cell{i / n, i % n}, n, n)
		}
		g.Cells[i] = v
	}
	return g, nil
}

// supportedSizes lists the symbol counts of the usual grids.
const supportedSizes = "16, 36, 81, 144, 256 or 625"

// shapeFor returns the shape of a grid of count symbols (or tokens): the
// forced one, hint when it fits, or ShapeOf the side.
func shapeFor(count int, what string, line int, opt ParseOptions, hint Shape) (Shape, error) {
	if opt.Shape != (Shape{}) {
		if count != opt.Shape.Cells() {
			return Shape{}, perr(line, 0, "%d %s, a %v grid (%dx%d) has %d", count, what, opt.Shape, opt.Shape.N(), opt.Shape.N(), opt.Shape.Cells())
		}
		return opt.Shape, nil
	}
	n := isqrt(count)
	if n*n != count {
		return Shape{}, perr(line, 0, "%d %s: not a square grid (want %s, or N*N for another side N)", count, what, supportedSizes)
	}
	if n > MaxN {
		return Shape{}, &ParseError{Line: line, Msg: fmt.Sprintf("%d %s: a %dx%d grid is larger than the largest supported, %dx%d", count, what, n, n, MaxN, MaxN), Err: ErrShape}
	}
	if hint.N() == n && hint.BoxRows > 1 && hint.BoxCols > 1 {
		return hint, nil
	}
	s, err := ShapeOf(n)
	if err != nil {
		return Shape{}, &ParseError{Line: line, Msg: fmt.Sprintf("%d %s: a %dx%d grid has no usual box shape", count, what, n, n), Err: err, Option: "Shape"}
	}
	return s, nil
}

// parseSyms turns N*N symbols into a grid.
func parseSyms(syms []sym, line int, opt ParseOptions, hint Shape, log *blankLog) (Grid, error) {
	if len(syms) == 0 {
		return Grid{}, perr(line, 0, "empty input")
	}
	s, err := shapeFor(len(syms), "symbols", line, opt, hint)
	if err != nil {
		return Grid{}, err
	}
	n := s.N()
	a, err := chooseAlphabet(syms, n, opt.Alphabet)
	if err != nil {
		return Grid{}, err
	}
	g := Grid{Shape: s, Cells: make([]int, s.Cells()), Alphabet: a}
	for i, y := range syms {
		v, _ := readSym(y.r, a, n)
		g.Cells[i] = v
		if v == 0 {
			log.add(y.line, string(y.r))
		}
	}
	return g, nil
}

// readSym reads symbol r with alphabet a for a grid of side n: the value
// (0 for a blank) and whether r is a blank or a value in 1..n.
func readSym(r rune, a Alphabet, n int) (int, bool) {
	if r >= utf8.RuneSelf {
		return 0, false
	}
	ch := byte(r)
	switch ch {
	case '.', '_', '-', '*':
		return 0, true
	case '0':
		if a != Hex {
			return 0, true
		}
	}
	v, ok := a.Value(ch)
	if ch == 'x' || ch == 'X' {
		if !ok || v > n {
			return 0, true
		}
	}
	if !ok || v > n {
		return 0, false
	}
	return v, true
}

// symError describes why symbol y (the i-th) does not fit alphabet a.
func symError(y sym, i, n int, a Alphabet, auto bool) error {
	cell := Cell{i / n, i % n}
	if y.r < utf8.RuneSelf {
		if v, ok := a.Value(byte(y.r)); ok {
			e := perr(y.line, y.col, "symbol %q at %v is %d in %v, too large for a %dx%d grid", y.r, cell, v, a, n, n)
			if auto {
				e.Option = "Alphabet"
			}
			return e
		}
	}
	return perr(y.line, y.col, "unknown symbol %q at %v", y.r, cell)
}

// chooseAlphabet returns the alphabet that reads syms, as Parse describes.
func chooseAlphabet(syms []sym, n int, forced *Alphabet) (Alphabet, error) {
	check := func(a Alphabet) (int, bool) {
		for i, y := range syms {
			if _, ok := readSym(y.r, a, n); !ok {
				return i, false
			}
		}
		return 0, true
	}
	if forced != nil {
		if i, ok := check(*forced); !ok {
			return 0, symError(syms[i], i, n, *forced, false)
		}
		return *forced, nil
	}
	var cands []Alphabet
	all := []Alphabet{Digits, Hex, Letters}
	if n < 10 {
		all = []Alphabet{Digits, Letters} // nobody writes small grids from 0
	}
	for _, a := range all {
		if _, ok := check(a); ok {
			cands = append(cands, a)
		}
	}
	if len(cands) == 0 {
		a := DefaultAlphabet(n)
		i, _ := check(a)
		return 0, symError(syms[i], i, n, a, true)
	}
	has := func(a Alphabet) bool {
		for _, c := range cands {
			if c == a {
				return true
			}
		}
		return false
	}
	drop := func(a Alphabet) {
		out := cands[:0]
		for _, c := range cands {
			if c != a {
				out = append(out, c)
			}
		}
		cands = out
	}
	if has(Digits) && has(Hex) {
		zeros := 0
		for _, y := range syms {
			if y.r == '0' {
				zeros++
			}
		}
		switch {
		case zeros > n:
			drop(Hex) // so many '0's are blanks
		case zeros > 0:
			drop(Digits) // a few '0's among other blanks are values
		}
	}
	if len(cands) > 1 && has(Digits) {
		// 1-9A-Z is the convention unless the symbols rule it out
		// (a G in a hex grid, '0' values): 0-9A-F needs --alphabet.
		return Digits, nil
	}
	if len(cands) > 1 {
		// Alphabets that agree on every symbol (say, an empty grid) are
		// not in conflict: keep the first, which is the default.
		same := true
		for _, y := range syms {
			v0, _ := readSym(y.r, cands[0], n)
			for _, c := range cands[1:] {
				if v, _ := readSym(y.r, c, n); v != v0 {
					same = false
				}
			}
		}
		if !same {
			names := make([]string, len(cands))
			for i, c := range cands {
				names[i] = c.String()
			}
			return 0, &ParseError{Line: syms[0].line, Msg: fmt.Sprintf(
				"ambiguous alphabet for a %dx%d grid: the symbols read differently in %s",
				n, n, strings.Join(names, " and ")), Option: "Alphabet"}
		}
		if has(DefaultAlphabet(n)) {
			return DefaultAlphabet(n), nil
		}
	}
	return cands[0], nil
}

// rowError explains symbols that do not make a square: a row whose width
// differs from most rows, or too few or too many rows.
func rowError(rows []src, widths []int) error {
	count := map[int]int{}
	common := widths[0]
	for _, w := range widths {
		count[w]++
		if count[w] > count[common] {
			common = w
		}
	}
	for i, w := range widths {
		if w != common {
			return perr(rows[i].num, 0, "%d symbols in this row, the other rows have %d", w, common)
		}
	}
	if len(rows) != common {
		return perr(rows[0].num, 0, "%d rows of %d symbols: a %dx%d grid needs %d rows", len(rows), common, common, common, common)
	}
	return nil
}

// blockShape infers the box shape a grid block shows: the width of the
// groups between '|' in its rows and the height of the bands between its
// separator lines. It returns the zero Shape when the block shows nothing
// consistent.
func blockShape(rows []src, seps []int, widths []int) Shape {
	n := len(rows)
	for _, w := range widths {
		if w != n {
			return Shape{}
		}
	}
	bc := 0
	for _, r := range rows {
		if !strings.Contains(r.text, "|") {
			continue
		}
		w := 0
		for _, part := range strings.Split(r.text, "|") {
			if k := sigCount(part); k > 0 {
				if w == 0 {
					w = k
				} else if k != w {
					return Shape{}
				}
			}
		}
		if bc != 0 && w != bc {
			return Shape{}
		}
		bc = w
	}
	br := 0
	for i, at := range seps {
		if at == n {
			break // a bottom border
		}
		if i == 0 {
			br = at
		} else if at != br*(i+1) {
			return Shape{}
		}
	}
	switch {
	case bc > 1 && br > 1:
		if bc*br == n {
			return Shape{br, bc}
		}
	case bc > 1 && n%bc == 0 && bc < n:
		return Shape{n / bc, bc}
	case br > 1 && n%br == 0 && br < n:
		return Shape{br, n / br}
	}
	return Shape{}
}

// isqrt returns the integer square root of n >= 0.
func isqrt(n int) int {
	if n <= 0 {
		return 0
	}
	r := 1
	for r*r <= n {
		r++
	}
	return r - 1
}
