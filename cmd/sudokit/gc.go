package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// The collector's settings for a run, unless GOGC or GOMEMLIMIT set them.
// The live heap stays at a few MB over any batch (nothing is kept per
// puzzle), so the collector may wait for the heap to grow to five times the
// live heap (GOGC 400, which lets two workers scale better), but no further
// than heapThreshold, so that the peak does not creep up with the largest
// puzzle of a long batch. That cap is a soft memory limit; a fixed one would
// make the collector run without pause once the live heap nears it (big
// grids with SAT: a 36x36 proof ran 2.5x slower), so after each collection
// the limit is raised to twice the live heap that collection found, which
// is Go's default target, when that is more.
const (
	gcPercent     = 400
	heapThreshold = 40 << 20
)

// tuneGC sets GOGC and a memory limit that follows the live heap, unless
// the environment sets either. It returns the tuner, nil when the
// environment decides.
func tuneGC() *gcTuner {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return nil
	}
	t := &gcTuner{limit: heapThreshold, sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(t.limit)
	t.arm()
	return t
}

// A gcTuner moves the memory limit after each collection. It runs in the
// finalizer goroutine, one collection at a time.
type gcTuner struct {
	limit   int64
	sample  []metrics.Sample
	stopped atomic.Bool
}

// stop ends the tuning at the next collection, leaving the limit as it is.
func (t *gcTuner) stop() { t.stopped.Store(true) }

// gcHook is an object nothing refers to: its finalizer runs after the
// next collection.
type gcHook struct{ t *gcTuner }

func (t *gcTuner) arm() {
	runtime.SetFinalizer(&gcHook{t}, func(h *gcHook) {
		if h.t.stopped.Load() {
			return
		}
		h.t.tune()
		h.t.arm()
	})
}

// tune sets the memory limit for the live heap the last collection found.
func (t *gcTuner) tune() {
	metrics.Read(t.sample)
	if t.sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	if l := memoryLimit(t.sample[0].Value.Uint64()); l != t.limit {
		t.limit = l
		debug.SetMemoryLimit(l)
	}
}

// memoryLimit returns the soft memory limit for a live heap: heapThreshold,
// or twice the live heap when that is more (rounded up to a MB, so that
// small changes leave it alone).
func memoryLimit(live uint64) int64 {
	const mb = 1 << 20
	l := int64(min(live, 1<<50)*2+mb-1) / mb * mb
	return max(heapThreshold, l)
}
