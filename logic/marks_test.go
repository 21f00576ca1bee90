package logic_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/logic"
)

const first = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func TestParseMarks(t *testing.T) {
	m := build(t, first, "")
	all := strings.TrimSpace(strings.Repeat(". ", 81))
	for _, tc := range []struct {
		name, marks string
		n           int // candidates excluded
		err         string
	}{
		{"all open", all, 0, ""},
		{"zeros", strings.Replace(all, ".", "0", -1), 0, ""},
		{"given kept", "4" + all[1:], 8, ""},
		{"r1c2 to 1 or 2", ". 21" + all[3:], 7, ""},
		{"commas", ". 1,2" + all[3:], 7, ""},
		{"r9c9 to 9", all[:len(all)-1] + "9", 8, ""},
		{"too few", ". .", 0, "logic: pencil marks: 2 groups for 81 cells"},
		{"bad value", ". 1x" + all[3:], 0, `logic: pencil marks: group 2 "1x": values are 1 to 9`},
		{"zero in a group", ". 10" + all[3:], 0, `group 2 "10": values are 1 to 9`},
		{"given excluded", "5" + all[1:], 0, `group 1 "5": r1c1 is given as 4`},
	} {
		got, err := logic.ParseMarks(m, tc.marks)
		if tc.err != "" {
			require.ErrorContains(t, err, tc.err, tc.name)
			var me *logic.MarksError
			assert.True(t, errors.As(err, &me), tc.name)
			continue
		}
		require.NoError(t, err, tc.name)
		assert.Len(t, got, tc.n, tc.name)
	}
	got, err := logic.ParseMarks(m, ". 21"+all[3:])
	require.NoError(t, err)
	for _, c := range got {
		assert.Equal(t, 1, m.CellOf(c))
		assert.Greater(t, m.ValueOf(c), 2)
	}
}

// TestCandidatesRoundTrip checks that the marks Candidates writes read back
// as the same position.
func TestCandidatesRoundTrip(t *testing.T) {
	m := build(t, first, "")
	for _, singles := range []bool{false, true} {
		mk, err := logic.Candidates(m, singles)
		require.NoError(t, err)
		excl, err := logic.ParseMarks(m, mk.String())
		require.NoError(t, err)
		m2, err := m.WithGivens(m.Fixed(), excl)
		require.NoError(t, err)
		again, err := logic.Candidates(m2, false)
		require.NoError(t, err)
		for i := range mk.Values {
			assert.Equal(t, mk.Values[i], again.Values[i], "cell %d", i)
		}
	}
	plain, err := logic.Candidates(m, false)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(plain.String(), "4 1679 12679 139 2369 1269 8 1239 5 "), plain.String())
	assert.True(t, plain.Placed[0])
	assert.False(t, plain.Placed[1])
	filled, err := logic.Candidates(m, true)
	require.NoError(t, err)
	assert.Equal(t, []int{4}, filled.Values[m.CellOf(m.Cand(5*9+1, 4))], "the hidden single r6c2=4 is placed")
}

func FuzzParseMarks(f *testing.F) {
	m := build(f, first, "")
	mk, err := logic.Candidates(m, true)
	require.NoError(f, err)
	f.Add(mk.String())
	f.Add(". 1x")
	f.Add(strings.Repeat("123456789 ", 81))
	f.Fuzz(func(t *testing.T, s string) {
		excl, err := logic.ParseMarks(m, s)
		if err != nil {
			return
		}
		m2, err := m.WithGivens(m.Fixed(), excl)
		require.NoError(t, err)
		_, _, err = logic.Next(m2)
		require.NoError(t, err)
	})
}
