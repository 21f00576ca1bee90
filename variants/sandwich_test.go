package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// clueHouse returns the house an edge clue reads, from the clue inward.
func clueHouse(n int, o sudoku.Cell) []sudoku.Cell {
	var out []sudoku.Cell
	for k := 0; k < n; k++ {
		switch {
		case o.Row < 0:
			out = append(out, sudoku.Cell{Row: k, Col: o.Col})
		case o.Row >= n:
			out = append(out, sudoku.Cell{Row: n - 1 - k, Col: o.Col})
		case o.Col < 0:
			out = append(out, sudoku.Cell{Row: o.Row, Col: k})
		default:
			out = append(out, sudoku.Cell{Row: o.Row, Col: n - 1 - k})
		}
	}
	return out
}

// satisfiesSandwich reads the rule: the digits between the 1 and the N of
// each clue's house add up to its total.
func satisfiesSandwich(g grid, v variants.Sandwich) bool {
	for _, c := range v.Clues {
		vals := lineValues(g, clueHouse(g.n, c.Outside))
		in, sum := false, 0
		for _, x := range vals {
			if x == 1 || x == g.n {
				in = !in
				continue
			}
			if in {
				sum += x
			}
		}
		if sum != c.Total {
			return false
		}
	}
	return true
}

// randomOutside returns a cell just outside a random edge of a grid of side n.
func randomOutside(rng *rand.Rand, n int) sudoku.Cell {
	k := rng.IntN(n)
	return [4]sudoku.Cell{{Row: -1, Col: k}, {Row: n, Col: k}, {Row: k, Col: -1}, {Row: k, Col: n}}[rng.IntN(4)]
}

// makeEdgeClues returns one to three clues on g with total(g, house), and
// with valid false one of them off by one.
func makeEdgeClues(rng *rand.Rand, g grid, valid bool, total func(vals []int) int) []variants.EdgeClue {
	var out []variants.EdgeClue
	for i := 1 + rng.IntN(3); i > 0; i-- {
		o := randomOutside(rng, g.n)
		out = append(out, variants.EdgeClue{Outside: o, Total: total(lineValues(g, clueHouse(g.n, o)))})
	}
	if !valid {
		out[rng.IntN(len(out))].Total++
	}
	return out
}

func makeSandwich(rng *rand.Rand, g grid, valid bool) rules.Variant {
	return variants.Sandwich{Clues: makeEdgeClues(rng, g, valid, func(vals []int) int {
		return satisfiesSandwichTotal(vals, g.n)
	})}
}

// satisfiesSandwichTotal returns the sum between the crusts of vals.
func satisfiesSandwichTotal(vals []int, n int) int {
	in, sum := false, 0
	for _, x := range vals {
		if x == 1 || x == n {
			in = !in
		} else if in {
			sum += x
		}
	}
	return sum
}

func init() {
	propCases = append(propCases, propCase{"sandwich", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeSandwich(rng, randomSolved(rng, n), true).(variants.Sandwich)
		return v, func(g grid) bool { return satisfiesSandwich(g, v) }
	}, []int{4, 6}})
}

func TestSandwichModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeSandwich, func(g grid, v rules.Variant) bool {
		return satisfiesSandwich(g, v.(variants.Sandwich))
	})
}

// TestSandwichZero: a total of 0 allows the crusts only side by side.
func TestSandwichZero(t *testing.T) {
	for _, tc := range []struct {
		row  []int
		want bool
	}{
		{[]int{2, 1, 4, 3}, true},
		{[]int{4, 1, 2, 3}, true},
		{[]int{1, 2, 4, 3}, false},
		{[]int{1, 2, 3, 4}, false},
	} {
		g := grid{4, append(append([]int{}, tc.row...), make([]int, 12)...)}
		v := variants.Sandwich{Clues: []variants.EdgeClue{{Outside: sudoku.Cell{Row: 0, Col: -1}}}}
		if got := satisfiesSandwich(g, v); got != tc.want {
			t.Errorf("checker on %v: %v, want %v", tc.row, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := 0; trial < 20; trial++ {
		g := randomSolved(rng, 6)
		o := randomOutside(rng, 6)
		v := variants.Sandwich{Clues: []variants.EdgeClue{{Outside: o}}}
		if accepts(t, g, v) != (satisfiesSandwichTotal(lineValues(g, clueHouse(6, o)), 6) == 0) {
			t.Fatalf("model and checker disagree on a 0 clue at %v of %v", o, g.v)
		}
	}
}

func TestSandwichInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"corner", 9, variants.Sandwich{Clues: []variants.EdgeClue{{Outside: sudoku.Cell{Row: -1, Col: -1}, Total: 5}}}, "not a cell just outside"},
		{"inside", 9, variants.Sandwich{Clues: []variants.EdgeClue{{Outside: sudoku.Cell{Row: 3, Col: 3}, Total: 5}}}, "not a cell just outside"},
		{"two away", 4, variants.Sandwich{Clues: []variants.EdgeClue{{Outside: sudoku.Cell{Row: 5, Col: 1}, Total: 5}}}, "not a cell just outside"},
		{"negative", 9, variants.Sandwich{Clues: []variants.EdgeClue{{Outside: sudoku.Cell{Row: -1, Col: 0}, Total: -1}}}, "negative"},
	})
}
