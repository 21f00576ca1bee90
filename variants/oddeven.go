package variants

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/fpdoc"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

func init() {
	mustRegister(Family{
		Name:    "odd-even",
		Summary: "marked cells hold odd digits, or even ones",
		Order:   80,
		Codec: &Codec{
			Keys:   []string{"odd", "even"},
			Types:  []rules.Variant{OddEven{}},
			Decode: decodeOddEven,
			Encode: func(w *fpdoc.Writer, vs []rules.Variant) error {
				for _, v := range vs {
					writeCellMarks(w, oddEvenKeys, v.(OddEven).Odd, v.(OddEven).Even)
				}
				return nil
			},
		},
		Fuzz: func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
			return OddEven{Odd: randomCells(s, rng, 2), Even: randomCells(s, rng, 2)}
		},
	})
}

// oddEvenKeys are the f-puzzles keys of odd and even cells, in that order.
var oddEvenKeys = []string{"odd", "even"}

// decodeOddEven reads the single-cell marks "odd" and "even".
func decodeOddEven(r *fpdoc.Reader) ([]rules.Variant, error) {
	var o OddEven
	if found, err := readCellMarks(r, oddEvenKeys, &o.Odd, &o.Even); !found || err != nil {
		return nil, err
	}
	return []rules.Variant{o}, nil
}

// OddEven marks cells that hold an odd digit (Odd) or an even one (Even).
// It lowers to excluded candidates only.
type OddEven struct {
	Odd, Even []sudoku.Cell
}

// Name returns "odd-even".
func (OddEven) Name() string { return "odd-even" }

// Apply excludes the even candidates of odd cells and the odd candidates of
// even cells. A cell marked both odd and even is an error.
func (o OddEven) Apply(b *rules.Builder) error {
	n := b.Shape().N()
	if err := checkCells("odd cells", o.Odd, n); err != nil {
		return err
	}
	if err := checkCells("even cells", o.Even, n); err != nil {
		return err
	}
	for _, c := range o.Even {
		for _, d := range o.Odd {
			if c == d {
				return invalid("odd-even: %v is marked both odd and even", c)
			}
		}
	}
	exclude := func(cells []sudoku.Cell, oddValues bool) { // drop the odd or the even values
		for _, c := range cells {
			for v := 1; v <= n; v++ {
				if (v%2 == 1) == oddValues {
					b.Model().Exclude(b.Cand(c, v))
				}
			}
		}
	}
	exclude(o.Odd, false) // odd cells lose their even candidates
	exclude(o.Even, true)
	return nil
}
