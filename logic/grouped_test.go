package logic_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
)

// TestGroupedPositions sets up, with pencil marks on an empty grid, 1 in
// row 1 only at r1c1 and in box 2 (r1c5 r1c6: a group), and in column 4
// only at r3c4 and r9c4: r1c1 = {r1c5 r1c6} - r3c4 = r9c4, so r1c1 or
// r9c4 is 1. Without the group's strong link (1 also at r1c9) no grouped
// chain is left.
func TestGroupedPositions(t *testing.T) {
	no1 := "23456789"
	m := build(t, strings.Repeat(".", 81), "")
	pos, err := m.WithGivens(nil, join(marks(t, no1, without("r1", 1, 5, 6)...), marks(t, no1, without("c4", 3, 9)...)))
	require.NoError(t, err)
	st, ok, err := logic.Find(pos, logic.GroupedAIC)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, logic.GroupedAIC, st.Technique)
	assert.Equal(t, "grouped aic: r1c1=1 = {r1c5 r1c6}=1 - r3c4=1 = r9c4=1 (a = b: a or b holds; a - b: not both; {…}: the value in one of those cells), so r1c1 or r9c4 is 1 => r9c1 -1", st.String())
	assert.InDelta(t, 7.0, st.Rating(), 1e-9)

	pos, err = m.WithGivens(nil, join(marks(t, no1, without("r1", 1, 5, 6, 9)...), marks(t, no1, without("c4", 3, 9)...)))
	require.NoError(t, err)
	_, ok, err = logic.Find(pos, logic.GroupedAIC)
	require.NoError(t, err)
	assert.False(t, ok)
}
