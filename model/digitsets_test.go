package model_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

// bruteSets lists the k-subsets of 1..len(w) whose weights add up to one of
// totals, by walking every subset.
func bruteSets(w []int64, k int, totals []int64) [][]int32 {
	out := [][]int32{}
	for mask := 0; mask < 1<<len(w); mask++ {
		var set []int32
		sum := int64(0)
		for v := range w {
			if mask&(1<<v) != 0 {
				set = append(set, int32(v+1))
				sum += w[v]
			}
		}
		if len(set) == k && slices.Contains(totals, sum) {
			out = append(out, set)
		}
	}
	return out
}

func TestDigitSetsMatchBruteForce(t *testing.T) {
	weights := [][]int64{
		{1, 2, 3, 4, 5, 6, 7, 8, 9},
		{-1, -2, -3, -4, -5, -6},
		{0, 0, 1, 1, 2, 2, 3},
		{3, -2, 7, 0, 5},
	}
	for _, w := range weights {
		for k := 1; k <= len(w); k++ {
			for _, totals := range [][]int64{{0}, {5}, {10, 15}, {-7, 3, 20}} {
				got, err := model.DigitSets(context.Background(), w, k, totals, 1000)
				require.NoError(t, err)
				want := bruteSets(w, k, totals)
				slices.SortFunc(got, slices.Compare)
				slices.SortFunc(want, slices.Compare)
				assert.Equal(t, want, got, "weights %v, %d cells, totals %v", w, k, totals)
			}
		}
	}
}

// TestDigitSetsLargeCage: 12 cells of 36 values make 1.25e9 subsets; a
// total of 78 has one set, which is listed without walking the others,
// and a total of 222 has more sets than the limit, refused before any is
// listed.
func TestDigitSetsLargeCage(t *testing.T) {
	w := make([]int64, 36)
	for v := range w {
		w[v] = int64(v + 1)
	}
	sets, err := model.DigitSets(context.Background(), w, 12, []int64{78}, 1000)
	require.NoError(t, err)
	assert.Equal(t, [][]int32{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}, sets)

	sets, err = model.DigitSets(context.Background(), w, 12, []int64{222}, 1000)
	var big *model.DigitSetsError
	require.True(t, errors.As(err, &big), "%v", err)
	assert.Nil(t, sets)
	assert.Equal(t, int64(1001), big.Sets)
	assert.Contains(t, err.Error(), "12 cells of 36 values: more than 1000 digit sets")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = model.DigitSets(ctx, w, 12, []int64{78}, 1000)
	assert.ErrorIs(t, err, context.Canceled)
}

// TestBuilderLimit: a builder stops taking rules once its context ends or
// its rules outgrow their bound, and Build reports why.
func TestBuilderLimit(t *testing.T) {
	b := model.NewBuilder(4, 4)
	b.Limit(context.Background(), 10)
	b.Add(model.ExactlyOne, 0, 1, 2, 3)
	b.Add(model.ExactlyOne, 4, 5, 6, 7)
	b.Add(model.ExactlyOne, 8, 9, 10, 11)
	_, err := b.Build()
	assert.ErrorIs(t, err, model.ErrTooLarge)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b = model.NewBuilder(4, 4)
	b.Limit(ctx, 0)
	b.Add(model.ExactlyOne, 0, 1, 2, 3)
	_, err = b.Build()
	assert.ErrorIs(t, err, context.Canceled)
}
