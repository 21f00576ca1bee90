package forum_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/forum"
	"github.com/sudokit/sudokit/sudoku"
)

// FuzzParseKiller: no line makes ParseKiller panic, and a line it reads
// writes back, in each form that can carry it, as a line that reads as
// the same rules.
func FuzzParseKiller(f *testing.F) {
	for _, l := range lines(f, "../testdata/killers/killers.txt") {
		if fs := strings.Split(l, " | "); len(fs) == 3 {
			f.Add(fs[2])
		}
	}
	for _, s := range []string{"", "3x3:", "3x3::k:", "3x3:d:k:1", strings.Repeat("0", 81), "<" + strings.Repeat("0", 80), strings.Repeat(".", 81)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		forum.LooksKiller(in)
		g, vs, err := forum.ParseKiller(in)
		if err != nil {
			return
		}
		for _, long := range []bool{false, true} {
			out, err := forum.EncodeKiller(g, vs, long)
			if err != nil {
				continue // a cage the form cannot write
			}
			_, back, err := forum.ParseKiller(out)
			require.NoError(t, err, out)
			a, an := sorted(vs)
			b, bn := sorted(back)
			require.Equal(t, a, b, out)
			require.Equal(t, an, bn, out)
		}
	})
}

// FuzzParseLibrary: no line makes ParseLibrary panic, and a line it reads
// has a valid grid.
func FuzzParseLibrary(f *testing.F) {
	for _, l := range lines(f, "../testdata/hodoku-reglib.txt") {
		f.Add(l)
	}
	for _, s := range []string{"", ":", ":0000:", "::::::::", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... ED=9.4/9.4/9.1 x", " ED=1.0/1.0/1.0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		forum.LooksLibrary(in)
		e, err := forum.ParseLibrary(in, sudoku.ParseOptions{})
		if err != nil {
			return
		}
		require.NoError(t, e.Grid.Validate(), in)
	})
}
