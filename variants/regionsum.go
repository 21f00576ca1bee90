package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	codec := lineCodec("regionsumline",
		func(lines [][]sudoku.Cell) RegionSum { return RegionSum{Lines: lines} },
		func(v RegionSum) [][]sudoku.Cell { return v.Lines })
	decode, encode := codec.Decode, codec.Encode
	codec.Decode = func(r *fpdoc.Reader) ([]rules.Variant, error) {
		vs, err := decode(r)
		if err != nil || len(vs) == 0 {
			return vs, err
		}
		v := vs[0].(RegionSum)
		v.RegionOf = documentRegions(r)
		return []rules.Variant{v}, nil
	}
	codec.Encode = func(w *fpdoc.Writer, vs []rules.Variant) error {
		for _, v := range vs {
			checkDocumentRegions(w, v.(RegionSum).RegionOf, "region sum lines")
		}
		return encode(w, vs)
	}
	mustRegister(Family{
		Name:    "regionsum",
		Summary: "the digits of a region sum line add up to the same total in each box it passes through",
		Order:   340,
		Codec:   codec,
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var v RegionSum
			for i := 1 + rng.IntN(2); i > 0; i-- {
				var line []sudoku.Cell
				for try := 0; try < 30; try++ {
					line = sudoku.RandomLine(rng, n, 3+rng.IntN(4))
					if regionSumHolds(sol, n, v.segments(s, line)) {
						break
					}
				}
				v.Lines = append(v.Lines, line)
			}
			return v
		},
	})
}

// RegionSum is region sum lines: the box borders cut a line into segments,
// each the cells from where the line enters a box to where it leaves it,
// and every segment of a line adds up to the same total. A line that enters
// a box twice makes two segments there, as the usual rule text reads it and
// a published puzzle needs (regionsum-logic-masters in the tests, iss-078
// of the shared f-puzzles set); versions of the f-puzzles reference solver
// differ here, one summing both visits together. RegionOf, when set, gives
// the region of each cell (row-major, numbered from 0) in place of the
// boxes, for a jigsaw grid; the codec fills it from the document, and
// refuses to write lines whose regions are not the grid's.
type RegionSum struct {
	Lines    [][]sudoku.Cell
	RegionOf []int
}

// Name returns "regionsum".
func (RegionSum) Name() string { return "regionsum" }

// segments cuts line where it crosses from one region into another.
func (rs RegionSum) segments(s sudoku.Shape, line []sudoku.Cell) [][]sudoku.Cell {
	n := s.N()
	region := func(c sudoku.Cell) int {
		if rs.RegionOf != nil {
			return rs.RegionOf[c.Row*n+c.Col]
		}
		return s.Box(c.Row, c.Col)
	}
	var out [][]sudoku.Cell
	start := 0
	for k := 1; k <= len(line); k++ {
		if k == len(line) || region(line[k]) != region(line[k-1]) {
			out = append(out, line[start:k])
			start = k
		}
	}
	return out
}

// Apply adds, for every two consecutive segments a and b of a line, a Sum
// rule that a's digits minus b's digits add up to 0. A line within one
// region says nothing.
func (rs RegionSum) Apply(b *rules.Builder) error {
	s := b.Shape()
	n := s.N()
	if rs.RegionOf != nil && len(rs.RegionOf) != n*n {
		return invalid("region sum lines: %d regions given for %d cells", len(rs.RegionOf), n*n)
	}
	for i, line := range rs.Lines {
		if err := checkLine("region sum", i, line, n, n*n); err != nil {
			return err
		}
	}
	for i, line := range rs.Lines {
		segs := rs.segments(s, line)
		for k := 1; k < len(segs); k++ {
			a, c := segs[k-1], segs[k]
			cells := append(append([]sudoku.Cell(nil), a...), c...)
			coefs := edgeOnes(len(cells))
			for j := len(a); j < len(cells); j++ {
				coefs[j] = -1
			}
			b.Sum(fmt.Sprintf("region sum line %d", i+1), cells, coefs, []int{0}, false)
		}
	}
	return nil
}

// regionSumHolds reports whether every segment adds up to the same total
// in sol.
func regionSumHolds(sol []int, n int, segs [][]sudoku.Cell) bool {
	want := -1
	for _, seg := range segs {
		t := 0
		for _, c := range seg {
			t += sol[c.Row*n+c.Col]
		}
		if want >= 0 && t != want {
			return false
		}
		want = t
	}
	return true
}
