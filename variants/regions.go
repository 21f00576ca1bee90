package variants

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "regions",
		Summary: "extra regions, or the windoku windows, hold no digit twice",
		Order:   30,
		Entries: []Entry{{
			Name:    "windoku",
			Aliases: []string{"hyper"},
			Summary: "extra box-sized windows, one cell in from the edges, hold every digit once",
			New:     func() rules.Variant { return Windoku{} },
		}},
		Codec: &Codec{
			Keys:   []string{"extraregion"},
			Types:  []rules.Variant{ExtraRegions{}, Windoku{}},
			Decode: decodeRegions,
			Encode: encodeRegions,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			if rng.IntN(2) == 0 {
				return Windoku{}
			}
			return ExtraRegions{Regions: [][]sudoku.Cell{randomCells(s, rng, s.N()-1)}}
		},
	})
}

// decodeRegions reads "extraregion": the windoku windows, when the regions
// are exactly those, or extra regions.
func decodeRegions(r *fpdoc.Reader) ([]rules.Variant, error) {
	var extra [][]sudoku.Cell
	err := r.Parts("extraregion", func(at string, p fpdoc.Part) error {
		cells, err := r.Cells(at+".cells", p.Cells)
		extra = append(extra, cells)
		return err
	})
	switch {
	case err != nil || len(extra) == 0:
		return nil, err
	case sameSets(extra, windows(r.Shape())):
		return []rules.Variant{Windoku{}}, nil
	}
	return []rules.Variant{ExtraRegions{Regions: extra}}, nil
}

// encodeRegions writes extra regions and windows as "extraregion". A
// diagonal given as the first region of the first ExtraRegions is written
// as the f-puzzles diagonal (which reads back as DiagonalMain or
// DiagonalAnti), unless a diagonal variant already set one: then the region
// stays, so that what Decode reads encodes back to the same document. The
// diagonal family, earlier in Order, has written its flags by then.
func encodeRegions(w *fpdoc.Writer, vs []rules.Variant) error {
	const key = "extraregion"
	lead, first := -1, true // where the first region of the first ExtraRegions went
	for _, v := range vs {
		switch v := v.(type) {
		case ExtraRegions:
			if first && len(v.Regions) > 0 {
				lead = len(w.List(key))
			}
			first = false
			for _, reg := range v.Regions {
				w.Add(key, fpdoc.Part{Cells: fpdoc.Refs(reg)})
			}
		case Windoku:
			ws := windows(w.Shape())
			if ws == nil {
				return fmt.Errorf("windoku needs square boxes, not %v", w.Shape())
			}
			for _, win := range ws {
				w.Add(key, fpdoc.Part{Cells: fpdoc.Refs(win)})
			}
		}
	}
	if lead < 0 || w.Flag("diagonal+") || w.Flag("diagonal-") {
		return nil
	}
	list := w.List(key)
	for _, d := range []struct {
		flag string
		anti bool
	}{{"diagonal+", true}, {"diagonal-", false}} {
		if slices.Equal(list[lead].Cells, fpdoc.Refs(DiagonalCells(w.Shape().N(), d.anti))) {
			w.SetFlag(d.flag)
			w.SetList(key, slices.Delete(slices.Clone(list), lead, lead+1))
			break
		}
	}
	return nil
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

// ExtraRegions adds houses to the standard ones: a region of N cells holds
// every digit once, a smaller one holds no digit twice. Regions may overlap
// each other and the standard houses.
type ExtraRegions struct {
	Regions [][]sudoku.Cell
}

// Name returns "extra-regions".
func (ExtraRegions) Name() string { return "extra-regions" }

// Apply checks each region (1..N cells inside the grid, none repeated) and
// adds it with House.
func (e ExtraRegions) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, reg := range e.Regions {
		what := fmt.Sprintf("extra region %d", i+1)
		if len(reg) == 0 || len(reg) > n {
			return invalid("%s: %d cells from %v, want 1..%d", what, len(reg), firstCell(reg), n)
		}
		if err := checkCells(what, reg, n); err != nil {
			return err
		}
	}
	for i, reg := range e.Regions {
		b.House(fmt.Sprintf("extra region %d", i+1), reg)
	}
	return nil
}

// Windoku (hyper sudoku) adds extra houses, the windows: on a 9x9 grid the
// four 3x3 blocks with top-left cells r2c2, r2c6, r6c2 and r6c6. The rule
// generalises to every grid of square k x k boxes: (k-1)^2 windows of k x k
// cells, one cell in from the edges and one cell apart (one centre window
// on 4x4, nine on 16x16). Grids with oblong boxes are refused: windows of
// box shape do not tile them this way.
type Windoku struct{}

// Name returns "windoku".
func (Windoku) Name() string { return "windoku" }

// Apply adds each window as a house.
func (Windoku) Apply(b *rules.Builder) error {
	s := b.Shape()
	if s.BoxCols != s.BoxRows {
		return invalid("windoku needs square boxes, not %v", s)
	}
	for i, w := range windows(s) {
		b.House(fmt.Sprintf("window %d", i+1), w)
	}
	return nil
}

// windows returns the cells of the windoku windows of shape s, row by row
// from the top-left one, or nil when s has oblong boxes.
func windows(s sudoku.Shape) [][]sudoku.Cell {
	k := s.BoxRows
	if s.BoxCols != k {
		return nil
	}
	var out [][]sudoku.Cell
	for i := 0; i < k-1; i++ {
		for j := 0; j < k-1; j++ {
			top, left := 1+i*(k+1), 1+j*(k+1)
			w := make([]sudoku.Cell, 0, k*k)
			for r := 0; r < k; r++ {
				for c := 0; c < k; c++ {
					w = append(w, sudoku.Cell{Row: top + r, Col: left + c})
				}
			}
			out = append(out, w)
		}
	}
	return out
}
