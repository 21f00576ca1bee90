package canon_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/canon"
)

// randomInputs returns 64 random 9x9 grids, or puzzles made from them by
// keeping about one given in three.
func randomInputs(b *testing.B, puzzles bool) [][]int {
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
	benchInputs(b, randomInputs(b, puzzles), unit)
}

// benchInputs canonicalises inputs in turn, reporting unit per second.
func benchInputs(b *testing.B, inputs [][]int, unit string) {
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

// BenchmarkTop95 canonicalises the 95 hard puzzles of testdata/top95.txt
// (17 to 24 givens each).
func BenchmarkTop95(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "top95.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var inputs [][]int
	for _, line := range strings.Fields(string(data)) {
		if len(line) == 81 {
			inputs = append(inputs, cellsOf(b, line))
		}
	}
	benchInputs(b, inputs, "puzzles/s")
}

// BenchmarkEmpty canonicalises the empty 9x9 grid, where every
// transformation ties: twin rows, columns, bands and stacks are searched
// once.
func BenchmarkEmpty(b *testing.B) { benchInputs(b, [][]int{make([]int, 81)}, "grids/s") }
