package dlx_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

// TestOptionMap checks that every option of a lowered model maps to a
// candidate whose options include it, and that every option lists the item
// of its candidate's cell first.
func TestOptionMap(t *testing.T) {
	m := solvertest.Blank(t, 2, 2)
	x, om, err := dlx.LowerMap(m)
	require.NoError(t, err)
	require.Equal(t, x.Options(), om.NumOptions())
	var items []int32
	for o := range om.NumOptions() {
		c := om.Cand(o)
		assert.True(t, slices.Contains(om.Options(c), int32(o)), "option %d", o)
		items = x.OptionItems(items[:0], o)
		assert.Equal(t, int32(m.CellOf(c)), items[0], "option %d starts with its cell's item", o)
	}
	for c := range model.Cand(m.NumCands()) {
		assert.Len(t, om.Options(c), 1, "one option per candidate")
	}
}
