package sudoku

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomLine returns an 81-byte line drawn mostly from the symbols of
// plain lines, sometimes with another byte.
func randomLine(rng *rand.Rand) string {
	const plain = "123456789._-*0xX"
	const other = "aAgG#[% ,|\t\r=+"
	blanks := plain[9+rng.IntN(7):]
	b := make([]byte, plainSize)
	for i := range b {
		switch k := rng.IntN(100); {
		case k < 40:
			b[i] = plain[rng.IntN(9)]
		case k < 99:
			b[i] = blanks[rng.IntN(min(len(blanks), 1+rng.IntN(3)))]
		default:
			b[i] = other[rng.IntN(len(other))]
		}
	}
	return string(b)
}

// TestPlainLineAgrees: on every text plainLine reads, it gives what the
// general parser gives, the blank symbols included; and the Scanner's
// puzzle for such a line is the general parser's.
func TestPlainLineAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	lines := []string{
		strings.Repeat(".", 81), strings.Repeat("-", 81), strings.Repeat("-*", 40) + "-",
		strings.Repeat("-", 80) + ".", strings.Repeat("x", 81), strings.Repeat("0", 81),
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	}
	for range 3000 {
		lines = append(lines, randomLine(rng))
	}
	opts := []ParseOptions{{}, {Shape: Shape{3, 3}}, {Shape: Shape{1, 9}}, {Alphabet: new(Digits)}}
	read := 0
	for _, line := range lines {
		for _, opt := range opts {
			g, blanks, ok := plainLine(line, opt)
			var log blankLog
			want, err := parseGeneral(line, 1, opt, &log)
			if !ok {
				continue
			}
			read++
			require.NoError(t, err, line)
			assert.Equal(t, want, g, line)
			var syms []string
			if len(log.lines) > 0 {
				syms = log.syms[1]
			}
			assert.Equal(t, syms, append([]string(nil), blanks.syms()...), line)

			ps := ParseAll(line+"\n", opt)
			require.Len(t, ps, 1)
			assert.Equal(t, puzzle(1, line, want, nil, &log), ps[0], line)
		}
	}
	assert.Greater(t, read, 2000, "many lines are plain")
}

// FuzzPlainLine: whatever plainLine reads, the general parser reads alike.
func FuzzPlainLine(f *testing.F) {
	f.Add("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	f.Add(strings.Repeat("-", 81))
	f.Fuzz(func(t *testing.T, line string) {
		g, _, ok := plainLine(line, ParseOptions{})
		if !ok {
			return
		}
		want, err := parseGeneral(line, 1, ParseOptions{}, nil)
		if err != nil {
			t.Fatalf("plainLine read %q, the parser refuses it: %v", line, err)
		}
		if g.Line() != want.Line() || g.Shape != want.Shape || g.Alphabet != want.Alphabet {
			t.Fatalf("plainLine read %q as %v, the parser as %v", line, g, want)
		}
	})
}

// TestLineForms: Line writes symbols when the alphabet names every value
// and numbers otherwise, and AppendLine appends the same text.
func TestLineForms(t *testing.T) {
	tests := []struct {
		name string
		g    Grid
		want string
	}{
		{"digits", Grid{Shape: Shape{2, 2}, Cells: []int{1, 0, 3, 4}, Alphabet: Digits}, "1.34"},
		{"hex", Grid{Shape: Shape{2, 2}, Cells: []int{1, 0, 3, 4}, Alphabet: Hex}, "0.23"},
		{"letters", Grid{Shape: Shape{2, 2}, Cells: []int{1, 0, 3, 4}, Alphabet: Letters}, "A.CD"},
		{"numbers", Grid{Shape: Shape{2, 2}, Cells: []int{1, 0, 3, 4}, Alphabet: Numbers}, "1 0 3 4"},
		{"a value with no symbol", Grid{Shape: Shape{2, 2}, Cells: []int{1, 0, 36, 4}, Alphabet: Digits}, "1 0 36 4"},
		{"a negative value", Grid{Shape: Shape{2, 2}, Cells: []int{-1, 0, 3, 4}, Alphabet: Digits}, "-1 0 3 4"},
		{"a side the alphabet cannot name", Grid{Shape: Shape{6, 6}, Cells: []int{36, 1}, Alphabet: Digits}, "36 1"},
		{"an unknown alphabet", Grid{Shape: Shape{2, 2}, Cells: []int{1, 0, 3, 4}, Alphabet: Alphabet(9)}, "1.34"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.g.Line())
			assert.Equal(t, "> "+tt.want, string(tt.g.AppendLine([]byte("> "))))
		})
	}
}
