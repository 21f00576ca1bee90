package fpuzzles_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/fpuzzles"
)

// FuzzDecode: no input makes Decode or Looks panic, and whatever decodes
// encodes and decodes again to the same puzzle and the same model.
func FuzzDecode(f *testing.F) {
	for _, p := range roundTrips(f) {
		js, err := fpuzzles.Encode(p)
		require.NoError(f, err)
		f.Add(js)
		fp, sp, err := fpuzzles.URL(p)
		require.NoError(f, err)
		f.Add(fp)
		f.Add(sp)
	}
	for _, name := range []string{"testdata/xv-negative.json", "testdata/jigsaw6.json", "../testdata/killer.json", "../testdata/arrow.json"} {
		f.Add(readFile(f, name))
	}
	for _, s := range []string{
		"", "{", "{}", `{"size":9}`, `{"size":4,"grid":null}`, "N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA==",
		"https://f-puzzles.com/?load=%zz", "https://sudokupad.app/", "fpuzzles", "sclAAAA", "R1C1", "===",
		"null", "[1,2]", `"x"`, "\ufeff{\"size\":4}", `{"size":4,"grid":[[{"value":{}},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":3}]}`,
		`{"size":36,"grid":[]}`,
		`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true,"extraregion":[{"cells":["R1C4","R2C3","R3C2","R4C1"]}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		fpuzzles.Looks(in)
		p, err := fpuzzles.Decode(in)
		if err != nil {
			require.Nil(t, p)
			return
		}
		js, err := fpuzzles.Encode(p)
		require.NoError(t, err, "a decoded puzzle encodes")
		again, err := fpuzzles.Decode(js)
		require.NoError(t, err, "an encoded puzzle decodes: %s", js)
		samePuzzle(t, p, again, js)
	})
}
