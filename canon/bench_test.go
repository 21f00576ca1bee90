package canon_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

// benchInputs returns 64 random 9x9 grids, or puzzles made from them by
// keeping about one given in three.
func benchInputs(b *testing.B, puzzles bool) [][]int {
	rng := rand.New(rand.NewPCG(5, 6))
	grids := solvedGrids(b, shape9, 64, rng)
	if puzzles {
		for i, g := range grids {
			grids[i] = thin(rng, g, 0.33)
		}
	}
	return grids
}

func benchCanon(b *testing.B, puzzles bool, unit string) {
	inputs := benchInputs(b, puzzles)
	f, err := canon.New(shape9)
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]int, 0, 81)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes int64
	for i := 0; b.Loop(); i++ {
		dst, err = f.Canon(dst[:0], inputs[i%len(inputs)])
		if err != nil {
			b.Fatal(err)
		}
		nodes += f.Nodes()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), unit)
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkGrid canonicalises random full 9x9 grids on one core.
func BenchmarkGrid(b *testing.B) { benchCanon(b, false, "grids/s") }

// BenchmarkPuzzle canonicalises random 9x9 puzzles of about 27 givens
// (not necessarily with one solution) on one core.
func BenchmarkPuzzle(b *testing.B) { benchCanon(b, true, "puzzles/s") }

// BenchmarkSudoku17 canonicalises 17-given puzzles from the sample files.
func BenchmarkEmpty(b *testing.B) {
	f, _ := canon.New(sudoku.Shape{BoxRows: 3, BoxCols: 3})
	empty := make([]int, 81)
	b.ReportAllocs()
	for b.Loop() {
		f.Canon(nil, empty)
	}
}
