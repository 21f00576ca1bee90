package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "thermo",
		Summary: "digits increase along each thermometer from its bulb",
		Order:   110,
		Codec: lineCodec("thermometer",
			func(lines [][]sudoku.Cell) Thermo { return Thermo{Lines: lines} },
			func(v Thermo) [][]sudoku.Cell { return v.Lines }),
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			return Thermo{Lines: [][]sudoku.Cell{sudoku.RandomLine(rng, s.N(), 3)}}
		},
	})
}

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
