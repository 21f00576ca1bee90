package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "nonconsecutive",
		Summary: "orthogonally adjacent cells never hold consecutive digits",
		Order:   60,
		Entries: []Entry{{
			Name:    "nonconsecutive",
			Aliases: []string{"non-consecutive"},
			Summary: "orthogonally adjacent cells never hold consecutive digits",
			New:     func() rules.Variant { return NonConsecutive{} },
		}},
		Codec: flagCodec("nonconsecutive", NonConsecutive{}),
		Fuzz:  func(sudoku.Shape, *rand.Rand) rules.Variant { return NonConsecutive{} },
	})
}

// NonConsecutive forbids digits that differ by 1 in orthogonally adjacent
// cells. It applies to every grid shape.
type NonConsecutive struct{}

// Name returns "nonconsecutive".
func (NonConsecutive) Name() string { return "nonconsecutive" }

// Apply adds, for every pair of orthogonal neighbours, the "not both" rules
// of the consecutive digit pairs.
func (NonConsecutive) Apply(b *rules.Builder) error {
	orthogonalPairs(b.Shape().N(), func(p, q sudoku.Cell) {
		forbid(b, p, q, func(x, y int) bool { return abs(x-y) == 1 })
	})
	return nil
}
