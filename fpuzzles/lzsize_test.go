package fpuzzles

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	lzstring "github.com/daku10/go-lz-string"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExpandedLen checks the length replay against the real decompressor.
func TestExpandedLen(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	inputs := []string{"a", "{}", strings.Repeat("a", 5000), "{\"size\":9,\"grid\":[]}", "héllo wörld ☃ 𝄞"}
	for i := 0; i < 200; i++ {
		b := make([]rune, rng.IntN(300)+1)
		for k := range b {
			b[k] = rune("ab{}\"R1C9é☃"[rng.IntN(11)])
			if rng.IntN(50) == 0 {
				b[k] = rune(rng.IntN(0x2000) + 32)
			}
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		data, err := lzstring.CompressToBase64(in)
		require.NoError(t, err)
		assert.Equal(t, len(utf16.Encode([]rune(in))), expandedLen(data, 1<<30), "%q", in)
	}
	// A small input that would expand to a huge text is caught early.
	bomb, err := lzstring.CompressToBase64(strings.Repeat("a", 1<<16))
	require.NoError(t, err)
	assert.Less(t, len(bomb), 1000)
	assert.Greater(t, expandedLen(bomb, 1000), 1000)
	defer func(old int) { maxExpanded = old }(maxExpanded)
	maxExpanded = 1000
	_, err = payload{lz: bomb}.text()
	require.ErrorContains(t, err, "too large")
	// Garbage neither panics nor loops.
	for _, s := range []string{"", "A", "////", "N4Ig", "ZZZZZZZZZZZZ"} {
		expandedLen(s, 100)
	}
}
