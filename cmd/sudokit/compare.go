package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/backends/crosscheck"
	"github.com/sudokit/sudokit/model"
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
		Short: "Solve puzzles with DLX and SAT side by side, with their statistics",
		Long: `Compare solves every puzzle with each backend (default: dlx and sat) and prints
one row per puzzle: each backend's answer, its time, and its statistics (DLX:
search nodes and link updates; SAT: variables and clauses after the givens
are applied, solver calls), then a summary per backend. Answers are checked
by the referee and compared as crosscheck does; a disagreement exits 1.

With no arguments, compare runs on a small built-in sample set (easy, hard,
diagonal, 4x4, 6x6 and 16x16 puzzles). Use "-" to read stdin.`,
		Example: `  sudokit compare
  sudokit compare --json testdata/top95.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := a.newSetup(f)
			if err != nil {
				return err
			}
			bes, err := selectBackends(list)
			if err != nil {
				return err
			}
			read := a.reader(args, s)
			if len(args) == 0 {
				read = sampleItems
			}
			out := cmd.OutOrStdout()
			enc := json.NewEncoder(out)
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
			header := []string{"puzzle", "shape"}
			for _, b := range bes {
				header = append(header, b.Name, "µs")
				switch b.Name {
				case "dlx":
					header = append(header, "nodes", "updates")
				case "sat":
					header = append(header, "vars", "clauses", "calls")
				}
			}
			// Rows are kept until the end so that the puzzle column can be
			// padded to read left-aligned while the numbers align right.
			rows := [][]string{header}
			aggs := make([]cmpBackend, len(bes))
			for i, b := range bes {
				aggs[i].Name = b.Name
			}
			puzzles := 0
			opts := model.Options{Limit: limit, Nodes: f.nodes}
			work := func(ctx context.Context, it item, m *model.Model) outcome2 {
				return outcome2{rep: crosscheck.Run(ctx, m, it.grid.Line(), opts, bes...)}
			}
			emit := func(it item, o outcome2) {
				if o.err != nil {
					a.inputErrorf("%s: %v", it.where(), o.err)
					return
				}
				for _, e := range o.rep.Errors() {
					a.inputErrorf("%s: %v", it.where(), e)
				}
				for _, d := range o.rep.Disagreements {
					a.markNegative()
					fmt.Fprintf(a.stderr, "sudokit: %s: disagreement: %v\n", it.where(), d)
				}
				puzzles++
				best := -1
				for i, oc := range o.rep.Outcomes {
					ag := &aggs[i]
					if oc.Err != nil || !oc.Result.Finished() {
						ag.GaveUp++
						a.markLimited()
						continue
					}
					ag.Answered++
					ag.times = append(ag.times, oc.Result.Stats.Elapsed)
					ag.Total += oc.Result.Stats.Elapsed
					ag.nodes += oc.Result.Stats.Nodes
					ag.clauses += oc.Result.Stats.Clauses
					if best < 0 || oc.Result.Stats.Elapsed < o.rep.Outcomes[best].Result.Stats.Elapsed {
						best = i
					}
				}
				if best >= 0 {
					aggs[best].Fastest++
				}
				name := it.text
				if it.source != "sample" {
					name = it.where()
				}
				if s.format == "json" {
					for _, oc := range o.rep.Outcomes {
						r := s.newRecord(it)
						fillRecord(&r, it, oc.Backend, oc.Result, oc.Err, limit)
						enc.Encode(r)
					}
					return
				}
				row := []string{name, it.grid.Shape.String()}
				for _, oc := range o.rep.Outcomes {
					st := oc.Result.Stats
					status := oc.Result.Status.String()
					if oc.Err != nil {
						status = "error"
					}
					row = append(row, status, fmt.Sprintf("%.0f", float64(st.Elapsed)/1e3))
					switch oc.Backend {
					case "dlx":
						row = append(row, fmt.Sprint(st.Nodes), fmt.Sprint(st.Updates))
					case "sat":
						row = append(row, fmt.Sprint(st.Vars), fmt.Sprint(st.Clauses), fmt.Sprint(st.SolveCalls))
					}
				}
				rows = append(rows, row)
			}
			if err := runBatch(cmd, s, read, work, failed2, emit); err != nil {
				return err
			}
			for i := range aggs {
				ag := &aggs[i]
				if ag.Answered > 0 {
					sort.Slice(ag.times, func(x, y int) bool { return ag.times[x] < ag.times[y] })
					ag.Median = ag.times[len(ag.times)/2]
					ag.MeanNodes = float64(ag.nodes) / float64(ag.Answered)
					ag.MeanClauses = float64(ag.clauses) / float64(ag.Answered)
				}
			}
			if s.format == "json" {
				return enc.Encode(cmpSummary{Schema: 1, Summary: true, Puzzles: puzzles, Backends: aggs})
			}
			width := 0
			for _, r := range rows {
				width = max(width, utf8.RuneCountInString(r[0]))
			}
			for _, r := range rows {
				r[0] += strings.Repeat(" ", width-utf8.RuneCountInString(r[0]))
				fmt.Fprintln(tw, strings.Join(r, "\t")+"\t")
			}
			tw.Flush()
			fmt.Fprintf(out, "\n%d puzzles, limit %d\n", puzzles, limit)
			for _, ag := range aggs {
				fmt.Fprintf(out, "%-4s answered %d, gave up %d, fastest on %d; total %v, median %v per puzzle\n",
					ag.Name, ag.Answered, ag.GaveUp, ag.Fastest, ag.Total.Round(time.Microsecond), ag.Median.Round(time.Microsecond))
			}
			if len(aggs) == 2 && aggs[0].Total > 0 && aggs[1].Total > 0 {
				r := float64(aggs[1].Total) / float64(aggs[0].Total)
				if r >= 1 {
					fmt.Fprintf(out, "%s took %.1fx the time of %s in total\n", aggs[1].Name, r, aggs[0].Name)
				} else {
					fmt.Fprintf(out, "%s took %.1fx the time of %s in total\n", aggs[0].Name, 1/r, aggs[1].Name)
				}
			}
			return nil
		},
	}
	f.register(cmd, false)
	fl := cmd.Flags()
	// One puzzle at a time by default: backends timed side by side should
	// not share the cores with other puzzles.
	f.jobs = 1
	fl.Lookup("jobs").DefValue = "1"
	fl.StringVar(&list, "backends", "", "comma-separated backends to compare (default: all)")
	fl.IntVar(&limit, "limit", 2, "solutions each backend looks for (1 = first, 2 = prove uniqueness, 0 = all)")
	return cmd
}
