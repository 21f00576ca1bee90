package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/backends/dlx"
	"github.com/sudokit/sudokit/backends/sat"
	"github.com/sudokit/sudokit/export/lp"
	"github.com/sudokit/sudokit/export/mzn"
	"github.com/sudokit/sudokit/puzzle"
)

func (a *app) exportCmd() *cobra.Command {
	f := &puzzleFlags{}
	var to string
	cmd := &cobra.Command{
		Use:   "export --to cnf|dlx|lp|mzn [PUZZLE|FILE|-]",
		Short: "Write a puzzle's encoding for an outside solver (DIMACS CNF, Knuth's DLX format, CPLEX LP or MiniZinc)",
		Long: `Export writes the lowering of one puzzle, so that an outside solver can check
sudokit's answers:

  --to cnf  DIMACS CNF for any SAT solver (minisat, cadical, …). Comment lines
            give the puzzle and the variable mapping: the variable of row r,
            column c (both from 0) and digit d (from 1) is r*N*N + c*N + d.
  --to dlx  the exact-cover problem in the text format of Knuth's DLX1 program:
            primary items, "|", secondary items, then one option per line.
  --to lp   a 0/1 integer program in CPLEX LP format for a MIP solver (glpsol,
            cbc): binary x_ROW_COL_VALUE (all from 1), one equality per cell
            and per house, sums as linear constraints, givens fixed to 1.
  --to mzn  a MiniZinc model for a constraint solver (minizinc with Gecode,
            Chuffed, …): x[ROW,COL] in 1..N per cell (from 1), an
            alldifferent per house, sums as linear constraints, tables as
            table constraints, givens as x[ROW,COL] = v; it prints each
            solution as a grid of numbers.`,
		Example: `  sudokit export --to cnf 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... > p.cnf
  minisat p.cnf p.out
  sudokit export --to lp testdata/killer.json > k.lp && glpsol --lp k.lp -o k.out
  sudokit export --to mzn testdata/killer.json > k.mzn && minizinc k.mzn`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if to == "dimacs" {
				to = "cnf"
			}
			if to != "cnf" && to != "dlx" && to != "lp" && to != "mzn" {
				return fmt.Errorf("--to must be cnf or dlx (CNF, exact cover), lp (integer program) or mzn (MiniZinc), not %q", to)
			}
			return a.export(cmd, args, f, to)
		},
	}
	f.registerInput(cmd)
	cmd.Flags().StringVar(&to, "to", "", "encoding to write: cnf (DIMACS; also \"dimacs\"), dlx (Knuth's DLX1 format), lp (CPLEX LP) or mzn (MiniZinc)")
	return cmd
}

// export runs the export command: the one puzzle of args in encoding to.
func (a *app) export(cmd *cobra.Command, args []string, f *puzzleFlags, to string) error {
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	items, err := a.collect(args, s, 0)
	if err != nil {
		if err == puzzle.ErrNoInput {
			cmd.Usage()
		}
		return err
	}
	if len(items) != 1 {
		return fmt.Errorf("export writes one puzzle; the input holds %d", len(items))
	}
	it := items[0]
	if it.Err != nil {
		return fmt.Errorf("%s: %w", it.Where(), it.Err)
	}
	m, err := s.cache.Model(it)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(cmd.OutOrStdout())
	defer w.Flush()
	n := it.Grid.Shape.N()
	vs := strings.Join(s.cache.VariantNames(it), ",")
	if vs == "" {
		vs = "none"
	}
	if to == "cnf" {
		return sat.WriteDIMACS(w, m,
			"sudokit export",
			"puzzle "+it.Grid.Line(),
			fmt.Sprintf("shape %v size %d variants %s", it.Grid.Shape, n, vs),
			fmt.Sprintf("var(r,c,d) = r*%d + c*%d + d   (r, c from 0; d from 1)", n*n, n))
	}
	if to == "lp" || to == "mzn" {
		write := lp.Write
		if to == "mzn" {
			write = mzn.Write
		}
		return write(w, m, "sudokit export", "puzzle "+it.Grid.Line(),
			fmt.Sprintf("shape %v size %d variants %s", it.Grid.Shape, n, vs))
	}
	fmt.Fprintf(w, "| sudokit export: puzzle %s shape %v variants %s\n", it.Grid.Line(), it.Grid.Shape, vs)
	return dlx.WriteKnuth(w, m)
}
