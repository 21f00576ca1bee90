package fpuzzles

import (
	"bytes"
	"fmt"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// Encode writes p as f-puzzles JSON. Every variant must belong to a family
// with an f-puzzles codec (see variants.Families): the diagonals (both or
// one), extra regions, windoku (as extra regions), jigsaw (as cell
// regions), anti-knight, anti-king, non-consecutive, disjoint groups,
// odd/even, XV, kropki (with dot values and one-colour negative
// constraints), thermometers, palindromes, renban and whispers. Anything
// else is an error naming the variant. A grid whose box shape is not the
// one f-puzzles assumes for its size (3x2 boxes on 6x6, say) is written
// with explicit regions, which read back as a jigsaw.
func Encode(p *Puzzle) (string, error) {
	g := p.Grid
	if err := g.Validate(); err != nil {
		return "", fmt.Errorf("fpuzzles: encode: %w", err)
	}
	w := fpdoc.NewWriter(g.Shape)
	fams, err := encodeVariants(w, p.Variants)
	if err != nil {
		return "", err
	}
	grid, err := gridOut(g, w.Regions())
	if err != nil {
		return "", err
	}
	ms := []member{{"size", g.Shape.N()}}
	for _, m := range []member{{"title", p.Title}, {"author", p.Author}, {"ruleset", p.Rules}} {
		if m.value != "" {
			ms = append(ms, m)
		}
	}
	ms = append(ms, member{"grid", grid})
	ms = append(ms, constraints(w, fams)...)
	if s := p.Solution; s != nil {
		if err := s.Validate(); err != nil || s.Shape.N() != g.Shape.N() {
			return "", fmt.Errorf("fpuzzles: encode: the solution does not fit the %dx%d grid", g.Shape.N(), g.Shape.N())
		}
		ms = append(ms, member{"solution", s.Cells})
	}
	b, err := object(ms)
	if err != nil {
		return "", fmt.Errorf("fpuzzles: encode: %w", err)
	}
	return string(b), nil
}

// encodeVariants hands each family's codec the puzzle's variants of that
// family, families in their Order, and returns the families.
func encodeVariants(w *fpdoc.Writer, vs []rules.Variant) ([]variants.Family, error) {
	byFamily := map[string][]rules.Variant{}
	for _, v := range vs {
		f, ok := variants.FamilyOf(v)
		if !ok {
			return nil, fmt.Errorf("fpuzzles: encode: variant %q (%T) has no f-puzzles form", v.Name(), v)
		}
		byFamily[f.Name] = append(byFamily[f.Name], v)
	}
	fams := variants.Families()
	for _, f := range fams {
		if mine := byFamily[f.Name]; len(mine) > 0 {
			if err := f.Codec.Encode(w, mine); err != nil {
				return nil, fmt.Errorf("fpuzzles: encode: %w", err)
			}
		}
	}
	if err := w.Finish(); err != nil {
		return nil, fmt.Errorf("fpuzzles: encode: %w", err)
	}
	return fams, nil
}

// constraints returns the members the codecs wrote, in f-puzzles' order:
// the flags set, then "negative", then the constraint lists, each group
// in the families' order and each family's keys in its codec's order.
func constraints(w *fpdoc.Writer, fams []variants.Family) []member {
	var flags, lists []member
	for _, f := range fams {
		if f.Codec == nil {
			continue
		}
		for _, k := range f.Codec.Keys {
			if w.Flag(k) {
				flags = append(flags, member{k, true})
			}
			if l := w.List(k); len(l) > 0 {
				lists = append(lists, member{k, l})
			}
		}
	}
	if neg := w.Negative(); len(neg) > 0 {
		flags = append(flags, member{"negative", neg})
	}
	return append(flags, lists...)
}

// gridOut returns the cells of the "grid" member: the givens, and the
// regions of cells outside their default box. regions are a jigsaw's; a
// grid without one whose shape is not the default for its size gets its
// boxes as regions.
func gridOut(g sudoku.Grid, regions [][]sudoku.Cell) ([][]cellOut, error) {
	n := g.Shape.N()
	out := make([][]cellOut, n)
	for r := range out {
		out[r] = make([]cellOut, n)
		for c := range out[r] {
			if v := g.At(r, c); v != 0 {
				if set := g.MarksAt(r, c); set != 0 && set&(1<<(v-1)) == 0 {
					return nil, fmt.Errorf("fpuzzles: encode: the given %d of %v is not among its pencil marks, which f-puzzles cannot write", v, sudoku.Cell{Row: r, Col: c})
				}
				out[r][c] = cellOut{Value: v, Given: true}
			} else if set := g.MarksAt(r, c); set != 0 {
				for v := 1; v <= n; v++ {
					if set&(1<<(v-1)) != 0 {
						out[r][c].GivenPencilMarks = append(out[r][c].GivenPencilMarks, v)
					}
				}
			}
		}
	}
	def, err := sudoku.ShapeOf(n)
	if regions == nil && (err != nil || def != g.Shape) {
		for box := 0; box < n; box++ {
			regions = append(regions, g.Shape.BoxCells(box))
		}
	}
	for id, reg := range regions {
		for _, c := range reg {
			if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
				return nil, fmt.Errorf("fpuzzles: encode: jigsaw region %d: %v is outside the grid", id+1, c)
			}
			if err != nil || def.Box(c.Row, c.Col) != id {
				out[c.Row][c.Col].Region = &id
			}
		}
	}
	return out, nil
}

// A member is one member of the JSON object Encode writes.
type member struct {
	key   string
	value any
}

// object writes ms as one compact JSON object, members in order.
func object(ms []member) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range ms {
		k, err := jsonMarshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := jsonMarshal(m.value)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
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
