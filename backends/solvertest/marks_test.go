package solvertest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMarksCases: the grids are all 288 4x4 sudokus, and the cases the
// suite uses cover puzzles with no, one and several solutions.
func TestMarksCases(t *testing.T) {
	require.Len(t, grids4(), 288)
	kinds := map[string]bool{}
	for _, tc := range MarksCases(12, 20) {
		require.Len(t, tc.Line, 64)
		switch {
		case tc.Count == 0:
			kinds["none"] = true
		case tc.Count == 1:
			kinds["unique"] = true
		default:
			kinds["multiple"] = true
		}
	}
	assert.Len(t, kinds, 3, "%v", kinds)
}
