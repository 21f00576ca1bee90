package report

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// A Sample is one puzzle solved by one backend.
type Sample struct {
	Backend string        // "dlx", "sat", "backtrack", ...
	Set     string        // data set name, e.g. "top95.txt"
	Elapsed time.Duration // wall time of the solve
	Nodes   int64         // search nodes (0 for backends without a node count)
	Solved  bool          // false when the backend gave up (limit/timeout)
}

// ErrNoSamples is returned by [Plot] when it is given no samples.
var ErrNoSamples = errors.New("report: no samples")

// Picture geometry: each panel is panelW x panelH below the header.
const (
	panelW = 5.5 * vg.Inch
	panelH = 4.2 * vg.Inch
	pad    = 0.12 * vg.Inch
)

// A point is one sample on the log scales: time in µs and nodes, both >= 1.
type point struct {
	us, nodes float64
}

// A series is the samples of one backend, in input order.
type series struct {
	backend  string
	hasNodes bool    // some sample reports Nodes > 0
	solved   []point // Solved samples
	gaveUp   []point // samples the backend gave up on
}

func (b *series) total() int { return len(b.solved) + len(b.gaveUp) }

// group splits samples by backend, sorted by backend name, and clamps values
// for the log scales (time < 1µs → 1µs, nodes < 1 → 1).
func group(samples []Sample) []*series {
	var out []*series
	idx := map[string]*series{}
	for _, s := range samples {
		b := idx[s.Backend]
		if b == nil {
			b = &series{backend: s.Backend}
			idx[s.Backend] = b
			out = append(out, b)
		}
		p := point{us: float64(s.Elapsed) / float64(time.Microsecond), nodes: float64(s.Nodes)}
		p.us = max(p.us, 1)
		p.nodes = max(p.nodes, 1)
		if s.Nodes > 0 {
			b.hasNodes = true
		}
		if s.Solved {
			b.solved = append(b.solved, p)
		} else {
			b.gaveUp = append(b.gaveUp, p)
		}
	}
	slices.SortFunc(out, func(a, b *series) int { return strings.Compare(a.backend, b.backend) })
	return out
}

// Plot writes one SVG document to w: title and a summary line on top, then a
// panel of per-puzzle time against search nodes for the backends that count
// nodes, and a cactus plot of every backend's solved puzzles. See the package
// documentation for the details. Plot returns [ErrNoSamples] if samples is
// empty, and otherwise only errors from writing to w.
func Plot(w io.Writer, title string, samples []Sample) error {
	return render(w, title, samples, func(width, height vg.Length) vg.CanvasWriterTo {
		return vgsvg.New(width, height)
	})
}

// PlotPNG is like [Plot] but writes the picture as a PNG image at 150 dpi.
func PlotPNG(w io.Writer, title string, samples []Sample) error {
	return render(w, title, samples, func(width, height vg.Length) vg.CanvasWriterTo {
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(150))}
	})
}

// render draws the picture on a canvas from newCanvas and writes it to w.
func render(w io.Writer, title string, samples []Sample, newCanvas func(width, height vg.Length) vg.CanvasWriterTo) error {
	if len(samples) == 0 {
		return ErrNoSamples
	}
	bs := group(samples)

	tlo, thi := decades(bs, func(p point) float64 { return p.us }, nil)
	var plots []*plot.Plot
	if p, err := scatterPanel(bs, tlo, thi); err != nil {
		return err
	} else if p != nil {
		plots = append(plots, p)
	}
	p, err := cactusPanel(bs, tlo, thi)
	if err != nil {
		return err
	}
	plots = append(plots, p)

	hdr := headerStyles()
	lines := []string{title, summary(bs, samples)}
	var hdrH vg.Length = pad
	for i, l := range lines {
		hdrH += hdr[i].Height(l)
	}

	c := newCanvas(vg.Length(len(plots))*panelW, hdrH+panelH)
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())

	y := dc.Max.Y - pad/2
	for i, l := range lines {
		dc.FillText(hdr[i], vg.Point{X: dc.Center().X, Y: y}, l)
		y -= hdr[i].Height(l)
	}

	body := draw.Crop(dc, 0, 0, 0, -hdrH)
	tiles := draw.Tiles{
		Rows: 1, Cols: len(plots),
		PadX: 2 * pad, PadTop: pad / 2, PadBottom: pad, PadLeft: pad, PadRight: pad,
	}
	cs := plot.Align([][]*plot.Plot{plots}, tiles, body)
	for i, p := range plots {
		// Legends are placed from the top of the area under the panel
		// title, which can lie above the data area; move them into it.
		tile := cs[0][i]
		top := tile.Max.Y - p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y - p.Title.Padding
		p.Legend.YOffs = p.DataCanvas(tile).Max.Y - top - vg.Points(6)
		p.Draw(tile)
	}
	_, err = c.WriteTo(w)
	return err
}

// headerStyles returns the text styles of the title and summary lines.
func headerStyles() [2]text.Style {
	st := text.Style{
		Color:   color.Black,
		Font:    font.From(plot.DefaultFont, 15),
		XAlign:  draw.XCenter,
		YAlign:  draw.YTop,
		Handler: plot.DefaultTextHandler,
	}
	sub := st
	sub.Font = font.From(plot.DefaultFont, 10)
	sub.Color = color.Gray{Y: 0x40}
	return [2]text.Style{st, sub}
}

// summary is the line under the title: puzzles, sets and gave-up counts.
func summary(bs []*series, samples []Sample) string {
	var sets []string
	for _, s := range samples {
		if s.Set != "" && !slices.Contains(sets, s.Set) {
			sets = append(sets, s.Set)
		}
	}
	slices.Sort(sets)
	if len(sets) > 4 {
		sets = append(sets[:3], fmt.Sprintf("… (%d sets)", len(sets)))
	}
	var gave []string
	for _, b := range bs {
		if n := len(b.gaveUp); n > 0 {
			gave = append(gave, fmt.Sprintf("%s %d", b.backend, n))
		}
	}
	parts := []string{fmt.Sprintf("%d samples, %d backends", len(samples), len(bs))}
	if len(sets) > 0 {
		parts = append(parts, "sets: "+strings.Join(sets, ", "))
	}
	if len(gave) > 0 {
		parts = append(parts, "gave up (×, not in cactus): "+strings.Join(gave, ", "))
	} else {
		parts = append(parts, "none gave up")
	}
	return strings.Join(parts, " · ")
}

// scatterPanel plots time against nodes for the backends that count nodes,
// or returns nil if none does.
func scatterPanel(bs []*series, tlo, thi float64) (*plot.Plot, error) {
	nlo, nhi := decades(bs, func(p point) float64 { return p.nodes }, func(b *series) bool { return b.hasNodes })
	if nlo == 0 {
		return nil, nil
	}
	p := newPanel("time vs search nodes", tlo, thi)
	p.X.Label.Text = "search nodes"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = labelled(nodeLabel)
	var without []string
	for i, b := range bs {
		if !b.hasNodes {
			without = append(without, b.backend)
			continue
		}
		for _, gaveUp := range []bool{false, true} {
			pts, sh := b.solved, shape(i)
			if gaveUp {
				pts, sh = b.gaveUp, draw.GlyphDrawer(draw.CrossGlyph{})
			}
			sc, err := plotter.NewScatter(xys(pts, func(q point) (float64, float64) { return q.nodes, q.us }))
			if err != nil {
				return nil, err
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: colour(i), Radius: vg.Points(2.2), Shape: sh}
			p.Add(sc)
			if !gaveUp {
				p.Legend.Add(b.backend, sc)
			}
		}
	}
	if slices.ContainsFunc(bs, func(b *series) bool { return b.hasNodes && len(b.gaveUp) > 0 }) {
		p.Legend.Add("gave up", &plotter.Scatter{GlyphStyle: draw.GlyphStyle{
			Color: color.Black, Radius: vg.Points(2.5), Shape: draw.CrossGlyph{}}})
	}
	if len(without) > 0 {
		p.Title.Text += " (no node count: " + strings.Join(without, ", ") + ")"
	}
	p.X.Min, p.X.Max = nlo, nhi
	p.Y.Min, p.Y.Max = tlo, thi
	return p, nil
}

// cactusPanel plots, for each backend, its solved times in increasing order
// against their rank.
func cactusPanel(bs []*series, tlo, thi float64) (*plot.Plot, error) {
	p := newPanel("cactus: puzzles solved within time", tlo, thi)
	p.X.Label.Text = "puzzles solved"
	most := 0
	for i, b := range bs {
		most = max(most, b.total())
		ts := make([]float64, len(b.solved))
		for k, q := range b.solved {
			ts[k] = q.us
		}
		slices.Sort(ts)
		pts := make(plotter.XYs, len(ts))
		for k, t := range ts {
			pts[k] = plotter.XY{X: float64(k + 1), Y: t}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle = draw.LineStyle{Color: colour(i), Width: vg.Points(1.5), Dashes: dashes(i)}
		// Mark the end of each curve, which also shows a one-puzzle curve.
		end := &plotter.Scatter{GlyphStyle: draw.GlyphStyle{Color: colour(i), Radius: vg.Points(2.5), Shape: shape(i)}}
		if len(pts) > 0 {
			end.XYs = pts[len(pts)-1:]
			p.Add(l, end)
		}
		p.Legend.Add(fmt.Sprintf("%s %d/%d", b.backend, len(b.solved), b.total()), l, end)
	}
	p.X.Min, p.X.Max = 0, float64(max(most, 1))
	p.Y.Min, p.Y.Max = tlo, thi
	return p, nil
}

// newPanel returns a plot with a log time axis from tlo to thi and a legend
// in the top left corner.
func newPanel(title string, tlo, thi float64) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Title.Padding = vg.Points(4)
	p.Y.Label.Text = "time per puzzle"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = labelled(timeLabel)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.XOffs = vg.Points(8)
	p.Add(plotter.NewGrid())
	return p
}

// xys converts points with f into plotter data.
func xys(pts []point, f func(point) (float64, float64)) plotter.XYs {
	out := make(plotter.XYs, len(pts))
	for k, q := range pts {
		out[k].X, out[k].Y = f(q)
	}
	return out
}

// decades returns the smallest range of whole decades [lo, hi], lo < hi, that
// holds v of every point of the series for which keep is true (all if keep is
// nil), or 0, 0 if there are no such points. v is at least 1.
func decades(bs []*series, v func(point) float64, keep func(*series) bool) (lo, hi float64) {
	first := true
	var mn, mx float64
	for _, b := range bs {
		if keep != nil && !keep(b) {
			continue
		}
		for _, pts := range [][]point{b.solved, b.gaveUp} {
			for _, q := range pts {
				x := v(q)
				if first || x < mn {
					mn = x
				}
				if first || x > mx {
					mx = x
				}
				first = false
			}
		}
	}
	if first {
		return 0, 0
	}
	lo = 1
	for lo*10 <= mn {
		lo *= 10
	}
	hi = lo * 10
	for hi < mx {
		hi *= 10
	}
	return lo, hi
}

// labelled returns a ticker for a log axis: plot.LogTicks' positions, with
// the decade labels written by label.
func labelled(label func(float64) string) plot.Ticker {
	return plot.TickerFunc(func(min, max float64) []plot.Tick {
		ts := plot.LogTicks{Prec: -1}.Ticks(min, max)
		for i := range ts {
			if ts[i].Label != "" {
				ts[i].Label = label(ts[i].Value)
			}
		}
		return ts
	})
}

// timeLabel writes a time in µs as a short duration: 1µs, 10ms, 1s, 100s.
func timeLabel(us float64) string {
	switch {
	case us < 1e3:
		return strconv.FormatFloat(us, 'g', -1, 64) + "µs"
	case us < 1e6:
		return strconv.FormatFloat(us/1e3, 'g', -1, 64) + "ms"
	default:
		return strconv.FormatFloat(us/1e6, 'g', -1, 64) + "s"
	}
}

// nodeLabel writes a node count with a k, M or G suffix: 1, 10k, 1M.
func nodeLabel(n float64) string {
	for _, u := range []struct {
		div    float64
		suffix string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if n >= u.div {
			return strconv.FormatFloat(n/u.div, 'g', -1, 64) + u.suffix
		}
	}
	return strconv.FormatFloat(n, 'g', -1, 64)
}

// palette is Okabe and Ito's colour-blind-safe set, black left out.
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xD5, 0x5E, 0x00, 0xFF}, // vermilion
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0xF0, 0xE4, 0x42, 0xFF}, // yellow
}

// colour is the colour of the i-th backend in name order.
func colour(i int) color.Color { return palette[i%len(palette)] }

// shape is the marker of the i-th backend in name order; outlines, so that
// dense clouds stay readable. The cross is kept for gave-up samples.
func shape(i int) draw.GlyphDrawer {
	shapes := []draw.GlyphDrawer{draw.RingGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.PlusGlyph{}}
	return shapes[i%len(shapes)]
}

// dashes is the line pattern of the i-th backend's cactus curve.
func dashes(i int) []vg.Length {
	switch i % 3 {
	case 1:
		return []vg.Length{vg.Points(6), vg.Points(3)}
	case 2:
		return []vg.Length{vg.Points(2), vg.Points(2)}
	}
	return nil
}
