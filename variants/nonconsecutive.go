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
// constraint of the kropki dots: every orthogonal pair without a dot is
// non-consecutive, and a pair with a dot of either colour is exempt (its
// dot says what it holds), as the f-puzzles reference solver reads it: a
// black dot may join 1 and 2. A document with the flag and dots decodes to
// a NonConsecutive whose Except holds the dotted pairs, beside the Kropki
// that holds the dots; Except travels back as those dots, and f-puzzles
// output refuses an exempt pair that carries no dot.
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
			forbid(b, "nonconsecutive", p, q, func(x, y int) bool { return abs(x-y) == 1 })
		}
	})
	return nil
}

// nonConsecutiveCodec reads the "nonconsecutive" flag as the negative
// constraint of the kropki dots: the pairs a white ("difference") or black
// ("ratio") dot joins are exempt.
func nonConsecutiveCodec() *Codec {
	c := flagCodec("nonconsecutive", NonConsecutive{})
	c.Decode = func(r *fpdoc.Reader) ([]rules.Variant, error) {
		on, err := r.Flag("nonconsecutive")
		if err != nil || !on {
			return nil, err
		}
		var nc NonConsecutive
		seen := map[[2]sudoku.Cell]bool{}
		for _, dots := range []string{"difference", "ratio"} {
			err = r.Parts(dots, func(at string, p fpdoc.Part) error {
				pair, err := r.Pair(at, p)
				if err == nil && !seen[key(pair[0], pair[1])] {
					seen[key(pair[0], pair[1])] = true
					nc.Except = append(nc.Except, pair)
				}
				return err
			})
			if err != nil {
				return nil, err
			}
		}
		return []rules.Variant{nc}, nil
	}
	c.Encode = func(w *fpdoc.Writer, vs []rules.Variant) error {
		w.SetFlag("nonconsecutive")
		w.Check(func() error { return exemptionsDotted(w, vs) })
		return nil
	}
	return c
}

// exemptionsDotted reports an exempt pair of a NonConsecutive that no kropki
// dot the writer holds joins: f-puzzles writes an exemption only as a dot.
func exemptionsDotted(w *fpdoc.Writer, vs []rules.Variant) error {
	dotted := map[[2]string]bool{}
	for _, list := range []string{"difference", "ratio"} {
		for _, p := range w.List(list) {
			if len(p.Cells) == 2 {
				dotted[[2]string{p.Cells[0], p.Cells[1]}] = true
				dotted[[2]string{p.Cells[1], p.Cells[0]}] = true
			}
		}
	}
	for _, v := range vs {
		for _, p := range v.(NonConsecutive).Except {
			if !dotted[[2]string{fpdoc.Ref(p[0]), fpdoc.Ref(p[1])}] {
				return fmt.Errorf("nonconsecutive: the exempt pair %v-%v has no kropki dot, and f-puzzles carries an exemption only as a dot", p[0], p[1])
			}
		}
	}
	return nil
}
