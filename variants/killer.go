package variants

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "killer",
		Summary: "cages hold different digits that add up to the cage's total (a cage without a total: different digits only)",
		Order:   200,
		Codec: &Codec{
			Keys:   []string{"killercage"},
			Types:  []rules.Variant{Killer{}},
			Decode: decodeKiller,
			Encode: encodeKiller,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			sol := fuzzSolution(s, rng)
			var k Killer
			for i := 1 + rng.IntN(3); i > 0; i-- {
				line := sudoku.RandomLine(rng, s.N(), 2+rng.IntN(3))
				cage := Cage{Cells: distinctPrefix(sol, s.N(), line)}
				if rng.IntN(4) > 0 {
					cage.Total = sumOf(sol, s.N(), cage.Cells)
				}
				k.Cages = append(k.Cages, cage)
			}
			return k
		},
	})
}

// decodeKiller reads the cages of "killercage": a cage's "value" is its
// total; no value (or "0", which no cage can add up to) is a cage without
// a total.
func decodeKiller(r *fpdoc.Reader) ([]rules.Variant, error) {
	var k Killer
	err := r.Parts("killercage", func(at string, p fpdoc.Part) error {
		cells, err := r.Cells(at+".cells", p.Cells)
		if err != nil {
			return err
		}
		if len(cells) == 0 {
			return fpdoc.Errorf("%s: a cage with no cells", at)
		}
		total, err := partTotal(at, p.Value)
		if err != nil {
			return err
		}
		k.Cages = append(k.Cages, Cage{Cells: cells, Total: total})
		return nil
	})
	if err != nil || len(k.Cages) == 0 {
		return nil, err
	}
	return []rules.Variant{k}, nil
}

// partTotal reads the value of a sum clue: a whole number from 0, "" for 0.
func partTotal(at string, v fpdoc.Text) (int, error) {
	s := strings.TrimSpace(string(v))
	if s == "" {
		return 0, nil
	}
	t, err := strconv.Atoi(s)
	if err != nil || t < 0 {
		return 0, fpdoc.Errorf("%s: value %q is not a whole number from 0", at, v)
	}
	return t, nil
}

// totalText writes a total as a clue value: "" for none (0).
func totalText(t int) string {
	if t == 0 {
		return ""
	}
	return strconv.Itoa(t)
}

func encodeKiller(w *fpdoc.Writer, vs []rules.Variant) error {
	for _, v := range vs {
		for _, c := range v.(Killer).Cages {
			w.Add("killercage", fpdoc.Part{Cells: fpdoc.Refs(c.Cells), Value: fpdoc.Text(totalText(c.Total))})
		}
	}
	return nil
}

// Killer is killer sudoku: every cage holds different digits, and the
// digits of a cage with a total add up to it. Cages may overlap and need
// not cover the grid.
type Killer struct {
	Cages []Cage
}

// A Cage is a set of cells, at most N, with different digits; Total is
// their sum, or 0 for a cage without one. A cage of N cells holds every
// digit once, so its digits add up to N(N+1)/2 whatever Total says: Apply
// reads that sum in place of Total.
type Cage struct {
	Cells []sudoku.Cell
	Total int
}

// Name returns "killer".
func (Killer) Name() string { return "killer" }

// Apply adds, per cage, one Sum rule with coefficients 1, the cage's total
// and the distinct flag; a cage without a total gets the "not both" rules
// of different digits only. The total of a cage of N cells is N(N+1)/2,
// whatever the cage says, as the f-puzzles reference solver reads it (it
// ignores such a cage's total, keeping the different digits): another
// total would make a puzzle unsolvable that the reference solves. Apply
// rather than the decoder makes this reading, so that the cage's Total
// still travels through a document as the setter wrote it, and cages built
// in code read the same.
func (k Killer) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, c := range k.Cages {
		what := fmt.Sprintf("cage %d", i+1)
		if len(c.Cells) == 0 || len(c.Cells) > n {
			return invalid("%s: %d cells, a cage holds 1 to %d", what, len(c.Cells), n)
		}
		if err := checkCells(what, c.Cells, n); err != nil {
			return err
		}
		if c.Total < 0 {
			return invalid("%s: total %d is negative", what, c.Total)
		}
	}
	for i, c := range k.Cages {
		total := c.Total
		switch {
		case total == 0:
			b.Distinct(c.Cells...)
			continue
		case len(c.Cells) == n:
			total = n * (n + 1) / 2
		}
		b.Sum(fmt.Sprintf("cage %d", i+1), c.Cells, ones(len(c.Cells)), []int{total}, true)
	}
	return nil
}

// ones returns k coefficients 1.
func ones(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = 1
	}
	return out
}

// addCount adds a Sum rule that the number of cells holding digit d is one
// of totals (ascending): weight 1 on each (cell, d) candidate.
func addCount(b *rules.Builder, label string, cells []sudoku.Cell, d int, totals []int) {
	cands := make([]model.Cand, len(cells))
	weights := make([]int32, len(cells))
	for i, c := range cells {
		cands[i], weights[i] = b.Cand(c, d), 1
	}
	ts := make([]int32, len(totals))
	for i, t := range totals {
		ts[i] = int32(t)
	}
	b.Model().AddRule(model.Rule{Kind: model.Sum, Cands: cands, Label: label,
		Payload: model.Payload{Weights: weights, Totals: ts}})
}

// implies adds the rule that p holding x makes q hold y: p=x with q=u is
// forbidden for every other u. p and q must differ.
func implies(b *rules.Builder, p sudoku.Cell, x int, q sudoku.Cell, y int) {
	for u := 1; u <= b.Shape().N(); u++ {
		if u != y {
			b.Model().Add(model.AtMostOne, b.Cand(p, x), b.Cand(q, u))
		}
	}
}

// fuzzSolution returns a valid filled grid of shape s (row-major values),
// a pattern grid with its digits, rows within bands and columns within
// stacks shuffled, so that fuzz instances read from it stay solvable.
func fuzzSolution(s sudoku.Shape, rng *rand.Rand) []int {
	n := s.N()
	digits := rng.Perm(n)
	rows := shuffleGroups(rng, n, s.BoxRows)
	cols := shuffleGroups(rng, n, s.BoxCols)
	out := make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			pr, pc := rows[r], cols[c]
			out[r*n+c] = digits[(s.BoxCols*(pr%s.BoxRows)+pr/s.BoxRows+pc)%n] + 1
		}
	}
	return out
}

// shuffleGroups permutes 0..n-1 within consecutive groups of size k.
func shuffleGroups(rng *rand.Rand, n, k int) []int {
	out := make([]int, n)
	for g := 0; g < n; g += k {
		for i, j := range rng.Perm(k) {
			out[g+i] = g + j
		}
	}
	return out
}

// sumOf returns the sum of sol's digits in cells (sol row-major, side n).
func sumOf(sol []int, n int, cells []sudoku.Cell) int {
	t := 0
	for _, c := range cells {
		t += sol[c.Row*n+c.Col]
	}
	return t
}

// distinctPrefix returns the longest prefix of cells whose digits in sol
// differ (at least one cell).
func distinctPrefix(sol []int, n int, cells []sudoku.Cell) []sudoku.Cell {
	seen := map[int]bool{}
	for i, c := range cells {
		v := sol[c.Row*n+c.Col]
		if seen[v] {
			return cells[:i]
		}
		seen[v] = true
	}
	return cells
}
