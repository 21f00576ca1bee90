package sudoku

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShapeOf(t *testing.T) {
	tests := []struct {
		n    int
		want Shape
		err  bool
	}{
		{4, Shape{2, 2}, false},
		{6, Shape{2, 3}, false},
		{8, Shape{2, 4}, false},
		{9, Shape{3, 3}, false},
		{12, Shape{3, 4}, false},
		{16, Shape{4, 4}, false},
		{25, Shape{5, 5}, false},
		{36, Shape{6, 6}, false},
		{7, Shape{}, true},
		{3, Shape{}, true},
		{37, Shape{}, true},
	}
	for _, tt := range tests {
		s, err := ShapeOf(tt.n)
		if tt.err {
			assert.ErrorIs(t, err, ErrShape, "side %d", tt.n)
			continue
		}
		require.NoError(t, err, "side %d", tt.n)
		assert.Equal(t, tt.want, s)
		assert.Equal(t, tt.n, s.N())
	}
}

func TestDefaultAlphabet(t *testing.T) {
	// Every value of every supported side must be writable by the default
	// alphabet, and read back to itself.
	for n := 2; n <= MaxN; n++ {
		a := DefaultAlphabet(n)
		require.GreaterOrEqual(t, a.MaxValue(), n, "side %d", n)
		for v := 1; v <= n; v++ {
			got, ok := a.Value(a.Symbol(v))
			require.True(t, ok)
			require.Equal(t, v, got)
		}
	}
	assert.Equal(t, Digits, DefaultAlphabet(25))
	assert.Equal(t, Hex, DefaultAlphabet(36))
}

// TestBoxCells: every box's cells are the cells Box numbers with it.
func TestBoxCells(t *testing.T) {
	for _, s := range []Shape{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}} {
		n := s.N()
		seen := 0
		for box := 0; box < n; box++ {
			cells := s.BoxCells(box)
			require.Len(t, cells, n)
			for _, c := range cells {
				assert.Equal(t, box, s.Box(c.Row, c.Col), "%v box %d %v", s, box, c)
				seen++
			}
		}
		assert.Equal(t, n*n, seen)
	}
	assert.Equal(t, []Cell{{0, 3}, {0, 4}, {0, 5}, {1, 3}, {1, 4}, {1, 5}}, Shape{2, 3}.BoxCells(1))
}
