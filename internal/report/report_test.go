package report

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// synthetic returns n puzzles per backend: dlx and backtrack count nodes
// (time grows with nodes), sat does not; backtrack gives up on every 25th
// puzzle and dlx on puzzle 7. Samples are grouped by backend, in the order
// backtrack, sat, dlx.
func synthetic(n int) []Sample {
	r := rand.New(rand.NewPCG(1, 2))
	var out []Sample
	for _, be := range []string{"backtrack", "sat", "dlx"} {
		for i := range n {
			hard := r.ExpFloat64() * 3 // heavy-ish tail
			s := Sample{Backend: be, Set: "top95.txt", Solved: true}
			if i%2 == 1 {
				s.Set = "hardest.txt"
			}
			switch be {
			case "dlx":
				s.Nodes = int64(10 + 50*hard*hard)
				s.Elapsed = time.Duration(float64(s.Nodes)*400) + 20*time.Microsecond
				if i == 7 {
					s.Solved, s.Nodes, s.Elapsed = false, 1_000_000, time.Second
				}
			case "backtrack":
				s.Nodes = int64(100 + 2000*hard*hard*hard)
				s.Elapsed = time.Duration(float64(s.Nodes) * 90)
				if i%25 == 0 {
					s.Solved, s.Elapsed = false, 2*time.Second
				}
			case "sat":
				s.Elapsed = time.Duration(800_000 + 300_000*hard)
			}
			out = append(out, s)
		}
	}
	return out
}

// svgDoc is what the tests read from a Plot output.
type svgDoc struct {
	root  string   // name of the root element
	texts []string // contents of the <text> elements, in order
}

// parseSVG decodes every token of data, failing the test on malformed XML.
func parseSVG(t *testing.T, data []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	dec := xml.NewDecoder(bytes.NewReader(data))
	depth, inText := 0, false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				doc.root = tok.Name.Local
			}
			depth++
			if tok.Name.Local == "text" {
				inText = true
				doc.texts = append(doc.texts, "")
			}
		case xml.EndElement:
			depth--
			if tok.Name.Local == "text" {
				inText = false
			}
		case xml.CharData:
			if inText {
				doc.texts[len(doc.texts)-1] += string(tok)
			}
		}
	}
	require.Zero(t, depth, "all elements closed")
	return doc
}

func plotSVG(t *testing.T, title string, samples []Sample) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, Plot(&buf, title, samples))
	return buf.Bytes()
}

func TestPlotSVG(t *testing.T) {
	samples := synthetic(300)
	out := plotSVG(t, "9x9 benchmark: dlx vs sat", samples)
	doc := parseSVG(t, out)
	assert.Equal(t, "svg", doc.root)
	assert.Contains(t, doc.texts, "9x9 benchmark: dlx vs sat")
	// Scatter legend: the backends that count nodes; sat is named in the title.
	assert.Contains(t, doc.texts, "backtrack")
	assert.Contains(t, doc.texts, "dlx")
	assert.Contains(t, doc.texts, "gave up")
	assert.Contains(t, doc.texts, "time vs search nodes (no node count: sat)")
	// Cactus legend: solved/total per backend.
	assert.Contains(t, doc.texts, "backtrack 288/300")
	assert.Contains(t, doc.texts, "dlx 299/300")
	assert.Contains(t, doc.texts, "sat 300/300")
	assert.Contains(t, doc.texts, "900 samples, 3 backends · sets: hardest.txt, top95.txt · gave up (×, not in cactus): backtrack 12, dlx 1")
	// Duration and node tick labels.
	assert.Contains(t, doc.texts, "1ms")
	assert.Contains(t, doc.texts, "1s")
	assert.Contains(t, doc.texts, "10k")
	assert.NotContains(t, string(out), "NaN")
	assert.NotContains(t, string(out), "Inf")

	assert.Equal(t, out, plotSVG(t, "9x9 benchmark: dlx vs sat", samples), "same input, same bytes")
}

func TestPlotOrderOfBackends(t *testing.T) {
	samples := synthetic(50)
	// Interleave the backends: each backend keeps its own sample order.
	var mixed []Sample
	for i := range 50 {
		for b := 2; b >= 0; b-- {
			mixed = append(mixed, samples[b*50+i])
		}
	}
	assert.Equal(t, plotSVG(t, "t", samples), plotSVG(t, "t", mixed))
}

func TestPlotNoSamples(t *testing.T) {
	var buf bytes.Buffer
	assert.ErrorIs(t, Plot(&buf, "empty", nil), ErrNoSamples)
	assert.ErrorIs(t, Plot(&buf, "empty", []Sample{}), ErrNoSamples)
	assert.Zero(t, buf.Len(), "nothing written on error")
}

func TestPlotWithoutNodes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		samples []Sample
	}{
		{"zero", []Sample{{Backend: "sat", Solved: true}}},
		{"equal", []Sample{
			{Backend: "sat", Elapsed: time.Millisecond, Solved: true},
			{Backend: "sat", Elapsed: time.Millisecond, Solved: true},
		}},
		{"all gave up", []Sample{
			{Backend: "sat", Elapsed: -time.Second},
			{Backend: "sat", Elapsed: 3 * time.Second},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := plotSVG(t, "<sat & only>", tc.samples)
			doc := parseSVG(t, out)
			assert.Equal(t, "svg", doc.root)
			assert.Contains(t, doc.texts, "<sat & only>", "title escaped and decoded back")
			assert.NotContains(t, string(out), "NaN")
			assert.NotContains(t, string(out), "Inf")
			// One panel only: the cactus.
			assert.Contains(t, doc.texts, "cactus: puzzles solved within time")
			for _, s := range doc.texts {
				assert.NotContains(t, s, "search nodes")
			}
		})
	}
}

func TestPlotPNG(t *testing.T) {
	for _, tc := range []struct {
		name    string
		samples []Sample
		width   int // pixels: 5.5in per panel at 150 dpi
	}{
		{"two panels", synthetic(40), 1650},
		{"cactus only", []Sample{{Backend: "sat", Elapsed: time.Millisecond, Solved: true}}, 825},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, PlotPNG(&buf, "png", tc.samples))
			img, err := png.Decode(&buf)
			require.NoError(t, err)
			assert.Equal(t, tc.width, img.Bounds().Dx())
			assert.Greater(t, img.Bounds().Dy(), 630, "taller than the 4.2in panels")
		})
	}
	assert.ErrorIs(t, PlotPNG(io.Discard, "empty", nil), ErrNoSamples)
}

func TestPlotWriteError(t *testing.T) {
	err := Plot(failWriter{}, "t", synthetic(3))
	assert.ErrorContains(t, err, "disk full")
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestGroup(t *testing.T) {
	bs := group([]Sample{
		{Backend: "sat", Elapsed: 500 * time.Nanosecond, Solved: true},
		{Backend: "dlx", Elapsed: 3 * time.Millisecond, Nodes: 40, Solved: true},
		{Backend: "dlx", Elapsed: time.Second, Nodes: 0},
		{Backend: "sat", Elapsed: 2500 * time.Microsecond, Solved: true},
	})
	require.Len(t, bs, 2)
	dlx, sat := bs[0], bs[1]
	assert.Equal(t, "dlx", dlx.backend)
	assert.True(t, dlx.hasNodes)
	assert.Equal(t, []point{{us: 3000, nodes: 40}}, dlx.solved)
	assert.Equal(t, []point{{us: 1e6, nodes: 1}}, dlx.gaveUp, "0 nodes clamped to 1")
	assert.Equal(t, 2, dlx.total())

	assert.Equal(t, "sat", sat.backend)
	assert.False(t, sat.hasNodes)
	assert.Equal(t, []point{{us: 1, nodes: 1}, {us: 2500, nodes: 1}}, sat.solved, "500ns clamped to 1µs, input order kept")
	assert.Empty(t, sat.gaveUp)
}

func TestDecades(t *testing.T) {
	us := func(p point) float64 { return p.us }
	for _, tc := range []struct {
		in     []float64
		lo, hi float64
	}{
		{nil, 0, 0},
		{[]float64{1}, 1, 10},
		{[]float64{10}, 10, 100},
		{[]float64{1000, 1000}, 1000, 10000},
		{[]float64{3, 7}, 1, 10},
		{[]float64{9.99, 10.01}, 1, 100},
		{[]float64{150, 2e6}, 100, 1e7},
	} {
		b := &series{}
		for _, v := range tc.in {
			b.solved = append(b.solved, point{us: v})
		}
		lo, hi := decades([]*series{b}, us, nil)
		assert.Equal(t, tc.lo, lo, "%v", tc.in)
		assert.Equal(t, tc.hi, hi, "%v", tc.in)
	}
	// keep filters whole series, and gave-up points count.
	a := &series{solved: []point{{us: 5}}}
	b := &series{backend: "b", gaveUp: []point{{us: 5e4}}}
	lo, hi := decades([]*series{a, b}, us, func(s *series) bool { return s.backend == "b" })
	assert.Equal(t, [2]float64{1e4, 1e5}, [2]float64{lo, hi})
}

func TestLabels(t *testing.T) {
	for us, want := range map[float64]string{
		1: "1µs", 100: "100µs", 1e3: "1ms", 1e5: "100ms", 1e6: "1s", 1e8: "100s", 2.5e3: "2.5ms",
	} {
		assert.Equal(t, want, timeLabel(us), "%g", us)
	}
	for n, want := range map[float64]string{
		1: "1", 999: "999", 1e3: "1k", 1e4: "10k", 1e6: "1M", 1e9: "1G", 1e10: "10G",
	} {
		assert.Equal(t, want, nodeLabel(n), "%g", n)
	}
	ticks := labelled(timeLabel).Ticks(10, 1000)
	var labels []string
	for _, tk := range ticks {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	assert.Equal(t, []string{"10µs", "100µs", "1ms"}, labels)
	assert.Len(t, ticks, 21, "plot.LogTicks: per decade a labelled tick and 9 minor ones (1×..9×), plus the top")
}

func TestSummaryManySets(t *testing.T) {
	var samples []Sample
	for _, set := range []string{"e", "d", "c", "b", "a"} {
		samples = append(samples, Sample{Backend: "dlx", Set: set, Solved: true})
	}
	got := summary(group(samples), samples)
	assert.Equal(t, "5 samples, 1 backends · sets: a, b, c, … (5 sets) · none gave up", got)
	assert.False(t, strings.Contains(got, "d,"), "sets beyond the third elided")
}
