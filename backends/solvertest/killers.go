package solvertest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/model"
)

// A Killer is a published 9x9 killer sudoku with no givens: its cages
// as cage[cell] (an index into sums, -1 for a cell in no cage) and its
// published solution.
type Killer struct {
	Name     string
	cage     []int
	sums     []int
	Solution string // row-major digits
}

// Published killers, transcribed from the collection of the Interactive
// Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, data/killers.js):
//
//   - "tarek-hard-1": the first of its HARD_KILLERS, from the
//     rcbroughton.co.uk killer forum (topic 434), every cell caged. In the
//     source's compact form a cell holds its cage's total (base 36) when it
//     heads the cage, or an arrow to the cell whose cage it joins ('<' left,
//     '^' up, '>' right).
//   - "hs-zero-3": the third of its HS_KILLERS ("human-solvable zero",
//     enjoysudoku.com forum), with 22 cells in no cage. In the source's
//     "3x3::k:" form each cell is total*256 + cage number, or below 256 for a
//     cell in no cage.
var killers = []Killer{
	arrowKiller("tarek-hard-1",
		"G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^",
		"432851769786239415159467823263974581971583642548612397397148256614725938825396174"),
	numberKiller("hs-zero-3",
		"3595:3595:3844:3844:3090:3336:3336:2575:2575:3595:4620:4620:3348:3090:5:5648:5648:2575:"+
			"3350:4620:4620:3348:3090:23:5648:5648:3841:3350:2581:24:3348:25:26:27:2579:3841:"+
			"28:2581:29:30:4625:4625:4625:2579:31:3843:2581:32:33:34:35:36:2579:3335:"+
			"3843:4878:4878:37:38:39:4618:4618:3335:3341:4878:4878:40:41:42:4618:4618:3593:"+
			"3341:3341:3334:3334:43:3842:3842:3593:3593",
		"279648531581739426463251798956483217128975643734162859812597364697324185345816972"),
}

// arrowKiller decodes the compact form: a base-36 total heads a cage, '<'
// and '^' join the cage to the left or above, '>' the cage to the right.
func arrowKiller(name, s, solution string) Killer {
	k := Killer{Name: name, cage: make([]int, 81), Solution: solution}
	for i := range k.cage {
		k.cage[i] = -1
	}
	for i := range 81 {
		switch s[i] {
		case '<':
			k.cage[i] = k.cage[i-1]
		case '^':
			k.cage[i] = k.cage[i-9]
		case '>':
		default:
			v, err := strconv.ParseInt(s[i:i+1], 36, 32)
			if err != nil {
				panic(err)
			}
			k.cage[i] = len(k.sums)
			k.sums = append(k.sums, int(v))
		}
	}
	// '>' joins a cage decided further right; chains resolve right to left,
	// and what joined such a cell follows it.
	for changed := true; changed; {
		changed = false
		for i := 80; i >= 0; i-- {
			from := -1
			switch s[i] {
			case '>':
				from = i + 1
			case '<':
				from = i - 1
			case '^':
				from = i - 9
			}
			if from >= 0 && k.cage[i] != k.cage[from] && k.cage[from] >= 0 {
				k.cage[i] = k.cage[from]
				changed = true
			}
		}
	}
	return k
}

// numberKiller decodes the "3x3::k:" cell list: total*256 + cage number,
// below 256 for a cell in no cage.
func numberKiller(name, s, solution string) Killer {
	k := Killer{Name: name, Solution: solution}
	index := map[int]int{}
	for _, f := range strings.Split(s, ":") {
		v, err := strconv.Atoi(f)
		if err != nil {
			panic(err)
		}
		if v < 256 {
			k.cage = append(k.cage, -1)
			continue
		}
		c, ok := index[v%256]
		if !ok {
			c = len(k.sums)
			index[v%256] = c
			k.sums = append(k.sums, v/256)
		}
		k.cage = append(k.cage, c)
	}
	return k
}

// Model builds k: rows, columns and boxes as houses, each cage a distinct
// sum; with firstCageOnly, every cage but the first is left out, for a
// model with very many solutions.
func (k Killer) Model(tb testing.TB, firstCageOnly bool) *model.Model {
	tb.Helper()
	b := model.NewBuilder(81, 9)
	for i := range 9 {
		var row, col, box []int
		for j := range 9 {
			row = append(row, 9*i+j)
			col = append(col, 9*j+i)
			box = append(box, 9*(3*(i/3)+j/3)+3*(i%3)+j%3)
		}
		b.House(fmt.Sprintf("row %d", i+1), row)
		b.House(fmt.Sprintf("column %d", i+1), col)
		b.House(fmt.Sprintf("box %d", i+1), box)
	}
	for c, total := range k.sums {
		var cells, coefs []int
		for cell, in := range k.cage {
			if in == c {
				cells = append(cells, cell)
				coefs = append(coefs, 1)
			}
		}
		b.Linear(fmt.Sprintf("cage %d", c+1), cells, coefs, []int{total}, true)
		if firstCageOnly {
			break
		}
	}
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// Published returns k's published solution as a model solution.
func (k Killer) Published(m *model.Model) model.Solution {
	sol := make(model.Solution, 81)
	for i := range sol {
		sol[i] = m.Cand(i, int(k.Solution[i]-'0'))
	}
	return sol
}

// Killers returns the published killers the backends' tests and benchmarks
// share, hardest first.
func Killers() []Killer { return killers }
