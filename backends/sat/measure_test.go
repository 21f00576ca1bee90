//go:build unix

package sat

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// TestMeasureSums is a measuring driver, not a test: it runs only when
// SUDOKIT_SUMS names puzzle files (globs, separated by spaces). Each puzzle
// is proved unique (Limit 2) with each encoding of SUDOKIT_SUMS_ENC (names,
// separated by commas; default digit-sets,order,sets-order), one after the
// other, under a time limit of SUDOKIT_SUMS_TIMEOUT (default 5s). It writes
// one line per puzzle and encoding, "file:line encoding verdict cpu-seconds
// vars clauses", to SUDOKIT_SUMS_OUT (default standard output). The CPU
// time is the process's user time (getrusage) around the call: gini's
// goroutine and the garbage collector included, the other tests' work not,
// as the puzzles run one at a time.
//
//	SUDOKIT_SUMS="../../testdata/killers/killers.links.txt" \
//	  go test ./backends/sat -run TestMeasureSums -count=1 -timeout 0
func TestMeasureSums(t *testing.T) {
	globs := os.Getenv("SUDOKIT_SUMS")
	if globs == "" {
		t.Skip("SUDOKIT_SUMS names no puzzle files")
	}
	var files []string
	for _, g := range strings.Fields(globs) {
		fs, err := filepath.Glob(g)
		require.NoError(t, err)
		files = append(files, fs...)
	}
	require.NotEmpty(t, files, "no file matches %q", globs)
	encs := strings.Split(cmp.Or(os.Getenv("SUDOKIT_SUMS_ENC"), "digit-sets,order,sets-order"), ",")
	solvers := make([]*Solver, len(encs))
	for i, name := range encs {
		solvers[i] = &Solver{Sums: encodingNamed(t, name)}
	}
	limit, err := time.ParseDuration(cmp.Or(os.Getenv("SUDOKIT_SUMS_TIMEOUT"), "5s"))
	require.NoError(t, err)
	var out io.Writer = os.Stdout
	if path := os.Getenv("SUDOKIT_SUMS_OUT"); path != "" {
		f, err := os.Create(path)
		require.NoError(t, err)
		defer f.Close()
		out = f
	}
	ch := make(chan puzzle.Item)
	go func() { _ = new(puzzle.Reader).Read(files, ch) }() // Read closes ch
	var cache puzzle.Cache
	for it := range ch {
		m, err := cache.Model(it)
		if err != nil {
			fmt.Fprintf(out, "%s - error 0 0 0\n", it.Where())
			continue
		}
		for i, s := range solvers {
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			before := userTime()
			res, err := s.Solve(ctx, m, model.Options{Limit: 2})
			cpu := userTime() - before
			cancel()
			verdict := res.Status.String()
			if err != nil {
				verdict = "error"
			}
			fmt.Fprintf(out, "%s %s %s %.3f %d %d\n", it.Where(), encs[i], verdict, cpu.Seconds(), res.Stats.Vars, res.Stats.Clauses)
		}
	}
}

// encodingNamed returns the SumEncoding whose String is name.
func encodingNamed(t *testing.T, name string) SumEncoding {
	for _, enc := range sumEncodings {
		if enc.String() == name {
			return enc
		}
	}
	t.Fatalf("no sum encoding %q", name)
	return 0
}

// userTime returns the process's user CPU time.
func userTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano())
}
