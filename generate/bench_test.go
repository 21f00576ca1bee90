package generate

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/prop"
	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
)

// BenchmarkGenerate makes one puzzle per op (puzzle i of seed 1 at op i)
// and reports puzzles/s, givens per puzzle, and the uniqueness proofs and
// grids per puzzle; the expert cases keep the puzzles logic.Rate puts at
// expert (or harder, with +), as sudokit generate --difficulty does.
// qqwing's rate for comparison is measured outside Go (BENCHMARKS.md).
func BenchmarkGenerate(b *testing.B) {
	for _, bc := range []struct {
		name    string
		br, bcs int
		sym     Symmetry
		minimal bool
		solver  model.Solver
		accept  func(*model.Model) (bool, error)
		within  func(*model.Model) (bool, error)
	}{
		{"9x9/none/minimal", 3, 3, None, true, prop.New(), nil, nil},
		{"9x9/rotate180", 3, 3, Rotate180, false, prop.New(), nil, nil},
		{"9x9/rotate180/minimal", 3, 3, Rotate180, true, prop.New(), nil, nil},
		{"9x9/none/minimal/dlx", 3, 3, None, true, dlx.New(), nil, nil},
		{"9x9/expert", 3, 3, None, false, prop.New(), rated(logic.Expert, false, false), nil},
		{"9x9/expert/back", 3, 3, None, false, prop.New(), rated(logic.Expert, false, false), rated(logic.Expert, false, true)},
		{"9x9/expert+", 3, 3, None, false, prop.New(), rated(logic.Expert, true, false), nil},
		{"16x16/none/minimal/dlx", 4, 4, None, true, dlx.New(), nil, nil},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g, err := New(Options{Shape: shape(b, bc.br, bc.bcs), Symmetry: bc.sym, Minimal: bc.minimal, Seed: 1, Solver: bc.solver, Accept: bc.accept, Within: bc.within})
			if err != nil {
				b.Fatal(err)
			}
			puzzles(b, g)
		})
	}
}

// rated accepts the puzzles logic.Rate puts at level (or harder), or with
// within those at level or easier.
func rated(level logic.Level, harder, within bool) func(*model.Model) (bool, error) {
	return func(m *model.Model) (bool, error) {
		switch {
		case within:
			l, err := logic.Rate(m, level)
			return l <= level, err
		case harder:
			l, err := logic.Rate(m, level-1)
			return l == logic.Search, err
		}
		l, err := logic.Rate(m, level)
		return l == level, err
	}
}

// BenchmarkGenerateClues makes one puzzle per op with each kind of clue,
// their default number (prop proving), with the metrics of
// BenchmarkGenerate.
func BenchmarkGenerateClues(b *testing.B) {
	for _, bc := range []struct {
		name   string
		br, bc int
		kind   ClueKind
	}{
		{"9x9/arrow", 3, 3, Arrows},
		{"9x9/littlekiller", 3, 3, LittleKillers},
		{"9x9/thermo", 3, 3, Thermos},
		{"6x6/arrow", 2, 3, Arrows},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g, err := New(Options{Shape: shape(b, bc.br, bc.bc), Clues: bc.kind, Seed: 1, Solver: prop.New()})
			if err != nil {
				b.Fatal(err)
			}
			puzzles(b, g)
		})
	}
}

// puzzles makes puzzle i of g at op i and reports puzzles/s, givens per
// puzzle, and the uniqueness proofs and grids per puzzle.
func puzzles(b *testing.B, g *Generator) {
	b.ReportAllocs()
	givens, checks, attempts := 0, 0, 0
	i := 0
	for b.Loop() {
		p, err := g.Puzzle(context.Background(), i)
		if err != nil {
			b.Fatal(err)
		}
		i++
		givens += p.Givens
		checks += p.Stats.Checks
		attempts += p.Stats.Attempts
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(givens)/float64(i), "givens/puzzle")
	b.ReportMetric(float64(checks)/float64(i), "proofs/puzzle")
	b.ReportMetric(float64(attempts)/float64(i), "grids/puzzle")
}

// BenchmarkRating makes one puzzle per op of a rating band (Options.Rating,
// prop proving), drawn (below SeedFrom) or searched from the seed
// puzzles, with the metrics of BenchmarkGenerate.
func BenchmarkRating(b *testing.B) {
	for _, spec := range []string{"2.0-2.9", "4.0-4.9", "5.0-5.9", "7.0-7.9", "8.0-8.9", "9.0+"} {
		b.Run(spec, func(b *testing.B) {
			band, err := ParseBand(spec)
			if err != nil {
				b.Fatal(err)
			}
			g, err := New(Options{Shape: shape(b, 3, 3), Rating: band, Seed: 1, Solver: prop.New()})
			if err != nil {
				b.Fatal(err)
			}
			puzzles(b, g)
		})
	}
}
