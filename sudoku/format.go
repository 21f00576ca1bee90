package sudoku

import (
	"strconv"
	"strings"
)

// cell returns the value of cell i, 0 when g has no such cell.
func (g Grid) cell(i int) int {
	if i < len(g.Cells) {
		return g.Cells[i]
	}
	return 0
}

// InNumbers reports whether g is written in numbers rather than symbols:
// when its alphabet is Numbers, or cannot name every value of its side (a
// 36x36 grid read with 1-9A-Z, which stops at Z = 35), or when a cell holds
// a value the alphabet has no symbol for (an invalid grid). So no value is
// ever written as a blank.
func (g Grid) InNumbers() bool {
	if !g.Alphabet.Names(g.Shape.N()) {
		return true
	}
	top := g.Alphabet.MaxValue()
	for _, v := range g.Cells {
		if v < 0 || v > top {
			return true
		}
	}
	return false
}

// Line returns the grid in line format: N*N symbols of its alphabet, '.' for
// blanks. A grid written in numbers (see InNumbers) gives N*N numbers on
// one line, separated by spaces, 0 for blanks.
func (g Grid) Line() string {
	var buf [MaxN * MaxN]byte
	return string(g.AppendLine(buf[:0]))
}

// AppendLine appends the grid in line format, as Line returns it, to dst
// and returns the extended buffer, so that a caller writing many grids can
// reuse one buffer.
func (g Grid) AppendLine(dst []byte) []byte {
	if g.Alphabet.Names(g.Shape.N()) {
		syms := g.Alphabet.symbols()
		start := len(dst)
		for _, v := range g.Cells {
			if uint(v) >= uint(len(syms)) {
				dst = dst[:start] // a value with no symbol: write numbers
				goto numbers
			}
			dst = append(dst, syms[v])
		}
		return dst
	}
numbers:
	for i, v := range g.Cells {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(v), 10)
	}
	return dst
}

// String returns the grid in line format, as Line does.
func (g Grid) String() string { return g.Line() }

// Pretty returns the grid as a block of N lines for people to read: symbols
// of its alphabet separated by spaces, '.' for blanks, " | " between boxes
// and a "------+-------+------" line between bands. A grid written in
// numbers (see InNumbers) shows numbers aligned to the right instead of
// symbols. Each line ends in a newline. Parse reads it back, box shape
// included.
func (g Grid) Pretty() string {
	n, br, bc := g.Shape.N(), g.Shape.BoxRows, g.Shape.BoxCols
	if n <= 0 || br <= 0 || bc <= 0 {
		return ""
	}
	numbers := g.InNumbers()
	width := 1
	if numbers {
		width = len(strconv.Itoa(n))
	}
	var sb strings.Builder
	row := make([]byte, 0, (width+1)*n+2*n/bc)
	for r := 0; r < n; r++ {
		row = row[:0]
		for c := 0; c < n; c++ {
			if c > 0 {
				if c%bc == 0 {
					row = append(row, " | "...)
				} else {
					row = append(row, ' ')
				}
			}
			v := g.cell(r*n + c)
			if !numbers {
				row = append(row, g.Alphabet.Symbol(v))
				continue
			}
			s := "."
			if v != 0 {
				s = strconv.Itoa(v)
			}
			for i := len(s); i < width; i++ {
				row = append(row, ' ')
			}
			row = append(row, s...)
		}
		if r > 0 && r%br == 0 {
			writeSeparator(&sb, string(row))
		}
		sb.Write(row)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// writeSeparator writes the line between two bands of boxes under row: '+'
// where row has a '|', '-' elsewhere, and a newline.
func writeSeparator(sb *strings.Builder, row string) {
	for _, ch := range row {
		if ch == '|' {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('-')
		}
	}
	sb.WriteByte('\n')
}

// Tokens returns the grid as integer tokens, the format that needs no
// alphabet: N lines of N values separated by spaces and aligned, 0 for
// blanks. Each line ends in a newline.
func (g Grid) Tokens() string {
	n := g.Shape.N()
	if n <= 0 {
		return ""
	}
	width := len(strconv.Itoa(n))
	var sb strings.Builder
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			s := strconv.Itoa(g.cell(r*n + c))
			for i := len(s); i < width; i++ {
				sb.WriteByte(' ')
			}
			sb.WriteString(s)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
