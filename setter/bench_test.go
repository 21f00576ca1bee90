package setter_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
)

// sergFirst reads the first puzzle of Serg's benchmark (872 solutions).
func sergFirst(b testing.TB) (*rules.Set, sudoku.Grid, *model.Model) {
	data, err := os.ReadFile("../testdata/serg_benchmark_20.txt")
	require.NoError(b, err)
	var line string
	for _, l := range strings.Split(string(data), "\n") {
		if len(l) >= 81 && !strings.HasPrefix(l, "#") {
			line = l[:81]
			break
		}
	}
	g, err := sudoku.Parse(line, sudoku.ParseOptions{})
	require.NoError(b, err)
	rs, err := rules.New(g.Shape)
	require.NoError(b, err)
	m, err := rs.Model(g)
	require.NoError(b, err)
	return rs, g, m
}

func BenchmarkTrueCandidates(b *testing.B) {
	_, _, m := sergFirst(b)
	b.ReportAllocs()
	solves := 0
	for b.Loop() {
		c, err := setter.TrueCandidates(context.Background(), m, dlx.New(), 0)
		require.NoError(b, err)
		solves = c.Solves
	}
	b.ReportMetric(float64(solves), "solves/op")
}

func BenchmarkSuggest(b *testing.B) {
	rs, g, _ := sergFirst(b)
	b.ReportAllocs()
	for b.Loop() {
		_, err := setter.Suggest(context.Background(), rs, g, dlx.New(), setter.SuggestOptions{})
		require.NoError(b, err)
	}
}

func BenchmarkEstimate(b *testing.B) {
	_, _, m := sergFirst(b)
	b.ReportAllocs()
	for b.Loop() {
		_, err := setter.EstimateCount(context.Background(), m, dlx.New(), setter.EstimateOptions{Probes: 10})
		require.NoError(b, err)
	}
}
