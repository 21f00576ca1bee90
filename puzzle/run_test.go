package puzzle_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/sudoku"
)

// numbered sends n items numbered from 0 into a channel with room for all.
func numbered(n int) chan puzzle.Item {
	in := make(chan puzzle.Item, n)
	for i := range n {
		in <- puzzle.Item{Index: i}
	}
	close(in)
	return in
}

// TestRunSpreadsShortBatch: eight slow items with two workers go to both
// workers (once a chunk of up to 64 took all eight, and the other worker
// sat idle): each item waits until two items are being worked on at once,
// which happens only if both workers have one. The answers keep the input
// order.
func TestRunSpreadsShortBatch(t *testing.T) {
	var mu sync.Mutex
	active := 0
	both := make(chan struct{})
	var once sync.Once
	work := func(it puzzle.Item) int {
		mu.Lock()
		active++
		if active == 2 {
			once.Do(func() { close(both) })
		}
		mu.Unlock()
		select {
		case <-both:
		case <-time.After(time.Minute):
			t.Error("one worker was given every item")
		}
		mu.Lock()
		active--
		mu.Unlock()
		return it.Index * 10
	}
	var got []int
	puzzle.Run(numbered(8), 2, work, func(it puzzle.Item, r int) {
		assert.Equal(t, it.Index*10, r)
		got = append(got, it.Index)
	})
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7}, got)
}

// TestRunHugeJobs: a number of workers far above the items (-j 10000000,
// or more than a channel can hold) is bounded: by MaxJobs and by the
// items, instead of sizing channels and goroutines by it.
func TestRunHugeJobs(t *testing.T) {
	for _, jobs := range []int{10_000_000, 1 << 40} {
		var mu sync.Mutex
		calls := 0
		n := 0
		puzzle.Run(numbered(3), jobs, func(it puzzle.Item) int {
			mu.Lock()
			calls++
			mu.Unlock()
			return it.Index
		}, func(it puzzle.Item, r int) {
			assert.Equal(t, n, r)
			n++
		})
		assert.Equal(t, 3, n)
		assert.Equal(t, 3, calls)
	}
}

// TestBatchBuildStops: a puzzle's rules are built under its context, so
// an ended context (an interrupt, --timeout) stops the build and the
// puzzle fails with the context's error instead of being worked on.
func TestBatchBuildStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var failed []error
	b := puzzle.Batch[string]{
		Read:   puzzle.ItemsOf([]puzzle.Item{{Grid: sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3})}}),
		Cache:  &puzzle.Cache{},
		Jobs:   1,
		Work:   func(context.Context, puzzle.Item, *model.Model) string { return "worked" },
		Failed: func(_ puzzle.Item, err error) string { failed = append(failed, err); return "failed" },
		Emit:   func(_ puzzle.Item, r string) { assert.Equal(t, "failed", r) },
	}
	require.NoError(t, b.Run(ctx))
	require.Len(t, failed, 1)
	assert.ErrorIs(t, failed[0], context.Canceled)
}
