package variants

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "disjoint",
		Summary: "cells at the same position in every box hold every digit once",
		Order:   70,
		Entries: []Entry{{
			Name:    "disjoint",
			Aliases: []string{"disjointgroups", "disjoint-groups"},
			Summary: "cells at the same position in every box hold every digit once (the regions of a jigsaw in its place)",
			New:     func() rules.Variant { return DisjointGroups{} },
		}},
		Codec: &Codec{
			Keys:   []string{"disjointgroups"},
			Types:  []rules.Variant{DisjointGroups{}},
			Decode: decodeDisjoint,
			Encode: encodeDisjoint,
		},
		Fuzz: func(sudoku.Shape, *rand.Rand) rules.Variant { return DisjointGroups{} },
	})
}

// DisjointGroups adds a house for each position within a region: group k
// holds the k-th cell, in reading order, of every region, and every group
// holds every digit once. The regions are those RegionOf gives (row-major,
// numbered 0..N-1, N cells each), or the standard boxes when it is nil.
//
// An f-puzzles document's groups follow its regions, a jigsaw's when it
// has one, as the f-puzzles reference solver reads them; the codec fills
// RegionOf so. A DisjointGroups with no RegionOf (the named variant
// "disjoint") follows the standard boxes even when a jigsaw replaces them,
// and has no f-puzzles form beside one.
type DisjointGroups struct {
	RegionOf []int
}

// Name returns "disjoint".
func (DisjointGroups) Name() string { return "disjoint" }

// Apply adds the N groups as houses.
func (d DisjointGroups) Apply(b *rules.Builder) error {
	s := b.Shape()
	regions, err := regionsOf(s, d.RegionOf, "disjoint groups")
	if err != nil {
		return err
	}
	group := make([]sudoku.Cell, len(regions))
	for k := range s.N() {
		for i, reg := range regions {
			group[i] = reg[k]
		}
		b.House(fmt.Sprintf("disjoint group %d", k+1), sortCells(group))
	}
	return nil
}

// sortCells sorts cells into reading order and returns them.
func sortCells(cells []sudoku.Cell) []sudoku.Cell {
	slices.SortFunc(cells, func(p, q sudoku.Cell) int { return (p.Row-q.Row)*sudoku.MaxN + p.Col - q.Col })
	return cells
}

// decodeDisjoint reads the flag "disjointgroups": groups over the
// document's regions.
func decodeDisjoint(r *fpdoc.Reader) ([]rules.Variant, error) {
	on, err := r.Flag("disjointgroups")
	if err != nil || !on {
		return nil, err
	}
	return []rules.Variant{DisjointGroups{RegionOf: documentRegions(r)}}, nil
}

// encodeDisjoint sets the flag; groups over other regions than the grid's
// are an error (checkDocumentRegions).
func encodeDisjoint(w *fpdoc.Writer, vs []rules.Variant) error {
	w.SetFlag("disjointgroups")
	for _, v := range vs {
		checkDocumentRegions(w, v.(DisjointGroups).RegionOf, "disjoint groups")
	}
	return nil
}
