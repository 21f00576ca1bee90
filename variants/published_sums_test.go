package variants_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// Puzzles of the sum and count families, transcribed (facts only) from the
// collections of github.com/sigh/Interactive-Sudoku-Solver, which record
// each puzzle's source and solution; testdata/sums.md cites each by name.
// Their constraints are kept in that collection's text form and read by
// parseConstraints below, so each line can be compared with its source.

// parseConstraints reads a constraint list in the dot-separated form the
// puzzle collections use (".Cage~15~R1C1~R1C2.Arrow~R3C3~R4C4.~R1C2_6"): it
// returns the givens ("r1c2=6 ...") and the variants, each family's items
// gathered into one variant. It panics on anything it does not know, so a
// transcription error shows at once.
func parseConstraints(s string, n int) (string, []rules.Variant) {
	var (
		gv       []string
		killer   variants.Killer
		arrow    variants.Arrow
		lk       variants.LittleKiller
		quad     variants.Quadruple
		clone    variants.Clone
		minmax   variants.MinMax
		indexer  variants.Indexer
		thermo   variants.Thermo
		xv       variants.XV
		counting []variants.CountingCircles
		others   []rules.Variant
	)
	for _, item := range strings.Split(strings.Join(strings.Fields(s), ""), ".")[1:] {
		if item == "" {
			continue
		}
		f := strings.Split(item, "~")
		switch f[0] {
		case "":
			for _, g := range f[1:] {
				at, v, ok := strings.Cut(g, "_")
				if !ok || strings.Contains(v, "_") {
					panic("bad given " + g)
				}
				gv = append(gv, strings.ToLower(at)+"="+v)
			}
		case "Cage":
			killer.Cages = append(killer.Cages, variants.Cage{Cells: cellList(f[2:]), Total: atoi(f[1])})
		case "Arrow":
			c := cellList(f[1:])
			arrow.Arrows = append(arrow.Arrows, variants.ArrowClue{Circle: c[:1], Shafts: [][]sudoku.Cell{c[1:]}})
		case "PillArrow":
			k, c := atoi(f[1]), cellList(f[2:])
			pill := slices.Clone(c[:k])
			slices.SortFunc(pill, func(a, b sudoku.Cell) int { return (a.Row*n + a.Col) - (b.Row*n + b.Col) })
			arrow.Arrows = append(arrow.Arrows, variants.ArrowClue{Circle: pill, Shafts: [][]sudoku.Cell{c[k:]}})
		case "LittleKiller":
			lk.Clues = append(lk.Clues, littleKillerAt(cellList(f[2:3])[0], n, atoi(f[1])))
		case "Quad":
			var ds []int
			for _, d := range f[2:] {
				ds = append(ds, atoi(d))
			}
			quad.Clues = append(quad.Clues, variants.QuadrupleClue{Corner: cellList(f[1:2])[0], Digits: ds})
		case "CountingCircles":
			counting = append(counting, variants.CountingCircles{Cells: cellList(f[1:])})
		case "SameValues":
			// Sets of cells (as many as the first field says) holding the
			// same digits; sets of one cell each: all cells equal.
			c := cellList(f[2:])
			if atoi(f[1]) != len(c) {
				panic("SameValues with sets of more than one cell")
			}
			for _, d := range c[1:] {
				clone.Clones = append(clone.Clones, variants.ClonePair{Cells: c[:1], Copies: []sudoku.Cell{d}})
			}
		case "GreaterThan":
			// The first cell is greater than the others: a maximum cell
			// when they are all its orthogonal neighbours.
			c := cellList(f[1:])
			var nb []sudoku.Cell
			for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
				if q := (sudoku.Cell{Row: c[0].Row + d[0], Col: c[0].Col + d[1]}); q.Row >= 0 && q.Row < n && q.Col >= 0 && q.Col < n {
					nb = append(nb, q)
				}
			}
			rest := slices.Clone(c[1:])
			less := func(a, b sudoku.Cell) int { return (a.Row*n + a.Col) - (b.Row*n + b.Col) }
			slices.SortFunc(rest, less)
			if !slices.Equal(rest, nb) {
				panic("GreaterThan over cells that are not all the neighbours: " + item)
			}
			minmax.Maximum = append(minmax.Maximum, c[0])
		case "Indexing":
			if f[1] != "C" {
				panic("only column indexing: " + item)
			}
			indexer.Column = append(indexer.Column, cellList(f[2:])...)
		case "Thermo":
			thermo.Lines = append(thermo.Lines, cellList(f[1:]))
		case "X", "V":
			p := cellList(f[1:])
			pair := [2]sudoku.Cell{p[0], p[1]}
			if f[0] == "X" {
				xv.X = append(xv.X, pair)
			} else {
				xv.V = append(xv.V, pair)
			}
		case "StrictXV":
			xv.Negative = true
		case "AntiKing":
			others = append(others, variants.AntiKing{})
		case "AntiKnight":
			others = append(others, variants.AntiKnight{})
		case "DisjointSets":
			others = append(others, variants.DisjointGroups{})
		case "Diagonal":
			switch f[1] {
			case "1":
				others = append(others, variants.DiagonalAnti{})
			case "-1":
				others = append(others, variants.DiagonalMain{})
			default:
				panic("bad diagonal " + item)
			}
		default:
			panic("unknown constraint " + item)
		}
	}
	vs := others
	for _, v := range []rules.Variant{killer, arrow, lk, quad, clone, minmax, indexer, thermo, xv} {
		if !isEmpty(v) {
			vs = append(vs, v)
		}
	}
	for _, c := range counting {
		vs = append(vs, c)
	}
	return strings.Join(gv, " "), vs
}

// isEmpty reports whether v is a family's zero value (no clue of it).
func isEmpty(v rules.Variant) bool {
	switch v := v.(type) {
	case variants.Killer:
		return len(v.Cages) == 0
	case variants.Arrow:
		return len(v.Arrows) == 0
	case variants.LittleKiller:
		return len(v.Clues) == 0
	case variants.Quadruple:
		return len(v.Clues) == 0
	case variants.Clone:
		return len(v.Clones) == 0
	case variants.MinMax:
		return len(v.Minimum)+len(v.Maximum) == 0
	case variants.Indexer:
		return len(v.Row)+len(v.Column)+len(v.Box) == 0
	case variants.Thermo:
		return len(v.Lines) == 0
	case variants.XV:
		return len(v.X)+len(v.V) == 0 && !v.Negative
	}
	return false
}

// littleKillerAt returns the clue whose diagonal starts at first, as the
// collections name a little killer: from the left edge going down-right,
// from the top edge (not its first cell) down-left, from the right edge
// (not its corners) up-left, from the bottom edge (not its corners)
// up-right.
func littleKillerAt(first sudoku.Cell, n, total int) variants.LittleKillerClue {
	r, c := first.Row, first.Col
	switch {
	case c == 0 && r < n-1:
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: r - 1, Col: -1}, Direction: "DR", Total: total}
	case r == 0 && c >= 1:
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: -1, Col: c + 1}, Direction: "DL", Total: total}
	case c == n-1 && r >= 1 && r < n-1:
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: r + 1, Col: n}, Direction: "UL", Total: total}
	case r == n-1 && c >= 1 && c < n-1:
		return variants.LittleKillerClue{Outside: sudoku.Cell{Row: n, Col: c - 1}, Direction: "UR", Total: total}
	}
	panic(fmt.Sprintf("no little killer starts at %v", first))
}

func atoi(s string) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return v
}

func cellList(refs []string) []sudoku.Cell {
	out := make([]sudoku.Cell, len(refs))
	for i, r := range refs {
		out[i] = cell(r)
	}
	return out
}

// parseShortKiller reads the 81-character killer form: each cell is its
// cage's total (0-9, A=10.., a=36..) or an arrow to the next cell of its
// cage (< > ^ v, ` up-left, ' up-right, , down-left, . down-right). A total
// of 0 is a cage without one.
func parseShortKiller(s string) variants.Killer {
	const n = 9
	if len(s) != n*n {
		panic("short killer form: " + s)
	}
	steps := map[byte]int{'<': -1, '>': 1, '^': -n, 'v': n, '`': -n - 1, '\'': -n + 1, ',': n - 1, '.': n + 1}
	head := func(i int) int {
		for k := 0; k <= n*n; k++ {
			d, ok := steps[s[i]]
			if !ok {
				return i
			}
			i += d
		}
		panic("short killer form: a loop")
	}
	cages := map[int]*variants.Cage{}
	var order []int
	for i := 0; i < n*n; i++ {
		h := head(i)
		if cages[h] == nil {
			ch := s[h]
			var t int
			switch {
			case ch >= '0' && ch <= '9':
				t = int(ch - '0')
			case ch >= 'A' && ch <= 'Z':
				t = int(ch-'A') + 10
			case ch >= 'a' && ch <= 'j':
				t = int(ch-'a') + 36
			default:
				panic("short killer form: bad total " + string(ch))
			}
			cages[h] = &variants.Cage{Total: t}
			order = append(order, h)
		}
		cages[h].Cells = append(cages[h].Cells, sudoku.Cell{Row: i / n, Col: i % n})
	}
	var k variants.Killer
	for _, h := range order {
		k.Cages = append(k.Cages, *cages[h])
	}
	return k
}

// parseLongKiller reads "3x3:<d>:k:" followed by 81 numbers total*256+id
// (total 0: the cell is in no cage); "d" adds both diagonals.
func parseLongKiller(s string) []rules.Variant {
	f := strings.Split(s, ":")
	if len(f) < 84 || f[0] != "3x3" || f[2] != "k" {
		panic("long killer form: " + s)
	}
	cages := map[int]*variants.Cage{}
	var order []int
	for i := 0; i < 81; i++ {
		v := atoi(f[3+i])
		if v/256 == 0 {
			continue
		}
		id := v % 256
		if cages[id] == nil {
			cages[id] = &variants.Cage{Total: v / 256}
			order = append(order, id)
		}
		cages[id].Cells = append(cages[id].Cells, sudoku.Cell{Row: i / 9, Col: i % 9})
	}
	var k variants.Killer
	for _, id := range order {
		k.Cages = append(k.Cages, *cages[id])
	}
	vs := []rules.Variant{k}
	if f[1] == "d" {
		vs = append(vs, variants.DiagonalMain{}, variants.DiagonalAnti{})
	}
	return vs
}

// parsePuzzle reads any of the three forms: the short or long killer form
// or a constraint list.
func parsePuzzle(s string) (string, []rules.Variant) {
	switch {
	case strings.HasPrefix(s, "3x3:"):
		return "", parseLongKiller(s)
	case strings.HasPrefix(s, "."):
		return parseConstraints(s, 9)
	}
	return "", []rules.Variant{parseShortKiller(s)}
}

func sums(name, variant string, n int, constraints, solution string) published {
	g, vs := parseConstraints(constraints, n)
	// DLX lowers sums into colored options and searches without sum
	// propagation: some of these take it minutes, so each runs under a
	// budget, and DLX either answers correctly or gives up honestly.
	return published{name: name, variant: variant, n: n, givens: g, rules: vs, solution: solution, dlxNodes: dlxBudget}
}

// dlxBudget bounds DLX on the puzzles of the sum families.
const dlxBudget = 200_000

// withSlowDLX marks a puzzle DLX needs long for: skipped with -short, and
// run under a node budget.
func withSlowDLX(p published, nodes int64) published {
	p.slowDLX, p.dlxNodes = true, nodes
	return p
}

var sumsPuzzles = []published{
	sums("killer-wikipedia", "killer", 9,
		".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4"+
			".Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7"+
			".Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1"+
			".Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2"+
			".Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7"+
			".Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9",
		"215647398368952174794381652586274931142593867973816425821739546659428713437165289"),
	sums("killer-magic-square", "killer", 9,
		".AntiKnight.Diagonal~1.Diagonal~-1.Cage~15~R4C6~R5C6~R6C6.Cage~15~R4C4~R5C4~R6C4.Cage~15~R4C4~R4C5~R4C6"+
			".Cage~15~R6C4~R6C5~R6C6.Cage~15~R5C4~R5C5~R5C6.Cage~15~R4C5~R5C5~R6C5.Cage~15~R6C4~R5C5~R4C6"+
			".Cage~15~R4C4~R5C5~R6C6.~R4C1_3~R4C2_8~R4C3_4~R9C9_2",
		"843567219275913846619428375384672951726159483951834627537286194462791538198345762"),
	{name: "killer-zero-cage", variant: "killer", n: 9,
		rules:    []rules.Variant{parseShortKiller("Z<<<<W<<<^0<<>^X<T>^j>>>^>^c^^<<>>^T^<<<^>>>^^S<<^<<0^>^L<<<^^<^>^U<>>^Q>>>^>>>>^")},
		solution: "458723196936185274271496583392547618867931452514268739783612945645379821129854367",
		dlxNodes: dlxBudget},
	sums("arrow-sugarroad", "arrow", 9,
		".Arrow~R1C5~R2C4~R3C3~R4C2~R5C1.Arrow~R3C7~R2C6~R3C5~R4C4~R5C3.Arrow~R6C2~R7C3~R6C4~R5C5~R4C6.Arrow~R7C4~R7C5~R7C6"+
			".Arrow~R6C7~R5C7~R4C7.Arrow~R5C9~R6C8~R7C7~R8C6~R9C5.~R1C2_6~R1C9_9~R2C1_9~R8C9_3~R9C1_4~R9C8_7",
		"167584329985362417342719856718293645253647198694158732571936284829471563436825971"),
	withSlowDLX(sums("pill-arrow-logic-masters", "arrow", 9,
		".PillArrow~2~R1C3~R1C2~R1C1~R2C1~R3C1.PillArrow~2~R1C8~R1C7~R1C6~R1C5~R1C4.PillArrow~2~R2C7~R2C6~R2C5~R2C4~R2C3"+
			".PillArrow~2~R4C1~R5C1~R6C1~R7C1~R8C1.PillArrow~2~R3C2~R4C2~R5C2~R6C2~R7C2.PillArrow~2~R9C1~R9C2~R9C3~R9C4~R9C5"+
			".PillArrow~2~R5C9~R4C9~R3C9~R2C9~R1C9.PillArrow~2~R8C6~R9C6~R9C7~R9C8~R9C9.Arrow~R3C3~R4C4~R5C5"+
			".Arrow~R7C3~R6C4~R5C5~R4C6.Arrow~R3C8~R4C7",
		"514896237679231485328745196235684971491327658786159342967418523853962714142573869"), dlxBudget),
	withSlowDLX(sums("arrow-killer-ctc", "arrow", 9,
		".Cage~35~R1C3~R1C2~R1C1~R2C1~R3C1~R3C2~R3C3.Cage~31~R4C3~R4C2~R4C1~R5C2~R6C2.Cage~36~R7C4~R7C3~R7C2~R8C2~R9C2~R9C3~R9C4"+
			".Cage~14~R5C4~R5C5.Cage~10~R9C8~R9C9.Thermo~R1C3~R1C2.Thermo~R8C8~R7C9~R8C9.Arrow~R2C2~R2C3~R2C4~R2C5"+
			".Arrow~R3C4~R4C4~R5C3~R6C4.Arrow~R9C6~R8C7~R8C8.Arrow~R7C6~R6C7~R5C7.Arrow~R4C6~R3C7~R2C7~R1C7"+
			".Arrow~R4C9~R5C9~R6C9.Arrow~R4C9~R3C8~R2C9.Arrow~R8C6~R8C5~R8C4",
		"364792158982154673751863249618349527273685491495271386546917832839426715127538964"), dlxBudget),
	sums("little-killer-ctc-2", "littlekiller", 9,
		".LittleKiller~12~R9C8.LittleKiller~21~R9C7.LittleKiller~16~R9C6.LittleKiller~38~R9C5.LittleKiller~3~R2C9"+
			".LittleKiller~20~R3C9.LittleKiller~38~R5C9.LittleKiller~14~R1C2.LittleKiller~6~R1C3.LittleKiller~19~R1C4"+
			".LittleKiller~38~R1C5.LittleKiller~6~R8C1.LittleKiller~17~R7C1.LittleKiller~38~R5C1"+
			".~R1C1_4~R1C9_6~R2C8_7~R4C4_1~R5C5_2~R6C6_3~R8C2_4~R9C1_3~R9C9_2",
		"483571926625948371179362854257189463834627519961453287798214635542736198316895742"),
	sums("little-killer-6x6", "littlekiller", 6,
		".LittleKiller~8~R1C4.LittleKiller~9~R3C1.LittleKiller~26~R5C6.LittleKiller~17~R6C2",
		"462135513624236541145362321456654213"),
	sums("quadruple-x", "quadruple", 9,
		".Diagonal~1.Diagonal~-1.Quad~R1C1~1~4~6~7.Quad~R5C1~2~3.Quad~R6C1~1~2.Quad~R3C3~1~2~4~8.Quad~R6C3~3~5~8~9"+
			".Quad~R2C4~6~7.Quad~R7C5~3~6.Quad~R3C6~4~5~8~9.Quad~R6C6~2~3~6~7.Quad~R3C8~1~2.Quad~R4C8~1~5.Quad~R8C8~2~3~4~5",
		"762384591415729368398165427654278913837691245129543786543812679971436852286957134"),
	sums("quadruple-repeats", "quadruple", 9,
		".Quad~R1C1~1~2~3~4.Quad~R1C8~6~7~8~9.Quad~R2C2~4~5~6~7.Quad~R2C7~3~4~5~6.Quad~R3C3~1~3~5~6.Quad~R3C6~4~7~7~8"+
			".Quad~R6C1~4~5~5~9.Quad~R6C8~2~4~7~8.Quad~R7C3~3~4~6~8.Quad~R7C6~2~2~5~6",
		"239456187147283569865197432926348715378521946451769328593812674784635291612974853"),
	sums("clone-sudokupad", "clone", 9,
		".SameValues~6~R1C1~R2C8~R3C4~R7C2~R9C5~R8C7.SameValues~6~R9C6~R8C8~R2C9~R3C5~R1C2~R7C3"+
			".SameValues~4~R2C1~R8C3~R4C9~R1C6.SameValues~4~R2C6~R3C1~R5C9~R9C3.SameValues~3~R3C9~R6C8~R1C5"+
			".SameValues~3~R3C8~R6C7~R1C4.~R2C3_1~R2C5_2~R2C7_3~R5C7_6~R5C8_7~R5C5_5~R5C2_3~R5C3_4~R8C5_8~R8C1_7~R8C9_9",
		"463915827591728346872463591189674235234159678657832914346597182725381469918246753"),
	sums("maximum-fortress", "minmax", 9,
		".~R1C1_4~R1C4_1~R1C6_2~R3C6_4~R3C4_3~R4C3_8~R6C1_7~R7C4_6~R7C6_7~R9C6_9~R9C4_8~R9C9_2~R6C9_3~R4C7_1~R3C7_7"+
			".GreaterThan~R1C8~R2C8~R1C7~R1C9.GreaterThan~R2C5~R2C4~R1C5~R2C6~R3C5.GreaterThan~R5C8~R4C8~R5C9~R6C8~R5C7"+
			".GreaterThan~R4C5~R3C5~R4C4~R4C6~R5C5.GreaterThan~R6C5~R5C5~R6C4~R6C6~R7C5.GreaterThan~R8C5~R7C5~R8C4~R8C6~R9C5"+
			".GreaterThan~R9C2~R8C2~R9C1~R9C3.GreaterThan~R5C2~R5C1~R4C2~R5C3~R6C2.GreaterThan~R4C1~R4C2~R3C1~R5C1",
		"437182596681795324295364718328576149164938275759241863843627951912453687576819432"),
	sums("indexing-159-ctc", "indexer", 9,
		".~R2C2_4~R2C3_9~R2C4_7~R1C6_3~R1C8_5~R3C6_5~R3C7_1~R3C8_2~R4C2_2~R4C4_6~R5C3_7~R7C2_6~R7C3_3~R7C4_8~R6C6_8~R5C7_8"+
			"~R6C8_6~R8C6_9~R8C7_5~R8C8_3~R9C2_7~R9C4_2.Indexing~C~R1C1~R2C1~R3C1~R4C1~R5C1~R6C1~R7C1~R8C1~R9C1~R1C5~R2C5~R3C5"+
			"~R4C5~R5C5~R6C5~R7C5~R8C5~R9C5~R1C9~R2C9~R3C9~R4C9~R5C9~R6C9~R7C9~R8C9~R9C9",
		"216483957549712683738965124824697315657321849391548762963854271482179536175236498"),
	withSlowDLX(sums("indexing-killer-ctc", "indexer", 9,
		".Cage~12~R1C1~R2C1~R3C1.Cage~12~R3C2~R3C3.Cage~8~R1C5~R1C6.Cage~18~R4C5~R5C5~R6C5.Cage~12~R4C4~R5C4.Cage~6~R4C2~R4C3"+
			".Cage~10~R5C1~R5C2.Cage~9~R7C1~R7C2.Cage~11~R9C1~R9C2.Cage~13~R7C4~R8C4~R9C4.Cage~8~R1C8~R2C8.Cage~13~R5C8~R5C9"+
			".Cage~17~R7C9~R8C9~R9C9.Indexing~C~R9C9~R8C9~R7C9~R6C9~R5C9~R4C9~R3C9~R2C9~R1C9~R1C5~R2C5~R3C5~R4C5~R5C5~R6C5"+
			"~R7C5~R8C5~R9C5~R9C1~R8C1~R7C1~R6C1~R5C1~R4C1~R3C1~R2C1~R1C1",
		"758926134162384957493157862924865371371492685685731429546213798219678543837549216"), dlxBudget),
}

// sumsLargePuzzles have sums over long diagonals or many circles, whose
// digit combinations DLX may refuse to lower (dlx reports the rule "too
// large to lower"): TestSumsLargePuzzles solves them on SAT and accepts
// either that refusal or the right answer from DLX.
var sumsLargePuzzles = []published{
	sums("little-killer-ctc", "littlekiller", 9,
		".~R3C2_5~R3C7_2~R5C4_3~R5C5_7.LittleKiller~22~R1C1.LittleKiller~28~R2C1.LittleKiller~26~R3C1.LittleKiller~23~R1C5"+
			".LittleKiller~34~R1C7.LittleKiller~40~R1C8.LittleKiller~42~R1C9",
		"198235764427968531653714289732186945541379826986542173865421397279653418314897652"),
	sums("little-killer-disjoint", "littlekiller", 9,
		".DisjointSets.LittleKiller~62~R1C9.LittleKiller~33~R1C1.LittleKiller~12~R1C3.LittleKiller~14~R3C9"+
			".LittleKiller~21~R9C7.LittleKiller~36~R9C5.LittleKiller~8~R7C1.LittleKiller~9~R1C2",
		"325784169719625483684319725843297651592861347167543298478932516236158974951476832"),
	sums("little-killer-hailstone", "littlekiller", 9,
		".Cage~14~R5C3~R5C4~R6C4.Cage~19~R6C6~R6C5~R7C5.Cage~14~R4C4~R4C5~R3C5.Cage~14~R4C6~R5C6~R5C7.Diagonal~1.Diagonal~-1"+
			".LittleKiller~47~R3C1.LittleKiller~49~R2C1.LittleKiller~30~R8C9.LittleKiller~45~R7C9.LittleKiller~43~R1C7"+
			".LittleKiller~44~R1C8.LittleKiller~34~R9C2.LittleKiller~52~R9C3",
		"815432976763918245942567318278351694154896732396274581437685129681729453529143867"),
	sums("counting-circles-ctc", "countingcircles", 9,
		".CountingCircles~R1C1~R1C5~R1C9~R2C7~R2C3~R3C2~R3C8~R4C6~R4C7~R4C4~R5C1~R5C2~R6C3~R6C4~R6C6~R7C8~R8C7~R9C9~R9C5"+
			"~R7C2~R8C3~R9C1~R5C8.~R1C5_1~R2C8_2~R2C2_8~R5C9_3~R5C1_7~R8C2_6~R9C5_5~R7C3_8~R6C5_9~R7C7_2~R8C6_1~R8C8_4",
		"623514897584379621971268354219436785745182963836795412158643279367921548492857136"),
}

// slowOnSAT names the puzzles SAT needs many seconds for: skipped with
// -short.
var slowOnSAT = map[string]bool{"little-killer-hailstone": true, "little-killer-disjoint": true}

func init() { puzzleSets = append(puzzleSets, sumsPuzzles) }

// asSolution turns row-major values into the model's solution: one
// candidate per cell.
func asSolution(n int, vals []int) model.Solution {
	sol := make(model.Solution, len(vals))
	for i, v := range vals {
		sol[i] = model.Cand(i*n + v - 1)
	}
	return sol
}

// TestSumsPublishedModels checks every published puzzle of the sum
// families without a backend: the published solution must pass the
// referee on the model the rules build, and the independent checker of
// each family; and a solution with two digits swapped in a row must not
// pass both (the rules constrain something).
func TestSumsPublishedModels(t *testing.T) {
	for _, p := range append(slices.Clone(sumsPuzzles), sumsLargePuzzles...) {
		t.Run(p.name, func(t *testing.T) {
			m, err := rules.Build(p.grid(), p.rules...)
			require.NoError(t, err)
			want := p.want()
			require.NoError(t, model.Check(m, asSolution(p.n, want)))
			g := grid{p.n, want}
			for _, v := range p.rules {
				if ok := sumsChecker(v); ok != nil {
					assert.True(t, ok(g), "%T rejects the published solution", v)
				}
			}
		})
	}
}

// benchPuzzle is one puzzle of a file of testdata/killers.
type benchPuzzle struct {
	name, solution string
	givens         string
	rules          []rules.Variant
}

// readBenchSet reads "name | solution | puzzle" lines of a file of the
// repository's testdata/killers.
func readBenchSet(t testing.TB, file string) []benchPuzzle {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "killers", file))
	require.NoError(t, err)
	defer f.Close()
	var out []benchPuzzle
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, " | ")
		require.Len(t, parts, 3, line)
		g, vs := parsePuzzle(parts[2])
		out = append(out, benchPuzzle{name: parts[0], solution: parts[1], givens: g, rules: vs})
	}
	require.NoError(t, sc.Err())
	return out
}

// benchBudget bounds SAT on one puzzle of the benchmark sets. Most take
// under 10 s; a few (the extreme killers wecoc-2, and the long pill sums,
// minutes) are left to the benchmarks.
const benchBudget = 30 * time.Second

// TestKillerBenchSets checks the benchmark sets of testdata/killers: every
// puzzle's published solution passes the referee and the checkers, and the
// SAT backend finds it as the only solution. The solving part takes
// minutes: it is skipped with -short, and a puzzle that needs more than
// benchBudget is skipped by name.
func TestKillerBenchSets(t *testing.T) {
	for _, file := range []string{"killers.txt", "arrows.txt"} {
		set := readBenchSet(t, file)
		require.NotEmpty(t, set, file)
		start := time.Now()
		for _, p := range set {
			t.Run(strings.TrimSuffix(file, ".txt")+"/"+p.name, func(t *testing.T) {
				want := published{n: 9, solution: p.solution}.want()
				g := givens(9, p.givens)
				m, err := rules.Build(g, p.rules...)
				require.NoError(t, err)
				require.NoError(t, model.Check(m, asSolution(9, want)))
				for _, v := range p.rules {
					if ok := sumsChecker(v); ok != nil {
						assert.True(t, ok(grid{9, want}), "%T rejects the published solution", v)
					}
				}
				if testing.Short() {
					t.Skip("solving the benchmark set takes a while; run without -short")
				}
				ctx, cancel := context.WithTimeout(context.Background(), benchBudget)
				defer cancel()
				res, err := sat.New().Solve(ctx, m, model.Options{Limit: 2})
				require.NoError(t, err)
				if res.Status == model.Unknown {
					t.Skipf("SAT needs more than %v (%v): the benchmarks measure it", benchBudget, res.Stop)
				}
				require.Equal(t, model.Unique, res.Status)
				got, err := rules.Decode(g.Shape, res.Solutions[0])
				require.NoError(t, err)
				assert.Equal(t, want, got.Cells)
			})
		}
		t.Logf("%s: %d puzzles in %v", file, len(set), time.Since(start).Round(time.Millisecond))
	}
}

// TestSumsLargePuzzles solves sumsLargePuzzles: on SAT the answer must be
// unique and the published one; DLX must give that answer, give up at its
// budget or refuse a rule as too large to lower.
func TestSumsLargePuzzles(t *testing.T) {
	for _, p := range sumsLargePuzzles {
		for _, be := range backends {
			t.Run(p.variant+"/"+p.name+"/"+be.name, func(t *testing.T) {
				if slowOnSAT[p.name] && testing.Short() {
					t.Skip("takes SAT many seconds; run without -short")
				}
				m, err := rules.Build(p.grid(), p.rules...)
				require.NoError(t, err)
				opts := model.Options{Limit: 2}
				if be.name == "dlx" {
					opts.Nodes = dlxBudget
				}
				res, err := be.new().Solve(context.Background(), m, opts)
				if be.name == "dlx" && err != nil {
					require.ErrorContains(t, err, "too large to lower")
					t.Skipf("DLX refuses: %v", err)
				}
				require.NoError(t, err)
				if be.name == "dlx" && res.Status == model.Unknown {
					t.Skipf("DLX gave up after %d nodes, as budgeted", res.Stats.Nodes)
				}
				require.Equal(t, model.Unique, res.Status)
				require.NoError(t, model.Check(m, res.Solutions[0]))
				g, err := rules.Decode(p.grid().Shape, res.Solutions[0])
				require.NoError(t, err)
				assert.Equal(t, p.want(), g.Cells)
			})
		}
	}
}
