package sat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/irifrance/gini/z"

	"github.com/sudokit/sudokit/model"
)

// WriteDIMACS writes the CNF of m (Encode's clauses, givens applied and
// decided candidates as unit clauses) to w in DIMACS format: each comment as
// a "c" line, a line stating the variable mapping, the exact
// "p cnf <vars> <clauses>" header, then one clause per line ending in 0.
// Variable k is candidate k-1 for every candidate, so the header declares
// Cells*Values variables, plus the auxiliary ones of sums and tables
// (numbered after the candidates, named in a comment line), and an outside
// solver's model decodes with DecodeModel. Contradictory givens give the empty clause, a lone "0" line.
func WriteDIMACS(w io.Writer, m *model.Model, comments ...string) error {
	var cl clauseList
	if err := Encode(m, &cl); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		for _, line := range strings.Split(c, "\n") {
			bw.WriteString("c " + line + "\n")
		}
	}
	fmt.Fprintf(bw, "c var(cell, value) = cell*%d + value   (cell from 0, value 1..%d; %d cells)\n",
		m.Values(), m.Values(), m.Cells())
	if aux := cl.maxVar() - m.NumCands(); aux > 0 {
		fmt.Fprintf(bw, "c variables %d..%d are auxiliary (sums, tables)\n", m.NumCands()+1, m.NumCands()+aux)
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", max(m.NumCands(), cl.maxVar()), cl.n)
	buf := make([]byte, 0, 64)
	for _, l := range cl.lits {
		if l == z.LitNull {
			buf = append(buf, '0', '\n')
			bw.Write(buf)
			buf = buf[:0]
			continue
		}
		buf = strconv.AppendInt(buf, int64(l.Dimacs()), 10)
		buf = append(buf, ' ')
	}
	return bw.Flush()
}

// ErrNoAnswer is returned by ReadModel for solver output with no SAT or
// UNSAT verdict.
var ErrNoAnswer = errors.New("sat: solver output has no verdict")

// ReadModel reads a SAT solver's answer: minisat's result file ("SAT" or
// "UNSAT", then the model's literals ending in 0) or the SAT-competition
// format ("s SATISFIABLE" and "v ..." lines). It returns whether the
// formula is satisfiable and, if so, the literals of the model as DIMACS
// ints. Comment lines ("c ...") are skipped.
func ReadModel(r io.Reader) (lits []int, sat bool, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	verdict := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch line {
		case "":
			continue
		case "SAT", "s SATISFIABLE":
			verdict, sat = true, true
			continue
		case "UNSAT", "s UNSATISFIABLE":
			verdict, sat = true, false
			continue
		}
		if line[0] == 'c' || line[0] == 's' {
			continue
		}
		line = strings.TrimPrefix(line, "v ")
		for _, f := range strings.Fields(line) {
			k, err := strconv.Atoi(f)
			if err != nil {
				return nil, false, fmt.Errorf("sat: bad literal %q in solver output", f)
			}
			if k != 0 {
				lits = append(lits, k)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, false, err
	}
	if !verdict {
		return nil, false, ErrNoAnswer
	}
	if !sat {
		return nil, false, nil
	}
	return lits, true, nil
}

// DecodeModel turns the true literals of a model of m's CNF (DIMACS ints,
// variable k = candidate k-1) into a solution: each cell's one true
// candidate. Negative literals and variables above Cells*Values are
// ignored. It returns an error when a cell has no true candidate or several.
func DecodeModel(m *model.Model, lits []int) (model.Solution, error) {
	sol := make(model.Solution, m.Cells())
	for i := range sol {
		sol[i] = -1
	}
	for _, k := range lits {
		if k <= 0 || k > m.NumCands() {
			continue
		}
		c := model.Cand(k - 1)
		cell := m.CellOf(c)
		if sol[cell] >= 0 && sol[cell] != c {
			return nil, fmt.Errorf("sat: model sets cell %d to both %s and %s", cell, m.CandName(sol[cell]), m.CandName(c))
		}
		sol[cell] = c
	}
	for cell, c := range sol {
		if c < 0 {
			return nil, fmt.Errorf("sat: model sets no value for cell %d", cell)
		}
	}
	return sol, nil
}
