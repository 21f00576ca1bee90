package model

import "sync"

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

type cacheEntry[T any] struct {
	id   uint64
	once sync.Once
	v    T
	err  error
}

// Get returns the value for m's rule set, calling build(m) if it is not
// cached. An error from build is cached too: it depends on the rules only.
func (c *Cache[T]) Get(m *Model, build func(*Model) (T, error)) (T, error) {
	id := m.RulesID()
	c.mu.Lock()
	var e *cacheEntry[T]
	for k, x := range c.entries {
		if x.id == id {
			e = x
			copy(c.entries[1:k+1], c.entries[:k])
			c.entries[0] = e
			break
		}
	}
	if e == nil {
		e = &cacheEntry[T]{id: id}
		size := c.Size
		if size <= 0 {
			size = 8
		}
		if len(c.entries) < size {
			c.entries = append(c.entries, nil)
		}
		copy(c.entries[1:], c.entries[:len(c.entries)-1])
		c.entries[0] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.v, e.err = build(m) })
	return e.v, e.err
}
