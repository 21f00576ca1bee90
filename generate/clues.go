package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// A ClueKind is a kind of clue the generator draws for each puzzle from
// its complete grid (Options.Clues).
type ClueKind uint8

const (
	// NoClues draws none.
	NoClues ClueKind = iota
	// Arrows draws arrows (variants.Arrow): a circle of one cell (up to
	// 9x9, now and then a pill of two, read as a two-digit number) and a
	// shaft of 1 to 4 cells whose digits add up to it.
	Arrows
	// LittleKillers draws little killer clues (variants.LittleKiller): the
	// total of a diagonal of two cells or more, short or long, written
	// outside one of its ends.
	LittleKillers
	// Thermos draws thermometers (variants.Thermo): 3 cells or more along
	// which the digits increase from the bulb.
	Thermos
	clueKinds // the number of kinds
)

// variant returns a variant of the kind without clues, for its name.
func (k ClueKind) variant() rules.Variant {
	switch k {
	case Arrows:
		return variants.Arrow{}
	case LittleKillers:
		return variants.LittleKiller{}
	case Thermos:
		return variants.Thermo{}
	}
	return nil
}

// String returns the kind's name, its variant's ("arrow", "littlekiller",
// "thermo"), or "none".
func (k ClueKind) String() string {
	if k == NoClues {
		return "none"
	}
	if v := k.variant(); v != nil {
		return v.Name()
	}
	return fmt.Sprintf("ClueKind(%d)", uint8(k))
}

// ParseClueKind reads a kind's name: none, arrow, littlekiller or thermo
// (any case; "" is none). The error for any other name wraps ErrClueKind.
func ParseClueKind(name string) (ClueKind, error) {
	if strings.TrimSpace(name) == "" {
		return NoClues, nil
	}
	var names []string
	for k := range clueKinds {
		if strings.EqualFold(strings.TrimSpace(name), k.String()) {
			return k, nil
		}
		names = append(names, k.String())
	}
	return NoClues, fmt.Errorf("%w %q (want %s)", ErrClueKind, name, strings.Join(names, ", "))
}

// ErrClueKind is wrapped by the error ParseClueKind returns for an unknown
// name.
var ErrClueKind = fmt.Errorf("generate: unknown clue kind")

// DefaultClues returns the clues of kind k drawn on an n x n grid when
// Options.ClueCount is 0: n-1 arrows or thermometers (at most MaxClues),
// n/2 little killers (at least 2), which leave a 9x9 puzzle about 11, 11
// and 18 givens. Little killers are fewer since their proofs slow down
// fastest: 5 on 9x9 take 5 times as long as 4.
func DefaultClues(k ClueKind, n int) int {
	switch k {
	case Arrows, Thermos:
		return min(n-1, MaxClues(k, n))
	case LittleKillers:
		return max(2, n/2)
	}
	return 0
}

// MaxClues returns the most clues of kind k Options.ClueCount may ask for
// on an n x n grid: for arrows and thermometers, one per 6 cells (each
// takes 2 to 5 cells, and they must not meet); for little killers, half
// the diagonals of two cells or more (4n-6), so that each finds an end
// whose outside cell is free.
func MaxClues(k ClueKind, n int) int {
	switch k {
	case Arrows, Thermos:
		return n * n / 6
	case LittleKillers:
		return 2*n - 3
	}
	return 0
}

// Clue drawing limits.
const (
	maxShaft   = 4   // cells of an arrow's shaft
	pillOdds   = 3   // one arrow in pillOdds tries a pill, up to 9x9
	drawTries  = 60  // random places tried per clue asked for
	thermoWalk = 400 // nodes of the search for one thermometer
)

// A drawer draws clues that hold in a complete grid. Clues share no cell,
// and no diagonal step of a line (a shaft, a thermometer, or the step from
// an arrow's circle to its shaft) crosses another.
type drawer struct {
	rng   *rand.Rand
	n     int
	val   []int   // per cell, its digit from 1
	used  []bool  // per cell: on a clue (or on the line being drawn)
	cross []uint8 // per 2x2 square (its top-left cell r*(n-1)+c), the diagonal steps through it: 1 for \, 2 for /
}

func newDrawer(rng *rand.Rand, n int, sol model.Solution) *drawer {
	d := &drawer{rng: rng, n: n, val: make([]int, n*n), used: make([]bool, n*n), cross: make([]uint8, (n-1)*(n-1))}
	for cell, c := range sol {
		d.val[cell] = int(c) - cell*n + 1
	}
	return d
}

// draw returns count clues of kind k, as a variant, or false when tries at
// random placed fewer.
func (d *drawer) draw(k ClueKind, count int) (rules.Variant, bool) {
	switch k {
	case Arrows:
		return d.arrows(count)
	case LittleKillers:
		return d.littleKillers(count)
	case Thermos:
		return d.thermos(count)
	}
	return nil, false
}

// cell returns cell as a sudoku.Cell.
func (d *drawer) cell(cell int) sudoku.Cell { return sudoku.Cell{Row: cell / d.n, Col: cell % d.n} }

// cells returns cells as sudoku.Cells.
func (d *drawer) cells(cells []int) []sudoku.Cell {
	out := make([]sudoku.Cell, len(cells))
	for i, c := range cells {
		out[i] = d.cell(c)
	}
	return out
}

// neighbours appends to out the cells touching cell (sides and corners).
func (d *drawer) neighbours(cell int, out []int) []int {
	out = out[:0]
	r, c := cell/d.n, cell%d.n
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			rr, cc := r+dr, c+dc
			if (dr != 0 || dc != 0) && rr >= 0 && rr < d.n && cc >= 0 && cc < d.n {
				out = append(out, rr*d.n+cc)
			}
		}
	}
	return out
}

// square returns the 2x2 square of a diagonal step between touching cells
// a and b and its bit, 0 for an orthogonal step.
func (d *drawer) square(a, b int) (int, uint8) {
	ra, ca, rb, cb := a/d.n, a%d.n, b/d.n, b%d.n
	if ra == rb || ca == cb {
		return 0, 0
	}
	sq := min(ra, rb)*(d.n-1) + min(ca, cb)
	if (rb-ra)*(cb-ca) > 0 {
		return sq, 1 // \
	}
	return sq, 2 // /
}

// free reports whether a step from a to b crosses no diagonal step drawn.
func (d *drawer) free(a, b int) bool {
	sq, bit := d.square(a, b)
	return bit == 0 || d.cross[sq]&^bit == 0
}

// step marks (on) or clears the diagonal step from a to b.
func (d *drawer) step(a, b int, on bool) {
	if sq, bit := d.square(a, b); bit != 0 {
		if on {
			d.cross[sq] |= bit
		} else {
			d.cross[sq] &^= bit
		}
	}
}

// arrows draws count arrows: a random free circle (its digit, or a pill's
// number) and a shaft chosen uniformly among the free paths of 1 to
// maxShaft cells from it that add up to its number.
func (d *drawer) arrows(count int) (rules.Variant, bool) {
	var a variants.Arrow
	n := d.n
	for try := 0; len(a.Arrows) < count && try < drawTries*count; try++ {
		cell := d.rng.IntN(n * n)
		if d.used[cell] {
			continue
		}
		circle, target := []int{cell}, d.val[cell]
		if n <= 9 && d.rng.IntN(pillOdds) == 0 {
			other := cell + 1 // the pill goes right or down: reading order
			if d.rng.IntN(2) == 0 || cell%n == n-1 {
				other = cell + n
			}
			if other >= n*n || d.used[other] {
				continue
			}
			circle, target = append(circle, other), 10*d.val[cell]+d.val[other]
		}
		if target > maxShaft*n {
			continue
		}
		for _, c := range circle {
			d.used[c] = true
		}
		from, shaft := d.shaft(circle, target)
		if shaft == nil {
			for _, c := range circle {
				d.used[c] = false
			}
			continue
		}
		prev := from
		for _, c := range shaft {
			d.used[c] = true
			d.step(prev, c, true)
			prev = c
		}
		a.Arrows = append(a.Arrows, variants.ArrowClue{Circle: d.cells(circle), Shafts: [][]sudoku.Cell{d.cells(shaft)}})
	}
	return a, len(a.Arrows) == count
}

// shaft returns a shaft for circle (whose cells are marked used) adding up
// to target, chosen uniformly among the free ones, and the circle cell it
// is drawn from: the first that touches its first cell, as f-puzzles
// draws it; nil when there is none.
func (d *drawer) shaft(circle []int, target int) (int, []int) {
	var best, path []int
	bestFrom, seen := -1, 0
	nb := make([][]int, maxShaft+1)
	var walk func(from, at, sum int)
	walk = func(from, at, sum int) {
		if sum == target {
			seen++
			if d.rng.IntN(seen) == 0 {
				best, bestFrom = append(best[:0], path...), from
			}
			return
		}
		if len(path) == maxShaft {
			return
		}
		nb[len(path)] = d.neighbours(at, nb[len(path)])
		for _, next := range nb[len(path)] {
			if d.used[next] || sum+d.val[next] > target || !d.free(at, next) {
				continue
			}
			d.used[next] = true
			d.step(at, next, true)
			path = append(path, next)
			walk(from, next, sum+d.val[next])
			path = path[:len(path)-1]
			d.step(at, next, false)
			d.used[next] = false
		}
	}
	starts := d.neighbours(circle[0], nil)
	for _, c := range circle[1:] {
		for _, s := range d.neighbours(c, nil) {
			if !slices.Contains(starts, s) {
				starts = append(starts, s)
			}
		}
	}
	for _, s := range starts {
		if d.used[s] {
			continue
		}
		from := -1
		for _, c := range circle {
			if d.touch(c, s) {
				from = c
				break
			}
		}
		if sum := d.val[s]; sum <= target && d.free(from, s) {
			d.used[s] = true
			d.step(from, s, true)
			path = append(path[:0], s)
			walk(from, s, sum)
			d.step(from, s, false)
			d.used[s] = false
		}
	}
	return bestFrom, best
}

// touch reports whether cells a and b touch (sides or corners).
func (d *drawer) touch(a, b int) bool {
	dr, dc := a/d.n-b/d.n, a%d.n-b%d.n
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// thermos draws count thermometers: from a random free bulb, a random free
// path of 3 to min(n, 3+n/3) cells (a length drawn first) whose digits
// increase.
func (d *drawer) thermos(count int) (rules.Variant, bool) {
	var t variants.Thermo
	n := d.n
	longest := min(n, 3+n/3)
	for try := 0; len(t.Lines) < count && try < drawTries*count; try++ {
		bulb := d.rng.IntN(n * n)
		length := 3 + d.rng.IntN(longest-2)
		if d.used[bulb] || d.val[bulb] > n-length+1 {
			continue
		}
		line := d.increasing(bulb, length)
		if line == nil {
			continue
		}
		for k, c := range line {
			d.used[c] = true
			if k > 0 {
				d.step(line[k-1], c, true)
			}
		}
		t.Lines = append(t.Lines, d.cells(line))
	}
	return t, len(t.Lines) == count
}

// increasing returns a free path of length cells from bulb along which
// the digits increase, found by a search in random order within
// thermoWalk nodes, or nil.
func (d *drawer) increasing(bulb, length int) []int {
	path := []int{bulb}
	nodes := 0
	nb := make([][]int, length)
	d.used[bulb] = true
	defer func() { d.used[bulb] = false }()
	var walk func() bool
	walk = func() bool {
		if len(path) == length {
			return true
		}
		if nodes++; nodes > thermoWalk {
			return false
		}
		at := path[len(path)-1]
		k := len(path)
		nb[k] = d.neighbours(at, nb[k])
		d.rng.Shuffle(len(nb[k]), func(i, j int) { nb[k][i], nb[k][j] = nb[k][j], nb[k][i] })
		for _, next := range nb[k] {
			// The cell k places from the bulb holds at most n-(length-1-k).
			v := d.val[next]
			if d.used[next] || v <= d.val[at] || v > d.n-(length-1-k) || !d.free(at, next) {
				continue
			}
			d.used[next] = true
			d.step(at, next, true)
			path = append(path, next)
			ok := walk()
			d.step(at, next, false)
			d.used[next] = false
			if ok {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	if !walk() {
		return nil
	}
	return path
}

// An lkEnd is a place for a little killer clue: a cell just outside the
// grid and the direction of its diagonal.
type lkEnd struct {
	out sudoku.Cell
	dir string
}

// littleKillers draws count little killer clues on different diagonals
// of two cells or more, chosen uniformly, each written at one of its ends
// (chosen at random) whose outside cell no other clue holds.
func (d *drawer) littleKillers(count int) (rules.Variant, bool) {
	n := d.n
	var diags [][2]lkEnd
	for t := -(n - 2); t <= n-2; t++ { // the \ diagonals, column - row = t
		start := sudoku.Cell{Row: max(0, -t), Col: max(0, t)}
		m := n - abs(t) // its length
		diags = append(diags, [2]lkEnd{
			{sudoku.Cell{Row: start.Row - 1, Col: start.Col - 1}, "DR"},
			{sudoku.Cell{Row: start.Row + m, Col: start.Col + m}, "UL"}})
	}
	for s := 1; s <= 2*n-3; s++ { // the / diagonals, row + column = s
		start := sudoku.Cell{Row: max(0, s-(n-1)), Col: min(s, n-1)}
		m := min(s, 2*(n-1)-s) + 1
		diags = append(diags, [2]lkEnd{
			{sudoku.Cell{Row: start.Row - 1, Col: start.Col + 1}, "DL"},
			{sudoku.Cell{Row: start.Row + m, Col: start.Col - m}, "UR"}})
	}
	d.rng.Shuffle(len(diags), func(i, j int) { diags[i], diags[j] = diags[j], diags[i] })
	taken := map[sudoku.Cell]bool{}
	var lk variants.LittleKiller
	for _, ends := range diags {
		if len(lk.Clues) == count {
			break
		}
		if d.rng.IntN(2) == 0 {
			ends[0], ends[1] = ends[1], ends[0]
		}
		for _, e := range ends {
			if taken[e.out] {
				continue
			}
			c := variants.LittleKillerClue{Outside: e.out, Direction: e.dir}
			cells, err := c.Cells(n)
			if err != nil {
				panic("generate: a little killer end off its grid: " + err.Error())
			}
			for _, x := range cells {
				c.Total += d.val[x.Row*n+x.Col]
			}
			taken[e.out] = true
			lk.Clues = append(lk.Clues, c)
			break
		}
	}
	return lk, len(lk.Clues) == count
}

// clueRules draws the clues of an attempt from its complete grid sol and
// returns the rule set of rs's rules and the clues, or nil when the
// clues did not all fit.
func (g *Generator) clueRules(rng *rand.Rand, rs *ruleSet, sol model.Solution) (*ruleSet, error) {
	o := &g.opts
	v, ok := newDrawer(rng, o.Shape.N(), sol).draw(o.Clues, g.clues)
	if !ok {
		return nil, nil
	}
	return newRuleSet(o.Shape, append(slices.Clip(rs.variants), v))
}

// withoutClues returns the status of the givens of r without the clues
// (under plain, the rule set without them): Multiple, Unique, or Unknown
// when the proof budget stopped the search.
func (g *Generator) withoutClues(ctx context.Context, plain *ruleSet, r *remover, stats *Stats) (model.Status, error) {
	m, err := plain.model(r.givens())
	if err != nil {
		return model.Unknown, err
	}
	return proof(ctx, g.opts.Solver, m, g.proof, stats, func(model.Solution) {})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkClues reports why the clue options cannot work, wrapping
// ErrOptions.
func checkClues(o Options) error {
	n := o.Shape.N()
	switch {
	case o.Clues >= clueKinds:
		return fmt.Errorf("%w: %v", ErrOptions, o.Clues)
	case o.ClueCount < 0:
		return fmt.Errorf("%w: ClueCount must not be negative", ErrOptions)
	case o.Clues == NoClues && o.ClueCount > 0:
		return fmt.Errorf("%w: ClueCount without a kind of Clues", ErrOptions)
	case o.Clues == NoClues:
		return nil
	case o.Killer:
		return fmt.Errorf("%w: a killer's cages are all its clues: no %s clues", ErrOptions, o.Clues)
	case o.ClueCount > MaxClues(o.Clues, n):
		return fmt.Errorf("%w: %d %s clues, at most %d fit a %dx%d grid", ErrOptions, o.ClueCount, o.Clues, MaxClues(o.Clues, n), n, n)
	}
	for _, v := range o.Variants {
		if v.Name() == o.Clues.String() {
			return fmt.Errorf("%w: %s clues are drawn for each puzzle: not also among Variants", ErrOptions, o.Clues)
		}
	}
	return nil
}
