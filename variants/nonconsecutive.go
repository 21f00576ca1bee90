package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
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
		Codec: nonConsecutiveCodec(),
		Fuzz:  func(sudoku.Shape, *rand.Rand) rules.Variant { return NonConsecutive{} },
	})
}

// NonConsecutive forbids digits that differ by 1 in orthogonally adjacent
// cells, except in the pairs listed in Except. It applies to every grid
// shape.
//
// In f-puzzles and SudokuPad the "nonconsecutive" flag is the negative
// constraint of the white kropki dots: every orthogonal pair without a white
// dot is non-consecutive, and the dotted pairs (consecutive, by their dots)
// are exempt. A document with the flag and white dots decodes to a
// NonConsecutive whose Except holds the white-dotted pairs, beside the
// Kropki that holds the dots; Except travels back as those dots.
type NonConsecutive struct {
	Except [][2]sudoku.Cell
}

// Name returns "nonconsecutive".
func (NonConsecutive) Name() string { return "nonconsecutive" }

// Apply adds, for every pair of orthogonal neighbours not in Except, the
// "not both" rules of the consecutive digit pairs.
func (nc NonConsecutive) Apply(b *rules.Builder) error {
	exempt := map[[2]sudoku.Cell]bool{}
	for _, p := range nc.Except {
		exempt[key(p[0], p[1])] = true
	}
	orthogonalPairs(b.Shape().N(), func(p, q sudoku.Cell) {
		if !exempt[key(p, q)] {
			forbid(b, p, q, func(x, y int) bool { return abs(x-y) == 1 })
		}
	})
	return nil
}

// nonConsecutiveCodec reads the "nonconsecutive" flag as the negative
// constraint of the white dots: the pairs a white dot ("difference") joins
// are exempt.
func nonConsecutiveCodec() *Codec {
	c := flagCodec("nonconsecutive", NonConsecutive{})
	c.Decode = func(r *fpdoc.Reader) ([]rules.Variant, error) {
		on, err := r.Flag("nonconsecutive")
		if err != nil || !on {
			return nil, err
		}
		var nc NonConsecutive
		err = r.Parts("difference", func(at string, p fpdoc.Part) error {
			pair, err := r.Pair(at, p)
			if err == nil {
				nc.Except = append(nc.Except, pair)
			}
			return err
		})
		return []rules.Variant{nc}, err
	}
	return c
}
