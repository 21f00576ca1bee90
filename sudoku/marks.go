package sudoku

import (
	"math/bits"
	"strings"
)

// Pencil-mark puzzles (sukaku) give each cell a set of candidates instead
// of a value or a blank. Two text forms are read and written:
//
//   - the sukaku line: N*N*N symbols, N per cell in row-major order, where
//     the k-th symbol of a cell's group is value k when the cell may hold k,
//     and '.' or '0' when it may not (729 symbols for 9x9);
//   - the candidate grid: N rows of N whitespace-separated groups of the
//     digits a cell may hold ("1234 5 678 | …"), with '|' and separator
//     lines allowed as in grid blocks, for grids up to 9x9; a group of one
//     digit is a given.

// sukakuSide returns the side n of a sukaku line of count symbols (count =
// n*n*n) whose shape the options allow, or 0.
func sukakuSide(count int, opt ParseOptions) int {
	if opt.Shape != (Shape{}) {
		if n := opt.Shape.N(); n*n*n == count {
			return n
		}
		return 0
	}
	for n := 4; n <= MaxN; n++ {
		if n*n*n == count {
			if _, err := ShapeOf(n); err == nil {
				return n
			}
		}
	}
	return 0
}

// sukakuAlphabet returns the alphabet a sukaku line of side n is read
// with: the forced one or Digits (1-9A-Z).
func sukakuAlphabet(opt ParseOptions) Alphabet {
	if opt.Alphabet != nil {
		return *opt.Alphabet
	}
	return Digits
}

// isSukakuLine reports whether field, a line's first field, is a sukaku
// line: n*n*n symbols for a side n the options allow, each the value its
// place in its cell's group stands for or a blank ('.' or '0' where '0' is
// not a value), with at least n*n values.
func isSukakuLine(field string, opt ParseOptions) bool {
	n := sukakuSide(len(field), opt)
	if n == 0 {
		return false
	}
	a := sukakuAlphabet(opt)
	values := 0
	for i := 0; i < len(field); i++ {
		switch v, ok := sukakuSym(field[i], a, n); {
		case !ok:
			return false
		case v == 0:
		case v != i%n+1:
			return false
		default:
			values++
		}
	}
	return values >= n*n
}

// sukakuSym reads one symbol of a sukaku line: a value 1..n, or 0 for '.'
// and, where it is not a value, '0'.
func sukakuSym(ch byte, a Alphabet, n int) (int, bool) {
	if ch == '.' || ch == '0' && a != Hex {
		return 0, true
	}
	v, ok := a.Value(ch)
	if !ok || v > n {
		return 0, false
	}
	return v, true
}

// parseSukaku reads a sukaku line (isSukakuLine holds) on line number
// line. A cell whose group names every value stays free; a cell with no
// value is an error, since no puzzle has it.
func parseSukaku(field string, line int, opt ParseOptions) (Grid, error) {
	n := sukakuSide(len(field), opt)
	s := opt.Shape
	if s == (Shape{}) {
		s, _ = ShapeOf(n)
	}
	a := sukakuAlphabet(opt)
	g := Grid{Shape: s, Cells: make([]int, n*n), Alphabet: a}
	for i := 0; i < n*n; i++ {
		var set uint64
		for k := 0; k < n; k++ {
			if v, _ := sukakuSym(field[i*n+k], a, n); v != 0 {
				set |= 1 << (v - 1)
			}
		}
		if set == 0 {
			return Grid{}, perr(line, i*n+1, "%v has no candidate in the sukaku line", Cell{i / n, i % n})
		}
		if set != AllValues(n) {
			g.SetMarks(i/n, i%n, set)
		}
	}
	return g, nil
}

// markGroups splits a row of a candidate grid into its groups, dropping
// '|' box separators. ok is false when a field is not a group of distinct
// digits 1-9.
func markGroups(t string) (groups []string, ok bool) {
	for _, f := range strings.Fields(strings.ReplaceAll(t, "|", " ")) {
		seen := 0
		for i := 0; i < len(f); i++ {
			d := int(f[i]) - '0'
			if d < 1 || d > 9 || seen&(1<<d) != 0 {
				return nil, false
			}
			seen |= 1 << d
		}
		groups = append(groups, f)
	}
	return groups, true
}

// marksRowSide returns the side of the candidate grid whose row t is: its
// number of groups, when every field is a group of digits of that side and
// one has several digits; 0 otherwise.
func marksRowSide(t string, opt ParseOptions) int {
	// Most rows are not candidate rows: tell them without allocating, by
	// their bytes (digits 1-9, blanks and bars only) and their number of
	// fields (4 to 9).
	fields, in := 0, false
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '1' && c <= '9':
			if !in {
				fields++
			}
			in = true
		case c == ' ' || c == '\t' || c == '|':
			in = false
		default:
			return 0
		}
	}
	if fields < 4 || fields > 9 {
		return 0
	}
	groups, ok := markGroups(t)
	n := len(groups)
	if !ok || n < 4 || n > 9 || opt.Shape != (Shape{}) && opt.Shape.N() != n {
		return 0
	}
	if _, err := ShapeOf(n); err != nil && opt.Shape == (Shape{}) {
		return 0
	}
	multi := false
	for _, g := range groups {
		multi = multi || len(g) > 1
		for i := 0; i < len(g); i++ {
			if int(g[i]-'0') > n {
				return 0
			}
		}
	}
	if !multi {
		return 0
	}
	return n
}

// parseMarksGrid reads the rows of a candidate grid, or reports false when
// they are not one: n rows of n groups, one row at least with a group of
// several digits.
func parseMarksGrid(rows []src, seps []int, opt ParseOptions) (Grid, bool, error) {
	n := 0
	for _, r := range rows {
		if n = marksRowSide(r.text, opt); n != 0 {
			break
		}
	}
	if n == 0 || len(rows) != n {
		return Grid{}, false, nil
	}
	var cells []string
	for _, r := range rows {
		groups, ok := markGroups(r.text)
		if !ok || len(groups) != n {
			return Grid{}, true, perr(r.num, 0, "a candidate grid row of %d groups, want %d", len(groups), n)
		}
		cells = append(cells, groups...)
	}
	s := opt.Shape
	if s == (Shape{}) {
		s, _ = ShapeOf(n)
		if len(seps) > 0 && seps[0] > 0 && n%seps[0] == 0 {
			if alt, err := NewShape(seps[0], n/seps[0]); err == nil {
				s = alt
			}
		}
	}
	g := Grid{Shape: s, Cells: make([]int, n*n), Alphabet: DefaultAlphabet(n)}
	for i, c := range cells {
		var set uint64
		for k := 0; k < len(c); k++ {
			v := int(c[k] - '0')
			if v > n {
				return Grid{}, true, perr(rows[i/n].num, 0, "candidate %d at %v is too large for a %dx%d grid", v, Cell{i / n, i % n}, n, n)
			}
			set |= 1 << (v - 1)
		}
		switch {
		case len(c) == 1:
			g.Cells[i] = int(c[0] - '0')
		case set != AllValues(n):
			g.SetMarks(i/n, i%n, set)
		}
	}
	return g, true, nil
}

// SukakuLine returns g as a sukaku line: N symbols per cell, the k-th the
// symbol of value k when the cell may hold k and '.' when it may not. A
// given allows its value alone, a free cell every value. The symbols are
// Digits' (1-9A-Z), whatever g's alphabet, since a sukaku line is read
// with them; a grid of side 36, which Digits cannot write, gives "".
func (g Grid) SukakuLine() string {
	n := g.Shape.N()
	if !Digits.Names(n) {
		return ""
	}
	syms := Digits.symbols()
	var sb strings.Builder
	sb.Grow(n * n * n)
	for i := 0; i < n*n; i++ {
		set := g.cellSet(i)
		for v := 1; v <= n; v++ {
			if set&(1<<(v-1)) != 0 {
				sb.WriteByte(syms[v])
			} else {
				sb.WriteByte('.')
			}
		}
	}
	return sb.String()
}

// cellSet returns the values cell i may hold: its given, its marks, or
// every value.
func (g Grid) cellSet(i int) uint64 {
	n := g.Shape.N()
	switch {
	case g.Cells[i] != 0:
		return 1 << (g.Cells[i] - 1)
	case g.Marks != nil && g.Marks[i] != 0:
		return g.Marks[i]
	}
	return AllValues(n)
}

// MarksGrid returns g as a candidate grid: N lines of N groups, each the
// digits its cell may hold (a given's value alone), aligned per column,
// " | " between boxes and a separator line between bands. It is written
// for grids up to 9x9; larger grids return "".
func (g Grid) MarksGrid() string {
	n, br, bc := g.Shape.N(), g.Shape.BoxRows, g.Shape.BoxCols
	if n > 9 || n <= 0 {
		return ""
	}
	width := make([]int, n)
	for i := range g.Cells {
		width[i%n] = max(width[i%n], bits.OnesCount64(g.cellSet(i)))
	}
	var sb strings.Builder
	var row strings.Builder
	for r := 0; r < n; r++ {
		row.Reset()
		for c := 0; c < n; c++ {
			if c > 0 {
				if c%bc == 0 {
					row.WriteString(" | ")
				} else {
					row.WriteByte(' ')
				}
			}
			set, k := g.cellSet(r*n+c), 0
			for v := 1; v <= n; v++ {
				if set&(1<<(v-1)) != 0 {
					row.WriteByte(byte('0' + v))
					k++
				}
			}
			row.WriteString(strings.Repeat(" ", width[c]-k))
		}
		line := strings.TrimRight(row.String(), " ")
		if r > 0 && r%br == 0 {
			writeSeparator(&sb, line)
		}
		sb.WriteString(line)
		sb.WriteByte('\n')
	}
	return sb.String()
}
