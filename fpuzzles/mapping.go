package fpuzzles

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// windows returns the windoku windows of shape s, as variants.Windoku adds
// them, or nil when s has oblong boxes.
func windows(s sudoku.Shape) [][]sudoku.Cell {
	k := s.BoxRows
	if s.BoxCols != k {
		return nil
	}
	var out [][]sudoku.Cell
	for i := 0; i < k-1; i++ {
		for j := 0; j < k-1; j++ {
			var w []sudoku.Cell
			for r := 0; r < k; r++ {
				for c := 0; c < k; c++ {
					w = append(w, sudoku.Cell{Row: 1 + i*(k+1) + r, Col: 1 + j*(k+1) + c})
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// sameSets reports whether a and b hold the same regions, each as a set of
// cells, in any order.
func sameSets(a, b [][]sudoku.Cell) bool {
	if len(a) != len(b) {
		return false
	}
	norm := func(rs [][]sudoku.Cell) []string {
		out := make([]string, len(rs))
		for i, r := range rs {
			cs := slices.Clone(r)
			slices.SortFunc(cs, func(p, q sudoku.Cell) int { return (p.Row-q.Row)*sudoku.MaxN + p.Col - q.Col })
			out[i] = fmt.Sprint(cs)
		}
		sort.Strings(out)
		return out
	}
	return slices.Equal(norm(a), norm(b))
}

// variants turns the gathered constraints into variants, in the order the
// package documentation of Decode gives.
func (d *decoder) variants() error {
	var vs []rules.Variant
	if d.regionOf != nil {
		j, err := variants.NewJigsaw(d.regionOf)
		if err != nil {
			return fmt.Errorf("%w: grid regions: %v", ErrSyntax, err)
		}
		vs = append(vs, j)
	}
	switch {
	case d.diagPlus && d.diagMin:
		vs = append(vs, variants.Diagonal{})
	case d.diagPlus:
		vs = append(vs, variants.DiagonalAnti{})
	case d.diagMin:
		vs = append(vs, variants.DiagonalMain{})
	}
	var extra [][]sudoku.Cell
	windoku := len(d.extra) > 0 && sameSets(d.extra, windows(d.shape))
	if !windoku {
		extra = append(extra, d.extra...)
	}
	if len(extra) > 0 {
		vs = append(vs, variants.ExtraRegions{Regions: extra})
	}
	if windoku {
		vs = append(vs, variants.Windoku{})
	}
	for _, f := range []struct {
		on bool
		v  rules.Variant
	}{
		{d.antiKnight, variants.AntiKnight{}},
		{d.antiKing, variants.AntiKing{}},
		{d.nonConse, variants.NonConsecutive{}},
		{d.disjoint, variants.DisjointGroups{}},
	} {
		if f.on {
			vs = append(vs, f.v)
		}
	}
	if len(d.odd)+len(d.even) > 0 {
		vs = append(vs, variants.OddEven{Odd: d.odd, Even: d.even})
	}
	if len(d.x)+len(d.v) > 0 || d.negative["xv"] {
		vs = append(vs, variants.XV{X: d.x, V: d.v, Negative: d.negative["xv"]})
	}
	negW, negB := d.negative["difference"], d.negative["ratio"]
	if len(d.white)+len(d.black)+len(d.whiteDots)+len(d.blackDots) > 0 || negW || negB {
		k := variants.Kropki{White: d.white, Black: d.black, WhiteDots: d.whiteDots, BlackDots: d.blackDots}
		if negW && negB {
			k.Negative = true
		} else {
			k.NegativeWhite, k.NegativeBlack = negW, negB
		}
		vs = append(vs, k)
	}
	if len(d.thermo) > 0 {
		vs = append(vs, variants.Thermo{Lines: d.thermo})
	}
	if len(d.palindrome) > 0 {
		vs = append(vs, variants.Palindrome{Lines: d.palindrome})
	}
	if len(d.renban) > 0 {
		vs = append(vs, variants.Renban{Lines: d.renban})
	}
	gaps := make([]int, 0, len(d.whispers))
	for g := range d.whispers {
		gaps = append(gaps, g)
	}
	sort.Ints(gaps)
	for _, g := range gaps {
		vs = append(vs, variants.Whispers{Lines: d.whispers[g], MinDiff: g})
	}
	d.p.Variants = vs
	sort.Strings(d.dropped)
	sort.Strings(d.unknown)
	return nil
}

// Encode writes p as f-puzzles JSON. Every variant must have an f-puzzles
// form: the diagonals (both or one), extra regions, windoku (as extra
// regions), jigsaw (as cell regions), anti-knight, anti-king,
// non-consecutive, disjoint groups, odd/even, XV, kropki (with dot values
// and one-colour negative constraints), thermometers, palindromes, renban
// and whispers. Anything else is an error naming the variant. A grid whose
// box shape is not the one f-puzzles assumes for its size (3x2 boxes on
// 6x6, say) is written with explicit regions, which read back as a jigsaw.
func Encode(p *Puzzle) (string, error) {
	doc, err := build(p)
	if err != nil {
		return "", err
	}
	b, err := jsonMarshal(doc)
	if err != nil {
		return "", fmt.Errorf("fpuzzles: encode: %w", err)
	}
	return string(b), nil
}

func build(p *Puzzle) (*documentOut, error) {
	g := p.Grid
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("fpuzzles: encode: %w", err)
	}
	n := g.Shape.N()
	doc := &documentOut{Size: n, Title: p.Title, Author: p.Author, Ruleset: p.Rules}
	doc.Grid = make([][]cellOut, n)
	for r := range doc.Grid {
		doc.Grid[r] = make([]cellOut, n)
		for c := range doc.Grid[r] {
			if v := g.At(r, c); v != 0 {
				doc.Grid[r][c] = cellOut{Value: v, Given: true}
			}
		}
	}
	var regions [][]sudoku.Cell // jigsaw regions, if any
	var kropki, xv, extras int
	lead := -1 // where the first region of the first extra regions went
	for _, v := range p.Variants {
		switch v := v.(type) {
		case variants.Diagonal:
			doc.DiagonalPlus, doc.DiagonalMinus = true, true
		case variants.DiagonalMain:
			doc.DiagonalMinus = true
		case variants.DiagonalAnti:
			doc.DiagonalPlus = true
		case variants.ExtraRegions:
			if extras++; extras == 1 && len(v.Regions) > 0 {
				lead = len(doc.ExtraRegion)
			}
			for _, reg := range v.Regions {
				doc.ExtraRegion = append(doc.ExtraRegion, part{Cells: refs(reg)})
			}
		case variants.Windoku:
			ws := windows(g.Shape)
			if ws == nil {
				return nil, fmt.Errorf("fpuzzles: encode: windoku needs square boxes, not %v", g.Shape)
			}
			for _, w := range ws {
				doc.ExtraRegion = append(doc.ExtraRegion, part{Cells: refs(w)})
			}
		case variants.Jigsaw:
			if regions != nil {
				return nil, fmt.Errorf("fpuzzles: encode: two jigsaw variants")
			}
			regions = v.Regions
			if len(regions) != n {
				return nil, fmt.Errorf("fpuzzles: encode: jigsaw with %d regions for a %dx%d grid", len(regions), n, n)
			}
		case variants.AntiKnight:
			doc.AntiKnight = true
		case variants.AntiKing:
			doc.AntiKing = true
		case variants.NonConsecutive:
			doc.NonConsecutive = true
		case variants.DisjointGroups:
			doc.DisjointGroups = true
		case variants.OddEven:
			for _, c := range v.Odd {
				doc.Odd = append(doc.Odd, part{Cell: ref(c)})
			}
			for _, c := range v.Even {
				doc.Even = append(doc.Even, part{Cell: ref(c)})
			}
		case variants.XV:
			if xv++; xv > 1 {
				return nil, fmt.Errorf("fpuzzles: encode: f-puzzles holds one set of XV marks, not two xv variants")
			}
			for _, pr := range v.X {
				doc.XV = append(doc.XV, part{Cells: refs(pr[:]), Value: "X"})
			}
			for _, pr := range v.V {
				doc.XV = append(doc.XV, part{Cells: refs(pr[:]), Value: "V"})
			}
			if v.Negative {
				doc.Negative = append(doc.Negative, "xv")
			}
		case variants.Kropki:
			if kropki++; kropki > 1 {
				return nil, fmt.Errorf("fpuzzles: encode: f-puzzles holds one set of kropki dots, not two kropki variants")
			}
			for _, pr := range v.White {
				doc.Difference = append(doc.Difference, part{Cells: refs(pr[:])})
			}
			doc.Difference = appendDots(doc.Difference, v.WhiteDots, 1)
			for _, pr := range v.Black {
				doc.Ratio = append(doc.Ratio, part{Cells: refs(pr[:])})
			}
			doc.Ratio = appendDots(doc.Ratio, v.BlackDots, 2)
			switch {
			case v.Negative || v.NegativeWhite && v.NegativeBlack:
				doc.Negative = append(doc.Negative, "ratio", "difference")
			case v.NegativeWhite:
				doc.Negative = append(doc.Negative, "difference")
			case v.NegativeBlack:
				doc.Negative = append(doc.Negative, "ratio")
			}
		case variants.Thermo:
			doc.Thermometer = appendLines(doc.Thermometer, v.Lines, "")
		case variants.Palindrome:
			doc.Palindrome = appendLines(doc.Palindrome, v.Lines, "")
		case variants.Renban:
			doc.Renban = appendLines(doc.Renban, v.Lines, "")
		case variants.Whispers:
			val := ""
			if v.MinDiff != 0 {
				val = strconv.Itoa(v.MinDiff)
			}
			doc.Whispers = appendLines(doc.Whispers, v.Lines, text(val))
		default:
			return nil, fmt.Errorf("fpuzzles: encode: variant %q (%T) has no f-puzzles form", v.Name(), v)
		}
	}
	// A diagonal given as the first extra region is written as the
	// f-puzzles diagonal (which reads back as DiagonalMain or DiagonalAnti),
	// unless a diagonal variant already set one: then the region stays, so
	// that what Decode reads encodes back to the same document.
	if lead >= 0 && !doc.DiagonalPlus && !doc.DiagonalMinus {
		for _, plus := range []bool{true, false} {
			if slices.Equal(doc.ExtraRegion[lead].Cells, refs(variants.DiagonalCells(n, plus))) {
				doc.DiagonalPlus, doc.DiagonalMinus = plus, !plus
				doc.ExtraRegion = slices.Delete(doc.ExtraRegion, lead, lead+1)
				break
			}
		}
	}
	if regions == nil {
		if def, err := sudoku.ShapeOf(n); err != nil || def != g.Shape {
			regions = boxes(g.Shape)
		}
	}
	if regions != nil {
		def, err := sudoku.ShapeOf(n)
		for id, reg := range regions {
			for _, c := range reg {
				if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
					return nil, fmt.Errorf("fpuzzles: encode: jigsaw region %d: %v is outside the grid", id+1, c)
				}
				if err != nil || def.Box(c.Row, c.Col) != id {
					doc.Grid[c.Row][c.Col].Region = &id
				}
			}
		}
	}
	if s := p.Solution; s != nil {
		if err := s.Validate(); err != nil || s.Shape.N() != n {
			return nil, fmt.Errorf("fpuzzles: encode: the solution does not fit the %dx%d grid", n, n)
		}
		doc.Solution = s.Cells
	}
	return doc, nil
}

// boxes returns the boxes of shape s as regions, numbered row-major.
func boxes(s sudoku.Shape) [][]sudoku.Cell {
	n := s.N()
	out := make([][]sudoku.Cell, n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			b := s.Box(r, c)
			out[b] = append(out[b], sudoku.Cell{Row: r, Col: c})
		}
	}
	return out
}

func refs(cells []sudoku.Cell) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = ref(c)
	}
	return out
}

// appendDots writes kropki dots with values; a dot of the default value
// (or 0, which means it) is written without one.
func appendDots(dst []part, dots []variants.Dot, std int) []part {
	for _, d := range dots {
		pt := part{Cells: refs([]sudoku.Cell{d.A, d.B})}
		if d.Value != 0 && d.Value != std {
			pt.Value = text(strconv.Itoa(d.Value))
		}
		dst = append(dst, pt)
	}
	return dst
}

// appendLines writes one constraint object per line.
func appendLines(dst []part, lines [][]sudoku.Cell, value text) []part {
	for _, l := range lines {
		dst = append(dst, part{Lines: [][]string{refs(l)}, Value: value})
	}
	return dst
}

// URL returns links that open p: on f-puzzles (https://f-puzzles.com/?load=…)
// and on SudokuPad (https://sudokupad.app/fpuzzles…). Both carry the
// f-puzzles JSON of Encode, compressed with lz-string in base64.
func URL(p *Puzzle) (fpuzzlesURL, sudokupadURL string, err error) {
	js, err := Encode(p)
	if err != nil {
		return "", "", err
	}
	data, err := lzstring.CompressToBase64(js)
	if err != nil {
		return "", "", fmt.Errorf("fpuzzles: compress: %w", err)
	}
	return "https://f-puzzles.com/?load=" + data, "https://sudokupad.app/fpuzzles" + data, nil
}
