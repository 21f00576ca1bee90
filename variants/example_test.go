package variants_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// windows is a rule set of our own: the four shaded 3x3 windows of
// windoku each hold every digit once. It knows nothing of any backend.
type windows struct{}

func (windows) Name() string { return "my-windoku" }

func (windows) Apply(b *rules.Builder) error {
	if b.Shape().N() != 9 {
		return errors.New("needs a 9x9 grid")
	}
	for _, top := range []int{1, 5} {
		for _, left := range []int{1, 5} {
			var cells []sudoku.Cell
			for i := 0; i < 9; i++ {
				cells = append(cells, sudoku.Cell{Row: top + i/3, Col: left + i%3})
			}
			b.House(fmt.Sprintf("window r%dc%d", top+1, left+1), cells) // every digit once: lowered to the model's ExactlyOne rules
		}
	}
	return nil
}

// Example_newRuleSet adds a rule set without touching any backend: the
// puzzle has many solutions as a classic sudoku and exactly one with the
// four extra windows, and the unchanged DLX backend finds it.
func Example_newRuleSet() {
	err := variants.Register(variants.Entry{
		Name:    "my-windoku",
		Summary: "four extra 3x3 windows hold every digit once",
		New:     func() rules.Variant { return windows{} },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	vs, err := variants.ParseList("my-windoku")
	if err != nil {
		fmt.Println(err)
		return
	}
	puzzle, err := sudoku.Parse(".2.4.....7...9....5.....1......1.4...9..2.....16.............45.5...........3...7", sudoku.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	solver := dlx.New()
	for _, set := range [][]rules.Variant{nil, vs} {
		m, err := rules.Build(puzzle, set...)
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := solver.Solve(context.Background(), m, model.Options{Limit: 2})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(len(set), "extra rule sets:", res.Status)
		if res.Status == model.Unique {
			g, _ := rules.Decode(puzzle.Shape, res.Solutions[0])
			fmt.Println(g.Line())
		}
	}
	// Output:
	// 0 extra rule sets: multiple
	// 1 extra rule sets: unique
	// 123456789768193254549287163235718496497625318816349572372961845954872631681534927
}
