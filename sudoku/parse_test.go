package sudoku

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// alpha returns a pointer to a, for ParseOptions.Alphabet.
func alpha(a Alphabet) *Alphabet { return &a }

// readLines returns the non-empty lines of a testdata file.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return strings.Fields(string(b))
}

// readFile returns a testdata file.
func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(b)
}

const (
	p9   = "6.9.25....8..695.424..31.6..38..7.92167..4.........7..8....2..5...543...453.....9"
	p4   = "1.3.....4...2..."
	full = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// rowsOf cuts a line-format puzzle into n rows joined with sep.
func rowsOf(line string, n int, sep string) string {
	var rows []string
	for i := 0; i < n; i++ {
		rows = append(rows, line[i*n:(i+1)*n])
	}
	return strings.Join(rows, sep)
}

func TestParseFormats(t *testing.T) {
	zeros := strings.ReplaceAll(p9, ".", "0")
	tokens9 := strings.Join(strings.Split(zeros, ""), " ")
	hexLine := "0.3.....4...2...F" + strings.Repeat(".", 256-17)
	tests := []struct {
		name  string
		in    string
		opt   ParseOptions
		shape Shape
		line  string // want Line() of the grid
		alpha Alphabet
	}{
		{"line dots", p9, ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line zeros", zeros, ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line underscores", strings.ReplaceAll(p9, ".", "_"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line dashes", strings.ReplaceAll(p9, ".", "-"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line stars", strings.ReplaceAll(p9, ".", "*"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line x", strings.ReplaceAll(p9, ".", "x"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line X", strings.ReplaceAll(p9, ".", "X"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line comment", p9 + "  #17 hard one", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line tab comment", p9 + "\tcomment", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"qqwing csv", p9 + "," + full + ",", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"qqwing csv with header", "Puzzle,Solution,\n" + p9 + "," + full + ",\n", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line spaces around", "  " + p9 + "  \r\n", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"line with leading comment lines", "# a comment\n\n" + p9 + "\n", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"4x4 line", p4, ParseOptions{}, Shape{2, 2}, p4, Digits},
		{"6x6 line", "1.....2.....3.....4.....5.....6.....", ParseOptions{}, Shape{2, 3}, "1.....2.....3.....4.....5.....6.....", Digits},
		{"6x6 forced 3x2", "1.....2.....3.....4.....5.....6.....", ParseOptions{Shape: Shape{3, 2}}, Shape{3, 2}, "1.....2.....3.....4.....5.....6.....", Digits},
		{"12x12 line", "ABC1" + strings.Repeat(".", 140), ParseOptions{}, Shape{3, 4}, "ABC1" + strings.Repeat(".", 140), Digits},
		{"16x16 digits with G", "G.1" + strings.Repeat(".", 253), ParseOptions{}, Shape{4, 4}, "G.1" + strings.Repeat(".", 253), Digits},
		{"16x16 lower case", "g.1a" + strings.Repeat(".", 252), ParseOptions{}, Shape{4, 4}, "G.1A" + strings.Repeat(".", 252), Digits},
		{"16x16 hex: 0 among dots", hexLine, ParseOptions{}, Shape{4, 4}, hexLine, Hex},
		{"16x16 digits: many 0 blanks", "1" + strings.Repeat("0", 254) + "F", ParseOptions{}, Shape{4, 4}, "1" + strings.Repeat(".", 254) + "F", Digits},
		{"16x16 hex forced", "1.3" + strings.Repeat(".", 253), ParseOptions{Alphabet: alpha(Hex)}, Shape{4, 4}, "1.3" + strings.Repeat(".", 253), Hex},
		{"16x16 digits forced", "1.3" + strings.Repeat(".", 253), ParseOptions{Alphabet: alpha(Digits)}, Shape{4, 4}, "1.3" + strings.Repeat(".", 253), Digits},
		{"16x16 letters", "P.A-" + strings.Repeat("-", 252), ParseOptions{}, Shape{4, 4}, "P.A." + strings.Repeat(".", 252), Letters},
		{"9x9 letters", strings.NewReplacer("1", "A", "2", "B", "3", "C", "4", "D", "5", "E", "6", "F", "7", "G", "8", "H", "9", "I").Replace(p9), ParseOptions{}, Shape{3, 3}, strings.NewReplacer("1", "A", "2", "B", "3", "C", "4", "D", "5", "E", "6", "F", "7", "G", "8", "H", "9", "I").Replace(p9), Letters},
		{"letters forced", "A.B.............", ParseOptions{Alphabet: alpha(Letters)}, Shape{2, 2}, "A.B.............", Letters},
		{"25x25 with P", "P1" + strings.Repeat(".", 623), ParseOptions{}, Shape{5, 5}, "P1" + strings.Repeat(".", 623), Digits},
		{"empty 16x16 grid", strings.Repeat(".", 256), ParseOptions{}, Shape{4, 4}, strings.Repeat(".", 256), Digits},
		{"grid block", rowsOf(p9, 9, "\n"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"grid block crlf", rowsOf(p9, 9, "\r\n") + "\r\n", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"grid block with blank lines around", "\n\n" + rowsOf(p9, 9, "\n") + "\n\n", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"sdk", "[Puzzle]\n#A author\n#D desc\n" + rowsOf(p9, 9, "\n") + "\n", ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"sdk with state section", "[Puzzle]\n" + rowsOf(p9, 9, "\n") + "\n[State]\n" + rowsOf(full, 9, "\n"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"debian title", "% title\n" + rowsOf(p9, 9, "\n"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"block wrapped in 3 lines", p9[:27] + "\n" + p9[27:54] + "\n" + p9[54:], ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"tokens one line", tokens9, ParseOptions{}, Shape{3, 3}, tokens9, Numbers},
		{"tokens commas", strings.ReplaceAll(tokens9, " ", ","), ParseOptions{}, Shape{3, 3}, tokens9, Numbers},
		{"tokens 4x4 one line", "1 0 3 0 0 0 0 0 4 0 0 0 2 0 0 0", ParseOptions{}, Shape{2, 2}, "1 0 3 0 0 0 0 0 4 0 0 0 2 0 0 0", Numbers},
		{"spaced symbols with dots are not tokens", strings.ReplaceAll(tokens9, "0", "."), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"numbers between bars are a grid", "1 0 | 3 0\n0 0 | 0 4\n----+----\n0 0 | 4 0\n0 0 | 0 1", ParseOptions{}, Shape{2, 2}, "1.3....4..4....1", Digits},
		{"tokens with a forced symbol alphabet", tokens9, ParseOptions{Alphabet: alpha(Digits)}, Shape{3, 3}, p9, Digits},
		{"tokens two digits", "16 " + strings.Repeat("0 ", 254) + "10", ParseOptions{}, Shape{4, 4}, "16 " + strings.Repeat("0 ", 254) + "10", Numbers},
		{"tokens dots", "16 " + strings.Repeat(". ", 254) + "10", ParseOptions{}, Shape{4, 4}, "16 " + strings.Repeat("0 ", 254) + "10", Numbers},
		{"tokens single digits 16x16", "9 " + strings.Repeat("0 ", 254) + "1", ParseOptions{}, Shape{4, 4}, "9 " + strings.Repeat("0 ", 254) + "1", Numbers},
		{"tokens forced numbers", "1 0 3 0 0 0 0 0 4 0 0 0 2 0 0 0", ParseOptions{Alphabet: alpha(Numbers)}, Shape{2, 2}, "1 0 3 0 0 0 0 0 4 0 0 0 2 0 0 0", Numbers},
		{"symbols forced numbers", p4, ParseOptions{Alphabet: alpha(Numbers)}, Shape{2, 2}, "1 0 3 0 0 0 0 0 4 0 0 0 2 0 0 0", Numbers},
		{"line with a byte-order mark", "\ufeff" + p9, ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"grid with a byte-order mark", "\ufeff" + rowsOf(p9, 9, "\n"), ParseOptions{}, Shape{3, 3}, p9, Digits},
		{"tokens keep forced alphabet", "16 " + strings.Repeat("0 ", 254) + "1", ParseOptions{Alphabet: alpha(Hex)}, Shape{4, 4}, "F" + strings.Repeat(".", 254) + "0", Hex},
		{"4x4 rows with space between boxes", "12 34\n34 12\n21 43\n43 21", ParseOptions{}, Shape{2, 2}, "1234341221434321", Digits},
		{"all dashes 4x4", "----\n----\n----\n----", ParseOptions{}, Shape{2, 2}, strings.Repeat(".", 16), Digits},
		{"dash blanks with a blank row", "1---\n----\n--3-\n---4", ParseOptions{}, Shape{2, 2}, "1.........3....4", Digits},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in, tt.opt)
			require.NoError(t, err)
			assert.Equal(t, tt.shape, g.Shape)
			assert.Equal(t, tt.alpha, g.Alphabet)
			assert.Equal(t, tt.line, g.Line())
			assert.NoError(t, g.Validate())
		})
	}
}

func TestParseFiles(t *testing.T) {
	first := func(name string) string { return readLines(t, name)[0] }
	transpose := func(line string, n int) string {
		b := []byte(line)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				b[j*n+i] = line[i*n+j]
			}
		}
		return string(b)
	}
	tests := []struct {
		file  string
		shape Shape
		alpha Alphabet
		line  string
	}{
		{"9x9.sdk", Shape{3, 3}, Digits, first("shapes/9x9.txt")},
		{"9x9.ss", Shape{3, 3}, Digits, first("shapes/9x9.txt")},
		{"9x9.pretty", Shape{3, 3}, Digits, first("shapes/9x9.txt")},
		{"9x9.tokens", Shape{3, 3}, Numbers, first("shapes/9x9.txt")},
		{"6x6-3x2.pretty", Shape{3, 2}, Digits, transpose(first("shapes/6x6.txt"), 6)},
		{"16x16.pretty", Shape{4, 4}, Digits, first("shapes/16x16.txt")},
		{"16x16.tokens", Shape{4, 4}, Numbers, first("shapes/16x16.txt")},
		{"16x16-hex.pretty", Shape{4, 4}, Hex, first("shapes/16x16.hex.txt")},
		{"25x25.pretty", Shape{5, 5}, Digits, first("shapes/25x25.txt")},
		{"25x25.tokens", Shape{5, 5}, Numbers, first("shapes/25x25.txt")},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			g, err := Parse(readFile(t, filepath.Join("formats", tt.file)), ParseOptions{})
			require.NoError(t, err)
			assert.Equal(t, tt.shape, g.Shape)
			assert.Equal(t, tt.alpha, g.Alphabet)
			assert.Equal(t, tt.line, digitLine(g))
		})
	}
}

// digitLine returns the grid's line with the grid's alphabet, or with
// Digits when it is written in numbers, so that tests can compare values.
func digitLine(g Grid) string {
	if g.Alphabet == Numbers {
		g.Alphabet = Digits
	}
	return g.Line()
}

// TestParseHexMatchesDigits checks that the hex copy of a 16x16 puzzle reads
// to the same values as the original.
func TestParseHexMatchesDigits(t *testing.T) {
	for _, kind := range []string{"", ".solutions"} {
		d, err := Parse(readLines(t, "shapes/16x16"+kind+".txt")[0], ParseOptions{})
		require.NoError(t, err)
		h, err := Parse(readLines(t, "shapes/16x16.hex"+kind+".txt")[0], ParseOptions{})
		require.NoError(t, err)
		assert.Equal(t, Digits, d.Alphabet)
		assert.Equal(t, Hex, h.Alphabet)
		assert.Equal(t, d.Cells, h.Cells)
	}
}

func TestParseErrors(t *testing.T) {
	long := strings.Repeat(".", 37*37)
	tests := []struct {
		name      string
		in        string
		opt       ParseOptions
		msg       string // a substring of the message
		line, col int
		is        error // also wrapped, besides ErrParse
	}{
		{"empty", "", ParseOptions{}, "empty input", 0, 0, nil},
		{"spaces", "  \n \t\n", ParseOptions{}, "empty input", 0, 0, nil},
		{"only comments", "# one\n# two\n", ParseOptions{}, "only comments", 0, 0, nil},
		{"80 symbols", p9[:80], ParseOptions{}, "80 symbols: not a square grid (want 16, 36, 81", 1, 0, nil},
		{"82 symbols", p9 + "1", ParseOptions{}, "82 symbols: not a square grid", 1, 0, nil},
		{"80 symbols and a comment", p9[:80] + " comment", ParseOptions{}, "80 symbols", 1, 0, nil},
		{"forced shape length", p9, ParseOptions{Shape: Shape{2, 2}}, "81 symbols, a 2x2 grid (4x4) has 16", 1, 0, nil},
		{"bad forced shape", p9, ParseOptions{Shape: Shape{0, 9}}, "bad shape 0x9; set ParseOptions.Shape", 0, 0, ErrShape},
		{"unknown symbol", p9[:20] + "?" + p9[21:], ParseOptions{}, "unknown symbol '?' at r3c3", 1, 21, nil},
		{"unknown symbol in block", rowsOf(p9[:40]+"!"+p9[41:], 9, "\n"), ParseOptions{}, "unknown symbol '!' at r5c5", 5, 5, nil},
		{"unknown symbol in pretty grid", "1 . | . .\n. . | . .\n----+----\n. . | # .\n. . | . .\n", ParseOptions{}, "unknown symbol '#' at r3c3", 4, 7, nil},
		{"non-ascii symbol", "1.3.....4...2..é", ParseOptions{}, "unknown symbol 'é' at r4c4", 1, 16, nil},
		{"value too large", p4[:5] + "5" + p4[6:], ParseOptions{}, "symbol '5' at r2c2 is 5 in 1-9A-Z, too large for a 4x4 grid", 1, 6, nil},
		{"G in 9x9", p9[:2] + "G" + p9[3:], ParseOptions{}, "symbol 'G' at r1c3 is 16 in 1-9A-Z, too large for a 9x9 grid; set ParseOptions.Alphabet", 1, 3, nil},
		{"forced hex rejects G", "G" + strings.Repeat(".", 255), ParseOptions{Alphabet: alpha(Hex)}, "symbol 'G' at r1c1 is 17 in 0-9A-Z, too large for a 16x16 grid", 1, 1, nil},
		{"forced letters rejects digits", "1" + strings.Repeat(".", 15), ParseOptions{Alphabet: alpha(Letters)}, "unknown symbol '1' at r1c1", 1, 1, nil},
		{"token too large", "17 " + strings.Repeat("0 ", 255), ParseOptions{}, "value 17 at r1c1 is too large for a 16x16 grid", 1, 1, nil},
		{"token too large later line", strings.Repeat("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n", 3) + "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 99\n" + strings.Repeat("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 12), ParseOptions{}, "value 99 at r4c16 is too large", 4, 37, nil},
		{"token count", "10 " + strings.Repeat("0 ", 78), ParseOptions{}, "79 tokens: not a square grid", 1, 0, nil},
		{"too large", long, ParseOptions{}, "a 37x37 grid is larger than the largest supported, 36x36", 1, 0, ErrShape},
		{"prime side", strings.Repeat(".", 49), ParseOptions{}, "a 7x7 grid has no usual box shape; set ParseOptions.Shape", 1, 0, ErrShape},
		{"one symbol", "5", ParseOptions{}, "has no usual box shape", 1, 0, ErrShape},
		{"row too short", rowsOf(p9, 9, "\n")[:35] + rowsOf(p9, 9, "\n")[36:], ParseOptions{}, "8 symbols in this row, the other rows have 9", 4, 0, nil},
		{"too few rows", rowsOf(p9, 9, "\n")[:79], ParseOptions{}, "8 rows of 9 symbols: a 9x9 grid needs 9 rows", 1, 0, nil},
		{"two line puzzles", p9 + "\n" + p9 + "\n", ParseOptions{}, "more than one puzzle", 2, 0, nil},
		{"separator only", "---+---\n", ParseOptions{}, "empty input", 0, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in, tt.opt)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrParse)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
			assert.Contains(t, err.Error(), tt.msg)
			var pe *ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, tt.line, pe.Line, "line")
			assert.Equal(t, tt.col, pe.Col, "column")
			assert.Nil(t, g.Cells)
		})
	}
}

func TestParseErrorString(t *testing.T) {
	tests := []struct {
		err  *ParseError
		want string
	}{
		{&ParseError{Msg: "empty input"}, "sudoku: parse: empty input"},
		{&ParseError{Line: 3, Msg: "m"}, "sudoku: parse: line 3: m"},
		{&ParseError{Line: 3, Col: 7, Msg: "m"}, "sudoku: parse: line 3, column 7: m"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.err.Error())
		assert.ErrorIs(t, tt.err, ErrParse)
		assert.NotErrorIs(t, tt.err, ErrShape)
	}
	assert.ErrorIs(t, &ParseError{Err: ErrShape}, ErrShape)
}

// TestParseShapeFromBlock checks the box shape a grid block shows through
// '|' and separator lines.
func TestParseShapeFromBlock(t *testing.T) {
	g6 := NewGrid(Shape{2, 3})
	g6.Cells[0] = 1
	tests := []struct {
		name string
		in   string
		opt  ParseOptions
		want Shape
	}{
		{"plain 6x6 rows", rowsOf(g6.Line(), 6, "\n"), ParseOptions{}, Shape{2, 3}},
		{"bars every 2", "1 . | . . | . .\n" + strings.Repeat(". . | . . | . .\n", 5), ParseOptions{}, Shape{3, 2}},
		{"bars every 3", "1 . . | . . .\n" + strings.Repeat(". . . | . . .\n", 5), ParseOptions{}, Shape{2, 3}},
		{"separators every 3 rows", "1.....\n......\n......\n------\n......\n......\n......\n", ParseOptions{}, Shape{3, 2}},
		{"bars and separators", "1.|..|..\n..|..|..\n..|..|..\n--+--+--\n..|..|..\n..|..|..\n..|..|..\n", ParseOptions{}, Shape{3, 2}},
		{"inconsistent bars ignored", "1.|....\n...|...\n" + strings.Repeat("......\n", 4), ParseOptions{}, Shape{2, 3}},
		{"forced shape wins", "1 . | . . | . .\n" + strings.Repeat(". . | . . | . .\n", 5), ParseOptions{Shape: Shape{2, 3}}, Shape{2, 3}},
		{"8x8 bars every 4", "1 . . . | . . . .\n" + strings.Repeat(". . . . | . . . .\n", 7), ParseOptions{}, Shape{2, 4}},
		{"8x8 bars every 2", "1 . | . . | . . | . .\n" + strings.Repeat(". . | . . | . . | . .\n", 7), ParseOptions{}, Shape{4, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in, tt.opt)
			require.NoError(t, err)
			assert.Equal(t, tt.want, g.Shape)
			assert.Equal(t, 1, g.Cells[0])
			assert.Equal(t, 1, g.Givens())
		})
	}
}

// FuzzParse checks that Parse never panics and that whatever it accepts is
// a valid grid that its Line, Pretty and Tokens forms read back to.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"4x4", "6x6", "9x9", "12x12", "16x16", "16x16.hex", "25x25"} {
		for _, l := range readLines(f, "shapes/"+name+".txt")[:1] {
			f.Add(l)
		}
	}
	entries, err := os.ReadDir("testdata/formats")
	require.NoError(f, err)
	for _, e := range entries {
		f.Add(readFile(f, "formats/"+e.Name()))
	}
	for _, s := range []string{"", "1.3.....4...2...", p9 + " c", "1 2\n3 4", "----\n----\n----\n----", "12 34\n34 12\n21 43\n43 21", "0.3." + strings.Repeat(".", 252),
		"\ufeff" + p9, "\ufeff" + rowsOf(p9, 9, "\n"), full36(Numbers).Tokens(), full36(Digits).Line(), full36(Hex).Pretty(), "1 0 3 0 0 0 0 0 4 0 0 0 2 0 0 0",
		strings.Repeat("12.4", 16), "12 3 4 1234\n34 12 12 1\n1 2 3 4\n4 3 12 2\n", "1 2 | 34 34\n34 34 | 12 12\n-----\n2 1 | 34 34\n34 34 | 12 12\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := Parse(in, ParseOptions{})
		if err != nil {
			if !errors.Is(err, ErrParse) {
				t.Fatalf("error does not wrap ErrParse: %v", err)
			}
			return
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("Parse(%q) returned an invalid grid: %v", in, err)
		}
		opt := ParseOptions{Shape: g.Shape, Alphabet: &g.Alphabet}
		for _, out := range []string{g.Line(), g.Pretty()} {
			h, err := Parse(out, opt)
			if err != nil {
				t.Fatalf("Parse(%q) = %v; reading back %q: %v", in, g.Line(), out, err)
			}
			if h.Shape != g.Shape || h.Alphabet != g.Alphabet || !equalCells(h.Cells, g.Cells) {
				t.Fatalf("Parse(%q) = %v %v; read back from %q: %v %v", in, g.Shape, g.Line(), out, h.Shape, h.Line())
			}
		}
		h, err := Parse(g.Tokens(), ParseOptions{Shape: g.Shape})
		if err != nil || !equalCells(h.Cells, g.Cells) {
			t.Fatalf("Parse(%q): tokens %q read back as %v, %v", in, g.Tokens(), h.Cells, err)
		}
		// Pencil marks read back from a sukaku line and, up to 9x9, a
		// candidate grid, each cell allowing the same values.
		if !g.HasMarks() {
			return
		}
		for _, out := range []string{g.SukakuLine(), g.MarksGrid()} {
			if out == "" {
				continue
			}
			h, err := Parse(out, ParseOptions{Shape: g.Shape})
			if err != nil || !equalAllowed(g, h) {
				t.Fatalf("Parse(%q): marks %q read back as %v %v, %v", in, out, h.Cells, h.Marks, err)
			}
		}
	})
}

// equalAllowed reports whether every cell of a and b allows the same
// values: its given, its marks or every value.
func equalAllowed(a, b Grid) bool {
	if len(a.Cells) != len(b.Cells) {
		return false
	}
	for i := range a.Cells {
		if a.cellSet(i) != b.cellSet(i) {
			return false
		}
	}
	return true
}

func equalCells(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseDigitsWinsWhenUndecided(t *testing.T) {
	for _, text := range []string{"1.3" + strings.Repeat(".", 253), "A.B" + strings.Repeat(".", 253)} {
		g, err := Parse(text, ParseOptions{})
		require.NoError(t, err)
		assert.Equal(t, Digits, g.Alphabet)
		hex := Hex
		h, err := Parse(text, ParseOptions{Alphabet: &hex})
		require.NoError(t, err)
		assert.NotEqual(t, g.Cells, h.Cells, "the forced alphabet reads other values")
	}
}
