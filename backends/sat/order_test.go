package sat

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// sumClauses returns the clauses, and the variables above the candidates',
// that enc writes for the rules add puts on NaryModel's 5 cells of values
// 1..4, beyond those of the bare cells.
func sumClauses(t *testing.T, enc SumEncoding, add func(b *model.Builder)) (*recorder, int) {
	t.Helper()
	var base, rec recorder
	require.NoError(t, (&Solver{Sums: enc}).Encode(solvertest.NaryModel(t, func(*model.Builder) {}), &base))
	require.NoError(t, (&Solver{Sums: enc}).Encode(solvertest.NaryModel(t, add), &rec))
	require.Equal(t, base.clauses, rec.clauses[:len(base.clauses)], "the cells' clauses come first")
	rec.clauses = rec.clauses[len(base.clauses):]
	aux := 0
	for _, cl := range rec.clauses {
		for _, l := range cl {
			aux = max(aux, abs(l)-5*4)
		}
	}
	return &rec, aux
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestOrderShape pins the order encoding's size on small sums. Two cells
// adding up to 5: three order variables per leaf ([S ≥ 2..4]) with two
// chain and six link clauses, no variable at the root (one total), three
// clauses up ([A ≥ a] ∧ [B ≥ 5-a+1] → false) and three down.
func TestOrderShape(t *testing.T) {
	for _, tc := range []struct {
		name         string
		add          func(b *model.Builder)
		aux, clauses int
		golden       bool
	}{
		{"pair", func(b *model.Builder) { b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{5}, false) }, 6, 22, true},
		// The total 7 leaves 3 and 4 to the pair: 1 and 2 are eliminated
		// (four units), one variable [S ≥ 4] per leaf.
		{"pair 7", func(b *model.Builder) { b.Linear("sum", []int{0, 1}, []int{1, 1}, []int{7}, false) }, 2, 4 + 2*2 + 2, false},
		// An arrow c = a + b: c = 1 and a, b = 4 are eliminated (three
		// units); two variables in each leaf and in a+b, none at the root.
		{"arrow", func(b *model.Builder) { b.Linear("arrow", []int{0, 1, 2}, []int{-1, 1, 1}, []int{0}, false) }, 8, 33, false},
		// A distinct triple is one group whose sums of three distinct
		// values of 1..4 are 6..9, so the total 10 is out: the empty
		// clause, after the distinct pairs.
		{"distinct triple", func(b *model.Builder) { b.Linear("cage", []int{0, 1, 2}, []int{1, 1, 1}, []int{10}, true) }, 0, 12 + 1, false},
	} {
		rec, aux := sumClauses(t, Order, tc.add)
		assert.Equal(t, tc.aux, aux, "%s: variables", tc.name)
		assert.Len(t, rec.clauses, tc.clauses, "%s: clauses\n%v", tc.name, rec)
		if tc.golden {
			golden(t, "order_pair.golden", rec.String())
		}
	}
}

// TestCliqueGroups: the order tree groups the cells that must differ and
// weigh values alike, the largest group first.
func TestCliqueGroups(t *testing.T) {
	for _, tc := range []struct {
		name         string
		add          func(b *model.Builder)
		perm, groups []int32
	}{
		{"row and one more", func(b *model.Builder) {
			b.House("row", []int{1, 2, 3})
			b.Linear("sum", []int{0, 1, 2, 3}, []int{1, 1, 1, 1}, []int{10}, false)
		}, []int32{1, 2, 3, 0}, []int32{3, 4}},
		{"weights differ", func(b *model.Builder) {
			b.House("row", []int{0, 1, 2})
			b.Linear("arrow", []int{0, 1, 2}, []int{-1, 1, 1}, []int{0}, false)
		}, []int32{1, 2, 0}, []int32{2, 3}},
		{"distinct", func(b *model.Builder) {
			b.Linear("sum", []int{0, 1, 2}, []int{1, 1, 1}, []int{6, 7}, true)
		}, []int32{0, 1, 2}, []int32{3}},
	} {
		m := solvertest.NaryModel(t, tc.add)
		sh, err := (&Solver{Sums: Order}).shapeOf(context.Background(), m)
		require.NoError(t, err)
		assert.Equal(t, tc.perm, sh.nary[0].perm, tc.name)
		assert.Equal(t, tc.groups, sh.nary[0].groups, tc.name)
	}
}

// variantModels reads puzzles of the shared published variant set
// (dataDir/variants/ID.json), skipping when the set is absent.
func variantModels(tb testing.TB, ids ...string) []*model.Model {
	tb.Helper()
	var files []string
	for _, id := range ids {
		path := filepath.Join(dataDir, "variants", id+".json")
		if _, err := os.Stat(path); err != nil {
			tb.Skipf("%s: %v", path, err)
		}
		files = append(files, path)
	}
	ch := make(chan puzzle.Item)
	go func() { _ = new(puzzle.Reader).Read(files, ch) }() // Read closes ch
	var cache puzzle.Cache
	var out []*model.Model
	for it := range ch {
		m, err := cache.Model(it)
		require.NoError(tb, err, it.Where())
		out = append(out, m)
	}
	return out
}

// BenchmarkSums proves puzzles with long sums unique with SetsOrder (the
// default) and DigitSets (the default before it): 2-digit pills on 33-cell
// arrows (iss-154, iss-155) and little killers (iss-302). An op is one
// puzzle under a 10 s deadline; unknown/op counts those the deadline
// stopped (DigitSets on the pills needs far longer).
//
//	go test ./backends/sat -run '^$' -bench Sums -benchtime 2x
func BenchmarkSums(b *testing.B) {
	ids := []string{"iss-154", "iss-155", "iss-302"}
	ms := variantModels(b, ids...)
	for i, m := range ms {
		for _, enc := range []SumEncoding{SetsOrder, DigitSets} {
			b.Run(fmt.Sprintf("%s/%v", ids[i], enc), func(b *testing.B) {
				s := &Solver{Sums: enc}
				var unknown, vars, clauses int64
				b.ReportAllocs()
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					res, err := s.Solve(ctx, m, model.Options{Limit: 2})
					cancel()
					require.NoError(b, err)
					switch res.Status {
					case model.Unknown:
						unknown++
					case model.Unique:
					default:
						b.Fatalf("%s: %v", ids[i], res.Status)
					}
					vars, clauses = res.Stats.Vars, res.Stats.Clauses
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(unknown)/float64(b.N), "unknown/op")
				b.ReportMetric(float64(vars), "vars")
				b.ReportMetric(float64(clauses), "clauses")
			})
		}
	}
}

// TestOrderWideFallsBack: a sum whose tree would pair millions of child
// sums at one node (weights 500,000 apart on both sides) is written as the
// layered diagram instead, with the same clauses, and still answers as
// brute force does.
func TestOrderWideFallsBack(t *testing.T) {
	wide := func(b *model.Builder) {
		b.Linear("wide", []int{0, 1}, []int{500_000, -500_000}, []int{0, 500_000}, false)
	}
	order, _ := sumClauses(t, Order, wide)
	layered, _ := sumClauses(t, LayeredSupport, wide)
	assert.Equal(t, layered.clauses, order.clauses)
	agree(t, &Solver{Sums: Order}, "wide", solvertest.NaryModel(t, wide))

	// Weights close together keep the order encoding.
	near := func(b *model.Builder) { b.Linear("near", []int{0, 1}, []int{1, -1}, []int{0, 1}, false) }
	order, _ = sumClauses(t, Order, near)
	layered, _ = sumClauses(t, LayeredSupport, near)
	assert.NotEqual(t, layered.clauses, order.clauses)
}
