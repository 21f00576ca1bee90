package crosscheck_test

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/variants"
)

// variantMakers build one random instance of each variant family for a
// shape: the fuzz makers of the registry, the diagonal family first (the
// seeds of FuzzBackendsAgree use bit 0 for X-sudoku) and the others in
// their Order. The fuzz target picks a subset by bit mask. A maker may
// return a variant the shape refuses (windoku on oblong boxes): the target
// then builds without it.
var variantMakers = fuzzMakers()

func fuzzMakers() []func(s sudoku.Shape, rng *rand.Rand) rules.Variant {
	var out []func(s sudoku.Shape, rng *rand.Rand) rules.Variant
	for _, f := range variants.Families() {
		switch {
		case f.Fuzz == nil:
		case f.Name == "diagonal":
			out = append([]func(sudoku.Shape, *rand.Rand) rules.Variant{f.Fuzz}, out...)
		default:
			out = append(out, f.Fuzz)
		}
	}
	if len(out) > 32 {
		panic("crosscheck: more variant families than bits in FuzzBackendsAgree's mask")
	}
	return out
}
