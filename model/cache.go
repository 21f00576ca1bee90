package model

import (
	"context"
	"errors"
	"sync"
)

// A Cache keeps what a backend builds once per rule set — exclusion tables,
// a CNF skeleton — keyed by Model.RulesID, so that every puzzle of a shape
// reuses it. It holds at most Size entries (8 when Size is 0) and drops the
// least recently used. A value is built once, by the first Get that needs
// it, outside the cache's lock; concurrent Gets of the same rule set wait
// for that build. The zero Cache is ready to use and safe for concurrent
// use; the values must be safe to share.
type Cache[T any] struct {
	Size int

	mu      sync.Mutex
	entries []*cacheEntry[T] // most recently used first
}

// A cacheEntry is one rule set's value: built once done, or being built
// while building is not nil (closed when that build ends, kept or not).
// Both fields are guarded by the cache's lock.
type cacheEntry[T any] struct {
	id       uint64
	done     bool
	building chan struct{}
	v        T
	err      error
}

// Get returns the value for m's rule set, calling build(m) if it is not
// cached. An error from build is cached too: it depends on the rules only
// (except a context's error, as GetContext says).
func (c *Cache[T]) Get(m *Model, build func(*Model) (T, error)) (T, error) {
	return c.GetContext(context.Background(), m, func(_ context.Context, m *Model) (T, error) { return build(m) })
}

// GetContext is Get for a build that honours a context: build(ctx, m) may
// give up when ctx ends, returning an error that wraps context.Canceled or
// context.DeadlineExceeded. Such an error is returned but not cached, so a
// build cut short leaves the cache as it was and the next call builds
// again; any other error is cached. A call that waits for another's build
// stops waiting when its own ctx ends, returning ctx.Err(), and builds the
// value itself when that other build gives up.
func (c *Cache[T]) GetContext(ctx context.Context, m *Model, build func(context.Context, *Model) (T, error)) (T, error) {
	id := m.RulesID()
	for {
		c.mu.Lock()
		e := c.entry(id)
		if e.done {
			c.mu.Unlock()
			return e.v, e.err
		}
		if wait := e.building; wait != nil {
			c.mu.Unlock()
			select {
			case <-wait:
				continue // kept, or given up: look again
			case <-ctx.Done():
				var zero T
				return zero, ctx.Err()
			}
		}
		e.building = make(chan struct{})
		c.mu.Unlock()
		return c.build(ctx, e, m, build)
	}
}

// build runs build for entry e, which the caller marked as being built,
// and keeps its result unless the build gave up on its context (or
// panicked); either way the calls waiting for it go on.
func (c *Cache[T]) build(ctx context.Context, e *cacheEntry[T], m *Model, build func(context.Context, *Model) (T, error)) (v T, err error) {
	kept := false
	defer func() {
		c.mu.Lock()
		if kept {
			e.v, e.err, e.done = v, err, true
		}
		close(e.building)
		e.building = nil
		c.mu.Unlock()
	}()
	v, err = build(ctx, m)
	kept = err == nil || !(errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
	return v, err
}

// entry returns the entry of rule set id, moved to the front, creating it
// (and dropping the least recently used) when there is none. The caller
// holds the lock.
func (c *Cache[T]) entry(id uint64) *cacheEntry[T] {
	for k, x := range c.entries {
		if x.id == id {
			copy(c.entries[1:k+1], c.entries[:k])
			c.entries[0] = x
			return x
		}
	}
	e := &cacheEntry[T]{id: id}
	size := c.Size
	if size <= 0 {
		size = 8
	}
	if len(c.entries) < size {
		c.entries = append(c.entries, nil)
	}
	copy(c.entries[1:], c.entries[:len(c.entries)-1])
	c.entries[0] = e
	return e
}
