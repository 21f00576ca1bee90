package sudokupad_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/sudokupad"
)

// FuzzDecodeJSON: no text makes the zipped-JSON reader panic, and whatever
// decodes without dropping anything encodes, when it can, and decodes
// again to the same puzzle.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{
		`{` + empty4 + `,` + boxes4 + `,ca:[{ce:[[0,1],[0,2]],v:5},{v:'title: T'}],global:['antiknight']}`,
		`{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"regions":[[[0,0],[0,1],[0,2],[1,0]],[[0,3],[1,1],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}`,
		`{ce:[[{v:1},,,],[,,{v:'3'},],[,,,],[,,,{v:4}]],` + boxes4 + `,o:[{ct:[1,1],c:#0,r:t,c2:FFaa00}]}`,
		"", "{", "[", "{ce:[[", `{a:'\`, `{a:"\u00`, "{a:1e999}", "{ce:[[,,],[,,],[,,]],re:[]}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := sudokupad.Options{IgnoreUnsupported: true}.DecodeJSON(in)
		if err != nil {
			require.Nil(t, p)
			return
		}
		js, err := sudokupad.Encode(p)
		if err != nil {
			return // a jigsaw of a size f-puzzles cannot write, a large solution …
		}
		again, err := sudokupad.Options{}.DecodeJSON(js)
		require.NoError(t, err, js)
		require.Equal(t, p.Variants, again.Variants, js)
		require.Equal(t, p.Grid.String(), again.Grid.String(), js)
	})
}
