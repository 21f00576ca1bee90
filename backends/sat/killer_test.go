package sat

import (
	"context"
	"fmt"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// killer returns the model of the first published killer.
func killer(tb testing.TB) *model.Model { return solvertest.Killers()[0].Model(tb, false) }

// TestKillers: the default solver finds each published solution and
// proves it unique; every encoding and mode does on the easier killer (the
// hard one takes seconds with the layered encodings; BenchmarkKiller).
func TestKillers(t *testing.T) {
	for i, k := range solvertest.Killers() {
		m := k.Model(t, false)
		ss := solvers()
		if i == 0 {
			ss = map[string]*Solver{"default": New()}
		}
		for name, s := range ss {
			res, err := s.Solve(context.Background(), m, model.Options{Limit: 2})
			require.NoError(t, err)
			require.Equal(t, model.Unique, res.Status, "%s %s", k.Name, name)
			assert.Equal(t, k.Published(m), res.Solutions[0], "%s %s", k.Name, name)
		}
	}
}

// TestKillerMinisat: the DIMACS export of a killer, auxiliary variables
// and all, is solved by minisat, and its model decodes to the published
// solution.
func TestKillerMinisat(t *testing.T) {
	path, err := exec.LookPath("minisat")
	if err != nil {
		t.Skip("minisat not installed (apt-get install -y minisat)")
	}
	for _, k := range solvertest.Killers() {
		m := k.Model(t, false)
		lits, sat := minisat(t, path, m, "sudokit sat test: killer "+k.Name)
		require.True(t, sat, k.Name)
		sol, err := DecodeModel(m, lits)
		require.NoError(t, err, k.Name)
		require.NoError(t, model.Check(m, sol), k.Name)
		assert.Equal(t, k.Published(m), sol, k.Name)
	}
	// An arrow with a circle too small for its cells: UNSAT for minisat too.
	b := model.NewBuilder(3, 3)
	b.Linear("arrow", []int{0, 1, 2}, []int{-1, 1, 1}, []int{0}, false)
	b.Fix(b.Cand(0, 1))
	m, err := b.Build()
	require.NoError(t, err)
	_, sat := minisat(t, path, m)
	assert.False(t, sat, "arrow 1 = a + b is UNSAT")
}

// BenchmarkKiller solves each published killer, no givens, with each sum
// encoding: Limit 1 (solve) and Limit 2 (prove unique).
func BenchmarkKiller(b *testing.B) {
	for _, k := range solvertest.Killers() {
		m := k.Model(b, false)
		for _, enc := range sumEncodings {
			for _, limit := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%v/limit%d", k.Name, enc, limit), func(b *testing.B) {
					s := &Solver{Sums: enc}
					var vars, clauses int64
					b.ReportAllocs()
					for b.Loop() {
						res, err := s.Solve(context.Background(), m, model.Options{Limit: limit})
						if err != nil || res.Count != 1 {
							b.Fatalf("%v %v", res.Status, err)
						}
						vars, clauses = res.Stats.Vars, res.Stats.Clauses
					}
					b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
					b.ReportMetric(float64(vars), "vars")
					b.ReportMetric(float64(clauses), "clauses")
				})
			}
		}
	}
}

// BenchmarkEncodeKiller measures the encoder alone (clauses into a sink
// that drops them) on each published killer, no givens, with each sum
// encoding; the rule set's graph is cached before the timer starts.
func BenchmarkEncodeKiller(b *testing.B) {
	for _, k := range solvertest.Killers() {
		m := k.Model(b, false)
		for _, enc := range sumEncodings {
			b.Run(fmt.Sprintf("%s/%v", k.Name, enc), func(b *testing.B) {
				s := &Solver{Sums: enc}
				require.NoError(b, s.Encode(m, nopAdder{}))
				b.ReportAllocs()
				for b.Loop() {
					if err := s.Encode(m, nopAdder{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
