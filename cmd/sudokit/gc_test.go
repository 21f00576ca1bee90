package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMemoryLimit(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		live uint64
		want int64
	}{
		{0, 40 * mb}, {1 * mb, 40 * mb}, {20 * mb, 40 * mb}, {20*mb + 1, 41 * mb},
		{100 * mb, 200 * mb}, {math.MaxUint64, 1 << 51},
	} {
		assert.Equal(t, tc.want, memoryLimit(tc.live), "live %d MB", tc.live>>20)
	}
}

// TestTuneGC: a large live heap raises the memory limit after a
// collection, a small one takes it back down; GOGC or GOMEMLIMIT in the
// environment leave the collector alone.
func TestTuneGC(t *testing.T) {
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	defer func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	tuner := tuneGC()
	require.NotNil(t, tuner)
	defer tuner.stop()
	assert.Equal(t, gcPercent, debug.SetGCPercent(gcPercent))
	assert.Equal(t, int64(heapThreshold), debug.SetMemoryLimit(-1))
	big := make([]byte, 64<<20)
	big[len(big)-1] = 1
	settle := func(ok func(int64) bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for !ok(debug.SetMemoryLimit(-1)) && time.Now().Before(deadline) {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
		assert.True(t, ok(debug.SetMemoryLimit(-1)), "limit %d MB", debug.SetMemoryLimit(-1)>>20)
	}
	settle(func(l int64) bool { return l >= 128<<20 })
	runtime.KeepAlive(big)
	big = nil
	settle(func(l int64) bool { return l == heapThreshold })

	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Setenv(env, "200")
		assert.Nil(t, tuneGC(), env)
		t.Setenv(env, "")
	}
}
