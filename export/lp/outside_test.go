package lp

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/fpuzzles"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
)

// An outside is a MIP solver run as a command on an LP file.
type outside struct {
	name, pkg string
	args      func(in, out string) []string
	read      func(f *os.File) (Answer, error)
}

var outsides = []outside{
	{"glpsol", "glpk-utils", func(in, out string) []string { return []string{"--lp", in, "--tmlim", "120", "-o", out} },
		func(f *os.File) (Answer, error) { return ReadGlpsol(f) }},
	{"cbc", "coinor-cbc", func(in, out string) []string { return []string{in, "sec", "120", "solve", "solu", out} },
		func(f *os.File) (Answer, error) { return ReadCBC(f) }},
}

// run writes m's program, solves it with o and returns o's answer.
func (o outside) run(t *testing.T, path string, m *model.Model) Answer {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.lp"), filepath.Join(dir, "out.txt")
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, m, "sudokit test"))
	require.NoError(t, os.WriteFile(in, buf.Bytes(), 0o644))
	cmd := exec.Command(path, o.args(in, out)...)
	log, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s: %s", o.name, log)
	f, err := os.Open(out)
	require.NoError(t, err, "%s wrote no answer: %s", o.name, log)
	defer f.Close()
	a, err := o.read(f)
	require.NoError(t, err)
	return a
}

// solved runs o on m and requires a solution the referee accepts.
func (o outside) solved(t *testing.T, path string, m *model.Model) {
	t.Helper()
	a := o.run(t, path, m)
	require.Equal(t, model.Sat, a.Status)
	sol, err := a.Solution(m)
	require.NoError(t, err)
	assert.NoError(t, model.Check(m, sol))
}

// TestOutside solves exports with glpsol and CBC (each skipped when not
// installed): their answers decode to solutions the referee accepts,
// contradictions are infeasible, and on small n-ary models the program is
// feasible exactly when the model has a solution, with all cells fixed to
// any assignment exactly when the referee accepts it.
func TestOutside(t *testing.T) {
	for _, o := range outsides {
		t.Run(o.name, func(t *testing.T) {
			path, err := exec.LookPath(o.name)
			if err != nil {
				t.Skipf("%s not installed (apt-get install -y %s)", o.name, o.pkg)
			}
			t.Run("top95", func(t *testing.T) {
				for _, line := range fixture.Lines(t, filepath.Join(fixture.Root(t), "testdata", "top95.txt"), 5) {
					o.solved(t, path, solvertest.Puzzle(t, line))
				}
			})
			t.Run("16x16", func(t *testing.T) {
				if testing.Short() {
					t.Skip("-short")
				}
				for _, line := range fixture.Lines(t, filepath.Join(fixture.Root(t), "testdata", "16x16-45.txt"), 2) {
					o.solved(t, path, solvertest.Puzzle(t, line))
				}
			})
			t.Run("killer.json", func(t *testing.T) {
				text, err := os.ReadFile(filepath.Join(fixture.Root(t), "testdata", "killer.json"))
				require.NoError(t, err)
				p, err := fpuzzles.Decode(string(text))
				require.NoError(t, err)
				m, err := rules.Build(p.Grid, p.Variants...)
				require.NoError(t, err)
				o.solved(t, path, m)
			})
			t.Run("nary4", func(t *testing.T) { o.solved(t, path, nary4(t)) })
			t.Run("contradiction", func(t *testing.T) {
				a := o.run(t, path, solvertest.Puzzle(t, "11.............."))
				assert.Equal(t, model.Unsat, a.Status)
				_, err := a.Solution(solvertest.Puzzle(t, "11.............."))
				assert.Error(t, err)
			})
			t.Run("nary", func(t *testing.T) { testNary(t, o, path) })
		})
	}
}

// testNary checks the program of every solvertest.NaryCases model against
// the enumeration: feasible exactly when the model has a solution; and, with
// every cell fixed, feasible exactly when the referee accepts the
// assignment, for every solution and a few random assignments.
func testNary(t *testing.T, o outside, path string) {
	rng := rand.New(rand.NewPCG(15, 1))
	for _, tc := range solvertest.NaryCases {
		m := solvertest.NaryModel(t, tc.Add)
		sols := solvertest.BruteForce(m)
		a := o.run(t, path, m)
		if len(sols) == 0 {
			assert.Equal(t, model.Unsat, a.Status, tc.Name)
			continue
		}
		require.Equal(t, model.Sat, a.Status, tc.Name)
		sol, err := a.Solution(m)
		require.NoError(t, err, tc.Name)
		assert.NoError(t, model.Check(m, sol), tc.Name)
		if testing.Short() {
			continue
		}
		tries := append([]model.Solution(nil), sols[:min(len(sols), 4)]...)
		for range 6 {
			s := make(model.Solution, m.Cells())
			for k := range s {
				s[k] = m.Cand(k, 1+rng.IntN(m.Values()))
			}
			tries = append(tries, s)
		}
		for _, s := range tries {
			fixed, err := m.WithGivens(append(append([]model.Cand(nil), m.Fixed()...), s...), m.Excluded())
			require.NoError(t, err)
			want := model.Unsat
			if model.Check(m, s) == nil {
				want = model.Sat
			}
			assert.Equal(t, want, o.run(t, path, fixed).Status, "%s: %v", tc.Name, s)
		}
	}
}
