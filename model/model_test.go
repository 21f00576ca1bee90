package model_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

// latin2 builds the 2x2 Latin square model: cells 0 1 / 2 3, values 1..2,
// rows and columns hold each value once.
func latin2(t *testing.T) *model.Model {
	t.Helper()
	b := model.NewBuilder(4, 2)
	for v := 1; v <= 2; v++ {
		b.Add(model.ExactlyOne, b.Cand(0, v), b.Cand(1, v))
		b.Add(model.ExactlyOne, b.Cand(2, v), b.Cand(3, v))
		b.Add(model.ExactlyOne, b.Cand(0, v), b.Cand(2, v))
		b.Add(model.ExactlyOne, b.Cand(1, v), b.Cand(3, v))
	}
	b.Fix(b.Cand(0, 2))
	m, err := b.Build()
	require.NoError(t, err)
	return m
}

func TestModelDump(t *testing.T) {
	b := model.NewBuilder(2, 2)
	b.Add(model.ExactlyOne, b.Cand(0, 1), b.Cand(1, 1))
	b.Add(model.AtMostOne, b.Cand(0, 2), b.Cand(1, 2))
	b.Fix(b.Cand(1, 1))
	b.Exclude(b.Cand(0, 2))
	m, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, "model cells=2 values=2\none{c0#1 c1#1}\namo{c0#2 c1#2}\nfixed{c1#1}\nexcluded{c0#2}\n", m.String())
	assert.Equal(t, 4, m.NumCands())
	assert.Equal(t, 1, m.CellOf(3))
	assert.Equal(t, 2, m.ValueOf(3))
	assert.Equal(t, model.Cand(3), m.Cand(1, 2))
}

func TestBuilderErrors(t *testing.T) {
	tests := []struct {
		name  string
		build func() *model.Builder
		want  error
	}{
		{"no cells", func() *model.Builder { return model.NewBuilder(0, 9) }, model.ErrSize},
		{"too many candidates", func() *model.Builder { return model.NewBuilder(1<<20, 1<<10) }, model.ErrSize},
		{"value out of range", func() *model.Builder {
			b := model.NewBuilder(4, 2)
			b.Cand(0, 3)
			return b
		}, model.ErrRange},
		{"empty rule", func() *model.Builder {
			b := model.NewBuilder(4, 2)
			b.Add(model.ExactlyOne)
			return b
		}, model.ErrRule},
		{"repeated candidate", func() *model.Builder {
			b := model.NewBuilder(4, 2)
			b.Add(model.AtMostOne, 1, 1)
			return b
		}, model.ErrRule},
		{"fixed out of range", func() *model.Builder {
			b := model.NewBuilder(4, 2)
			b.Fix(8)
			return b
		}, model.ErrRange},
		{"unknown kind", func() *model.Builder {
			b := model.NewBuilder(4, 2)
			b.Add(model.Kind(99), 1)
			return b
		}, model.ErrRule},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.build()
			b.Add(model.ExactlyOne, 0) // ignored after the first error
			_, err := b.Build()
			require.ErrorIs(t, err, tt.want)
			assert.Equal(t, err, b.Err())
		})
	}
}

func TestWithGivens(t *testing.T) {
	m := latin2(t)
	d, err := m.WithGivens([]model.Cand{m.Cand(3, 2)}, []model.Cand{m.Cand(1, 1)})
	require.NoError(t, err)
	assert.Equal(t, m.RulesID(), d.RulesID())
	assert.Equal(t, []model.Cand{m.Cand(3, 2)}, d.Fixed())
	assert.Equal(t, []model.Cand{m.Cand(1, 1)}, d.Excluded())
	assert.Equal(t, []model.Cand{m.Cand(0, 2)}, m.Fixed(), "the original keeps its givens")

	_, err = m.WithGivens([]model.Cand{8}, nil)
	require.ErrorIs(t, err, model.ErrRange)

	other := latin2(t)
	assert.NotEqual(t, m.RulesID(), other.RulesID())
}

func TestCheck(t *testing.T) {
	m := latin2(t)
	sol := func(vals ...int) model.Solution {
		s := make(model.Solution, len(vals))
		for cell, v := range vals {
			s[cell] = m.Cand(cell, v)
		}
		return s
	}
	tests := []struct {
		name string
		sol  model.Solution
		ok   bool
	}{
		{"valid", sol(2, 1, 1, 2), true},
		{"wrong given", sol(1, 2, 2, 1), false},
		{"repeat in row", sol(2, 2, 1, 1), false},
		{"repeat in column", sol(2, 1, 2, 1), false},
		{"short", sol(2, 1, 1), false},
		{"candidate of another cell", model.Solution{m.Cand(0, 2), m.Cand(0, 1), m.Cand(2, 1), m.Cand(3, 2)}, false},
		{"out of range", model.Solution{m.Cand(0, 2), m.Cand(1, 1), m.Cand(2, 1), 99}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := model.Check(m, tt.sol)
			if tt.ok {
				require.NoError(t, err)
			} else {
				require.ErrorIs(t, err, model.ErrCheck)
			}
		})
	}

	ex, err := m.WithGivens(nil, []model.Cand{m.Cand(1, 1)})
	require.NoError(t, err)
	require.ErrorIs(t, model.Check(ex, sol(2, 1, 1, 2)), model.ErrCheck, "excluded candidate chosen")

	b := model.NewBuilder(2, 2)
	b.Add(model.AtMostOne, b.Cand(0, 1), b.Cand(1, 1))
	amo, err := b.Build()
	require.NoError(t, err)
	require.NoError(t, model.Check(amo, model.Solution{amo.Cand(0, 1), amo.Cand(1, 2)}))
	require.ErrorIs(t, model.Check(amo, model.Solution{amo.Cand(0, 1), amo.Cand(1, 1)}), model.ErrCheck)
}

func TestConclude(t *testing.T) {
	tests := []struct {
		limit, count int
		stop         model.Stop
		want         model.Status
		wantStop     model.Stop
		wantExact    bool
	}{
		{1, 1, model.Done, model.Sat, model.Done, false},
		{1, 1, model.NodeLimit, model.Sat, model.Done, false},
		{1, 0, model.Done, model.Unsat, model.Done, true},
		{1, 0, model.NodeLimit, model.Unknown, model.NodeLimit, false},
		{2, 1, model.Done, model.Unique, model.Done, true},
		{2, 1, model.Deadline, model.Unknown, model.Deadline, false},
		{2, 2, model.Done, model.Multiple, model.Done, false},
		{2, 2, model.Canceled, model.Multiple, model.Done, false},
		{2, 0, model.Canceled, model.Unknown, model.Canceled, false},
		{0, 1, model.Done, model.Unique, model.Done, true},
		{0, 5, model.Done, model.Multiple, model.Done, true},
		{0, 5, model.NodeLimit, model.Multiple, model.NodeLimit, false},
		{0, 5, model.Deadline, model.Multiple, model.Deadline, false},
		{10, 5, model.Canceled, model.Multiple, model.Canceled, false},
		{10, 5, model.Done, model.Multiple, model.Done, true},
		{0, 0, model.Done, model.Unsat, model.Done, true},
	}
	for _, tt := range tests {
		var r model.Result
		r.Count = tt.count
		r.Conclude(model.Options{Limit: tt.limit}, tt.stop)
		assert.Equal(t, tt.want, r.Status, "limit %d count %d stop %v", tt.limit, tt.count, tt.stop)
		assert.Equal(t, tt.wantStop, r.Stop, "limit %d count %d stop %v", tt.limit, tt.count, tt.stop)
		assert.Equal(t, tt.wantExact, r.Exact, "limit %d count %d stop %v", tt.limit, tt.count, tt.stop)
		assert.Equal(t, tt.wantStop == model.Done, r.Finished())
	}
}

func TestKeeps(t *testing.T) {
	tests := []struct {
		keep, kept int
		want       bool
	}{
		{0, 0, true}, {0, 1000, true},
		{2, 0, true}, {2, 1, true}, {2, 2, false},
		{model.KeepNone, 0, false}, {-5, 0, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, model.Options{Keep: tt.keep}.Keeps(tt.kept), "keep %d kept %d", tt.keep, tt.kept)
	}
}

func TestNames(t *testing.T) {
	assert.Equal(t, "none", model.Unsat.String())
	assert.Equal(t, "multiple", model.Multiple.String())
	assert.Equal(t, "exactly-one", model.ExactlyOne.String())
	assert.Equal(t, "kind(9)", model.Kind(9).String())
	assert.Equal(t, model.Deadline, model.StopFor(context.DeadlineExceeded))
	assert.Equal(t, model.Canceled, model.StopFor(context.Canceled))
	assert.Equal(t, model.Done, model.StopFor(nil))
	assert.Equal(t, []int{2, 1}, model.Solution{1, 2}.Values(2))
}

func TestLabelsAndGroups(t *testing.T) {
	b := model.NewBuilder(4, 2)
	row0 := b.House("row 1", []int{0, 1})
	b.House("row 2", []int{2, 3})
	for v := 1; v <= 2; v++ {
		b.AddRule(model.Rule{Kind: model.ExactlyOne, Cands: []model.Cand{b.Cand(0, v), b.Cand(2, v)}, Label: "column 1"})
	}
	k := b.AddRule(model.Rule{Kind: model.AtMostOne, Cands: []model.Cand{b.Cand(1, 1), b.Cand(3, 1)}})
	assert.Equal(t, 6, k)
	assert.Equal(t, 7, b.NumRules())
	col := b.Group("column 1", []int{0, 2}, 4, 5)
	assert.Equal(t, 0, row0)
	assert.Equal(t, 2, col)
	m, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, "model cells=4 values=2\n"+
		"one[row 1]{c0#1 c1#1}\none[row 1]{c0#2 c1#2}\n"+
		"one[row 2]{c2#1 c3#1}\none[row 2]{c2#2 c3#2}\n"+
		"one[column 1]{c0#1 c2#1}\none[column 1]{c0#2 c2#2}\n"+
		"amo{c1#1 c3#1}\n"+
		"group[row 1]{c0 c1 | 0 1}\ngroup[row 2]{c2 c3 | 2 3}\ngroup[column 1]{c0 c2 | 4 5}\n", m.String())
	require.Len(t, m.Groups(), 3)
	assert.Equal(t, model.Group{Name: "row 2", Cells: []int{2, 3}, Rules: []int{2, 3}}, m.Groups()[1])
	assert.Equal(t, "rule 4 (exactly-one, column 1)", m.RuleName(4))
	assert.Equal(t, "rule 6 (at-most-one)", m.RuleName(6))

	// The referee names a labelled rule by its label.
	err = model.Check(m, model.Solution{m.Cand(0, 1), m.Cand(1, 2), m.Cand(2, 1), m.Cand(3, 2)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "rule 4 (exactly-one, column 1) has 2 chosen")
	var ce *model.CheckError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, 4, ce.Rule)
}

func TestGroupAndPayloadErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(b *model.Builder)
		want  string
	}{
		{"payload on exactly-one", func(b *model.Builder) {
			b.AddRule(model.Rule{Kind: model.ExactlyOne, Cands: []model.Cand{0, 2}, Label: "row 1", Payload: model.Payload{Totals: []int32{3}}})
		}, `exactly-one rule "row 1" takes no payload`},
		{"group without cells", func(b *model.Builder) { b.Group("g", nil) }, `group "g" has no cells`},
		{"group cell twice", func(b *model.Builder) { b.Group("g", []int{1, 1}) }, "listed twice"},
		{"group unknown rule", func(b *model.Builder) { b.Group("g", []int{0, 1}, 0) }, "no rule 0"},
		{"group rule outside", func(b *model.Builder) {
			b.Add(model.ExactlyOne, 0, 4)
			b.Group("g", []int{0, 1}, 0)
		}, "outside the group's cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := model.NewBuilder(4, 2)
			tc.build(b)
			_, err := b.Build()
			require.ErrorIs(t, err, model.ErrRule)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestBegin(t *testing.T) {
	b := model.NewBuilder(1, 1)
	m, err := b.Build()
	require.NoError(t, err)

	_, _, _, err = model.Begin("x", context.Background(), nil, model.Options{})
	assert.EqualError(t, err, "x: nil model")

	//lint:ignore SA1012 a nil context is what is tested
	ctx, res, ended, err := model.Begin("x", nil, m, model.Options{}) //nolint:staticcheck
	require.NoError(t, err)
	assert.False(t, ended)
	assert.NotNil(t, ctx, "a nil context becomes Background")
	assert.Equal(t, model.Result{}, res)

	gone, cancel := context.WithCancel(context.Background())
	cancel()
	_, res, ended, err = model.Begin("x", gone, m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.True(t, ended)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Canceled, res.Stop)
}
