package lp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/model"
)

const glpsolReport = `Problem:    
Rows:       66
Columns:    64 (64 integer, 64 binary)
Non-zeros:  258
Status:     INTEGER OPTIMAL
Objective:  obj = 0 (MINimum)

   No.   Row name        Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 C_1_1                       1             1             = 

   No. Column name       Activity     Lower bound   Upper bound
------ ------------    ------------- ------------- -------------
     1 x_1_1_1      *              1             0             1 
     2 a_very_long_column_name
                    *              0             0             1 
     3 x_1_1_2      *              0             0             1 

Integer feasibility conditions:
`

func TestReadGlpsol(t *testing.T) {
	a, err := ReadGlpsol(strings.NewReader(glpsolReport))
	require.NoError(t, err)
	assert.Equal(t, model.Sat, a.Status)
	assert.Equal(t, map[string]float64{"x_1_1_1": 1, "a_very_long_column_name": 0, "x_1_1_2": 0}, a.Values)
	for _, tc := range []struct {
		status string
		want   model.Status
	}{
		{"INTEGER NON-OPTIMAL", model.Sat},
		{"INTEGER EMPTY", model.Unsat},
		{"INTEGER UNDEFINED", model.Unknown},
	} {
		a, err := ReadGlpsol(strings.NewReader(strings.Replace(glpsolReport, "INTEGER OPTIMAL", tc.status, 1)))
		require.NoError(t, err, tc.status)
		assert.Equal(t, tc.want, a.Status, tc.status)
	}
	for _, bad := range []string{
		"",
		"Rows: 1\n",
		strings.Replace(glpsolReport, "*              1", "*              one", 1),
		strings.Replace(glpsolReport, "     3 x_1_1_2", "     three x_1_1_2", 1),
		strings.Replace(glpsolReport, "Column name", "Kolumn name", 1),
		strings.Replace(glpsolReport, "     3 x_1_1_2      *              0             0             1 \n", "     3 x_1_1_3_is_long_too\n\n", 1),
	} {
		_, err := ReadGlpsol(strings.NewReader(bad))
		assert.ErrorIs(t, err, ErrFormat, "%q", bad)
	}
}

func TestReadCBC(t *testing.T) {
	for _, tc := range []struct {
		text   string
		status model.Status
		values map[string]float64
	}{
		{"Optimal - objective value 0.00000000\n      3 x_1_1_4                     1                       0\n      9 x_1_2_1  1  0\n",
			model.Sat, map[string]float64{"x_1_1_4": 1, "x_1_2_1": 1}},
		{"Infeasible - objective value 0.00000000\n      0 x_1_1_1                    1                       0\n",
			model.Unsat, map[string]float64{"x_1_1_1": 1}},
		{"Integer infeasible - objective value 0\n", model.Unsat, map[string]float64{}},
		{"Stopped on time - objective value 0\n  4 x_2_1_1 ** 1 0\n", model.Unknown, map[string]float64{"x_2_1_1": 1}},
	} {
		a, err := ReadCBC(strings.NewReader(tc.text))
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.status, a.Status, tc.text)
		assert.Equal(t, tc.values, a.Values, tc.text)
	}
	for _, bad := range []string{"", "\n", "Optimal\n 3 x_1_1_4\n", "Optimal\n three x 1 0\n", "Optimal\n 3 x one 0\n"} {
		_, err := ReadCBC(strings.NewReader(bad))
		assert.ErrorIs(t, err, ErrFormat, "%q", bad)
	}
}

func TestAnswerSolution(t *testing.T) {
	m := solvertest.NaryModel(t, func(b *model.Builder) { b.Add(model.ExactlyOne, b.Cand(0, 1), b.Cand(1, 1)) })
	ones := func(names ...string) map[string]float64 {
		v := map[string]float64{"x_1_2": 0, "y_1_1": 1}
		for _, n := range names {
			v[n] = 1
		}
		return v
	}
	sol, err := Answer{model.Sat, ones("x_1_1", "x_2_2", "x_3_3", "x_4_4", "x_5_1")}.Solution(m)
	require.NoError(t, err)
	assert.Equal(t, model.Solution{m.Cand(0, 1), m.Cand(1, 2), m.Cand(2, 3), m.Cand(3, 4), m.Cand(4, 1)}, sol)
	for _, tc := range []struct {
		a    Answer
		want string
	}{
		{Answer{model.Unsat, ones()}, "none"},
		{Answer{model.Sat, ones("x_1_1", "x_2_2", "x_3_3", "x_4_4")}, "no variable of cell c4"},
		{Answer{model.Sat, ones("x_1_1", "x_1_3", "x_2_2", "x_3_3", "x_4_4", "x_5_1")}, "both 1"},
	} {
		_, err := tc.a.Solution(m)
		assert.ErrorContains(t, err, tc.want)
	}
}

// FuzzReaders: the readers of solver output return an answer or an error
// on any text, never panic.
func FuzzReaders(f *testing.F) {
	f.Add(glpsolReport)
	f.Add("Optimal - objective value 0\n 1 x_1_1_1 1 0\n")
	f.Add("Status: INTEGER OPTIMAL\n No. Column name\n 1 x\n")
	f.Fuzz(func(t *testing.T, text string) {
		ReadGlpsol(strings.NewReader(text))
		ReadCBC(strings.NewReader(text))
	})
}
