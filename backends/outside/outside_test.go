package outside

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/backends/crosscheck"
	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/backends/solvertest"
	"github.com/sudokit/sudokit/export/lp"
	"github.com/sudokit/sudokit/internal/fixture"
	"github.com/sudokit/sudokit/model"
)

// installed returns a Solver for p, skipping the test when p is missing.
func installed(t *testing.T, p Program) *Solver {
	t.Helper()
	s := New(p)
	if _, err := s.Find(); err != nil {
		t.Skipf("%v", err)
	}
	return s
}

// agree cross-checks m with s and a reference solver under limit and
// requires a conclusive agreement; it returns s's result.
func agree(t *testing.T, s *Solver, ref model.Solver, m *model.Model, limit int) model.Result {
	t.Helper()
	rep := crosscheck.Run(t.Context(), m, "test", model.Options{Limit: limit},
		crosscheck.Backend{Name: "ref", Solver: ref}, crosscheck.Backend{Name: s.Program.Name, Solver: s})
	require.Empty(t, rep.Errors())
	require.True(t, rep.Conclusive(), "%+v", rep.Outcomes)
	require.True(t, rep.Agree(), "%v", rep.Disagreements)
	return rep.Outcomes[1].Result
}

// TestPrograms runs every program (each skipped when not installed) on
// sudokus, a killer, puzzles with several solutions and a contradiction,
// and cross-checks its answers against DLX and SAT.
func TestPrograms(t *testing.T) {
	root := fixture.Root(t)
	for _, p := range Programs() {
		t.Run(p.Name, func(t *testing.T) {
			s := installed(t, p)
			t.Run("top95", func(t *testing.T) {
				for _, line := range fixture.Lines(t, filepath.Join(root, "testdata", "top95.txt"), 3) {
					res := agree(t, s, dlx.New(), solvertest.Puzzle(t, line), 2)
					assert.Equal(t, model.Unique, res.Status)
					assert.True(t, res.Exact)
					assert.EqualValues(t, 2, res.Stats.SolveCalls, "one run to find, one to prove there is no other")
				}
			})
			t.Run("killer", func(t *testing.T) {
				// A published killer with the top third of its solution
				// given: without, the MIP solvers need minutes.
				k := solvertest.Killers()[0]
				m := k.Model(t, false)
				sol := k.Published(m)
				m, err := m.WithGivens(sol[:27], nil)
				require.NoError(t, err)
				res := agree(t, s, sat.New(), m, 2)
				assert.Equal(t, model.Unique, res.Status)
				assert.Equal(t, sol, res.Solutions[0])
			})
			t.Run("multiple", func(t *testing.T) {
				line := fixture.Lines(t, filepath.Join(root, "testdata", "serg_benchmark_20.txt"), 1)[0]
				res := agree(t, s, dlx.New(), solvertest.Puzzle(t, line), 2)
				assert.Equal(t, model.Multiple, res.Status)
				assert.Len(t, res.Solutions, 2)
				assert.False(t, res.Exact)
			})
			t.Run("count", func(t *testing.T) {
				res := agree(t, s, dlx.New(), solvertest.Puzzle(t, "1...........2..3"), 0)
				assert.Equal(t, 9, res.Count)
				assert.True(t, res.Exact)
				assert.EqualValues(t, 10, res.Stats.SolveCalls)
			})
			t.Run("first", func(t *testing.T) {
				m := solvertest.Puzzle(t, "1...........2..3")
				res, err := s.Solve(t.Context(), m, model.Options{Limit: 1, Keep: model.KeepNone})
				require.NoError(t, err)
				assert.Equal(t, model.Sat, res.Status)
				assert.Equal(t, 1, res.Count)
				assert.Empty(t, res.Solutions, "KeepNone")
				assert.EqualValues(t, 1, res.Stats.SolveCalls)
				assert.Positive(t, res.Stats.Elapsed)
			})
			t.Run("contradiction", func(t *testing.T) {
				for _, limit := range []int{1, 2} {
					res, err := s.Solve(t.Context(), solvertest.Puzzle(t, "11.............."), model.Options{Limit: limit})
					require.NoError(t, err)
					assert.Equal(t, model.Unsat, res.Status)
					assert.True(t, res.Exact)
					assert.Equal(t, model.Done, res.Stop)
				}
			})
		})
	}
}

var suite = flag.Bool("suite", false, "run the conformance suite on the outside programs (minutes: one run per solution counted)")

// TestConformance runs the suite every backend passes on each program,
// when asked with -suite: it counts solutions one run each (the 288 of
// the empty 4x4 grid, many times over), which takes minisat about three
// minutes and the MIP solvers longer.
func TestConformance(t *testing.T) {
	if !*suite {
		t.Skip("run with: go test ./backends/outside -run Conformance -args -suite")
	}
	for _, p := range Programs() {
		t.Run(p.Name, func(t *testing.T) { solvertest.Test(t, installed(t, p)) })
	}
}

// script writes an executable shell script and returns its path.
func script(t *testing.T, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	path := filepath.Join(t.TempDir(), "fake")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755))
	return path
}

// stopped solves m with s under ctx and requires an answer within a few
// seconds: Unknown, not exact, with the stop.
func stopped(t *testing.T, ctx context.Context, s *Solver, m *model.Model, stop model.Stop) {
	t.Helper()
	start := time.Now()
	res, err := s.Solve(ctx, m, model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, stop, res.Stop)
	assert.False(t, res.Exact)
}

// TestDeadline: a run that would outlast the context is killed at its
// deadline, the answer is Unknown with the Deadline stop, the process is
// gone and the temporary files with it.
func TestDeadline(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	pidFile := filepath.Join(t.TempDir(), "pid")
	s := &Solver{Program: Glpsol, Path: script(t, "echo $$ > "+pidFile+"\nexec sleep 30")}
	m := solvertest.Puzzle(t, "1...........2..3")
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	stopped(t, ctx, s, m, model.Deadline)
	text, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(text)))
	require.NoError(t, err)
	assert.ErrorIs(t, syscall.Kill(pid, 0), syscall.ESRCH, "process %d still there", pid)
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	assert.Empty(t, left, "temporary files left behind")

	ctx, cancel = context.WithCancel(t.Context())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	stopped(t, ctx, s, m, model.Canceled)
}

// TestDeadlineGlpsol: the real glpsol on a 25x25 puzzle it needs seconds
// for, under a deadline of a fraction of one.
func TestDeadlineGlpsol(t *testing.T) {
	s := installed(t, Glpsol)
	line := fixture.Lines(t, filepath.Join(fixture.Root(t), "testdata", "25x25-42.txt"), 1)[0]
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	stopped(t, ctx, s, solvertest.Puzzle(t, line), model.Deadline)
}

// TestOwnLimit: a program that stops at the time limit it was given
// answers Unknown with the Deadline stop, though the context has not
// ended; the limit reached the program in whole seconds.
func TestOwnLimit(t *testing.T) {
	args := filepath.Join(t.TempDir(), "args")
	// glpsol --lp IN -o OUT --tmlim N: an answer of a MIP stopped early.
	fake := script(t, `echo "$@" > `+args+`
printf 'Problem:\nStatus:     INTEGER UNDEFINED\n' > "$4"`)
	s := &Solver{Program: Glpsol, Path: fake}
	ctx, cancel := context.WithTimeout(t.Context(), time.Hour)
	defer cancel()
	res, err := s.Solve(ctx, solvertest.Puzzle(t, "1...........2..3"), model.Options{Limit: 2})
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, res.Status)
	assert.Equal(t, model.Deadline, res.Stop)
	text, err := os.ReadFile(args)
	require.NoError(t, err)
	assert.Regexp(t, `^--lp \S+model\.lp -o \S+answer\.txt --tmlim 3600\n$`, string(text))

	res, err = s.Solve(t.Context(), solvertest.Puzzle(t, "1...........2..3"), model.Options{Limit: 2})
	assert.ErrorContains(t, err, "stopped without an answer")
	assert.Equal(t, model.Unknown, res.Status)
}

// TestFailures: a missing program, one that fails, one that writes no
// answer and one that writes nonsense are errors that say so.
func TestFailures(t *testing.T) {
	m := solvertest.Puzzle(t, "1...........2..3")
	t.Run("missing", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		for _, p := range Programs() {
			_, err := New(p).Solve(t.Context(), m, model.Options{Limit: 1})
			require.ErrorIs(t, err, ErrNotFound)
			assert.ErrorContains(t, err, p.Name+" is not installed")
			assert.ErrorContains(t, err, "apt-get install "+p.Package)
		}
	})
	for _, tc := range []struct {
		name, body, want string
		is               error
	}{
		{"fails", "echo 'glpsol: bad input' >&2\nexit 1", "glpsol failed: exit status 1:\nglpsol: bad input", nil},
		{"no answer", "echo working", "glpsol wrote no answer:\nworking", nil},
		{"nonsense", `echo nonsense > "$4"`, "no \"Status:\" line", lp.ErrFormat},
		{"no values", `printf 'Status: INTEGER OPTIMAL\n\n   No. Column name       Activity\n------ ------------\n     1 x_1_1_1 * 1\n\n' > "$4"`,
			"no variable of cell", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Solver{Program: Glpsol, Path: script(t, tc.body)}
			_, err := s.Solve(t.Context(), m, model.Options{Limit: 1})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
		})
	}
}

func TestArgs(t *testing.T) {
	for _, tc := range []struct {
		p     Program
		limit time.Duration
		want  string
	}{
		{Glpsol, 0, "--lp in -o out"},
		{Glpsol, 1500 * time.Millisecond, "--lp in -o out --tmlim 2"},
		{Glpsol, 2 * time.Second, "--lp in -o out --tmlim 2"},
		{CBC, 0, "in solve solu out"},
		{CBC, time.Millisecond, "in sec 1 solve solu out"},
		{Minisat, 0, "-verb=0 in out"},
		{Minisat, time.Minute, "-verb=0 -cpu-lim=60 in out"},
		{MiniZinc, 0, "in"},
		{MiniZinc, 1500 * time.Microsecond, "--time-limit 2 in"},
	} {
		assert.Equal(t, tc.want, strings.Join(tc.p.Args("in", "out", tc.limit), " "), "%s %v", tc.p.Name, tc.limit)
	}
	assert.True(t, Minisat.ExitOK(10))
	assert.True(t, Minisat.ExitOK(20))
	assert.False(t, Minisat.ExitOK(1))
	assert.Nil(t, Glpsol.ExitOK)
}

func TestLookup(t *testing.T) {
	for _, p := range Programs() {
		got, err := Lookup(p.Name)
		require.NoError(t, err)
		assert.Equal(t, p.Name, got.Name)
	}
	_, err := Lookup("cplex")
	assert.ErrorContains(t, err, `unknown outside solver "cplex" (known: glpsol, cbc, minisat, minizinc)`)
}

// TestBlockingClauses: the blocking clauses follow sat.WriteDIMACS's clauses and
// the header counts them.
func TestBlockingClauses(t *testing.T) {
	m := solvertest.Puzzle(t, "1...........2..3")
	var plain, cut bytes.Buffer
	require.NoError(t, sat.WriteDIMACS(&plain, m, "sudokit outside solver"))
	res, err := dlx.New().Solve(t.Context(), m, model.Options{Limit: 1})
	require.NoError(t, err)
	sol := res.Solutions[0]
	require.NoError(t, writeCNF(&cut, m, []model.Solution{sol, sol}))
	var vars, clauses int
	head := plain.String()[strings.Index(plain.String(), "p cnf"):]
	_, err = fmt.Sscanf(head, "p cnf %d %d", &vars, &clauses)
	require.NoError(t, err)
	block := ""
	for _, c := range sol {
		block += strconv.Itoa(-int(c)-1) + " "
	}
	block += "0\n"
	want := strings.Replace(plain.String(), "p cnf "+strconv.Itoa(vars)+" "+strconv.Itoa(clauses)+"\n",
		"p cnf "+strconv.Itoa(vars)+" "+strconv.Itoa(clauses+2)+"\n", 1) + block + block
	assert.Equal(t, want, cut.String())

	assert.Panics(t, func() { writeCNF(&cut, m, []model.Solution{sol[:3]}) }, "runs decode whole assignments")
}

// TestMinisatINDET: minisat's answer at its time limit is Unknown.
func TestMinisatINDET(t *testing.T) {
	st, sol, err := Minisat.Read(strings.NewReader("INDET\n"), solvertest.Puzzle(t, "1..............."))
	require.NoError(t, err)
	assert.Equal(t, model.Unknown, st)
	assert.Nil(t, sol)
	st, _, err = Minisat.Read(strings.NewReader("UNSAT\n"), solvertest.Puzzle(t, "1..............."))
	require.NoError(t, err)
	assert.Equal(t, model.Unsat, st)
	_, _, err = Minisat.Read(strings.NewReader("what\n"), solvertest.Puzzle(t, "1..............."))
	assert.Error(t, err)
}
