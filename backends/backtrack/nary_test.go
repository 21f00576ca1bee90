package backtrack_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/backtrack"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// agree enumerates m with s and requires the brute-force solution set.
func agree(t *testing.T, s *backtrack.Solver, name string, m *model.Model) {
	t.Helper()
	want := solvertest.Keys(solvertest.BruteForce(m))
	res := solve(t, s, m, model.Options{})
	require.Equal(t, len(want), res.Count, name)
	require.Equal(t, want, solvertest.Keys(res.Solutions), name)
}

func TestNaryAgainstBruteForce(t *testing.T) {
	s := backtrack.New()
	rng := rand.New(rand.NewPCG(3, 5))
	for _, tc := range solvertest.NaryCases {
		base := solvertest.NaryModel(t, tc.Add)
		assert.Less(t, len(solvertest.BruteForce(base)), 1024, "%s removes no assignment", tc.Name)
		for j := range 6 {
			var fixed, excluded []model.Cand
			for range j % 3 {
				fixed = append(fixed, model.Cand(rng.IntN(base.NumCands())))
			}
			for range j {
				excluded = append(excluded, model.Cand(rng.IntN(base.NumCands())))
			}
			m, err := base.WithGivens(fixed, excluded)
			require.NoError(t, err)
			agree(t, s, fmt.Sprintf("%s givens %d", tc.Name, j), m)
		}
	}
}

// TestRandomNary compares the solver with brute force on random sums
// (weights -3..3, unlisted candidates, distinct, conditions) and tables.
func TestRandomNary(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	s := backtrack.New()
	for i := range 300 {
		m := solvertest.RandomNary(t, rng)
		agree(t, s, fmt.Sprintf("model %d\n%v", i, m), m)
	}
}

// TestNaryStops: a node budget and a context stop a search with sums with
// the matching status, and the search is allocation-free after warm-up.
func TestNaryStops(t *testing.T) {
	m := solvertest.Killers()[1].Model(t, false)
	s := backtrack.New()
	res := solve(t, s, m, model.Options{Limit: 2, Nodes: 5000})
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.NodeLimit, res.Stop)
	assert.EqualValues(t, 5000, res.Stats.Nodes)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := s.Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, model.Canceled, res.Stop)
	// With no givens the killer takes far more than 10ms: the deadline
	// stops the search itself.
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	res, err = s.Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, model.Deadline, res.Stop)
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := s.Solve(context.Background(), m, model.Options{Limit: 1, Nodes: 20000}); err != nil {
			t.Fatal(err)
		}
	})
	assert.LessOrEqual(t, allocs, 3.0, "allocations per search with sums")
}
