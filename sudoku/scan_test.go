package sudoku

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// want describes one puzzle a Scanner should yield.
type want struct {
	line int
	grid string // Line() of the grid; "" when an error is expected
	err  string // a substring of the error
}

func checkPuzzles(t *testing.T, got []Puzzle, wants []want) {
	t.Helper()
	require.Len(t, got, len(wants), "puzzles: %+v", got)
	for i, w := range wants {
		p := got[i]
		assert.Equal(t, w.line, p.Line, "puzzle %d line", i)
		if w.err != "" {
			if assert.Error(t, p.Err, "puzzle %d", i) {
				assert.ErrorIs(t, p.Err, ErrParse)
				assert.Contains(t, p.Err.Error(), w.err, "puzzle %d", i)
			}
			continue
		}
		if assert.NoError(t, p.Err, "puzzle %d", i) {
			assert.Equal(t, w.grid, digitLine(p.Grid), "puzzle %d", i)
		}
	}
}

func TestScannerLines(t *testing.T) {
	p16 := readLines(t, "shapes/16x16.txt")[0]
	bad := p9[:30] + "?" + p9[31:]
	in := strings.Join([]string{
		"# a comment",     // 1
		p9,                // 2
		p9[:80],           // 3: too short
		"",                // 4
		bad,               // 5: unknown symbol in column 31
		p4,                // 6
		p16,               // 7
		p9 + " a comment", // 8
		"hello",           // 9: neither a puzzle nor a row
		"  " + p9 + "\r",  // 10
		p9 + "1",          // 11: too long
		p9,                // 12, no final newline
	}, "\n")
	checkPuzzles(t, ParseAll(in, ParseOptions{}), []want{
		{2, p9, ""},
		{3, "", "line 3: 80 symbols: not a square grid"},
		{5, "", "line 5, column 31: unknown symbol '?' at r4c4"},
		{6, p4, ""},
		{7, p16, ""},
		{8, p9, ""},
		{9, "", "line 9: 5 symbols: not a square grid"},
		{10, p9, ""},
		{11, "", "line 11: 82 symbols"},
		{12, p9, ""},
	})
}

func TestScannerTexts(t *testing.T) {
	got := ParseAll("# c\n"+p9+"  note\r\n\n"+rowsOf(p4, 4, "\n")+"\n", ParseOptions{})
	require.Len(t, got, 2)
	assert.Equal(t, p9+"  note", got[0].Text)
	assert.Equal(t, rowsOf(p4, 4, "\n"), got[1].Text)
	assert.Equal(t, 4, got[1].Line)
}

func TestScannerByteOrderMark(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		wants []want
	}{
		{"line", "\ufeff" + p9 + "\n" + p9, []want{{1, p9, ""}, {2, p9, ""}}},
		{"grid", "\ufeff" + rowsOf(p9, 9, "\n") + "\n", []want{{1, p9, ""}}},
		{"comment first", "\ufeff# title\n" + p9, []want{{2, p9, ""}}},
		// Only the start of the stream has a mark; one further on is a
		// symbol like any other.
		{"mark later", p9 + "\n\ufeff" + p9, []want{{1, p9, ""}, {2, "", "82 symbols"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkPuzzles(t, ParseAll(tt.in, ParseOptions{}), tt.wants)
		})
	}
}

func TestScannerMixedBlanks(t *testing.T) {
	x := strings.Replace(p9, ".", "x", 1)
	tests := []struct {
		name string
		in   string
		want [][]MixedBlank // per puzzle
	}{
		{"one blank symbol", p9 + "\n" + strings.ReplaceAll(p9, ".", "x"), [][]MixedBlank{nil, nil}},
		{"dot and x", p9 + "\n" + x, [][]MixedBlank{nil, {{2, []string{"x", "."}}}}},
		{"comment does not count", p9 + " x-_ comment", [][]MixedBlank{nil}},
		{"dot and zero", strings.Replace(p9, ".", "0", 3), [][]MixedBlank{{{1, []string{"0", "."}}}}},
		{"grid rows", "1.3.\n...4\n..4.\n_..1\n", [][]MixedBlank{{{4, []string{"_", "."}}}}},
		{"tokens", "16 . " + strings.Repeat("0 ", 253) + "1", [][]MixedBlank{{{1, []string{".", "0"}}}}},
		{"error has none", strings.Replace(x, "4", "?", 1), [][]MixedBlank{nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseAll(tt.in, ParseOptions{})
			require.Len(t, got, len(tt.want))
			for i, p := range got {
				assert.Equal(t, tt.want[i], p.MixedBlanks, "puzzle %d", i)
			}
		})
	}
}

func TestScannerBlocks(t *testing.T) {
	nines := readLines(t, "shapes/9x9.txt")
	p16 := readLines(t, "shapes/16x16.txt")[0]
	p25 := readLines(t, "shapes/25x25.txt")[0]
	hex := readLines(t, "shapes/16x16.hex.txt")[0]
	tests := []struct {
		name  string
		in    string
		opt   ParseOptions
		wants []want
	}{
		{"debian", readFile(t, "formats/debian.txt"), ParseOptions{}, []want{{2, nines[0], ""}, {12, nines[1], ""}}},
		{"sdk", readFile(t, "formats/9x9.sdk"), ParseOptions{}, []want{{5, nines[0], ""}}},
		{"ss with borders", readFile(t, "formats/9x9.ss"), ParseOptions{}, []want{{1, nines[0], ""}}},
		{"pretty", readFile(t, "formats/9x9.pretty"), ParseOptions{}, []want{{1, nines[0], ""}}},
		{"tokens with commas", readFile(t, "formats/9x9.tokens"), ParseOptions{}, []want{{1, nines[0], ""}}},
		{"16x16 pretty", readFile(t, "formats/16x16.pretty"), ParseOptions{}, []want{{1, p16, ""}}},
		{"16x16 hex pretty", readFile(t, "formats/16x16-hex.pretty"), ParseOptions{}, []want{{1, hex, ""}}},
		{"16x16 tokens twice", readFile(t, "formats/16x16.tokens") + readFile(t, "formats/16x16.tokens"), ParseOptions{}, []want{{1, p16, ""}, {17, p16, ""}}},
		{"25x25 tokens and pretty", readFile(t, "formats/25x25.tokens") + "\n" + readFile(t, "formats/25x25.pretty"), ParseOptions{}, []want{{1, p25, ""}, {27, p25, ""}}},
		{"blocks back to back", rowsOf(nines[0], 9, "\n") + "\n" + rowsOf(nines[1], 9, "\n") + "\n", ParseOptions{}, []want{{1, nines[0], ""}, {10, nines[1], ""}}},
		{"16x16 rows back to back", rowsOf(p16, 16, "\n") + "\n" + rowsOf(p16, 16, "\n"), ParseOptions{}, []want{{1, p16, ""}, {17, p16, ""}}},
		{"blocks and lines mixed", nines[0] + "\n" + rowsOf(nines[1], 9, "\n") + "\n" + nines[2] + "\n[Puzzle]\n" + rowsOf(nines[3], 9, "\n"), ParseOptions{},
			[]want{{1, nines[0], ""}, {2, nines[1], ""}, {11, nines[2], ""}, {13, nines[3], ""}}},
		{"incomplete block ended by blank line", rowsOf(nines[0], 9, "\n")[:29] + "\n\n" + nines[1], ParseOptions{},
			[]want{{1, "", "line 1: incomplete grid: 3 rows of 9 symbols, want 9 rows"}, {5, nines[1], ""}}},
		{"incomplete block ended by a line puzzle", rowsOf(nines[0], 9, "\n")[:29] + "\n" + nines[1], ParseOptions{},
			[]want{{1, "", "incomplete grid"}, {4, nines[1], ""}}},
		{"incomplete block at the end", "\n\n" + rowsOf(nines[0], 9, "\n")[:49], ParseOptions{},
			[]want{{3, "", "line 3: incomplete grid: 5 rows"}}},
		{"bad row in a block", rowsOf(nines[0][:20]+"Q"+nines[0][21:], 9, "\n") + "\n" + nines[1], ParseOptions{},
			[]want{{1, "", "line 3, column 3: symbol 'Q' at r3c3 is 26 in 1-9A-Z, too large for a 9x9 grid"}, {10, nines[1], ""}}},
		{"short row in a block", rowsOf(nines[0], 9, "\n")[:10] + "12\n" + rowsOf(nines[0], 9, "\n")[20:] + "\n\n" + nines[1], ParseOptions{},
			[]want{{1, "", "line 2: 2 symbols in this row"}, {11, nines[1], ""}}},
		{"comments inside a block", "#A me\n" + rowsOf(nines[0], 9, "\n#C c\n"), ParseOptions{}, []want{{2, nines[0], ""}}},
		{"crlf", strings.ReplaceAll(readFile(t, "formats/9x9.sdk"), "\n", "\r\n"), ParseOptions{}, []want{{5, nines[0], ""}}},
		{"border before a line puzzle is dropped", "*-----*\n" + nines[0], ParseOptions{}, []want{{2, nines[0], ""}}},
		{"forced 2x2: 16 symbols are puzzles", p4 + "\n" + p4, ParseOptions{Shape: Shape{2, 2}}, []want{{1, p4, ""}, {2, p4, ""}}},
		{"forced 4x4: 16 symbols are rows", rowsOf(p16, 16, "\n"), ParseOptions{Shape: Shape{4, 4}}, []want{{1, p16, ""}}},
		{"forced 4x4: 256 symbols are a puzzle", p16, ParseOptions{Shape: Shape{4, 4}}, []want{{1, p16, ""}}},
		{"4x4 blocks", rowsOf(p4, 4, "\n") + "\n" + rowsOf(p4, 4, "\n"), ParseOptions{}, []want{{1, p4, ""}, {5, p4, ""}}},
		{"dash rows in a block", "1---\n----\n--3-\n---4\n" + p4, ParseOptions{}, []want{{1, "1.........3....4", ""}, {5, p4, ""}}},
		{"qqwing csv", "Puzzle,Solution,\n" + p9 + "," + full + ",\n" + p4 + "," + "1234341221434321,\n", ParseOptions{}, []want{{2, p9, ""}, {3, p4, ""}}},
		{"token line puzzle", strings.Repeat("0 ", 80) + "9\n" + p9, ParseOptions{}, []want{{1, strings.Repeat(".", 80) + "9", ""}, {2, p9, ""}}},
		{"empty", "", ParseOptions{}, nil},
		{"only comments and blanks", "# x\n\n#y\n   \n", ParseOptions{}, nil},
		{"only a border", "*-----*\n", ParseOptions{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkPuzzles(t, ParseAll(tt.in, tt.opt), tt.wants)
		})
	}
}

func TestScannerLongLines(t *testing.T) {
	p25 := readLines(t, "shapes/25x25.txt")[0]
	in := p9 + "\n" + strings.Repeat(".", MaxLineLen+10) + "\n" + p9 + "\n" + p25 + "\n"
	sc := NewScanner(strings.NewReader(in), ParseOptions{})
	var got []Puzzle
	for sc.Scan() {
		got = append(got, sc.Puzzle())
	}
	require.NoError(t, sc.Err())
	checkPuzzles(t, got, []want{
		{1, p9, ""},
		{2, "", "line 2: line longer than"},
		{3, p9, ""},
		{4, p25, ""},
	})
	assert.Len(t, got[1].Text, MaxLineLen)
}

// errReader returns its data, then err.
type errReader struct {
	data string
	err  error
}

func (r *errReader) Read(b []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(b, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestScannerReadError(t *testing.T) {
	boom := errors.New("boom")
	sc := NewScanner(&errReader{data: p9 + "\n" + p4 + "\n", err: boom}, ParseOptions{})
	var lines []int
	for sc.Scan() {
		require.NoError(t, sc.Puzzle().Err)
		lines = append(lines, sc.Puzzle().Line)
	}
	assert.Equal(t, []int{1, 2}, lines)
	assert.ErrorIs(t, sc.Err(), boom)

	sc = NewScanner(&errReader{err: io.EOF}, ParseOptions{})
	assert.False(t, sc.Scan())
	assert.NoError(t, sc.Err())
}

// TestScannerCorpus reads every corpus file with a Scanner: one good puzzle
// per line, numbered from 1.
func TestScannerCorpus(t *testing.T) {
	entries, err := os.ReadDir("testdata/shapes")
	require.NoError(t, err)
	for _, e := range entries {
		t.Run(e.Name(), func(t *testing.T) {
			f, err := os.Open("testdata/shapes/" + e.Name())
			require.NoError(t, err)
			defer f.Close()
			lines := readLines(t, "shapes/"+e.Name())
			sc := NewScanner(f, ParseOptions{})
			i := 0
			for sc.Scan() {
				p := sc.Puzzle()
				require.NoError(t, p.Err)
				require.Less(t, i, len(lines))
				assert.Equal(t, i+1, p.Line)
				assert.Equal(t, lines[i], p.Grid.Line())
				i++
			}
			require.NoError(t, sc.Err())
			assert.Equal(t, len(lines), i)
		})
	}
}

// FuzzScanner checks that a Scanner never panics, yields either an error
// or a valid grid for each puzzle, and numbers puzzles by increasing lines
// that exist in the input.
func FuzzScanner(f *testing.F) {
	for _, name := range []string{"4x4", "9x9", "16x16", "16x16.hex", "diagonal/9x9"} {
		file := "shapes/" + name + ".txt"
		if strings.Contains(name, "/") {
			file = name + ".txt"
		}
		f.Add(readFile(f, file))
	}
	entries, err := os.ReadDir("testdata/formats")
	require.NoError(f, err)
	for _, e := range entries {
		f.Add(readFile(f, "formats/"+e.Name()))
	}
	f.Add("# c\n" + p9 + "\n" + p9[:80] + "\nhello\n\n" + rowsOf(p4, 4, "\n") + "\n1 2\n")
	f.Add("\ufeff" + p9 + "\n\ufeff" + rowsOf(p4, 4, "\n"))
	f.Add(strings.Replace(p9, ".", "x", 1) + "\n" + full36(Numbers).Tokens() + full36(Digits).Line() + "\n")
	f.Fuzz(func(t *testing.T, in string) {
		lines := strings.Count(in, "\n") + 1
		last := 0
		for _, p := range ParseAll(in, ParseOptions{}) {
			if p.Line <= last || p.Line > lines {
				t.Fatalf("puzzle at line %d after line %d (input has %d lines)", p.Line, last, lines)
			}
			last = p.Line
			if p.Err != nil {
				if !errors.Is(p.Err, ErrParse) {
					t.Fatalf("line %d: error does not wrap ErrParse: %v", p.Line, p.Err)
				}
				continue
			}
			if err := p.Grid.Validate(); err != nil {
				t.Fatalf("line %d: invalid grid: %v", p.Line, err)
			}
		}
	})
}

func BenchmarkParseLine(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(p9, ParseOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScanner reads a file of 1000 9x9 puzzles, one per line.
func BenchmarkScanner(b *testing.B) {
	text := strings.Repeat(p9+"\n", 1000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		sc := NewScanner(strings.NewReader(text), ParseOptions{})
		n := 0
		for sc.Scan() {
			if sc.Puzzle().Err != nil {
				b.Fatal(sc.Puzzle().Err)
			}
			n++
		}
		if n != 1000 {
			b.Fatalf("%d puzzles", n)
		}
	}
}
