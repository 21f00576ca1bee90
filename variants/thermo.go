package variants

import (
	"fmt"
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
//
// Lowering chooses the rules a line becomes; the zero value is the
// default, ThermoPairs. A Table per line lets prop prune more on long lines
// (thermo-ctc: 41 search nodes instead of 517) but costs DLX more nodes and
// time there, leaves SAT about as fast, and makes neither DLX nor prop
// finish the given-less two-cell thermometer puzzles of
// testdata/thermos.md, which only SAT proves unique (BenchmarkThermoLowering);
// so pairs stay the default.
type Thermo struct {
	Lines    [][]sudoku.Cell
	Lowering ThermoLowering
}

// A ThermoLowering chooses how Thermo lowers a line. Every lowering also
// excludes the digits a cell cannot hold by its position.
type ThermoLowering uint8

const (
	// ThermoDefault is the package's choice, ThermoPairs.
	ThermoDefault ThermoLowering = iota
	// ThermoPairs forbids, for consecutive cells a then b, every pair of
	// values with b <= a ("not both" rules).
	ThermoPairs
	// ThermoPairsTable adds to the pairs one Table rule per line: its
	// strictly increasing tuples.
	ThermoPairsTable
	// ThermoTable lowers each line as one Table rule of its strictly
	// increasing tuples, without pairs.
	ThermoTable
)

// maxThermoTuples bounds the tuples of a thermometer's Table: a line with
// more increasing tuples (C(N, L)) is lowered as pairs whatever the
// Lowering asks, as no backend gains from a table that large.
const maxThermoTuples = 20_000

// String returns the lowering's name: "default", "pairs", "pairs+table"
// or "table".
func (l ThermoLowering) String() string {
	switch l {
	case ThermoDefault:
		return "default"
	case ThermoPairs:
		return "pairs"
	case ThermoPairsTable:
		return "pairs+table"
	case ThermoTable:
		return "table"
	}
	return fmt.Sprintf("ThermoLowering(%d)", uint8(l))
}

// Name returns "thermo".
func (Thermo) Name() string { return "thermo" }

// Apply excludes the digits a cell cannot hold by its position (the cell k
// steps from the bulb of a line of L cells holds k+1..N-(L-1-k)), then, by
// Lowering, forbids for consecutive cells a then b every pair with b <= a,
// or adds a Table rule of the line's increasing tuples, or both.
func (t Thermo) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	if t.Lowering > ThermoTable {
		return fmt.Errorf("thermo: unknown lowering %v", t.Lowering)
	}
	for i, line := range t.Lines {
		if err := checkLine("thermo", i, line, n, n); err != nil {
			return err
		}
	}
	for i, line := range t.Lines {
		for k, c := range line {
			lo, hi := k+1, n-(len(line)-1-k)
			for v := 1; v <= n; v++ {
				if v < lo || v > hi {
					b.Model().Exclude(b.Cand(c, v))
				}
			}
		}
		table := t.Lowering == ThermoPairsTable || t.Lowering == ThermoTable
		if table && thermoTupleCount(n, len(line)) > maxThermoTuples {
			table = false
		}
		if !table || t.Lowering == ThermoPairsTable {
			for k := 1; k < len(line); k++ {
				forbid(b, fmt.Sprintf("thermo %d", i+1), line[k-1], line[k], func(x, y int) bool { return y <= x })
			}
		}
		if table {
			b.Table(fmt.Sprintf("thermo %d", i+1), line, thermoTuples(n, len(line)))
		}
	}
	return nil
}

// thermoTupleCount returns C(n, k), saturating at a value above maxThermoTuples.
func thermoTupleCount(n, k int) int {
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i
		if c > 1<<40 {
			return c
		}
	}
	return c
}

// thermoTuples returns every strictly increasing tuple of k values
// from 1..n, in lexicographic order.
func thermoTuples(n, k int) [][]int {
	var out [][]int
	cur := make([]int, k)
	var rec func(at, from int)
	rec = func(at, from int) {
		if at == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for v := from; v <= n-(k-1-at); v++ {
			cur[at] = v
			rec(at+1, v+1)
		}
	}
	rec(0, 1)
	return out
}
