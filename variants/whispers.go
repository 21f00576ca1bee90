package variants

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "whispers",
		Summary: "neighbours on a German whispers line differ by at least 5 (on 9x9)",
		Order:   140,
		Codec: &Codec{
			Keys:   []string{"whispers"},
			Types:  []rules.Variant{Whispers{}},
			Decode: decodeWhispers,
			Encode: func(w *fpdoc.Writer, vs []rules.Variant) error {
				for _, v := range vs {
					val := ""
					if g := v.(Whispers).MinDiff; g != 0 {
						val = strconv.Itoa(g)
					}
					for _, l := range v.(Whispers).Lines {
						w.Add("whispers", fpdoc.LinePart(l, val))
					}
				}
				return nil
			},
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			return Whispers{Lines: [][]sudoku.Cell{sudoku.RandomLine(rng, s.N(), 3)}}
		},
	})
}

// decodeWhispers reads whispers lines, one variant per gap, the usual gap
// first. An optional value on a line is the smallest difference between
// neighbours (5 on 9x9, the usual German whispers).
func decodeWhispers(r *fpdoc.Reader) ([]rules.Variant, error) {
	n := r.N()
	byGap := map[int][][]sudoku.Cell{} // 0 for the usual gap
	err := r.Parts("whispers", func(at string, p fpdoc.Part) error {
		gap := 0
		if p.Value != "" {
			g, err := strconv.Atoi(string(p.Value))
			if err != nil || g < 1 || g >= n {
				return fpdoc.Errorf("%s: value %q is not a difference 1..%d", at, p.Value, n-1)
			}
			if g != (Whispers{}).Gap(n) {
				gap = g
			}
		}
		lines, err := r.Lines(at, p)
		byGap[gap] = append(byGap[gap], lines...)
		return err
	})
	if err != nil {
		return nil, err
	}
	gaps := make([]int, 0, len(byGap))
	for g := range byGap {
		gaps = append(gaps, g)
	}
	sort.Ints(gaps)
	var out []rules.Variant
	for _, g := range gaps {
		out = append(out, Whispers{Lines: byGap[g], MinDiff: g})
	}
	return out, nil
}

// Whispers is German whispers: adjacent cells along a line differ by at
// least MinDiff. MinDiff 0 means the usual gap, half the side rounded up:
// 5 on 9x9 (the published rule), 3 on 6x6, 2 on 4x4, 8 on 16x16. A gap no
// two digits of the grid reach (MinDiff > N-1) is an error.
type Whispers struct {
	Lines   [][]sudoku.Cell
	MinDiff int
}

// Name returns "whispers".
func (Whispers) Name() string { return "whispers" }

// Gap returns the difference adjacent cells must reach on a grid of side n.
func (w Whispers) Gap(n int) int {
	if w.MinDiff > 0 {
		return w.MinDiff
	}
	return (n + 1) / 2
}

// Apply forbids, for each pair of neighbours on a line, the digit pairs
// closer than the gap. Digits with no partner far enough (5 on 9x9) are
// excluded from every cell of the line.
func (w Whispers) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	gap := w.Gap(n)
	if w.MinDiff < 0 || gap > n-1 {
		return invalid("whispers: a gap of %d is out of reach of digits 1..%d", w.MinDiff, n)
	}
	var lines [][]sudoku.Cell
	for i, line := range w.Lines {
		for _, seg := range cutLoops(line) {
			if err := checkLine("whispers", i, seg, n, n*n); err != nil {
				return err
			}
			lines = append(lines, seg)
		}
	}
	for i, line := range lines {
		label := fmt.Sprintf("whispers %d", i+1)
		for k := 1; k < len(line); k++ {
			forbid(b, label, line[k-1], line[k], func(x, y int) bool { return abs(x-y) < gap })
		}
	}
	return nil
}

// cutLoops cuts a line that passes through a cell twice (legal in
// f-puzzles) into pieces that do not, keeping every step between
// neighbours: a new piece starts at the cell before the repeat. A rule made
// only of neighbouring pairs, like whispers, means the same on the pieces.
func cutLoops(line []sudoku.Cell) [][]sudoku.Cell {
	var out [][]sudoku.Cell
	start := 0
	seen := map[sudoku.Cell]bool{}
	for k, c := range line {
		if seen[c] && k > start {
			out = append(out, line[start:k])
			start = k - 1
			seen = map[sudoku.Cell]bool{line[start]: true}
		}
		seen[c] = true
	}
	return append(out, line[start:])
}
