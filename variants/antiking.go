package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "antiking",
		Summary: "cells a chess king's move apart (touching diagonally) never hold the same digit",
		Order:   50,
		Entries: []Entry{{
			Name:    "antiking",
			Aliases: []string{"anti-king"},
			Summary: "cells a chess king's move apart (touching diagonally) never hold the same digit",
			New:     func() rules.Variant { return AntiKing{} },
		}},
		Codec: flagCodec("antiking", AntiKing{}),
		Fuzz:  func(sudoku.Shape, *rand.Rand) rules.Variant { return AntiKing{} },
	})
}

// kingMoves are the diagonal king moves, one of each pair (d, -d);
// orthogonal neighbours already share a row or column.
var kingMoves = [][2]int{{1, 1}, {1, -1}}

// AntiKing forbids the same digit in two cells a chess king's move apart.
// Orthogonal neighbours already share a row or column, so only diagonal
// neighbours get rules. It applies to every grid shape.
type AntiKing struct{}

// Name returns "antiking".
func (AntiKing) Name() string { return "antiking" }

// Apply adds one "not both" rule per digit and pair of diagonal neighbours.
func (AntiKing) Apply(b *rules.Builder) error {
	sameDigitApart(b, kingMoves)
	return nil
}
