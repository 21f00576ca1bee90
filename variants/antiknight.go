package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "antiknight",
		Summary: "cells a chess knight's move apart never hold the same digit",
		Order:   40,
		Entries: []Entry{{
			Name:    "antiknight",
			Aliases: []string{"anti-knight"},
			Summary: "cells a chess knight's move apart never hold the same digit",
			New:     func() rules.Variant { return AntiKnight{} },
		}},
		Codec: flagCodec("antiknight", AntiKnight{}),
		Fuzz:  func(sudoku.Shape, *rand.Rand) rules.Variant { return AntiKnight{} },
	})
}

// knightMoves are the knight moves, one of each pair (d, -d).
var knightMoves = [][2]int{{1, 2}, {1, -2}, {2, 1}, {2, -1}}

// AntiKnight forbids the same digit in two cells a chess knight's move apart.
// It applies to every grid shape.
type AntiKnight struct{}

// Name returns "antiknight".
func (AntiKnight) Name() string { return "antiknight" }

// Apply adds one "not both" rule per digit and pair of cells a knight's
// move apart.
func (AntiKnight) Apply(b *rules.Builder) error {
	sameDigitApart(b, knightMoves)
	return nil
}
