package model_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
)

func TestCache(t *testing.T) {
	var c model.Cache[int]
	c.Size = 2
	builds := 0
	build := func(m *model.Model) (int, error) {
		builds++
		return m.Cells(), nil
	}
	a, b, d := latin2(t), latin2(t), latin2(t)
	derived, err := a.WithGivens(nil, nil)
	require.NoError(t, err)

	v, err := c.Get(a, build)
	require.NoError(t, err)
	assert.Equal(t, 4, v)
	_, _ = c.Get(derived, build)
	assert.Equal(t, 1, builds, "a model with the same rules reuses the value")

	_, _ = c.Get(b, build)
	_, _ = c.Get(a, build) // a is now the most recent
	_, _ = c.Get(d, build) // evicts b, the least recently used
	assert.Equal(t, 3, builds)
	_, _ = c.Get(a, build)
	assert.Equal(t, 3, builds, "a stayed")
	_, _ = c.Get(b, build)
	assert.Equal(t, 4, builds, "b was dropped and is built again")

	var e model.Cache[int]
	boom := errors.New("boom")
	_, err = e.Get(a, func(*model.Model) (int, error) { return 0, boom })
	require.ErrorIs(t, err, boom)
	_, err = e.Get(a, func(*model.Model) (int, error) { return 1, nil })
	require.ErrorIs(t, err, boom, "errors depend on the rules only: cached")
}

func TestCacheConcurrentBuildsOnce(t *testing.T) {
	var c model.Cache[int]
	m := latin2(t)
	var builds atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := c.Get(m, func(*model.Model) (int, error) { builds.Add(1); return 7, nil })
			assert.NoError(t, err)
			assert.Equal(t, 7, v)
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(1), builds.Load())
}

// TestCacheGetContext: a build that gives up on its context is returned but
// not cached; other errors and values are.
func TestCacheGetContext(t *testing.T) {
	m := latin2(t)
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		err    error
		cached bool
	}{
		{"canceled", ended, fmt.Errorf("half built: %w", context.Canceled), false},
		{"deadline", expired, fmt.Errorf("half built: %w", context.DeadlineExceeded), false},
		{"bad rules", context.Background(), errors.New("unsupported"), true},
		{"built", context.Background(), nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c model.Cache[int]
			v, err := c.GetContext(tc.ctx, m, func(ctx context.Context, _ *model.Model) (int, error) {
				if tc.err != nil {
					return 0, tc.err
				}
				return 5, nil
			})
			assert.Equal(t, tc.err, err)
			builds := 0
			v2, err2 := c.GetContext(context.Background(), m, func(context.Context, *model.Model) (int, error) {
				builds++
				return 9, nil
			})
			if tc.cached {
				assert.Zero(t, builds, "the first result is kept")
				assert.Equal(t, v, v2)
				assert.Equal(t, err, err2)
			} else {
				assert.Equal(t, 1, builds, "a build cut short leaves nothing behind")
				assert.Equal(t, 9, v2)
				assert.NoError(t, err2)
			}
		})
	}
}

// TestCacheGetContextWaiters: a caller waiting for another's build stops
// waiting when its own context ends, and builds the value itself when
// that build gives up.
func TestCacheGetContextWaiters(t *testing.T) {
	m := latin2(t)
	var c model.Cache[int]
	started, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		_, err := c.GetContext(context.Background(), m, func(context.Context, *model.Model) (int, error) {
			close(started)
			<-release
			return 0, context.DeadlineExceeded // the first builder gives up
		})
		first <- err
	}()
	<-started

	short, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := c.GetContext(short, m, func(context.Context, *model.Model) (int, error) {
		t.Error("a waiter must not build while another build runs")
		return 0, nil
	})
	require.ErrorIs(t, err, context.DeadlineExceeded, "the waiter's own deadline ends its wait")

	second := make(chan int, 1)
	go func() {
		v, err := c.GetContext(context.Background(), m, func(context.Context, *model.Model) (int, error) { return 3, nil })
		assert.NoError(t, err)
		second <- v
	}()
	time.Sleep(10 * time.Millisecond) // most likely waiting by now; if not, it builds at once
	close(release)
	require.ErrorIs(t, <-first, context.DeadlineExceeded)
	assert.Equal(t, 3, <-second, "the waiting call built the value when the first build gave up")
	v, err := c.Get(m, func(*model.Model) (int, error) { return 4, nil })
	require.NoError(t, err)
	assert.Equal(t, 3, v, "and it is cached")
}

// TestCacheBuildPanics: a build that panics leaves nothing cached and
// lets the next call build.
func TestCacheBuildPanics(t *testing.T) {
	m := latin2(t)
	var c model.Cache[int]
	assert.Panics(t, func() {
		_, _ = c.Get(m, func(*model.Model) (int, error) { panic("boom") })
	})
	v, err := c.Get(m, func(*model.Model) (int, error) { return 2, nil })
	require.NoError(t, err)
	assert.Equal(t, 2, v)
}
