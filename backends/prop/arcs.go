package prop

import (
	"context"
	"math/bits"
)

// arcs are the pairs of cells whose exclusions say more than "not the same
// value" (a thermometer's steps, kropki dots, whispers, XV, renban,
// non-consecutive neighbours): for them, placing a cell is not enough, and
// propagation keeps every value of a cell that some value of the other
// cell allows (arc consistency). Pairs that only keep values apart (a
// house, an anti-knight move) need nothing more than placing.
//
// Arc a goes from cell p to cell q = other[a]: forbid[a*values+x] holds
// the values of q that p = x rules out, and rev[a] is the arc from q to p.
// The arcs of p are off[p]:off[p+1].
type arcs struct {
	off    []int32
	other  []int32
	rev    []int32
	forbid []uint64
	// On a table of at most supportValues values, with at most
	// maxSupports distinct relations, the values of p that some value of
	// q allows, for every mask of q: supp[rel[a]<<values | m] for arc a
	// from p to q and mask m of q (see readSupports); nil otherwise.
	rel  []int32
	supp []uint16
}

// supportValues and maxSupports bound the tables of readSupports: 512
// entries of 2 bytes per relation on a 9-value table, a relation being
// what an arc forbids (a renban line's steps, a thermometer's, a kropki
// dot's), of which a puzzle has few.
const (
	supportValues = 9
	maxSupports   = 256
)

// readArcs finds the arcs of the table from its peers, giving up with
// ctx's error when ctx ends.
func (t *table) readArcs(ctx context.Context) error {
	V := t.values
	a := &t.arcs
	a.off = make([]int32, t.cells+1)
	slot := make([]int32, t.cells) // per other cell q: 1 + its index in row, for cell p
	var (
		row   []int32  // the other cells of p, in order of first meeting
		table []uint64 // V per entry of row
	)
	for p := range t.cells {
		if p&buildPollMask == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		row, table = row[:0], table[:0]
		for x := range V {
			c := p*V + x
			for _, r := range t.peers[t.peerOff[c]:t.peerOff[c+1]] {
				q, y := r>>6, uint(r&63)
				if slot[q] == 0 {
					row = append(row, q)
					table = append(table, make([]uint64, V)...)
					slot[q] = int32(len(row))
				}
				table[int(slot[q]-1)*V+x] |= 1 << y
			}
		}
		for i, q := range row {
			slot[q] = 0
			f := table[i*V : (i+1)*V]
			plain := true
			for x, m := range f {
				plain = plain && m&^(1<<uint(x)) == 0
			}
			if !plain {
				a.other = append(a.other, q)
				a.forbid = append(a.forbid, f...)
			}
		}
		a.off[p+1] = int32(len(a.other))
	}
	// The reverse arcs: peers are symmetric, so is every arc.
	a.rev = make([]int32, len(a.other))
	for p := range t.cells {
		for k := a.off[p]; k < a.off[p+1]; k++ {
			q := a.other[k]
			for j := a.off[q]; j < a.off[q+1]; j++ {
				if a.other[j] == int32(p) {
					a.rev[k] = j
					break
				}
			}
		}
	}
	t.readSupports()
	return nil
}

// readSupports lists the support tables of the arcs (see arcs.supp) when
// the table's values and the arcs' distinct relations are few enough.
func (t *table) readSupports() {
	V, a := t.values, &t.arcs
	if V > supportValues || len(a.other) == 0 {
		return
	}
	index := map[[supportValues]uint64]int32{}
	a.rel = make([]int32, len(a.other))
	for k := range a.other {
		var key [supportValues]uint64
		copy(key[:], a.forbid[k*V:(k+1)*V])
		r, ok := index[key]
		if !ok {
			if len(index) == maxSupports {
				a.rel, a.supp = nil, nil
				return
			}
			r = int32(len(index))
			index[key] = r
			for m := range 1 << V {
				var s uint16
				for v := range V {
					if uint64(m)&^key[v] != 0 {
						s |= 1 << v
					}
				}
				a.supp = append(a.supp, s)
			}
		}
		a.rel[k] = r
	}
}

// revise makes the neighbours of the cells marked in w.arcDirty arc
// consistent with them, until no cell changes. It returns false on a
// contradiction.
func (w *work) revise() bool {
	a := &w.t.arcs
	V := w.t.values
	for i := 0; i < len(w.arcDirty); i++ {
		if w.arcDirty[i] == 0 {
			continue
		}
		q := int32(i<<6) + int32(bits.TrailingZeros64(w.arcDirty[i]))
		w.arcDirty[i] &= w.arcDirty[i] - 1
		i = -1 // rescan: a change may mark an earlier word
		mq := w.mask[q]
		for k := a.off[q]; k < a.off[q+1]; k++ {
			p := a.other[k]
			mp := w.mask[p]
			var keep uint64
			if a.supp != nil {
				keep = mp & uint64(a.supp[int(a.rel[a.rev[k]])<<uint(V)|int(mq)])
			} else {
				f := a.forbid[int(a.rev[k])*V:]
				keep = mp
				for x := mp; x != 0; x &= x - 1 {
					v := bits.TrailingZeros64(x)
					if mq&^f[v] == 0 {
						keep &^= 1 << uint(v)
					}
				}
			}
			if keep != mp && !w.restrict(p, keep) {
				w.cellWt[p]++
				return false
			}
		}
	}
	return true
}
