package prop

import (
	"context"
	"math/bits"

	"github.com/sudokit/sudokit/model"
)

// The classic path: a model whose rules are exactly the rows, columns and
// boxes of a 9x9 grid (cells numbered row by row, any redundant AtMostOne
// rule allowed) is solved on digit boards instead of cell masks. Digit d's
// board is three 27-bit words, one per band of three rows, bit
// 9*(row%3)+col; a placed cell keeps its digit's bit and loses the others,
// so every house of a consistent board holds each digit at least once, and
// a house holding it once names a hidden single.

const (
	band27 = 1<<27 - 1
	row9   = 1<<9 - 1
	// spread copies a 9-bit column mask to the three rows of a band.
	spread = 1 | 1<<9 | 1<<18
)

// b9 geometry, by bit of a band (0..26).
var (
	// b9Peers: the other cells of the bit's row and box, in its band.
	b9Peers [27]uint32
	// b9Cols: the bit's column, in every band.
	b9Cols [27]uint32
	// b9Rows, b9Boxes: the three rows and the three boxes of a band.
	b9Rows, b9Boxes [3]uint32
)

func init() {
	for i := range 27 {
		r, c := i/9, i%9
		b9Rows[r] |= 1 << uint(i)
		b9Boxes[c/3] |= 1 << uint(i)
	}
	for i := range 27 {
		b9Peers[i] = (b9Rows[i/9] | b9Boxes[i%9/3]) &^ (1 << uint(i))
		b9Cols[i] = spread << uint(i%9)
	}
}

// A board9 is the state of a classic search: c[d][b] holds the cells of
// band b where digit d is still possible, open the cells not placed yet.
type board9 struct {
	c    [9][3]uint32
	open [3]uint32
}

// A level9 is a saved board and the branch taken from it: the cell (band
// b, bit) and the digits not tried yet.
type level9 struct {
	s    board9
	b    uint8
	bit  uint32
	rest uint16
	all  uint16 // the cell's digits
}

// classic is the work state of the classic path: the board, the digits
// whose boards changed since their last hidden-single check (and since
// their last locked-candidates check), and the stack.
type classic struct {
	s       board9
	dirty   uint16
	dirtyLk uint16
	locks   bool
	stack   [82]level9
}

// place puts digit d on the cell bit of band b, whose other digits are
// others: the cell loses them and d leaves the cell's row, column and box.
func (w *classic) place(d int, b int, bit uint32, others uint16) {
	s := &w.s
	s.open[b] &^= bit
	for m := others; m != 0; m &= m - 1 {
		s.c[bits.TrailingZeros16(m)][b] &^= bit
	}
	i := bits.TrailingZeros32(bit)
	x := &s.c[d]
	col := b9Cols[i]
	x[0] &^= col
	x[1] &^= col
	x[2] &^= col
	x[b] = x[b]&^b9Peers[i] | bit
	dirty := others | 1<<uint(d)
	w.dirty |= dirty
	w.dirtyLk |= dirty
}

// naked places the open cells left with one digit. It returns false when
// an open cell has none; placed reports a placement.
func (w *classic) naked() (ok, placed bool) {
	s := &w.s
	for b := range 3 {
		open := s.open[b]
		if open == 0 {
			continue
		}
		// one and two: the cells holding a digit, and two or more; p0..p3
		// the bits of the digit's number, exact where a cell holds one.
		// Unrolled by hand: a loop over the nine words costs 12% more
		// instructions on the hardest puzzles.
		c := &s.c
		x0, x1, x2, x3, x4 := c[0][b], c[1][b], c[2][b], c[3][b], c[4][b]
		x5, x6, x7, x8 := c[5][b], c[6][b], c[7][b], c[8][b]
		one, two := x0|x1, x0&x1
		one, two = halfAdd(one, two, x2)
		one, two = halfAdd(one, two, x3)
		one, two = halfAdd(one, two, x4)
		one, two = halfAdd(one, two, x5)
		one, two = halfAdd(one, two, x6)
		one, two = halfAdd(one, two, x7)
		one, two = halfAdd(one, two, x8)
		if open&^one != 0 {
			return false, false
		}
		singles := open & one &^ two
		if singles == 0 {
			continue
		}
		p0, p1, p2, p3 := x1|x3|x5|x7, x2|x3|x6|x7, x4|x5|x6|x7, x8
		for ; singles != 0; singles &= singles - 1 {
			bit := singles & -singles
			i := uint(bits.TrailingZeros32(bit))
			d := int(p0>>i&1 | p1>>i&1<<1 | p2>>i&1<<2 | p3>>i&1<<3)
			if s.c[d][b]&bit == 0 {
				return false, false // a placement just took its last digit
			}
			w.place(d, b, bit, 0)
			placed = true
		}
	}
	return true, placed
}

// Chunk masks: a band's rows are three 9-bit chunks, a row of boxes
// three 3-bit groups; low holds the low bits of each chunk, high its top
// bit. nonzero returns the top bit of every chunk of v that is not zero.
const (
	lowRows  = 0xFF | 0xFF<<9 | 0xFF<<18
	highRows = 1<<8 | 1<<17 | 1<<26
	lowBoxes = 0b011011011
	highBox  = 0b100100100
)

func nonzero(v, low, high uint32) uint32 { return ((v & low) + low | v) & high }

// The masks of two bands side by side in a uint64 (band b0 at bit 0, b1
// at bit 27), so that one pass of chunk arithmetic serves both.
const (
	lowRows2  = lowRows | lowRows<<27
	highRows2 = highRows | highRows<<27
	lowBoxes2 = lowBoxes | lowBoxes<<27
	highBox2  = highBox | highBox<<27
	row9x2    = row9 | row9<<27
)

func nonzero64(v, low, high uint64) uint64 { return ((v & low) + low | v) & high }

// singles returns, for one band or two side by side in v (masks as
// above), the cells that hold the digit alone in their row or box (h),
// the columns holding it (a) and holding it twice or more (t), per band
// at bits 0 and 27, and whether a row or a box lacks it (bad != 0).
func singles(v, lowR, highR, lowB, highB, rows uint64) (h, a, t, bad uint64) {
	nz := nonzero64(v, lowR, highR)
	bad = nz ^ highR
	one := nz &^ nonzero64(v&(v-nz>>8), lowR, highR)
	h = v & (one >> 8 * row9)
	// Boxes, from the columns of the band folded: a box holds the digit
	// once when one of its columns holds it, once.
	r0, r1, r2 := v&rows, v>>9&rows, v>>18&rows
	a, t = r0|r1|r2, r0&r1|(r0|r1)&r2
	nz = nonzero64(a, lowB, highB)
	bad |= nz ^ highB
	one = nz &^ nonzero64(a&(a-nz>>2), lowB, highB) &^ nonzero64(t, lowB, highB)
	h |= v & (one >> 2 * 7 * spread)
	return h, a, t, bad
}

// hidden places the digits that a house holds once in an open cell, for
// the digits whose boards changed since their last check, up to the first
// digit that places something. It returns false when a house has lost a
// digit.
func (w *classic) hidden() (ok, placed bool) {
	s := &w.s
	for w.dirty != 0 {
		d := bits.TrailingZeros16(w.dirty)
		w.dirty &= w.dirty - 1
		x := &s.c[d]
		h01, a01, t01, bad := singles(uint64(x[0])|uint64(x[1])<<27, lowRows2, highRows2, lowBoxes2, highBox2, row9x2)
		h2, a2, t2, bad2 := singles(uint64(x[2]), lowRows, highRows, lowBoxes, highBox, row9)
		a0, a1 := a01&row9, a01>>27
		colOne := a0 | a1 | a2
		colTwo := t01&row9 | t01>>27 | t2 | a0&a1 | (a0|a1)&a2
		if bad|bad2 != 0 || colOne != row9 {
			return false, false
		}
		only := uint32(colOne&^colTwo) * spread
		hs := [3]uint32{
			(uint32(h01)&band27 | x[0]&only) & s.open[0],
			(uint32(h01>>27) | x[1]&only) & s.open[1],
			(uint32(h2) | x[2]&only) & s.open[2],
		}
		if hs[0]|hs[1]|hs[2] == 0 {
			continue
		}
		for b := range 3 {
			for h := hs[b]; h != 0; h &= h - 1 {
				bit := h & -h
				if x[b]&bit == 0 || s.open[b]&bit == 0 {
					return false, false // an earlier placement emptied the house
				}
				w.place(d, b, bit, w.digits(b, bit)&^(1<<uint(d)))
				placed = true
			}
		}
		if placed {
			// Back to the naked singles, cheaper, before the next digit.
			return true, true
		}
	}
	return true, false
}

// Segments: the three cells of a row inside a box. In a band, segment
// 3*k+j is row k inside box j, cells 9*k+3*j to 9*k+3*j+2.

// segKeep maps the segments of a band holding a digit (9 bits) to the
// cells the digit keeps after locked candidates inside the band: a box
// holding it in one segment only clears the rest of that segment's row,
// a row holding it in one segment only clears the rest of that segment's
// box, to a fixpoint.
var segKeep [512]uint32

// rowSegs maps a row of a band (9 bits) to its segments holding a bit (3
// bits, one per box).
var rowSegs [512]uint8

func init() {
	for p := range 512 {
		for j := range 3 {
			if p>>uint(3*j)&7 != 0 {
				rowSegs[p] |= 1 << uint(j)
			}
		}
		q := uint32(p)
		for {
			r := q
			for k := range 3 {
				if row := r >> uint(3*k) & 7; row != 0 && row&(row-1) == 0 {
					box := uint32(0b001001001) << uint(bits.TrailingZeros32(row))
					r &^= box &^ (row << uint(3*k))
				}
				if col := r >> uint(k) & 0b001001001; col != 0 && col&(col-1) == 0 {
					r &^= 7 << uint(bits.TrailingZeros32(col)) &^ (col << uint(k))
				}
			}
			if r == q {
				break
			}
			q = r
		}
		for seg := q; seg != 0; seg &= seg - 1 {
			i := bits.TrailingZeros32(seg)
			segKeep[p] |= 7 << uint(9*(i/3)+3*(i%3))
		}
	}
}

// segments returns the segments of v (a band) holding a bit, as 9 bits.
func segments(v uint32) uint32 {
	return uint32(rowSegs[v&row9]) | uint32(rowSegs[v>>9&row9])<<3 | uint32(rowSegs[v>>18&row9])<<6
}

// claimed returns the cells of a band a digit keeps after locked
// candidates across bands: a column that only this band (cols, the columns
// holding the digit here; others, in the other bands) holds it in claims
// its box, and a column that the other bands' boxes point along (point)
// loses it here.
func claimed(cols, others, point uint32) uint32 {
	only := cols &^ others
	boxes := nonzero(only, lowBoxes, highBox) >> 2 * 7
	keep := ^boxes | only
	return (keep & row9 * spread) &^ (point * spread)
}

// locked applies locked candidates to the digits whose boards changed since
// their last check: a digit a box holds in one row (or column) only leaves
// the rest of that row (column), and a digit a row (column) holds in one
// box only leaves the rest of that box. It reports a removal.
func (w *classic) locked() (changed bool) {
	s := &w.s
	for w.dirtyLk != 0 {
		d := bits.TrailingZeros16(w.dirtyLk)
		w.dirtyLk &= w.dirtyLk - 1
		x := &s.c[d]
		before := *x
		var cols, point [3]uint32
		for b := range 3 {
			v := x[b]
			v &= segKeep[segments(v)]
			x[b] = v
			a := (v | v>>9 | v>>18) & row9
			cols[b] = a
			// A box's columns holding d: one column only points.
			nz := nonzero(a, lowBoxes, highBox)
			one := nz &^ nonzero(a&(a-nz>>2), lowBoxes, highBox)
			point[b] = a & (one >> 2 * 7)
		}
		x[0] &= claimed(cols[0], cols[1]|cols[2], point[1]|point[2])
		x[1] &= claimed(cols[1], cols[2]|cols[0], point[2]|point[0])
		x[2] &= claimed(cols[2], cols[0]|cols[1], point[0]|point[1])
		if *x != before {
			changed = true
			w.dirty |= 1 << uint(d)
			w.dirtyLk |= 1 << uint(d)
		}
	}
	return changed
}

// propagate runs naked and hidden singles (and locked candidates when they
// are on) to a fixpoint. It returns false on a contradiction.
func (w *classic) propagate() bool {
	for {
		ok, p1 := w.naked()
		if !ok {
			return false
		}
		ok, p2 := w.hidden()
		if !ok {
			return false
		}
		if p1 || p2 {
			continue
		}
		if w.locks && w.s.open != [3]uint32{} && w.locked() {
			continue
		}
		return true
	}
}

// choose returns an open cell with the fewest digits (band, bit).
func (w *classic) choose() (int, uint32) {
	s := &w.s
	for b := range 3 {
		var one, two, three uint32
		for d := range 9 {
			x := s.c[d][b]
			three |= two & x
			two |= one & x
			one |= x
		}
		if bi := s.open[b] & two &^ three; bi != 0 {
			return b, bi & -bi
		}
	}
	bestB, bestBit, bestN := -1, uint32(0), 10
	for b := range 3 {
		for open := s.open[b]; open != 0; open &= open - 1 {
			bit := open & -open
			if n := bits.OnesCount16(w.digits(b, bit)); n < bestN {
				bestB, bestBit, bestN = b, bit, n
			}
		}
	}
	return bestB, bestBit
}

// digits returns the digits open at the cell bit of band b.
func (w *classic) digits(b int, bit uint32) uint16 {
	c := &w.s.c
	i := uint(bits.TrailingZeros32(bit))
	m := c[0][b]>>i&1 | c[1][b]>>i&1<<1 | c[2][b]>>i&1<<2 | c[3][b]>>i&1<<3 |
		c[4][b]>>i&1<<4 | c[5][b]>>i&1<<5 | c[6][b]>>i&1<<6 | c[7][b]>>i&1<<7 | c[8][b]>>i&1<<8
	return uint16(m)
}

// start sets up the board of m's givens. It returns false when they
// contradict each other.
func (w *classic) start(m *model.Model) bool {
	s := &w.s
	for i := range s.c {
		s.c[i] = [3]uint32{band27, band27, band27}
	}
	s.open = [3]uint32{band27, band27, band27}
	for _, c := range m.Excluded() {
		cell, d := int(c)/9, int(c)%9
		s.c[d][cell/27] &^= 1 << uint(cell%27)
	}
	for _, c := range m.Fixed() {
		cell, d := int(c)/9, int(c)%9
		b, bit := cell/27, uint32(1)<<uint(cell%27)
		if s.c[d][b]&bit == 0 {
			return false
		}
		for e := range 9 {
			if e != d {
				s.c[e][b] &^= bit
			}
		}
	}
	for b := range 3 {
		var one uint32
		for d := range 9 {
			one |= s.c[d][b]
		}
		if one != band27 {
			return false // a cell without a value
		}
	}
	w.dirty, w.dirtyLk = 1<<9-1, 1<<9-1
	return true
}

// solution returns the placed digit of every cell.
func (w *classic) solution() model.Solution {
	sol := make(model.Solution, 81)
	for d := range 9 {
		for b := range 3 {
			for x := w.s.c[d][b]; x != 0; x &= x - 1 {
				cell := 27*b + bits.TrailingZeros32(x)
				sol[cell] = model.Cand(9*cell + d)
			}
		}
	}
	return sol
}

// search is work.search on the classic path.
func (w *classic) search(ctx context.Context, m *model.Model, opts model.Options, res *model.Result) model.Stop {
	if !w.start(m) {
		return model.Done
	}
	var (
		done    = ctx.Done()
		budget  = opts.Nodes
		nodes   = int64(1)
		guesses int64
		d       = 0
		stop    = model.Done
	)
	ok := w.propagate()
loop:
	for {
		if ok {
			if w.s.open == [3]uint32{} {
				res.Count++
				if opts.Keeps(len(res.Solutions)) {
					res.Solutions = append(res.Solutions, w.solution())
				}
				if opts.Limit > 0 && res.Count >= opts.Limit {
					break
				}
			} else {
				b, bit := w.choose()
				guesses++
				lv := &w.stack[d]
				lv.s, lv.b, lv.bit = w.s, uint8(b), bit
				lv.rest = w.digits(b, bit)
				lv.all = lv.rest
				d++
			}
		}
		for d > 0 && w.stack[d-1].rest == 0 {
			d--
		}
		if d == 0 {
			break
		}
		if budget > 0 && nodes >= budget {
			stop = model.NodeLimit
			break
		}
		nodes++
		if nodes&pollMask == 0 && done != nil {
			select {
			case <-done:
				stop = model.StopFor(ctx.Err())
				break loop
			default:
			}
		}
		lv := &w.stack[d-1]
		dg := bits.TrailingZeros16(lv.rest)
		lv.rest &= lv.rest - 1
		w.s = lv.s
		w.dirty, w.dirtyLk = 0, 0
		w.place(dg, int(lv.b), lv.bit, lv.all&^(1<<uint(dg)))
		ok = w.propagate()
	}
	res.Stats.Nodes = nodes
	res.Stats.Guesses = guesses
	return stop
}

// isClassic reports whether t's rules are those of a classic 9x9 grid,
// cells numbered row by row: 27 houses (the rows, columns and boxes) over
// the 9 values, no other ExactlyOne rule but whole cells, every candidate's
// peers the 20 cells of its row, column and box with its value, and no
// n-ary rule.
func (t *table) isClassic() bool {
	if t.cells != 81 || t.values != 9 || len(t.nary.rules) > 0 || len(t.vals) != 27 {
		return false
	}
	key := func(cells []int32) uint64 { // the house's kind and number
		r, c := cells[0]/9, cells[0]%9
		var row, col, box bool = true, true, true
		for _, cell := range cells {
			row = row && cell/9 == r
			col = col && cell%9 == c
			box = box && cell/27 == r/3 && cell%9/3 == c/3
		}
		switch {
		case row:
			return 1 << uint(r)
		case col:
			return 1 << uint(9+c)
		case box:
			return 1 << uint(18+r/3*3+c/3)
		}
		return 1 << 63
	}
	var seen uint64
	for h, vals := range t.vals {
		cells := t.houseCells(h)
		if vals != 1<<9-1 || len(cells) != 9 {
			return false
		}
		seen |= key(cells)
	}
	if seen != 1<<27-1 {
		return false
	}
	for r := 1; r < len(t.oneOff); r++ {
		rule := t.one[t.oneOff[r-1]:t.oneOff[r]]
		var vals uint64
		for _, p := range rule {
			if p>>6 != rule[0]>>6 {
				return false
			}
			vals |= 1 << uint(p&63)
		}
		if vals != 1<<9-1 {
			return false
		}
	}
	for c := range 81 * 9 {
		cell, v := c/9, c%9
		peers := t.peers[t.peerOff[c]:t.peerOff[c+1]]
		if len(peers) != 20 {
			return false
		}
		for _, p := range peers {
			pc := int(p >> 6)
			same := pc/9 == cell/9 || pc%9 == cell%9 || pc/27 == cell/27 && pc%9/3 == cell%9/3
			if int(p&63) != v || !same || pc == cell {
				return false
			}
		}
	}
	return true
}
