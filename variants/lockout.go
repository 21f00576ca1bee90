package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	codec := lineCodec("lockout",
		func(lines [][]sudoku.Cell) Lockout { return Lockout{Lines: lines} },
		func(v Lockout) [][]sudoku.Cell { return v.Lines })
	encode := codec.Encode
	codec.Encode = func(w *fpdoc.Writer, vs []rules.Variant) error {
		for _, v := range vs {
			if g := v.(Lockout).MinDiff; g != 0 && g != (Lockout{}).Gap(w.Shape().N()) {
				return fmt.Errorf("lockout lines with a gap of %d: f-puzzles has no way to write one", g)
			}
		}
		return encode(w, vs)
	}
	mustRegister(Family{
		Name:    "lockout",
		Summary: "the ends of a lockout line differ by at least 4 (on 9x9), and no digit on the line lies between them",
		Order:   330,
		Codec:   codec,
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			gap := (Lockout{}).Gap(n)
			return Lockout{Lines: fuzzLines(rng, sol, n, 1+rng.IntN(2), 2+rng.IntN(3), func(vals []int) bool {
				return lockoutHolds(vals, gap)
			})}
		},
	})
}

// Lockout is lockout lines: the two ends of a line (drawn as diamonds)
// differ by at least MinDiff, and every other cell of the line holds a digit
// outside the range the ends span, ends included. MinDiff 0 means the usual
// gap, half the side rounded down: 4 on 9x9 (the published rule), 3 on 6x6,
// 2 on 4x4.
type Lockout struct {
	Lines   [][]sudoku.Cell
	MinDiff int
}

// Name returns "lockout".
func (Lockout) Name() string { return "lockout" }

// Gap returns the difference the ends must reach on a grid of side n.
func (l Lockout) Gap(n int) int {
	if l.MinDiff > 0 {
		return l.MinDiff
	}
	return max(n/2, 1)
}

// Apply forbids ends closer than the gap, and adds for each middle cell m
// of a line with ends e1 and e2 a Table rule over (e1, e2, m) listing every
// triple with the ends far enough apart and m outside their range.
func (l Lockout) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	gap := l.Gap(n)
	if l.MinDiff < 0 || gap > n-1 {
		return invalid("lockout: a gap of %d is out of reach of digits 1..%d", l.MinDiff, n)
	}
	for i, line := range l.Lines {
		if err := checkLine("lockout", i, line, n, n*n); err != nil {
			return err
		}
	}
	var tuples [][]int
	for lo := 1; lo <= n; lo++ {
		for hi := lo + gap; hi <= n; hi++ {
			for m := 1; m <= n; m++ {
				if m < lo || m > hi {
					tuples = append(tuples, []int{lo, hi, m}, []int{hi, lo, m})
				}
			}
		}
	}
	for i, line := range l.Lines {
		e1, e2 := line[0], line[len(line)-1]
		forbid(b, fmt.Sprintf("lockout line %d", i+1), e1, e2, func(x, y int) bool { return abs(x-y) < gap })
		for _, m := range line[1 : len(line)-1] {
			if len(tuples) == 0 { // the ends span every digit
				for v := 1; v <= n; v++ {
					b.Model().Exclude(b.Cand(m, v))
				}
				continue
			}
			b.Table(fmt.Sprintf("lockout line %d", i+1), []sudoku.Cell{e1, e2, m}, tuples)
		}
	}
	return nil
}

// lockoutHolds reports whether a line's digits keep the lockout rule.
func lockoutHolds(vals []int, gap int) bool {
	lo, hi := min(vals[0], vals[len(vals)-1]), max(vals[0], vals[len(vals)-1])
	if hi-lo < gap {
		return false
	}
	for _, v := range vals[1 : len(vals)-1] {
		if v >= lo && v <= hi {
			return false
		}
	}
	return true
}
