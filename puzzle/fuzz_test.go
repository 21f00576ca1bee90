package puzzle_test

import (
	"strings"
	"testing"

	"github.com/sudokit/sudokit/puzzle"
)

// FuzzReader feeds arbitrary input to the Reader in every format: it must
// not panic, must number the items it sends in order, and each item is a
// puzzle with a valid grid whose model builds, or an error.
func FuzzReader(f *testing.F) {
	for _, seed := range []string{
		top95first + "\n# c\n\n" + xPuzzle + "\n",
		"1 . | 3 .\n. . | . 4\n----+----\n. . | 4 .\n. . | . 1\n",
		"\ufeff" + top95first,
		`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"nonconsecutive":true}`,
		"null",
		"3.......71.......5....68.....5.19......9.............28....3......235..1.......9.\n000000021\n",
	} {
		f.Add(seed, uint8(0))
	}
	f.Fuzz(func(t *testing.T, input string, format uint8) {
		r := &puzzle.Reader{Format: puzzle.Formats[int(format)%len(puzzle.Formats)], Stdin: strings.NewReader(input)}
		items, _ := readAll(r)
		var c puzzle.Cache
		for i, it := range items {
			if it.Index != i {
				t.Fatalf("item %d numbered %d", i, it.Index)
			}
			if it.Err != nil {
				continue
			}
			if err := it.Grid.Validate(); err != nil {
				t.Fatalf("item %d: a puzzle without an error has an invalid grid: %v", i, err)
			}
			if it.Grid.Shape.N() <= 9 {
				_, _ = c.Model(it) // may refuse the rules; must not panic
			}
		}
	})
}
