package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/logic"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
	"github.com/sudokit/sudokit/setter"
	"github.com/sudokit/sudokit/sudoku"
)

// setterRecord is the JSON object of candidates --true, suggest and count
// --estimate: the puzzle's record and the analysis.
type setterRecord struct {
	puzzle.Record
	// candidates --true
	Candidates string `json:"candidates,omitempty"` // the possible values, in hint --marks form
	Unknown    string `json:"unknown,omitempty"`    // the undecided values, in the same form
	Undecided  *int   `json:"undecided,omitempty"`
	// suggest
	Sample    *int             `json:"sample,omitempty"`
	Exact     *bool            `json:"sample_exact,omitempty"`
	Additions []additionRecord `json:"additions,omitempty"`
	Kinds     []string         `json:"kinds,omitempty"`
	Refused   []string         `json:"refused,omitempty"`
	Estimate  *estimateRecord  `json:"estimate,omitempty"`
	Solves    int              `json:"solves,omitempty"`
}

// additionRecord is one suggested addition in JSON.
type additionRecord struct {
	Kind   string   `json:"kind"`
	Cells  []string `json:"cells"`
	Value  int      `json:"value,omitempty"`
	Kept   int      `json:"kept"`
	Status string   `json:"status"`
}

// estimateRecord is count --estimate's estimate in JSON.
type estimateRecord struct {
	Mean   float64 `json:"mean"`
	StdErr float64 `json:"stderr"`
	Low    float64 `json:"low95"`
	High   float64 `json:"high95"`
	Probes int     `json:"probes"`
}

// setterOutcome is the analysis of one puzzle.
type setterOutcome struct {
	cands    setter.Candidates
	sugg     setter.Suggestions
	estimate setter.Estimate
	err      error
	stop     model.Stop
}

// setterFailed is the outcome of a puzzle that could not be read or built.
func setterFailed(err error) setterOutcome {
	return setterOutcome{err: err, stop: stopOf(err)}
}

func (a *app) candidatesCmd() *cobra.Command {
	f := &puzzleFlags{}
	var truth bool
	cmd := &cobra.Command{
		Use:   "candidates [PUZZLE|FILE|-]...",
		Short: "Print the pencil marks, or with --true the true candidates, of each puzzle",
		Long: `Candidates prints the pencil marks of each puzzle as solve --format
candidates does: the values left once the singles are placed.

--true prints instead the true candidates: in each cell, the values that
appear in at least one solution, each decided by a solve with that value
fixed (skipped when a solution found before already holds it). A cell
whose one true candidate is forced shows it alone, in the middle. When
--timeout, --nodes or Ctrl-C stops a solve before a value is decided, the
value shows as '?' and a line "undecided: N" follows the grid (exit code
3): nothing undecided is guessed. --json prints one object per puzzle
whose "candidates" and "unknown" list each cell's values, in the form
hint --marks reads.`,
		Example: `  sudokit candidates --true 8.........95.......76.........426798...571243...893165......916....3.487....1.532
  sudokit candidates --true --json testdata/kropki-4x4.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case f.format != "" && f.format != fmtCandidates && f.format != "json":
				return fmt.Errorf("unknown --format %q (want candidates, the grid of marks, or json with --true)", f.format)
			case !truth && (f.format == "json" || f.json):
				return fmt.Errorf("--json needs --true (solve --format candidates prints the marks)")
			case !truth:
				f.format = fmtCandidates
				return a.candidatesAll(cmd, args, f)
			}
			if f.format == fmtCandidates {
				f.format = ""
			}
			return a.trueCandidatesAll(cmd, args, f)
		},
	}
	f.register(cmd, true)
	f.candidates = true
	perSolve(cmd)
	cmd.Flags().BoolVar(&truth, "true", false, "the values that appear in some solution, decided by solving")
	cmd.Flags().Lookup("format").Usage = "output: candidates (the grid of marks, the default) or json (with --true)"
	return cmd
}

// perSolve says in --nodes's help that the setter commands bound each of
// their many solves with it, and --timeout the whole analysis.
func perSolve(cmd *cobra.Command) {
	cmd.Flags().Lookup("nodes").Usage = "bound each solve of the analysis to this many search nodes (dlx, prop, backtrack; auto: its first attempt); a solve that runs out leaves its question undecided (0 = no limit)"
	cmd.Flags().Lookup("timeout").Usage = "give up on a puzzle's whole analysis after this long (e.g. 10s; 0 = no limit): what is not decided by then is reported undecided"
}

// trueCandidatesAll prints the true candidates of every puzzle of args.
func (a *app) trueCandidatesAll(cmd *cobra.Command, args []string, f *puzzleFlags) error {
	s, be, err := a.setterSetup(f, "candidates --true")
	if err != nil {
		return err
	}
	work := func(ctx context.Context, _ puzzle.Item, m *model.Model) setterOutcome {
		c, err := setter.TrueCandidates(ctx, m, be.solver, f.nodes)
		return setterOutcome{cands: c, err: err, stop: c.Stop}
	}
	emit := func(it puzzle.Item, o setterOutcome) {
		r, ok := a.setterEmit(cmd, s, be.name, it, o)
		if !ok {
			return
		}
		possible, unknown := trueMarks(o.cands)
		undecided := o.cands.Undecided()
		if undecided > 0 {
			a.markLimited()
		}
		if r != nil {
			r.Candidates, r.Unknown, r.Undecided, r.Solves = possible.String(), unknownString(unknown), &undecided, o.cands.Solves
			json.NewEncoder(cmd.OutOrStdout()).Encode(r)
			return
		}
		text, err := candidatesText(it.Grid, possible, func(i, v int) bool { return has(unknown[i], v) })
		if err != nil {
			a.inputErrorf("%s: %v", it.Where(), err)
			io.WriteString(cmd.OutOrStdout(), "error\n\n")
			return
		}
		if undecided > 0 {
			text = strings.TrimSuffix(text, "\n") + fmt.Sprintf("undecided: %d (%v)\n\n", undecided, o.cands.Stop)
		}
		io.WriteString(cmd.OutOrStdout(), text)
	}
	return runBatch(cmd, s, s.read(args), work, setterFailed, emit)
}

// setterSetup returns the setup and the backend of a setter command, what:
// a backend that proves nothing (anneal) is refused.
func (a *app) setterSetup(f *puzzleFlags, what string) (*setup, backend, error) {
	s, err := a.newSetup(f)
	if err != nil {
		return nil, backend{}, err
	}
	be, err := lookupProver(f.backend, what)
	return s, be, err
}

// setterEmit handles what every setter command prints alike: a puzzle that
// failed (false: nothing more to print) or was stopped before its analysis
// began. It returns the puzzle's JSON record when the output is JSON.
func (a *app) setterEmit(cmd *cobra.Command, s *setup, backend string, it puzzle.Item, o setterOutcome) (*setterRecord, bool) {
	out := cmd.OutOrStdout()
	var r *setterRecord
	if s.format == "json" {
		r = &setterRecord{Record: puzzle.NewRecord(it, s.cache.VariantNames(it))}
		r.Backend = backend
		if o.err != nil && o.stop == model.Done {
			r.Error = o.err.Error()
		}
		r.Stop = o.stop.String()
	}
	switch {
	case o.err != nil && o.stop != model.Done:
		a.markLimited()
		if r != nil {
			json.NewEncoder(out).Encode(r)
		} else {
			io.WriteString(out, "unknown\n")
		}
		return nil, false
	case o.err != nil:
		a.inputErrorf("%s: %v", it.Where(), o.err)
		if r != nil {
			json.NewEncoder(out).Encode(r)
		} else {
			io.WriteString(out, "error\n")
		}
		return nil, false
	}
	return r, true
}

// trueMarks turns true candidates into pencil marks (the possible values;
// a cell with one possible value and none undecided is placed) and the
// undecided values of each cell.
func trueMarks(c setter.Candidates) (logic.Marks, [][]int) {
	cells := len(c.Truth) / c.Values
	mk := logic.Marks{Values: make([][]int, cells), Placed: make([]bool, cells)}
	unknown := make([][]int, cells)
	for i := range cells {
		mk.Values[i], unknown[i] = c.Digits(i)
		mk.Placed[i] = len(mk.Values[i]) == 1 && len(unknown[i]) == 0
	}
	return mk, unknown
}

// unknownString writes undecided values in the form of logic.Marks.String,
// or "" when every value is decided.
func unknownString(unknown [][]int) string {
	for _, u := range unknown {
		if len(u) > 0 {
			return logic.Marks{Values: unknown}.String()
		}
	}
	return ""
}

func (a *app) suggestCmd() *cobra.Command {
	f := &puzzleFlags{}
	var opts setter.SuggestOptions
	cmd := &cobra.Command{
		Use:   "suggest [PUZZLE|FILE|-]...",
		Short: "Suggest the single additions that make a puzzle with several solutions unique",
		Long: `Suggest prints, for each puzzle with several solutions, the single clues
whose addition would make it unique, best first: a given ("r3c5=7"), and
on kropki and XV puzzles a dot or mark between two neighbours without one
("white dot r1c1 r1c2", "X r4c4 r5c4"). Other families' clues are not
suggested (a line "not suggested:" names them): a killer's cage totals
are given already, so a given is what it can gain.

It samples up to --sample solutions (the first the solver finds). An
addition keeps the sampled solutions it agrees with; when the sample holds
every solution that is the exact number left, and "unique" means the
addition leaves one. Otherwise the --check additions keeping fewest are
solved again to two solutions, and the rest print "unchecked". Each line
reads: the addition, its status, and "keeps K of S" sampled solutions.
A unique puzzle prints "unique", one without solution "none" (exit
code 1: nothing to suggest).
--json prints one object per puzzle with its "additions".`,
		Example: `  sudokit suggest 1.......2......1
  sudokit suggest --max 5 testdata/kropki-4x4.json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.suggestAll(cmd, args, f, opts)
		},
	}
	f.register(cmd, true)
	perSolve(cmd)
	fl := cmd.Flags()
	fl.IntVar(&opts.Sample, "sample", 200, fmt.Sprintf("solutions sampled (at most %d)", setter.MaxSample))
	fl.IntVar(&opts.Check, "check", 20, "additions checked with a solve when the sample is not every solution")
	fl.IntVar(&opts.Max, "max", 20, "additions printed per puzzle")
	return cmd
}

// suggestAll prints the suggestions for every puzzle of args.
func (a *app) suggestAll(cmd *cobra.Command, args []string, f *puzzleFlags, opts setter.SuggestOptions) error {
	s, be, err := a.setterSetup(f, "suggest")
	if err != nil {
		return err
	}
	if opts.Sample < 1 || opts.Sample > setter.MaxSample || opts.Check < 1 || opts.Max < 1 {
		return fmt.Errorf("--sample must be 1..%d, --check and --max at least 1", setter.MaxSample)
	}
	opts.Nodes = f.nodes
	work := func(ctx context.Context, it puzzle.Item, _ *model.Model) setterOutcome {
		rs, err := s.cache.Set(it)
		if err != nil {
			return setterFailed(err)
		}
		sg, err := setter.Suggest(ctx, rs, it.Grid, be.solver, opts)
		return setterOutcome{sugg: sg, err: err}
	}
	emit := func(it puzzle.Item, o setterOutcome) {
		r, ok := a.setterEmit(cmd, s, be.name, it, o)
		if !ok {
			return
		}
		sg := o.sugg
		if sg.Stop != model.Done {
			a.markLimited()
		}
		if sg.Status == model.Unsat || sg.Status == model.Unique {
			a.markNegative() // nothing to suggest
		}
		if r != nil {
			r.Status, r.Stop = sg.Status.String(), sg.Stop.String()
			r.Sample, r.Exact, r.Kinds, r.Refused = &sg.Sample, &sg.Exact, sg.Kinds, sg.Refused
			r.Additions = []additionRecord{}
			for _, ad := range sg.Additions {
				r.Additions = append(r.Additions, additionJSON(ad))
			}
			json.NewEncoder(cmd.OutOrStdout()).Encode(r)
			return
		}
		io.WriteString(cmd.OutOrStdout(), suggestText(sg))
	}
	return runBatch(cmd, s, s.read(args), work, setterFailed, emit)
}

// additionJSON is the JSON form of an addition.
func additionJSON(ad setter.Addition) additionRecord {
	cells := make([]string, len(ad.Cells))
	for i, c := range ad.Cells {
		cells[i] = c.String()
	}
	return additionRecord{Kind: ad.Kind, Cells: cells, Value: ad.Value, Kept: ad.Kept, Status: additionStatus(ad.Status)}
}

// additionStatus names an addition's status: "unchecked" for Unknown.
func additionStatus(st model.Status) string {
	if st == model.Unknown {
		return "unchecked"
	}
	return st.String()
}

// suggestText is suggest's text answer for one puzzle: a header line, one
// line per addition, the families not suggested, and a blank line.
func suggestText(sg setter.Suggestions) string {
	if sg.Status != model.Multiple {
		return sg.Status.String() + "\n\n"
	}
	var sb strings.Builder
	sample := fmt.Sprintf("%d sampled solutions", sg.Sample)
	if sg.Exact {
		sample = fmt.Sprintf("%d solutions", sg.Sample)
	}
	fmt.Fprintf(&sb, "multiple (%s; additions of %s)\n", sample, strings.Join(sg.Kinds, ", "))
	for _, ad := range sg.Additions {
		fmt.Fprintf(&sb, "%s %s (keeps %d of %d)\n", ad, additionStatus(ad.Status), ad.Kept, sg.Sample)
	}
	if len(sg.Additions) == 0 {
		sb.WriteString("no single addition splits the sampled solutions\n")
	}
	if len(sg.Refused) > 0 {
		fmt.Fprintf(&sb, "not suggested: %s\n", strings.Join(sg.Refused, "; "))
	}
	if sg.Stop != model.Done {
		fmt.Fprintf(&sb, "stopped: %v (additions left unchecked)\n", sg.Stop)
	}
	return sb.String() + "\n"
}

// estimateAll prints count --estimate's answer for every puzzle of args.
func (a *app) estimateAll(cmd *cobra.Command, args []string, f *puzzleFlags, opts setter.EstimateOptions) error {
	s, be, err := a.setterSetup(f, "count --estimate")
	if err != nil {
		return err
	}
	opts.Nodes = f.nodes
	work := func(ctx context.Context, _ puzzle.Item, m *model.Model) setterOutcome {
		e, err := setter.EstimateCount(ctx, m, be.solver, opts)
		return setterOutcome{estimate: e, err: err}
	}
	emit := func(it puzzle.Item, o setterOutcome) {
		r, ok := a.setterEmit(cmd, s, be.name, it, o)
		if !ok {
			return
		}
		e := o.estimate
		if e.Stop != model.Done {
			a.markLimited()
		}
		if r != nil {
			r.Stop, r.Solves = e.Stop.String(), e.Solves
			r.Estimate = &estimateRecord{Mean: e.Mean, StdErr: e.StdErr, Low: e.Low, High: e.High, Probes: e.Probes}
			json.NewEncoder(cmd.OutOrStdout()).Encode(r)
			return
		}
		io.WriteString(cmd.OutOrStdout(), estimateText(e))
	}
	return runBatch(cmd, s, s.read(args), work, setterFailed, emit)
}

// estimateText is count --estimate's line: "~288 (± 3.1, 95% 282..294,
// 1000 probes)", "0" for no solution, or "unknown".
func estimateText(e setter.Estimate) string {
	switch {
	case e.Probes == 0 && e.Stop == model.Done:
		return "0\n"
	case e.Probes == 0:
		return "unknown\n"
	}
	text := fmt.Sprintf("~%s (± %s, 95%% %s..%s, %d probes", num(e.Mean), num(e.StdErr), num(e.Low), num(e.High), e.Probes)
	if e.Stop != model.Done {
		text += ", stopped: " + e.Stop.String()
	}
	return text + ")\n"
}

// num prints an estimate: whole below a million, else in e-notation.
func num(x float64) string {
	if x < 1e6 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.3g", x)
}

// partNames lists the names of parts.
func partNames(ps []setter.Part) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// cellNames lists cells by name.
func cellNames(cs []sudoku.Cell) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
