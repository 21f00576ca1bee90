package variants

import (
	"math/rand/v2"
	"slices"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "indexer",
		Summary: "an indexer cell's digit says where in its column (row, box) its own row (column, box place) number stands",
		Order:   270,
		Codec: &Codec{
			Keys:   []string{"rowindexer", "columnindexer", "boxindexer"},
			Types:  []rules.Variant{Indexer{}},
			Decode: decodeIndexer,
			Encode: encodeIndexer,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			at := func(c sudoku.Cell) int { return sol[c.Row*n+c.Col] }
			var x Indexer
			for _, i := range rng.Perm(n * n) {
				p := sudoku.Cell{Row: i / n, Col: i % n}
				v := at(p)
				switch {
				case at(sudoku.Cell{Row: v - 1, Col: p.Col}) == p.Row+1 && len(x.Row) < 2:
					x.Row = append(x.Row, p)
				case at(sudoku.Cell{Row: p.Row, Col: v - 1}) == p.Col+1 && len(x.Column) < 2:
					x.Column = append(x.Column, p)
				case len(x.Box) < 1:
					box := s.BoxCells(s.Box(p.Row, p.Col))
					if at(box[v-1]) == slices.Index(box, p)+1 {
						x.Box = append(x.Box, p)
					}
				}
			}
			return x
		},
	})
}

// Indexer marks indexer cells, as f-puzzles defines them. A row indexer in
// row r and column c holding digit v puts digit r in row v of column c (the
// digits of such cells in row 1 of the "1-5-9" puzzles tell where the 1 of
// each column stands, read down it). A column indexer in row r, column c
// holding v puts digit c in column v of row r. A box indexer in place p of
// its region (counted in reading order from 1) holding v puts digit p in
// place v of the region. The regions are those RegionOf gives (row-major,
// numbered 0..N-1, N cells each), or the standard boxes when it is nil; an
// f-puzzles document's box indexers use its regions, a jigsaw's when it
// has one, as the f-puzzles reference solver reads them, and the codec
// fills RegionOf so.
type Indexer struct {
	Row, Column, Box []sudoku.Cell
	RegionOf         []int
}

// Name returns "indexer".
func (Indexer) Name() string { return "indexer" }

// Apply adds, per indexer cell p and digit v, the rule that p = v makes
// the target cell hold p's index: "not both" pairs of p = v with every other
// digit of the target. A cell indexing itself (v equal to its own index)
// needs none.
func (x Indexer) Apply(b *rules.Builder) error {
	s := b.Shape()
	n := s.N()
	for _, l := range []struct {
		what  string
		cells []sudoku.Cell
	}{{"row indexer cells", x.Row}, {"column indexer cells", x.Column}, {"box indexer cells", x.Box}} {
		if err := checkCells(l.what, l.cells, n); err != nil {
			return err
		}
	}
	for _, p := range x.Row {
		for v := 1; v <= n; v++ {
			if q := (sudoku.Cell{Row: v - 1, Col: p.Col}); q != p {
				implies(b, p, v, q, p.Row+1)
			}
		}
	}
	for _, p := range x.Column {
		for v := 1; v <= n; v++ {
			if q := (sudoku.Cell{Row: p.Row, Col: v - 1}); q != p {
				implies(b, p, v, q, p.Col+1)
			}
		}
	}
	if len(x.Box) == 0 {
		return nil
	}
	regions, err := regionsOf(s, x.RegionOf, "box indexers")
	if err != nil {
		return err
	}
	for _, p := range x.Box {
		var reg []sudoku.Cell
		for _, reg = range regions {
			if slices.Contains(reg, p) {
				break
			}
		}
		at := slices.Index(reg, p)
		for v := 1; v <= n; v++ {
			if q := reg[v-1]; q != p {
				implies(b, p, v, q, at+1)
			}
		}
	}
	return nil
}

var indexerKeys = []string{"rowindexer", "columnindexer", "boxindexer"}

// decodeIndexer reads the "cells" of "rowindexer", "columnindexer" and
// "boxindexer"; a value on them is refused. Box indexers index within the
// document's regions.
func decodeIndexer(r *fpdoc.Reader) ([]rules.Variant, error) {
	var x Indexer
	dsts := []*[]sudoku.Cell{&x.Row, &x.Column, &x.Box}
	for k, key := range indexerKeys {
		err := r.Parts(key, func(at string, p fpdoc.Part) error {
			if p.Value != "" {
				return fpdoc.Unsupportedf("%s: value %q on %s cells", at, p.Value, key)
			}
			cells, err := r.Cells(at+".cells", p.Cells)
			*dsts[k] = append(*dsts[k], cells...)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if len(x.Row)+len(x.Column)+len(x.Box) == 0 {
		return nil, nil
	}
	if len(x.Box) > 0 {
		x.RegionOf = documentRegions(r)
	}
	return []rules.Variant{x}, nil
}

// encodeIndexer writes the three lists of cells; box indexers over other
// regions than the grid's are an error (checkDocumentRegions).
func encodeIndexer(w *fpdoc.Writer, vs []rules.Variant) error {
	for _, v := range vs {
		x := v.(Indexer)
		if len(x.Box) > 0 {
			checkDocumentRegions(w, x.RegionOf, "box indexers")
		}
		for k, cells := range [][]sudoku.Cell{x.Row, x.Column, x.Box} {
			if len(cells) > 0 {
				w.Add(indexerKeys[k], fpdoc.Part{Cells: fpdoc.Refs(cells)})
			}
		}
	}
	return nil
}
