package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/backends/crosscheck"
	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// cmpSummary is compare's closing JSON line: per backend aggregates.
type cmpSummary struct {
	Schema   int          `json:"schema"`
	Summary  bool         `json:"summary"`
	Puzzles  int          `json:"puzzles"`
	Backends []cmpBackend `json:"backends"`
}

type cmpBackend struct {
	Name        string        `json:"name"`
	Answered    int           `json:"answered"`
	GaveUp      int           `json:"gave_up"`
	Fastest     int           `json:"fastest"`
	Total       time.Duration `json:"total_ns"`
	Median      time.Duration `json:"median_ns"`
	MeanNodes   float64       `json:"mean_nodes,omitempty"`
	MeanClauses float64       `json:"mean_clauses,omitempty"`
	times       []time.Duration
	nodes       int64
	clauses     int64
}

func (a *app) compareCmd() *cobra.Command {
	f := &puzzleFlags{}
	var list string
	limit := 2
	cmd := &cobra.Command{
		Use:   "compare [PUZZLE|FILE|-]...",
		Short: "Solve puzzles with DLX, SAT and propagation side by side, with their statistics",
		Long: `Compare solves every puzzle with each backend (default: dlx, sat and prop,
the complete engines that run inside sudokit) and prints one row per
puzzle: each backend's answer, its time, and its statistics (DLX: search
nodes and link updates; SAT: variables and clauses after the givens are
applied, solver calls; prop: search nodes and guesses), then a summary per
backend. Answers are checked
by the referee and compared as crosscheck does; a disagreement exits 1.

With no arguments, compare runs on a small built-in sample set (easy, hard,
diagonal, 4x4, 6x6 and 16x16 puzzles). Use "-" to read stdin.`,
		Example: `  sudokit compare
  sudokit compare --json testdata/top95.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.compare(cmd, args, f, list, limit)
		},
	}
	f.register(cmd, false)
	fl := cmd.Flags()
	// One puzzle at a time by default: backends timed side by side should
	// not share the cores with other puzzles.
	f.jobs = 1
	fl.Lookup("jobs").DefValue = "1"
	fl.StringVar(&list, "backends", "", "comma-separated backends to compare (default: dlx, sat and prop)")
	fl.IntVar(&limit, "limit", 2, "solutions each backend looks for (1 = first, 2 = prove uniqueness, 0 = all)")
	return cmd
}

// A comparison collects compare's rows and per-backend aggregates.
type comparison struct {
	limit   int
	puzzles int
	// rows are kept until the end so that the puzzle column can be
	// padded to read left-aligned while the numbers align right.
	rows [][]string
	aggs []cmpBackend
}

// compare runs the compare command.
func (a *app) compare(cmd *cobra.Command, args []string, f *puzzleFlags, list string, limit int) error {
	s, bes, work, err := a.crossSetup(f, list, limit)
	if err != nil {
		return err
	}
	read := s.read(args)
	if len(args) == 0 {
		read = puzzle.ItemsOf(sampleItems())
	}
	out := cmd.OutOrStdout()
	enc := json.NewEncoder(out)
	c := newComparison(bes, limit)
	emit := func(it puzzle.Item, o checkOutcome) {
		if !a.reportErrors(it, o) {
			return
		}
		for _, d := range o.rep.Disagreements {
			a.markNegative()
			a.mu.Lock()
			fmt.Fprintf(a.stderr, "sudokit: %s: disagreement: %v\n", it.Where(), d)
			a.mu.Unlock()
		}
		c.add(it, o.rep, a.markLimited)
		if s.format == "json" {
			for _, oc := range o.rep.Outcomes {
				r := puzzle.NewRecord(it, s.cache.VariantNames(it))
				r.Fill(it, oc.Backend, oc.Result, oc.Err, limit)
				enc.Encode(r)
			}
		}
	}
	if err := runBatch(cmd, s, read, work, failedCheck, emit); err != nil {
		return err
	}
	c.conclude()
	if s.format == "json" {
		return enc.Encode(cmpSummary{Schema: 1, Summary: true, Puzzles: c.puzzles, Backends: c.aggs})
	}
	c.print(out)
	return nil
}

// crossSetup derives what compare and crosscheck share from their flags:
// the setup, the backends of list, and the work that cross-checks one
// puzzle with them under limit.
func (a *app) crossSetup(f *puzzleFlags, list string, limit int) (*setup, []crosscheck.Backend,
	func(context.Context, puzzle.Item, *model.Model) checkOutcome, error) {
	s, err := a.newSetup(f)
	if err != nil {
		return nil, nil, nil, err
	}
	bes, err := selectBackends(list)
	if err != nil {
		return nil, nil, nil, err
	}
	opts := model.Options{Limit: limit, Nodes: f.nodes}
	work := func(ctx context.Context, it puzzle.Item, m *model.Model) checkOutcome {
		return checkOutcome{rep: crosscheck.Run(ctx, m, it.Grid.Line(), opts, bes...)}
	}
	return s, bes, work, nil
}

// reportErrors reports on stderr a puzzle that could not be cross-checked
// and the errors of backends that failed on it, and whether there is a
// report to show.
func (a *app) reportErrors(it puzzle.Item, o checkOutcome) bool {
	if o.err != nil {
		a.inputErrorf("%s: %v", it.Where(), o.err)
		return false
	}
	for _, e := range o.rep.Errors() {
		a.inputErrorf("%s: %v", it.Where(), e)
	}
	return true
}

// newComparison returns a comparison of bes with its header row: for each
// backend its answer, time and the statistics it measures.
func newComparison(bes []crosscheck.Backend, limit int) *comparison {
	c := &comparison{limit: limit, aggs: make([]cmpBackend, len(bes))}
	header := []string{"puzzle", "shape"}
	for i, b := range bes {
		c.aggs[i].Name = b.Name
		header = append(header, b.Name, "µs")
		for _, col := range statsOf(b.Name) {
			header = append(header, col.name)
		}
	}
	c.rows = [][]string{header}
	return c
}

// statsOf returns the statistics columns of a backend.
func statsOf(name string) []statColumn {
	b, err := lookupBackend(name)
	if err != nil {
		return nil
	}
	return b.stats
}

// add aggregates one puzzle's report and makes its row; gaveUp is called
// for each backend that stopped early or failed.
func (c *comparison) add(it puzzle.Item, rep crosscheck.Report, gaveUp func()) {
	c.puzzles++
	best := -1
	for i, oc := range rep.Outcomes {
		ag := &c.aggs[i]
		if oc.Err != nil || !oc.Result.Finished() {
			ag.GaveUp++
			gaveUp()
			continue
		}
		st := oc.Result.Stats
		ag.Answered++
		ag.times = append(ag.times, st.Elapsed)
		ag.Total += st.Elapsed
		ag.nodes += st.Nodes
		ag.clauses += st.Clauses
		if best < 0 || st.Elapsed < rep.Outcomes[best].Result.Stats.Elapsed {
			best = i
		}
	}
	if best >= 0 {
		c.aggs[best].Fastest++
	}
	name := it.Text
	if it.Source != "sample" {
		name = it.Where()
	}
	row := []string{name, it.Grid.Shape.String()}
	for _, oc := range rep.Outcomes {
		status := oc.Result.Status.String()
		if oc.Err != nil {
			status = "error"
		}
		row = append(row, status, fmt.Sprintf("%.0f", float64(oc.Result.Stats.Elapsed)/1e3))
		for _, col := range statsOf(oc.Backend) {
			row = append(row, fmt.Sprint(col.value(oc.Result.Stats)))
		}
	}
	c.rows = append(c.rows, row)
}

// conclude computes the medians and means.
func (c *comparison) conclude() {
	for i := range c.aggs {
		ag := &c.aggs[i]
		if ag.Answered > 0 {
			sort.Slice(ag.times, func(x, y int) bool { return ag.times[x] < ag.times[y] })
			ag.Median = ag.times[len(ag.times)/2]
			ag.MeanNodes = float64(ag.nodes) / float64(ag.Answered)
			ag.MeanClauses = float64(ag.clauses) / float64(ag.Answered)
		}
	}
}

// print writes the table and the summary.
func (c *comparison) print(out io.Writer) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	width := 0
	for _, r := range c.rows {
		width = max(width, utf8.RuneCountInString(r[0]))
	}
	for _, r := range c.rows {
		r[0] += strings.Repeat(" ", width-utf8.RuneCountInString(r[0]))
		fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
	}
	tw.Flush()
	fmt.Fprintf(out, "\n%d puzzles, limit %d\n", c.puzzles, c.limit)
	for _, ag := range c.aggs {
		fmt.Fprintf(out, "%-4s answered %d, gave up %d, fastest on %d; total %v, median %v per puzzle\n",
			ag.Name, ag.Answered, ag.GaveUp, ag.Fastest, ag.Total.Round(time.Microsecond), ag.Median.Round(time.Microsecond))
	}
	if len(c.aggs) == 2 && c.aggs[0].Total > 0 && c.aggs[1].Total > 0 {
		a, b := c.aggs[0], c.aggs[1]
		if r := float64(b.Total) / float64(a.Total); r >= 1 {
			fmt.Fprintf(out, "%s took %.1fx the time of %s in total\n", b.Name, r, a.Name)
		} else {
			fmt.Fprintf(out, "%s took %.1fx the time of %s in total\n", a.Name, 1/r, b.Name)
		}
	}
}
