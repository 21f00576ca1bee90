package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/backends/crosscheck"
	"github.com/sudokit/sudokit/backends/outside"
	"github.com/sudokit/sudokit/puzzle"
)

// defaultBackends lists the backends compared when none are named: every
// one but the composite, baseline and outside ones.
func defaultBackends() []string {
	var names []string
	for _, b := range backends {
		if !b.composite && !b.baseline && !b.outside {
			names = append(names, b.name)
		}
	}
	return names
}

// withOutside adds the outside programs of progs (comma-separated) to the
// backends of list (empty: the default ones), refusing names that are
// not outside programs.
func withOutside(list, progs string) (string, error) {
	if strings.TrimSpace(progs) == "" {
		return list, nil
	}
	for _, n := range strings.Split(progs, ",") {
		if _, err := outside.Lookup(strings.TrimSpace(n)); err != nil {
			return "", fmt.Errorf("--outside: %w", err)
		}
	}
	if strings.TrimSpace(list) == "" {
		list = strings.Join(defaultBackends(), ",")
	}
	return list + "," + progs, nil
}

// selectBackends resolves a comma-separated list of backend names; empty
// means the default ones.
func selectBackends(list string) ([]crosscheck.Backend, error) {
	var out []crosscheck.Backend
	if strings.TrimSpace(list) == "" {
		for _, name := range defaultBackends() {
			b, _ := lookupBackend(name)
			out = append(out, crosscheck.Backend{Name: b.name, Solver: b.solver})
		}
		return out, nil
	}
	for _, n := range strings.Split(list, ",") {
		b, err := lookupBackend(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out = append(out, crosscheck.Backend{Name: b.name, Solver: b.solver})
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("cross-checking needs at least two backends, got %q", list)
	}
	return out, nil
}

// ccRecord is crosscheck's JSON line for one (puzzle, backend).
type ccRecord struct {
	puzzle.Record
	Agree         *bool                     `json:"agree,omitempty"`
	Disagreements []crosscheck.Disagreement `json:"disagreements,omitempty"`
}

// ccSummary is crosscheck's closing JSON line.
type ccSummary struct {
	Schema        int                       `json:"schema"`
	Summary       bool                      `json:"summary"`
	Backends      []string                  `json:"backends"`
	Puzzles       int                       `json:"puzzles"`
	Agreed        int                       `json:"agreed"`
	Disagreed     int                       `json:"disagreed"`
	Inconclusive  int                       `json:"inconclusive"`
	Errors        int                       `json:"errors"`
	Disagreements []crosscheck.Disagreement `json:"disagreements"`
	Dropped       int                       `json:"dropped,omitempty"`
}

func (a *app) crosscheckCmd() *cobra.Command {
	f := &puzzleFlags{}
	var list, progs string
	limit, maxReports := 2, 20
	cmd := &cobra.Command{
		Use:   "crosscheck [PUZZLE|FILE|-]...",
		Short: "Solve every puzzle with every backend and report any disagreement",
		Long: `Crosscheck solves each puzzle with every backend (or those named by
--backends) under the same limit, checks every solution with the model's
referee, and compares statuses, counts and, when the search was complete,
the solution sets. It prints a summary and the disagreements (at most
--max-reports, each with its puzzle) and exits 1 when there is one.
A backend that gives up (--timeout, --nodes) is left out of the comparison
for that puzzle and counted as inconclusive.

--outside adds solvers that are not part of sudokit: glpsol (GLPK) and cbc
(COIN-OR) solve the puzzle's 0/1 integer program (export --to lp), minisat
its CNF (export --to cnf), minizinc its MiniZinc model (export --to mzn)
with its default constraint solver. Each is run on the exported file, its
answer is decoded and refereed like any backend's, and it proves
uniqueness by a second run with the first solution cut off (a no-good row,
a blocking clause); --timeout kills it. They are backends of --backends,
--backend and bench too.`,
		Example: `  sudokit crosscheck testdata/top95.txt
  sudokit crosscheck --outside glpsol,minisat testdata/killer.json
  sudokit crosscheck --limit 0 --variant diagonal puzzles.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			list, err := withOutside(list, progs)
			if err != nil {
				return err
			}
			return a.crosscheck(cmd, args, f, list, limit, maxReports)
		},
	}
	f.register(cmd, false)
	fl := cmd.Flags()
	fl.StringVar(&list, "backends", "", "comma-separated backends to compare (default: "+strings.Join(defaultBackends(), ",")+")")
	fl.StringVar(&progs, "outside", "", "outside solvers to add to the comparison: glpsol, cbc, minisat, minizinc (comma-separated)")
	fl.IntVar(&limit, "limit", 2, "solutions each backend looks for (2 proves uniqueness, 0 = all)")
	fl.IntVar(&maxReports, "max-reports", 20, "disagreements to print in full (0 = all)")
	return cmd
}

// crosscheck runs the crosscheck command.
func (a *app) crosscheck(cmd *cobra.Command, args []string, f *puzzleFlags, list string, limit, maxReports int) error {
	s, bes, work, err := a.crossSetup(f, list, limit)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(cmd.OutOrStdout())
	tally := crosscheck.Tally{Max: maxReports}
	emit := func(it puzzle.Item, o checkOutcome) {
		if !a.reportErrors(it, o) {
			if s.format == "json" {
				r := puzzle.NewRecord(it, s.cache.VariantNames(it))
				r.Error = o.err.Error()
				enc.Encode(ccRecord{Record: r})
			}
			return
		}
		if !o.rep.Conclusive() {
			a.markLimited()
		}
		tally.Add(o.rep)
		if s.format == "json" {
			encodeReport(enc, s, it, o.rep, limit)
		}
	}
	if err := runBatch(cmd, s, s.read(args), work, failedCheck, emit); err != nil {
		return err
	}
	if tally.Disagreed > 0 {
		a.markNegative()
	}
	names := make([]string, len(bes))
	for i, b := range bes {
		names[i] = b.Name
	}
	if s.format == "json" {
		ds := tally.Disagreements
		if ds == nil {
			ds = []crosscheck.Disagreement{}
		}
		return enc.Encode(ccSummary{Schema: 1, Summary: true, Backends: names, Puzzles: tally.Puzzles,
			Agreed: tally.Agreed, Disagreed: tally.Disagreed, Inconclusive: tally.Inconclusive,
			Errors: tally.Errors, Disagreements: ds, Dropped: tally.Dropped})
	}
	printTally(cmd.OutOrStdout(), tally, names, limit)
	return nil
}

// encodeReport writes one JSON record per backend of a cross-check, the
// first with the verdict.
func encodeReport(enc *json.Encoder, s *setup, it puzzle.Item, rep crosscheck.Report, limit int) {
	agree := rep.Agree()
	for i, oc := range rep.Outcomes {
		r := ccRecord{Record: puzzle.NewRecord(it, s.cache.VariantNames(it))}
		r.Record.Fill(it, oc.Backend, oc.Result, oc.Err, limit)
		if i == 0 {
			r.Agree = &agree
			r.Disagreements = rep.Disagreements
		}
		enc.Encode(r)
	}
}

// printTally writes crosscheck's summary in text.
func printTally(out io.Writer, tally crosscheck.Tally, names []string, limit int) {
	fmt.Fprintf(out, "backends:      %s (limit %d)\n", strings.Join(names, ", "), limit)
	fmt.Fprintf(out, "puzzles:       %d\n", tally.Puzzles)
	fmt.Fprintf(out, "agreed:        %d\n", tally.Agreed)
	fmt.Fprintf(out, "disagreed:     %d\n", tally.Disagreed)
	if tally.Inconclusive > 0 {
		fmt.Fprintf(out, "inconclusive:  %d (a backend gave up or failed)\n", tally.Inconclusive)
	}
	for _, d := range tally.Disagreements {
		fmt.Fprintf(out, "  %v\n", d)
	}
	if tally.Dropped > 0 {
		fmt.Fprintf(out, "  … and %d more disagreements\n", tally.Dropped)
	}
}

// checkOutcome is the result of cross-checking one item: the report, or
// the error that kept the item from being checked.
type checkOutcome struct {
	rep crosscheck.Report
	err error
}

// failedCheck is the outcome of an item that could not be checked.
func failedCheck(err error) checkOutcome { return checkOutcome{err: err} }
