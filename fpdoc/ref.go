package fpdoc

import (
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Ref writes cell c as an f-puzzles reference, "R1C1" for the top-left.
func Ref(c sudoku.Cell) string {
	return "R" + strconv.Itoa(c.Row+1) + "C" + strconv.Itoa(c.Col+1)
}

// ParseRef reads an f-puzzles cell reference "R{row}C{col}", counted from 1,
// for a grid of side n.
func ParseRef(s string, n int) (sudoku.Cell, bool) {
	rest, ok := strings.CutPrefix(s, "R")
	if !ok {
		return sudoku.Cell{}, false
	}
	rs, cs, ok := strings.Cut(rest, "C")
	if !ok {
		return sudoku.Cell{}, false
	}
	r, ok1 := smallInt(rs)
	c, ok2 := smallInt(cs)
	if !ok1 || !ok2 || r < 1 || r > n || c < 1 || c > n {
		return sudoku.Cell{}, false
	}
	return sudoku.Cell{Row: r - 1, Col: c - 1}, true
}

// smallInt reads 1 to 3 decimal digits.
func smallInt(s string) (int, bool) {
	if len(s) == 0 || len(s) > 3 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// Refs writes cells as f-puzzles references.
func Refs(cells []sudoku.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Ref(c)
	}
	return out
}
