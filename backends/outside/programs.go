package outside

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/export/lp"
	"github.com/sudokit/sudokit/export/mzn"
	"github.com/sudokit/sudokit/model"
)

// The programs sudokit knows how to run.
var (
	// Glpsol is GLPK's solver (package glpk-utils) on the CPLEX LP
	// program: glpsol --lp IN -o OUT [--tmlim SECONDS].
	Glpsol = Program{Name: "glpsol", Package: "glpk-utils", Ext: "lp", Write: writeLP,
		Args: func(in, out string, limit time.Duration) []string {
			args := []string{"--lp", in, "-o", out}
			if limit > 0 {
				args = append(args, "--tmlim", seconds(limit))
			}
			return args
		},
		Read: func(r io.Reader, m *model.Model) (model.Status, model.Solution, error) {
			return answer(lp.ReadGlpsol(r))(m)
		}}
	// CBC is COIN-OR's branch and cut solver (package coinor-cbc) on the
	// CPLEX LP program: cbc IN [sec SECONDS] solve solu OUT.
	CBC = Program{Name: "cbc", Package: "coinor-cbc", Ext: "lp", Write: writeLP,
		Args: func(in, out string, limit time.Duration) []string {
			args := []string{in}
			if limit > 0 {
				args = append(args, "sec", seconds(limit))
			}
			return append(args, "solve", "solu", out)
		},
		Read: func(r io.Reader, m *model.Model) (model.Status, model.Solution, error) {
			return answer(lp.ReadCBC(r))(m)
		}}
	// Minisat is the MiniSat SAT solver (package minisat) on the DIMACS
	// CNF: minisat -verb=0 [-cpu-lim=SECONDS] IN OUT, which exits with
	// 10 (satisfiable) or 20 (unsatisfiable).
	Minisat = Program{Name: "minisat", Package: "minisat", Ext: "cnf", Write: writeCNF,
		Args: func(in, out string, limit time.Duration) []string {
			args := []string{"-verb=0"}
			if limit > 0 {
				args = append(args, "-cpu-lim="+seconds(limit))
			}
			return append(args, in, out)
		},
		ExitOK: func(code int) bool { return code == 10 || code == 20 },
		Read:   readMinisat}
	// MiniZinc is the MiniZinc tool chain (package minizinc) with its
	// default solver (Gecode in Debian's package) on the MiniZinc model:
	// minizinc [--time-limit MILLISECONDS] IN, its answer on standard
	// output (where it also says that a contradiction found while
	// compiling makes the model unsatisfiable).
	MiniZinc = Program{Name: "minizinc", Package: "minizinc", Ext: "mzn", Stdout: true,
		Write: func(w io.Writer, m *model.Model, cut []model.Solution) error {
			return mzn.WriteExcluding(w, m, cut, "sudokit outside solver")
		},
		Args: func(in, out string, limit time.Duration) []string {
			var args []string
			if limit > 0 {
				args = append(args, "--time-limit", strconv.FormatInt(int64((limit+time.Millisecond-1)/time.Millisecond), 10))
			}
			return append(args, in)
		},
		Read: func(r io.Reader, m *model.Model) (model.Status, model.Solution, error) {
			a, err := mzn.Read(r, m)
			if err != nil || a.Status != model.Sat {
				return a.Status, nil, err
			}
			return model.Sat, a.Solutions[0], nil
		}}
)

// Programs returns the programs sudokit knows, in the order help texts
// list them.
func Programs() []Program { return []Program{Glpsol, CBC, Minisat, MiniZinc} }

// Lookup returns the program named name.
func Lookup(name string) (Program, error) {
	var names []string
	for _, p := range Programs() {
		if p.Name == name {
			return p, nil
		}
		names = append(names, p.Name)
	}
	return Program{}, fmt.Errorf("unknown outside solver %q (known: %s)", name, strings.Join(names, ", "))
}

// seconds renders a time limit in whole seconds, rounded up.
func seconds(d time.Duration) string {
	return strconv.FormatInt(int64((d+time.Second-1)/time.Second), 10)
}

func writeLP(w io.Writer, m *model.Model, cut []model.Solution) error {
	return lp.WriteExcluding(w, m, cut, "sudokit outside solver")
}

// answer turns an LP solver's answer into a Read result.
func answer(a lp.Answer, err error) func(*model.Model) (model.Status, model.Solution, error) {
	return func(m *model.Model) (model.Status, model.Solution, error) {
		if err != nil || a.Status != model.Sat {
			return a.Status, nil, err
		}
		sol, err := a.Solution(m)
		return model.Sat, sol, err
	}
}

// writeCNF writes the DIMACS CNF of m (sat.WriteDIMACS) with one more
// clause per solution of cut, which excludes that assignment and no other:
// the negations of its candidates' variables (a blocking clause). The
// solutions are the decoded answers of runs, one candidate per cell.
func writeCNF(w io.Writer, m *model.Model, cut []model.Solution) error {
	var buf bytes.Buffer
	if err := sat.WriteDIMACS(&buf, m, "sudokit outside solver"); err != nil {
		return err
	}
	text := buf.Bytes()
	at := bytes.Index(text, []byte("\np cnf ")) + 1
	end := bytes.IndexByte(text[at:], '\n')
	if at == 0 || end < 0 {
		panic("outside: sat.WriteDIMACS wrote no header")
	}
	end += at
	var vars, clauses int
	if _, err := fmt.Sscanf(string(text[at:end]), "p cnf %d %d", &vars, &clauses); err != nil {
		panic(fmt.Sprintf("outside: sat.WriteDIMACS's header %q: %v", text[at:end], err))
	}
	bw := bufio.NewWriter(w)
	bw.Write(text[:at])
	fmt.Fprintf(bw, "p cnf %d %d", vars, clauses+len(cut))
	bw.Write(text[end:])
	line := make([]byte, 0, 8*m.Cells())
	for n, sol := range cut {
		line = line[:0]
		if len(sol) != m.Cells() {
			panic(fmt.Sprintf("outside: solution %d to exclude has %d cells, the model %d", n+1, len(sol), m.Cells()))
		}
		for _, c := range sol {
			line = strconv.AppendInt(line, -int64(c)-1, 10)
			line = append(line, ' ')
		}
		line = append(line, '0', '\n')
		bw.Write(line)
	}
	return bw.Flush()
}

// readMinisat reads minisat's result file: "SAT" and the model, "UNSAT",
// or "INDET" when it stopped at its time limit.
func readMinisat(r io.Reader, m *model.Model) (model.Status, model.Solution, error) {
	text, err := io.ReadAll(r)
	if err != nil {
		return 0, nil, err
	}
	if strings.TrimSpace(string(text)) == "INDET" {
		return model.Unknown, nil, nil
	}
	lits, ok, err := sat.ReadModel(bytes.NewReader(text))
	if err != nil || !ok {
		return model.Unsat, nil, err
	}
	sol, err := sat.DecodeModel(m, lits)
	return model.Sat, sol, err
}
