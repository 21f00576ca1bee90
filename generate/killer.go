package generate

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// DefaultCageSize is the most cells of a killer cage when Options.CageSize
// is 0.
const DefaultCageSize = 5

// maxKillerAlts bounds the second solutions a cager remembers.
const maxKillerAlts = 64

// A cager partitions a complete grid into killer cages while the killer
// (cages with their totals, no givens) stays unique. It starts from one
// cage per cell, which is the grid itself, and merges neighbouring cages
// in rounds (see rounds), each merge keeping a cage's digits different and
// its cells at most size:
//
//  1. Pairing: every cage of one cell joins a neighbouring cage, one of
//     one cell when it can, so that no cage of one cell (a given, in
//     effect) is left.
//  2. Growing: pairs of neighbouring cages, in a random order, merge until
//     none that fits is left untried.
//
// A second solution met by an earlier proof refuses, without a proof, a
// partition it satisfies.
type cager struct {
	rs     *ruleSet
	solver model.Solver
	nodes  int64
	stats  *Stats
	n      int
	size   int
	val    []int // per cell, its digit from 1

	cageOf []int   // per cell, its cage's id
	cells  [][]int // per id, the cells of a live cage, nil once merged away
	sum    []int
	digits []uint64
	failed map[[2]int]bool // pairs of ids (smaller first) a proof refused
	alts   [][]int         // second solutions, a digit per cell
	// within, when set after pairing, decides every merge in place of
	// the proof: the killer must stay within a level (Options.Within),
	// which also proves it unique.
	within func(m *model.Model) (bool, error)
}

func newCager(rs *ruleSet, solver model.Solver, sol model.Solution, size int, nodes int64, stats *Stats) *cager {
	n := rs.set.Shape().N()
	k := &cager{rs: rs, solver: solver, nodes: nodes, stats: stats, n: n, size: size,
		val: make([]int, n*n), cageOf: make([]int, n*n), failed: map[[2]int]bool{}}
	for cell, c := range sol {
		v := int(c) - cell*n + 1
		k.val[cell] = v
		k.cageOf[cell] = cell
		k.cells = append(k.cells, []int{cell})
		k.sum = append(k.sum, v)
		k.digits = append(k.digits, 1<<(v-1))
	}
	return k
}

// neighbours returns the ids of the live cages next to cage id (sharing a
// side), ascending.
func (k *cager) neighbours(id int, out []int) []int {
	out = out[:0]
	n := k.n
	for _, cell := range k.cells[id] {
		r, c := cell/n, cell%n
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := r+d[0], c+d[1]
			if rr < 0 || rr >= n || cc < 0 || cc >= n {
				continue
			}
			if o := k.cageOf[rr*n+cc]; o != id && !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	slices.Sort(out)
	return out
}

// fits reports whether cages a and b may merge: different digits, at most
// size cells.
func (k *cager) fits(a, b int) bool {
	return k.digits[a]&k.digits[b] == 0 && len(k.cells[a])+len(k.cells[b]) <= k.size
}

// merge joins cages a and b into a new cage and returns its id.
func (k *cager) merge(a, b int) int {
	id := len(k.cells)
	cells := append(append(make([]int, 0, len(k.cells[a])+len(k.cells[b])), k.cells[a]...), k.cells[b]...)
	slices.Sort(cells)
	for _, cell := range cells {
		k.cageOf[cell] = id
	}
	k.cells = append(k.cells, cells)
	k.sum = append(k.sum, k.sum[a]+k.sum[b])
	k.digits = append(k.digits, k.digits[a]|k.digits[b])
	k.cells[a], k.cells[b] = nil, nil
	return id
}

// killer returns the Killer variant of the live cages.
func (k *cager) killer() variants.Killer {
	var kv variants.Killer
	for id, cells := range k.cells {
		if cells == nil {
			continue
		}
		cage := variants.Cage{Total: k.sum[id]}
		for _, cell := range cells {
			cage.Cells = append(cage.Cells, sudoku.Cell{Row: cell / k.n, Col: cell % k.n})
		}
		kv.Cages = append(kv.Cages, cage)
	}
	return kv
}

// model returns the model of the rule set's rules and the live cages, and
// the variants it follows.
func (k *cager) model() (*model.Model, []rules.Variant, error) {
	vs := append(slices.Clip(k.rs.variants), rules.Variant(k.killer()))
	set, err := rules.New(k.rs.set.Shape(), vs...)
	if err != nil {
		return nil, nil, err
	}
	return set.Base(), vs, nil
}

// unique reports whether the killer of the live cages has one solution
// (and, with within, whether it stays within the level).
func (k *cager) unique(ctx context.Context) (bool, error) {
	if k.within != nil {
		m, _, err := k.model()
		if err != nil {
			return false, err
		}
		k.stats.Logic++
		return k.within(m)
	}
	for _, alt := range k.alts {
		if k.satisfies(alt) {
			k.stats.Known++
			return false, nil
		}
	}
	m, _, err := k.model()
	if err != nil {
		return false, err
	}
	return prove(ctx, k.solver, m, k.nodes, k.stats, k.remember)
}

// remember keeps s when it is not the grid.
func (k *cager) remember(s model.Solution) {
	alt := make([]int, len(s))
	same := true
	for cell, c := range s {
		alt[cell] = int(c) - cell*k.n + 1
		same = same && alt[cell] == k.val[cell]
	}
	if same {
		return
	}
	if len(k.alts) == maxKillerAlts {
		k.alts = k.alts[1:]
	}
	k.alts = append(k.alts, alt)
}

// satisfies reports whether alt, a solution of the rules, keeps the total
// and different digits of every live cage.
func (k *cager) satisfies(alt []int) bool {
	for id, cells := range k.cells {
		if cells == nil {
			continue
		}
		sum, seen := 0, uint64(0)
		for _, cell := range cells {
			sum += alt[cell]
			seen |= 1 << (alt[cell] - 1)
		}
		if sum != k.sum[id] || bits.OnesCount64(seen) != len(cells) {
			return false
		}
	}
	return true
}

// pair joins every cage of one cell to a neighbouring cage that fits (one
// of one cell when it can: dominoes), in rounds, and reports whether no
// cage of one cell is left.
func (k *cager) pair(ctx context.Context, rng *rand.Rand) (bool, error) {
	var nb []int
	err := k.rounds(ctx, func() [][2]int {
		var round [][2]int
		for _, cell := range rng.Perm(len(k.val)) {
			a := k.cageOf[cell]
			if len(k.cells[a]) != 1 {
				continue
			}
			nb = k.neighbours(a, nb)
			best := -1
			for _, b := range nb {
				if !k.fits(a, b) || k.failed[order(a, b)] {
					continue
				}
				if best < 0 || len(k.cells[b]) < len(k.cells[best]) {
					best = b
				}
			}
			if best >= 0 {
				round = append(round, [2]int{cell, k.cells[best][0]})
				k.merge(a, best)
			}
		}
		return round
	})
	return err == nil && k.noSingles(), err
}

// grow merges pairs of neighbouring cages, in a random order, while the
// killer stays unique, until no pair that fits is left untried.
func (k *cager) grow(ctx context.Context, rng *rand.Rand) error {
	var nb []int
	return k.rounds(ctx, func() [][2]int {
		var pairs [][2]int // a cell of each cage
		for a, cells := range k.cells {
			if cells == nil {
				continue
			}
			nb = k.neighbours(a, nb)
			for _, b := range nb {
				if a < b && k.fits(a, b) && !k.failed[[2]int{a, b}] {
					pairs = append(pairs, [2]int{cells[0], k.cells[b][0]})
				}
			}
		}
		rng.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
		var round [][2]int
		for _, pr := range pairs {
			if a, b := k.cageOf[pr[0]], k.cageOf[pr[1]]; a != b && k.fits(a, b) && !k.failed[order(a, b)] {
				k.merge(a, b)
				round = append(round, pr)
			}
		}
		return round
	})
}

// rounds merges cages in rounds until plan has nothing to merge: plan
// merges the cages of pairs of cells in turn and returns the pairs, and a
// round is proved with one proof, since merges rarely fail. When the proof
// fails, rounds finds the longest unique prefix of the round by bisection
// (a prefix's partition is finer than a longer one's, so uniqueness only
// goes from true to false), keeps it, and marks the merge after it as
// failed: it keeps failing while neither cage changes, a coarser partition
// having every solution of a finer one.
func (k *cager) rounds(ctx context.Context, plan func() [][2]int) error {
	for {
		start := k.save()
		round := plan()
		if len(round) == 0 {
			return nil
		}
		ok, err := k.unique(ctx)
		if err != nil {
			return err
		}
		if ok {
			k.stats.Merged += len(round)
			continue
		}
		lo, hi := 0, len(round) // prefix lo is unique, prefix hi is not
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			k.restore(start)
			k.apply(round[:mid])
			if ok, err = k.unique(ctx); err != nil {
				return err
			}
			if ok {
				lo = mid
			} else {
				hi = mid
			}
		}
		k.restore(start)
		k.apply(round[:lo])
		k.stats.Merged += lo
		k.failed[order(k.cageOf[round[lo][0]], k.cageOf[round[lo][1]])] = true
	}
}

// order returns a pair of ids, the smaller first.
func order(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// apply merges the cages of each pair of cells in turn.
func (k *cager) apply(round [][2]int) {
	for _, pr := range round {
		k.merge(k.cageOf[pr[0]], k.cageOf[pr[1]])
	}
}

// A snapshot is a partition to go back to.
type snapshot struct {
	cageOf []int
	cells  [][]int
}

// save returns the partition as it is; merge never changes the cells of
// a cage, so a shallow copy of the lists does.
func (k *cager) save() snapshot {
	return snapshot{slices.Clone(k.cageOf), slices.Clone(k.cells)}
}

// restore goes back to a saved partition.
func (k *cager) restore(s snapshot) {
	copy(k.cageOf, s.cageOf)
	k.cells = append(k.cells[:0], s.cells...)
	k.sum, k.digits = k.sum[:len(s.cells)], k.digits[:len(s.cells)]
}

// noSingles reports whether every live cage has two cells or more.
func (k *cager) noSingles() bool {
	for _, cells := range k.cells {
		if len(cells) == 1 {
			return false
		}
	}
	return true
}

// killerAttempt makes a cages-only killer from a new complete grid of rs
// and reports whether it has no cage of one cell; p holds it when it does.
func (g *Generator) killerAttempt(ctx context.Context, rng *rand.Rand, rs *ruleSet, p *Puzzle) (bool, error) {
	o := &g.opts
	sol, err := fill(ctx, rs, o.Solver, rng, o.Nodes)
	if err != nil || sol == nil {
		return false, err
	}
	size := o.CageSize
	if size == 0 {
		size = DefaultCageSize
	}
	k := newCager(rs, o.Solver, sol, size, g.proof, &p.Stats)
	if ok, err := k.pair(ctx, rng); err != nil || !ok {
		return false, err
	}
	if k.within = o.Within; k.within != nil {
		if ok, err := k.unique(ctx); err != nil || !ok {
			return false, err // harder than the level before growing
		}
	}
	if err := k.grow(ctx, rng); err != nil {
		return false, err
	}
	m, vs, err := k.model()
	if err != nil {
		return false, err
	}
	if ok, err := g.keep(ctx, m, p); err != nil || !ok {
		return false, err
	}
	p.Grid, p.Solution = sudoku.NewGrid(o.Shape), sudoku.NewGrid(o.Shape)
	copy(p.Solution.Cells, k.val)
	p.Variants, p.Model, p.Symmetry = vs, m, None
	p.Givens, p.Reached = 0, true
	return true, nil
}
