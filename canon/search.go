package canon

// This file is the search; canon.go its entry points. See doc.go for
// the order of the choices and the bounds that prune them.

// search finds the smallest transformed grid and leaves it in f.best.
func (f *Form) search() {
	n := f.n
	for i := range n * n {
		f.best[i] = 0xff // above every label: the first leaf replaces it
	}
	f.lt, f.nodes = -1, 0
	f.seqFrom, f.zeroFrom = uint8(n), uint8(n)
	f.lab = [MaxN + 1]uint8{}
	f.next, f.nundo = 1, 0
	f.usedRow, f.usedCol, f.usedBand, f.usedStack = 0, 0, 0, 0
	f.patterns()
	f.twins()
	for t := range f.orients {
		f.src, f.t = &f.g[t], t
		for r1 := range n {
			b := r1 / f.r
			if f.pattern[t][r1] != f.minPattern || f.rowTwin[t][r1] != uint8(r1) || f.bandTwin[t][b] != uint8(b) {
				continue // its first row cannot be the smallest, or its twin's search is this one's
			}
			f.rowOf[0] = uint8(r1)
			f.usedRow, f.usedBand = 1<<r1, 1<<b
			f.blanksLeft = int(f.blanks[t][r1])
			f.topRows(1)
		}
	}
}

// patterns computes, for every row of every orientation, the smallest
// pattern of blanks and givens the row can take as a first row: the
// given counts of its stacks in increasing order (a stack with fewer
// givens puts more blanks, which are smallest, first). Only rows with the
// smallest of these can start the canonical form.
func (f *Form) patterns() {
	n, c := f.n, f.c
	first := true
	for t := range f.orients {
		for row := range n {
			p := &f.pattern[t][row]
			*p = [MaxN]uint8{}
			var seen uint16
			f.blanks[t][row], f.distinct[t][row] = 0, true
			for v := range f.colOfValue[t][row] {
				f.colOfValue[t][row][v] = none
			}
			for col, v := range f.g[t][row*n : row*n+n] {
				f.colOfValue[t][row][v] = uint8(col)
				switch {
				case v == 0:
					f.blanks[t][row]++
				case seen&(1<<v) != 0:
					f.distinct[t][row] = false
				}
				seen |= 1 << v
			}
			stacks := n / c
			for s := range stacks {
				k := uint8(0)
				for j := s * c; j < s*c+c; j++ {
					if f.g[t][row*n+j] != 0 {
						k++
					}
				}
				f.stackGivens[t][row][s] = k
				// insertion sort: at most 9 stacks
				i := s
				for i > 0 && p[i-1] > k {
					p[i] = p[i-1]
					i--
				}
				p[i] = k
			}
			if first || less(p[:stacks], f.minPattern[:stacks]) {
				f.minPattern, first = *p, false
			}
		}
	}
}

func less(a, b []uint8) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// twins finds, in each orientation, the rows (columns) equal to a row
// (column) before them in their band (stack), and the bands (stacks)
// equal to one before them: swapping twins leaves the grid as it is, so
// the search tries only the first free one of each set of twins. A grid
// with few givens has many (every blank row of a band), and the empty
// grid is searched at once.
func (f *Form) twins() {
	n, r, c := f.n, f.r, f.c
	for t := range f.orients {
		g := &f.g[t]
		sameRow := func(a, b int) bool { return string(g[a*n:a*n+n]) == string(g[b*n:b*n+n]) }
		sameCol := func(a, b int) bool {
			for i := range n {
				if g[i*n+a] != g[i*n+b] {
					return false
				}
			}
			return true
		}
		first := func(twin *[MaxN]uint8, k, size int, same func(a, b int) bool) {
			for x := range k {
				twin[x] = uint8(x)
				for y := x - x%size; y < x; y++ {
					if same(y, x) {
						twin[x] = twin[y]
						break
					}
				}
			}
		}
		first(&f.rowTwin[t], n, r, sameRow)
		first(&f.colTwin[t], n, c, sameCol)
		first(&f.bandTwin[t], n/r, n/r, func(a, b int) bool {
			for i := range r {
				if !sameRow(a*r+i, b*r+i) {
					return false
				}
			}
			return true
		})
		first(&f.stackTwin[t], n/c, n/c, func(a, b int) bool {
			for i := range c {
				if !sameCol(a*c+i, b*c+i) {
					return false
				}
			}
			return true
		})
	}
}

// skip reports whether x is a twin of a free x' before it (twin[x] is
// the first of x's twins): x's search would repeat x”s.
func skip(twin *[MaxN]uint8, used uint16, x int) bool {
	return int(twin[x]) != x && used&(1<<twin[x]) == 0
}

// orderCols orders the stacks and the columns of each stack for the
// search, once the rows of the top band are chosen: blanks in its first
// rows first, since they make the smallest rows. Trying the likely best
// first finds a small grid early, and a small best prunes more.
func (f *Form) orderCols() {
	n, c := f.n, f.c
	var key [MaxN]uint16
	for col := range n {
		k := uint16(0)
		for i := range f.r {
			k <<= 1
			if f.src[int(f.rowOf[i])*n+col] != 0 {
				k |= 1
			}
		}
		key[col] = k
	}
	var skey [MaxN]uint32
	for s := range n / c {
		order := f.colOrder[s][:c]
		for k := range c {
			col := uint8(s*c + k)
			i := k
			for i > 0 && key[order[i-1]] > key[col] {
				order[i] = order[i-1]
				i--
			}
			order[i] = col
		}
		// A stack's key: its columns' keys, smallest first.
		for _, col := range order {
			skey[s] = skey[s]<<uint(f.r) | uint32(key[col])
		}
		if f.r*c > 32 {
			skey[s] = 0 // too long to pack: keep the stacks' own order
		}
		i := s
		for i > 0 && skey[f.stackOrder[i-1]] > skey[s] {
			f.stackOrder[i] = f.stackOrder[i-1]
			i--
		}
		f.stackOrder[i] = uint8(s)
	}
}

// topRows chooses the order of the other rows of the top band, from
// output row i on, then the columns.
func (f *Form) topRows(i int) {
	if i == f.r {
		f.orderCols()
		f.cols(0)
		return
	}
	b := int(f.rowOf[0]) / f.r
	for row := b * f.r; row < b*f.r+f.r; row++ {
		if f.usedRow&(1<<row) != 0 || skip(&f.rowTwin[f.t], f.usedRow, row) {
			continue
		}
		f.usedRow |= 1 << row
		f.rowOf[i] = uint8(row)
		f.topRows(i + 1)
		f.usedRow &^= 1 << row
	}
}

// label returns the label of value v, giving it the next one if it has
// none (recorded for undoTo). Blank (0) stays 0.
func (f *Form) label(v uint8) uint8 {
	if v == 0 {
		return 0
	}
	if f.lab[v] == 0 {
		f.lab[v] = f.next
		f.next++
		f.undo[f.nundo] = v
		f.nundo++
	}
	return f.lab[v]
}

// undoTo forgets the labels given after the first mark were.
func (f *Form) undoTo(mark int) {
	for f.nundo > mark {
		f.nundo--
		f.lab[f.undo[f.nundo]] = 0
		f.next--
	}
}

// step compares cell i of the current grid with the best, at decision
// depth d: it returns false when the grid is above the best (prune), and
// records the depth at which it fell below.
func (f *Form) step(i, d int) bool {
	if f.lt >= 0 {
		return true
	}
	switch {
	case f.out[i] > f.best[i]:
		return false
	case f.out[i] < f.best[i]:
		f.lt = d
	}
	return true
}

// cols chooses the source column of output column j (decision depth j),
// stack by stack, building the first row and comparing it with the best.
func (f *Form) cols(j int) {
	if j == f.n {
		f.finishTop(f.n)
		return
	}
	c := f.c
	slot := j / c
	only := none
	if j > 0 {
		only = int(f.need[j-1])
	}
	if j%c == 0 {
		stacks := f.n / c
		for _, s8 := range f.stackOrder[:stacks] {
			s := int(s8)
			if f.usedStack&(1<<s) != 0 || (only != none && only/c != s) || skip(&f.stackTwin[f.t], f.usedStack, s) {
				continue
			}
			f.usedStack |= 1 << s
			f.stackOf[slot] = uint8(s)
			f.colsIn(j, s, only)
			f.usedStack &^= 1 << s
		}
		return
	}
	if s := int(f.stackOf[slot]); only == none || only/c == s {
		f.colsIn(j, s, only)
	}
}

// none is no column (need).
const none = 0xff

// colsIn tries each free column of source stack s as output column j,
// or only column only when it is not none.
func (f *Form) colsIn(j, s, only int) {
	n, c := f.n, f.c
	r1 := int(f.rowOf[0])
	for _, col8 := range f.colOrder[s][:c] {
		col := int(col8)
		if f.usedCol&(1<<col) != 0 || (only != none && col != only) || skip(&f.colTwin[f.t], f.usedCol, col) {
			continue
		}
		f.nodes++
		mark := f.nundo
		v := f.src[r1*n+col]
		f.out[j] = f.label(v)
		f.colOf[j] = uint8(col)
		f.usedCol |= 1 << col
		if v == 0 {
			f.blanksLeft--
		}
		if f.step(j, j) && f.ahead(j) {
			f.cols(j + 1)
		}
		if v == 0 {
			f.blanksLeft++
		}
		f.usedCol &^= 1 << col
		f.undoTo(mark)
		if f.lt == j {
			f.lt = -1
		}
	}
}

// ahead looks past the first row while the columns are still being
// chosen (output columns 0..j placed). It bounds the rest of the first
// row from below by the smallest it can still become (the blanks of each
// stack first, the stacks with fewest givens first, the givens labelled
// in order), and the second row's placed cells by their labels, a value
// with no label yet counting as the smallest label it may still get; it
// returns false when that bound is above the best. When the rest of the
// first row is decided whatever the order of the remaining columns (all
// blank, or all givens, as in every full grid), the bound is exact and a
// branch found below the best is marked so (lt).
func (f *Form) ahead(j int) bool {
	n := f.n
	f.k2[j], f.need[j] = 0, none
	if f.lt >= 0 || j == n-1 {
		return true
	}
	left := n - 1 - j // columns not placed
	r1 := int(f.rowOf[0])
	// Labels given so far are the first row's own, so a row of distinct
	// values has only unlabelled values left.
	if !f.distinct[f.t][r1] {
		return true
	}
	decided := f.blanksLeft == 0 || f.blanksLeft == left
	switch c := f.restCmp(j, decided); {
	case c > 0:
		return false
	case c < 0:
		if decided {
			f.lt = j
		}
		return true
	}
	if f.r < 2 {
		return true // the second row is in a band not chosen yet
	}
	return f.second(j, left, decided)
}

// second compares the second row's placed cells (output columns 0..j)
// with the best's, for ahead. A cell whose value has a label is exact; one
// without is bounded below: by the next label, or, when the rest of the
// first row is all givens, greedily: in order, each value's column takes
// the first position it can still get (the next free column of the
// current stack, else the next of a stack already taken for an earlier
// value, else the first of the next stack), which gives the smallest
// sequence any order of the remaining columns can. A bound above the best
// prunes; exact cells below it mark the branch below (when decided).
func (f *Form) second(j, left int, decided bool) bool {
	n, c := f.n, f.c
	r1, r2 := int(f.rowOf[0]), int(f.rowOf[1])
	k := 0
	if j > 0 {
		k = int(f.k2[j-1]) // cells before stay exact and equal
	}
	f.k2[j] = uint8(j + 1)
	greedy := f.blanksLeft == 0
	var gpos [MaxN]uint8   // source column -> greedy position + 1
	var slotOf [MaxN]uint8 // free source stack -> greedy stack slot + 1
	var fill [MaxN]uint8   // greedy stack slot -> positions taken
	cur, curFill, nextSlot := int(f.stackOf[j/c]), j+1, j/c+1
	inexact := false
	for ; k <= j; k++ {
		v := f.src[r2*n+int(f.colOf[k])]
		var y uint8
		exact, x := true, uint8(none)
		switch {
		case v == 0:
		case f.lab[v] != 0:
			y = f.lab[v]
		case !greedy:
			y, exact = f.next, false
		default:
			exact, x = false, f.colOfValue[f.t][r1][v]
			if x == none {
				y = f.next + uint8(left) // after every label of the first row
				break
			}
			if gpos[x] == 0 {
				var pos int
				if s := int(x) / c; s == cur {
					pos = curFill
					curFill++
				} else {
					if slotOf[s] == 0 {
						nextSlot++
						slotOf[s] = uint8(nextSlot)
					}
					q := int(slotOf[s]) - 1
					pos = q*c + int(fill[q])
					fill[q]++
				}
				gpos[x] = uint8(pos + 1)
			}
			y = f.next + gpos[x] - 1 - uint8(j+1)
		}
		b := f.best[n+k]
		if !exact && !inexact {
			inexact = true
			f.k2[j] = uint8(k)
			if y == b && y == f.next && x != none {
				// Only the column placed next gets label next: cell k
				// is above the best unless that column is x.
				f.need[j] = x
			}
		}
		switch {
		case y > b:
			return false
		case y < b:
			if !inexact {
				f.k2[j] = uint8(k)
				if decided {
					f.lt = j
				}
			}
			return true
		}
	}
	return true
}

// restCmp compares the smallest rest of the first row (output columns
// j+1..n-1) with the best's: -1, 0 or 1. When decided, the rest is all
// blanks or all givens and the best's tails give the answer at once.
func (f *Form) restCmp(j int, decided bool) int {
	n, c := f.n, f.c
	x := f.next
	if decided {
		if (f.blanksLeft == 0 && f.best[j+1] == x && int(f.seqFrom) <= j+1) ||
			(f.blanksLeft != 0 && int(f.zeroFrom) <= j+1) {
			return 0
		}
	}
	r1 := int(f.rowOf[0])
	row := f.src[r1*n : r1*n+n]
	k := j + 1
	// emit compares blanks then givens with the best from k on.
	emit := func(blanks, givens int) int {
		for ; blanks > 0; blanks-- {
			if b := f.best[k]; b != 0 {
				return -1 // 0 < b
			}
			k++
		}
		for ; givens > 0; givens-- {
			if b := f.best[k]; x != b {
				if x < b {
					return -1
				}
				return 1
			}
			x++
			k++
		}
		return 0
	}
	// The current stack's free columns, then the free stacks by given
	// count.
	if j%c != c-1 {
		s := int(f.stackOf[j/c])
		blanks, givens := 0, 0
		for col := s * c; col < s*c+c; col++ {
			if f.usedCol&(1<<col) == 0 {
				if row[col] == 0 {
					blanks++
				} else {
					givens++
				}
			}
		}
		if r := emit(blanks, givens); r != 0 {
			return r
		}
	}
	var counts [MaxN]uint8
	m := 0
	for s := range n / c {
		if f.usedStack&(1<<s) != 0 {
			continue
		}
		g := f.stackGivens[f.t][r1][s]
		i := m
		for i > 0 && counts[i-1] > g {
			counts[i] = counts[i-1]
			i--
		}
		counts[i] = g
		m++
	}
	for _, g := range counts[:m] {
		if r := emit(c-int(g), int(g)); r != 0 {
			return r
		}
	}
	return 0
}

// finishTop writes the other rows of the top band once every column is
// placed (decision depth d), then goes on with the other bands.
func (f *Form) finishTop(d int) {
	mark := f.nundo
	if f.rows(1, f.r, d) {
		f.band(f.r, d+1)
	}
	f.undoTo(mark)
	if f.lt == d {
		f.lt = -1
	}
}

// rows writes output rows from..to-1 from their chosen source rows,
// comparing with the best; false when the grid is above it. The caller
// undoes the labels given.
func (f *Form) rows(from, to, d int) bool {
	for i := from; i < to; i++ {
		if !f.row(i, d) {
			return false
		}
	}
	return true
}

// row writes output row i from source row rowOf[i], comparing each cell
// with the best at depth d; false when the grid is above it.
func (f *Form) row(i, d int) bool {
	n := f.n
	base := int(f.rowOf[i]) * n
	for k := range n {
		f.out[i*n+k] = f.label(f.src[base+int(f.colOf[k])])
		if !f.step(i*n+k, d) {
			return false
		}
	}
	return true
}

// tails notes where the best first row ends in blanks (zeroFrom) and
// in labels rising by one (seqFrom), so that ahead compares a decided
// rest of the first row at once.
func (f *Form) tails() {
	n := f.n
	f.seqFrom, f.zeroFrom = uint8(n-1), uint8(n)
	for f.seqFrom > 0 && f.best[f.seqFrom-1] != 0 && f.best[f.seqFrom-1]+1 == f.best[f.seqFrom] {
		f.seqFrom--
	}
	if f.best[n-1] == 0 {
		f.seqFrom = uint8(n) // blanks do not rise
	}
	for f.zeroFrom > 0 && f.best[f.zeroFrom-1] == 0 {
		f.zeroFrom--
	}
}

// band chooses the source row of output row i (decision depth d) in the
// bands after the first: a free band when i starts one, else a free row
// of the band of row i-1. The rows are tried smallest first, as they
// would be written with the labels given so far, so that the first grid
// reached from a top band is its best, and once a row is above the best
// every row after it is too. At the last row it keeps the grid as the
// best.
func (f *Form) band(i, d int) {
	n, r := f.n, f.r
	if i == n {
		copy(f.best[:n*n], f.out[:n*n])
		f.lt = -1
		f.tails()
		return
	}
	m := 0
	rows := &f.candRow[i]
	add := func(b int) {
		for row := b * r; row < b*r+r; row++ {
			if f.usedRow&(1<<row) == 0 && !skip(&f.rowTwin[f.t], f.usedRow, row) {
				rows[m] = uint8(row)
				m++
			}
		}
	}
	if i%r != 0 {
		add(int(f.rowOf[i-1]) / r)
	} else {
		for b := range n / r {
			if f.usedBand&(1<<b) == 0 && !skip(&f.bandTwin[f.t], f.usedBand, b) {
				add(b)
			}
		}
	}
	f.sortRows(i, m)
	for _, row8 := range rows[:m] {
		row, b := int(row8), int(row8)/r
		if i%r == 0 {
			f.usedBand |= 1 << b
		}
		f.nodes++
		mark := f.nundo
		f.usedRow |= 1 << row
		f.rowOf[i] = row8
		above := !f.row(i, d)
		if !above {
			f.band(i+1, d+1)
		}
		f.usedRow &^= 1 << row
		f.undoTo(mark)
		if f.lt == d {
			f.lt = -1
		}
		if i%r == 0 {
			f.usedBand &^= 1 << b
		}
		if above {
			break // the rows after it are no smaller
		}
	}
}

// sortRows sorts the m candidate rows of output row i (candRow[i]) by
// the row each would write now: the labels given so far, and new labels
// in order of first appearance within the row.
func (f *Form) sortRows(i, m int) {
	n := f.n
	rows, keys := &f.candRow[i], &f.candKey[i]
	for k := range m {
		var fresh [MaxN + 1]uint8
		next := f.next
		base := int(rows[k]) * n
		key := &keys[k]
		for j := range n {
			v := f.src[base+int(f.colOf[j])]
			switch {
			case v == 0:
				key[j] = 0
			case f.lab[v] != 0:
				key[j] = f.lab[v]
			default:
				if fresh[v] == 0 {
					fresh[v] = next
					next++
				}
				key[j] = fresh[v]
			}
		}
	}
	// insertion sort of the rows with their keys: at most 9
	for k := 1; k < m; k++ {
		row, key := rows[k], keys[k]
		x := k
		for x > 0 && string(keys[x-1][:n]) > string(key[:n]) {
			rows[x], keys[x] = rows[x-1], keys[x-1]
			x--
		}
		rows[x], keys[x] = row, key
	}
}
