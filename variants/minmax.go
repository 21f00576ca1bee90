package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "minmax",
		Summary: "a minimum cell is smaller, a maximum cell greater, than each orthogonal neighbour",
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
			return m
		},
	})
}

// MinMax marks minimum and maximum cells: a minimum cell's digit is
// smaller than the digit of each orthogonal neighbour, a maximum cell's
// greater.
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

// Apply forbids, for each marked cell p and neighbour q, every pair with p
// not below q (minimum) or not above it (maximum).
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
	for _, p := range m.Minimum {
		for _, q := range neighbours(p, n) {
			forbid(b, p, q, func(x, y int) bool { return x >= y })
		}
	}
	for _, p := range m.Maximum {
		for _, q := range neighbours(p, n) {
			forbid(b, p, q, func(x, y int) bool { return x <= y })
		}
	}
	return nil
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
