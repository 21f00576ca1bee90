package graph

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

// latin builds the 2x2 Latin square (cells 0 1 / 2 3, values 1..2) with
// ExactlyOne rows and columns and one AtMostOne rule between cells 0 and 3.
func latin(t *testing.T) *model.Model {
	t.Helper()
	b := model.NewBuilder(4, 2)
	b.House("row 1", []int{0, 1})
	b.House("row 2", []int{2, 3})
	b.House("column 1", []int{0, 2})
	b.House("column 2", []int{1, 3})
	b.Add(model.AtMostOne, b.Cand(0, 1), b.Cand(3, 1))
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestGraph(t *testing.T) {
	m := latin(t)
	g, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	if g.Cells() != 4 || g.Values() != 2 || g.NumCands() != 8 || len(g.Ones()) != 8 {
		t.Fatalf("sizes %d %d %d %d", g.Cells(), g.Values(), g.NumCands(), len(g.Ones()))
	}
	for _, tc := range []struct {
		c    model.Cand
		want []model.Cand
	}{
		{m.Cand(0, 1), []model.Cand{m.Cand(1, 1), m.Cand(2, 1), m.Cand(3, 1)}},
		{m.Cand(0, 2), []model.Cand{m.Cand(1, 2), m.Cand(2, 2)}},
		{m.Cand(3, 1), []model.Cand{m.Cand(0, 1), m.Cand(1, 1), m.Cand(2, 1)}},
	} {
		if got := g.Peers(tc.c); !slices.Equal(got, tc.want) {
			t.Errorf("Peers(%s) = %v, want %v", m.CandName(tc.c), got, tc.want)
		}
	}
	if got := g.OnesOf(m.Cand(0, 1)); !slices.Equal(got, []int32{0, 4}) {
		t.Errorf("OnesOf(c0#1) = %v, want [0 4]", got)
	}
	total := 0
	for c := range g.NumCands() {
		total += len(g.Peers(model.Cand(c)))
	}
	// c0#1 and c3#1 see three peers (the AtMostOne rule joins them), the
	// other six candidates two.
	assert.Equal(t, 3+3+6*2, total)
	assert.Equal(t, total, g.NumPeers())
}

func TestUnknownKindIsAnError(t *testing.T) {
	rules := []model.Rule{{Kind: model.ExactlyOne, Cands: []model.Cand{0, 2}}, {Kind: model.Kind(7), Cands: []model.Cand{0, 3}, Label: "sum 1"}}
	_, err := build(context.Background(), 2, 2, rules)
	var ke *KindError
	if !errors.As(err, &ke) || ke.Rule != 1 || ke.Label != "sum 1" {
		t.Fatalf("build = %v, want a KindError for rule 1", err)
	}
	if want := "graph: rule kind kind(7) not supported"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestSingles(t *testing.T) {
	m := latin(t)
	g, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	s := g.NewSingles()
	// One given decides the square: naked and hidden singles.
	if !s.Propagate([]model.Cand{m.Cand(0, 2)}, nil) {
		t.Fatal("conflict on a consistent given")
	}
	if s.Undecided() != 0 {
		t.Fatalf("%d undecided, want 0", s.Undecided())
	}
	want := []model.Cand{m.Cand(0, 2), m.Cand(1, 1), m.Cand(2, 1), m.Cand(3, 2)}
	for _, c := range want {
		if s.Vals()[c] != Chosen {
			t.Errorf("%s not chosen", m.CandName(c))
		}
	}
	for cell, done := range s.CellDone() {
		if !done {
			t.Errorf("cell %d not done", cell)
		}
	}
	// c0#1 is excluded by the AtMostOne rule through c3#1 ... and c0#1 with
	// c3#1 cannot both hold, so fixing both is a conflict.
	if s.Propagate([]model.Cand{m.Cand(0, 1), m.Cand(3, 1)}, nil) {
		t.Error("AtMostOne peers both fixed: want a conflict")
	}
	// Fixed and excluded at once.
	if s.Propagate([]model.Cand{m.Cand(0, 1)}, []model.Cand{m.Cand(0, 1)}) {
		t.Error("fixed and excluded: want a conflict")
	}
	// Reset: nothing given, nothing decided.
	if !s.Propagate(nil, nil) || s.Undecided() != 8 {
		t.Errorf("empty propagation: %d undecided, want 8", s.Undecided())
	}
	// The AtMostOne rule is no ExactlyOne: excluding c0#1 and c3#1's row
	// partner leaves a hidden single only where ExactlyOne rules say so.
	if !s.Propagate(nil, []model.Cand{m.Cand(0, 1)}) || s.Vals()[m.Cand(0, 2)] != Chosen || s.Vals()[m.Cand(3, 1)] != Eliminated {
		t.Error("excluding c0#1 should choose c0#2 and, through the square, eliminate c3#1")
	}
}

func TestNaryRulesAreListedNotRead(t *testing.T) {
	b := model.NewBuilder(4, 2)
	b.House("row 1", []int{0, 1})
	sum := b.Linear("cage", []int{0, 2}, []int{1, 1}, []int{3}, true)
	b.House("row 2", []int{2, 3})
	table := b.AddTable("pair", []int{1, 3}, [][]int{{1, 2}})
	m, err := b.Build()
	require.NoError(t, err)
	g, err := New(m)
	require.NoError(t, err)
	assert.Equal(t, []int{sum, table}, g.Nary())
	assert.Len(t, g.Ones(), 4, "only the houses' ExactlyOne rules are read")
	// The cage's cells 0 and 2 are no peers: the sum is not an exclusion list.
	assert.Equal(t, []model.Cand{m.Cand(1, 1)}, g.Peers(m.Cand(0, 1)))
	// Singles ignore the n-ary rules: a given propagates along the rows only.
	s := g.NewSingles()
	require.True(t, s.Propagate([]model.Cand{m.Cand(0, 1)}, nil))
	assert.Equal(t, Chosen, s.Vals()[m.Cand(1, 2)])
	assert.Equal(t, 4, s.Undecided(), "row 2 stays open")
}

func TestBinaryModelHasNoNary(t *testing.T) {
	g, err := New(latin(t))
	require.NoError(t, err)
	assert.Empty(t, g.Nary())
}

// TestNewContext: an ended context stops the build with its error; a live
// one builds the graph New builds.
func TestNewContext(t *testing.T) {
	m := latin(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, err := NewContext(ctx, m)
	require.ErrorIs(t, err, context.Canceled)
	assert.Nil(t, g)

	want, err := New(m)
	require.NoError(t, err)
	got, err := NewContext(context.Background(), m)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
