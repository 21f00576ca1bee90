package variants

import (
	"math/rand/v2"
	"slices"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "minmax",
		Summary: "a minimum cell is smaller, a maximum cell greater, than each orthogonal neighbour that is not a minimum (maximum) cell too",
		Order:   260,
		Codec: &Codec{
			Keys:   []string{"minimum", "maximum"},
			Types:  []rules.Variant{MinMax{}},
			Decode: decodeMinMax,
			Encode: encodeMinMax,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var m MinMax
			for _, i := range rng.Perm(n * n)[:n] {
				c := sudoku.Cell{Row: i / n, Col: i % n}
				lo, hi := true, true
				for _, q := range neighbours(c, n) {
					lo = lo && sol[i] < sol[q.Row*n+q.Col]
					hi = hi && sol[i] > sol[q.Row*n+q.Col]
				}
				switch {
				case lo:
					m.Minimum = append(m.Minimum, c)
				case hi:
					m.Maximum = append(m.Maximum, c)
				}
			}
			return growMinMax(m, sol, n, rng)
		},
	})
}

// MinMax marks minimum and maximum cells: a minimum cell's digit is
// smaller than the digit of each orthogonal neighbour, a maximum cell's
// greater. Marked cells side by side form one area: a maximum cell is not
// compared with a neighbouring maximum cell, nor a minimum cell with a
// neighbouring minimum cell, as the f-puzzles reference solver reads the
// marks ("fortress" puzzles shade areas of cells greater than every
// unshaded neighbour). A minimum cell beside a maximum cell is compared
// with it.
type MinMax struct {
	Minimum, Maximum []sudoku.Cell
}

// Name returns "minmax".
func (MinMax) Name() string { return "minmax" }

// neighbours returns the orthogonal neighbours of c in a grid of side n.
func neighbours(c sudoku.Cell, n int) []sudoku.Cell {
	var out []sudoku.Cell
	for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
		if q := (sudoku.Cell{Row: c.Row + d[0], Col: c.Col + d[1]}); inside(q, n) {
			out = append(out, q)
		}
	}
	return out
}

// Apply forbids, for each marked cell p and neighbour q not marked the same
// way, every pair with p not below q (minimum) or not above it (maximum).
func (m MinMax) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	if err := checkCells("minimum cells", m.Minimum, n); err != nil {
		return err
	}
	if err := checkCells("maximum cells", m.Maximum, n); err != nil {
		return err
	}
	for _, c := range m.Minimum {
		for _, d := range m.Maximum {
			if c == d {
				return invalid("%v is marked both minimum and maximum", c)
			}
		}
	}
	lows, highs := cellSet(m.Minimum), cellSet(m.Maximum)
	for _, p := range m.Minimum {
		for _, q := range neighbours(p, n) {
			if !lows[q] {
				forbid(b, "minimum "+p.String(), p, q, func(x, y int) bool { return x >= y })
			}
		}
	}
	for _, p := range m.Maximum {
		for _, q := range neighbours(p, n) {
			if !highs[q] {
				forbid(b, "maximum "+p.String(), p, q, func(x, y int) bool { return x <= y })
			}
		}
	}
	return nil
}

// cellSet returns the cells as a set.
func cellSet(cells []sudoku.Cell) map[sudoku.Cell]bool {
	set := make(map[sudoku.Cell]bool, len(cells))
	for _, c := range cells {
		set[c] = true
	}
	return set
}

// growMinMax adds to m the unmarked cells of a solved grid sol (values
// row-major, side n) that can join a marked area next to them: a cell
// beside a maximum (minimum) cell joins it when, with it marked, every
// maximum (minimum) cell is still greater (smaller) than each neighbour
// outside its area. It tries each cell once, in an order rng draws, so
// the marks it returns have areas of several cells, which sol satisfies.
func growMinMax(m MinMax, sol []int, n int, rng *rand.Rand) MinMax {
	lows, highs := cellSet(m.Minimum), cellSet(m.Maximum)
	holds := func(set map[sudoku.Cell]bool, better func(x, y int) bool) bool {
		for p := range set {
			for _, q := range neighbours(p, n) {
				if !set[q] && !better(sol[p.Row*n+p.Col], sol[q.Row*n+q.Col]) {
					return false
				}
			}
		}
		return true
	}
	for _, i := range rng.Perm(n * n) {
		c := sudoku.Cell{Row: i / n, Col: i % n}
		if lows[c] || highs[c] {
			continue
		}
		for _, t := range []struct {
			set    map[sudoku.Cell]bool
			list   *[]sudoku.Cell
			better func(x, y int) bool
		}{
			{highs, &m.Maximum, func(x, y int) bool { return x > y }},
			{lows, &m.Minimum, func(x, y int) bool { return x < y }},
		} {
			if !slices.ContainsFunc(neighbours(c, n), func(q sudoku.Cell) bool { return t.set[q] }) {
				continue
			}
			t.set[c] = true
			if holds(t.set, t.better) {
				*t.list = append(*t.list, c)
				break
			}
			delete(t.set, c)
		}
	}
	return m
}

// minMaxKeys are the f-puzzles keys of minimum and maximum cells, in that
// order.
var minMaxKeys = []string{"minimum", "maximum"}

// decodeMinMax reads the "cell" of each mark of "minimum" and "maximum".
func decodeMinMax(r *fpdoc.Reader) ([]rules.Variant, error) {
	var m MinMax
	if found, err := readCellMarks(r, minMaxKeys, &m.Minimum, &m.Maximum); !found || err != nil {
		return nil, err
	}
	return []rules.Variant{m}, nil
}

func encodeMinMax(w *fpdoc.Writer, vs []rules.Variant) error {
	for _, v := range vs {
		writeCellMarks(w, minMaxKeys, v.(MinMax).Minimum, v.(MinMax).Maximum)
	}
	return nil
}
