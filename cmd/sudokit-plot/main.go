package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokit/sudokit/internal/report"
)

// Exit codes, as sudokit's.
const (
	exitFailed = 1 // the picture could not be written
	exitUsage  = 2 // usage or input error
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stderr))
}

// run is the command with its arguments, stdin and stderr; it returns the
// exit code.
func run(args []string, stdin io.Reader, stderr io.Writer) int {
	fs := flag.NewFlagSet("sudokit-plot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the picture to write: FILE.svg, or FILE.png for a PNG (required)")
	title := fs.String("title", "sudokit bench", "the picture's title")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: sudokit-plot -o FILE.svg|FILE.png [-title TEXT] [FILE.jsonl ...]\n\n"+
			"Draws the records of \"sudokit bench --json\" (read from the files, or stdin)\n"+
			"as per-puzzle time against nodes and each backend's time distribution.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return exitUsage
	}
	if *out == "" {
		fmt.Fprintln(stderr, "sudokit-plot: -o FILE is required")
		fs.Usage()
		return exitUsage
	}
	var samples []report.Sample
	sources := fs.Args()
	if len(sources) == 0 {
		sources = []string{"-"}
	}
	for _, src := range sources {
		got, err := readSource(src, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "sudokit-plot: %v\n", err)
			return exitUsage
		}
		samples = append(samples, got...)
	}
	if len(samples) == 0 {
		fmt.Fprintf(stderr, "sudokit-plot: no per-puzzle records in %s (write them with sudokit bench --json)\n", strings.Join(sources, ", "))
		return exitUsage
	}
	if err := writePicture(*out, *title, samples); err != nil {
		fmt.Fprintf(stderr, "sudokit-plot: %v\n", err)
		return exitFailed
	}
	return 0
}

// readSource reads the samples of one file, or of stdin for "-".
func readSource(src string, stdin io.Reader) ([]report.Sample, error) {
	if src == "-" {
		return readSamples(stdin, "stdin")
	}
	f, err := os.Open(src)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readSamples(f, src)
}

// A record is the part of a sudokit JSON record the picture needs.
type record struct {
	Summary bool   `json:"summary"`
	Set     string `json:"set"`
	Source  string `json:"source"`
	Backend string `json:"backend"`
	Status  string `json:"status"`
	Stop    string `json:"stop"`
	Solved  any    `json:"solved"` // a bool per puzzle, a count in bench's summaries
	Wrong   any    `json:"wrong"`  // the referee's objection; a count in summaries
	Error   string `json:"error"`
	Stats   *struct {
		Nodes   int64 `json:"nodes"`
		Elapsed int64 `json:"elapsed_ns"`
	} `json:"stats"`
}

// readSamples decodes JSON records, one per line, naming the source and
// line of a line that is not one. Blank lines are skipped.
func readSamples(r io.Reader, name string) ([]report.Sample, error) {
	var out []report.Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var rec record
		if err := json.Unmarshal([]byte(text), &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: not a JSON record of sudokit bench --json: %v", name, line, err)
		}
		if s, ok := rec.sample(); ok {
			out = append(out, s)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

// sample returns the record as a Sample, or false for records that are
// not per-puzzle measurements (summaries, errors, records without stats).
func (r record) sample() (report.Sample, bool) {
	if r.Summary || r.Error != "" || r.Backend == "" || r.Stats == nil {
		return report.Sample{}, false
	}
	set := r.Set
	if set == "" && r.Source != "" {
		set = filepath.Base(r.Source)
	}
	wrong, _ := r.Wrong.(string)
	solved := r.Status != "" && r.Status != "unknown" && r.Stop == "" && wrong == ""
	if b, ok := r.Solved.(bool); ok {
		solved = b
	}
	return report.Sample{Backend: r.Backend, Set: set, Elapsed: time.Duration(r.Stats.Elapsed),
		Nodes: r.Stats.Nodes, Solved: solved}, true
}

// writePicture draws the samples into path: PNG for a .png name, else SVG.
func writePicture(path, title string, samples []report.Sample) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	draw := report.Plot
	if strings.HasSuffix(strings.ToLower(path), ".png") {
		draw = report.PlotPNG
	}
	if err := draw(f, title, samples); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
