package variants

import (
	"fmt"
	"math/rand/v2"

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
			Summary: "cells at the same position in every box hold every digit once",
			New:     func() rules.Variant { return DisjointGroups{} },
		}},
		Codec: flagCodec("disjointgroups", DisjointGroups{}),
		Fuzz:  func(sudoku.Shape, *rand.Rand) rules.Variant { return DisjointGroups{} },
	})
}

// DisjointGroups adds a house for each position within a box: the cells at
// that position in every box hold every digit once. It applies to every grid
// shape (the groups follow the standard boxes, whatever a jigsaw does).
type DisjointGroups struct{}

// Name returns "disjoint".
func (DisjointGroups) Name() string { return "disjoint" }

// Apply adds the N groups as houses.
func (DisjointGroups) Apply(b *rules.Builder) error {
	s := b.Shape()
	n := s.N()
	group := make([]sudoku.Cell, 0, n)
	for pos := 0; pos < n; pos++ {
		dr, dc := pos/s.BoxCols, pos%s.BoxCols
		group = group[:0]
		for br := 0; br < n; br += s.BoxRows {
			for bc := 0; bc < n; bc += s.BoxCols {
				group = append(group, sudoku.Cell{Row: br + dr, Col: bc + dc})
			}
		}
		b.House(fmt.Sprintf("disjoint group %d", pos+1), group)
	}
	return nil
}
