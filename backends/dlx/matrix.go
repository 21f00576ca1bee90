package dlx

import (
	"context"
	"errors"
	"fmt"
	"unsafe"
)

// ErrMatrix is wrapped by every error NewMatrix returns.
var ErrMatrix = errors.New("dlx: bad matrix")

// A Matrix is an exact-cover problem with primary items (covered exactly
// once), secondary items (covered at most once, or shared by options that
// give them one color) and options (sets of items), stored in Knuth's dlx1
// array layout, with dlx2's colors when an option colors an item; see the
// package documentation.
//
// A Matrix is built once and reused: Commit and Remove shape it for one
// problem instance, Search explores it and leaves it as it found it, and
// Reset undoes the commits and removals in exact reverse order, restoring the
// pristine matrix. A Matrix is not safe for concurrent use.
type Matrix struct {
	np, ns int32 // primary and secondary items

	// Items: 0 is the primary root, 1..np the primary items, np+1..np+ns
	// the secondary items, np+ns+1 the secondary root.
	llink, rlink []int32
	length       []int32 // live options per item (indexed by item)

	// Nodes: 1..np+ns are the item headers, then a spacer, then each
	// option's nodes followed by a spacer.
	top, ulink, dlink []int32

	// color[p] is node p's color: 0 uncolored, > 0 a color, -1 while its
	// item is purified to that color. nil when no option has a color: the
	// search then runs the plain loops of Algorithm X.
	color []int32

	first []int32 // first[o] is option o's first node; first[o+1]-2 its last

	choice []int32 // the search's option stack, one node per level
	sol    []int32 // option numbers handed to a visitor (reused)

	// Commit/Remove bookkeeping.
	state []uint8 // per option: live, committed or removed
	owner []int32 // per item: o+1 when option o's commit covered or purified it, else 0
	hcol  []int32 // per item: the color a commit purified it to, 0 when covered (colored matrices)
	log   []int32 // undo log: option<<2 | action
}

// Option states and undo-log actions.
const (
	live      = 0
	committed = 1
	removed   = 2

	actCommit     = 0 // option committed: its items were covered
	actRemove     = 1 // option removed: its nodes were unlinked
	actRemoveNoop = 2 // option marked removed; it was already hidden by a commit
)

// NewMatrix returns the matrix with primary items 0..primary-1, secondary
// items primary..primary+secondary-1 and the given options, option o listing
// the items options[o] covers. Every option must list at least one item, each
// at most once. The options are copied.
func NewMatrix(primary, secondary int, options [][]int32) (*Matrix, error) {
	return NewColoredMatrix(primary, secondary, options, nil)
}

// NewColoredMatrix is NewMatrix with colors (Knuth's Algorithm C): option
// o gives its k-th item the color colors[o][k], a positive number, or 0 for
// none. Options that give a secondary item one color may be chosen
// together; an uncolored use of an item excludes every other use. Only
// secondary items take colors. colors may be nil (no colors at all), and
// so may colors[o]; otherwise colors[o] has one entry per item of
// options[o]. The colors are copied. A matrix whose colors are all 0 is the
// plain matrix NewMatrix builds, searched by the plain loops.
func NewColoredMatrix(primary, secondary int, options [][]int32, colors [][]int32) (*Matrix, error) {
	return newMatrix(context.Background(), primary, secondary, options, colors)
}

// newMatrix is NewColoredMatrix giving up with ctx's error when ctx ends
// (polled every pollMask+1 options).
func newMatrix(ctx context.Context, primary, secondary int, options [][]int32, colors [][]int32) (*Matrix, error) {
	ni := primary + secondary
	if colors != nil && len(colors) != len(options) {
		return nil, fmt.Errorf("%w: %d color lists for %d options", ErrMatrix, len(colors), len(options))
	}
	colored := false
	for o, cs := range colors {
		if cs == nil {
			continue
		}
		if len(cs) != len(options[o]) {
			return nil, fmt.Errorf("%w: option %d has %d items and %d colors", ErrMatrix, o, len(options[o]), len(cs))
		}
		for k, c := range cs {
			switch {
			case c < 0:
				return nil, fmt.Errorf("%w: option %d gives item %d the negative color %d", ErrMatrix, o, options[o][k], c)
			case c > 0 && options[o][k] < int32(primary):
				return nil, fmt.Errorf("%w: option %d colors primary item %d", ErrMatrix, o, options[o][k])
			case c > 0:
				colored = true
			}
		}
	}
	if primary < 0 || secondary < 0 || ni >= 1<<30 {
		return nil, fmt.Errorf("%w: %d primary and %d secondary items", ErrMatrix, primary, secondary)
	}
	total := ni + 2 // headers plus node 0 plus the first spacer
	for o, items := range options {
		if len(items) == 0 {
			return nil, fmt.Errorf("%w: option %d is empty", ErrMatrix, o)
		}
		total += len(items) + 1
		if total >= 1<<31-1 {
			return nil, fmt.Errorf("%w: too many nodes", ErrMatrix)
		}
	}
	x := &Matrix{
		np:     int32(primary),
		ns:     int32(secondary),
		llink:  make([]int32, ni+2),
		rlink:  make([]int32, ni+2),
		length: make([]int32, ni+2),
		top:    make([]int32, total),
		ulink:  make([]int32, total),
		dlink:  make([]int32, total),
		first:  make([]int32, len(options)+1),
		choice: make([]int32, primary+1),
		sol:    make([]int32, primary+1),
		state:  make([]uint8, len(options)),
		owner:  make([]int32, ni+2),
		log:    make([]int32, 0, len(options)),
	}
	if colored {
		x.color = make([]int32, total)
		x.hcol = make([]int32, ni+2)
	}
	// The two item circles.
	np, root2 := int32(primary), int32(ni+1)
	link := func(head, from, to int32) {
		prev := head
		for i := from; i <= to; i++ {
			x.llink[i], x.rlink[prev] = prev, i
			prev = i
		}
		x.llink[head], x.rlink[prev] = prev, head
	}
	link(0, 1, np)
	link(root2, np+1, int32(ni))
	for i := int32(1); i <= int32(ni); i++ {
		x.top[i], x.ulink[i], x.dlink[i] = i, i, i
	}
	// The options, each followed by a spacer.
	last := int32(ni + 1) // the current spacer
	x.top[last] = 0
	seen := make([]int32, ni+2) // seen[i] = o+1 when option o lists item i
	for o, items := range options {
		if o&pollMask == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		x.first[o] = last + 1
		for k, it := range items {
			if it < 0 || int(it) >= ni {
				return nil, fmt.Errorf("%w: option %d lists item %d, not in 0..%d", ErrMatrix, o, it, ni-1)
			}
			i := it + 1
			if seen[i] == int32(o+1) {
				return nil, fmt.Errorf("%w: option %d lists item %d twice", ErrMatrix, o, it)
			}
			seen[i] = int32(o + 1)
			p := last + 1 + int32(k)
			x.top[p] = i
			if colored && colors[o] != nil {
				x.color[p] = colors[o][k]
			}
			u := x.ulink[i]
			x.ulink[p], x.dlink[p] = u, i
			x.dlink[u], x.ulink[i] = p, p
			x.length[i]++
		}
		spacer := last + 1 + int32(len(items))
		x.ulink[spacer] = last + 1    // first node of the option before
		x.dlink[last] = spacer - 1    // last node of the option after
		x.top[spacer] = -int32(o + 1) // spacer after option o
		last = spacer
	}
	x.first[len(options)] = last + 1
	x.dlink[last] = last
	return x, nil
}

// Primary returns the number of primary items.
func (x *Matrix) Primary() int { return int(x.np) }

// Secondary returns the number of secondary items.
func (x *Matrix) Secondary() int { return int(x.ns) }

// Options returns the number of options.
func (x *Matrix) Options() int { return len(x.state) }

// OptionNodes returns the number of option nodes (item occurrences in options).
func (x *Matrix) OptionNodes() int { return len(x.top) - int(x.np+x.ns) - 2 - len(x.state) }

// OptionItems appends the items option o lists, in order, to dst.
func (x *Matrix) OptionItems(dst []int32, o int) []int32 {
	for q := x.first[o]; x.top[q] > 0; q++ {
		dst = append(dst, x.top[q]-1)
	}
	return dst
}

// Colored reports whether some option gives an item a color.
func (x *Matrix) Colored() bool { return x.color != nil }

// OptionColors appends the colors option o gives its items, in the order
// of OptionItems, to dst (0 for an uncolored item). Between a Reset and the
// next Commit they are the colors the matrix was built with; while a
// commit purifies an item, options of its color read -1 there.
func (x *Matrix) OptionColors(dst []int32, o int) []int32 {
	for q := x.first[o]; x.top[q] > 0; q++ {
		c := int32(0)
		if x.color != nil {
			c = x.color[q]
		}
		dst = append(dst, c)
	}
	return dst
}

// Live reports the number of options that still contain item i in the
// matrix's current state.
func (x *Matrix) Live(i int) int { return int(x.length[i+1]) }

// Commit chooses option o before a search (a given): it covers every
// uncolored item of o and purifies every colored one (hides the options
// that give it another color). It reports false, changing nothing, when o
// was removed or conflicts with an earlier commit (one of its items is
// covered by it, or purified to another color): the problem then has no
// solution. Committing an option twice is allowed; the second call does
// nothing. Undo commits with Reset.
func (x *Matrix) Commit(o int) bool {
	switch x.state[o] {
	case committed:
		return true
	case removed:
		return false
	}
	if x.blocked(o) {
		return false
	}
	top, owner := x.top, x.owner
	for q := x.first[o]; top[q] > 0; q++ {
		i := top[q]
		if owner[i] != 0 {
			continue // purified to o's color by an earlier commit
		}
		owner[i] = int32(o + 1)
		switch {
		case x.color == nil:
			x.cover(i)
		case x.color[q] == 0:
			x.coverC(i)
		default:
			x.hcol[i] = x.color[q]
			x.purify(i, x.color[q])
		}
	}
	x.state[o] = committed
	x.log = append(x.log, int32(o)<<2|actCommit)
	return true
}

// blocked reports whether the commits made so far hid option o: an item
// of o is covered by a commit, or purified to a color o does not give it.
func (x *Matrix) blocked(o int) bool {
	top, owner := x.top, x.owner
	for q := x.first[o]; top[q] > 0; q++ {
		i := top[q]
		if owner[i] == 0 {
			continue
		}
		if x.color == nil || x.hcol[i] == 0 {
			return true
		}
		if c := x.color[q]; c != -1 && c != x.hcol[i] {
			return true
		}
	}
	return false
}

// Remove deletes option o before a search (an excluded candidate). It
// reports false, changing nothing, when o is committed: the problem then
// has no solution. Removing an option twice, or one already ruled out by a
// commit, is allowed. Undo removals with Reset.
func (x *Matrix) Remove(o int) bool {
	switch x.state[o] {
	case committed:
		return false
	case removed:
		return true
	}
	top, ul, dl := x.top, x.ulink, x.dlink
	x.state[o] = removed
	if x.blocked(o) {
		// A commit hid o already.
		x.log = append(x.log, int32(o)<<2|actRemoveNoop)
		return true
	}
	for q := x.first[o]; top[q] > 0; q++ {
		if x.color != nil && x.color[q] < 0 {
			continue // stays in its purified item, as hiding leaves it
		}
		u, d := ul[q], dl[q]
		dl[u], ul[d] = d, u
		x.length[top[q]]--
	}
	x.log = append(x.log, int32(o)<<2|actRemove)
	return true
}

// Reset undoes every Commit and Remove in exact reverse order, returning the
// matrix to the state NewMatrix built.
func (x *Matrix) Reset() {
	top, ul, dl := x.top, x.ulink, x.dlink
	for k := len(x.log) - 1; k >= 0; k-- {
		e := x.log[k]
		o := e >> 2
		start, end := x.first[o], x.first[o+1]-2 // o's nodes
		switch e & 3 {
		case actCommit:
			for q := end; q >= start; q-- {
				i := top[q]
				if x.owner[i] != o+1 {
					continue
				}
				switch {
				case x.color == nil:
					x.uncover(i)
				case x.hcol[i] == 0:
					x.uncoverC(i)
				default:
					x.unpurify(i, x.hcol[i])
					x.hcol[i] = 0
				}
				x.owner[i] = 0
			}
		case actRemove:
			for q := end; q >= start; q-- {
				if x.color != nil && x.color[q] < 0 {
					continue
				}
				u, d := ul[q], dl[q]
				dl[u], ul[d] = q, q
				x.length[top[q]]++
			}
		}
		x.state[o] = live
	}
	x.log = x.log[:0]
}

// cover removes item i from its circle and hides every option that lists
// it. It returns the number of link updates.
//
// cover and uncover are the innermost loops of the search. They index the
// node and item arrays through unchecked pointers (see at): every index they
// use is a link read from the matrix itself, in range by construction, and
// the bounds checks would cost about a fifth of the search time.
func (x *Matrix) cover(i int32) int64 {
	top, ul, dl, ln := x.base()
	var upd int64 = 1
	for p := *at(dl, i); p != i; p = *at(dl, p) {
		for q := p + 1; q != p; {
			j := *at(top, q)
			if j <= 0 {
				q = *at(ul, q)
				continue
			}
			u, d := *at(ul, q), *at(dl, q)
			*at(dl, u), *at(ul, d) = d, u
			*at(ln, j)--
			upd++
			q++
		}
	}
	l, r := x.llink[i], x.rlink[i]
	x.rlink[l], x.llink[r] = r, l
	return upd
}

// uncover undoes cover(i).
func (x *Matrix) uncover(i int32) {
	top, ul, dl, ln := x.base()
	l, r := x.llink[i], x.rlink[i]
	x.rlink[l], x.llink[r] = i, i
	for p := *at(ul, i); p != i; p = *at(ul, p) {
		for q := p - 1; q != p; {
			j := *at(top, q)
			if j <= 0 {
				q = *at(dl, q)
				continue
			}
			u, d := *at(ul, q), *at(dl, q)
			*at(dl, u), *at(ul, d) = q, q
			*at(ln, j)++
			q--
		}
	}
}

// coverC is cover for a colored matrix (Algorithm C): hiding an option
// leaves its nodes of color -1 in place, in the items a purification holds
// (Knuth's hide' and cover').
func (x *Matrix) coverC(i int32) int64 {
	top, ul, dl, ln := x.base()
	col := unsafe.Pointer(unsafe.SliceData(x.color))
	var upd int64 = 1
	for p := *at(dl, i); p != i; p = *at(dl, p) {
		upd += hide(top, ul, dl, ln, col, p)
	}
	l, r := x.llink[i], x.rlink[i]
	x.rlink[l], x.llink[r] = r, l
	return upd
}

// uncoverC undoes coverC(i).
func (x *Matrix) uncoverC(i int32) {
	top, ul, dl, ln := x.base()
	col := unsafe.Pointer(unsafe.SliceData(x.color))
	l, r := x.llink[i], x.rlink[i]
	x.rlink[l], x.llink[r] = i, i
	for p := *at(ul, i); p != i; p = *at(ul, p) {
		unhide(top, ul, dl, ln, col, p)
	}
}

// purify makes secondary item i take color c: the options that give i
// color c stay, marked -1 at i, and every other option listing i is
// hidden. It returns the number of link updates.
func (x *Matrix) purify(i, c int32) int64 {
	top, ul, dl, ln := x.base()
	col := unsafe.Pointer(unsafe.SliceData(x.color))
	var upd int64 = 1
	for p := *at(dl, i); p != i; p = *at(dl, p) {
		if *at(col, p) == c {
			*at(col, p) = -1
		} else {
			upd += hide(top, ul, dl, ln, col, p)
		}
	}
	return upd
}

// unpurify undoes purify(i, c).
func (x *Matrix) unpurify(i, c int32) {
	top, ul, dl, ln := x.base()
	col := unsafe.Pointer(unsafe.SliceData(x.color))
	for p := *at(ul, i); p != i; p = *at(ul, p) {
		if *at(col, p) < 0 {
			*at(col, p) = c
		} else {
			unhide(top, ul, dl, ln, col, p)
		}
	}
}

// hide unlinks the nodes of p's option, all but p and those of color -1,
// from their items' lists, and returns the number of updates.
func hide(top, ul, dl, ln, col unsafe.Pointer, p int32) int64 {
	var upd int64
	for q := p + 1; q != p; {
		j := *at(top, q)
		if j <= 0 {
			q = *at(ul, q)
			continue
		}
		if *at(col, q) >= 0 {
			u, d := *at(ul, q), *at(dl, q)
			*at(dl, u), *at(ul, d) = d, u
			*at(ln, j)--
			upd++
		}
		q++
	}
	return upd
}

// unhide undoes hide(p).
func unhide(top, ul, dl, ln, col unsafe.Pointer, p int32) {
	for q := p - 1; q != p; {
		j := *at(top, q)
		if j <= 0 {
			q = *at(dl, q)
			continue
		}
		if *at(col, q) >= 0 {
			u, d := *at(ul, q), *at(dl, q)
			*at(dl, u), *at(ul, d) = q, q
			*at(ln, j)++
		}
		q--
	}
}

// base returns the addresses of the arrays top, ulink, dlink and length.
func (x *Matrix) base() (top, ul, dl, ln unsafe.Pointer) {
	return unsafe.Pointer(unsafe.SliceData(x.top)), unsafe.Pointer(unsafe.SliceData(x.ulink)),
		unsafe.Pointer(unsafe.SliceData(x.dlink)), unsafe.Pointer(unsafe.SliceData(x.length))
}

// at returns the address of entry k of the int32 array at base, unchecked.
func at(base unsafe.Pointer, k int32) *int32 {
	return (*int32)(unsafe.Add(base, uintptr(k)*4))
}

// optionOf returns the option that node p belongs to.
func (x *Matrix) optionOf(p int32) int32 {
	for x.top[p] > 0 {
		p--
	}
	return -x.top[p]
}

// A snapshot is a copy of a matrix's link arrays, for checking that a search
// or a Reset restored them.
type snapshot struct {
	llink, rlink, length, top, ulink, dlink, color []int32
}

func (x *Matrix) snapshot() snapshot {
	c := func(s []int32) []int32 { return append([]int32(nil), s...) }
	return snapshot{c(x.llink), c(x.rlink), c(x.length), c(x.top), c(x.ulink), c(x.dlink), c(x.color)}
}

// sameAs reports the first array entry where x differs from s, or nil.
func (x *Matrix) sameAs(s snapshot) error {
	arrays := []struct {
		name      string
		got, want []int32
	}{
		{"llink", x.llink, s.llink}, {"rlink", x.rlink, s.rlink}, {"len", x.length, s.length},
		{"top", x.top, s.top}, {"ulink", x.ulink, s.ulink}, {"dlink", x.dlink, s.dlink},
		{"color", x.color, s.color},
	}
	for _, a := range arrays {
		if len(a.got) != len(a.want) {
			return fmt.Errorf("dlx: %s has %d entries, snapshot %d", a.name, len(a.got), len(a.want))
		}
		for k := range a.got {
			if a.got[k] != a.want[k] {
				return fmt.Errorf("dlx: %s[%d] = %d, snapshot %d", a.name, k, a.got[k], a.want[k])
			}
		}
	}
	return nil
}
