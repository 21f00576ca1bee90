package mzn

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// mixed4 is a 4x4 sudoku with a rule of every form the writer lowers
// differently: a house (the diagonal), a partial house and a pair of
// AtMostOne rules, a killer cage, an arrow, a sum of several totals with
// weights that are not linear in the value, a conditional sum, a table and
// a conditional table; a given and an excluded candidate.
func mixed4(t *testing.T) *model.Model {
	return solvertest.Extend(t, solvertest.Blank(t, 2, 2), func(b *model.Builder) {
		b.House("diagonal", []int{0, 5, 10, 15})
		b.AddRule(model.Rule{Kind: model.AtMostOne, Label: "partial", Cands: []model.Cand{b.Cand(1, 2), b.Cand(7, 2), b.Cand(12, 2)}})
		b.AddRule(model.Rule{Kind: model.AtMostOne, Label: "pair", Cands: []model.Cand{b.Cand(2, 1), b.Cand(8, 3)}})
		b.Linear("cage", []int{0, 1, 4}, []int{1, 1, 1}, []int{7}, true)
		b.Linear("arrow", []int{5, 6, 10}, []int{-1, 1, 1}, []int{0}, false)
		b.AddRule(model.Rule{Kind: model.Sum, Label: "ones and fours", Cands: []model.Cand{b.Cand(3, 1), b.Cand(3, 4), b.Cand(9, 4)},
			Payload: model.Payload{Weights: []int32{1, 1, 2}, Totals: []int32{1, 2}}})
		b.Linear("x-sum", []int{8, 9}, []int{1, 1}, []int{5}, true, b.Cand(8, 2))
		b.AddTable("pair", []int{14, 15}, [][]int{{1, 2}, {2, 1}, {3, 4}})
		b.AddTable("clone", []int{11, 13}, [][]int{{1, 1}, {2, 2}, {3, 3}, {4, 4}}, b.Cand(12, 4))
		b.Fix(b.Cand(3, 4))
		b.Exclude(b.Cand(5, 1))
	})
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    func(t *testing.T) *model.Model
	}{
		{"puzzle4", func(t *testing.T) *model.Model { return solvertest.Puzzle(t, "1...........2..3") }},
		{"mixed4", mixed4},
		{"flat", func(t *testing.T) *model.Model {
			return solvertest.NaryModel(t, func(b *model.Builder) {
				b.Add(model.ExactlyOne, b.Cand(0, 1), b.Cand(1, 1), b.Cand(2, 1))
				b.Add(model.ExactlyOne, b.Cand(4, 3))
				b.Add(model.AtMostOne, b.Cand(3, 2))
			})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, Write(&buf, tc.m(t), "sudokit test", tc.name))
			fixture.Golden(t, tc.name+".mzn.golden", buf.String(), *update)
			for i, line := range strings.Split(buf.String(), "\n") {
				if !strings.HasPrefix(line, "output ") {
					assert.LessOrEqual(t, len(line), lineWidth+2, "line %d: %q", i+1, line)
				}
			}
		})
	}
}

func TestTerm(t *testing.T) {
	for _, tc := range []struct {
		ws   []int32
		want string
	}{
		{[]int32{1, 2, 3, 4}, "x"},
		{[]int32{-1, -2, -3, -4}, "-x"},
		{[]int32{10, 20, 30, 40}, "10*x"},
		{[]int32{0, 0, 0, 0}, ""},
		{[]int32{3, 3, 3, 3}, "3"},
		{[]int32{2, 3, 4, 5}, "x + 1"},
		{[]int32{-2, -1, 0, 1}, "x - 3"},
		{[]int32{1, 0, 0, 1}, "[1, 0, 0, 1][x]"},
		{[]int32{5}, "5"},
	} {
		assert.Equal(t, tc.want, term(tc.ws, "x"), "%v", tc.ws)
	}
}

func TestWriteErrors(t *testing.T) {
	assert.Error(t, Write(&bytes.Buffer{}, nil))
	m := solvertest.Puzzle(t, "1...........2..3")
	sol := make(model.Solution, 16)
	for k := range sol {
		sol[k] = m.Cand(k, 1)
	}
	assert.ErrorContains(t, WriteExcluding(&bytes.Buffer{}, m, []model.Solution{sol[:3]}), "3 cells assigned, model has 16")
	sol[2] = 0
	assert.ErrorContains(t, WriteExcluding(&bytes.Buffer{}, m, []model.Solution{sol}), "not one of its own")
}

func TestRead(t *testing.T) {
	m := solvertest.NaryModel(t, func(b *model.Builder) {})
	sol := model.Solution{m.Cand(0, 1), m.Cand(1, 2), m.Cand(2, 3), m.Cand(3, 4), m.Cand(4, 1)}
	for _, tc := range []struct {
		name, text string
		want       Answer
	}{
		{"one", "[1, 2, 3, 4, 1]\n----------\n", Answer{model.Sat, []model.Solution{sol}, false}},
		{"all", "% comment\n1 2 3\n4 1\n----------\n[1, 2, 3, 4, 1]\n----------\n==========\n",
			Answer{model.Sat, []model.Solution{sol, sol}, true}},
		{"none", "=====UNSATISFIABLE=====\n", Answer{model.Unsat, nil, true}},
		{"unknown", "=====UNKNOWN=====\n", Answer{model.Unknown, nil, false}},
	} {
		a, err := Read(strings.NewReader(tc.text), m)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, a, tc.name)
	}
	for _, tc := range []struct{ text, want string }{
		{"", "no solution and no status line"},
		{"1 2 3\n----------\n", "a solution of 3 values for 5 cells"},
		{"1 2 3 4 5\n----------\n", "value 5 of cell c4 not in 1..4"},
		{"1 2 x 4 1\n----------\n", `"x" is not a value`},
		{"1 2 3 4 1\n", "5 values after the last solution"},
		{"=====ERROR=====\n", "=====ERROR====="},
	} {
		_, err := Read(strings.NewReader(tc.text), m)
		assert.ErrorIs(t, err, ErrFormat, "%q", tc.text)
		assert.ErrorContains(t, err, tc.want, "%q", tc.text)
	}
}

// FuzzRead: the reader returns an answer or an error on any text, never
// panics, and every solution it returns is a complete assignment of the
// model.
func FuzzRead(f *testing.F) {
	f.Add("[1, 2, 3, 4, 1]\n----------\n==========\n")
	f.Add("=====UNSATISFIABLE=====\n")
	f.Add("1 2\n3 4 1\n----------\n=====UNKNOWN=====\n")
	f.Fuzz(func(t *testing.T, text string) {
		m := solvertest.NaryModel(t, func(b *model.Builder) {})
		a, err := Read(strings.NewReader(text), m)
		if err != nil {
			return
		}
		for _, sol := range a.Solutions {
			require.Len(t, sol, m.Cells())
			for k, c := range sol {
				require.Equal(t, k, m.CellOf(c))
			}
		}
	})
}

// minizinc runs minizinc on the model of m with cut excluded, asking for
// every solution, and returns its answer; it skips the test when minizinc
// is not installed.
func minizinc(t *testing.T, m *model.Model, cut ...model.Solution) Answer {
	t.Helper()
	path, err := exec.LookPath("minizinc")
	if err != nil {
		t.Skip("minizinc not installed (apt-get install -y minizinc)")
	}
	in := filepath.Join(t.TempDir(), "m.mzn")
	var buf bytes.Buffer
	require.NoError(t, WriteExcluding(&buf, m, cut, "sudokit test"))
	require.NoError(t, os.WriteFile(in, buf.Bytes(), 0o644))
	var out, log bytes.Buffer
	cmd := exec.Command(path, "-a", in)
	cmd.Stdout, cmd.Stderr = &out, &log
	require.NoError(t, cmd.Run(), "%s\n%s", log.String(), buf.String())
	a, err := Read(&out, m)
	require.NoError(t, err, "%s", out.String())
	require.True(t, a.Complete, "minizinc -a ran to its end")
	return a
}

// TestMiniZinc solves exports with minizinc (skipped when it is not
// installed), asking for every solution: the solution sets equal those of
// the enumeration on the small n-ary models, random ones included, and of
// DLX on puzzles; contradictions have none; and each excluded solution is
// missing from the next answer, and nothing else is.
func TestMiniZinc(t *testing.T) {
	same := func(t *testing.T, m *model.Model, want []model.Solution, name string) {
		t.Helper()
		a := minizinc(t, m)
		assert.Equal(t, solvertest.Keys(want), solvertest.Keys(a.Solutions), name)
		for _, sol := range a.Solutions {
			assert.NoError(t, model.Check(m, sol), name)
		}
		if len(want) == 0 {
			assert.Equal(t, model.Unsat, a.Status, name)
		}
	}
	t.Run("nary", func(t *testing.T) {
		for _, tc := range solvertest.NaryCases {
			m := solvertest.NaryModel(t, tc.Add)
			same(t, m, solvertest.BruteForce(m), tc.Name)
		}
	})
	t.Run("random", func(t *testing.T) {
		n := 20
		if testing.Short() {
			n = 4
		}
		rng := rand.New(rand.NewPCG(6, 1))
		for range n {
			m := solvertest.RandomNary(t, rng)
			same(t, m, solvertest.BruteForce(m), m.String())
		}
	})
	dlxAll := func(t *testing.T, m *model.Model) []model.Solution {
		res, err := dlx.New().Solve(t.Context(), m, model.Options{})
		require.NoError(t, err)
		return res.Solutions
	}
	t.Run("puzzles", func(t *testing.T) {
		root := fixture.Root(t)
		for _, line := range fixture.Lines(t, filepath.Join(root, "testdata", "top95.txt"), 3) {
			m := solvertest.Puzzle(t, line)
			same(t, m, dlxAll(t, m), line)
		}
		for _, p := range []string{"1...........2..3", "11..............", "1....1.........."} {
			m := solvertest.Puzzle(t, p)
			same(t, m, dlxAll(t, m), p)
		}
		m := mixed4(t)
		same(t, m, dlxAll(t, m), "mixed4")
	})
	t.Run("killers", func(t *testing.T) {
		// The top third of each published solution given, so that
		// proving uniqueness takes minizinc -a a second, not a minute.
		for _, k := range solvertest.Killers() {
			m := k.Model(t, false)
			sol := k.Published(m)
			m, err := m.WithGivens(sol[:27], nil)
			require.NoError(t, err)
			same(t, m, []model.Solution{sol}, k.Name)
		}
	})
	t.Run("excluding", func(t *testing.T) {
		m := solvertest.Puzzle(t, "1...........2..3")
		all := dlxAll(t, m)
		require.Len(t, all, 9)
		a := minizinc(t, m, all[:8]...)
		assert.Equal(t, solvertest.Keys(all[8:]), solvertest.Keys(a.Solutions))
		a = minizinc(t, m, all...)
		assert.Equal(t, model.Unsat, a.Status)
	})
}

// BenchmarkWrite writes the program of a 9x9 puzzle, as export and the
// outside solvers do once per run.
func BenchmarkWrite(b *testing.B) { solvertest.BenchmarkWriter(b, Write) }
