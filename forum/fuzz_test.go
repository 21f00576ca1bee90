package forum_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/forum"
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
