package outside

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokit/sudokit/model"
)

// ErrNotFound is what the error of a Solver whose program is not
// installed matches with errors.Is.
var ErrNotFound = errors.New("outside: program not found")

// notFound is the error of a program that is not installed: it names the
// program and the package that installs it.
type notFound struct{ name, pkg string }

func (e notFound) Error() string {
	return fmt.Sprintf("%s is not installed or not on PATH (Debian and Ubuntu: apt-get install %s)", e.name, e.pkg)
}

func (e notFound) Is(target error) bool { return target == ErrNotFound }

// A Program says how to run one outside solver: the file it reads, its
// arguments and how to read its answer.
type Program struct {
	// Name is the command, looked up on PATH, and the backend's name.
	Name string
	// Package is the Debian package that installs it, for the message
	// when it is missing.
	Package string
	// Ext is the extension of the file it reads: "lp" or "cnf" (the
	// format of the model it is given).
	Ext string
	// Write writes m with every solution of cut excluded, in the format
	// the program reads.
	Write func(w io.Writer, m *model.Model, cut []model.Solution) error
	// Args returns the arguments that solve the file in and write the
	// answer to out, within limit when limit > 0.
	Args func(in, out string, limit time.Duration) []string
	// Stdout says that the program writes its answer to standard output,
	// which the Solver then saves as the file out.
	Stdout bool
	// ExitOK reports whether an exit status other than 0 is one of the
	// program's answers (minisat exits with 10 and 20).
	ExitOK func(code int) bool
	// Read reads the answer file: Sat with a solution of m, Unsat, or
	// Unknown when the program stopped without either.
	Read func(r io.Reader, m *model.Model) (model.Status, model.Solution, error)
}

// A Solver runs an outside Program as a model.Solver (see the package
// documentation). It is safe for concurrent use: each Solve call works in
// its own temporary directory.
type Solver struct {
	Program Program
	// Path is the command to run; "" looks Program.Name up on PATH.
	Path string
}

var _ model.Solver = (*Solver)(nil)

// New returns a Solver that runs p, found on PATH.
func New(p Program) *Solver { return &Solver{Program: p} }

// Find returns the path of the program to run, or an error matching
// ErrNotFound that names it and the package that installs it.
func (s *Solver) Find() (string, error) {
	name := s.Path
	if name == "" {
		name = s.Program.Name
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return "", notFound{name, s.Program.Package}
	}
	return path, nil
}

// logTail is how much of a program's output an error quotes, at most.
const logTail = 600

// Solve implements model.Solver. It runs the program once per solution
// it looks for, with the earlier ones cut off, and once more to prove
// that there is no other, unless the limit was reached first.
func (s *Solver) Solve(ctx context.Context, m *model.Model, opts model.Options) (model.Result, error) {
	start := time.Now()
	ctx, res, ended, err := model.Begin(s.Program.Name, ctx, m, opts)
	if err != nil || ended {
		return res, err
	}
	res, err = s.solve(ctx, m, opts)
	res.Stats.Elapsed = time.Since(start)
	return res, err
}

// solve runs the program until the limit or a proof that there is no
// other solution.
func (s *Solver) solve(ctx context.Context, m *model.Model, opts model.Options) (res model.Result, err error) {
	name := s.Program.Name
	path, err := s.Find()
	if err != nil {
		return res, err
	}
	dir, err := os.MkdirTemp("", "sudokit-"+name+"-")
	if err != nil {
		return res, fmt.Errorf("%s: %w", name, err)
	}
	defer os.RemoveAll(dir)
	var cut []model.Solution
	stop := model.Done
	for opts.Limit <= 0 || res.Count < opts.Limit {
		res.Stats.SolveCalls++
		st, sol, err := s.run(ctx, path, dir, m, cut)
		if err != nil {
			return res, err
		}
		if st == model.Unknown {
			if _, ok := ctx.Deadline(); !ok && ctx.Err() == nil {
				return res, fmt.Errorf("%s stopped without an answer, though it was given no time limit", name)
			}
			stop = model.StopFor(ctx.Err())
			if stop == model.Done {
				stop = model.Deadline // the program's own time limit, set from ctx's deadline
			}
			break
		}
		if st == model.Unsat {
			break
		}
		res.Count++
		if opts.Keeps(len(res.Solutions)) {
			res.Solutions = append(res.Solutions, sol)
		}
		cut = append(cut, sol)
	}
	res.Conclude(opts, stop)
	return res, nil
}

// run solves m with the solutions of cut excluded: one run of the program
// in dir. An ended context kills the program and answers Unknown.
func (s *Solver) run(ctx context.Context, path, dir string, m *model.Model, cut []model.Solution) (model.Status, model.Solution, error) {
	p := s.Program
	in, out := filepath.Join(dir, "model."+p.Ext), filepath.Join(dir, "answer.txt")
	if err := writeFile(in, m, cut, p.Write); err != nil {
		return 0, nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	if err := os.Remove(out); err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	var limit time.Duration
	if deadline, ok := ctx.Deadline(); ok {
		if limit = time.Until(deadline); limit <= 0 {
			return model.Unknown, nil, nil
		}
	}
	cmd := exec.CommandContext(ctx, path, p.Args(in, out, limit)...)
	cmd.Dir = dir
	var log tail
	cmd.Stdout, cmd.Stderr = &log, &log
	if p.Stdout {
		f, err := os.Create(out)
		if err != nil {
			return 0, nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		defer f.Close()
		cmd.Stdout = f
	}
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if ctx.Err() != nil {
		return model.Unknown, nil, nil // killed, or about to be: no answer
	}
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && p.ExitOK != nil && p.ExitOK(exit.ExitCode())) {
		return 0, nil, fmt.Errorf("%s failed: %v%s", p.Name, err, log.quote())
	}
	f, err := os.Open(out)
	if err != nil {
		return 0, nil, fmt.Errorf("%s wrote no answer%s", p.Name, log.quote())
	}
	defer f.Close()
	st, sol, err := p.Read(f, m)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w%s", p.Name, err, log.quote())
	}
	return st, sol, nil
}

// writeFile writes m, with cut excluded, to the file path with write.
func writeFile(path string, m *model.Model, cut []model.Solution,
	write func(io.Writer, *model.Model, []model.Solution) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f, m, cut); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// A tail keeps the last logTail bytes written to it.
type tail struct{ buf []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - logTail; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// quote returns the output kept, on its own lines after ": ", or "".
func (t *tail) quote() string {
	text := strings.TrimSpace(string(bytes.ToValidUTF8(t.buf, nil)))
	if text == "" {
		return ""
	}
	return ":\n" + text
}
