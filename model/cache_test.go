package model_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"

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
