package forum

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// ErrSyntax reports a line that is not a killer line of either form.
var ErrSyntax = errors.New("forum: malformed killer line")

// n is the side of the grids killer lines describe.
const n = 9

// arrows map the arrow symbols of the short form to their step (rows,
// columns).
var arrows = map[byte][2]int{
	'<': {0, -1}, '>': {0, 1}, '^': {-1, 0}, 'v': {1, 0},
	'`': {-1, -1}, '\'': {-1, 1}, ',': {1, -1}, '.': {1, 1},
}

// arrowOrder is the order EncodeKiller tries the arrows in.
const arrowOrder = "<^>v`',."

// LooksKiller reports whether line is a killer line: the long form's
// "3x3:" prefix, or 81 characters of totals and arrows with at least one
// arrow (a plain puzzle line has none but '.').
func LooksKiller(line string) bool {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "3x3:") {
		return true
	}
	if len(line) != n*n || !strings.ContainsAny(line, "<>^v`',") {
		return false
	}
	for i := 0; i < len(line); i++ {
		if _, ok := arrows[line[i]]; !ok && total(line[i]) < 0 {
			return false
		}
	}
	return true
}

// total reads a short-form total symbol, or returns -1.
func total(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'Z':
		return int(c-'A') + 10
	case 'a' <= c && c <= 'j':
		return int(c-'a') + 36
	}
	return -1
}

// totalSymbol writes a total in the short form, or returns 0 for one it
// cannot write.
func totalSymbol(t int) byte {
	switch {
	case 0 <= t && t <= 9:
		return byte('0' + t)
	case 10 <= t && t <= 35:
		return byte('A' + t - 10)
	case 36 <= t && t <= 45:
		return byte('a' + t - 36)
	}
	return 0
}

// ParseKiller reads a killer line of either form: an empty 9x9 grid and
// the rules, variants.Killer (cages in the order of their first cell) and,
// for the long form's "d", variants.Diagonal. A cage total of 0 is a cage
// without a total; the short form's one-cell cages without one (how it
// writes a cell in no cage) are no cage.
func ParseKiller(line string) (sudoku.Grid, []rules.Variant, error) {
	line = strings.TrimSpace(line)
	var cage []int // cage number per cell, -1 for none
	var totals []int
	var vs []rules.Variant
	var err error
	if strings.HasPrefix(line, "3x3:") {
		cage, totals, vs, err = parseLong(line)
	} else {
		cage, totals, err = parseShort(line)
	}
	if err != nil {
		return sudoku.Grid{}, nil, err
	}
	cells := make([][]sudoku.Cell, len(totals))
	for i, c := range cage {
		if c >= 0 {
			cells[c] = append(cells[c], sudoku.Cell{Row: i / n, Col: i % n})
		}
	}
	var k variants.Killer
	for c, cs := range cells {
		if len(cs) > n {
			return sudoku.Grid{}, nil, fmt.Errorf("%w: cage at %v has %d cells (at most %d)", ErrSyntax, cs[0], len(cs), n)
		}
		if len(cs) == 1 && totals[c] == 0 {
			continue
		}
		k.Cages = append(k.Cages, variants.Cage{Cells: cs, Total: totals[c]})
	}
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	if len(k.Cages) > 0 {
		vs = append([]rules.Variant{k}, vs...)
	}
	if _, err := rules.New(g.Shape, vs...); err != nil {
		return sudoku.Grid{}, nil, fmt.Errorf("%w: %w", ErrSyntax, err)
	}
	return g, vs, nil
}

// parseShort reads the 81-character form: it follows every cell's arrows
// to the head of its cage.
func parseShort(line string) (cage, totals []int, err error) {
	if len(line) != n*n {
		return nil, nil, fmt.Errorf("%w: %d characters, want %d (or the \"3x3:\" form)", ErrSyntax, len(line), n*n)
	}
	next := make([]int, n*n)
	for i := range next {
		c := line[i]
		if d, ok := arrows[c]; ok {
			r, col := i/n+d[0], i%n+d[1]
			if r < 0 || r >= n || col < 0 || col >= n {
				return nil, nil, fmt.Errorf("%w: the arrow %q of r%dc%d points off the grid", ErrSyntax, c, i/n+1, i%n+1)
			}
			next[i] = r*n + col
			continue
		}
		if total(c) < 0 {
			return nil, nil, fmt.Errorf("%w: %q at r%dc%d is neither a cage total (0-9, A-Z, a-j) nor an arrow (< > ^ v ` ' , .)", ErrSyntax, c, i/n+1, i%n+1)
		}
		next[i] = i
	}
	cage = make([]int, n*n)
	number := map[int]int{} // head cell -> cage number
	for i := range cage {
		h := i
		for steps := 0; next[h] != h; steps++ {
			if steps > n*n {
				return nil, nil, fmt.Errorf("%w: the arrows from r%dc%d go round in a loop", ErrSyntax, i/n+1, i%n+1)
			}
			h = next[h]
		}
		c, ok := number[h]
		if !ok {
			c = len(totals)
			number[h] = c
			totals = append(totals, total(line[h]))
		}
		cage[i] = c
	}
	return cage, totals, nil
}

// parseLong reads the "3x3:<d>:k:" form.
func parseLong(line string) (cage, totals []int, vs []rules.Variant, err error) {
	f := strings.Split(line, ":")
	if len(f) == n*n+4 && f[len(f)-1] == "" {
		f = f[:len(f)-1]
	}
	if len(f) != n*n+3 || f[2] != "k" {
		return nil, nil, nil, fmt.Errorf("%w: want \"3x3:<d>:k:\" and %d numbers, each followed by ':'", ErrSyntax, n*n)
	}
	switch f[1] {
	case "d":
		vs = []rules.Variant{variants.Diagonal{}}
	case "":
	default:
		return nil, nil, nil, fmt.Errorf("%w: unknown variant %q after \"3x3:\" (want d or nothing)", ErrSyntax, f[1])
	}
	cage = make([]int, n*n)
	number := map[int]int{} // cage id -> cage number
	for i, s := range f[3:] {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v >= 256*256 {
			return nil, nil, nil, fmt.Errorf("%w: r%dc%d: %q is not total*256+cage", ErrSyntax, i/n+1, i%n+1, s)
		}
		cage[i] = -1
		if v < 256 {
			continue
		}
		c, ok := number[v%256]
		if !ok {
			c = len(totals)
			number[v%256] = c
			totals = append(totals, v/256)
		} else if totals[c] != v/256 {
			return nil, nil, nil, fmt.Errorf("%w: r%dc%d: cage %d has total %d here and %d before", ErrSyntax, i/n+1, i%n+1, v%256, v/256, totals[c])
		}
		cage[i] = c
	}
	return cage, totals, vs, nil
}

// EncodeKiller writes a 9x9 killer with no givens as a killer line: the
// short form, or with long the "3x3::k:" form (which also carries both
// diagonals). Cages must not overlap; in the short form each must be
// connected through its cells' eight neighbours (its arrows), and a total
// above 45 or a cage without one cannot be written in the long form. Other
// rules, givens or pencil marks are an error naming them.
func EncodeKiller(g sudoku.Grid, vs []rules.Variant, long bool) (string, error) {
	if g.Shape.N() != n || g.Shape.BoxRows != 3 {
		return "", fmt.Errorf("forum: killer lines carry 9x9 grids with 3x3 boxes, not %dx%d", g.Shape.N(), g.Shape.N())
	}
	for i, v := range g.Cells {
		if v != 0 || g.MarksAt(i/n, i%n) != 0 {
			return "", fmt.Errorf("forum: killer lines carry no givens or pencil marks (r%dc%d has one): use --to fpuzzles", i/n+1, i%n+1)
		}
	}
	var k *variants.Killer
	diagonal := false
	for _, v := range vs {
		switch v := v.(type) {
		case variants.Killer:
			if k != nil {
				return "", fmt.Errorf("forum: two killer rule sets")
			}
			k = &v
		case variants.Diagonal:
			diagonal = true
		default:
			return "", fmt.Errorf("forum: killer lines carry killer cages (and the long form both diagonals), not %q: use --to fpuzzles", v.Name())
		}
	}
	if diagonal && !long {
		return "", fmt.Errorf("forum: the short killer line carries no diagonals: use --to killer-long")
	}
	if k == nil {
		k = &variants.Killer{}
	}
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	for c, cg := range k.Cages {
		for _, at := range cg.Cells {
			i := at.Row*n + at.Col
			if at.Row < 0 || at.Row >= n || at.Col < 0 || at.Col >= n || cage[i] >= 0 {
				return "", fmt.Errorf("forum: cage %d: %v is outside the grid or in another cage, which killer lines cannot write", c+1, at)
			}
			cage[i] = c
		}
	}
	if long {
		return encodeLong(k.Cages, cage, diagonal)
	}
	return encodeShort(k.Cages, cage)
}

func encodeLong(cages []variants.Cage, cage []int, diagonal bool) (string, error) {
	var b strings.Builder
	b.WriteString("3x3:")
	if diagonal {
		b.WriteString("d")
	}
	b.WriteString(":k:")
	free := len(cages) // numbers for the cells in no cage, below 256
	for _, c := range cage {
		v := 0
		if c >= 0 {
			t := cages[c].Total
			if t <= 0 || t > 45 || len(cages) > 255 {
				return "", fmt.Errorf("forum: cage %d at %v: the long killer line writes totals 1..45 only", c+1, cages[c].Cells[0])
			}
			v = t*256 + c + 1
		} else {
			v = free%255 + 1
			free++
		}
		b.WriteString(strconv.Itoa(v))
		b.WriteByte(':')
	}
	return b.String(), nil
}

// encodeShort writes the short form: each cage's first cell holds its
// total, every other cell an arrow to the cell it was reached from in a
// breadth-first walk from the first cell.
func encodeShort(cages []variants.Cage, cage []int) (string, error) {
	out := make([]byte, n*n)
	for i, c := range cage {
		if c < 0 {
			out[i] = '0' // a one-cell cage without a total: no cage
		}
	}
	for c, cg := range cages {
		head := cg.Cells[0]
		for _, at := range cg.Cells {
			if at.Row*n+at.Col < head.Row*n+head.Col {
				head = at
			}
		}
		sym := totalSymbol(cg.Total)
		if sym == 0 {
			return "", fmt.Errorf("forum: cage %d at %v: total %d has no symbol in the short killer line", c+1, head, cg.Total)
		}
		h := head.Row*n + head.Col
		out[h] = sym
		reached := []int{h}
		// Straight arrows first; diagonal ones only for the cells they
		// leave out.
		for _, dirs := range []string{arrowOrder[:4], arrowOrder} {
			queue := append([]int(nil), reached...)
			for len(queue) > 0 {
				from := queue[0]
				queue = queue[1:]
				for j := 0; j < len(dirs); j++ {
					a := dirs[j]
					d := arrows[a]
					// the arrow a of a cell one step back from "from" points at it
					r, col := from/n-d[0], from%n-d[1]
					if r < 0 || r >= n || col < 0 || col >= n {
						continue
					}
					if i := r*n + col; cage[i] == c && out[i] == 0 {
						out[i] = a
						queue = append(queue, i)
						reached = append(reached, i)
					}
				}
			}
		}
		if len(reached) != len(cg.Cells) {
			return "", fmt.Errorf("forum: cage %d at %v is not connected, which the short killer line cannot write: use --to killer-long", c+1, head)
		}
	}
	return string(out), nil
}
