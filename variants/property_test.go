package variants_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// The checkers below read a solved grid and test a variant's rule directly,
// written from the rule's statement and not from the lowering, so a wrong
// lowering that model.Check would accept (it checks the rules we emitted)
// still fails here.

type grid struct {
	n int
	v []int
}

func (g grid) at(c sudoku.Cell) int { return g.v[c.Row*g.n+c.Col] }

func (g grid) in(c sudoku.Cell) bool { return c.Row >= 0 && c.Row < g.n && c.Col >= 0 && c.Col < g.n }

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// apart reports whether every two cells at offset (dr, dc) differ.
func (g grid) apart(dr, dc int) bool {
	for r := 0; r < g.n; r++ {
		for c := 0; c < g.n; c++ {
			p, q := sudoku.Cell{Row: r, Col: c}, sudoku.Cell{Row: r + dr, Col: c + dc}
			if g.in(q) && g.at(p) == g.at(q) {
				return false
			}
		}
	}
	return true
}

func (g grid) distinct(cells []sudoku.Cell) bool {
	seen := map[int]bool{}
	for _, c := range cells {
		if seen[g.at(c)] {
			return false
		}
		seen[g.at(c)] = true
	}
	return true
}

// neighbours calls f for each orthogonal pair; it stops at the first false.
func (g grid) neighbours(f func(p, q sudoku.Cell) bool) bool {
	for r := 0; r < g.n; r++ {
		for c := 0; c < g.n; c++ {
			p := sudoku.Cell{Row: r, Col: c}
			for _, q := range []sudoku.Cell{{Row: r, Col: c + 1}, {Row: r + 1, Col: c}} {
				if g.in(q) && !f(p, q) {
					return false
				}
			}
		}
	}
	return true
}

func satisfiesAntiKnight(g grid) bool {
	return g.apart(1, 2) && g.apart(2, 1) && g.apart(1, -2) && g.apart(2, -1)
}

func satisfiesAntiKing(g grid) bool { return g.apart(1, 1) && g.apart(1, -1) }

func satisfiesNonConsecutive(g grid) bool {
	return g.neighbours(func(p, q sudoku.Cell) bool { return absInt(g.at(p)-g.at(q)) != 1 })
}

func satisfiesThermo(g grid, t variants.Thermo) bool {
	for _, l := range t.Lines {
		for k := 1; k < len(l); k++ {
			if g.at(l[k]) <= g.at(l[k-1]) {
				return false
			}
		}
	}
	return true
}

func satisfiesWhispers(g grid, w variants.Whispers) bool {
	for _, l := range w.Lines {
		for k := 1; k < len(l); k++ {
			if absInt(g.at(l[k])-g.at(l[k-1]))*2 < g.n { // at least half the side
				return false
			}
		}
	}
	return true
}

func satisfiesPalindrome(g grid, p variants.Palindrome) bool {
	for _, l := range p.Lines {
		for k := range l {
			if g.at(l[k]) != g.at(l[len(l)-1-k]) {
				return false
			}
		}
	}
	return true
}

func satisfiesRenban(g grid, r variants.Renban) bool {
	for _, l := range r.Lines {
		lo, hi := g.n+1, 0
		for _, c := range l {
			lo, hi = min(lo, g.at(c)), max(hi, g.at(c))
		}
		if !g.distinct(l) || hi-lo != len(l)-1 {
			return false
		}
	}
	return true
}

func marks(ps ...[][2]sudoku.Cell) map[[2]sudoku.Cell]bool {
	m := map[[2]sudoku.Cell]bool{}
	for _, list := range ps {
		for _, p := range list {
			m[p] = true
			m[[2]sudoku.Cell{p[1], p[0]}] = true
		}
	}
	return m
}

func satisfiesXV(g grid, x variants.XV) bool {
	for _, p := range x.X {
		if g.at(p[0])+g.at(p[1]) != 10 {
			return false
		}
	}
	for _, p := range x.V {
		if g.at(p[0])+g.at(p[1]) != 5 {
			return false
		}
	}
	m := marks(x.X, x.V)
	return !x.Negative || g.neighbours(func(p, q sudoku.Cell) bool {
		s := g.at(p) + g.at(q)
		return m[[2]sudoku.Cell{p, q}] || s != 5 && s != 10
	})
}

// satisfiesKropki reads the rule: a white dot of value k (1 if none) joins
// digits that differ by k, a black dot of value k (2 if none) digits one of
// which is k times the other; under a negative constraint, pairs with no dot
// at all differ by no value a white dot carries (white), and neither is
// any black dot's value times the other, or 2 times when there is no black
// dot (black).
func satisfiesKropki(g grid, k variants.Kropki) bool {
	diff := func(p, q sudoku.Cell, by int) bool { return absInt(g.at(p)-g.at(q)) == by }
	ratio := func(p, q sudoku.Cell, r int) bool { return g.at(p) == r*g.at(q) || g.at(q) == r*g.at(p) }
	orDefault := func(v, def int) int {
		if v == 0 {
			return def
		}
		return v
	}
	for _, p := range k.White {
		if !diff(p[0], p[1], 1) {
			return false
		}
	}
	for _, p := range k.Black {
		if !ratio(p[0], p[1], 2) {
			return false
		}
	}
	valued := [][2]sudoku.Cell{}
	whites, blacks := map[int]bool{}, map[int]bool{}
	if len(k.White) > 0 {
		whites[1] = true
	}
	if len(k.Black) > 0 {
		blacks[2] = true
	}
	for _, d := range k.WhiteDots {
		if !diff(d.A, d.B, orDefault(d.Value, 1)) {
			return false
		}
		whites[orDefault(d.Value, 1)] = true
		valued = append(valued, [2]sudoku.Cell{d.A, d.B})
	}
	for _, d := range k.BlackDots {
		if !ratio(d.A, d.B, orDefault(d.Value, 2)) {
			return false
		}
		blacks[orDefault(d.Value, 2)] = true
		valued = append(valued, [2]sudoku.Cell{d.A, d.B})
	}
	if len(blacks) == 0 {
		blacks[2] = true
	}
	m := marks(k.White, k.Black, valued)
	negW, negB := k.Negative || k.NegativeWhite, k.Negative || k.NegativeBlack
	return g.neighbours(func(p, q sudoku.Cell) bool {
		if m[[2]sudoku.Cell{p, q}] {
			return true
		}
		for v := range whites {
			if negW && diff(p, q, v) {
				return false
			}
		}
		for v := range blacks {
			if negB && ratio(p, q, v) {
				return false
			}
		}
		return true
	})
}

// randomDots returns k distinct orthogonal pairs, none in skip, as dots
// with a value from values.
func randomDots(rng *rand.Rand, n, k int, skip map[[2]sudoku.Cell]bool, values []int) []variants.Dot {
	var out []variants.Dot
	for _, p := range sudoku.RandomPairs(rng, n, k, skip) {
		out = append(out, variants.Dot{A: p[0], B: p[1], Value: values[rng.IntN(len(values))]})
	}
	return out
}

func satisfiesOddEven(g grid, o variants.OddEven) bool {
	for _, c := range o.Odd {
		if g.at(c)%2 == 0 {
			return false
		}
	}
	for _, c := range o.Even {
		if g.at(c)%2 == 1 {
			return false
		}
	}
	return true
}

func satisfiesRegions(g grid, regions [][]sudoku.Cell) bool {
	for _, r := range regions {
		if !g.distinct(r) {
			return false
		}
	}
	return true
}

func randomLines(rng *rand.Rand, n, maxLen int) [][]sudoku.Cell {
	out := make([][]sudoku.Cell, 1+rng.IntN(3))
	for i := range out {
		out[i] = sudoku.RandomLine(rng, n, 2+rng.IntN(maxLen-1))
	}
	return out
}

// A propCase makes a random instance of a variant and checks a grid
// against it.
type propCase struct {
	name  string
	make  func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool)
	sizes []int
}

var propCases = []propCase{
	{"antiknight", func(*rand.Rand, int) (rules.Variant, func(grid) bool) {
		return variants.AntiKnight{}, satisfiesAntiKnight
	}, []int{4, 6}},
	{"antiking", func(*rand.Rand, int) (rules.Variant, func(grid) bool) {
		return variants.AntiKing{}, satisfiesAntiKing
	}, []int{4, 6}},
	{"nonconsecutive", func(*rand.Rand, int) (rules.Variant, func(grid) bool) {
		return variants.NonConsecutive{}, satisfiesNonConsecutive
	}, []int{4, 6}},
	{"nonconsecutive except pairs", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := variants.NonConsecutive{Except: sudoku.RandomPairs(rng, n, 1+rng.IntN(6), map[[2]sudoku.Cell]bool{})}
		return v, func(g grid) bool {
			return g.neighbours(func(p, q sudoku.Cell) bool {
				for _, e := range v.Except {
					if e == [2]sudoku.Cell{p, q} || e == [2]sudoku.Cell{q, p} {
						return true
					}
				}
				return absInt(g.at(p)-g.at(q)) != 1
			})
		}
	}, []int{4, 6}},
	{"thermo", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := variants.Thermo{Lines: randomLines(rng, n, n)}
		return v, func(g grid) bool { return satisfiesThermo(g, v) }
	}, []int{4, 6}},
	{"whispers", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := variants.Whispers{Lines: randomLines(rng, n, 6)}
		return v, func(g grid) bool { return satisfiesWhispers(g, v) }
	}, []int{4, 6}},
	{"palindrome", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := variants.Palindrome{Lines: [][]sudoku.Cell{sudoku.RandomLine(rng, n, 3+rng.IntN(5))}}
		return v, func(g grid) bool { return satisfiesPalindrome(g, v) }
	}, []int{4, 6}},
	{"renban", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := variants.Renban{Lines: randomLines(rng, n, n)}
		return v, func(g grid) bool { return satisfiesRenban(g, v) }
	}, []int{4, 6}},
	{"xv", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		skip := map[[2]sudoku.Cell]bool{}
		v := variants.XV{X: sudoku.RandomPairs(rng, n, rng.IntN(3), skip), V: sudoku.RandomPairs(rng, n, rng.IntN(3), skip), Negative: rng.IntN(2) == 0}
		return v, func(g grid) bool { return satisfiesXV(g, v) }
	}, []int{6}},
	{"kropki", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := variants.Kropki{
			White:    sudoku.RandomPairs(rng, n, rng.IntN(4), map[[2]sudoku.Cell]bool{}),
			Black:    sudoku.RandomPairs(rng, n, rng.IntN(3), map[[2]sudoku.Cell]bool{}),
			Negative: rng.IntN(2) == 0,
		}
		return v, func(g grid) bool { return satisfiesKropki(g, v) }
	}, []int{4, 6}},
	{"kropki-values", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		white, black := map[[2]sudoku.Cell]bool{}, map[[2]sudoku.Cell]bool{}
		v := variants.Kropki{
			White:         sudoku.RandomPairs(rng, n, rng.IntN(2), white),
			Black:         sudoku.RandomPairs(rng, n, rng.IntN(2), black),
			WhiteDots:     randomDots(rng, n, 1+rng.IntN(3), white, []int{0, 1, 2, 3, n - 1}),
			BlackDots:     randomDots(rng, n, rng.IntN(3), black, []int{0, 2, 3}),
			NegativeWhite: rng.IntN(2) == 0,
			NegativeBlack: rng.IntN(2) == 0,
		}
		return v, func(g grid) bool { return satisfiesKropki(g, v) }
	}, []int{4, 6}},
	{"kropki-negative-one-colour", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := variants.Kropki{
			White: sudoku.RandomPairs(rng, n, rng.IntN(4), map[[2]sudoku.Cell]bool{}),
			Black: sudoku.RandomPairs(rng, n, rng.IntN(3), map[[2]sudoku.Cell]bool{}),
		}
		if rng.IntN(2) == 0 {
			v.NegativeWhite = true
		} else {
			v.NegativeBlack = true
		}
		return v, func(g grid) bool { return satisfiesKropki(g, v) }
	}, []int{4, 6}},
	{"diagonal-main", func(*rand.Rand, int) (rules.Variant, func(grid) bool) {
		return variants.DiagonalMain{}, func(g grid) bool {
			var d []sudoku.Cell
			for i := 0; i < g.n; i++ {
				d = append(d, sudoku.Cell{Row: i, Col: i})
			}
			return g.distinct(d)
		}
	}, []int{4, 6}},
	{"diagonal-anti", func(*rand.Rand, int) (rules.Variant, func(grid) bool) {
		return variants.DiagonalAnti{}, func(g grid) bool {
			var d []sudoku.Cell // from the bottom-left corner up
			for i := 0; i < g.n; i++ {
				d = append(d, sudoku.Cell{Row: g.n - 1 - i, Col: i})
			}
			return g.distinct(d)
		}
	}, []int{4, 6}},
	{"odd-even", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		var v variants.OddEven
		for _, i := range rng.Perm(n * n)[:n] {
			c := sudoku.Cell{Row: i / n, Col: i % n}
			if rng.IntN(2) == 0 {
				v.Odd = append(v.Odd, c)
			} else {
				v.Even = append(v.Even, c)
			}
		}
		return v, func(g grid) bool { return satisfiesOddEven(g, v) }
	}, []int{4, 6}},
	{"extra-regions", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		var v variants.ExtraRegions
		for k := 1 + rng.IntN(2); k > 0; k-- {
			var reg []sudoku.Cell
			for _, i := range rng.Perm(n * n)[:1+rng.IntN(n)] {
				reg = append(reg, sudoku.Cell{Row: i / n, Col: i % n})
			}
			v.Regions = append(v.Regions, reg)
		}
		return v, func(g grid) bool { return satisfiesRegions(g, v.Regions) }
	}, []int{4, 6}},
	{"windoku", func(*rand.Rand, int) (rules.Variant, func(grid) bool) {
		return variants.Windoku{}, func(g grid) bool { return satisfiesRegions(g, [][]sudoku.Cell{cells("r2c2 r2c3 r3c2 r3c3")}) }
	}, []int{4}},
	{"disjoint", func(_ *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		return variants.DisjointGroups{}, func(g grid) bool {
			s, _ := sudoku.ShapeOf(g.n)
			groups := map[int][]sudoku.Cell{}
			for r := 0; r < g.n; r++ {
				for c := 0; c < g.n; c++ {
					pos := r%s.BoxRows*s.BoxCols + c%s.BoxCols
					groups[pos] = append(groups[pos], sudoku.Cell{Row: r, Col: c})
				}
			}
			var regs [][]sudoku.Cell
			for _, gr := range groups {
				regs = append(regs, gr)
			}
			return satisfiesRegions(g, regs)
		}
	}, []int{4, 6}},
	{"jigsaw", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		layouts := []string{"aaab\nacbb\ncccb\ndddd", "abbb\naabc\ndacc\ndddc", "aabb\nabbc\nadcc\nddcd"}
		j, err := variants.ParseJigsawLayout(layouts[rng.IntN(len(layouts))], 4)
		if err != nil {
			panic(err)
		}
		return j, func(g grid) bool { return satisfiesRegions(g, j.Regions) }
	}, []int{4}},
}

// TestVariantProperties builds random instances of every variant on small
// grids with a few random givens and solves them on both backends: the two
// must agree on whether a solution exists, and every solution must satisfy
// the rule as the independent checker reads it.
func TestVariantProperties(t *testing.T) {
	trials := 40
	if testing.Short() {
		trials = 10
	}
	for _, pc := range propCases {
		t.Run(pc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(len(pc.name)), 0))
			found := 0
			for trial := 0; trial < trials; trial++ {
				n := pc.sizes[rng.IntN(len(pc.sizes))]
				v, ok := pc.make(rng, n)
				g := sudoku.NewGrid(shape(t, n))
				for k := rng.IntN(3); k > 0; k-- {
					g.Cells[rng.IntN(n*n)] = 1 + rng.IntN(n)
				}
				m, err := rules.Build(g, v)
				require.NoError(t, err)
				var statuses []model.Status
				for _, be := range backends {
					res, err := be.new().Solve(context.Background(), m, model.Options{Limit: 1})
					require.NoError(t, err)
					statuses = append(statuses, res.Status)
					if res.Status != model.Sat {
						continue
					}
					found++
					sol := res.Solutions[0]
					require.NoError(t, model.Check(m, sol))
					dg, err := rules.Decode(g.Shape, sol)
					require.NoError(t, err)
					require.True(t, ok(grid{n, dg.Cells}), "%s %s: %+v breaks the rule:\n%s", be.name, fmt.Sprint(v), v, dg.Pretty())
				}
				require.Equal(t, statuses[0], statuses[1], "backends disagree on %+v", v)
			}
			require.Positive(t, found, "no random instance was solvable: the test checks nothing")
		})
	}
}

// TestKropkiAcceptsItsGrid is the other half of the property test: dots
// read off a solved grid (each dot's value the pair's actual difference or
// ratio, every consecutive or double pair dotted when its colour's negative
// constraint is on) must accept that grid. A lowering that forbade too much
// would fail here, which solving alone cannot show.
func TestKropkiAcceptsItsGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0))
	for trial := 0; trial < 30; trial++ {
		n := []int{4, 6, 9}[trial%3]
		g := sudoku.NewGrid(shape(t, n))
		g.Cells[rng.IntN(n*n)] = 1 + rng.IntN(n)
		m, err := rules.Build(g)
		require.NoError(t, err)
		res, err := backends[1].new().Solve(context.Background(), m, model.Options{Limit: 1})
		require.NoError(t, err)
		require.Equal(t, model.Sat, res.Status)
		full, err := rules.Decode(g.Shape, res.Solutions[0])
		require.NoError(t, err)
		sol := grid{n, full.Cells}

		v := variants.Kropki{NegativeWhite: rng.IntN(2) == 0, NegativeBlack: rng.IntN(2) == 0}
		dotted := map[[2]sudoku.Cell]bool{}
		sol.neighbours(func(p, q sudoku.Cell) bool {
			a, b := min(sol.at(p), sol.at(q)), max(sol.at(p), sol.at(q))
			switch rng.IntN(4) {
			case 0:
				v.WhiteDots = append(v.WhiteDots, variants.Dot{A: p, B: q, Value: b - a})
				dotted[[2]sudoku.Cell{p, q}] = true
			case 1:
				if b%a == 0 {
					v.BlackDots = append(v.BlackDots, variants.Dot{A: q, B: p, Value: b / a})
					dotted[[2]sudoku.Cell{p, q}] = true
				}
			}
			return true
		})
		// Under a negative constraint, every undotted pair whose digits
		// differ by a white dot's value (or have a black dot's value, 2
		// when there is none, as ratio) gets a dot too.
		whites, blacks := map[int]bool{}, map[int]bool{}
		for _, d := range v.WhiteDots {
			whites[d.Value] = true
		}
		for _, d := range v.BlackDots {
			blacks[d.Value] = true
		}
		if len(blacks) == 0 {
			blacks[2] = true
		}
		sol.neighbours(func(p, q sudoku.Cell) bool {
			a, b := min(sol.at(p), sol.at(q)), max(sol.at(p), sol.at(q))
			switch {
			case dotted[[2]sudoku.Cell{p, q}]:
			case v.NegativeWhite && whites[b-a]:
				v.WhiteDots = append(v.WhiteDots, variants.Dot{A: p, B: q, Value: b - a})
			case v.NegativeBlack && b%a == 0 && blacks[b/a]:
				v.BlackDots = append(v.BlackDots, variants.Dot{A: p, B: q, Value: b / a})
			}
			return true
		})
		require.True(t, satisfiesKropki(sol, v), "the checker accepts the grid the dots came from")
		for _, be := range backends {
			res, _ := solve(t, be.new(), full, v)
			require.Equal(t, model.Unique, res.Status, "%s: %+v rejects\n%s", be.name, v, full.Pretty())
		}
		// Flipping the negative constraints keeps the grid a solution
		// exactly when the checker still accepts it.
		for _, white := range []bool{true, false} {
			w := v
			w.NegativeWhite, w.NegativeBlack = white, !white
			res, _ := solve(t, backends[1].new(), full, w)
			if satisfiesKropki(sol, w) {
				require.Equal(t, model.Unique, res.Status)
			} else {
				require.Equal(t, model.Unsat, res.Status, "negative white=%v on an undotted pair", white)
			}
		}
	}
}
