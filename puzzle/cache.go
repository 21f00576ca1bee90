package puzzle

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// maxSets bounds the rule sets a Cache keeps; when it is full it starts
// again empty, so a stream of puzzles each with rules of its own (f-puzzles
// files) does not grow it.
const maxSets = 256

// A Cache builds the models of Items: their shape's standard rules, the
// caller's Variants and the item's own rule sets. It keeps each rule set it
// builds under a key made of its content (the shape and every variant's
// type and value), so puzzles that share their rules, whether named by the
// caller or carried by the puzzle, share one rules.Set, and the backends
// reuse what they built for it. A Cache is safe for concurrent use.
type Cache struct {
	// Variants apply to every item, before its own.
	Variants []rules.Variant
	// Max bounds the rule sets kept (0: 256); when it is full the cache
	// starts again empty.
	Max int
	// MaxMembers bounds the candidates and payload numbers of a rule set
	// (0: no bound); a larger one is refused with an error wrapping
	// model.ErrTooLarge.
	MaxMembers int

	mu   sync.Mutex
	sets map[string]*rules.Set
}

// RuleSets returns every rule set of it: the cache's, then its own. The
// cache's variants that read the grid's regions (disjoint groups, box
// indexers, region sum lines) follow the item's jigsaw layout, if it has
// one, as they do in an f-puzzles document.
func (c *Cache) RuleSets(it Item) []rules.Variant { return RuleSets(c.Variants, it) }

// RuleSets returns every rule set of it with global (a front end's named
// variants) before its own, the global ones that read the grid's regions
// following its jigsaw layout. Cache.RuleSets is RuleSets of its Variants;
// a front end that puts the named variants into the item (the server,
// which shares one cache among requests) calls it so that they mean what
// they mean on the command line.
func RuleSets(global []rules.Variant, it Item) []rules.Variant {
	vs := append(append([]rules.Variant(nil), global...), it.Own...)
	if len(it.Own) == 0 || len(global) == 0 {
		return vs
	}
	return variants.FollowJigsaw(vs)
}

// Set returns the rules of it, built once per content.
func (c *Cache) Set(it Item) (*rules.Set, error) {
	return c.SetContext(context.Background(), it)
}

// SetContext is Set giving up with ctx's error once ctx ends while it
// builds the rules; a build given up is not kept.
func (c *Cache) SetContext(ctx context.Context, it Item) (*rules.Set, error) {
	if it.Err != nil {
		return nil, it.Err
	}
	vs := c.Variants
	if len(it.Own) > 0 {
		vs = c.RuleSets(it)
	}
	var buf [128]byte
	key := appendContentKey(buf[:0], it.Grid.Shape, vs)
	c.mu.Lock()
	rs, ok := c.sets[string(key)] // no copy of key for a lookup
	c.mu.Unlock()
	if ok {
		return rs, nil
	}
	rs, err := rules.NewContext(ctx, c.MaxMembers, it.Grid.Shape, vs...)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if limit := cmp.Or(c.Max, maxSets); c.sets == nil || len(c.sets) >= limit {
		c.sets = map[string]*rules.Set{}
	}
	c.sets[string(key)] = rs
	c.mu.Unlock()
	return rs, nil
}

// Model returns the model of it: its rules with its givens.
func (c *Cache) Model(it Item) (*model.Model, error) {
	return c.ModelContext(context.Background(), it)
}

// ModelContext is Model giving up with ctx's error once ctx ends while it
// builds the rules.
func (c *Cache) ModelContext(ctx context.Context, it Item) (*model.Model, error) {
	rs, err := c.SetContext(ctx, it)
	if err != nil {
		return nil, err
	}
	return rs.Model(it.Grid)
}

// VariantNames lists the names of the rule sets of it, the cache's first,
// as records show them.
func (c *Cache) VariantNames(it Item) []string {
	names := []string{}
	for _, v := range c.RuleSets(it) {
		names = append(names, v.Name())
	}
	return names
}

// appendContentKey appends the key that identifies a shape with its
// variants by value: variants are plain values (names, cell lists), so
// their Go syntax representation tells equal rule sets.
func appendContentKey(dst []byte, s sudoku.Shape, vs []rules.Variant) []byte {
	dst = strconv.AppendInt(dst, int64(s.BoxRows), 10)
	dst = append(dst, 'x')
	dst = strconv.AppendInt(dst, int64(s.BoxCols), 10)
	for _, v := range vs {
		dst = fmt.Appendf(dst, "|%#v", v)
	}
	return dst
}
