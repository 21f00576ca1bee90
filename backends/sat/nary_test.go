package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// solvers returns a solver for every sum encoding and mode.
func solvers() map[string]*Solver {
	out := map[string]*Solver{}
	for _, enc := range sumEncodings {
		for _, mode := range []Mode{Fresh, Incremental} {
			out[fmt.Sprintf("%v/%v", enc, mode)] = &Solver{Mode: mode, Sums: enc}
		}
	}
	return out
}

// agree solves m with s enumerating every solution and requires the
// brute-force set, every solution accepted by the referee.
func agree(t *testing.T, s *Solver, name string, m *model.Model) {
	t.Helper()
	want := solvertest.Keys(solvertest.BruteForce(m))
	res, err := s.Solve(context.Background(), m, model.Options{})
	require.NoError(t, err, name)
	for _, sol := range res.Solutions {
		require.NoError(t, model.Check(m, sol), name)
	}
	require.Equal(t, len(want), res.Count, name)
	require.Equal(t, want, solvertest.Keys(res.Solutions), name)
}

func TestNaryAgainstBruteForce(t *testing.T) {
	for sname, s := range solvers() {
		rng := rand.New(rand.NewPCG(3, 5))
		for _, tc := range solvertest.NaryCases {
			base := solvertest.NaryModel(t, tc.Add)
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
				agree(t, s, fmt.Sprintf("%s: %s givens %d", sname, tc.Name, j), m)
			}
		}
	}
}

func TestNaryCasesConstrain(t *testing.T) {
	free := len(solvertest.BruteForce(solvertest.NaryModel(t, func(*model.Builder) {})))
	for _, tc := range solvertest.NaryCases {
		n := len(solvertest.BruteForce(solvertest.NaryModel(t, tc.Add)))
		assert.Less(t, n, free, "%s removes no assignment", tc.Name)
	}
}

// TestRandomNary compares every encoding and mode with brute force on
// random sums and tables.
func TestRandomNary(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	ss := solvers()
	for i := range 150 {
		m := solvertest.RandomNary(t, rng)
		for name, s := range ss {
			agree(t, s, fmt.Sprintf("model %d %s\n%v", i, name, m), m)
		}
	}
}

// TestDigitSetsOnlyForCages: the set encoding applies to distinct sums
// whose weights are the value's same function in every cell.
func TestDigitSetsOnlyForCages(t *testing.T) {
	for _, tc := range []struct {
		name string
		add  func(b *model.Builder)
		sets [][]int32
	}{
		{"cage", func(b *model.Builder) { b.Linear("cage", []int{0, 1}, []int{1, 1}, []int{5}, true) }, [][]int32{{1, 4}, {2, 3}}},
		{"impossible cage", func(b *model.Builder) { b.Linear("cage", []int{0, 1}, []int{1, 1}, []int{2}, true) }, [][]int32{}},
		{"repeats allowed", func(b *model.Builder) { b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{5}, false) }, nil},
		{"weights differ", func(b *model.Builder) { b.Linear("arrow", []int{0, 1}, []int{-1, 1}, []int{0}, true) }, nil},
	} {
		m := solvertest.NaryModel(t, tc.add)
		s := &Solver{Sums: DigitSets}
		sh, err := s.shapeOf(context.Background(), m)
		require.NoError(t, err)
		assert.Equal(t, tc.sets, sh.nary[0].sets, tc.name)
	}
}

// TestSumStatesBounded: weights spread too wide are refused, naming the rule.
func TestSumStatesBounded(t *testing.T) {
	b := model.NewBuilder(3, 2)
	b.AddRule(model.Rule{Kind: model.Sum, Label: "huge", Cands: []model.Cand{0, 1, 2, 3, 4, 5},
		Payload: model.Payload{Weights: []int32{0, 1 << 20, 0, 1 << 21, 0, 1 << 22}, Totals: []int32{0}}})
	m, err := b.Build()
	require.NoError(t, err)
	_, err = New().Solve(context.Background(), m, model.Options{})
	require.ErrorContains(t, err, `rule 0 (sum, huge)`)
}

// TestNaryStops: a context ended before or during a search with sums
// stops it with the matching status.
func TestNaryStops(t *testing.T) {
	m := killer(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := New().Solve(ctx, m, model.Options{})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	// Counting every solution of a killer with one cage left takes far
	// longer than the deadline.
	res, err = New().Solve(ctx, solvertest.Killers()[0].Model(t, true), model.Options{})
	require.NoError(t, err)
	assert.Contains(t, []model.Status{model.Unknown, model.Multiple}, res.Status, "a partial count")
	assert.Equal(t, model.Deadline, res.Stop)
	assert.False(t, res.Exact)
}

// sumEncodings lists every SumEncoding, the default first.
var sumEncodings = []SumEncoding{SetsOrder, DigitSets, LayeredSupport, Layered, Order}

// TestImpliedLeftOut: a rule the others imply whose cells may repeat a
// digit is not encoded; one over distinct cells is.
func TestImpliedLeftOut(t *testing.T) {
	for _, tc := range []struct {
		name     string
		distinct bool
		encoded  int
	}{
		{"cells may repeat", false, 0},
		{"distinct cells", true, 1},
	} {
		m := solvertest.NaryModel(t, func(b *model.Builder) {
			var cands []model.Cand
			var weights []int32
			for c := range 2 {
				for v := 1; v <= 4; v++ {
					cands = append(cands, b.Cand(c, v))
					weights = append(weights, int32(v))
				}
			}
			b.AddRule(model.Rule{Kind: model.Sum, Cands: cands, Label: "implied",
				Payload: model.Payload{Weights: weights, Totals: []int32{5}, Distinct: tc.distinct, Implied: true}})
		})
		s := &Solver{}
		sh, err := s.shapeOf(context.Background(), m)
		require.NoError(t, err)
		assert.Len(t, sh.nary, tc.encoded, tc.name)
	}
}
