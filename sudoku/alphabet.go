package sudoku

import "fmt"

// An Alphabet says how the values 1..N of a grid are written: one symbol
// per value, or (Numbers) decimal numbers separated by spaces. Blanks are
// written '.' (and read as '.', '_', '-', '*', '0' where 0 is no value, and
// 'x' or 'X' where x is no value). An alphabet names the values up to
// MaxValue; a grid whose side is larger is written in numbers (see
// Grid.Line), so that no value is ever written as a blank.
type Alphabet uint8

const (
	// Digits writes 1..9 then A=10, B=11 … Z=35 ("1-9A-Z"): 16x16 grids use
	// 1-9A-G and 25x25 grids 1-9A-P. It is the default.
	Digits Alphabet = iota
	// Hex writes value v as the digit v-1: 0..9 then A=10 … ("0-9A-Z"), the
	// usual hexadoku convention (16x16 in 0-9A-F). '0' is a value here, so
	// only '.' is a blank.
	Hex
	// Letters writes A=1 … Z=26 ("A-Z"), as some 16x16 and 25x25 sources do.
	Letters
	// Numbers writes every value as a decimal number, the cells separated
	// by spaces (0 for a blank in line format): the token format, which
	// needs no alphabet and names the values of every side. Grids read
	// from integer tokens get it, so that they are written back as tokens.
	// As a symbol alphabet it reads and writes only 1..9.
	Numbers
)

var alphabetNames = [...]string{Digits: "1-9A-Z", Hex: "0-9A-Z", Letters: "A-Z", Numbers: "numbers"}

// String returns the alphabet's name: "1-9A-Z", "0-9A-Z", "A-Z" or
// "numbers".
func (a Alphabet) String() string {
	if int(a) < len(alphabetNames) {
		return alphabetNames[a]
	}
	return fmt.Sprintf("alphabet(%d)", uint8(a))
}

// ParseAlphabet reads an alphabet name as String writes it; "digits", "hex",
// "letters" and "tokens" are accepted too.
func ParseAlphabet(s string) (Alphabet, error) {
	switch s {
	case "numbers", "tokens":
		return Numbers, nil
	case "1-9A-Z", "digits", "1-9":
		return Digits, nil
	case "0-9A-Z", "hex", "0-9A-F", "0-F":
		return Hex, nil
	case "A-Z", "letters":
		return Letters, nil
	}
	return 0, fmt.Errorf("sudoku: unknown alphabet %q (want 1-9A-Z, 0-9A-Z, A-Z or numbers)", s)
}

// DefaultAlphabet returns the alphabet used to write an N x N grid that was
// not read from text: Digits, or Hex for 36x36 grids, whose value 36 Digits
// cannot write.
func DefaultAlphabet(n int) Alphabet {
	if n > Digits.MaxValue() {
		return Hex // Digits stops at Z = 35
	}
	return Digits
}

// MaxValue returns the largest value the alphabet names with one symbol.
func (a Alphabet) MaxValue() int {
	switch a {
	case Hex:
		return 36
	case Letters:
		return 26
	case Numbers:
		return 9
	}
	return 35
}

// Names reports whether the alphabet writes every value of an n x n grid,
// 1..n, as one symbol of its own. Numbers never does: it writes numbers.
func (a Alphabet) Names(n int) bool { return a != Numbers && n <= a.MaxValue() }

// symbolTables holds each alphabet's symbols indexed by value, '.' for 0.
var symbolTables = [...]string{
	Digits:  ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	Hex:     ".0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	Letters: ".ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	Numbers: ".123456789",
}

// symbols returns the alphabet's symbols indexed by value, '.' for 0, up
// to MaxValue.
func (a Alphabet) symbols() string {
	if int(a) < len(symbolTables) {
		return symbolTables[a]
	}
	return symbolTables[Digits]
}

// Symbol returns the symbol for value v (1..MaxValue), or '.' for 0. A value
// the alphabet cannot name has no symbol: Symbol panics rather than write it
// as a blank or as another value (Grid's formats never ask for one).
func (a Alphabet) Symbol(v int) byte {
	if v == 0 {
		return '.'
	}
	if v < 0 || v > a.MaxValue() {
		panic(fmt.Sprintf("sudoku: %v has no symbol for value %d", a, v))
	}
	switch a {
	case Hex:
		v--
		if v < 10 {
			return byte('0' + v)
		}
		return byte('A' + v - 10)
	case Letters:
		return byte('A' + v - 1)
	}
	if v < 10 {
		return byte('0' + v)
	}
	return byte('A' + v - 10)
}

// Value returns the value symbol ch stands for (letters in either case), and
// false when ch is not a value symbol of the alphabet.
func (a Alphabet) Value(ch byte) (int, bool) {
	if ch >= 'a' && ch <= 'z' {
		ch -= 'a' - 'A'
	}
	var v int
	switch {
	case ch >= '0' && ch <= '9':
		v = int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		v = int(ch-'A') + 10
	default:
		return 0, false
	}
	switch a {
	case Hex:
		return v + 1, true
	case Letters:
		if ch < 'A' {
			return 0, false
		}
		return v - 9, true
	case Numbers:
		if v > 9 {
			return 0, false
		}
	}
	if v == 0 {
		return 0, false
	}
	return v, true
}
