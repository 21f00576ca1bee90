package variants_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// entropyClasses are the low, middle and high digits per side, from the
// rule's statement (1-3, 4-6, 7-9) and its usual reading on smaller grids.
var entropyClasses = map[int][]int{
	4: {0, 1, 1, 2},
	6: {0, 0, 1, 1, 2, 2},
	9: {0, 0, 0, 1, 1, 1, 2, 2, 2},
}

// entropicOK reads the rule on one line: any run of three consecutive
// cells (or the whole line, if shorter) holds digits of different classes.
func entropicOK(g grid, line []sudoku.Cell) bool {
	return windowsDiffer(lineValues(g, line), func(v int) int { return entropyClasses[g.n][v-1] })
}

func satisfiesEntropic(g grid, v variants.Entropic) bool {
	for _, l := range v.Lines {
		if !entropicOK(g, l) {
			return false
		}
	}
	return true
}

func makeEntropic(rng *rand.Rand, g grid, valid bool) rules.Variant {
	return makeLines(rng, g, valid, 2, 6, entropicOK, func(ls [][]sudoku.Cell) rules.Variant { return variants.Entropic{Lines: ls} })
}

func init() {
	propCases = append(propCases, propCase{"entropic", func(rng *rand.Rand, n int) (rules.Variant, func(grid) bool) {
		v := makeEntropic(rng, randomSolved(rng, n), true).(variants.Entropic)
		return v, func(g grid) bool { return satisfiesEntropic(g, v) }
	}, []int{4, 6}})
}

func TestEntropicModel(t *testing.T) {
	linesAgree(t, []int{4, 6, 9}, makeEntropic, func(g grid, v rules.Variant) bool {
		return satisfiesEntropic(g, v.(variants.Entropic))
	})
}

func TestEntropyClass(t *testing.T) {
	for n, want := range map[int][]int{
		4: {0, 1, 1, 2}, 6: {0, 0, 1, 1, 2, 2}, 8: {0, 0, 0, 1, 1, 2, 2, 2},
		9: {0, 0, 0, 1, 1, 1, 2, 2, 2}, 16: {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2},
	} {
		got := make([]int, n)
		for v := 1; v <= n; v++ {
			got[v-1] = variants.EntropyClass(v, n)
		}
		assert.Equal(t, want, got, "n=%d", n)
	}
}

func TestEntropicInvalid(t *testing.T) {
	checkInvalid(t, []invalidCase{
		{"outside", 6, variants.Entropic{Lines: lines("r6c6 r7c7")}, "outside"},
	})
}
