package variants_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// The published puzzles of the line and outside-clue families: sandwiches,
// X-sums, between, lockout, region sum, zipper, entropic and modular lines.
// testdata/lines.md cites the source of each by name.

func init() { puzzleSets = append(puzzleSets, linesPuzzles) }

// edgeClues reads clues outside a grid of side n: "T3=12" is the clue
// above column 3, "B3" below it, "L5" left of row 5, "R5" right of it.
func edgeClues(n int, s string) []variants.EdgeClue {
	var out []variants.EdgeClue
	for _, f := range strings.Fields(s) {
		at, v, ok := strings.Cut(f, "=")
		k, err1 := strconv.Atoi(at[1:])
		t, err2 := strconv.Atoi(v)
		if !ok || err1 != nil || err2 != nil {
			panic("bad clue " + f)
		}
		var o sudoku.Cell
		switch at[0] {
		case 'T':
			o = sudoku.Cell{Row: -1, Col: k - 1}
		case 'B':
			o = sudoku.Cell{Row: n, Col: k - 1}
		case 'L':
			o = sudoku.Cell{Row: k - 1, Col: -1}
		case 'R':
			o = sudoku.Cell{Row: k - 1, Col: n}
		default:
			panic("bad clue " + f)
		}
		out = append(out, variants.EdgeClue{Outside: o, Total: t})
	}
	return out
}

// lineCages reads killer cages "21: r1c1 r1c2 | 3: r4c4 r4c3".
func lineCages(s string) variants.Killer {
	var k variants.Killer
	for _, part := range strings.Split(s, "|") {
		t, cs, ok := strings.Cut(part, ":")
		total, err := strconv.Atoi(strings.TrimSpace(t))
		if !ok || err != nil {
			panic("bad cage " + part)
		}
		k.Cages = append(k.Cages, variants.Cage{Cells: cells(cs), Total: total})
	}
	return k
}

// linesDLXNodes bounds DLX on the puzzles whose lines it takes minutes
// over (sums of mirrored cells, region segments, lockout tables): it must
// answer correctly within the budget or give up honestly; SAT solves them
// all.
const linesDLXNodes = 20000

var linesPuzzles = []published{
	{
		name: "sandwich-ctc", variant: "sandwich", n: 9,
		givens: "r3c3=1 r5c5=5 r7c7=9",
		rules: []rules.Variant{variants.Sandwich{Clues: edgeClues(9,
			"T1=8 T2=4 T3=17 T4=35 T5=14 T6=13 T7=3 T8=10 T9=25 "+
				"L1=4 L2=33 L3=20 L4=17 L5=26 L6=10 L7=16 L8=24 L9=0")}},
		solution: "236941875954378612871625439182439756397856124645217398413562987569783241728194563",
	},
	{
		name: "xsum-ctc", variant: "xsum", n: 9,
		rules: []rules.Variant{variants.XSum{Clues: edgeClues(9,
			"T2=27 B2=27 T4=11 B4=11 T6=21 T7=16 B7=16 L2=8 R2=8 L4=17 R4=17 L6=30 R6=30 L8=28 R8=28")}},
		solution: "856214379341975862792863541417529683985631724623487195274156938539748216168392457",
	},
	{
		name: "between-logic-masters", variant: "between", n: 9,
		givens: "r1c2=9 r2c1=2 r2c7=1 r4c3=6 r4c5=7 r4c8=5 r5c2=3 r5c8=8 r6c5=5 r6c7=2 r8c3=9 r8c9=8 r9c8=1",
		rules: []rules.Variant{variants.Between{Lines: lines(
			"r9c5 r8c6 r7c7 r6c8 r5c9 | r9c3 r8c4 r7c5 r6c6 r5c7 r4c8 r3c9 | " +
				"r1c9 r2c8 r3c7 r4c6 r5c5 r6c4 r7c3 r8c2 r9c1 | r5c1 r4c2 r3c3 r2c4 r1c5 | " +
				"r7c1 r6c2 r5c3 r4c4 r3c5 r2c6 r1c7")}},
		solution: "697531842258497163314862579846273951532149786971658234125386497469715328783924615",
	},
	{
		name: "between-odd-even-6x6", variant: "between", n: 6,
		rules: []rules.Variant{
			variants.OddEven{Odd: cells("r3c1 r3c4 r2c4 r2c5 r4c2 r6c3"), Even: cells("r4c3 r1c3 r6c4 r4c6 r2c2 r2c3")},
			variants.Between{Lines: lines("r6c3 r5c2 r4c2 | r3c1 r2c2 r3c3 r3c4 | r1c3 r2c4 r3c3 r4c3 | r4c6 r4c5 r5c4 r5c3 r6c4")},
		},
		solution: "314625526314163542452136235461641253",
	},
	{
		name: "lockout-logic-masters", variant: "lockout", n: 9,
		givens: "r3c1=2 r3c9=8 r5c4=5 r6c1=3 r9c7=9 r9c2=1",
		rules: []rules.Variant{variants.Lockout{Lines: lines(
			"r1c2 r2c2 r3c2 r4c2 | r4c2 r3c3 r2c3 r1c2 | r2c5 r2c4 r3c4 r3c5 r4c5 r4c4 | " +
				"r4c6 r3c6 r2c6 r1c6 r2c7 r1c8 r2c8 r3c8 r4c8 | r6c3 r6c4 r7c4 r7c3 r8c3 r8c4 | " +
				"r8c5 r8c6 r8c7 r7c6 r6c7 r6c6 r6c5")}},
		solution: "563814729489752316271693548627189453148536297395427861934271685752968134816345972",
		dlxNodes: linesDLXNodes,
	},
	{
		name: "regionsum-ctc", variant: "regionsum", n: 9,
		rules: []rules.Variant{variants.RegionSum{Lines: lines(
			"r1c2 r2c2 r3c2 r4c2 r5c2 | r1c3 r2c4 r3c5 | r6c1 r7c1 r8c1 | r7c2 r6c3 r5c4 r4c5 r3c6 r2c7 r1c8 | " +
				"r2c8 r3c7 r4c6 r5c5 r6c4 r7c3 r8c2 | r3c8 r4c7 r5c6 r6c5 r7c4 r8c3 r9c2 | " +
				"r3c9 r4c8 r5c7 r6c6 r7c5 r8c4 r9c3 | r5c9 r6c8 r7c7 r8c6 r9c5")}},
		solution: "847925163965137284312468579693854712421376895758219346586743921274591638139682457",
		dlxNodes: linesDLXNodes,
	},
	{
		name: "regionsum-logic-masters", variant: "regionsum", n: 9,
		givens: "r1c1=1 r6c9=4 r9c9=3 r9c6=5",
		rules: []rules.Variant{variants.RegionSum{Lines: lines(
			"r1c5 r1c6 r1c7 r2c7 r3c7 r2c8 r2c9 | r1c4 r2c4 r3c4 r3c5 r4c5 r4c6 r3c6 r2c6 r2c5 | " +
				"r3c3 r4c4 r5c5 r6c6 r7c7 | r6c7 r7c8 r7c9 | r7c5 r7c6 r8c7 | r9c2 r8c2 r7c3 r7c2 r7c1 r6c1 r5c1 | " +
				"r5c2 r6c2 r6c3 r6c4 r5c4 r5c3 r4c3 r4c2 r4c1")}},
		solution: "163598247298417635547236198482159376671843529935762814354981762826374951719625483",
		dlxNodes: linesDLXNodes,
	},
	{
		name: "zipper-ctc", variant: "zipper", n: 9,
		rules: []rules.Variant{variants.Zipper{Lines: lines(
			"r1c2 r1c1 r2c1 r2c2 r3c2 r3c1 r4c1 r5c1 r4c2 | r2c3 r1c3 r1c4 r2c4 r3c4 | r2c6 r3c5 r3c6 r2c7 r1c6 r1c5 | " +
				"r9c3 r8c2 r7c1 r6c1 r5c2 r4c3 r4c4 r5c4 r6c3 | r8c3 r7c3 r6c4 r6c5 r5c5 r4c5 r4c6 r5c6 r6c6 r6c7 r6c8 r6c9 | " +
				"r5c7 r5c8 r4c7 r3c7 r2c8 | r7c5 r7c6 r8c6 r8c7 r7c7 r7c8 r7c9 r8c9 r9c9 r9c8 r9c7 r9c6 r9c5 r8c5")}},
		solution: "354897126672451839189632574231564987597328641846719352415973268968245713723186495",
		dlxNodes: linesDLXNodes,
	},
	{
		name: "zipper-logic-masters", variant: "zipper", n: 9,
		rules: []rules.Variant{variants.Zipper{Lines: lines(
			"r5c1 r5c2 r5c3 | r7c2 r7c1 r8c1 r9c1 r9c2 r9c3 r8c3 | r8c2 r7c3 r6c4 r7c5 r8c6 | " +
				"r8c5 r9c5 r9c6 r9c7 r8c7 r7c7 r7c6 | r4c8 r4c7 r5c7 r6c7 r6c8 r6c9 r5c9 | " +
				"r2c9 r3c9 r3c8 r3c7 r2c7 r1c7 r1c8 | r2c6 r1c6 r1c5 r1c4 r2c4 r3c4 r3c5 | r2c5 r3c6 r4c5")}},
		solution: "329764518547182396168359742695213487473598621281647935734825169856931274912476853",
		dlxNodes: linesDLXNodes,
	},
	{
		name: "modular-logic-masters", variant: "modular", n: 9,
		rules: []rules.Variant{
			variants.Modular{Lines: lines(
				"r2c5 r2c4 r2c3 r2c2 r3c2 r4c2 r5c2 | r7c1 r8c1 r8c2 r7c2 | r4c3 r5c3 r6c3 r7c3 r8c3 r9c3 r9c2 | " +
					"r6c4 r5c4 r4c4 r4c5 r4c6 r5c6 r6c6 | r5c8 r6c8 r7c8 r8c8 r8c7 r8c6 r8c5 | r3c8 r2c8 r2c9 r3c9 | " +
					"r1c9 r1c8 r1c7 r2c7 r3c7 r4c7 r5c7 r6c7")},
			lineCages("21: r1c1 r1c2 r2c2 r2c1 | 22: r4c1 r5c1 r6c1 | 3: r4c4 r4c3 | 3: r6c3 r6c4 | 10: r6c5 r7c5 r8c5 | " +
				"22: r2c5 r3c5 r4c5 | 7: r4c6 r4c7 | 8: r6c6 r6c7 | 15: r4c9 r5c9 r6c9 | 13: r8c8 r8c9 r9c9 r9c8"),
		},
		solution: "359427168764891523128356974972183456536974812841265397415632789293718645687549231",
	},
	{
		name: "entropic-logic-masters", variant: "entropic", n: 9,
		rules: []rules.Variant{
			variants.Entropic{Lines: lines(
				"r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 | r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 | r2c9 r3c9 r4c9 r5c9 r6c9 | " +
					"r9c8 r9c7 r9c6 r9c5 r9c4 r9c3 r9c2 | r6c8 r5c7 r4c6 r3c5 r2c4 r3c4 r4c4 r5c5 r6c4 r7c4 r8c4")},
			lineCages("9: r1c1 r2c1 | 20: r2c3 r3c3 r3c2 | 12: r1c9 r1c8 | 15: r2c7 r3c7 r3c8 | 20: r7c2 r7c3 r8c3 | " +
				"10: r9c1 r9c2 | 9: r8c9 r9c9 | 18: r7c8 r7c7 r8c7"),
			variants.Whispers{Lines: lines("r9c1 r8c2 r7c3 | r4c2 r5c3 r6c2 | r1c1 r2c2 r3c3 | r7c7 r8c8 r9c9")},
			variants.Kropki{BlackDots: []variants.Dot{{A: cell("r2c6"), B: cell("r3c6"), Value: 3}}},
		},
		solution: "642751839315986427978342561581493276263175948794268153459617382136824795827539614",
		slowDLX:  true,
	},
}

// gridSolution returns the model solution of a filled grid of side n.
func gridSolution(m *model.Model, n int, vals []int) model.Solution {
	sol := make(model.Solution, len(vals))
	for i, v := range vals {
		sol[i] = m.Cand(i, v)
	}
	return sol
}

// TestLinesPublishedModels checks the published solution of every puzzle
// against its model with the referee alone, no backend involved: the
// lowering must accept the grid the setter published.
func TestLinesPublishedModels(t *testing.T) {
	for _, p := range linesPuzzles {
		t.Run(p.variant+"/"+p.name, func(t *testing.T) {
			m, err := rules.Build(p.grid(), p.rules...)
			require.NoError(t, err)
			require.NoError(t, model.Check(m, gridSolution(m, p.n, p.want())))
		})
	}
}

// TestLinesPublishedRelabelled relabels the digits of each published
// solution (v becomes v+k, wrapping): a relabelled sudoku is still a
// sudoku, so when the referee rejects one, the variant's rules did. Some
// relabelling must be rejected, or the lowering accepts too much.
func TestLinesPublishedRelabelled(t *testing.T) {
	for _, p := range linesPuzzles {
		t.Run(p.variant+"/"+p.name, func(t *testing.T) {
			m, err := rules.Build(sudoku.NewGrid(p.grid().Shape), p.rules...)
			require.NoError(t, err)
			rejected := 0
			for k := 1; k < p.n; k++ {
				vals := p.want()
				for i, v := range vals {
					vals[i] = (v-1+k)%p.n + 1
				}
				if model.Check(m, gridSolution(m, p.n, vals)) != nil {
					rejected++
				}
			}
			require.Positive(t, rejected, "every relabelled grid passes")
		})
	}
}

// Shared helpers of the line and outside-clue families' property tests.

// lineOn returns a random line of minLen to maxLen cells on g for which
// ok holds, or nil when a few hundred tries find none.
func lineOn(rng *rand.Rand, g grid, minLen, maxLen int, ok func(line []sudoku.Cell) bool) []sudoku.Cell {
	for try := 0; try < 300; try++ {
		line := sudoku.RandomLine(rng, g.n, minLen+rng.IntN(maxLen-minLen+1))
		if len(line) >= minLen && ok(line) {
			return line
		}
	}
	return nil
}

// makeLines returns a variant built of one or two lines that keep g by
// holds, and with valid false one more line that breaks it (nil when none
// is found).
func makeLines(rng *rand.Rand, g grid, valid bool, minLen, maxLen int, holds func(g grid, line []sudoku.Cell) bool, build func([][]sudoku.Cell) rules.Variant) rules.Variant {
	var ls [][]sudoku.Cell
	for i := 1 + rng.IntN(2); i > 0; i-- {
		if l := lineOn(rng, g, minLen, maxLen, func(l []sudoku.Cell) bool { return holds(g, l) }); l != nil {
			ls = append(ls, l)
		}
	}
	if !valid {
		l := lineOn(rng, g, minLen, maxLen, func(l []sudoku.Cell) bool { return !holds(g, l) })
		if l == nil {
			return nil
		}
		ls = append(ls, l)
	}
	return build(ls)
}

// linesAgree runs the model-level halves of a family's property check on
// random solved grids: make(g, true) returns an instance read off g, which
// the model and the checker must accept, and make(g, false) one that breaks
// it (or nil), which both must refuse.
func linesAgree(t *testing.T, sizes []int, make func(rng *rand.Rand, g grid, valid bool) rules.Variant, check func(g grid, v rules.Variant) bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(sizes)), 17))
	rejected := 0
	for trial := 0; trial < 40; trial++ {
		g := randomSolved(rng, sizes[trial%len(sizes)])
		v := make(rng, g, true)
		require.True(t, accepts(t, g, v), "model refuses %+v on its own grid %v", v, g.v)
		require.True(t, check(g, v), "checker refuses %+v on its own grid", v)
		if bad := make(rng, g, false); bad != nil {
			require.False(t, accepts(t, g, bad), "model accepts %+v on %v", bad, g.v)
			require.False(t, check(g, bad), "checker accepts %+v", bad)
			rejected++
		}
	}
	require.Positive(t, rejected, "no broken instance: the test checks half")
}

// lineValues returns g's digits along line.
func lineValues(g grid, line []sudoku.Cell) []int {
	out := make([]int, len(line))
	for i, c := range line {
		out[i] = g.at(c)
	}
	return out
}

// windowsDiffer reports whether every run of up to three consecutive
// values along vals falls in different classes.
func windowsDiffer(vals []int, class func(v int) int) bool {
	for i := range vals {
		for j := i + 1; j < len(vals) && j <= i+2; j++ {
			if class(vals[i]) == class(vals[j]) {
				return false
			}
		}
	}
	return true
}
