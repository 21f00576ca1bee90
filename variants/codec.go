package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

// Helpers the families' codecs and fuzz makers share.

// flagCodec is the codec of a family that f-puzzles writes as one flag
// ("antiknight": true) and that has one variant, v.
func flagCodec(key string, v rules.Variant) *Codec {
	return &Codec{
		Keys:  []string{key},
		Types: []rules.Variant{v},
		Decode: func(r *fpdoc.Reader) ([]rules.Variant, error) {
			on, err := r.Flag(key)
			if err != nil || !on {
				return nil, err
			}
			return []rules.Variant{v}, nil
		},
		Encode: func(w *fpdoc.Writer, _ []rules.Variant) error {
			w.SetFlag(key)
			return nil
		},
	}
}

// lineCodec is the codec of a line family without values (thermometers,
// palindromes, renban): key lists the lines, all lines of a document make
// one variant with build, and lines returns a variant's lines. A value on a
// line (a clue some add-ons allow) is refused as unsupported.
func lineCodec[V rules.Variant](key string, build func([][]sudoku.Cell) V, lines func(V) [][]sudoku.Cell) *Codec {
	var zero V
	return &Codec{
		Keys:  []string{key},
		Types: []rules.Variant{zero},
		Decode: func(r *fpdoc.Reader) ([]rules.Variant, error) {
			var all [][]sudoku.Cell
			err := r.Parts(key, func(at string, p fpdoc.Part) error {
				if p.Value != "" {
					return fpdoc.Unsupportedf("%s: value %q on a %s line", at, p.Value, key)
				}
				ls, err := r.Lines(at, p)
				all = append(all, ls...)
				return err
			})
			if err != nil || len(all) == 0 {
				return nil, err
			}
			return []rules.Variant{build(all)}, nil
		},
		Encode: func(w *fpdoc.Writer, vs []rules.Variant) error {
			for _, v := range vs {
				for _, l := range lines(v.(V)) {
					w.Add(key, fpdoc.LinePart(l, ""))
				}
			}
			return nil
		},
	}
}

// randomCells returns k distinct random cells of shape s.
func randomCells(s sudoku.Shape, rng *rand.Rand, k int) []sudoku.Cell {
	n := s.N()
	out := make([]sudoku.Cell, 0, k)
	for _, i := range rng.Perm(n * n)[:k] {
		out = append(out, sudoku.Cell{Row: i / n, Col: i % n})
	}
	return out
}

// readCellMarks reads the single-cell marks of keys[i] ("odd" and "even",
// "minimum" and "maximum") into *dsts[i], and reports whether there were
// any.
func readCellMarks(r *fpdoc.Reader, keys []string, dsts ...*[]sudoku.Cell) (bool, error) {
	found := false
	for i, key := range keys {
		err := r.Parts(key, func(at string, p fpdoc.Part) error {
			c, err := r.Cell(at, p)
			*dsts[i] = append(*dsts[i], c)
			found = true
			return err
		})
		if err != nil {
			return false, err
		}
	}
	return found, nil
}

// writeCellMarks writes cells[i] as single-cell marks of keys[i].
func writeCellMarks(w *fpdoc.Writer, keys []string, cells ...[]sudoku.Cell) {
	for i, key := range keys {
		for _, c := range cells[i] {
			w.Add(key, fpdoc.Part{Cell: fpdoc.Ref(c)})
		}
	}
}
