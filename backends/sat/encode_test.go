package sat

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/inter"
	"github.com/irifrance/gini/z"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/rules"
	"github.com/sudokit/sudokit/sudoku"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// A recorder is an inter.Adder that keeps the clauses it is given.
type recorder struct {
	clauses [][]int // DIMACS literals
	cur     []int
}

var _ inter.Adder = (*recorder)(nil)

func (r *recorder) Add(l z.Lit) {
	if l == z.LitNull {
		r.clauses = append(r.clauses, r.cur)
		r.cur = nil
		return
	}
	r.cur = append(r.cur, l.Dimacs())
}

// String returns one clause per line, DIMACS style.
func (r *recorder) String() string {
	var sb strings.Builder
	for _, c := range r.clauses {
		for _, k := range c {
			fmt.Fprintf(&sb, "%d ", k)
		}
		sb.WriteString("0\n")
	}
	return sb.String()
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), got)
}

// shape4 is the 2x2-box shape of 4x4 grids.
var shape4 = sudoku.Shape{BoxRows: 2, BoxCols: 2}

// puzzle4 has several solutions, so clauses remain after propagation.
const puzzle4 = "1...........2..3"

func build4(t *testing.T, line string) *model.Model {
	t.Helper()
	g, err := sudoku.Parse(line, sudoku.ParseOptions{Shape: shape4})
	require.NoError(t, err)
	m, err := rules.Build(g)
	require.NoError(t, err)
	return m
}

func TestEncodeGolden(t *testing.T) {
	for _, tc := range []struct{ name, line string }{
		{"encode_puzzle4.golden", puzzle4},
		{"encode_empty4.golden", strings.Repeat(".", 16)},
		{"encode_contradiction4.golden", "11.............."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec recorder
			require.NoError(t, Encode(build4(t, tc.line), &rec))
			golden(t, tc.name, rec.String())
		})
	}
}

func TestEncodeShape(t *testing.T) {
	// The empty 4x4 grid: 16 cell and 48 house at-least-one clauses and,
	// per candidate, 3 peers in its cell and the same value in the 7 cells
	// sharing a house (pairs counted once): 64*10/2 binary clauses. No units.
	var rec recorder
	require.NoError(t, Encode(build4(t, strings.Repeat(".", 16)), &rec))
	require.Equal(t, 16+48+64*10/2, len(rec.clauses))
	var base recorder
	require.NoError(t, EncodeRules(build4(t, puzzle4), &base))
	assert.Equal(t, rec.String(), base.String(), "EncodeRules ignores the givens")

	// 9x9: 81+243 at-least-one and 729*28/2 binary clauses (the 1,458
	// pairs that share both a line and a box are written once).
	m9, err := rules.Build(sudoku.NewGrid(sudoku.Shape{BoxRows: 3, BoxCols: 3}))
	require.NoError(t, err)
	var cl clauseList
	require.NoError(t, EncodeRules(m9, &cl))
	assert.Equal(t, 81+243+729*28/2, cl.n)

	// A given decides its cell and removes its value from its houses.
	rec = recorder{}
	m := build4(t, puzzle4)
	require.NoError(t, Encode(m, &rec))
	units := map[int]bool{}
	for _, c := range rec.clauses {
		require.NotEmpty(t, c)
		if len(c) == 1 {
			units[c[0]] = true
		}
		for _, k := range c {
			if len(c) > 1 {
				assert.False(t, units[k] || units[-k], "literal %d of a decided candidate in a clause", k)
			}
		}
	}
	assert.True(t, units[1], "r1c1=1 is given: variable 1 is true")
	for v := 2; v <= 4; v++ {
		assert.True(t, units[-v], "r1c1 cannot hold %d", v)
	}
	assert.True(t, units[-(1*4+0+1)], "r1c2 cannot hold 1")
}

// countModels counts the models of the recorded CNF over vars variables by
// blocking each one, checking every model decodes to a valid solution.
func countModels(t *testing.T, m *model.Model, rec *recorder) int {
	t.Helper()
	g := gini.NewV(m.NumCands())
	for _, c := range rec.clauses {
		for _, k := range c {
			g.Add(z.Dimacs2Lit(k))
		}
		g.Add(z.LitNull)
	}
	n := 0
	for g.Solve() == 1 {
		n++
		var lits []int
		for v := 1; v <= m.NumCands(); v++ {
			l := z.Var(v).Pos()
			if !g.Value(l) {
				l = l.Not()
			}
			lits = append(lits, l.Dimacs())
			g.Add(l.Not())
		}
		g.Add(z.LitNull)
		sol, err := DecodeModel(m, lits)
		require.NoError(t, err)
		require.NoError(t, model.Check(m, sol))
	}
	return n
}

// TestEncodeOracle checks, on random 4x4 puzzles with fixed and excluded
// candidates, that the models of Encode's CNF (over all candidate
// variables, units included) are exactly the solutions: as many as both
// solver modes count, each accepted by the referee.
func TestEncodeOracle(t *testing.T) {
	rnd := rand.New(rand.NewPCG(4, 4))
	full := patternGrid(shape4)
	inc := &Solver{Mode: Incremental}
	for i := 0; i < 60; i++ {
		g := sudoku.NewGrid(shape4)
		for cell := range g.Cells {
			switch x := rnd.IntN(20); {
			case x < 4:
				g.Cells[cell] = full.Cells[cell]
			case x == 4:
				g.Cells[cell] = rnd.IntN(4) + 1 // may contradict
			}
		}
		m, err := rules.Build(g)
		require.NoError(t, err)
		var excluded []model.Cand
		for k := rnd.IntN(5); k > 0; k-- {
			excluded = append(excluded, model.Cand(rnd.IntN(m.NumCands())))
		}
		m, err = m.WithGivens(m.Fixed(), excluded)
		require.NoError(t, err)
		var rec recorder
		require.NoError(t, Encode(m, &rec))
		want := countModels(t, m, &rec)
		for _, s := range []*Solver{New(), inc} {
			res, err := s.Solve(context.Background(), m, model.Options{})
			require.NoError(t, err)
			require.Equal(t, want, res.Count, "%v puzzle %s excluding %v", s.Mode, g.Line(), excluded)
			requireSolved(t, m, res)
		}
	}
}

func TestWriteDIMACSGolden(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteDIMACS(&buf, build4(t, puzzle4), "sudokit test", "puzzle "+puzzle4))
	golden(t, "dimacs_puzzle4.golden", buf.String())
	lines := strings.Split(buf.String(), "\n")
	require.Equal(t, "c sudokit test", lines[0])
	var header string
	clauses := 0
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "p "):
			header = l
		case l != "" && l[0] != 'c':
			clauses++
			require.True(t, strings.HasSuffix(l, "0"), l)
		}
	}
	require.Equal(t, fmt.Sprintf("p cnf 64 %d", clauses), header)
}

func TestReadModel(t *testing.T) {
	cases := []struct {
		in   string
		lits []int
		sat  bool
		err  bool
	}{
		{"SAT\n1 -2 3 0\n", []int{1, -2, 3}, true, false},
		{"UNSAT\n", nil, false, false},
		{"c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", []int{1, -2, 3}, true, false},
		{"s UNSATISFIABLE\n", nil, false, false},
		{"INDET\n", nil, false, true},
		{"SAT\n1 x 0\n", nil, false, true},
	}
	for _, tc := range cases {
		lits, sat, err := ReadModel(strings.NewReader(tc.in))
		if tc.err {
			assert.Error(t, err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.sat, sat, tc.in)
		assert.Equal(t, tc.lits, lits, tc.in)
	}
}

func TestDecodeModelErrors(t *testing.T) {
	m := build4(t, puzzle4)
	_, err := DecodeModel(m, []int{1, 2})
	assert.ErrorContains(t, err, "both")
	_, err = DecodeModel(m, []int{1})
	assert.ErrorContains(t, err, "no value")
}
