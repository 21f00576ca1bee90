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
}

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
	return nil
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
			f := a.forbid[int(a.rev[k])*V:]
			mp := w.mask[p]
			keep := mp
			for x := mp; x != 0; x &= x - 1 {
				v := bits.TrailingZeros64(x)
				if mq&^f[v] == 0 {
					keep &^= 1 << uint(v)
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
