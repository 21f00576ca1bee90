package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/sudokit/sudokit/model"
	"github.com/sudokit/sudokit/puzzle"
)

// A benchRow aggregates one backend's run over one puzzle set.
type benchRow struct {
	Schema        int     `json:"schema"`
	Summary       bool    `json:"summary"`
	Set           string  `json:"set"`
	Backend       string  `json:"backend"`
	Mode          string  `json:"mode"`
	Jobs          int     `json:"jobs"`
	Puzzles       int     `json:"puzzles"`
	Solved        int     `json:"solved"`
	GaveUp        int     `json:"gave_up"`
	Wrong         int     `json:"wrong"`
	Errors        int     `json:"errors"`
	Seconds       float64 `json:"seconds"`
	PuzzlesPerSec float64 `json:"puzzles_per_sec"`
	MedianUS      float64 `json:"median_us"`
	P90US         float64 `json:"p90_us"`
	P99US         float64 `json:"p99_us"`
	MaxUS         float64 `json:"max_us"`
	NodesMin      int64   `json:"nodes_min"`
	NodesMedian   int64   `json:"nodes_median"`
	NodesMean     float64 `json:"nodes_mean"`
	NodesMax      int64   `json:"nodes_max"`
	NoGuess       *int    `json:"no_guess,omitempty"` // nil: the backend has no search tree (anneal)
	Vars          float64 `json:"vars_mean"`
	Clauses       float64 `json:"clauses_mean"`
	SolveCalls    float64 `json:"solve_calls_mean"`
}

// benchRecord is bench's JSON line for one (puzzle, backend). Solved is
// bench's verdict: an answer within the limits that the referee accepted.
type benchRecord struct {
	puzzle.Record
	Set    string `json:"set"`
	Solved bool   `json:"solved"`
	Wrong  string `json:"wrong,omitempty"`
}

// benchOutcome is one puzzle solved by one backend and refereed.
type benchOutcome struct {
	res   model.Result
	err   error
	wrong error // the referee's objection to a returned solution
}

// benchFlags are bench's own flags.
type benchFlags struct {
	list, mode, plot string
	max              int
	csv, markdown    bool
}

func (a *app) benchCmd() *cobra.Command {
	f := &puzzleFlags{}
	var bf benchFlags
	cmd := &cobra.Command{
		Use:   "bench FILE...",
		Short: "Measure backends on puzzle files: speed, percentiles, nodes, clauses",
		Long: `Bench solves every puzzle of each file with each backend and reports, per file
and backend: puzzles, solved, gave up (--timeout, --nodes), puzzles/s (wall
time with -j workers), time per puzzle (median, p90, p99, max), DLX and
backtracking nodes per puzzle (min, median, mean, max) and how many puzzles
were solved without a single guess, and SAT variables, clauses and solver
calls (means, after the givens are applied). Every solution is checked by the
referee; a wrong one is reported and not counted as solved (exit 1). A column a
backend does not measure shows "-". Annealing, which finds solutions but proves
nothing, is measured by how many puzzles it solves within --timeout or --nodes
(moves), with --mode first only. The outside programs (glpsol, cbc, minisat,
minizinc) are timed per call: writing the file, starting the program, reading
its answer.

--mode first stops at the first solution, --mode unique proves uniqueness
(counts to 2). --json prints one record per (puzzle, backend) and a summary
record per (file, backend); --csv and --markdown print the summaries.
--plot writes an SVG (or a PNG, by the file's extension) with per-puzzle
time against nodes and each backend's time distribution. The picture is
drawn by the sudokit-plot command, found next to sudokit or on PATH ("go
install ./cmd/..." installs both); it also draws saved --json output
("sudokit-plot -o bench.svg run.jsonl").`,
		Example: `  sudokit bench --max 1000 testdata/top95.txt testdata/serg_benchmark_20.txt
  sudokit bench --backends dlx,sat,backtrack --nodes 1000000 --max 100 --plot bench.svg testdata/top95.txt`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.bench(cmd, args, f, bf)
		},
	}
	f.register(cmd, false)
	fl := cmd.Flags()
	fl.StringVar(&bf.list, "backends", "dlx,sat", "comma-separated backends to measure: "+strings.Join(backendNames(), ", "))
	fl.StringVar(&bf.mode, "mode", "first", "first (stop at a solution) or unique (prove uniqueness: count to 2)")
	fl.IntVar(&bf.max, "max", 0, "puzzles per file (0 = all)")
	fl.BoolVar(&bf.csv, "csv", false, "print the summaries as CSV")
	fl.BoolVar(&bf.markdown, "markdown", false, "print the summaries as a Markdown table")
	fl.StringVar(&bf.plot, "plot", "", "write a picture (.svg or .png) of per-puzzle time against nodes and the time distributions")
	return cmd
}

// A benchRun is one bench command under way.
type benchRun struct {
	a       *app
	cmd     *cobra.Command
	s       *setup
	bf      benchFlags
	limit   int
	enc     *json.Encoder
	rows    []benchRow
	samples []plotSample
}

// bench runs the bench command.
func (a *app) bench(cmd *cobra.Command, args []string, f *puzzleFlags, bf benchFlags) error {
	s, err := a.newSetup(f)
	if err != nil {
		return err
	}
	s.progress = func(string) *progressbar.ProgressBar { return nil } // one bar per file and backend below
	r := &benchRun{a: a, cmd: cmd, s: s, bf: bf, enc: json.NewEncoder(cmd.OutOrStdout())}
	bes, plotter, err := r.check()
	if err != nil {
		return err
	}
	for _, file := range args {
		if file != "-" && !puzzle.IsFile(file) {
			return fmt.Errorf("%s: no such file", file)
		}
		n, read, err := a.benchSource(file, s, bf.max)
		if err != nil {
			return err
		}
		for _, be := range bes {
			r.measure(filepath.Base(file), be, n, read)
		}
	}
	// The measurements are printed first: a picture that fails to draw
	// loses none of them.
	out := cmd.OutOrStdout()
	var werr error
	switch {
	case s.format == "json":
	case bf.csv:
		werr = writeBenchCSV(out, r.rows)
	case bf.markdown:
		writeBenchMarkdown(out, r.rows)
	default:
		writeBenchTable(out, r.rows)
	}
	if bf.plot != "" {
		if err := a.runPlotter(plotter, bf.plot, fmt.Sprintf("sudokit bench, mode %s, -j %d", bf.mode, f.jobs), r.samples); err != nil {
			return err
		}
	}
	return werr
}

// check validates bench's flags and returns the backends to measure and
// the plotter to run, if any.
func (r *benchRun) check() ([]backend, string, error) {
	switch r.bf.mode {
	case "first":
		r.limit = 1
	case "unique":
		r.limit = 2
	default:
		return nil, "", fmt.Errorf("--mode must be first or unique, not %q", r.bf.mode)
	}
	if r.bf.max < 0 {
		return nil, "", fmt.Errorf("--max must not be negative")
	}
	bes, err := benchBackends(r.bf.list)
	if err != nil {
		return nil, "", err
	}
	for _, be := range bes {
		if _, err := lookupProver(be.name, "--mode unique"); err != nil && r.limit != 1 {
			return nil, "", err
		}
	}
	if r.bf.csv && (r.bf.markdown || r.s.format == "json") {
		return nil, "", fmt.Errorf("choose one of --csv, --markdown and --json")
	}
	var plotter string
	if r.bf.plot != "" { // before the run, not after it
		if err := checkPlotPath(r.bf.plot); err != nil {
			return nil, "", err
		}
		if plotter, err = findPlotter(); err != nil {
			return nil, "", err
		}
	}
	return bes, plotter, nil
}

// benchSource returns how many puzzles of file bench measures (at most
// max, 0: all) and a reader of them that each backend runs anew. A file
// is read again for each backend, so a batch's memory does not grow with
// its puzzles; stdin ("-") is read once and kept.
func (a *app) benchSource(file string, s *setup, max int) (int, func(chan<- puzzle.Item) error, error) {
	if file == "-" {
		items, err := a.collect([]string{file}, s, max)
		return len(items), puzzle.ItemsOf(items), err
	}
	read := func(out chan<- puzzle.Item) error {
		in := make(chan puzzle.Item, 64)
		done := make(chan error, 1)
		go func() { done <- s.reader.Read([]string{file}, in) }()
		n := 0
		for it := range in {
			if max == 0 || n < max {
				out <- it
			}
			n++
		}
		close(out)
		return <-done
	}
	n := 0
	count := make(chan puzzle.Item, 64)
	done := make(chan error, 1)
	go func() { done <- read(count) }()
	for range count {
		n++
	}
	return n, read, <-done
}

// measure solves the items of one set with one backend and records the
// summary row, the plot samples and the --json records.
func (r *benchRun) measure(set string, be backend, n int, read func(chan<- puzzle.Item) error) {
	s := r.s
	bar := r.a.progress(n, set+" "+be.name, s.format == "json" || r.bf.csv || r.bf.markdown)
	outcomes := make([]benchOutcome, 0, n)
	opts := model.Options{Limit: r.limit, Keep: r.limit, Nodes: s.flags.nodes}
	start := time.Now()
	work := func(ctx context.Context, it puzzle.Item, m *model.Model) benchOutcome {
		res, err := be.solver.Solve(ctx, m, opts)
		o := benchOutcome{res: res, err: err}
		for _, sol := range res.Solutions {
			if err := model.Check(m, sol); err != nil && o.wrong == nil {
				o.wrong = err
			}
		}
		if s.format != "json" {
			// The summary needs the statuses and statistics only: a batch's
			// memory must not grow with its solutions.
			o.res.Solutions = nil
		}
		return o
	}
	failed := func(err error) benchOutcome {
		if stop := stopOf(err); stop != model.Done {
			// --timeout or an interrupt stopped building its rules: given up.
			return benchOutcome{res: model.Result{Status: model.Unknown, Stop: stop}}
		}
		return benchOutcome{err: err}
	}
	runBatch(r.cmd, s, read, work, failed, func(it puzzle.Item, o benchOutcome) {
		outcomes = append(outcomes, o)
		if bar != nil {
			bar.Add(1)
		}
		r.record(set, be.name, it, o)
	})
	wall := time.Since(start)
	if bar != nil {
		bar.Finish()
	}
	row := summarize(outcomes, wall, !be.incomplete)
	row.Schema, row.Summary, row.Set, row.Backend, row.Mode, row.Jobs = 1, true, set, be.name, r.bf.mode, s.flags.jobs
	if row.GaveUp > 0 {
		r.a.markLimited()
	}
	r.rows = append(r.rows, row)
	if s.format == "json" {
		r.enc.Encode(row)
	}
}

// record reports one outcome: errors and wrong solutions on stderr, a plot
// sample, and the --json record.
func (r *benchRun) record(set, name string, it puzzle.Item, o benchOutcome) {
	a, s := r.a, r.s
	if o.err != nil {
		msg := o.err.Error()
		if !strings.HasPrefix(msg, name+":") {
			msg = name + ": " + msg // errors of the backends name them already
		}
		a.inputErrorf("%s: %s", it.Where(), msg)
	}
	if o.wrong != nil {
		a.markNegative()
		a.mu.Lock()
		fmt.Fprintf(a.stderr, "sudokit: %s: %s returned a wrong solution for %s: %v\n", it.Where(), name, it.Grid.Line(), o.wrong)
		a.mu.Unlock()
	}
	solved := o.err == nil && o.wrong == nil && o.res.Finished()
	if o.err == nil && r.bf.plot != "" {
		r.samples = append(r.samples, plotSample{Set: set, Backend: name, Solved: solved,
			Stats: plotStats{Nodes: o.res.Stats.Nodes, Elapsed: o.res.Stats.Elapsed}})
	}
	if s.format == "json" {
		rec := benchRecord{Record: puzzle.NewRecord(it, s.cache.VariantNames(it)), Set: set, Solved: solved}
		rec.Record.Fill(it, name, o.res, o.err, r.limit)
		if o.wrong != nil {
			rec.Wrong = o.wrong.Error()
		}
		r.enc.Encode(rec)
	}
}

// benchBackends resolves --backends for bench: any backend, auto included.
func benchBackends(list string) ([]backend, error) {
	var out []backend
	for _, n := range strings.Split(list, ",") {
		b, err := lookupBackend(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// summarize aggregates the outcomes of one backend over one set; guesses
// says whether the backend searches a tree whose guesses can be counted.
func summarize(outs []benchOutcome, wall time.Duration, guesses bool) benchRow {
	var r benchRow
	noGuess := 0
	r.Puzzles = len(outs)
	r.Seconds = wall.Seconds()
	if wall > 0 {
		r.PuzzlesPerSec = float64(len(outs)) / wall.Seconds()
	}
	var times []time.Duration
	var nodes []int64
	var nodeSum, vars, clauses, calls int64
	for _, o := range outs {
		switch {
		case o.err != nil:
			r.Errors++
			continue
		case o.wrong != nil:
			r.Wrong++
		case !o.res.Finished():
			r.GaveUp++
		default:
			r.Solved++
			if o.res.Stats.Nodes > 0 && o.res.Stats.Guesses == 0 {
				noGuess++ // searched without ever branching
			}
		}
		st := o.res.Stats
		times = append(times, st.Elapsed)
		nodes = append(nodes, st.Nodes)
		nodeSum += st.Nodes
		vars += st.Vars
		clauses += st.Clauses
		calls += st.SolveCalls
	}
	if guesses {
		r.NoGuess = &noGuess
	}
	if n := len(times); n > 0 {
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		sort.Slice(nodes, func(i, j int) bool { return nodes[i] < nodes[j] })
		us := func(d time.Duration) float64 { return float64(d) / 1e3 }
		pct := func(p float64) time.Duration { return times[min(n-1, int(p*float64(n)))] }
		r.MedianUS, r.P90US, r.P99US, r.MaxUS = us(times[n/2]), us(pct(0.90)), us(pct(0.99)), us(times[n-1])
		r.NodesMin, r.NodesMedian, r.NodesMax = nodes[0], nodes[n/2], nodes[n-1]
		r.NodesMean = float64(nodeSum) / float64(n)
		r.Vars, r.Clauses, r.SolveCalls = float64(vars)/float64(n), float64(clauses)/float64(n), float64(calls)/float64(n)
	}
	return r
}

// benchColumns are the summary columns, shared by the table, CSV and
// Markdown writers.
var benchColumns = []string{"set", "backend", "mode", "-j", "puzzles", "solved", "gave up", "wrong",
	"puzzles/s", "median µs", "p90 µs", "p99 µs", "max µs",
	"nodes min", "nodes median", "nodes mean", "nodes max", "no guess", "vars", "clauses", "solve calls"}

func (r benchRow) cells() []string {
	f0 := func(x float64) string { return strconv.FormatFloat(x, 'f', 0, 64) }
	f1 := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
	i := strconv.Itoa
	n := func(x int64) string { return strconv.FormatInt(x, 10) }
	cells := []string{r.Set, r.Backend, r.Mode, i(r.Jobs), i(r.Puzzles), i(r.Solved), i(r.GaveUp), i(r.Wrong),
		f0(r.PuzzlesPerSec), f1(r.MedianUS), f1(r.P90US), f1(r.P99US), f1(r.MaxUS)}
	dash := func(ok bool, s string) string {
		if ok {
			return s
		}
		return "-"
	}
	nodes := r.NodesMax > 0
	cells = append(cells, dash(nodes, n(r.NodesMin)), dash(nodes, n(r.NodesMedian)), dash(nodes, f0(r.NodesMean)),
		dash(nodes, n(r.NodesMax)), dash(nodes && r.NoGuess != nil, i(deref(r.NoGuess))))
	cnf := r.Vars > 0 || r.Clauses > 0
	return append(cells, dash(cnf, f0(r.Vars)), dash(cnf, f0(r.Clauses)), dash(r.SolveCalls > 0, f1(r.SolveCalls)))
}

// deref returns *p, or 0 for nil.
func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func writeBenchTable(w io.Writer, rows []benchRow) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(benchColumns, "\t")+"\t")
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r.cells(), "\t")+"\t")
	}
	tw.Flush()
}

func writeBenchCSV(w io.Writer, rows []benchRow) error {
	cw := csv.NewWriter(w)
	cw.Write(benchColumns)
	for _, r := range rows {
		cw.Write(r.cells())
	}
	cw.Flush()
	return cw.Error()
}

func writeBenchMarkdown(w io.Writer, rows []benchRow) {
	fmt.Fprintf(w, "| %s |\n", strings.Join(benchColumns, " | "))
	align := make([]string, len(benchColumns))
	for i := range align {
		align[i] = "---:"
		if i < 3 {
			align[i] = "---"
		}
	}
	fmt.Fprintf(w, "|%s|\n", strings.Join(align, "|"))
	for _, r := range rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r.cells(), " | "))
	}
}

// plotCommand is the program that draws bench's pictures. It is a separate
// command so that sudokit's own build does not compile the plotting stack
// (gonum plot, its fonts and image libraries: 77 packages, about a fifth
// of the CPU time of a first "go run ./cmd/sudokit" with empty caches).
const plotCommand = "sudokit-plot"

// A plotSample is one (puzzle, backend) for the picture, written to
// sudokit-plot as a JSON line with the field names of bench --json.
type plotSample struct {
	Set     string    `json:"set"`
	Backend string    `json:"backend"`
	Solved  bool      `json:"solved"`
	Stats   plotStats `json:"stats"`
}

type plotStats struct {
	Nodes   int64         `json:"nodes"`
	Elapsed time.Duration `json:"elapsed_ns"`
}

// findPlotter returns the path of sudokit-plot: next to this executable
// (where "go install ./cmd/..." or "go build -o DIR/ ./cmd/..." puts it),
// else on PATH.
func findPlotter() (string, error) {
	name := plotCommand
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := os.Executable(); err == nil {
		if exe, err = filepath.EvalSymlinks(exe); err == nil {
			p := filepath.Join(filepath.Dir(exe), name)
			if st, err := os.Stat(p); err == nil && !st.IsDir() && (runtime.GOOS == "windows" || st.Mode()&0o111 != 0) {
				return p, nil
			}
		}
	}
	if p, err := exec.LookPath(plotCommand); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("--plot needs the %s command, which draws the picture, next to sudokit or on PATH; "+
		"install it from the repository root with: go install ./cmd/%s (go install ./cmd/... installs both commands)", plotCommand, plotCommand)
}

// checkPlotPath refuses a --plot path that sudokit-plot could not write:
// a name ending in neither .svg nor .png, a directory that does not exist
// or cannot be written to, or a directory in the file's place.
func checkPlotPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg", ".png":
	default:
		return fmt.Errorf("--plot %s: name a .svg or .png file (the pictures %s draws)", path, plotCommand)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("--plot %s: a directory", path)
	}
	dir := filepath.Dir(path)
	probe, err := os.CreateTemp(dir, ".sudokit-plot-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the probe's name says nothing to the user
		}
		return fmt.Errorf("--plot %s: cannot write in %s: %v", path, dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// runPlotter has sudokit-plot draw the samples into path.
func (a *app) runPlotter(plotter, path, title string, samples []plotSample) error {
	cmd := exec.Command(plotter, "-o", path, "-title", title)
	cmd.Stdout, cmd.Stderr = a.stderr, a.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("--plot: %v", err)
	}
	w := bufio.NewWriter(in)
	enc := json.NewEncoder(w)
	var werr error
	for _, s := range samples {
		if werr = enc.Encode(s); werr != nil {
			break
		}
	}
	if werr == nil {
		werr = w.Flush()
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("--plot: %s failed: %v", plotCommand, err)
	}
	if werr != nil {
		return fmt.Errorf("--plot: writing to %s: %v", plotCommand, werr)
	}
	return nil
}
