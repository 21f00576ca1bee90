package variants

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "clone",
		Summary: "cloned regions hold the same digits in the same places",
		Order:   250,
		Codec: &Codec{
			Keys:   []string{"clone"},
			Types:  []rules.Variant{Clone{}},
			Decode: decodeClone,
			Encode: encodeClone,
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			n := s.N()
			sol := fuzzSolution(s, rng)
			var c Clone
			// Pairs of cells with equal digits in a valid grid.
			for _, i := range rng.Perm(n * n)[:2] {
				for j := range sol {
					if j != i && sol[j] == sol[i] {
						c.Clones = append(c.Clones, ClonePair{
							Cells:  []sudoku.Cell{{Row: i / n, Col: i % n}},
							Copies: []sudoku.Cell{{Row: j / n, Col: j % n}},
						})
						break
					}
				}
			}
			return c
		},
	})
}

// Clone is clone sudoku: each pair of regions holds the same digits in the
// same places, cell Cells[i] the digit of Copies[i].
type Clone struct {
	Clones []ClonePair
}

// A ClonePair is a region, Cells, and its copy, Copies, cell for cell.
type ClonePair struct {
	Cells, Copies []sudoku.Cell
}

// Name returns "clone".
func (Clone) Name() string { return "clone" }

// Apply forbids every pair of different digits in each cell and its copy.
func (c Clone) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	for i, p := range c.Clones {
		what := fmt.Sprintf("clone %d", i+1)
		if len(p.Cells) == 0 || len(p.Cells) != len(p.Copies) {
			return invalid("%s: %d cells and %d copies, want the same number, at least 1", what, len(p.Cells), len(p.Copies))
		}
		if err := checkCells(what, p.Cells, n); err != nil {
			return err
		}
		if err := checkCells(what+" copy", p.Copies, n); err != nil {
			return err
		}
		for k := range p.Cells {
			if p.Cells[k] == p.Copies[k] {
				return invalid("%s: %v is its own copy", what, p.Cells[k])
			}
		}
	}
	for i, p := range c.Clones {
		label := fmt.Sprintf("clone %d", i+1)
		for k := range p.Cells {
			forbid(b, label, p.Cells[k], p.Copies[k], func(x, y int) bool { return x != y })
		}
	}
	return nil
}

// decodeClone reads "clone": "cells" and their copies, "cloneCells".
func decodeClone(r *fpdoc.Reader) ([]rules.Variant, error) {
	var c Clone
	err := r.Parts("clone", func(at string, p fpdoc.Part) error {
		cells, err := r.Cells(at+".cells", p.Cells)
		if err != nil {
			return err
		}
		copies, err := r.Cells(at+".cloneCells", p.CloneCells)
		if err != nil {
			return err
		}
		if len(cells) == 0 || len(cells) != len(copies) {
			return fpdoc.Errorf("%s: %d cells and %d cloneCells, want the same number, at least 1", at, len(cells), len(copies))
		}
		c.Clones = append(c.Clones, ClonePair{Cells: cells, Copies: copies})
		return nil
	})
	if err != nil || len(c.Clones) == 0 {
		return nil, err
	}
	return []rules.Variant{c}, nil
}

func encodeClone(w *fpdoc.Writer, vs []rules.Variant) error {
	for _, v := range vs {
		for _, p := range v.(Clone).Clones {
			w.Add("clone", fpdoc.Part{Cells: fpdoc.Refs(p.Cells), CloneCells: fpdoc.Refs(p.Copies)})
		}
	}
	return nil
}
