package variants_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/variants"
)

// TestNegativeRatioValues: the negative black-dot rule forbids, on pairs
// without a dot, the ratios the black dots carry, and 2 only when no black
// dot carries a value (the f-puzzles reference solver's reading). Black
// dots that all carry 3 leave the undotted doubles free.
func TestNegativeRatioValues(t *testing.T) {
	//	1 2 3 4
	//	3 4 1 2
	//	2 1 4 3
	//	4 3 2 1
	// Ratio 3 on exactly four pairs, ratio 2 on several.
	g := grid{4, []int{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}}
	var threes []variants.Dot
	for _, p := range pairs("r1c1-r2c1 r1c3-r2c3 r3c2-r4c2 r3c4-r4c4") {
		threes = append(threes, variants.Dot{A: p[0], B: p[1], Value: 3})
	}
	two := variants.Dot{A: cell("r1c1"), B: cell("r1c2"), Value: 2}
	for _, tc := range []struct {
		name string
		v    variants.Kropki
		want bool
	}{
		{"every black dot 3", variants.Kropki{BlackDots: threes, NegativeBlack: true}, true},
		{"every black dot 3, both colours negative", variants.Kropki{BlackDots: threes, Negative: true}, true},
		{"no black dot: 2", variants.Kropki{NegativeBlack: true}, false},
		{"a plain dot adds 2", variants.Kropki{Black: pairs("r1c1-r1c2"), BlackDots: threes, NegativeBlack: true}, false},
		{"a dot of value 2 adds 2", variants.Kropki{BlackDots: append([]variants.Dot{two}, threes...), NegativeBlack: true}, false},
		{"an undotted ratio 3", variants.Kropki{BlackDots: threes[:3], NegativeBlack: true}, false},
		{"no negative rule", variants.Kropki{BlackDots: threes[:3]}, true},
	} {
		require.Equal(t, tc.want, accepts(t, g, tc.v), "model: %s", tc.name)
		require.Equal(t, tc.want, satisfiesKropki(g, tc.v), "checker: %s", tc.name)
	}
}
