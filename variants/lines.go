package variants

import (
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Line variants: each line is a list of cells, each touching the previous
// one (a king's move), no cell twice. All lower to "not both" pairs (see
// forbid) plus exclusions.

// Thermo is thermometer sudoku: digits strictly increase along each line
// from its bulb, the first cell. Several lines may share cells (a branching
// thermometer is one line per branch, each starting at the bulb). A line
// holds at most N cells.
type Thermo struct {
	Lines [][]sudoku.Cell
}

// Name returns "thermo".
func (Thermo) Name() string { return "thermo" }

// Apply forbids, for consecutive cells a then b, every pair with b <= a, and
// excludes the digits a cell cannot hold by its position: the cell k steps
// from the bulb of a line of L cells holds k+1..N-(L-1-k).
func (t Thermo) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, line := range t.Lines {
		if err := checkLine("thermo", i, line, n, n); err != nil {
			return err
		}
	}
	for _, line := range t.Lines {
		for k, c := range line {
			lo, hi := k+1, n-(len(line)-1-k)
			for v := 1; v <= n; v++ {
				if v < lo || v > hi {
					b.Model().Exclude(b.Cand(c, v))
				}
			}
			if k > 0 {
				forbid(b, line[k-1], c, func(x, y int) bool { return y <= x })
			}
		}
	}
	return nil
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
	for i, line := range w.Lines {
		if err := checkLine("whispers", i, line, n, n*n); err != nil {
			return err
		}
	}
	for _, line := range w.Lines {
		for k := 1; k < len(line); k++ {
			forbid(b, line[k-1], line[k], func(x, y int) bool { return abs(x-y) < gap })
		}
	}
	return nil
}

// Palindrome lines read the same from either end: the k-th cell from one end
// holds the digit of the k-th cell from the other.
type Palindrome struct {
	Lines [][]sudoku.Cell
}

// Name returns "palindrome".
func (Palindrome) Name() string { return "palindrome" }

// Apply forbids every pair of different digits in each pair of mirrored
// cells.
func (p Palindrome) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, line := range p.Lines {
		if err := checkLine("palindrome", i, line, n, n*n); err != nil {
			return err
		}
	}
	for _, line := range p.Lines {
		for k := 0; k < len(line)/2; k++ {
			forbid(b, line[k], line[len(line)-1-k], func(x, y int) bool { return x != y })
		}
	}
	return nil
}

// Renban lines hold a set of consecutive digits in any order, no digit
// twice: a line of k cells holds some run m, m+1, ..., m+k-1. A line holds
// at most N cells.
type Renban struct {
	Lines [][]sudoku.Cell
}

// Name returns "renban".
func (Renban) Name() string { return "renban" }

// Apply forbids, for every two cells of a line of k cells, equal digits and
// digits k or more apart: k distinct digits pairwise less than k apart are
// exactly a run of k consecutive digits.
func (r Renban) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, line := range r.Lines {
		if err := checkLine("renban", i, line, n, n); err != nil {
			return err
		}
	}
	for _, line := range r.Lines {
		k := len(line)
		for i := range line {
			for j := i + 1; j < k; j++ {
				forbid(b, line[i], line[j], func(x, y int) bool { return x == y || abs(x-y) >= k })
			}
		}
	}
	return nil
}
